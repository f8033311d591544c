// A card's abilities and effects as French sentences, worded as the engine words them
// (engine.text card_text: the training questions and the ruling page) with the seeds' nouns:
// "Lorsque je rejoins la zone d'Expédition : Un Personnage ciblé gagne 1 jeton Boost." (1.1.6.e, 2.5.e).
// The builder words the card live, as the judge types; tests/judge/test_describe_js.py holds these
// sentences to the engine's for every card of every fixture. Unlike the engine, an unfinished card
// (no target yet, an unknown verb) is worded too, saying what is missing.
//
// describeCard(card, names) -> [line]; describeAbility(ability, names, me, number), describeEffect(steps,
// names, me) -> line; describeStep(step, names, me) -> sentence without its final period. `names`: card
// id -> name, an object or a Map (« Martyr (m1) »), optional; `me`: the card's own name (« moi (Martyr) »).
// Used by the builder (under each form, and on the board's cards), the stepper and choices.js.
import { TRIGGER_FR, STATUS_FR, ZONE_FR, TYPE_FR } from "../lib/vocab.js";

function cap(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }
function isObject(v) { return !!v && typeof v === "object" && !Array.isArray(v); }

/** A player of a card's text, seen from its controller. */
function side(spec) {
  return { self: "vous", opponent: "votre adversaire", teammate: "votre coéquipier", choose: "le joueur ciblé" }[spec] || String(spec);
}

/** The player a draw or a resupply names: a chosen one says whom it may be (its `controller`). */
function player(step) {
  if (step.player === "choose" && step.controller === "opponent") return "un adversaire ciblé";
  if (step.player === "choose" && step.controller === "teammate") return "votre coéquipier";
  return side(step.player);
}

const PLURAL_ZONES = ["Repères"];

function article(thing) {
  if (PLURAL_ZONES.includes(thing)) return "les " + thing;
  if (thing && "AEÉIOU".includes(thing.charAt(0))) return "l'" + thing;
  return (["Main", "Réserve", "Défausse", "Zone de Mana"].includes(thing) ? "la " : "le ") + thing;
}

/** « votre Main », « vos Repères », « la Main de votre adversaire ». */
function owned(who, thing) {
  if (who === "self") return (PLURAL_ZONES.includes(thing) ? "vos " : "votre ") + thing;
  return article(thing) + " de " + side(who);
}

function zoneName(zone) { return ZONE_FR[zone] || String(zone || "(zone à préciser)"); }

function cardLabel(id, names) {
  const name = names instanceof Map ? names.get(id) : names && names[id];   // board/names.js gives a Map
  return name && name !== id ? `${name} (${id})` : String(id);
}

/** The condition of a step (5.2.3.f); « à moins que » takes the subjunctive. */
export function describeCondition(c, subjunctive = false) {
  if (!isObject(c)) return String(c);
  const parts = [];
  if ("zone" in c) {
    const [who, ...rest] = String(c.zone).split(".");
    const where = owned(who, zoneName(rest.join(".")));
    const subject = subjunctive ? (who === "self" ? "vous n'ayez" : side(who) + " n'ait") : (who === "self" ? "vous avez" : side(who) + " a");
    if ("at_least" in c && "at_most" in c) parts.push(`${subject} entre ${c.at_least} et ${c.at_most} cartes dans ${where}`);
    else if ("at_most" in c) parts.push(`${subject} au plus ${plural(c.at_most, "carte", "cartes")} dans ${where}`);
    else parts.push(`${subject} au moins ${plural("at_least" in c ? c.at_least : 0, "carte", "cartes")} dans ${where}`);
  }
  if ("first_player" in c) {
    const who = c.first_player;
    if (subjunctive) parts.push(who === "self" ? "vous ne soyez le premier joueur" : side(who) + " ne soit le premier joueur");
    else parts.push(who === "self" ? "vous êtes le premier joueur" : side(who) + " est le premier joueur");
  }
  return parts.join(" et ") || "?";
}

