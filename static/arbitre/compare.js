/* One-click compare (issue 12): the same document played under both rule sets, fr-1 (the French
 * translation, v1.x) and cr-5.0 (the official Comprehensive Rules 5.0), each through POST /api/run/
 * with the document's `rules` changed (nothing is saved). The two logs stand side by side (stacked on
 * a phone), each with its rule set, its end (winner, or the decision it waits for) and its citations
 * ("4.2.5.d (CR 5.0)" links to the official paragraph's page); each column steps on its own, or both
 * together. Every piece of user text goes through textContent (board.js el()), never innerHTML.
 *
 *   import { openCompare, compareLabel } from "./compare.js";
 *   openCompare(container, { document, ruleset, decisions, apiRun, rulesPage, apiRules });
 */
import "./board.js";
import { api } from "./lib/api.js";

const { el, RULESETS, PHASE_FR } = window.ArbitreBoard;

/** The other rule set of each, and the short name a button or a heading uses. */
const OTHER = { "fr-1": "cr-5.0", "cr-5.0": "fr-1" };
const SHORT = { "fr-1": "FR v1.x", "cr-5.0": "CR 5.0" };

export function otherRuleset(ruleset) { return OTHER[ruleset] || "cr-5.0"; }
export function shortName(ruleset) { return SHORT[ruleset] || ruleset; }
/** "Comparer avec CR 5.0" for a scenario played under fr-1, "Comparer avec FR v1.x" under cr-5.0. */
export function compareLabel(ruleset) { return `Comparer avec ${shortName(otherRuleset(ruleset))}`; }

function problemsText(data, status) {
  if (data && Array.isArray(data.problems)) return data.problems.map((p) => `${p.path || "$"} : ${p.message || ""}`).join(" ; ");
  return (data && data.detail) || `erreur ${status}`;
}

