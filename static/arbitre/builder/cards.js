// Imported cards in the card editor: find a printed version by its French or English name, fill
// the card's fields from it, and show its printed text beside the ability editor with the encoding
// proposed for each ability (a pattern the engine plays, or what a judge confirmed for that ability
// reference), which the judge confirms before it joins the card. Nothing at all when no card is
// imported (the page then has no data-api-cards). User and export text only become text nodes.
import { el, button, clone } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { fieldId } from "./fields.js";
import { changed, player } from "./state.js";
import { setMessage } from "./status.js";
import { describeAbility, describeEffect } from "./describe.js";

const root = document.getElementById("builder");
const urls = root && root.dataset.apiCards ? { suggest: root.dataset.apiCards, card: root.dataset.apiCard, confirm: root.dataset.apiConfirm } : null;
/** reference -> the card's data (api/cards/<reference>/), or a pending Promise of it. */
const details = new Map();
const SYMBOLS = "{J} lorsque je rejoins la zone d'Expédition · {H} joué depuis la Main · {R} joué depuis la Réserve · {T} m'épuiser · {D} me défausser de la Réserve";

function detail(reference) {
  if (!details.has(reference)) {
    details.set(reference, api("GET", urls.card + encodeURIComponent(reference) + "/").then((r) => {
      if (!r.ok) { details.delete(reference); return null; }
      details.set(reference, r.data);
      return r.data;
    }));
  }
  return Promise.resolve(details.get(reference));
}

/** The card's fields from the version picked (its id, owner, statuses and counters are kept). */
function fill(card, data) {
  // what the version prints replaces what was typed; abilities and a spell's effect stay the judge's
  for (const key of ["hand_cost", "reserve_cost", "stats", "keywords", "token"]) delete card[key];
  const { id, owner, ...fields } = data.card;
  Object.assign(card, clone(fields));
  setMessage(card.id + " : " + data.name + " (" + data.rarity_fr + ", " + data.set_code + "). Ses capacités restent à confirmer sous son texte imprimé.", "ok");
}