/** The object a step acts on: a card of the board, « moi », or the target chosen. {text, many} */
function target(step, names, me) {
  const t = step.target;
  if (t === "me") return { text: me ? `moi (${me})` : "moi" };
  if (t === undefined || t === null || t === "") return { text: "(cible à choisir)" };
  if (t !== "choose") return { text: cardLabel(t, names) };
  const count = Number.isInteger(step.choose) ? step.choose : 1;
  const kind = (step.type && TYPE_FR[step.type]) || "objet";
  const other = step.other === true;
  let words;
  if (count === 1) words = `un ${other ? "autre " : ""}${kind} ciblé`;
  else words = `${count} ${other ? "autres " : ""}${/s$/.test(kind) ? kind : kind + "s"} ciblés`;
  if (step.controller === "self") words += " que vous contrôlez";
  else if (step.controller) words += ` que ${side(step.controller)} contrôle`;
  return { text: words, many: count > 1 };
}

function expedition(value, step) {
  if (value === "choose") {
    const c = step.controller;
    return "une Expédition ciblée" + (c === "self" ? " que vous contrôlez" : c ? ` que ${side(c)} contrôle` : "");
  }
  if (value === undefined || value === null || value === "") return "(Expédition à choisir)";
  const [who, kind] = String(value).split(".");
  const name = kind === "hero" ? "Expédition du Héros" : "Expédition du Compagnon";
  if (who === "self") return "votre " + name;
  return `l'${name} de ${side(who)}`;
}

/** The costs of a quick action or an internal action (1.1.6.h–j, 2.5.g): « Épuisez-moi, payez 1
 * mana », or in the infinitive after « vous pouvez ». */
export function describeCosts(cost, infinitive = false) {
  const q = isObject(cost) ? cost : {};
  const verbs = infinitive ? ["m'épuiser", "me défausser", "payer", "dépenser"] : ["épuisez-moi", "défaussez-moi", "payez", "dépensez"];
  const parts = [];
  if (q.exhaust_me) parts.push(verbs[0]);
  if (q.discard_me) parts.push(verbs[1]);
  if (q.mana) parts.push(`${verbs[2]} ${q.mana} mana`);
  for (const [name, n] of Object.entries(isObject(q.spend) ? q.spend : {})) {
    parts.push(`${verbs[3]} ${plural(n, "jeton " + cap(name), "jetons " + cap(name))}`);
  }
  if (!parts.length) return infinitive ? "sans coût" : "Sans coût";
  return infinitive ? parts.join(", ") : cap(parts.join(", "));
}

const PUT_VERBS = {
  discard: ["défaussez", "défausser"], sabotage: ["sabotez", "saboter"], sacrifice: ["sacrifiez", "sacrifier"], put: ["mettez", "mettre"],
};

/** One step, whole: its verb, the player or object concerned, its condition, whether it is optional,
 * its modes; capitalised, without its final period. */
