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
  if (window.ResizeObserver) new ResizeObserver(padScroll).observe(node);
  return node;
}

/** On a phone the panel is a sheet over the bottom of the screen and the toolbar sticks on top: the
 * page's scroll padding is what they cover, so that whatever is brought into view (a focused « + »,
 * a card, a field in error) lands between them, never under the sheet. */
function padScroll() {
  const root = document.documentElement;
  const sheet = node && !node.hidden && window.matchMedia && window.matchMedia("(max-width: 63.99rem)").matches;
  const toolbar = document.querySelector("#builder .toolbar");
  root.style.scrollPaddingBottom = sheet ? `${Math.ceil(node.getBoundingClientRect().height) + 8}px` : "";
  root.style.scrollPaddingTop = sheet && toolbar ? `${Math.ceil(toolbar.getBoundingClientRect().height) + 8}px` : "";
}

/** Show `content` under `heading`; `kind` names what is shown (data-kind, for the tests and CSS). */
export function openPanel(heading, content, kind, closed) {
  panelNode();
  title.textContent = heading;
  body.replaceChildren(content);
  node.dataset.kind = kind || "";
  node.hidden = false;
  document.body.classList.add("panel-open");
  padScroll();
  onClose = closed || null;
}

/** Close the panel; `byUser` when the judge closed it (Escape, "Fermer"): focus goes back. */
export function closePanel(byUser) {
  if (!node || node.hidden) return;
  node.hidden = true;
  body.replaceChildren();
  document.body.classList.remove("panel-open");
  padScroll();
  const fn = onClose;
  onClose = null;
  if (fn) fn(!!byUser);
}

export function panelKind() { return node && !node.hidden ? node.dataset.kind : null; }
