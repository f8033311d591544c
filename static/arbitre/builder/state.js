// The scenario being edited (format arbitre-scenario/1) and how to reach its parts.
// `state.doc` is the document; every form writes straight into it and calls changed().
import { clone } from "../lib/dom.js";
import { ZONE_FR, TYPE_FR } from "../lib/vocab.js";

const initialNode = document.getElementById("builder-initial");
const initial = initialNode ? JSON.parse(initialNode.textContent) : {};

// 1v1: A and B; 2v2 (issue 7): A1 and A2 (team A) against B1 and B2, in clockwise seat order.
export const SEATS = { "1v1": ["A", "B"], "2v2": ["A1", "B1", "A2", "B2"] };
/** The zones of a player, in the order the board draws them. */
export const ZONES = ["hero_expedition", "companion_expedition", "reserve", "landmarks", "hand", "mana", "deck", "discard"];

export const DEFAULT_ADVENTURE = {
  tumult: [
    { name: "T1", face_up: false, terrains: [["forest"], ["mountain", "water"]] },
    { name: "T2", face_up: false, terrains: [["mountain"], ["forest", "water"]] },
    { name: "T3", face_up: false, terrains: [["water"], ["forest", "mountain"]] },
  ],
  markers: { A: { hero: 0, companion: 7 }, B: { hero: 0, companion: 7 } },
  arena: false,
};
// 2v2 (engine/README.md, "Mode 2v2"): three pairs of identical Tumult cards.
export const DEFAULT_ADVENTURE_2V2 = {
  layout: "2v2",
  tumult: DEFAULT_ADVENTURE.tumult.flatMap((t) => ["a", "b"].map((x) => ({ name: t.name + x, face_up: false, terrains: clone(t.terrains) }))),
  markers: Object.fromEntries(SEATS["2v2"].map((p) => [p, { hero: 0, companion: 7 }])),
  arena: false,
};

export const state = {
  uuid: initial.uuid || null,
  version: typeof initial.version === "number" ? initial.version : null,
  etag: null,
  title: initial.title || "",
  description: initial.description || "",
  tags: (initial.tags || []).join(", "),
  visibility: initial.visibility || "private",
  doc: clone(initial.document) || {},
  problems: [],
  checked: false,
  dirty: false,
  selected: null, // the card whose editor is open
};

const listeners = [];
/** Something changed: `redraw` when the structure did (a card added, moved…), not for typing. */
export function changed(redraw) {
  state.dirty = true;
  for (const fn of listeners) fn(!!redraw);
}
export function onChange(fn) { listeners.push(fn); }

export function is2v2() { return state.doc.mode === "2v2"; }
export function players() { return SEATS[is2v2() ? "2v2" : "1v1"]; }
export function defaultAdventure() { return is2v2() ? DEFAULT_ADVENTURE_2V2 : DEFAULT_ADVENTURE; }

export function player(p) {
  if (!state.doc.players || typeof state.doc.players !== "object") state.doc.players = {};
  if (!state.doc.players[p] || typeof state.doc.players[p] !== "object") state.doc.players[p] = {};
  return state.doc.players[p];
}
/** The list of a zone, created if missing; p === null is the Limbo. */
export function zoneList(p, zone) {
  if (p === null) {
    if (!Array.isArray(state.doc.limbo)) state.doc.limbo = [];
    return state.doc.limbo;
  }
  const pl = player(p);
  if (!Array.isArray(pl[zone])) pl[zone] = [];
  return pl[zone];
}
export function peekZone(p, zone) {
  const list = p === null ? state.doc.limbo : state.doc.players && state.doc.players[p] && state.doc.players[p][zone];
  return Array.isArray(list) ? list : [];
}
export function zonePath(p, zone) { return p === null ? "limbo" : "players." + p + "." + zone; }
export function zoneTitle(p, zone) { return p === null ? ZONE_FR.limbo : ZONE_FR[zone] + " (" + p + ")"; }
/** "A.hand" (the board's data-zone) -> [player, zone]; "limbo" -> [null, "limbo"]. */
export function splitZoneKey(key) { return key === "limbo" ? [null, "limbo"] : key.split("."); }