export function describeStep(step, names, me = "") {
  if (!isObject(step)) return "(étape invalide)";
  const action = step.action;
  const count = Number.isInteger(step.count) ? step.count : 1;
  const optional = step.optional === true;
  const meTarget = step.target === "me";
  const cards = plural(count, "carte", "cartes");
  const self = step.player === undefined || step.player === null || step.player === "self";
  let text;
  let optionalDone = false;
  if ((action === "draw" || action === "resupply") && self) {
    const verb = { draw: ["piochez", "piocher"], resupply: ["ravitaillez", "vous ravitailler"] }[action];
    text = verb[optional ? 1 : 0] + (action === "draw" ? " " + cards : count > 1 ? ` ${count} fois` : "");
    optionalDone = optional;
  } else if (action === "draw") {
    text = `${player(step)} pioche ${cards}`;
  } else if (action === "resupply") {
    text = `${player(step)} se ravitaille` + (count > 1 ? ` ${count} fois` : "");
  } else if (action in PUT_VERBS) {
    const verb = PUT_VERBS[action][optional ? 1 : 0];
    if (meTarget) text = (optional ? "me " + verb : verb + "-moi") + (me ? ` (${me})` : "");
    else text = verb + " " + target(step, names, me).text;
    if (action === "put") text += " dans " + owned("self", step.zone ? zoneName(step.zone) : "(zone à choisir)");
    optionalDone = optional;
  } else if (action === "gain_counters" || action === "remove_counters") {
    const name = cap(String(step.name || ""));
    const tokens = plural(count, "jeton " + name, "jetons " + name);
    const gain = action === "gain_counters";
    if (meTarget) text = `je ${gain ? "gagne" : "perds"} ${tokens}` + (me ? ` (${me})` : "");
    else {
      const t = target(step, names, me);
      text = `${t.text} ${gain ? (t.many ? "gagnent" : "gagne") : (t.many ? "perdent" : "perd")} ${tokens}`;
    }
  } else if (action === "gain_status" || action === "lose_status") {
    const status = STATUS_FR[step.status] || String(step.status || "(statut à choisir)");
    const gain = action === "gain_status";
    if (meTarget) text = `je${me ? ` (${me})` : ""} ${gain ? "gagne" : "perds"} le statut ${status}`;
    else {
      const t = target(step, names, me);
      text = `${t.text} ${gain ? (t.many ? "gagnent" : "gagne") : (t.many ? "perdent" : "perd")} le statut ${status}`;
    }
  } else if (action === "move_forward" || action === "move_backward") {
    text = `${expedition(step.expedition, step)} ${action === "move_forward" ? "avance" : "recule"}`;
  } else if (action === "choose_one") {
    const n = Number.isInteger(step.choose) ? step.choose : 1;
    const modes = Array.isArray(step.modes) ? step.modes : [];
    const listed = modes.map((mode, k) => `mode ${k + 1} : « ${(Array.isArray(mode) ? mode : []).map((s) => describeStep(s, names, me)).join(". ")} »`).join(" ; ");
    const again = step.repeat === true ? ", le même plusieurs fois si vous voulez" : "";
    text = `choisissez-en ${n === 1 ? "un" : n}${again} — ${listed}`;
  } else if (action === "internal") {
    const inner = (Array.isArray(step.effect) ? step.effect : []).map((s) => describeStep(s, names, me)).join(". ");
    text = `vous pouvez ${describeCosts(step.cost, true)} pour : « ${inner} »`;
  } else {
    text = "(verbe inconnu : " + String(action) + ")";
  }
  if (optional && optionalDone) text = "vous pouvez " + text;
  else if (optional) text = "vous pouvez choisir que : " + text;
  if (step.if) text = `si ${describeCondition(step.if)}, ${text}`;
  if (step.unless) text = `${text}, à moins que ${describeCondition(step.unless, true)}`;
  return cap(text);
}

/** A spell's effect (or any list of steps): "Piochez 1 carte. Sabotez un objet ciblé." ("" when empty). */
export function describeEffect(steps, names, me = "") {
  if (!Array.isArray(steps) || !steps.length) return "";
  return steps.map((s) => describeStep(s, names, me)).join(". ") + ".";
}

/** One ability: a reaction with its trigger, or a quick action (`number`: its rank among the card's
 * quick actions, from 1 as on the board) with its costs, and where it works. */
export function describeAbility(a, names, me = "", number = null) {
  if (!isObject(a)) return "(capacité invalide)";
  const effect = describeEffect(a.effect, names, me) || "(aucun effet).";
  let where = "";
  if (Array.isArray(a.zones) && a.zones.length) where = ` (fonctionne dans : ${a.zones.map(zoneName).join(", ")})`;
  else if (a.support === true) where = " (Soutien : fonctionne depuis la Réserve)";
  if ("quick" in a) return `Action rapide${number ? " " + number : ""}${where} — ${describeCosts(a.quick)} : ${effect}`;
  const head = "trigger" in a ? TRIGGER_FR[a.trigger] || "Lorsque… (déclencheur à choisir)" : "Capacité";
  return `${head}${where} : ${effect}`;
}

/** A card's text, one line an ability: keywords, reactions, quick actions numbered from 1, a spell's effect. */
export function describeCard(card, names) {
  if (!isObject(card)) return [];
  const me = card.name || card.id || "";
  const out = [];
  const words = Array.isArray(card.keywords) ? card.keywords.filter((k) => typeof k === "string") : [];
  // Fugace first, as the engine lists it (2.4.6), then the others in the card's order.
  for (const k of [...words.filter((w) => w === "fleeting"), ...words.filter((w) => w !== "fleeting")]) {
    out.push(`${cap(STATUS_FR[k] || k)} (mot-clé)`);
  }
  let quick = 0;
  for (const a of Array.isArray(card.abilities) ? card.abilities : []) {
    if (!isObject(a)) continue;
    out.push(describeAbility(a, names, me, "quick" in a ? ++quick : null));
  }
  if (Array.isArray(card.effect) && card.effect.length) out.push("Effet : " + describeEffect(card.effect, names, me));
  return out;
}
