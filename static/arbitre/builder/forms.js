// The forms around the board: the scenario (title, visibility…), the game (day, phase, mode…),
// the heroes, the Adventure in detail (Tumult terrains, markers as numbers) and the decisions.
import { el, button } from "../lib/dom.js";
import { PHASES, PHASE_FR, RULESETS, TERRAINS, TERRAIN_FR, options } from "../lib/vocab.js";
import { field, checkField, select, textInput, numberInput, holder, setOrDelete, idList } from "./fields.js";
import { state, changed, players, player, is2v2, switchMode, adventure, defaultAdventure } from "./state.js";

const VISIBILITIES = [["private", "Brouillon privé"], ["link", "Partagé par lien"], ["public", "Public (bibliothèque)"]];
const MODES = [["1v1", "1v1 (deux joueurs)"], ["2v2", "2v2 (A1 et A2 contre B1 et B2)"]];
const DECISION_KINDS = [
  ["pass", "Passer"], ["play", "Jouer une carte"], ["quick", "Action rapide"], ["mana", "Carte(s) en Mana"],
  ["keep", "Garder (Repos)"], ["optional", "Réponse à « vous pouvez »"], ["mode", "Mode"],
];
const TUMULT_SLOTS_2V2 = [
  "à côté de la région du Héros 1 (A1, B2)", "à côté de la région du Héros 2 (B1, A2)",
  "à côté de la région du Compagnon 1 (A1, B1)", "à côté de la région du Compagnon 2 (A2, B2)",
  "centre, 1re carte", "centre, 2e carte (retournée dans l'autre sens)",
];
export const refs = {};

export function renderMeta() {
  const box = el("section", { class: "panel meta", "aria-labelledby": "meta-title" }, el("h2", { id: "meta-title" }, "Scénario"));
  const description = el("textarea", { rows: 2, maxLength: 5000, value: state.description });
  description.addEventListener("input", () => { state.description = description.value; state.doc.description = description.value; changed(false); });
  refs.visibility = select(VISIBILITIES, state.visibility, (v) => { state.visibility = v; changed(false); });
  const grid = el("div", { class: "grid" });
  grid.append(
    field("Titre", textInput(state.title, (v) => { state.title = v; state.doc.title = v; changed(false); }, { maxLength: 200, required: true }), "@title", "wide"),
    field("Visibilité", refs.visibility, "@visibility"),
    field("Étiquettes (séparées par des virgules)", textInput(state.tags, (v) => { state.tags = v; changed(false); }, { placeholder: "fugace, repos" }), "@tags"),
    field("Description", description, "@description", "wide"),
  );
  box.append(grid);
  return box;
}

export function renderGame() {
  const d = state.doc;
  const box = el("section", { class: "panel game", "aria-labelledby": "game-title" }, el("h2", { id: "game-title" }, "Partie"));
  const grid = el("div", { class: "grid" });
  grid.append(
    field("Jour", numberInput(d.day === undefined ? 1 : d.day, (v) => { setOrDelete(d, "day", v); changed(false); }, { min: 1 }), "day"),
    field("Phase", select(options(PHASES, PHASE_FR), d.phase || (d.day > 1 ? "morning" : "noon"), (v) => { d.phase = v; changed(false); }), "phase"),
    field("Mode", select(MODES, is2v2() ? "2v2" : (d.mode || "1v1"), (v) => { switchMode(v); changed(true); }), "mode"),
    field("Premier joueur", select(players().map((p) => [p, p]), d.first_player || players()[0], (v) => { d.first_player = v; changed(false); }), "first_player"),
    field("Graine (hasard)", numberInput(d.seed === undefined ? 0 : d.seed, (v) => { setOrDelete(d, "seed", v); changed(false); }, { min: 0 }), "seed"),
    field("Jeu de règles", rulesSelect(d), "rules"),
  );
  box.append(grid);
  return box;
}

/** The rule set the scenario is played under (its "rules", saved in the document): the engine's
 * (engine/versions.py RULESETS, embedded by base.html); a value it does not know stays listed, for the check to name. */
function rulesSelect(d) {
  const current = typeof d.rules === "string" && d.rules ? d.rules : "fr-1";
  const choices = Object.entries(RULESETS);
  if (!RULESETS[current]) choices.push([current, current]);
  return select(choices, current, (v) => { d.rules = v; changed(true); });
}

export function renderPlayers() {
  const box = el("details", { class: "panel players-details", id: "players-details" }, el("summary", {}, "Héros et joueurs"));
  const grid = el("div", { class: "players" });
  for (const p of players()) grid.append(renderPlayer(p));
  box.append(grid);
  return box;
}

