// The one DOM helper of the site's scripts (ES module). `el()` is defined once, in board.js (a
// classic script the stepper still loads with <script src>), and re-exported here for modules.
import "../board.js";

/** el(tag, props, ...children): see board.js. User text only ever becomes text nodes. */
export const el = window.ArbitreBoard.el;

/** A text-only button (type="button"). */
export function button(text, onclick, props) {
  return el("button", Object.assign({ type: "button", onclick }, props || {}), text);
}

/** A deep copy of JSON data (undefined stays undefined). */
export function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
