// The side panel (a bottom sheet on a phone): the card editor, the add-card sheet, a region's menu.
import { el, button } from "../lib/dom.js";

let node = null, body = null, title = null, onClose = null;

export function panelNode() {
  if (node) return node;
  title = el("h2", { id: "panel-title" });
  body = el("div", { class: "panel-body" });
  node = el("aside", { class: "side-panel", id: "side-panel", hidden: true, "aria-labelledby": "panel-title", role: "region" },
    el("div", { class: "panel-head" }, title, button("Fermer", () => closePanel(true), { class: "small secondary", "aria-label": "Fermer le panneau" })),
    body);
  node.addEventListener("keydown", (e) => { if (e.key === "Escape") closePanel(true); });
  return node;
}

/** Show `content` under `heading`; `kind` names what is shown (data-kind, for the tests and CSS). */
export function openPanel(heading, content, kind, closed) {
  panelNode();
  title.textContent = heading;
  body.replaceChildren(content);
  node.dataset.kind = kind || "";
  node.hidden = false;
  document.body.classList.add("panel-open");
  onClose = closed || null;
}

/** Close the panel; `byUser` when the judge closed it (Escape, "Fermer"): focus goes back. */
export function closePanel(byUser) {
  if (!node || node.hidden) return;
  node.hidden = true;
  body.replaceChildren();
  document.body.classList.remove("panel-open");
  const fn = onClose;
  onClose = null;
  if (fn) fn(!!byUser);
}

export function panelKind() { return node && !node.hidden ? node.dataset.kind : null; }