function renderPlayer(p) {
  const pl = (state.doc.players && state.doc.players[p]) || {};
  const path = "players." + p;
  const section = holder("section", path, { class: "player-form", "aria-labelledby": "player-" + p });
  section.prepend(el("h3", { id: "player-" + p }, "Joueur " + p));
  const hero = pl.hero && typeof pl.hero === "object" ? pl.hero : null;
  section.append(checkField("Avec un héros", !!hero, path + ".hero", (on) => {
    player(p).hero = on ? { name: "", reserve_limit: 2, landmark_limit: 2 } : null;
    changed(true);
  }, ".present"));
  if (hero) {
    const grid = el("div", { class: "grid" });
    grid.append(
      field("Nom du héros", textInput(hero.name, (v) => { setOrDelete(hero, "name", v || null); changed(false); }), path + ".hero.name"),
      field("Limite de Réserve", numberInput(hero.reserve_limit, (v) => { setOrDelete(hero, "reserve_limit", v); changed(false); }, { min: 0 }), path + ".hero.reserve_limit"),
      field("Limite de Repères", numberInput(hero.landmark_limit, (v) => { setOrDelete(hero, "landmark_limit", v); changed(false); }, { min: 0 }), path + ".hero.landmark_limit"),
    );
    section.append(grid);
  } else {
    section.append(el("p", { class: "hint" }, "Sans héros : Réserve et Repères limités à 2 (4.2.5.d)."));
  }
  section.append(checkField(p + " a déjà passé (Après-midi)", pl.passed === true, path + ".passed", (on) => {
    if (on) player(p).passed = true; else delete player(p).passed;
    changed(false);
  }));
  return section;
}

export function renderAdventure() {
  const adv = state.doc.adventure && typeof state.doc.adventure === "object" ? state.doc.adventure : defaultAdventure();
  const box = el("details", { class: "panel adventure-form", id: "adventure-details" }, el("summary", {}, "Aventure en détail (terrains, marqueurs)"));
  const inner = holder("div", "adventure", {});
  const tumultBox = holder("div", "adventure.tumult", { class: "tumult" });
  (Array.isArray(adv.tumult) ? adv.tumult : []).forEach((t, i) => tumultBox.append(renderTumult(t, i)));
  inner.append(tumultBox);
  const markers = holder("fieldset", "adventure.markers", { class: "markers" }, el("legend", {}, "Marqueurs (régions 0 à 7)"));
  const grid = el("div", { class: "grid" });
  for (const p of players()) {
    for (const [kind, name] of [["hero", "héros"], ["companion", "compagnon"]]) {
      const m = adv.markers && adv.markers[p] && typeof adv.markers[p] === "object" ? adv.markers[p] : {};
      grid.append(field("Marqueur " + name + " de " + p, numberInput(m[kind] === undefined ? (kind === "hero" ? 0 : 7) : m[kind], (v) => {
        const a = adventure();
        if (!a.markers || typeof a.markers !== "object") a.markers = {};
        if (!a.markers[p] || typeof a.markers[p] !== "object") a.markers[p] = {};
        setOrDelete(a.markers[p], kind, v);
        changed(false);
      }, { min: 0, max: 7 }), "adventure.markers." + p + "." + kind));
    }
  }
  markers.append(grid);
  inner.append(markers, checkField("Arène (les départages ont commencé)", adv.arena === true, "adventure.arena", (on) => { adventure().arena = on; changed(true); }));
  box.append(inner);
  return box;
}

function renderTumult(t, i) {
  const path = "adventure.tumult[" + i + "]";
  const legend = is2v2() ? "Tumulte " + (i + 1) + " — " + (TUMULT_SLOTS_2V2[i] || "en trop") : "Tumulte " + (i + 1) + " (régions " + (2 * i + 1) + " et " + (2 * i + 2) + ")";
  const box = holder("fieldset", path, { class: "tumult-form" }, el("legend", {}, legend));
  if (!t || typeof t !== "object") return box;
  const own = () => adventure().tumult[i];
  box.append(
    field("Nom", textInput(t.name, (v) => { own().name = v; changed(false); }), path + ".name"),
    checkField("Face visible", t.face_up === true, path + ".face_up", (on) => { own().face_up = on; changed(false); }),
  );
  [0, 1].forEach((h) => {
    const half = Array.isArray(t.terrains) && Array.isArray(t.terrains[h]) ? t.terrains[h] : [];
    const halfBox = holder("fieldset", path + ".terrains[" + h + "]", { class: "half" }, el("legend", {}, "Moitié " + (h + 1) + (is2v2() ? "" : " (région " + (2 * i + 1 + h) + ")")));
    for (const terrain of TERRAINS) {
      halfBox.append(checkField(TERRAIN_FR[terrain], half.includes(terrain), path + ".terrains." + h + "." + terrain, (on) => {
        const card = own();
        if (!Array.isArray(card.terrains)) card.terrains = [[], []];
        while (card.terrains.length < 2) card.terrains.push([]);
        const current = Array.isArray(card.terrains[h]) ? card.terrains[h].filter((x) => x !== terrain) : [];
        if (on) current.push(terrain);
        card.terrains[h] = TERRAINS.filter((x) => current.includes(x)).concat(current.filter((x) => !TERRAINS.includes(x)));
        changed(false);
      }));
    }
    box.append(halfBox);
  });
  return box;
}

