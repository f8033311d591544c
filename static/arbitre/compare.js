/* One-click compare (issue 12): the same document played under both rule sets, fr-1 (the French
 * translation, v1.x) and cr-5.0 (the official Comprehensive Rules 5.0), each through POST /api/run/
 * with the document's `rules` changed (nothing is saved). The two logs stand side by side (stacked on
 * a phone), each with its rule set, its end (winner, or the decision it waits for) and its citations
 * ("4.2.5.d (CR 5.0)" links to the official paragraph's page). It opens where the judge is, the
 * judge's decisions replayed where both rule sets share them; the stepper's controls move both
 * columns. Every piece of user text goes through textContent (board.js el()), never innerHTML.
 *
 *   import { openCompare, compareLabel } from "./compare.js";
 *   const compare = openCompare(container, { document, ruleset, decisions, steps, held, at, apiRun, rulesPage, apiRules });
 *   compare.act("next");
 */
import "./board.js";
import { api } from "./lib/api.js";
import { renderChoices, pendingSentence } from "./choices.js";

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

/** The phase that follows each, for « Jusqu'à la phase suivante » in a column; « Fin de cette phase »
 * (F) asks the run for `until: "phase_end"`, the stepper's stop (judge/scenarios/runner PhaseEnd). */
const NEXT_PHASE = { setup: "morning", morning: "noon", noon: "afternoon", afternoon: "dusk", dusk: "night", night: "morning" };

/** One column: the document run under `ruleset`. `own`: the stepper's rule set, opened at the
 * stepper's position with the judge's decisions; otherwise those decisions are replayed where both
 * rule sets share them (`adapt`), up to the same moment of the game (`at`), and the column asks
 * only where they differ. */
