// The one DOM helper of the site's scripts (ES module): `el()` is defined once, in board/dom.js,
// re-exported here with the small helpers built on it. The drawing (board.js) is loaded with it.
import "../board.js";

/** el(tag, props, ...children): see board/dom.js. User text only ever becomes text nodes. */
export { el } from "../board/dom.js";
import { el } from "../board/dom.js";

/** A text-only button (type="button"). */
export function button(text, onclick, props) {
  return el("button", Object.assign({ type: "button", onclick }, props || {}), text);
}

/** A deep copy of JSON data (undefined stays undefined). */
export function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
