// The toolbar's live lines: the check's verdict, the last action's message, unsaved changes.
import { el } from "../lib/dom.js";

export const ui = {
  checkStatus: el("p", { class: "check-status", role: "status" }),
  message: el("p", { class: "message", role: "status", "aria-live": "polite" }),
  dirty: el("span", { class: "dirty" }),
};

export function setCheckStatus(text, kind) {
  ui.checkStatus.textContent = text;
  ui.checkStatus.className = "check-status " + kind;
  const root = document.getElementById("builder");
  if (root) root.dataset.check = kind;
}

export function setMessage(text, kind) {
  ui.message.textContent = text;
  ui.message.className = "message " + (kind || "");
}
