// The builder's board: the stepper's drawing (../board.js) of the document being edited, made
// editable. Click a zone's "+" to add a card (quick presets), a card to edit it, a region to place a
// marker there, a Tumult card to flip it; drag a card to another zone, a marker to another region.
import { el, button } from "../lib/dom.js";
import { TERRAINS, TERRAIN_FR } from "../lib/vocab.js";
import { state, changed, adventure, players, is2v2, zonePath, zoneTitle, splitZoneKey, peekZone, cardAtPath } from "./state.js";
import { describeCard } from "./describe.js";
import { editCard, addCard, moveCard } from "./card.js";
import { openPanel, closePanel } from "./panel.js";
import { setMessage } from "./status.js";
import { newStep } from "./effects.js";

const CARD_TYPE = "application/x-arbitre-card";
const MARKER_TYPE = "application/x-arbitre-marker";
const KIND_FR = { hero: "Héros", companion: "Compagnon" };

export const boardRoot = el("div", { class: "board builder-board", id: "builder-board", role: "region", "aria-label": "Plateau (cliquez pour modifier)" });
const view = window.ArbitreBoard.create({ board: boardRoot, describeCard, showHidden: true, showRuleset: true, rulesPage: "/regles/", apiRules: "/api/rules/" });

/** The common spell effects of the "Sort" preset. */
const SPELL_EFFECTS = [
  ["draw", "Piochez 1 carte", () => [{ action: "draw", player: "self", count: 1 }]],
  ["boost", "Un Personnage ciblé gagne 1 boost", () => [newStep("gain_counters")]],
  ["sabotage", "Sabotez une carte ciblée", () => [{ action: "sabotage", target: "choose" }]],
  ["discard", "Défaussez un Personnage ciblé", () => [{ action: "discard", target: "choose", type: "character" }]],
  ["forward", "Votre Expédition du Héros avance", () => [{ action: "move_forward", expedition: "self.hero" }]],
  ["asleep", "Un Personnage ciblé devient Endormi", () => [newStep("gain_status")]],
  ["resupply", "Ravitaillez", () => [{ action: "resupply", player: "self", count: 1 }]],
];

export function renderBoard() {
  view.renderBoard({ state: state.doc, log: [], last: [] });
  decorate();
}

/** A list whose items become buttons is a group of them, no longer a list (axe-core: list, listitem). */
function asGroup(list) {
  list.setAttribute("role", "group");
  for (const item of list.children) if (!item.hasAttribute("role")) item.setAttribute("role", "none");
}

function decorate() {
  for (const zone of boardRoot.querySelectorAll(".zone[data-zone]")) {
    const key = zone.dataset.zone;
    if (key === "adventure") continue;
    const [p, z] = splitZoneKey(key);
    const title = zoneTitle(p, z);
    const head = zone.querySelector("h4");
    if (head) head.append(button("+", () => openAddSheet(p, z), { class: "small add-card", "aria-label": "Ajouter une carte dans " + title, title: "Ajouter une carte" }));
    const cards = peekZone(p, z);
    zone.querySelectorAll(".cards").forEach(asGroup);
    zone.querySelectorAll("li[data-card]").forEach((node, i) => {
      const card = cards[i];
      if (!card) return;
      node.dataset.path = zonePath(p, z) + "[" + i + "]";
      node.draggable = true;
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", "Modifier " + (card.name ? card.name + " (" + card.id + ")" : String(card.id)));
      if (state.selected === card) node.classList.add("selected");
      node.addEventListener("click", () => editCard(card, false));
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); editCard(card, true); } });
      node.addEventListener("dragstart", (e) => { e.dataTransfer.setData(CARD_TYPE, node.dataset.path); e.dataTransfer.effectAllowed = "move"; });
    });
    // A click on the zone itself (not on a card) adds a card there too.
    zone.addEventListener("click", (e) => { if (!e.target.closest("li[data-card], button")) openAddSheet(p, z); });
    dropTarget(zone, CARD_TYPE, (path) => {
      const at = cardAtPath(path);
      if (at) moveCard(at.card, p, z);
    });
  }
  for (const section of boardRoot.querySelectorAll("section.player[data-player]")) {
    const pid = section.dataset.player;
    const hero = section.querySelector(":scope > .hero");
    if (hero) hero.append(" ", button("Modifier", () => editHero(pid), { class: "small secondary", "aria-label": "Modifier le héros de " + pid }));
  }
  decorateAdventure();
}

