// Abilities and effects without JSON: a form for the whole effect vocabulary the engine plays
// (engine/README.md "Effect verbs", "Abilities"; engine/scenario/check.py). Each form reads back as
// the French sentence of describe.js, updated as the judge types.
import { el, button } from "../lib/dom.js";
import { TRIGGERS, TRIGGER_FR, VERBS, VERB_FR, STATUSES, STATUS_FR, TYPE_FR, CARD_TYPES, PLAYER_ZONES, PUT_ZONES, ZONE_FR, TARGET_KEY, options } from "../lib/vocab.js";
import { field, checkField, select, textInput, numberInput, holder, setOrDelete } from "./fields.js";
import { changed, players, is2v2 } from "./state.js";
import { describeAbility, describeStep, describeEffect } from "./describe.js";

const TARGET_CARD = [["choose", "Ciblée (choisie en jouant)"], ["me", "Moi (cette carte)"], ["id", "Une carte précise (identifiant)"]];
const CONTROLLERS = [["", "N'importe qui"], ["self", "Vous (le contrôleur)"], ["opponent", "Votre adversaire"], ["teammate", "Votre coéquipier (2v2)"]];

function sides() {
  const out = [["self", "Vous"], ["opponent", "Votre adversaire"]];
  if (is2v2()) out.push(["teammate", "Votre coéquipier"]);
  return out;
}

/** A new step of `verb` with its usual parameters. */
export function newStep(verb) {
  const key = TARGET_KEY[verb];
  const step = { action: verb };
  if (key === "target") step.target = "choose";
  if (key === "expedition") step.expedition = "self.hero";
  if (key === "player") step.player = "self";
  if (["draw", "resupply", "gain_counters", "remove_counters"].includes(verb)) step.count = 1;
  if (verb === "gain_counters" || verb === "remove_counters") step.name = "boost";
  if (verb === "gain_status" || verb === "lose_status") step.status = "asleep";
  if (verb === "gain_counters" || verb === "gain_status" || verb === "lose_status" || verb === "remove_counters") step.type = "character";
  if (verb === "choose_one") step.modes = [[newStep("draw")], [newStep("resupply")]];
  if (verb === "internal") { step.cost = { mana: 1 }; step.effect = [newStep("draw")]; }
  if (verb === "put") step.zone = "landmarks";
  return step;
}

/** Live sentence under a form: refreshed by `refresh()` on every input inside `box`. */
function sentence(box, make) {
  const out = el("p", { class: "sentence", "aria-live": "polite" });
  const refresh = () => { out.textContent = make(); };
  box.addEventListener("input", refresh);
  box.addEventListener("change", refresh);
  refresh();
  return out;
}

/** The editor of a list of steps (an effect); `label` names it for screen readers. */
export function stepsEditor(steps, path, label) {
  const box = holder("div", path, { class: "steps" });
  const ol = el("ol", { class: "step-list" });
  steps.forEach((s, i) => ol.append(stepEditor(steps, s, i, path + "[" + i + "]", label)));
  const verb = select(options(VERBS, VERB_FR), "draw", () => {}, { "aria-label": "Verbe de l'étape à ajouter (" + label + ")" });
  box.prepend(ol, el("div", { class: "actions add-step" }, verb,
    button("+ Étape", () => { steps.push(newStep(verb.value)); changed(true); }, { class: "small", "aria-label": "Ajouter une étape à " + label })));
  return box;
}

