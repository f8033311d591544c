// A card's abilities and effects as French sentences, the way a printed card reads:
// "Lorsque je rejoins l'Expédition : un Personnage ciblé gagne 1 boost."
// describeCard(card) -> [sentence]; describeAbility(ability), describeEffect(steps) -> sentence.
// Used by the builder (under each form, and on the board's cards) and by the stepper.
import { TRIGGER_FR, STATUS_FR, ZONE_FR, TYPE_FR, TARGET_KEY } from "../lib/vocab.js";

const NOUN = { character: ["Personnage", "m"], permanent: ["Permanent", "m"], spell: ["Sort", "m"], hero: ["Héros", "m"] };
const ZONE_POSSESSIVE = { // "votre Main" / "sa Main"
  hand: ["votre Main", "sa Main"], reserve: ["votre Réserve", "sa Réserve"], landmarks: ["vos Repères", "ses Repères"],
  mana: ["votre zone de Mana", "sa zone de Mana"], deck: ["votre Deck", "son Deck"], discard: ["votre Défausse", "sa Défausse"],
  hero_expedition: ["votre Expédition du Héros", "son Expédition du Héros"],
  companion_expedition: ["votre Expédition du Compagnon", "son Expédition du Compagnon"],
};

function cap(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
function low(text) { return text ? text.charAt(0).toLowerCase() + text.slice(1) : text; }
function plural(n, one, many) { return n + " " + (n > 1 ? many : one); }
function num(v, fallback) { return typeof v === "number" && isFinite(v) ? v : fallback; }

/** Who a side names, as a subject: {text, self} ("vous" conjugates as an imperative). */
function playerSubject(spec, step) {
  if (spec === undefined || spec === null || spec === "self") return { text: "vous", self: true };
  if (spec === "opponent") return { text: "votre adversaire" };
  if (spec === "teammate") return { text: "votre coéquipier" };
  if (spec === "choose") {
    const c = step && step.controller;
    return { text: c === "opponent" ? "un adversaire ciblé" : c === "teammate" ? "votre coéquipier" : "un joueur ciblé" };
  }
  return { text: "le joueur " + spec };
}

/** A card target: {subject, object, me, many}. */
function cardTarget(step) {
  const t = step.target;
  if (t === undefined || t === null || t === "") return { subject: "(cible à choisir)", object: "(cible à choisir)" };
  if (t === "me" || t === "self") return { subject: "je", object: "moi", me: true };
  if (t === "choose") {
    const n = Math.max(1, num(step.choose, 1));
    const [noun, gender] = NOUN[step.type] || ["carte", "f"];
    const f = gender === "f";
    const nouns = noun === "Héros" ? noun : noun + "s";
    const other = step.other === true;
    let owner = "";
    if (step.controller === "self") owner = n > 1 ? " que vous contrôlez" : " que vous contrôlez";
    else if (step.controller === "opponent") owner = n > 1 ? " adverses" : " adverse";
    else if (step.controller === "teammate") owner = " de votre coéquipier";
    const chosen = n > 1 ? (f ? " ciblées" : " ciblés") : (f ? " ciblée" : " ciblé");
    const text = n > 1
      ? n + (other ? " autres " : " ") + nouns + owner + chosen
      : (f ? "une " : "un ") + (other ? (f ? "autre " : "autre ") : "") + noun + owner + chosen;
    return { subject: text, object: text, many: n > 1 };
  }
  return { subject: "la carte " + t, object: "la carte " + t };
}

function expeditionText(spec, step) {
  if (spec === "choose") {
    const c = step.controller;
    return "une Expédition" + (c === "self" ? " que vous contrôlez" : c === "opponent" ? " adverse" : "") + " ciblée";
  }
  const [side, kind] = String(spec || "").split(".");
  const which = kind === "companion" ? "du Compagnon" : kind === "hero" ? "du Héros" : "(à préciser)";
  if (side === "self") return "votre Expédition " + which;
  if (side === "opponent") return "l'Expédition " + which + " adverse";
  if (side === "teammate") return "l'Expédition " + which + " de votre coéquipier";
  return "l'Expédition " + which + (side ? " de " + side : "");
}

function counterName(name, n) {
  const word = name || "jeton";
  return n > 1 && !/s$/.test(word) ? word + "s" : word;
}

/** The condition of a step (5.2.3.f): "si vous avez au moins 2 cartes dans votre Main". */
export function describeCondition(c) {
  if (!c || typeof c !== "object") return "";
  if ("first_player" in c) {
    const who = playerSubject(c.first_player);
    return who.self ? "si vous êtes le premier joueur" : "si " + who.text + " est le premier joueur";
  }
  const [side, zone] = String(c.zone || "").split(".");
  const who = playerSubject(side || "self");
  const places = ZONE_POSSESSIVE[zone] || [ZONE_FR[zone] || "(zone à préciser)", ZONE_FR[zone] || "(zone à préciser)"];
  const place = who.self ? places[0] : places[1];
  let amount;
  const lo = typeof c.at_least === "number" ? c.at_least : null;
  const hi = typeof c.at_most === "number" ? c.at_most : null;
  if (lo !== null && hi !== null) amount = "entre " + lo + " et " + hi + " cartes";
  else if (lo !== null) amount = "au moins " + plural(lo, "carte", "cartes");
  else if (hi !== null) amount = "au plus " + plural(hi, "carte", "cartes");
  else amount = "des cartes";
  return "si " + who.text + (who.self ? " avez " : " a ") + amount + " dans " + place;
}

function costsText(q) {
  if (!q || typeof q !== "object") return "";
  const parts = [];
  if (q.exhaust_me) parts.push("épuisez-moi");
  if (q.discard_me) parts.push("défaussez-moi");
  if (num(q.mana, 0) > 0) parts.push("payez " + q.mana);
  for (const [name, n] of Object.entries(q.spend && typeof q.spend === "object" ? q.spend : {})) {
    parts.push("dépensez " + n + " " + counterName(name, n));
  }
  return parts.join(", ") || "sans coût";
}

/** One step, without its final period. */
export function describeStep(step) {
  if (!step || typeof step !== "object") return "(étape invalide)";
  const verb = step.action;
  let text;
  const count = Math.max(0, num(step.count, 1));
  if (verb === "draw" || verb === "resupply") {
    const who = playerSubject(step.player, step);
    if (verb === "draw") {
      const cards = plural(count, "carte", "cartes");
      text = who.self ? "piochez " + cards : who.text + " pioche " + cards;
    } else {
      const times = count > 1 ? " " + count + " fois" : "";
      text = who.self ? "ravitaillez" + times : who.text + " se ravitaille" + times;
    }
  } else if (verb === "move_forward" || verb === "move_backward") {
    text = expeditionText(step.expedition, step) + (verb === "move_forward" ? " avance" : " recule");
  } else if (["discard", "sabotage", "sacrifice"].includes(verb)) {
    const t = cardTarget(step);
    const imperative = { discard: "défaussez", sabotage: "sabotez", sacrifice: "sacrifiez" }[verb];
    text = t.me ? imperative + "-moi" : imperative + " " + t.object;
  } else if (verb === "gain_counters" || verb === "remove_counters") {
    const t = cardTarget(step);
    const what = count + " " + counterName(step.name, count);
    const conj = t.me ? (verb === "gain_counters" ? "gagne" : "perds") : t.many
      ? (verb === "gain_counters" ? "gagnent" : "perdent") : (verb === "gain_counters" ? "gagne" : "perd");
    text = t.subject + " " + conj + " " + what;
  } else if (verb === "gain_status" || verb === "lose_status") {
    const t = cardTarget(step);
    const status = STATUS_FR[step.status] || step.status || "(statut à choisir)";
    if (verb === "gain_status") text = t.subject + (t.me ? " deviens " : t.many ? " deviennent " : " devient ") + status;
    else text = t.subject + (t.me ? " ne suis plus " : t.many ? " ne sont plus " : " n'est plus ") + status;
  } else if (verb === "choose_one") {
    const modes = Array.isArray(step.modes) ? step.modes : [];
    const x = Math.max(1, num(step.choose, 1));
    const head = x === 1 ? "choisissez-en un" : "choisissez-en " + x + (step.repeat === true ? " (un même mode peut revenir)" : "");
    text = head + " : " + modes.map((m, k) => "(" + (k + 1) + ") " + describeSteps(Array.isArray(m) ? m : [])).join(" ; ");
  } else if (verb === "put") {
    const t = cardTarget(step);
    const where = ZONE_FR[step.zone] || step.zone || "(zone à choisir)";
    text = (t.me ? "mettez-moi" : "mettez " + t.object) + " dans la zone : " + where;
  } else if (verb === "internal") {
    text = "action interne — " + costsText(step.cost) + " : " + low(describeSteps(Array.isArray(step.effect) ? step.effect : []));
  } else {
    text = "(verbe inconnu : " + String(verb) + ")";
  }
  const key = TARGET_KEY[verb];
  if (key && step[key] === "choose" && step.type && verb !== "draw" && key !== "target") text += " (" + (TYPE_FR[step.type] || step.type) + ")";
  if (step.optional === true) text = "vous pouvez : " + text;
  if (step.if) text = describeCondition(step.if) + ", " + text;
  if (step.unless) text = "sauf " + describeCondition(step.unless) + ", " + text;
  return text;
}

function describeSteps(steps) {
  return steps.map((s, i) => (i === 0 ? describeStep(s) : cap(describeStep(s)))).join(". ") || "(aucun effet)";
}

/** A spell's effect (or any list of steps) as one sentence: "Piochez 1 carte. Sabotez une carte ciblée." */
export function describeEffect(steps) {
  if (!Array.isArray(steps) || !steps.length) return "";
  return cap(describeSteps(steps)) + ".";
}

/** One ability: a reaction, a quick action, support or not. */
export function describeAbility(a) {
  if (!a || typeof a !== "object") return "(capacité invalide)";
  const effect = describeSteps(Array.isArray(a.effect) ? a.effect : []) + ".";
  let head;
  if ("trigger" in a) head = TRIGGER_FR[a.trigger] || "Lorsque… (déclencheur à choisir)";
  else if ("quick" in a) head = "Action rapide — " + cap(costsText(a.quick));
  else head = "Capacité";
  let text = head + " : " + low(effect);
  if (a.support === true) text = "Soutien — " + text;
  if (Array.isArray(a.zones) && a.zones.length) text += " (active " + a.zones.map((z) => "en " + (ZONE_FR[z] || z)).join(", ") + ")";
  return text;
}

/** Every sentence a card's text would print: keywords, abilities, a spell's effect. */
export function describeCard(card) {
  if (!card || typeof card !== "object") return [];
  const out = [];
  const words = Array.isArray(card.keywords) ? card.keywords.filter((k) => typeof k === "string") : [];
  if (words.length) out.push(words.map((k) => cap(STATUS_FR[k] || k)).join(", ") + ".");
  for (const a of Array.isArray(card.abilities) ? card.abilities : []) out.push(describeAbility(a));
  if (Array.isArray(card.effect) && card.effect.length) out.push(describeEffect(card.effect));
  return out;
}