function decisionKind(d) {
  for (const [kind] of DECISION_KINDS) if (d && typeof d === "object" && kind in d) return kind;
  return "pass";
}

export function renderDecisions() {
  const list = Array.isArray(state.doc.decisions) ? state.doc.decisions : [];
  const box = el("details", { class: "panel decisions", id: "decisions-details", open: list.length > 0 }, el("summary", {}, "Décisions (" + list.length + ")"));
  const inner = holder("div", "decisions", {});
  inner.append(el("p", { class: "hint" }, "Les choix des joueurs, dans l'ordre où le moteur les consomme. S'il en manque, le pas-à-pas s'arrête et propose les choix légaux."));
  const ol = el("ol", { class: "decision-list" });
  list.forEach((d, i) => ol.append(renderDecision(list, d, i)));
  inner.append(ol, button("+ Décision", () => {
    if (!Array.isArray(state.doc.decisions)) state.doc.decisions = [];
    state.doc.decisions.push({ player: players()[0], pass: true });
    changed(true);
    document.getElementById("decisions-details").open = true;
  }, { class: "small", "aria-label": "Ajouter une décision" }));
  box.append(inner);
  return box;
}

function renderDecision(list, d, i) {
  const path = "decisions[" + i + "]";
  const item = holder("li", path, { class: "decision" });
  const remove = () => { list.splice(i, 1); changed(true); };
  if (!d || typeof d !== "object") {
    item.append(el("p", {}, "Entrée invalide."), button("Supprimer", remove, { class: "small danger" }));
    return item;
  }
  const kind = decisionKind(d);
  const grid = el("div", { class: "grid" });
  grid.append(
    field("Joueur", select(players().map((p) => [p, p]), d.player || players()[0], (v) => { d.player = v; changed(false); }), path + ".player"),
    field("Décision", select(DECISION_KINDS, kind, (v) => {
      for (const [k] of DECISION_KINDS) delete d[k];
      delete d.expedition; delete d.targets; delete d.ability;
      d[v] = { pass: true, play: "", quick: "", mana: null, keep: [], optional: true, mode: 0 }[v];
      changed(true);
    }), path + ".kind"),
  );
  const cardIdInput = (value, set) => {
    const input = textInput(value, set, { autocomplete: "off", spellcheck: false });
    input.setAttribute("list", "builder-card-ids");
    return input;
  };
  const ids = (v) => idList(v);
  if (kind === "play") {
    grid.append(
      field("Carte jouée", cardIdInput(d.play, (v) => { d.play = v; changed(false); }), path + ".play"),
      field("Expédition", select([["", "—"], ["hero", "Héros"], ["companion", "Compagnon"]], d.expedition || "", (v) => { setOrDelete(d, "expedition", v || null); changed(false); }), path + ".expedition"),
      field("Cibles (identifiants)", textInput(Array.isArray(d.targets) ? d.targets.join(", ") : "", (v) => { const t = ids(v); if (t.length) d.targets = t; else delete d.targets; changed(false); }), path + ".targets"),
    );
  } else if (kind === "quick") {
    grid.append(
      field("Carte", cardIdInput(d.quick, (v) => { d.quick = v; changed(false); }), path + ".quick"),
      field("Capacité n°", numberInput(d.ability === undefined ? 0 : d.ability, (v) => { setOrDelete(d, "ability", v); changed(false); }, { min: 0 }), path + ".ability"),
    );
  } else if (kind === "mana") {
    grid.append(field("Carte(s) en Mana (vide : aucune)", textInput(Array.isArray(d.mana) ? d.mana.join(", ") : d.mana || "", (v) => {
      const t = ids(v);
      d.mana = t.length === 0 ? null : t.length === 1 ? t[0] : t;
      changed(false);
    }), path + ".mana", "wide"));
  } else if (kind === "keep") {
    grid.append(field("Cartes gardées (identifiants)", textInput(Array.isArray(d.keep) ? d.keep.join(", ") : "", (v) => { d.keep = ids(v); changed(false); }), path + ".keep", "wide"));
  } else if (kind === "optional") {
    grid.append(checkField("Oui, le joueur le fait", d.optional === true, path + ".optional", (on) => { d.optional = on; changed(false); }));
  } else if (kind === "mode") {
    grid.append(field("Mode", textInput(d.mode === undefined ? "" : d.mode, (v) => { d.mode = /^\d+$/.test(v.trim()) ? Number(v.trim()) : v; changed(false); }), path + ".mode"));
  }
  const move = (to) => { if (to < 0 || to >= list.length) return; const [x] = list.splice(i, 1); list.splice(to, 0, x); changed(true); };
  item.append(grid, el("div", { class: "actions" },
    button("↑", () => move(i - 1), { class: "small secondary", disabled: i === 0, "aria-label": "Monter la décision " + (i + 1) }),
    button("↓", () => move(i + 1), { class: "small secondary", disabled: i === list.length - 1, "aria-label": "Descendre la décision " + (i + 1) }),
    button("Supprimer", remove, { class: "small danger", "aria-label": "Supprimer la décision " + (i + 1) })));
  return item;
}