function stepEditor(steps, step, i, path, label) {
  const item = holder("li", path, { class: "step" });
  const name = label + ", étape " + (i + 1);
  if (!step || typeof step !== "object") {
    item.prepend(el("p", {}, "Étape invalide."), button("Supprimer", () => { steps.splice(i, 1); changed(true); }, { class: "small danger" }));
    return item;
  }
  const grid = el("div", { class: "grid" });
  grid.append(field(["Verbe", "Verbe (" + name + ")"], select(options(VERBS, VERB_FR), step.action, (v) => {
    const fresh = newStep(v);
    for (const k of Object.keys(step)) delete step[k];
    Object.assign(step, fresh);
    changed(true);
  }), path + ".action"));
  const key = TARGET_KEY[step.action];
  if (key === "target") cardTargetFields(grid, step, path, name);
  else if (key === "expedition") expeditionFields(grid, step, path, name);
  else if (key === "player") playerFields(grid, step, path, name);
  if (["draw", "resupply", "gain_counters", "remove_counters"].includes(step.action)) {
    grid.append(field(step.action === "resupply" ? "Nombre de fois" : "Nombre", numberInput(step.count ?? 1, (v) => { setOrDelete(step, "count", v); changed(false); }, { min: 0, max: 100 }), path + ".count"));
  }
  if (step.action === "gain_counters" || step.action === "remove_counters") {
    grid.append(field("Jeton", textInput(step.name, (v) => { setOrDelete(step, "name", v); changed(false); }, { placeholder: "boost" }), path + ".name"));
  }
  if (step.action === "gain_status" || step.action === "lose_status") {
    grid.append(field("Statut", select(options(STATUSES, STATUS_FR), step.status || "asleep", (v) => { step.status = v; changed(false); }), path + ".status"));
  }
  if (step.action === "put") {
    grid.append(field("Zone d'arrivée", select(options(PUT_ZONES, ZONE_FR), step.zone || "landmarks", (v) => { step.zone = v; changed(false); }), path + ".zone"));
  }
  if (step.action === "choose_one") {
    // "Choisissez X" (CR 5.0 6.5.g): X different modes, or the same one again when repeats are allowed
    grid.append(field("Modes à choisir", numberInput(step.choose ?? 1, (v) => { setOrDelete(step, "choose", v === 1 ? null : v); changed(false); }, { min: 1, max: 20 }), path + ".choose"));
  }
  item.prepend(grid);
  item.append(checkField("Facultatif (« vous pouvez »)", step.optional === true, path + ".optional", (on) => { setOrDelete(step, "optional", on || null); changed(false); }));
  item.append(conditionFields(step, path));
  if (step.action === "choose_one") {
    item.append(checkField("Un même mode peut être choisi plusieurs fois", step.repeat === true, path + ".repeat", (on) => { setOrDelete(step, "repeat", on || null); changed(false); }));
    item.append(modesEditor(step, path, name));
  }
  if (step.action === "internal") {
    if (!step.cost || typeof step.cost !== "object") step.cost = {};
    if (!Array.isArray(step.effect)) step.effect = [];
    item.append(el("fieldset", { class: "internal" }, el("legend", {}, "Coût de l'action interne"), costsFields(step.cost, path + ".cost")),
      el("fieldset", { class: "internal" }, el("legend", {}, "Effet de l'action interne"), stepsEditor(step.effect, path + ".effect", name + " (action interne)")));
  }
  item.append(sentence(item, () => describeStep(step)), el("div", { class: "actions" },
    button("↑", () => { move(steps, i, i - 1); }, { class: "small secondary", disabled: i === 0, "aria-label": "Monter " + name }),
    button("↓", () => { move(steps, i, i + 1); }, { class: "small secondary", disabled: i === steps.length - 1, "aria-label": "Descendre " + name }),
    button("Supprimer l'étape", () => { steps.splice(i, 1); changed(true); }, { class: "small danger", "aria-label": "Supprimer " + name })));
  return item;
}

function move(list, from, to) {
  if (to < 0 || to >= list.length) return;
  const [x] = list.splice(from, 1);
  list.splice(to, 0, x);
  changed(true);
}

function narrowFields(grid, step, path, withType) {
  grid.append(field("Parmi les objets de", select(CONTROLLERS.filter(([v]) => v !== "teammate" || is2v2()), step.controller || "", (v) => { setOrDelete(step, "controller", v); changed(false); }), path + ".controller"));
  if (withType) {
    grid.append(field("Type de la cible", select([["", "Toute carte"]].concat(options(CARD_TYPES, TYPE_FR)), step.type || "", (v) => { setOrDelete(step, "type", v); changed(false); }), path + ".type"));
  }
}

function cardTargetFields(grid, step, path, name) {
  const t = step.target;
  const mode = t === "choose" ? "choose" : t === "me" || t === "self" ? "me" : "id";
  grid.append(field(["Cible", "Cible (" + name + ")"], select(TARGET_CARD, mode, (v) => {
    step.target = v === "id" ? "" : v;
    if (v !== "choose") { delete step.choose; delete step.other; delete step.controller; delete step.type; }
    changed(true);
  }), path + ".target"));
  if (mode === "id") {
    const input = textInput(t, (v) => { step.target = v; changed(false); }, { autocomplete: "off", spellcheck: false });
    input.setAttribute("list", "builder-card-ids");
    grid.append(field("Identifiant de la carte visée", input, path + ".target-id"));
  }
  if (mode === "choose") {
    grid.append(field("Combien de cibles", numberInput(step.choose ?? 1, (v) => { setOrDelete(step, "choose", v === 1 ? null : v); changed(false); }, { min: 1, max: 20 }), path + ".choose"));
    narrowFields(grid, step, path, true);
    grid.append(checkField("Une autre (pas cette carte)", step.other === true, path + ".other", (on) => { setOrDelete(step, "other", on || null); changed(false); }));
  }
}