export function adventure() {
  if (!state.doc.adventure || typeof state.doc.adventure !== "object") state.doc.adventure = clone(defaultAdventure());
  return state.doc.adventure;
}

/** Every card of the document with where it is: {card, p, zone, list, index, path}. */
export function placedCards() {
  const out = [];
  const push = (p, zone) => peekZone(p, zone).forEach((card, index, list) => {
    if (card && typeof card === "object") out.push({ card, p, zone, list, index, path: zonePath(p, zone) + "[" + index + "]" });
  });
  for (const p of Object.keys((state.doc.players && typeof state.doc.players === "object") ? state.doc.players : {})) {
    for (const zone of ZONES) push(p, zone);
  }
  push(null, "limbo");
  return out;
}
export function allCards() { return placedCards().map((x) => x.card); }
export function locate(card) { return placedCards().find((x) => x.card === card) || null; }
/** The card at a JSON path ("players.A.hand[0]…"), with its place. */
export function cardAtPath(path) {
  const m = String(path).match(/^(?:players\.([^.[]+)\.([a-z_]+)|limbo)\[(\d+)\]/);
  if (!m) return null;
  const p = m[1] === undefined ? null : m[1];
  const zone = p === null ? "limbo" : m[2];
  const list = peekZone(p, zone);
  const index = Number(m[3]);
  const card = list[index];
  return card && typeof card === "object" ? { card, p, zone, list, index, path: m[0] } : null;
}

/** The next free id for `owner`'s cards: a1, a2… (2v2: a1-1…). */
export function nextId(owner) {
  const prefix = String(owner || players()[0]).toLowerCase() + (is2v2() ? "-" : "");
  const used = new Set(allCards().map((c) => c.id));
  let n = 1;
  while (used.has(prefix + n)) n += 1;
  return prefix + n;
}

export function newCard(owner, preset) {
  const card = {
    id: nextId(owner), name: "", type: "character", owner, hand_cost: 0, reserve_cost: null,
    stats: { forest: 0, mountain: 0, water: 0 }, statuses: [], counters: {}, token: false,
  };
  return Object.assign(card, clone(preset || {}));
}

/** Switch between 1v1 and 2v2: A becomes A1 and B becomes B1 (and back); the Adventure is reset. */
export function switchMode(mode) {
  const d = state.doc;
  const to2 = mode === "2v2";
  const rename = to2 ? { A: "A1", B: "B1" } : { A1: "A", B1: "B" };
  const map = (p) => (p in rename ? rename[p] : p);
  const old = d.players && typeof d.players === "object" ? d.players : {};
  const next = {};
  for (const p of SEATS[mode]) {
    const from = Object.keys(rename).find((k) => rename[k] === p);
    next[p] = from && old[from] ? old[from] : { hero: null };
  }
  const cards = allCards();
  d.players = next;
  for (const c of cards) if (c.owner) c.owner = map(c.owner);
  if (d.first_player) d.first_player = map(d.first_player);
  if (!SEATS[mode].includes(d.first_player)) delete d.first_player;
  if (Array.isArray(d.decisions)) {
    d.decisions = d.decisions.filter((x) => !x || typeof x !== "object" || SEATS[mode].includes(map(x.player)));
    d.decisions.forEach((x) => { if (x && typeof x === "object" && x.player) x.player = map(x.player); });
  }
  if (to2) d.mode = "2v2";
  else delete d.mode;
  if (d.adventure) d.adventure = clone(to2 ? DEFAULT_ADVENTURE_2V2 : DEFAULT_ADVENTURE);
  delete d.progress;
}

export function cardLabel(card) {
  const name = typeof card.name === "string" && card.name ? card.name : "(sans nom)";
  return String(card.id) + " · " + name + " · " + (TYPE_FR[card.type || "character"] || String(card.type));
}