/** The heroes' form is below the board: open it on this player's hero. */
function editHero(pid) {
  const details = document.getElementById("players-details");
  if (details) details.open = true;
  const form = document.querySelector(`[data-path="players.${CSS.escape(pid)}"]`);
  if (!form) return;
  form.scrollIntoView({ block: "center" });
  const input = form.querySelector("input");
  if (input) input.focus({ preventScroll: true });
}

function decorateAdventure() {
  const section = boardRoot.querySelector(".adventure");
  if (!section) return;
  const adv = state.doc.adventure && typeof state.doc.adventure === "object" ? state.doc.adventure : null;
  const tumult = adv && Array.isArray(adv.tumult) ? adv.tumult : [];
  if (!(adv && adv.arena)) {
    const strip = el("ul", { class: "tumult-strip", "aria-label": "Cartes Tumulte (cliquez pour retourner)" });
    tumult.forEach((t, i) => {
      if (!t || typeof t !== "object") return;
      const name = t.name || "T" + (i + 1);
      const faces = t.face_up ? (t.terrains || []).map((h) => (Array.isArray(h) ? h.map((x) => TERRAIN_FR[x] || x).join("+") : "?")).join(" | ") : "face cachée";
      strip.append(el("li", {}, button(name + " — " + faces, () => flipTumult(i), {
        class: "tumult-card" + (t.face_up ? " face-up" : " face-down"), dataset: { tumult: String(i) },
        "aria-pressed": t.face_up ? "true" : "false", "aria-label": "Retourner " + name + (t.face_up ? " (face visible)" : " (face cachée)"),
      })));
    });
    section.querySelector("h3").after(strip);
  }
  section.querySelectorAll("ol.regions").forEach(asGroup);
  for (const cell of section.querySelectorAll(".region[data-region]")) {
    const region = Number(cell.dataset.region);
    if (Number.isNaN(region)) continue;  // the Arena (4.3.d): no marker is placed by hand there
    const path = cell.closest(".path");
    const only = path ? path.dataset.player : null;
    cell.tabIndex = 0;
    cell.setAttribute("role", "button");
    cell.setAttribute("aria-label", "Région " + region + (only ? " du chemin de " + only : "") + " : placer un marqueur");
    const open = () => openRegionMenu(region, only, cell.dataset.tumult === undefined ? null : Number(cell.dataset.tumult));
    cell.addEventListener("click", (e) => { if (!e.target.closest(".marker")) open(); });
    cell.addEventListener("keydown", (e) => { if (e.target === cell && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); open(); } });
    dropTarget(cell, MARKER_TYPE, (key) => {
      const [p, kind] = key.split(".");
      if (only && p !== only) { setMessage("En 2v2, chaque marqueur reste sur le chemin de son joueur.", "warning"); return; }
      placeMarker(p, kind, region);
    });
  }
  for (const marker of section.querySelectorAll(".marker[data-marker]")) {
    marker.draggable = true;
    marker.addEventListener("dragstart", (e) => { e.dataTransfer.setData(MARKER_TYPE, marker.dataset.marker); e.dataTransfer.effectAllowed = "move"; });
  }
}

/** `node` accepts drops of `type` (a card's path, a marker's key): onDrop(value). */
function dropTarget(node, type, onDrop) {
  node.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes(type)) { e.preventDefault(); node.classList.add("drop"); } });
  node.addEventListener("dragleave", () => node.classList.remove("drop"));
  node.addEventListener("drop", (e) => {
    const value = e.dataTransfer.getData(type);
    node.classList.remove("drop");
    if (!value) return;
    e.preventDefault();
    onDrop(value);
  });
}

export function placeMarker(p, kind, region) {
  const a = adventure();
  if (!a.markers || typeof a.markers !== "object") a.markers = {};
  if (!a.markers[p] || typeof a.markers[p] !== "object") a.markers[p] = {};
  a.markers[p][kind] = region;
  setMessage("Marqueur " + KIND_FR[kind] + " de " + p + " en région " + region + ".", "ok");
  changed(true);
}