function column(ruleset, options, own) {
  const name = shortName(ruleset);
  const doc = JSON.parse(JSON.stringify(options.document));
  doc.rules = ruleset;
  let decisions = (options.decisions || []).slice();
  let out = null;
  const headingId = `compare-title-${ruleset.replace(/[^a-z0-9]/g, "")}`;
  const position = el("p", { class: "compare-position", "aria-live": "polite" });
  const end = el("p", { class: "compare-end", role: "status" });
  const notice = el("p", { class: "compare-notice", hidden: true });
  const choices = el("div", { class: "compare-choices", role: "group", "aria-label": `Décision attendue (${name})`, hidden: true });
  const logList = el("ol", { class: "log compare-log" });
  const view = window.ArbitreBoard.create({
    ruleset, rulesPage: options.rulesPage, apiRules: options.apiRules, apiSearch: options.apiSearch, board: el("div"),
  });
  const node = el("section", { class: "compare-column", dataset: { ruleset }, "aria-labelledby": headingId },
    el("h3", { id: headingId, class: "ruleset-label", text: `Règles : ${RULESETS[ruleset] || name}` }),
    position, end, notice, choices, logList);

  async function run(body) {
    const response = await api("POST", options.apiRun, Object.assign({ document: doc, decisions, adapt: !own }, body));
    if (response.ok && response.data) return response.data;
    end.textContent = `Le moteur refuse ce déroulé sous ${name} : ${response.status ? problemsText(response.data, response.status) : response.message}`;
    end.className = "compare-end problem";
    return null;
  }

  /** Stopped on a phase's last step inside the engine's step that also begins the next: shown up to
   * the phase's end (`shown`), the next phase's beginning (`held`) left for the next move. */
  const isHeld = () => !!(out && Array.isArray(out.held) && out.held.length);

  function render() {
    const held = isHeld();
    const state = held ? Object.assign({}, out.state, out.shown) : out.state || {};
    position.textContent = `Étape ${out.steps}${held ? " (fin de la phase)" : ""} — jour ${state.day ?? 1}, ${PHASE_FR[state.phase] || state.phase || ""}`;
    node.dataset.steps = String(out.steps);
    node.dataset.held = held ? "true" : "false";
    end.className = "compare-end";
    choices.replaceChildren();
    choices.hidden = true;
    if (out.diverged) {
      // What the two rule sets do not share: said, and asked here.
      notice.textContent = `Sous ${name}, votre décision n° ${out.diverged.index + 1} ne s'applique pas telle quelle (${out.diverged.message}) : choisissez ci-dessous.`;
      notice.hidden = false;
    } else {
      notice.hidden = true;
    }
    if (out.winner) {
      end.textContent = state.mode === "2v2" ? `Fin de la partie : l'équipe ${out.winner} gagne.` : `Fin de la partie : le joueur ${out.winner} gagne.`;
      end.classList.add("winner");
    } else if (held) {
      end.textContent = `Fin de la phase ${PHASE_FR[state.phase] || state.phase} : la suite commence à l'étape suivante.`;
    } else if (out.pending) {
      // Asked as the stepper asks (choices.js): a spell's targets step by step, each step labelled
      // with its effect's sentence, so the buttons add up over the steps instead of multiplying.
      const names = view.cardNames(state);
      const cardLabel = (id) => view.cardLabel(id, names);
      const sentence = pendingSentence(out.pending, state, cardLabel);
      end.textContent = `Décision attendue : joueur ${out.pending.player}${sentence ? ` — ${sentence}` : ""}`;
      choices.append(renderChoices({ pending: out.pending, legal: out.legal_decisions || [], state },
        { choose, label: (d) => view.decisionLabel(d, names), cardLabel }));
      choices.hidden = false;
    } else {
      end.textContent = "Partie en cours.";
    }
    view.renderLog(out, logList);
  }

  /** Move this column: `start` (where the comparison opens), `next`, `back`, `phaseEnd`, `phase`, `end`. */
  // Moves wait for the one running (a key pressed while the column is still opening is played after
  // it, never dropped).
  let queue = Promise.resolve();
  function go(act, decision) {
    queue = queue.catch(() => {}).then(() => move(act, decision));
    return queue;
  }

  async function move(act, decision) {
    const steps = out ? out.steps : 0;
    let body;
    // Opened where the stepper's F left the judge (held at a phase's end): the same stop, one step back then F.
    if (act === "start" && own && options.held && options.steps > 0) body = { steps: options.steps - 1, until: "phase_end" };
    else if (act === "start") body = own ? { steps: options.steps || 0, until: "none" }
      : { steps: 0, until: "end", at_day: options.at && options.at.day, at_phase: options.at && options.at.phase };
    else if (act === "back") body = { steps: Math.max(0, steps - 1), until: "none" };
    else if (act === "next") body = isHeld() && !decision ? { steps, until: "none" } : { steps, until: "step" };  // the held rest of the step first
    else if (act === "phaseEnd") body = { steps, until: "phase_end" };
    else if (act === "phase") body = { steps, until: NEXT_PHASE[(out && out.state && out.state.phase) || "morning"] || "end" };
    else body = { steps, until: "end" };
    if (decision) decisions = decisions.slice(0, out ? out.decisions_used : 0).concat([decision]);
    else if (out && out.diverged) decisions = decisions.slice(0, out.decisions_used);
    node.setAttribute("aria-busy", "true");
    try {
      let answer = await run(body);
      if (answer && act === "start" && !own && options.held && !answer.pending && !answer.winner && !answer.diverged) {
        // The judge is at the phase's end (F): this column too, from the same moment, stops on its last step.
        answer = (await run({ steps: answer.steps, until: "phase_end" })) || answer;
      }
      if (answer) { out = answer; render(); }
    } finally {
      node.removeAttribute("aria-busy");
    }
  }

  function choose(decision) { return go("next", decision); }

  return { node, go, ruleset };
}

/** Show, in `container`, the document under both rule sets, `options.ruleset` first, opened where
 * the judge is (`options.steps`, `options.at`). The stepper's controls drive it (`act`): one set of
 * controls; the columns only ask the decisions they wait for. */
export function openCompare(container, options) {
  const first = options.ruleset || "fr-1";
  const columns = [column(first, options, true), column(otherRuleset(first), options, false)];
  // One column after the other: the judge's two runs never compete for the site's engine slots (the
  // second would be refused as « moteur occupé » while the first one runs).
  const both = async (act) => {
    for (const c of columns) await c.go(act);
  };
  const close = el("button", { type: "button", class: "secondary small", id: "compare-close",
    onclick: () => { container.hidden = true; container.replaceChildren(); if (options.onClose) options.onClose(); } }, "Fermer la comparaison");
  container.replaceChildren(
    el("div", { class: "compare-head" },
      el("h2", { id: "compare-title", text: `Comparaison : ${shortName(first)} et ${shortName(otherRuleset(first))}` }), close),
    el("p", { class: "hint", text: "Le même plateau sous chaque jeu de règles (rien n'est enregistré), ouvert où vous êtes, avec vos décisions là où les deux jeux de règles les partagent. Les commandes du déroulé et leurs touches font avancer les deux colonnes." }),
    el("div", { class: "compare-columns" }, ...columns.map((c) => c.node)),
  );
  container.hidden = false;
  const ACT = { next: "next", back: "back", decision: "end", phaseEnd: "phaseEnd", phase: "phase", end: "end", start: "start" };
  const opened = both("start");
  return { opened, act: (kind) => both(ACT[kind] || "next") };
}
