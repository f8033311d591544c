/* The stepper: a scenario's board, stepped through the run API, with the log citing the rules.
 *
 * Stateless towards the server: the page keeps (document, extra decisions, steps) and asks
 * POST /api/run/ (or /api/scenarios/<uuid>/run/) for the position it wants. Every piece of user
 * text (card names, titles, log texts) goes through textContent, never innerHTML.
 */
(function () {
  "use strict";

  const root = document.getElementById("stepper");
  const initialNode = document.getElementById("stepper-initial");
  if (!root || !initialNode) return;
  const initial = JSON.parse(initialNode.textContent);

  const PHASES = ["morning", "noon", "afternoon", "dusk", "night"];

  // ---- state of the page -------------------------------------------------------------------
  let documentData = initial.document;
  const ruleset = initial.ruleset || (documentData && documentData.rules) || "fr-1";
  let extra = [];          // the judge's decisions, in the order the engine consumed them
  let output = null;       // the last run's output
  let busy = false;
  const { el } = window.ArbitreBoard;

  // ---- requests ------------------------------------------------------------------------------
  function csrfToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input && input.value) return input.value;
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  async function postJSON(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, ok: response.ok, data };
  }

  // ---- layout ----------------------------------------------------------------------------------
  const status = el("p", { class: "stepper-status", role: "status", "aria-live": "polite" });
  const controls = el("div", { class: "stepper-controls", role: "toolbar", "aria-label": "Commandes du déroulé" });
  const buttons = {
    next: el("button", { type: "button", id: "btn-next", onclick: () => act("next") }, "Étape suivante"),
    back: el("button", { type: "button", id: "btn-back", class: "secondary", onclick: () => act("back") }, "Étape précédente"),
    phase: el("button", { type: "button", id: "btn-phase", class: "secondary", onclick: () => act("phase") }, "Jusqu'à la phase suivante"),
    end: el("button", { type: "button", id: "btn-end", class: "secondary", onclick: () => act("end") }, "Jusqu'à la fin"),
    reset: el("button", { type: "button", id: "btn-reset", class: "secondary", onclick: () => act("reset") }, "Recommencer"),
  };
  controls.append(buttons.next, buttons.back, buttons.phase, buttons.end, buttons.reset);
  const position = el("span", { class: "stepper-position", id: "stepper-position" });
  controls.append(position);

  const problemsBox = el("div", { class: "stepper-problems", id: "stepper-problems", hidden: true });
  const pendingBox = el("section", { class: "pending", id: "pending", hidden: true, "aria-label": "Décision attendue" });
  const winnerBox = el("p", { class: "winner", id: "winner", hidden: true, role: "status" });
  const board = el("div", { class: "board", id: "board", role: "region", "aria-label": "Plateau" });
  const logList = el("ol", { class: "log", id: "log" });
  const rulePanel = el("aside", { class: "rule-panel", id: "rule-panel", "aria-live": "polite" },
    el("p", { class: "muted", text: "Survolez ou sélectionnez un numéro de règle du journal pour en lire le texte ici." }));
  const forkBox = el("div", { class: "fork", id: "fork" });

  const logColumn = el("div", { class: "stepper-side" },
    el("h2", { text: "Journal" }), logList, el("h2", { text: "Règle" }), rulePanel);
  const mainColumn = el("div", { class: "stepper-main" }, pendingBox, winnerBox, board, forkBox);
  const layout = el("div", { class: "stepper-layout" }, mainColumn, logColumn);
  root.append(problemsBox, controls, status, layout);

  // The board, the log and the rule links: static/arbitre/board.js, shared with the training page.
  const view = window.ArbitreBoard.create({
    ruleset, rulesPage: root.dataset.rulesPage, apiRules: root.dataset.apiRules, board, rulePanel,
  });
  const { cardNames, decisionLabel, ruleLinks } = view;

  // ---- pending, winner, fork ----------------------------------------------------------------------------
  function renderPending(out) {
    const pending = out.pending;
    if (!pending) { pendingBox.hidden = true; pendingBox.replaceChildren(); return; }
    const names = cardNames(out.state);
    const head = el("h2", { text: `Décision attendue : joueur ${pending.player}` });
    const parts = [head, el("p", { class: "pending-text", text: pending.text || "" })];
    if ((pending.rules || []).length) parts.push(el("p", {}, "Règles : ", ruleLinks(pending.rules)));
    if (pending.reason) parts.push(el("p", { class: "problem", text: pending.reason }));
    const choices = el("div", { class: "choices", role: "group", "aria-label": "Choix possibles" });
    (out.legal_decisions || []).forEach((decision) => {
      choices.append(el("button", {
        type: "button", class: "choice", dataset: { decision: JSON.stringify(decision) },
        onclick: () => choose(decision),
      }, decisionLabel(decision, names)));
    });
    if (!(out.legal_decisions || []).length) choices.append(el("p", { class: "muted", text: "Aucune décision légale." }));
    parts.push(choices);
    pendingBox.replaceChildren(...parts);
    pendingBox.hidden = false;
  }

  function renderWinner(out) {
    if (out.winner) {
      winnerBox.textContent = out.state && out.state.mode === "2v2"
        ? `Fin de la partie : l'équipe ${out.winner} gagne.`   // 2v2: the winner is a team
        : `Fin de la partie : le joueur ${out.winner} gagne.`;
      winnerBox.hidden = false;
    } else if (!out.pending && atEnd(out)) {
      winnerBox.textContent = "Le moteur n'a plus rien à jouer.";
      winnerBox.hidden = false;
    } else {
      winnerBox.hidden = true;
    }
  }

  let endReached = false;   // set when a step asked for changed nothing (no pending, no winner)
  function atEnd(out) { return endReached && !out.pending; }

  function renderFork(out) {
    const parts = [el("h2", { text: "Et si… ?" })];
    if (!initial.authenticated) {
      parts.push(el("p", {}, el("a", { href: root.dataset.login, text: "Connectez-vous" }),
        " pour créer une variante à cette étape."));
    } else {
      parts.push(el("button", { type: "button", id: "btn-fork", class: "secondary", onclick: fork },
        `Créer une variante à cette étape`));
      parts.push(el("span", { class: "fork-result", id: "fork-result", role: "status" }));
    }
    forkBox.replaceChildren(...parts);
  }

  function forkDocument(state) {
    // The state at this position, as a new scenario: the decisions already consumed are part of the
    // past; the remaining ones stay, and the progress cursor is re-pointed at them.
    const doc = JSON.parse(JSON.stringify(state));
    const progress = doc.progress || {};
    const used = Number(progress.decision_index || 0);
    doc.decisions = (doc.decisions || []).slice(used);
    if (doc.progress) doc.progress.decision_index = 0;
    return doc;
  }

  async function fork() {
    if (!output || busy) return;
    const result = document.getElementById("fork-result");
    const steps = output.steps;
    const body = {
      title: `${initial.title || "Scénario"} — variante (étape ${steps})`.slice(0, 200),
      description: `Variante créée à l'étape ${steps} de « ${initial.title || "Essai"} ».`,
      visibility: "private",
      document: forkDocument(output.state),
    };
    if (initial.uuid) body.forked_from = initial.uuid;
    result.textContent = "Création…";
    const response = await postJSON(root.dataset.apiScenarios, body);
    if (response.status === 201 && response.data) {
      result.replaceChildren("Variante créée : ", el("a", { href: response.data.url, id: "fork-link", text: body.title }));
    } else if (response.status === 401 || response.status === 403) {
      result.replaceChildren(el("a", { href: root.dataset.login, text: "Connectez-vous" }), " pour créer une variante.");
    } else {
      result.textContent = "La variante n'a pas pu être créée : " + describeErrors(response.data);
    }
  }

  function describeErrors(data) {
    if (!data) return "erreur du serveur";
    if (Array.isArray(data.problems)) return data.problems.map((p) => `${p.path} : ${p.message}`).join(" ; ");
    if (data.document && Array.isArray(data.document)) {
      return data.document.map((p) => (typeof p === "string" ? p : `${p.path} : ${p.message}`)).join(" ; ");
    }
    if (data.detail) return String(data.detail);
    return JSON.stringify(data);
  }

  function showProblems(problems, heading) {
    const list = el("ul", {});
    for (const p of problems) list.append(el("li", {}, el("code", { text: p.path || "$" }), " : ", p.message || ""));
    problemsBox.replaceChildren(el("h2", { text: heading }), list);
    problemsBox.hidden = false;
  }

  // ---- running ----------------------------------------------------------------------------------------
  function setBusy(value) {
    busy = value;
    root.classList.toggle("busy", value);
    updateButtons();
  }

  function updateButtons() {
    const out = output;
    const none = !out;
    const waiting = !!(out && out.pending);
    const over = !!(out && out.winner);
    buttons.next.disabled = busy || none || waiting || over || endReached;
    buttons.phase.disabled = busy || none || waiting || over || endReached;
    buttons.end.disabled = busy || none || waiting || over || endReached;
    buttons.back.disabled = busy || none || out.steps === 0;
    buttons.reset.disabled = busy || none || (out.steps === 0 && !extra.length);
    const forkButton = document.getElementById("btn-fork");
    if (forkButton) forkButton.disabled = busy || none;
  }

  async function request(steps, until) {
    const body = { until, decisions: extra, steps };
    let url = root.dataset.apiRun;
    if (initial.uuid) url = `${root.dataset.apiScenarios}${initial.uuid}/run/`;
    else body.document = documentData;
    setBusy(true);
    status.textContent = "Calcul…";
    try {
      const response = await postJSON(url, body);
      if (response.ok && response.data) {
        problemsBox.hidden = true;
        return response.data;
      }
      if (response.data && Array.isArray(response.data.problems)) {
        showProblems(response.data.problems, "Le moteur refuse ce déroulé");
      } else {
        showProblems([{ path: "$", message: `réponse ${response.status} : ${describeErrors(response.data)}` }], "Erreur");
      }
      return null;
    } catch (error) {
      showProblems([{ path: "$", message: `le serveur ne répond pas (${error})` }], "Erreur");
      return null;
    } finally {
      setBusy(false);
      status.textContent = "";
    }
  }

  function render(out) {
    output = out;
    position.textContent = `Étape ${out.steps}`;
    root.dataset.steps = String(out.steps);
    view.renderBoard(out);
    view.renderLog(out, logList);
    renderPending(out);
    renderWinner(out);
    updateButtons();
    // Remember the position in the history entry: coming back from a rule page restores it.
    try { history.replaceState(Object.assign({}, history.state, { stepper: { steps: out.steps, extra } }), ""); } catch (e) { /* ignore */ }
  }

  function nextPhase(phase) {
    if (phase === "setup") return "noon";
    const i = PHASES.indexOf(phase);
    return PHASES[(i + 1) % PHASES.length];
  }

  async function act(kind) {
    if (busy) return;
    const current = output;
    let out = null;
    if (kind === "next") out = await request(current.steps, "step");
    else if (kind === "end") out = await request(current.steps, "end");
    else if (kind === "phase") out = await request(current.steps, nextPhase(current.state.phase));
    else if (kind === "back") out = await request(Math.max(0, current.steps - 1), "none");
    else if (kind === "reset") { extra = []; out = await request(0, "none"); }
    if (!out) return;
    // Decisions the replay did not consume belong to steps undone: forget them.
    extra = extra.slice(0, out.decisions_used ?? extra.length);
    if (kind === "back" || kind === "reset") endReached = false;
    else endReached = out.steps === current.steps && !out.pending && !out.winner;
    render(out);
  }

  async function choose(decision) {
    if (busy || !output) return;
    const before = output;
    const previous = extra;
    extra = extra.slice(0, before.decisions_used ?? extra.length).concat([decision]);
    const out = await request(before.steps, "step");
    if (!out) { extra = previous; return; }
    extra = extra.slice(0, out.decisions_used ?? extra.length);
    endReached = false;
    render(out);
  }

  // ---- start --------------------------------------------------------------------------------------------
  async function start() {
    if (!documentData && !initial.uuid) {
      try { documentData = JSON.parse(sessionStorage.getItem("arbitre-trial") || "null"); } catch (e) { documentData = null; }
      if (!documentData) {
        showProblems([{ path: "$", message: "aucun plateau à essayer : ouvrez l'essai depuis le constructeur." }], "Rien à dérouler");
        controls.hidden = true;
        return;
      }
    }
    if ((initial.problems || []).length) {
      showProblems(initial.problems, "Ce scénario ne peut pas être joué : corrigez ces problèmes");
      controls.hidden = true;
      return;
    }
    renderFork(null);
    updateButtons();
    const saved = history.state && history.state.stepper;
    if (saved && Array.isArray(saved.extra)) extra = saved.extra;
    let out = await request(saved ? Number(saved.steps) || 0 : 0, "none");
    if (!out && saved) { extra = []; out = await request(0, "none"); }
    if (!out) { controls.hidden = true; return; }
    extra = extra.slice(0, out.decisions_used ?? 0);
    render(out);
  }

  start();
})();
