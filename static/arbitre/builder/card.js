// The editor of one card, in the side panel: its fields, abilities and effect, where it is.
import { el, button, clone } from "../lib/dom.js";
import { STATUSES, STATUS_FR, TERRAINS, TERRAIN_FR, CARD_TYPES, TYPE_FR, ZONE_FR, options } from "../lib/vocab.js";
import { field, checkField, select, textInput, numberInput, holder, setOrDelete, idList, fieldId } from "./fields.js";
import { state, changed, players, zoneList, zoneTitle, locate, nextId, newCard, ZONES } from "./state.js";
import { abilitiesEditor, effectEditor } from "./effects.js";
import { cardFinder, printedText } from "./cards.js";
import { openPanel, closePanel } from "./panel.js";
import { setMessage } from "./status.js";

/** Open the editor of `card` (focusing its name when `focusName`). */
export function editCard(card, focusName) {
  state.selected = card;
  const where = locate(card);
  if (!where) { closePanel(); return; }
  openPanel("Carte " + card.id + (card.name ? " — " + card.name : ""), cardForm(where), "card", (byKeyboard) => {
    state.selected = null;
    // Escape or "Fermer": the focus goes back to the card on the board
    const back = byKeyboard && locate(card) ? document.querySelector(`#builder-board [data-path="${CSS.escape(locate(card).path)}"]`) : null;
    if (back) back.focus();
  });
  if (focusName) {
    const input = document.getElementById(fieldId(where.path + ".name"));
    if (input) input.focus();
  }
}