function expeditionFields(grid, step, path, name) {
  const choices = [["choose", "Ciblée (choisie en jouant)"]];
  for (const [side, text] of sides()) {
    choices.push([side + ".hero", "Expédition du Héros — " + text], [side + ".companion", "Expédition du Compagnon — " + text]);
  }
  for (const p of players()) choices.push([p + ".hero", "Expédition du Héros de " + p], [p + ".companion", "Expédition du Compagnon de " + p]);
  sideField(grid, step, path, name, "expedition", "Expédition", choices, "choose");
}

function playerFields(grid, step, path, name) {
  const choices = sides().concat([["choose", "Un joueur ciblé"]], players().map((p) => [p, "Le joueur " + p]));
  sideField(grid, step, path, name, "player", "Joueur", choices, "self");
}

/** The step's `key` (an expedition or a player): fixed, or "choose" narrowed by a controller. */
function sideField(grid, step, path, name, key, label, choices, fallback) {
  const value = step[key] || fallback;
  if (!choices.some(([v]) => v === value)) choices.push([value, String(value)]);
  grid.append(field([label, label + " (" + name + ")"], select(choices, value, (v) => {
    step[key] = v;
    if (v !== "choose") delete step.controller;
    changed(true);
  }), path + "." + key));
  if (value === "choose") narrowFields(grid, step, path, false);
}

/** "si / sauf si" (5.2.3.f): {zone, at_least, at_most} or {first_player}. */
function conditionFields(step, path) {
  const which = step.if ? "if" : step.unless ? "unless" : "";
  const cond = which ? step[which] : null;
  const kind = cond && "first_player" in cond ? "first_player" : "zone";
  const box = holder("fieldset", path + "." + (which || "if"), { class: "condition" }, el("legend", {}, "Condition"));
  const row = el("div", { class: "grid" });
  row.append(field("Condition", select([["", "Aucune"], ["if", "Si…"], ["unless", "Sauf si…"]], which, (v) => {
    const old = cond || { zone: "self.hand", at_least: 1 };
    delete step.if; delete step.unless;
    if (v) step[v] = old;
    changed(true);
  }), path + ".condition"));
  if (cond) {
    const cpath = path + "." + which;
    row.append(field("Porte sur", select([["zone", "le nombre de cartes d'une zone"], ["first_player", "le premier joueur"]], kind, (v) => {
      step[which] = v === "first_player" ? { first_player: "self" } : { zone: "self.hand", at_least: 1 };
      changed(true);
    }), cpath + ".kind"));
    if (kind === "first_player") {
      row.append(field("Premier joueur", select(sides(), cond.first_player || "self", (v) => { cond.first_player = v; changed(false); }), cpath + ".first_player"));
    } else {
      const [side, zone] = String(cond.zone || "self.hand").split(".");
      const setZone = (s, z) => { cond.zone = s + "." + z; changed(false); };
      let curSide = side, curZone = zone;
      row.append(
        field("Chez", select(sides(), side, (v) => { curSide = v; setZone(curSide, curZone); }), cpath + ".zone"),
        field("Zone comptée", select(options(PLAYER_ZONES, ZONE_FR), zone, (v) => { curZone = v; setZone(curSide, curZone); }), cpath + ".zone-name"),
        field("Au moins", numberInput(cond.at_least, (v) => { setOrDelete(cond, "at_least", v); changed(false); }, { min: 0 }), cpath + ".at_least"),
        field("Au plus", numberInput(cond.at_most, (v) => { setOrDelete(cond, "at_most", v); changed(false); }, { min: 0 }), cpath + ".at_most"),
      );
    }
  }
  box.append(row);
  return box;
}

function modesEditor(step, path, name) {
  if (!Array.isArray(step.modes)) step.modes = [];
  const box = holder("fieldset", path + ".modes", { class: "modes" }, el("legend", {}, "Modes (le joueur en choisit un)"));
  step.modes.forEach((mode, k) => {
    if (!Array.isArray(mode)) return;
    box.append(el("div", { class: "mode" }, el("h5", {}, "Mode " + (k + 1)), stepsEditor(mode, path + ".modes[" + k + "]", name + ", mode " + (k + 1)),
      button("Retirer le mode " + (k + 1), () => { step.modes.splice(k, 1); changed(true); }, { class: "small danger" })));
  });
  box.append(button("+ Mode", () => { step.modes.push([newStep("draw")]); changed(true); }, { class: "small", "aria-label": "Ajouter un mode à " + name }));
  return box;
}