/** "Carte imprimée": a combobox suggesting versions as the judge types; a DocumentFragment (nothing) without imported cards. */
export function cardFinder(card, path) {
  if (!urls) return document.createDocumentFragment();
  const id = fieldId(path + ".card_ref");
  const list = el("ul", { class: "card-suggestions", id: id + "-list", role: "listbox", hidden: true, "aria-label": "Versions de cartes" });
  const input = el("input", {
    type: "search", id, autocomplete: "off", spellcheck: false, role: "combobox",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": list.id,
    placeholder: "nom français ou anglais",
  });
  let timer = 0, asked = 0, options = [], active = -1;
  function close() { list.hidden = true; input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant"); active = -1; }
  function highlight(n) {
    active = n;
    options.forEach((o, k) => o.setAttribute("aria-selected", k === n ? "true" : "false"));
    if (options[n]) input.setAttribute("aria-activedescendant", options[n].id);
  }
  async function pick(result) {
    close();
    const data = await detail(result.reference);
    if (!data) { setMessage("Carte introuvable : " + result.reference + ".", "error"); return; }
    fill(card, data);
    changed(true);
    const again = document.getElementById(id);
    if (again) again.focus();
  }
  async function suggest() {
    const q = input.value.trim();
    const mine = ++asked;
    if (!q) { close(); return; }
    const r = await api("GET", urls.suggest + "?q=" + encodeURIComponent(q));
    if (mine !== asked) return; // a later keystroke's answer wins
    const results = r.ok && r.data ? r.data.results : [];
    options = results.map((res, k) => el("li", {
      id: id + "-opt-" + k, role: "option", "aria-selected": "false", class: "card-suggestion",
      onmousedown: (e) => { e.preventDefault(); pick(res); },
    }, el("span", { class: "card-suggestion-name" }, res.name),
       " — " + res.rarity_fr + " · " + res.set_code + " · " + res.type_fr + (res.name_en && res.name_en !== res.name ? " (" + res.name_en + ")" : "")));
    list.replaceChildren(...(options.length ? options : [el("li", { class: "hint", role: "option", "aria-disabled": "true", "aria-selected": "false" }, "Aucune carte importée ne porte ce nom.")]));
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    if (options.length) highlight(0);
    list._results = results;
  }
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(suggest, 120); });
  input.addEventListener("keydown", (e) => {
    if (list.hidden || !options.length) return;
    if (e.key === "ArrowDown") { e.preventDefault(); highlight((active + 1) % options.length); }
    else if (e.key === "ArrowUp") { e.preventDefault(); highlight((active - 1 + options.length) % options.length); }
    else if (e.key === "Enter" && active >= 0) { e.preventDefault(); pick(list._results[active]); }
    else if (e.key === "Escape") { e.stopPropagation(); close(); }
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
  const shown = card.card_ref ? el("p", { class: "hint card-ref" }, "Version : ", el("code", {}, String(card.card_ref))) : null;
  return el("div", { class: "field wide card-finder" }, el("label", { htmlFor: id }, "Carte imprimée (chercher par nom)"), input, list, shown);
}

/** The printed text of the card's version, beside the ability editor, each ability with its proposal. */
export function printedText(card) {
  if (!urls || typeof card.card_ref !== "string") return document.createDocumentFragment();
  const box = el("section", { class: "printed-text", "aria-label": "Texte imprimé de la carte" }, el("h4", {}, "Texte imprimé"), el("p", { class: "hint" }, "Chargement…"));
  detail(card.card_ref).then((data) => {
    if (!data) { box.replaceChildren(el("h4", {}, "Texte imprimé"), el("p", { class: "hint" }, "Cette version n'est plus importée.")); return; }
    box.replaceChildren(...printedNodes(card, data));
  });
  return box;
}

/** Text with the export's # markers (what differs between versions) as <mark>, as text nodes. */
function marked(text) {
  return String(text || "").replace(/\[\[([^\[\]]+)\]\]/g, "$1").split("#").map((chunk, k) => (k % 2 ? el("mark", { class: "differs" }, chunk) : chunk));
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function printedNodes(card, data) {
  const nodes = [el("h4", {}, "Texte imprimé — " + data.name + " (" + data.rarity_fr + ")")];
  const fr = data.texts.fr || {}, en = data.texts.en || {};
  if (!data.texts.fr) nodes.push(el("p", { class: "notice" }, "L'export importé n'a pas le texte français de cette carte."));
  if (data.keywords.length) nodes.push(el("p", { class: "card-keywords" }, "Mots-clés : " + data.keywords.join(", ")));
  if (data.hero && card.owner) {
    // A hero's limits belong to the player (4.2.5.c): offered, never applied behind the judge's back.
    const limits = "Réserve " + data.hero.reserve_limit + ", Repères " + data.hero.landmark_limit;
    nodes.push(el("p", {}, "Limites du héros : " + limits + " ",
      button("En faire le héros de " + card.owner, () => {
        player(card.owner).hero = clone(data.hero);
        setMessage("Héros de " + card.owner + " : " + data.name + " (" + limits + ").", "ok");
        changed(true);
      }, { class: "small secondary" })));
  }
  data.abilities.forEach((a, k) => {
    const text = a.marked.fr || a.marked.en || "";
    const item = el("div", { class: "printed-ability", dataset: { reference: a.reference } },
      el("p", { lang: a.marked.fr ? "fr" : "en" }, a.element === "echo" ? el("strong", {}, "Soutien : ") : null, ...marked(text)));
    if (a.marked.fr && a.marked.en) item.append(el("p", { class: "hint", lang: "en" }, ...marked(a.marked.en)));
    item.append(proposalNode(card, data, a, k));
    nodes.push(item);
  });
  if (!data.abilities.length && !fr.main && !en.main) nodes.push(el("p", { class: "hint" }, "Aucun texte."));
  nodes.push(el("p", { class: "hint" }, SYMBOLS), el("p", {}, el("a", { href: data.url }, "Page de la carte")));
  return nodes;
}

function proposalNode(card, data, a, k) {
  const p = a.proposal;
  if (!p) return el("p", { class: "hint" }, "Aucune proposition : le moteur ne joue pas ce texte tel quel ; encodez-le ci-dessous si besoin.");
  const isEffect = Object.keys(p.encoding).length === 1 && "effect" in p.encoding;
  const sentence = isEffect ? "Effet du Sort : " + describeEffect(p.encoding.effect) : describeAbility(p.encoding);
  const already = isEffect ? same(card.effect, p.encoding.effect) : (Array.isArray(card.abilities) ? card.abilities : []).some((x) => same(x, p.encoding));
  const label = p.source === "confirmed" ? "Encodage confirmé par un juge pour cette capacité" : "Proposition (à confirmer)";
  const node = el("div", { class: "proposal " + p.source }, el("p", {}, el("strong", {}, label + " : "), sentence));
  if (already) { node.append(el("p", { class: "hint" }, "Déjà sur la carte.")); return node; }
  node.append(button(p.source === "confirmed" ? "Utiliser cette capacité" : "Confirmer cette capacité", () => confirm(card, data, a, isEffect),
    { class: "small", "aria-label": (p.source === "confirmed" ? "Utiliser" : "Confirmer") + " la capacité " + (k + 1) + " imprimée sur " + card.id }));
  return node;
}

async function confirm(card, data, a, isEffect) {
  const encoding = clone(a.proposal.encoding);
  if (isEffect) card.effect = encoding.effect;
  else { if (!Array.isArray(card.abilities)) card.abilities = []; card.abilities.push(encoding); }
  if (a.proposal.source !== "confirmed") {
    const r = await api("POST", urls.confirm, { reference: a.reference, card: data.reference, encoding });
    if (r.ok) {
      a.proposal = { encoding, source: "confirmed" };
      setMessage("Capacité confirmée : elle sera proposée pour toute carte qui l'imprime (" + r.data.cards + " version" + (r.data.cards > 1 ? "s" : "") + ").", "ok");
    } else setMessage("Capacité ajoutée à la carte, mais non enregistrée pour les autres : " + r.message, "error");
  } else setMessage("Capacité ajoutée à " + card.id + ".", "ok");
  changed(true);
}
