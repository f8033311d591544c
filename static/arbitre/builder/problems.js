// The live check: the document goes to /api/check/ (debounced); each problem is shown beside the
// field its path names, and listed in a summary whose links open that field. Every problem of the
// engine has a `code` and is shown as the engine wrote it, its rules as data in `rules`. Warnings are
// what the rules allow but is likely a mistake (a marker on a face-down region, a card without a name).
import { el } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { ZONE_FR, TERRAIN_FR, STATUS_FR } from "../lib/vocab.js";
import { state, cardAtPath, is2v2, placedCards, players } from "./state.js";
import { pathNodes, fieldId } from "./fields.js";
import { setCheckStatus } from "./status.js";

const CHECK_DELAY_MS = 300;
let timer = null, seq = 0;
// What the toolbar may say of the board as it is now: "pending" from a change until the check of
// that change answers, "done" once it has, or the reason the last check failed. Between a change
// and its answer the marks of the last answer stay on screen, but never its verdict: « aucun
// problème » (or « 1 problème ») said of a board the engine has not seen yet would be a guess.
let verdict = "done";
let hooks = { openCard() {}, boardRoot: () => null };
export const summary = el("div", { class: "problem-summary", id: "problem-summary", hidden: true, role: "region", "aria-label": "Problèmes et avertissements" });

export function setHooks(h) { hooks = Object.assign(hooks, h); }

export function scheduleCheck() {
  clearTimeout(timer);
  // a check already on its way was sent with the board before this change: its answer is dropped
  seq += 1;
  verdict = "pending";
  setCheckStatus("Vérification…", "pending");
  timer = setTimeout(runCheck, CHECK_DELAY_MS);
}

export async function runCheck() {
  clearTimeout(timer);
  const mine = ++seq;
  verdict = "pending";
  setCheckStatus("Vérification…", "pending");
  const result = await api("POST", document.getElementById("builder").dataset.apiCheck, { document: state.doc });
  if (mine !== seq) return;
  if (result.ok && result.data && Array.isArray(result.data.problems)) state.problems = result.data.problems;
  else if (result.status === 413) state.problems = [{ path: "$", code: "too_large", message: "Scénario trop volumineux : " + result.message }];
  else if (result.status === 422 && result.data && Array.isArray(result.data.problems)) state.problems = result.data.problems;
  else {
    verdict = "Vérification impossible : " + result.message;
    setCheckStatus(verdict, "error");
    return;
  }
  verdict = "done";
  state.checked = true;
  showProblems();
}

// ---- where a problem is ----
// Every problem of the engine has a `code` and its French `message`, written once in
// engine/scenario/problems.py; the builder shows that message as it is (a card the engine names is
// named by its place already, « la carte 1 de la Main de A »), and reads `code` and `rules` as data.
const FIELD_FR = {
  name: "Nom", id: "Identifiant", type: "Type", owner: "Propriétaire", hand_cost: "Coût en Main", reserve_cost: "Coût en Réserve",
  stats: "Statistiques", statuses: "Statuts", counters: "Jetons", keywords: "Mots-clés", token: "Jeton", abilities: "Capacités",
  effect: "effet", trigger: "déclencheur", quick: "coûts", action: "verbe", target: "cible", expedition: "expédition", player: "joueur",
  count: "nombre", choose: "nombre de cibles", controller: "parmi les objets de", status: "statut", optional: "facultatif",
  if: "condition", unless: "condition", modes: "modes", cost: "coût", mana: "mana", spend: "jetons dépensés",
  reserve_limit: "Limite de Réserve", landmark_limit: "Limite de Repères", hero: "Héros", passed: "a passé",
  face_up: "face visible", terrains: "terrains", markers: "marqueurs", arena: "Arène", at_least: "au moins", at_most: "au plus",
  day: "Jour", phase: "Phase", mode: "Mode", first_player: "Premier joueur", seed: "Graine", rules: "Jeu de règles", format: "Format",
  play: "carte jouée", keep: "cartes gardées", ability: "capacité", decisions: "Décisions", adventure: "Aventure", limbo: ZONE_FR.limbo,
  "@title": "Titre", "@description": "Description", "@tags": "Étiquettes", "@visibility": "Visibilité",
  ...TERRAIN_FR, ...STATUS_FR,
};