export function flipTumult(i) {
  const t = adventure().tumult[i];
  if (!t || typeof t !== "object") return;
  t.face_up = !t.face_up;
  setMessage((t.name || "T" + (i + 1)) + (t.face_up ? " retournée face visible." : " retournée face cachée."), "ok");
  changed(true);
}

function openRegionMenu(region, only, tumultIndex) {
  const box = el("div", { class: "region-menu" });
  const markers = el("div", { class: "actions" });
  for (const p of only ? [only] : players()) {
    for (const kind of ["hero", "companion"]) {
      markers.append(button(KIND_FR[kind] + " de " + p, () => { placeMarker(p, kind, region); closePanel(); }, {
        class: "small secondary", "aria-label": "Placer ici le marqueur " + KIND_FR[kind] + " de " + p,
      }));
    }
  }
  box.append(el("p", {}, "Placer ici le marqueur de l'Expédition :"), markers);
  if (tumultIndex !== null && !is2v2()) {
    const t = adventure().tumult[tumultIndex];
    if (t && typeof t === "object") {
      box.append(el("p", {}, (t.name || "Tumulte") + (t.face_up ? " est face visible." : " est face cachée : ses régions n'ont pas de terrain.")),
        button(t.face_up ? "Retourner face cachée" : "Retourner face visible", () => { flipTumult(tumultIndex); closePanel(); }, { class: "small" }));
    }
  }
  openPanel("Région " + region, box, "region");
}

/** The add-card sheet: a name, stats, and one click on a preset. */
export function openAddSheet(p, zone) {
  const title = zoneTitle(p, zone);
  const name = el("input", { type: "text", id: "quick-name", autocomplete: "off", placeholder: "Nom imprimé" });
  const stats = {};
  const statFields = TERRAINS.map((t) => {
    stats[t] = el("input", { type: "number", id: "quick-" + t, min: 0, step: 1, value: "0", inputMode: "numeric" });
    return el("div", { class: "field" }, el("label", { htmlFor: stats[t].id }, TERRAIN_FR[t]), stats[t]);
  });
  const effect = el("select", { id: "quick-effect" }, SPELL_EFFECTS.map(([v, text]) => el("option", { value: v }, text)));
  const statValues = () => Object.fromEntries(TERRAINS.map((t) => [t, Math.max(0, Number(stats[t].value) || 0)]));
  const add = (preset) => {
    const card = addCard(p, zone, Object.assign({ name: name.value.trim() }, preset()), false);
    setMessage("Carte " + card.id + " ajoutée dans " + title + ".", "ok");
  };
  const presets = [
    ["Personnage", () => ({ type: "character", stats: statValues() })],
    ["Personnage Fugace", () => ({ type: "character", stats: statValues(), statuses: ["fleeting"] })],
    ["Jeton", () => ({ type: "character", stats: statValues(), token: true, reserve_cost: 0 })],
    ["Permanent", () => ({ type: "permanent", stats: { forest: 0, mountain: 0, water: 0 } })],
    ["Sort", () => ({ type: "spell", stats: { forest: 0, mountain: 0, water: 0 }, effect: SPELL_EFFECTS.find(([v]) => v === effect.value)[2]() })],
  ];
  name.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); add(presets[0][1]); } });
  const box = el("div", { class: "add-sheet" },
    el("div", { class: "field" }, el("label", { htmlFor: name.id }, "Nom de la carte"), name),
    el("fieldset", { class: "stats" }, el("legend", {}, "Statistiques (Personnage, Jeton)"), el("div", { class: "grid" }, statFields)),
    el("div", { class: "field" }, el("label", { htmlFor: effect.id }, "Effet du Sort"), effect),
    el("p", { class: "hint" }, "Un clic ajoute la carte ; vous la complétez ensuite dans ce panneau."),
    el("div", { class: "actions presets" }, presets.map(([label, make]) => button(label, () => add(make), { class: "small", "aria-label": "Ajouter : " + label }))),
  );
  openPanel("Nouvelle carte — " + title, box, "add");
  name.focus();
}
