// Form controls that write into the document and show the problems of their JSON path beside them.
import { el } from "../lib/dom.js";

/** JSON path -> the element that shows its problems (rebuilt at every redraw). */
export const pathNodes = new Map();

export function fieldId(path) { return "f-" + path.replace(/[^A-Za-z0-9_-]/g, "_"); }

/** A container that shows the problems of `path` (and of its unmatched children). */
export function holder(tag, path, props, ...children) {
  const node = el(tag, Object.assign({ dataset: { path } }, props || {}), ...children);
  node.append(el("div", { class: "problem-slot", "aria-live": "polite" }));
  pathNodes.set(path, node);
  return node;
}

/** A labelled field: label + control + its problem slot. `label` may be [shown, full]: the short
 * label is shown, the full one (with its context: "Cible (capacité 1 de a1, étape 1)") is the
 * control's accessible name. */
export function field(label, control, path, extraClass) {
  control.id = fieldId(path);
  if (Array.isArray(label)) { control.setAttribute("aria-label", label[1]); label = label[0]; }
  const wrap = holder("div", path, { class: "field" + (extraClass ? " " + extraClass : "") });
  wrap.prepend(el("label", { htmlFor: control.id }, label), control);
  return wrap;
}

export function checkField(label, checked, path, onchange, idSuffix) {
  const input = el("input", { type: "checkbox", checked: !!checked, onchange() { onchange(input.checked); } });
  input.id = fieldId(path + (idSuffix || ""));
  const wrap = idSuffix ? el("div", { class: "field check" }, el("div", { class: "problem-slot" })) : holder("div", path, { class: "field check" });
  wrap.prepend(input, el("label", { htmlFor: input.id }, label));
  return wrap;
}

export function select(options, value, onchange, props) {
  const node = el("select", Object.assign({ onchange() { onchange(node.value); } }, props || {}),
    options.map(([v, text]) => el("option", { value: v }, text)));
  node.value = value;
  return node;
}

export function textInput(value, oninput, props) {
  const node = el("input", Object.assign({ type: "text", value: value == null ? "" : String(value) }, props || {}));
  node.addEventListener("input", () => oninput(node.value));
  return node;
}

/** A number input: empty gives `null`, anything else the number (the checker judges its range). */
export function numberInput(value, oninput, props) {
  const node = el("input", Object.assign({ type: "number", inputMode: "numeric", step: 1, value: value == null ? "" : String(value) }, props || {}));
  node.addEventListener("input", () => oninput(node.value.trim() === "" ? null : Number(node.value)));
  return node;
}

export function setOrDelete(obj, key, value) {
  if (value === null || value === undefined || value === "") delete obj[key];
  else obj[key] = value;
}

export function idList(text) { return text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean); }