/** Where a JSON path is, in the judge's words: "Carte a1 (Main de A) · capacité 1, étape 2, cible". */
export function placeOf(path) {
  const p = String(path || "");
  if (p === "$" || p === "") return "Scénario";
  if (p.startsWith("@")) return FIELD_FR[p] || p;
  const at = cardAtPath(p);
  if (at) {
    const rest = p.slice(at.path.length).replace(/^\./, "");
    const where = at.p === null ? ZONE_FR.limbo : (ZONE_FR[at.zone] || at.zone) + " de " + at.p;
    const name = at.card.name ? " « " + at.card.name + " »" : "";
    return "Carte " + (at.card.id || "sans identifiant") + name + " (" + where + ")" + (rest ? " · " + partsOf(rest) : "");
  }
  let m = p.match(/^adventure\.markers\.([^.]+)\.(hero|companion)/);
  if (m) return "Marqueur " + (m[2] === "hero" ? "du Héros" : "du Compagnon") + " de " + m[1];
  m = p.match(/^adventure\.tumult\[(\d+)\](.*)$/);
  if (m) return "Tumulte " + (Number(m[1]) + 1) + (m[2] ? " · " + partsOf(m[2].replace(/^\./, "")) : "");
  m = p.match(/^decisions\[(\d+)\](.*)$/);
  if (m) return "Décision " + (Number(m[1]) + 1) + (m[2] ? " · " + partsOf(m[2].replace(/^\./, "")) : "");
  m = p.match(/^players\.([^.[]+)(?:\.(.*))?$/);
  if (m) return "Joueur " + m[1] + (m[2] ? " · " + partsOf(m[2]) : "");
  return partsOf(p);
}

function partsOf(rest) {
  const out = [];
  for (const part of rest.split(/\.(?![^[]*\])/)) {
    const m = part.match(/^([^[]+)((?:\[\d+\])*)$/);
    if (!m) { out.push(part); continue; }
    const idx = [...m[2].matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]) + 1);
    const word = { abilities: "capacité", effect: "étape", modes: "mode", hand: "carte" }[m[1]];
    if (word && idx.length) out.push(word + " " + idx[0]);
    else out.push((FIELD_FR[m[1]] || ZONE_FR[m[1]] || m[1]) + (idx.length ? " " + idx.join(", ") : ""));
  }
  return out.join(", ");
}

// ---- warnings (client side) ----
export function warnings() {
  const out = [];
  const adv = state.doc.adventure && typeof state.doc.adventure === "object" ? state.doc.adventure : null;
  if (adv && !adv.arena && adv.markers && typeof adv.markers === "object") {
    const tumult = Array.isArray(adv.tumult) ? adv.tumult : [];
    for (const p of players()) {
      const m = adv.markers[p];
      if (!m || typeof m !== "object") continue;
      for (const kind of ["hero", "companion"]) {
        const r = m[kind];
        if (typeof r !== "number" || r < 1 || r > 6) continue;
        // the Tumult card under position r: 1v1 card (r-1)/2; 2v2 the player's own path (board.js)
        const t = tumult[is2v2() ? window.ArbitreBoard.path2v2(p)[r][1] : Math.floor((r - 1) / 2)];
        if (t && typeof t === "object" && t.face_up !== true) {
          out.push({ path: "adventure.markers." + p + "." + kind, warning: true,
            message: "la région " + r + " est face cachée : une Expédition qui y entre la retourne (4.2.4) ; retournez " + (t.name || "la carte Tumulte") + " si la partie en est là." });
        }
      }
    }
  }
  for (const { card, zone, path } of placedCards()) {
    if (zone === "mana") continue;
    if (!card.name) out.push({ path: path + ".name", warning: true, message: "carte sans nom : le journal la nommera par son identifiant (" + (card.id || "?") + ")." });
  }
  return out;
}