/** One column: the document run under `ruleset`, at a position (`steps`) it moves on its own. */
function column(ruleset, options) {
  const name = shortName(ruleset);
  const doc = JSON.parse(JSON.stringify(options.document));
  doc.rules = ruleset;
  let decisions = (options.decisions || []).slice();
  let out = null;
  let busy = false;
  const headingId = `compare-title-${ruleset.replace(/[^a-z0-9]/g, "")}`;
  const hidden = (text) => el("span", { class: "visually-hidden", text });
  const control = (label, act) => el("button", { type: "button", class: "secondary small", onclick: () => go(act) }, label, hidden(` (${name})`));
  const position = el("p", { class: "compare-position", "aria-live": "polite" });
  const end = el("p", { class: "compare-end", role: "status" });
  const notice = el("p", { class: "compare-notice muted", hidden: true });
  const choices = el("div", { class: "choices", role: "group", "aria-label": `Décision attendue (${name})`, hidden: true });
  const logList = el("ol", { class: "log compare-log" });
  const view = window.ArbitreBoard.create({
    ruleset, rulesPage: options.rulesPage, apiRules: options.apiRules, apiSearch: options.apiSearch, board: el("div"),
  });
  const node = el("section", { class: "compare-column", dataset: { ruleset }, "aria-labelledby": headingId },
    el("h3", { id: headingId, class: "ruleset-label", text: `Règles : ${RULESETS[ruleset] || name}` }),
    el("div", { class: "compare-controls actions" },
      control("Début", "start"), control("Préc.", "back"), control("Suiv.", "next"), control("Fin", "end")),
    position, end, choices, notice, logList);

  async function run(steps, until, retried) {
    const body = { document: doc, steps, until, decisions };
    const response = await api("POST", options.apiRun, body);
    if (response.ok && response.data) return response.data;
    const problems = response.data && Array.isArray(response.data.problems) ? response.data.problems : [];
    if (!retried && decisions.length && problems.some((p) => String(p.path || "").startsWith("decisions"))) {
      // The judge's choices made under the other rule set do not fit here: played without them.
      decisions = [];
      notice.textContent = `Les décisions prises dans le pas-à-pas ne s'appliquent pas sous ${name} : déroulé sans elles.`;
      notice.hidden = false;
      return run(steps, until, true);
    }
    end.textContent = `Le moteur refuse ce déroulé sous ${name} : ${response.status ? problemsText(response.data, response.status) : response.message}`;
    end.className = "compare-end problem";
    return null;
  }

  function render() {
    const state = out.state || {};
    position.textContent = `Étape ${out.steps} — jour ${state.day ?? 1}, ${PHASE_FR[state.phase] || state.phase || ""}`;
    node.dataset.steps = String(out.steps);
    end.className = "compare-end";
    choices.replaceChildren();
    choices.hidden = true;
    if (out.winner) {
      end.textContent = state.mode === "2v2" ? `Fin de la partie : l'équipe ${out.winner} gagne.` : `Fin de la partie : le joueur ${out.winner} gagne.`;
      end.classList.add("winner");
    } else if (out.pending) {
      end.textContent = `Décision attendue : joueur ${out.pending.player}${out.pending.text ? ` — ${out.pending.text}` : ""}`;
      const names = view.cardNames(state);
      for (const decision of out.legal_decisions || []) {
        choices.append(el("button", { type: "button", class: "choice", onclick: () => choose(decision) }, view.decisionLabel(decision, names)));
      }
      choices.hidden = !choices.childElementCount;
    } else {
      end.textContent = "Partie en cours.";
    }
    view.renderLog(out, logList);
  }

  async function go(act, decision) {
    if (busy) return;
    const steps = out ? out.steps : 0;
    const asked = { start: [0, "none"], back: [Math.max(0, steps - 1), "none"], next: [steps, "step"], end: [steps, "end"] }[act];
    if (decision) decisions = decisions.slice(0, out ? out.decisions_used : 0).concat([decision]);
    busy = true;
    node.setAttribute("aria-busy", "true");
    try {
      const answer = await run(asked[0], asked[1]);
      if (answer) { out = answer; render(); }
    } finally {
      busy = false;
      node.removeAttribute("aria-busy");
    }
  }

  function choose(decision) { return go("next", decision); }

  return { node, go, ruleset };
}

/** Show, in `container`, the document run to its end under both rule sets: `options.ruleset` first. */
export function openCompare(container, options) {
  const first = options.ruleset || "fr-1";
  const columns = [column(first, options), column(otherRuleset(first), options)];
  const both = (act) => Promise.all(columns.map((c) => c.go(act)));
  const hidden = (text) => el("span", { class: "visually-hidden", text });
  const close = el("button", { type: "button", class: "secondary small", id: "compare-close",
    onclick: () => { container.hidden = true; container.replaceChildren(); if (options.onClose) options.onClose(); } }, "Fermer la comparaison");
  container.replaceChildren(
    el("h2", { id: "compare-title", text: `Comparaison : ${shortName(first)} et ${shortName(otherRuleset(first))}` }),
    el("p", { class: "hint", text: "Le même plateau, joué sous chaque jeu de règles (rien n'est enregistré). Chaque colonne avance seule, ou les deux ensemble." }),
    el("div", { class: "compare-controls actions", role: "group", "aria-label": "Les deux déroulés" },
      el("button", { type: "button", class: "secondary small", onclick: () => both("start") }, "Début", hidden(" (les deux)")),
      el("button", { type: "button", class: "secondary small", onclick: () => both("back") }, "Préc.", hidden(" (les deux)")),
      el("button", { type: "button", class: "secondary small", onclick: () => both("next") }, "Suiv.", hidden(" (les deux)")),
      el("button", { type: "button", class: "secondary small", onclick: () => both("end") }, "Fin", hidden(" (les deux)")),
      close),
    el("div", { class: "compare-columns" }, ...columns.map((c) => c.node)),
  );
  container.hidden = false;
  return both("end");
}
