/* The stepper: a scenario's board, stepped through POST /api/step/, with the log citing the rules.
 *
 * The position is in the URL (`?etape=N&choix=…`, the judge's decisions as base64url compact JSON;
 * `&fin=1` when « Fin de cette phase » stopped inside the engine's step that also begins the next):
 * a reload, the browser's back and a shared link land on the same step with the same decisions (one
 * replay from the start, once). From there every step goes on from the state the previous answer gave;
 * the answer holds only the state's changes and the new log entries. Each step's board is kept, so
 * "back" is local. Every piece of user text goes through textContent, never innerHTML.
 */
import { describeCard } from "./builder/describe.js";
import { api } from "./lib/api.js";
import { openCompare, compareLabel } from "./compare.js";
import { renderChoices, pendingSentence } from "./choices.js";
import { encodeChoices, decodeChoices, query, readUrl, applyChanges, describeErrors } from "./stepper-url.js";

(function () {
  "use strict";

  const root = document.getElementById("stepper");
  const initialNode = document.getElementById("stepper-initial");
  if (!root || !initialNode) return;
  const initial = JSON.parse(initialNode.textContent);
  const { el, PHASE_FR } = window.ArbitreBoard;

  let documentData = initial.document;
  if (!documentData && !initial.uuid) {   // the builder's unsaved board ("Essayer sans enregistrer")
    try { documentData = JSON.parse(sessionStorage.getItem("arbitre-trial") || "null"); } catch (e) { documentData = null; }
  }
  // The rule set the document is played under (its "rules": fr-1 or cr-5.0), shown on the board.
  const ruleset = (documentData && typeof documentData.rules === "string" && documentData.rules) || initial.ruleset || "fr-1";

  // ---- the page's state ----------------------------------------------------------------------
  const snapshots = [];   // snapshots[n]: the position after n steps (when seen in this session)
  const KEEP = 500;       // how many steps back the boards are kept
  let log = [];           // every entry up to the current position, each with its `step`
  let extra = [];         // the judge's decisions, in the order the engine consumed them
  let cur = null;         // the current snapshot
  let busy = false;

  // ---- requests ------------------------------------------------------------------------------
  // lib/api.js: CSRF, same-origin credentials, French errors, never throws (network failure: status 0).
  const postJSON = (url, body) => api("POST", url, body);

  // ---- layout ----------------------------------------------------------------------------------
  const KEYS = { next: ["ArrowRight", "→"], back: ["ArrowLeft", "←"], decision: ["d", "D"], phaseEnd: ["f", "F"], phase: ["p", "P"], end: ["e", "E"] };
  function button(id, kind, label, short, cls) {
    const [key, shown] = KEYS[kind];
    return el("button", { type: "button", id, class: cls || "secondary", "aria-keyshortcuts": key === "ArrowRight" || key === "ArrowLeft" ? key : key.toUpperCase(),
      title: `${label} (touche ${shown})`, onclick: (event) => act(kind, event.currentTarget) },
    el("span", { class: "label-long", text: label }), el("span", { class: "label-short", text: short }), " ", el("kbd", { text: shown }));
  }
  const buttons = {
    back: button("btn-back", "back", "Étape précédente", "Préc.", "secondary"),
    next: button("btn-next", "next", "Étape suivante", "Suiv.", "primary"),
    decision: button("btn-decision", "decision", "Jusqu'à la prochaine décision", "Décision"),
    phaseEnd: button("btn-phase-end", "phaseEnd", "Fin de cette phase", "Fin phase"),
    phase: button("btn-phase", "phase", "Jusqu'à la phase suivante", "Phase suiv."),
    end: button("btn-end", "end", "Jusqu'à la fin", "Fin"),
  };
  const position = el("span", { class: "stepper-position", id: "stepper-position", "aria-live": "polite" });
  const controls = el("div", { class: "stepper-controls", role: "toolbar", "aria-label": "Commandes du déroulé" },
    buttons.back, buttons.next, buttons.decision, buttons.phaseEnd, buttons.phase, buttons.end, position);
  const summary = el("p", { class: "step-summary", id: "step-summary", role: "status", tabindex: "0", "aria-label": "Résumé de l'étape" });
  const status = el("p", { class: "stepper-status", "aria-live": "polite" });
  const bar = el("div", { class: "stepper-bar" }, controls, summary);

  const shareInput = el("input", { type: "text", id: "share-link", readonly: true, "aria-label": "Lien de cette étape" });
  const shareButton = el("button", { type: "button", id: "btn-share", class: "secondary", onclick: copyLink }, "Copier le lien de cette étape");
  const shareResult = el("span", { class: "share-result", id: "share-result", role: "status" });
  // The ruling's players' link (the scenario's share token): it opens logged out, the scenario staying private.
  const rulingLink = el("a", { class: "button secondary", id: "ruling-link", href: "#", hidden: !initial.uuid },
    "Décision à montrer (lien pour les joueurs, imprimable)");
  const privateNote = el("p", { class: "share-warning", id: "share-warning", hidden: !(initial.uuid && initial.visibility === "private") },
    "Brouillon privé : le lien de l'étape ne s'ouvre que pour vous ; celui de la « Décision à montrer » s'ouvre pour tous ceux à qui vous le donnez, sans compte.");
  const resetButton = el("button", { type: "button", id: "btn-reset", class: "secondary", onclick: () => goTo(0, [], true) }, "Recommencer");
  // One click: the same document under the other rule set, the two logs side by side (compare.js).
  const compareButton = el("button", { type: "button", id: "btn-compare", class: "secondary", onclick: () => compare() }, compareLabel(ruleset));
  const share = el("div", { class: "share actions" }, rulingLink, shareButton, shareInput, shareResult, resetButton, compareButton, privateNote);
  const compareBox = el("section", { class: "compare", id: "compare", hidden: true, "aria-labelledby": "compare-title" });

  const problemsBox = el("div", { class: "stepper-problems", id: "stepper-problems", hidden: true });
  const pendingBox = el("section", { class: "pending", id: "pending", hidden: true, "aria-label": "Décision attendue" });
  const winnerBox = el("p", { class: "winner", id: "winner", hidden: true, role: "status" });
  const board = el("div", { class: "board", id: "board", role: "region", "aria-label": "Plateau" });
  const logList = el("ol", { class: "log", id: "log" });
  const rulePanel = el("aside", { class: "rule-panel", id: "rule-panel", "aria-live": "polite" },
    el("p", { class: "muted", text: window.ArbitreBoard.NO_HOVER()
      ? "Touchez un numéro de règle du journal pour en lire le texte ici (touchez-le encore pour ouvrir sa page)."
      : "Survolez ou sélectionnez un numéro de règle du journal pour en lire le texte ici." }));
  // « Décision »: the step of the last run that decided (the API's `decisive`) and its rule's whole text.
  const verdictBox = el("section", { class: "verdict", id: "verdict", hidden: true, "aria-labelledby": "verdict-title" });
  const forkBox = el("div", { class: "fork", id: "fork" });

  const logColumn = el("div", { class: "stepper-side" },
    el("section", { class: "rule-box", tabindex: "0", "aria-label": "Règle citée" }, el("h2", { text: "Règle" }), rulePanel),
    el("section", { class: "log-box" }, el("h2", { text: "Journal" }), logList));
  const mainColumn = el("div", { class: "stepper-main" }, pendingBox, winnerBox, verdictBox, board, share, forkBox);
  const layout = el("div", { class: "stepper-layout" }, mainColumn, logColumn);
  root.append(problemsBox, bar, status, layout);
  // The comparison takes the board's and the log's place, under the same controls (one set of them).
  layout.before(compareBox);
  let comparing = null;

  const view = window.ArbitreBoard.create({
    ruleset, rulesPage: root.dataset.rulesPage, apiRules: root.dataset.apiRules, apiSearch: root.dataset.apiSearch,
    board, rulePanel, showRuleset: true,
  });
  const { cardNames, decisionLabel, ruleLinks, logEntry } = view;

  // ---- what a card does, in French: the builder's sentences (builder/describe.js), one copy ----------

  function annotateCards(state) {
    const byId = new Map();
    const add = (c) => { if (c && c.id) byId.set(c.id, c); };
    for (const player of Object.values(state.players || {})) {
      for (const value of Object.values(player || {})) if (Array.isArray(value)) value.forEach(add);
    }
    (state.limbo || []).forEach(add);
    const names = cardNames(state);
    board.querySelectorAll("li.card[data-card]").forEach((node) => {
      const card = byId.get(node.dataset.card);
      if (!card) return;
      const lines = describeCard(card, names);
      if (!lines.length) return;
      const box = el("span", { class: "card-text" });
      lines.forEach((line) => box.append(el("span", { class: "card-ability", text: line })));
      node.append(box);
      node.title += " — " + lines.join(" ");
    });
  }

  // ---- pending, winner, fork ----------------------------------------------------------------------------
  function renderPending(snap) {
    const pending = isHeld(snap) ? null : snap.pending;   // the next phase's, once it is shown
    if (!pending) { pendingBox.hidden = true; pendingBox.replaceChildren(); return; }
    const names = cardNames(snap.state);
    const parts = [el("h2", { text: `Décision attendue : joueur ${pending.player}` }),
      el("p", { class: "pending-text", text: pendingSentence(pending, snap.state, (id) => view.cardLabel(id, names)) })];
    if ((pending.rules || []).length) parts.push(el("p", {}, "Règles : ", ruleLinks(pending.rules)));
    if (pending.reason) parts.push(el("p", { class: "problem", text: pending.reason }));
    parts.push(renderChoices(snap, { choose, label: (d) => decisionLabel(d, names), cardLabel: (id) => view.cardLabel(id, names) }));
    pendingBox.replaceChildren(...parts);
    pendingBox.hidden = false;
  }

  function winnerText(snap) {
    return snap.state && snap.state.mode === "2v2"
      ? `Fin de la partie : l'équipe ${snap.winner} gagne.` : `Fin de la partie : le joueur ${snap.winner} gagne.`;
  }

  function renderWinner(snap) {
    if (snap.winner) {
      winnerBox.textContent = winnerText(snap);
      winnerBox.hidden = false;
    } else if (!snap.pending && snap.stopped === "nothing") {
      winnerBox.textContent = "Le moteur n'a plus rien à jouer.";
      winnerBox.hidden = false;
    } else if (!snap.pending && snap.stopped === "repeats") {
      winnerBox.textContent = "La position se répète : chaque Matin revient le même sans qu'aucun joueur ait de choix, personne ne peut gagner.";
      winnerBox.hidden = false;
    } else {
      winnerBox.hidden = true;
    }
  }

  function renderFork() {
    const parts = [el("h2", { text: "Et si… ?" })];
    if (!initial.authenticated) {
      parts.push(el("p", {}, el("a", { href: root.dataset.login, text: "Connectez-vous" }), " pour créer une variante à cette étape."));
    } else {
      parts.push(el("button", { type: "button", id: "btn-fork", class: "secondary", onclick: fork }, "Créer une variante à cette étape"));
      parts.push(el("span", { class: "fork-result", id: "fork-result", role: "status" }));
    }
    forkBox.replaceChildren(...parts);
  }

  function forkDocument(state) {
    const doc = JSON.parse(JSON.stringify(state));
    const used = Number((doc.progress || {}).decision_index || 0);
    doc.decisions = (doc.decisions || []).slice(used);
    if (doc.progress) doc.progress.decision_index = 0;
    return doc;
  }

  async function fork() {
    if (!cur || busy) return;
    const result = document.getElementById("fork-result");
    const body = {
      title: `${initial.title || "Scénario"} — variante (étape ${cur.steps})`.slice(0, 200),
      description: `Variante créée à l'étape ${cur.steps} de « ${initial.title || "Essai"} ».`,
      visibility: "private", document: forkDocument(cur.state),
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

  function showProblems(problems, heading) {
    const list = el("ul", {});
    for (const p of problems) list.append(el("li", {}, el("code", { text: p.path || "$" }), " : ", p.message || ""));
    problemsBox.replaceChildren(el("h2", { text: heading }), list);
    problemsBox.hidden = false;
  }

  // ---- the log: appended and cut, never redrawn whole ------------------------------------------------
  function entryNode(entry, previous) {
    const first = !previous || previous.step !== entry.step;
    const li = logEntry(entry, `Étape ${entry.step} · n° ${entry.seq} · J${entry.day} · ${PHASE_FR[entry.phase] || entry.phase}`,
      first ? "step-first" : "step-more", { step: String(entry.step) });
    li.id = `entry-${entry.seq}`;
    return li;
  }

  function syncLog(steps, decisive) {
    const items = logList.querySelectorAll("li.entry");
    for (let k = items.length - 1; k >= log.length; k--) items[k].remove();
    const empty = logList.querySelector(".empty");
    if (empty) empty.remove();
    const frag = document.createDocumentFragment();
    for (let k = Math.min(items.length, log.length); k < log.length; k++) frag.append(entryNode(log[k], log[k - 1]));
    logList.append(frag);
    logList.querySelectorAll("li.last").forEach((n) => n.classList.remove("last"));
    let lastNode = null;
    for (let k = log.length - 1; k >= 0 && log[k].step === steps; k--) {
      lastNode = logList.children[k];
      if (lastNode) lastNode.classList.add("last");
    }
    if (!log.length) logList.append(el("li", { class: "muted empty", text: "Rien n'a encore été joué : position de départ." }));
    // Scroll the log's own box (desktop) to the deciding step, else the last entries; never the page:
    // the board stays in view.
    const box = logList.closest(".log-box");
    const shown = (decisive && logList.querySelector(`li.entry[data-step="${decisive}"]`)) || lastNode;
    if (shown && box && box.scrollHeight > box.clientHeight + 1) {
      const offset = shown.getBoundingClientRect().top - box.getBoundingClientRect().top;
      if (offset < 0 || offset > box.clientHeight - 40) box.scrollTop += offset - 8;
    }
  }

  /** The ruling's players' link at this position, its deciding step named. */
  function rulingHref(snap) {
    return initial.shared_ruling + query(snap.steps, extra.slice(0, snap.extraUsed), { decisive: snap.decisive ? String(snap.decisive) : "" });
  }

  // ---- the « Décision »: the deciding step of the last run and its rule's text -------------------------------
  // Shown after a run of several steps, or at the end of the game (one step is the summary's to say).
  function renderVerdict(snap, from) {
    const run = snap.winner || (from === undefined ? snap.steps > 1 : snap.steps - from > 1);
    const entries = run && snap.decisive ? log.filter((e) => e.step === snap.decisive) : [];
    if (!entries.length) { verdictBox.hidden = true; verdictBox.replaceChildren(); return; }
    // The entry that decided first; the step's other entries folded under it.
    const deciding = entries.find((e) => e.seq === snap.decisiveSeq) || entries[0];
    const item = (e) => el("li", {}, e.text, " ", ruleLinks(e.rules || []));
    const parts = [el("h2", { id: "verdict-title", text: `Décision : étape ${snap.decisive}` })];
    if (snap.winner) parts.push(el("p", { class: "verdict-winner", text: winnerText(snap) }));
    parts.push(el("ul", { class: "verdict-entries" }, item(deciding)));
    const others = entries.filter((e) => e !== deciding);
    if (others.length) {
      parts.push(el("details", { class: "verdict-more" },
        el("summary", { text: `Le reste de l'étape ${snap.decisive} (${others.length} ${others.length > 1 ? "entrées" : "entrée"})` }),
        el("ul", { class: "verdict-entries" }, others.map(item))));
    }
    const rule = el("div", { class: "verdict-rule rule-panel", "aria-label": "Règle qui a décidé" });
    parts.push(rule);
    if (initial.uuid) {   // the players' link, first, where the judge is looking (not under the board)
      parts.splice(1, 0, el("p", { class: "verdict-share" }, el("a", { class: "button primary", id: "verdict-share",
        href: rulingHref(snap) }, "Montrer la décision aux joueurs"), " ", el("span", { class: "muted", text: "(lien qui s'ouvre sans compte, imprimable)" })));
    }
    verdictBox.replaceChildren(...parts);
    verdictBox.hidden = false;
    if (snap.decisiveRule) view.renderRule(snap.decisiveRule, rule);
    else rule.remove();
  }

  // ---- the summary at the top: what the last action changed ----------------------------------------------
  const STOPPED_FR = {
    decision: "arrêt avant la prochaine décision d'un joueur", phase_end: "arrêt à la fin de la phase",
    phase: "arrêt au début de la phase suivante", pending: "le moteur attend une décision", over: "partie terminée",
    nothing: "le moteur n'a plus rien à jouer", repeats: "la position se répète, personne ne peut gagner", limit: "limite de calcul atteinte : demandez encore pour continuer",
  };
  function renderSummary(snap, from, resumed) {
    let entries = log.filter((e) => e.step === snap.steps);
    const parts = [];
    if (resumed) {   // the rest of a step held at its phase's end
      entries = resumed;
      parts.push(el("strong", { text: `Étape ${snap.steps} (suite)` }), " — ");
    } else if (from !== undefined && snap.steps - from > 1) parts.push(el("strong", { text: `Étapes ${from + 1} à ${snap.steps}` }), " — ");
    else if (snap.steps) parts.push(el("strong", { text: `Étape ${snap.steps}` }), " — ");
    if (!snap.steps) parts.push("Position de départ.");
    else parts.push(entries.map((e) => e.text).join(" "));
    let stopped = snap.stopped && snap.stopped !== "step" ? STOPPED_FR[snap.stopped] : "";
    // The engine's last step of a phase may also begin the next (the last Cleanup, then the Morning):
    // said, so that the board's new phase is not read as a step too far.
    if (isHeld(snap)) {
      const ended = (snap.shown && snap.shown.phase) || (entries[entries.length - 1] || {}).phase;
      const next = (snap.held.find((e) => (e.event || {}).type === "phase") || {}).phase;
      stopped = `arrêt à la fin de la phase ${PHASE_FR[ended] || ended}` +
        (next ? ` ; la phase ${PHASE_FR[next] || next} commence ensuite (Étape suivante)` : "");
    }
    if (stopped) parts.push(el("span", { class: "muted", text: ` (${stopped})` }));
    summary.replaceChildren(...parts);
  }

  // ---- rendering ------------------------------------------------------------------------------------------
  function setBusy(value) {
    busy = value;
    root.classList.toggle("busy", value);
    updateButtons();
  }

  function setEnabled(node, on) {
    // aria-disabled, not disabled: a disabled button drops the focus, and focus stays on the control used.
    node.setAttribute("aria-disabled", on ? "false" : "true");
  }

  function canGoOn() { return !!cur && (isHeld(cur) || (!cur.pending && !cur.winner && cur.stopped !== "nothing")); }

  function updateButtons() {
    if (comparing) { for (const node of Object.values(buttons)) setEnabled(node, true); return; }   // they move the comparison
    const on = !busy && canGoOn();
    for (const k of ["next", "decision", "phaseEnd", "phase", "end"]) setEnabled(buttons[k], on);
    if (cur && cur.stopped === "repeats") setEnabled(buttons.end, false);   // it would only go round again
    setEnabled(buttons.back, !busy && !!cur && cur.steps > 0);
    const forkButton = document.getElementById("btn-fork");
    if (forkButton) forkButton.disabled = busy || !cur;
  }

  const isHeld = (snap) => !!(snap && snap.held && snap.held.length);

  function render(snap, from, resumed) {
    cur = snap;
    extra = extra.slice(0, snap.extraUsed);
    position.textContent = isHeld(snap) ? `Étape ${snap.steps} (fin de la phase)` : `Étape ${snap.steps}`;
    root.dataset.steps = String(snap.steps);
    root.dataset.held = isHeld(snap) ? "true" : "false";
    const lastEntries = log.filter((e) => e.step === snap.steps);
    // Held at a phase's end: the board as that phase ended (its day and phase), the state the engine's.
    const shownState = isHeld(snap) ? Object.assign({}, snap.state, snap.shown) : snap.state;
    view.renderBoard({ state: shownState, log: lastEntries, last: lastEntries.map((e) => e.seq) });
    annotateCards(snap.state);
    syncLog(snap.steps, snap.decisive);
    renderPending(snap);
    renderWinner(snap);
    renderSummary(snap, from, resumed);
    renderVerdict(snap, from);
    const q = query(snap.steps, extra, { fin: isHeld(snap) ? "1" : "" });
    shareInput.value = new URL(q, location.href).href;
    if (initial.uuid) rulingLink.href = rulingHref(snap);
    updateButtons();
  }

  function remember(push) {
    const q = query(cur.steps, extra, { fin: isHeld(cur) ? "1" : "" });
    const state = { stepper: { steps: cur.steps, choix: encodeChoices(extra) } };
    try {
      if (push && q !== location.search) history.pushState(state, "", q);
      else history.replaceState(state, "", q);
    } catch (e) { /* ignore */ }
  }

  async function request(body) {
    setBusy(true);
    status.textContent = "Calcul…";
    try {
      const response = await postJSON(root.dataset.apiStep, body);
      if (response.ok && response.data) { problemsBox.hidden = true; return response.data; }
      if (response.data && Array.isArray(response.data.problems)) showProblems(response.data.problems, "Le moteur refuse ce déroulé");
      else showProblems([{ path: "$", message: `réponse ${response.status} : ${describeErrors(response.data)}` }], "Erreur");
      return null;
    } catch (error) {
      showProblems([{ path: "$", message: `le serveur ne répond pas (${error})` }], "Erreur");
      return null;
    } finally {
      setBusy(false);
      status.textContent = "";
    }
  }

  /** Land at a position: the one replay from the start (reload, shared link, back past a run). */
  async function land(steps, decisions, hold) {
    const body = { steps, decisions, hold: !!hold };
    if (initial.uuid) body.scenario = initial.uuid; else body.document = documentData;
    const out = await request(body);
    if (!out) return null;
    snapshots.length = 0;
    log = out.log;
    logList.replaceChildren();   // another path may have led here: the log is drawn again
    extra = decisions.slice(0, out.decisions_used);
    const snap = { steps: out.steps, state: out.state, logLength: log.length, pending: out.pending, legal: out.legal_decisions,
      winner: out.winner, extraUsed: out.decisions_used, stopped: out.pending ? "pending" : (out.held || []).length ? "phase_end" : null,
      decisive: out.decisive, decisiveSeq: out.decisive_seq, decisiveRule: out.decisive_rule, held: out.held || [], shown: out.shown };
    snapshots[snap.steps] = snap;
    return snap;
  }

  async function goTo(steps, decisions, push, hold) {
    if (busy) return;
    const known = hold ? null : snapshots[steps];
    // A board seen in this session is valid when the decisions it consumed are the ones asked for.
    if (known && encodeChoices(extra.slice(0, known.extraUsed)) === encodeChoices(decisions.slice(0, known.extraUsed))) {
      log = log.slice(0, known.logLength);
      render(known);
    } else {
      const snap = await land(steps, decisions, hold);
      if (!snap) return;
      render(snap);
    }
    remember(push);
  }

  /** Go on from the current state: one step (answering `decision`), or run on by `action`. */
  async function stepOn(action, decision) {
    let from = cur;
    if (from.held && from.held.length) {
      // Stopped at a phase's end inside the engine's step that also begins the next: the next move
      // shows that beginning first (the same step, its board now the engine's); → stops there.
      const held = from.held;
      from = release(from);
      if (action === "step" && !decision) {
        render(from, from.steps, held);
        remember(true);
        return true;
      }
    }
    const body = { state: from.state, action, steps: from.steps, seq: from.logLength };
    if (decision) body.decision = decision;
    const out = await request(body);
    if (!out) return false;
    if (out.steps === from.steps && !out.log.length) {
      from.stopped = out.stopped;
      render(from);
      return true;
    }
    snapshots.length = from.steps + 1;            // what was ahead belonged to another path
    log = log.slice(0, from.logLength).concat(out.log);
    const used = from.extraUsed + (decision ? 1 : 0);
    if (decision) extra = extra.slice(0, from.extraUsed).concat([decision]);
    const snap = { steps: out.steps, state: applyChanges(from.state, out.changes), logLength: log.length, pending: out.pending,
      legal: out.legal_decisions, winner: out.winner, extraUsed: used, stopped: out.stopped,
      decisive: out.decisive, decisiveSeq: out.decisive_seq, decisiveRule: out.decisive_rule, held: out.held || [], shown: out.shown };
    snapshots[snap.steps] = snap;
    // Bounded memory: the boards of the last KEEP steps stay; going further back lands again (one replay).
    for (let k = Math.max(0, from.steps - KEEP); k <= snap.steps - KEEP; k++) delete snapshots[k];
    render(snap, from.steps);
    remember(true);
    onPhoneBringBarUp();
    return true;
  }

  /** The held-back entries of `snap` (the next phase's beginning) shown: the whole step. */
  function release(snap) {
    log = log.slice(0, snap.logLength).concat(snap.held);
    const full = Object.assign({}, snap, { logLength: log.length, held: [], shown: null, stopped: "step",
      decisive: null, decisiveSeq: null, decisiveRule: null });
    snapshots[full.steps] = full;
    return full;
  }

  /** On a phone, once the judge steps, the site's header scrolls away: only the bar (buttons and the
   * summary of the change, at most a fifth of the screen) stays above the board. */
  function onPhoneBringBarUp() {
    if (!window.matchMedia || !window.matchMedia("(max-width: 40rem)").matches) return;
    const top = bar.getBoundingClientRect().top;
    if (top > 1) window.scrollTo({ top: window.scrollY + top, behavior: "instant" });
  }

  const ACTIONS = { next: "step", decision: "decision", phaseEnd: "phase_end", phase: "phase", end: "end" };
  async function act(kind, control) {
    if (comparing) { await comparing.act(kind); return; }   // the controls move the comparison while it is open
    if (busy || !cur) return;
    const node = buttons[kind];
    if (node && node.getAttribute("aria-disabled") === "true") return;
    if (kind === "back") await goTo(cur.steps - 1, extra, true);
    else await stepOn(ACTIONS[kind]);
    if (control && document.activeElement !== control) control.focus();
  }

  async function choose(decision) {
    if (busy || !cur) return;
    await stepOn("step", decision);
    if (document.activeElement === document.body || !document.activeElement) buttons.next.focus();
  }

  async function copyLink() {
    shareInput.hidden = false;
    shareInput.select();
    try {
      await navigator.clipboard.writeText(shareInput.value);
      shareResult.textContent = "Lien copié.";
    } catch (e) {
      try { document.execCommand("copy"); shareResult.textContent = "Lien copié."; }
      catch (e2) { shareResult.textContent = "Copiez le lien sélectionné."; }
    }
    shareButton.focus();
  }

  /** The document under both rule sets, opened at the current step with the judge's decisions. */
  function compare() {
    if (!documentData) return;
    compareButton.setAttribute("aria-expanded", "true");
    const state = (cur && (isHeld(cur) ? Object.assign({}, cur.state, cur.shown) : cur.state)) || documentData;
    comparing = openCompare(compareBox, {
      document: documentData, ruleset, decisions: extra, steps: cur ? cur.steps : 0, held: isHeld(cur),
      at: { day: state.day || 1, phase: state.phase || "noon" }, apiRun: root.dataset.apiRun,
      rulesPage: root.dataset.rulesPage, apiRules: root.dataset.apiRules, apiSearch: root.dataset.apiSearch,
      onClose: () => {
        comparing = null;
        layout.hidden = false;
        updateButtons();
        // Back where the judge was: the bar (sticky, so measured from the stepper's top), the « Décision », the board.
        window.scrollTo({ top: root.getBoundingClientRect().top + window.scrollY, behavior: "instant" });
        compareButton.setAttribute("aria-expanded", "false");
        buttons.next.focus({ preventScroll: true });   // the controls, in view (the compare button is under the board)
      },
    });
    layout.hidden = true;
    updateButtons();
    compareBox.scrollIntoView({ block: "nearest" });
    return comparing.opened;
  }

  // ---- keyboard ----------------------------------------------------------------------------------------------
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const kind = Object.keys(KEYS).find((k) => KEYS[k][0] === event.key || KEYS[k][1] === event.key);
    if (!kind) return;
    event.preventDefault();
    act(kind, null);
  });

  window.addEventListener("popstate", () => {
    const { steps, decisions, hold } = readUrl();
    goTo(steps, decisions || [], false, hold);
  });

  // ---- start --------------------------------------------------------------------------------------------
  async function start() {
    if (!documentData && !initial.uuid) {
      showProblems([{ path: "$", message: "aucun plateau à essayer : ouvrez l'essai depuis le constructeur." }], "Rien à dérouler");
      bar.hidden = true;
      return;
    }
    if ((initial.problems || []).length) {
      showProblems(initial.problems, "Ce scénario ne peut pas être joué : corrigez ces problèmes");
      bar.hidden = true;
      return;
    }
    renderFork();
    updateButtons();
    const { steps, decisions, hold } = readUrl();
    if (decisions === null) showProblems([{ path: "choix", message: "les décisions du lien sont illisibles : elles sont ignorées." }], "Lien abîmé");
    let snap = await land(steps, decisions || [], hold);
    if (!snap && steps) snap = await land(0, []);
    if (!snap) { bar.hidden = true; return; }
    render(snap);
    const askedCompare = new URLSearchParams(location.search).get("comparer") === "1";
    remember(false);
    // From the builder (an unsaved board, nowhere yet): both rule sets played to the end.
    if (askedCompare) compare().then(() => comparing && comparing.act("end"));
  }

  start();
})();