/** The costs of a quick action or an internal action (1.1.6.h–j, 2.5.g). */
export function costsFields(q, path) {
  const grid = el("div", { class: "grid costs" });
  grid.append(
    checkField("Épuisez-moi", q.exhaust_me === true, path + ".exhaust_me", (on) => { setOrDelete(q, "exhaust_me", on || null); changed(false); }),
    checkField("Défaussez-moi", q.discard_me === true, path + ".discard_me", (on) => { setOrDelete(q, "discard_me", on || null); changed(false); }),
    field("Mana à payer", numberInput(q.mana ?? 0, (v) => { setOrDelete(q, "mana", v || null); changed(false); }, { min: 0 }), path + ".mana"),
  );
  const spend = q.spend && typeof q.spend === "object" ? q.spend : {};
  const [spendName, spendCount] = Object.entries(spend)[0] || ["boost", 0];
  let name = spendName, count = spendCount;
  const write = () => { if (count > 0 && name) q.spend = { [name]: count }; else delete q.spend; changed(false); };
  grid.append(
    field("Jetons à dépenser", numberInput(spendCount, (v) => { count = v || 0; write(); }, { min: 0 }), path + ".spend"),
    field("Nom du jeton dépensé", textInput(spendName, (v) => { name = v.trim(); write(); }), path + ".spend-name"),
  );
  return grid;
}

/** The abilities of a card: reactions, quick actions, support or not. */
export function abilitiesEditor(card, path) {
  const box = holder("fieldset", path + ".abilities", { class: "abilities" }, el("legend", {}, "Capacités"));
  const list = Array.isArray(card.abilities) ? card.abilities : [];
  list.forEach((a, k) => box.append(abilityEditor(card, list, a, k, path + ".abilities[" + k + "]")));
  box.append(el("div", { class: "actions" },
    button("+ Réaction", () => { addAbility(card, { trigger: "join", effect: [newStep("gain_counters")] }); }, { class: "small", "aria-label": "Ajouter une réaction à " + card.id }),
    button("+ Action rapide", () => { addAbility(card, { quick: { exhaust_me: true }, effect: [newStep("draw")] }); }, { class: "small", "aria-label": "Ajouter une action rapide à " + card.id }),
  ));
  return box;
}

function addAbility(card, ability) {
  if (!Array.isArray(card.abilities)) card.abilities = [];
  card.abilities.push(ability);
  changed(true);
}

function abilityEditor(card, list, a, k, path) {
  const name = "capacité " + (k + 1) + " de " + card.id;
  const box = holder("div", path, { class: "ability" }, el("h4", {}, "Capacité " + (k + 1)));
  if (!a || typeof a !== "object") {
    box.append(button("Supprimer", () => { list.splice(k, 1); changed(true); }, { class: "small danger" }));
    return box;
  }
  const kind = "quick" in a ? "quick" : "reaction";
  const grid = el("div", { class: "grid" });
  grid.append(field(["Genre", "Genre (" + name + ")"], select([["reaction", "Réaction (déclencheur)"], ["quick", "Action rapide (coûts)"]], kind, (v) => {
    if (v === "quick") { delete a.trigger; a.quick = { exhaust_me: true }; } else { delete a.quick; a.trigger = "join"; }
    changed(true);
  }), path + ".kind"));
  if (kind === "reaction") {
    grid.append(field("Déclencheur", select(options(TRIGGERS, TRIGGER_FR), a.trigger || "join", (v) => { a.trigger = v; changed(false); }), path + ".trigger"));
  }
  box.append(grid);
  if (kind === "quick") {
    if (!a.quick || typeof a.quick !== "object") a.quick = {};
    box.append(el("div", { class: "costs-box" }, el("p", { class: "hint" }, "Coûts de l'action rapide"), costsFields(a.quick, path + ".quick")));
  }
  box.append(checkField("Soutien (fonctionne dans la Réserve, 1.2.4.d)", a.support === true, path + ".support", (on) => { setOrDelete(a, "support", on || null); changed(false); }));
  if (!Array.isArray(a.effect)) a.effect = [];
  box.append(stepsEditor(a.effect, path + ".effect", name));
  box.append(sentence(box, () => describeAbility(a)), button("Supprimer la capacité " + (k + 1), () => { list.splice(k, 1); if (!list.length) delete card.abilities; changed(true); }, { class: "small danger", "aria-label": "Supprimer la " + name }));
  return box;
}

/** A spell's effect (the steps it resolves when played). */
export function effectEditor(card, path) {
  const box = holder("fieldset", path + ".effect", { class: "spell-effect" }, el("legend", {}, "Effet du Sort"));
  if (!Array.isArray(card.effect)) card.effect = [];
  box.append(stepsEditor(card.effect, path + ".effect", "effet de " + card.id), sentence(box, () => describeEffect(card.effect) || "(aucun effet)"));
  return box;
}