function cardForm(where) {
  const { card, p, zone, list, index, path } = where;
  const box = holder("div", path, { class: "card-form" });
  const grid = el("div", { class: "grid" });
  grid.append(
    field("Nom", textInput(card.name, (v) => { setOrDelete(card, "name", v || null); changed(false); }, { autocomplete: "off" }), path + ".name", "wide"),
    // the id names the editor's buttons: they are redrawn once it is typed (change), not at each key
    field("Identifiant", textInput(card.id, (v) => { card.id = v; changed(false); }, { autocomplete: "off", spellcheck: false, onchange: () => changed(true) }), path + ".id"),
    field("Type", select(options(CARD_TYPES, TYPE_FR), card.type || "character", (v) => { card.type = v; changed(true); }), path + ".type"),
    field("Propriétaire", select(players().map((x) => [x, x]), card.owner || p || players()[0], (v) => { card.owner = v; changed(false); }), path + ".owner"),
    field("Coût en Main", numberInput(card.hand_cost, (v) => { setOrDelete(card, "hand_cost", v); changed(false); }, { min: 0 }), path + ".hand_cost"),
    field("Coût en Réserve (vide : injouable)", numberInput(card.reserve_cost, (v) => { card.reserve_cost = v; changed(false); }, { min: 0 }), path + ".reserve_cost"),
  );
  box.append(cardFinder(card, path), grid);

  const stats = holder("fieldset", path + ".stats", { class: "stats" }, el("legend", {}, "Statistiques"));
  const statsGrid = el("div", { class: "grid" });
  for (const terrain of TERRAINS) {
    statsGrid.append(field(TERRAIN_FR[terrain], numberInput(card.stats && typeof card.stats === "object" ? card.stats[terrain] : 0, (v) => {
      if (!card.stats || typeof card.stats !== "object") card.stats = {};
      setOrDelete(card.stats, terrain, v);
      changed(false);
    }, { min: 0 }), path + ".stats." + terrain));
  }
  stats.append(statsGrid);
  box.append(stats);

  const statusBox = holder("fieldset", path + ".statuses", { class: "statuses" }, el("legend", {}, "Statuts"));
  for (const status of STATUSES) {
    statusBox.append(checkField(STATUS_FR[status], Array.isArray(card.statuses) && card.statuses.includes(status), path + ".statuses." + status, (on) => {
      const current = Array.isArray(card.statuses) ? card.statuses.filter((s) => s !== status) : [];
      if (on) current.push(status);
      card.statuses = STATUSES.filter((s) => current.includes(s)).concat(current.filter((s) => !STATUSES.includes(s)));
      changed(false);
    }));
  }
  box.append(statusBox, countersEditor(card, path));
  // Keywords in French on screen (« Fugace »), their identifiers in the document ("fleeting").
  const shown = (k) => STATUS_FR[k] || k;
  const stored = (w) => Object.keys(STATUS_FR).find((k) => STATUS_FR[k].toLowerCase() === w.toLowerCase()) || w;
  box.append(field("Mots-clés (séparés par des virgules)", textInput(Array.isArray(card.keywords) ? card.keywords.map(shown).join(", ") : "", (v) => {
    const words = idList(v).map(stored);
    if (words.length) card.keywords = words; else delete card.keywords;
    changed(false);
  }, { placeholder: "Fugace (sur un Sort, 2.4.6.e)" }), path + ".keywords"));
  box.append(checkField("Carte jeton (cesse d'exister hors de l'Expédition, 2.1.d)", card.token === true, path + ".token", (on) => { card.token = on; changed(false); }));

  box.append(printedText(card), abilitiesEditor(card, path));
  if ((card.type || "character") === "spell" || (Array.isArray(card.effect) && card.effect.length)) box.append(effectEditor(card, path));

  // Where it is: move, copy, remove.
  const target = el("select", { id: fieldId(path + ".move-to") },
    players().flatMap((x) => ZONES.map((z) => el("option", { value: x + "." + z }, x + " · " + ZONE_FR[z]))),
    el("option", { value: "limbo" }, ZONE_FR.limbo));
  target.value = p === null ? "limbo" : p + "." + zone;
  target.addEventListener("change", () => {
    const [toPlayer, toZone] = target.value === "limbo" ? [null, "limbo"] : target.value.split(".");
    moveCard(card, toPlayer, toZone);
  });
  const actions = el("div", { class: "actions move" },
    el("label", { htmlFor: target.id }, "Déplacer vers…"), target);
  if (zone === "deck") {
    actions.append(
      button("Dessus du Deck", () => { moveWithin(list, index, 0); }, { class: "small secondary", disabled: index === 0 }),
      button("Monter", () => { moveWithin(list, index, index - 1); }, { class: "small secondary", disabled: index === 0, "aria-label": "Monter " + card.id }),
      button("Descendre", () => { moveWithin(list, index, index + 1); }, { class: "small secondary", disabled: index === list.length - 1, "aria-label": "Descendre " + card.id }));
  }
  if (zone === "hand" || zone === "reserve") {
    actions.append(button("Décision : la jouer", () => { addPlayDecision(card, p); }, { class: "small", "aria-label": "Ajouter la décision : " + (card.owner || p) + " joue " + card.id }));
  }
  actions.append(
    button("Copier", () => { copyCard(card); }, { class: "small secondary", "aria-label": "Copier " + card.id }),
    button("Supprimer", () => { removeCard(card); }, { class: "small danger", "aria-label": "Supprimer " + card.id }));
  box.append(actions);
  return box;
}

function countersEditor(card, path) {
  const box = holder("fieldset", path + ".counters", { class: "counters" }, el("legend", {}, "Jetons posés sur la carte (2.5)"));
  const counters = card.counters && typeof card.counters === "object" && !Array.isArray(card.counters) ? card.counters : {};
  const rows = el("div", { class: "counter-rows" });
  function rebuild() {
    const result = {};
    for (const row of rows.children) {
      const name = row.querySelector(".counter-name").value.trim();
      const raw = row.querySelector(".counter-count").value.trim();
      if (name) result[name] = raw === "" ? 0 : Number(raw);
    }
    card.counters = result;
    changed(false);
  }
  Object.entries(counters).forEach(([name, count], i) => {
    const nameInput = el("input", { type: "text", class: "counter-name", value: name, oninput: rebuild, id: fieldId(path + ".counters#" + i + ".name") });
    const countInput = el("input", { type: "number", class: "counter-count", min: 0, step: 1, value: String(count), oninput: rebuild, id: fieldId(path + ".counters#" + i + ".count") });
    const row = holder("div", path + ".counters." + name, { class: "counter-row" },
      el("label", { htmlFor: nameInput.id }, "Jeton"), nameInput,
      el("label", { htmlFor: countInput.id }, "Nombre"), countInput,
      button("×", () => { row.remove(); rebuild(); changed(true); }, { class: "small danger", "aria-label": "Retirer le jeton " + name }));
    rows.append(row);
  });
  box.append(rows, button("+ Jeton", () => {
    if (!card.counters || typeof card.counters !== "object" || Array.isArray(card.counters)) card.counters = {};
    let name = "boost";
    for (let n = 2; name in card.counters; n += 1) name = "jeton" + n;
    card.counters[name] = 1;
    changed(true);
  }, { class: "small secondary", "aria-label": "Ajouter un jeton à " + card.id }));
  return box;
}