// ---- showing them ----
function parentPath(path) {
  const m = path.match(/^(.*?)(\.[^.[\]]+|\[\d+\])$/);
  return m ? m[1] : "";
}

function targetOf(path) {
  for (let p = path; p; p = parentPath(p)) {
    const node = pathNodes.get(p);
    if (node && node.isConnected) return node;
  }
  return null;
}

/** Open what shows `path` and put the focus on its control. */
export function goTo(path) {
  const at = cardAtPath(path);
  if (at) hooks.openCard(at.card);
  if (/^adventure\./.test(path)) { const d = document.getElementById("adventure-details"); if (d) d.open = true; }
  if (/^decisions/.test(path)) { const d = document.getElementById("decisions-details"); if (d) d.open = true; }
  const node = targetOf(path);
  if (!node) return;
  const control = node.querySelector("input, select, textarea, button") || node;
  node.scrollIntoView({ block: "center" });
  if (control.focus) control.focus();
}

export function showProblems() {
  const root = document.getElementById("builder");
  for (const node of root.querySelectorAll(".problem-slot")) node.replaceChildren();
  for (const node of root.querySelectorAll(".has-problem, .has-warning")) node.classList.remove("has-problem", "has-warning");
  for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  const all = state.problems.concat(warnings());
  const list = el("ul", {});
  const perCard = new Map();
  for (const problem of all) {
    const path = String(problem.path || "");
    // written for the judge already (engine/scenario/problems.py, or the site's own refusals): shown as it is
    const text = String(problem.message || "");
    const target = targetOf(path);
    if (target) {
      const slot = target.querySelector(":scope > .problem-slot");
      if (slot) slot.append(el("p", { class: problem.warning ? "warning" : "problem" }, (target.dataset.path !== path ? placeOf(path) + " : " : "") + text));
      target.classList.add(problem.warning ? "has-warning" : "has-problem");
      if (!problem.warning) {
        const control = target.querySelector(":scope > input, :scope > select, :scope > textarea");
        if (control) control.setAttribute("aria-invalid", "true");
      }
    }
    const at = cardAtPath(path);
    if (at && !problem.warning) perCard.set(at.path, (perCard.get(at.path) || 0) + 1);
    const link = el("a", { href: "#" + fieldId(path), onclick(e) { e.preventDefault(); goTo(path); } }, placeOf(path));
    list.append(el("li", { class: problem.warning ? "warning" : "problem" }, problem.warning ? "Avertissement — " : "", link, " : ", text));
  }
  const board = hooks.boardRoot();
  if (board) {
    for (const node of board.querySelectorAll(".card-badge")) node.remove();
    for (const [path, count] of perCard) {
      const card = board.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (card) card.append(el("span", { class: "card-badge", title: count + (count > 1 ? " problèmes" : " problème") }, "⚠ " + count));
    }
    for (const w of all.filter((x) => x.warning && /^adventure\.markers\./.test(x.path))) {
      const [, , p, kind] = w.path.split(".");
      const marker = board.querySelector(`[data-marker="${CSS.escape(p + "." + kind)}"]`);
      if (marker) marker.classList.add("has-warning");
    }
  }
  const errors = state.problems.length, warns = all.length - errors;
  summary.replaceChildren(el("h2", {}, "À vérifier"), list);
  summary.hidden = all.length === 0;
  // the board is redrawn at each change (main.js), before the check of that change has answered
  if (verdict === "pending") { setCheckStatus("Vérification…", "pending"); return; }
  if (verdict !== "done") { setCheckStatus(verdict, "error"); return; }
  let text = errors === 0 ? "Plateau jouable : aucun problème." : errors + (errors > 1 ? " problèmes" : " problème") + " : le plateau peut être enregistré comme brouillon privé.";
  if (warns) text += " " + warns + (warns > 1 ? " avertissements." : " avertissement.");
  setCheckStatus(text, errors ? "problems" : "ok");
  root.dataset.problems = String(errors);
  root.dataset.warnings = String(warns);
}