/** Add a card to a zone and open its editor. */
export function addCard(p, zone, preset, focusName) {
  const card = newCard(p || players()[0], preset);
  zoneList(p, zone).push(card);
  changed(true);
  editCard(card, focusName);
  requestAnimationFrame(() => showAboveSheet(card));   // once the toolbar shows its message
  return card;
}

/** The toolbar sticks on top and, on a phone, the editor is a sheet over the bottom of the screen:
 * a new card out of the space between them is scrolled to just under the toolbar. */
function showAboveSheet(card) {
  const node = document.querySelector(`#builder-board [data-card="${CSS.escape(card.id)}"]`);
  const sheet = document.getElementById("side-panel");
  const toolbar = document.querySelector("#builder .toolbar");
  if (!node) return;
  const narrow = window.matchMedia && window.matchMedia("(max-width: 63.99rem)").matches;
  const box = node.getBoundingClientRect();
  const top = toolbar ? toolbar.getBoundingClientRect().bottom : 0;
  const bottom = narrow && sheet && !sheet.hidden ? sheet.getBoundingClientRect().top : window.innerHeight;
  if (box.top < top || box.bottom > bottom) window.scrollBy({ top: box.top - top - 8, behavior: "instant" });
}

/** A "play" decision for this card (a character goes to the hero expedition; targets to fill in). */
function addPlayDecision(card, p) {
  if (!Array.isArray(state.doc.decisions)) state.doc.decisions = [];
  const decision = { player: card.owner || p || players()[0], play: card.id };
  if ((card.type || "character") === "character") decision.expedition = "hero";
  state.doc.decisions.push(decision);
  setMessage("Décision ajoutée : " + decision.player + " joue " + card.id + " (voir Décisions).", "ok");
  changed(true);
  const details = document.getElementById("decisions-details");
  if (details) {
    details.open = true;
    const last = details.querySelectorAll(".decision");
    const input = last.length ? last[last.length - 1].querySelector("[id$='_targets']") : null;
    if (input) { input.scrollIntoView({ block: "center" }); input.focus(); }
  }
}

export function moveCard(card, toPlayer, toZone, at) {
  const where = locate(card);
  if (!where) return;
  if (where.p === toPlayer && where.zone === toZone && at === undefined) return;
  where.list.splice(where.index, 1);
  const dest = zoneList(toPlayer, toZone);
  dest.splice(at === undefined ? dest.length : at, 0, card);
  setMessage(String(card.id) + " déplacée vers " + zoneTitle(toPlayer, toZone) + ".", "ok");
  changed(true);
  if (state.selected === card) editCard(card);
}

export function copyCard(original) {
  const where = locate(original);
  if (!where) return;
  const card = clone(original);
  card.id = nextId(original.owner || players()[0]);
  where.list.splice(where.index + 1, 0, card);
  setMessage("Copie de " + original.id + " : " + card.id + ".", "ok");
  changed(true);
  editCard(card, true);
}

export function removeCard(card) {
  const where = locate(card);
  if (!where) return;
  where.list.splice(where.index, 1);
  if (state.selected === card) closePanel();
  setMessage(String(card.id) + " supprimée.", "ok");
  changed(true);
}

function moveWithin(list, from, to) {
  if (to < 0 || to >= list.length || from === to) return;
  const [card] = list.splice(from, 1);
  list.splice(to, 0, card);
  changed(true);
  editCard(card);
}
