/* The training page: a series of exercises drawn by theme and difficulty, answered one by one.
 *
 * POST /api/training/series/ draws the series (kept in the session); each question shows the board at
 * the exercise's position (the scenario run API, drawn by board.js), the options as buttons; the answer
 * goes to POST /api/exercises/<uuid>/answer/, which says whether it was right and returns the engine's
 * log of the step, shown with its rule links, and the board after the step. A score at the end, the
 * progress table refreshed after every answer. User text only through textContent.
 * An ES module: board.js draws, lib/api.js makes the requests (CSRF, French errors).
 */
import "./board.js";
import { api as call } from "./lib/api.js";

(function () {
  "use strict";

  const root = document.getElementById("training");
  const initialNode = document.getElementById("training-initial");
  if (!root || !initialNode || !window.ArbitreBoard) return;
  const initial = JSON.parse(initialNode.textContent);
  const { el } = window.ArbitreBoard;
  const DIFFICULTY_FR = { 1: "facile", 2: "moyenne", 3: "difficile" };

  function errorText(response) {
    const data = response.data || {};
    if (data.detail) return String(data.detail);
    if (Array.isArray(data.problems)) return data.problems.map((p) => `${p.path} : ${p.message}`).join(" ; ");
    return response.message || `erreur ${response.status}`;
  }

  // ---- layout ----------------------------------------------------------------------------------------
  const status = el("p", { class: "training-status", id: "training-status", role: "status", "aria-live": "polite" });
  const count = el("p", { class: "question-count", id: "question-count" });
  const meta = el("p", { class: "question-meta muted", id: "question-meta" });
  const prompt = el("p", { class: "question-prompt", id: "question-prompt" });
  const options = el("div", { class: "options", id: "options", role: "group", "aria-label": "Réponses proposées" });
  const verdict = el("p", { class: "verdict", id: "verdict", role: "status" });
  const rightAnswer = el("p", { class: "right-answer", id: "right-answer" });
  const explanation = el("p", { class: "explanation", id: "explanation" });
  const stepLog = el("ol", { class: "log step-log", id: "step-log" });
  const nextButton = el("button", { type: "button", id: "next-question", onclick: () => next() }, "Question suivante");
  const feedback = el("section", { class: "feedback", id: "feedback", hidden: true, "aria-label": "Correction" },
    verdict, rightAnswer, explanation, el("h2", { text: "Journal du moteur pour cette étape" }), stepLog, nextButton);
  const board = el("div", { class: "board", id: "board", role: "region", "aria-label": "Plateau" });
  const rulePanel = el("aside", { class: "rule-panel", id: "rule-panel", "aria-live": "polite" },
    el("p", { class: "muted", text: "Après votre réponse, survolez un numéro de règle du journal pour en lire le texte ici." }));
  const question = el("section", { class: "question", id: "question", hidden: true, "aria-labelledby": "question-prompt" },
    count, meta, prompt, options, feedback,
    el("div", { class: "stepper-layout" },
      el("div", { class: "stepper-main" }, el("h2", { text: "Plateau" }), board),
      el("div", { class: "stepper-side" }, el("h2", { text: "Règle" }), rulePanel)));
  const score = el("p", { class: "score", id: "score", tabindex: "-1" });
  const results = el("ol", { class: "results-list", id: "results" });
  const again = el("button", { type: "button", id: "new-series", class: "secondary", onclick: () => restart() }, "Nouvelle série");
  const scoreBox = el("section", { class: "score-box", id: "score-box", hidden: true, "aria-labelledby": "score" },
    score, results, again);
  root.append(status, question, scoreBox);

  const view = window.ArbitreBoard.create({
    ruleset: initial.ruleset, rulesPage: root.dataset.rulesPage, apiRules: root.dataset.apiRules, board, rulePanel,
  });

  // ---- the series ------------------------------------------------------------------------------------
  let exercises = [];
  let index = 0;
  let answers = [];         // {exercise, correct, chosenLabel, answerLabel}
  let serverScore = null;   // the series' score as the server counted it
  let answering = false;

  async function startSeries(form) {
    const data = new FormData(form);
    const theme = String(data.get("theme") || "");
    const body = { count: Number(data.get("count")) || 5 };
    if (theme.startsWith("section:")) body.section = theme.slice(8);
    if (theme.startsWith("tag:")) body.tag = theme.slice(4);
    if (data.get("difficulty")) body.difficulty = Number(data.get("difficulty"));
    status.textContent = "Préparation de la série…";
    const response = await call("POST", root.dataset.apiSeries, body);
    if (!response.ok) { status.textContent = `Impossible de commencer : ${errorText(response)}`; return; }
    begin(response.data.exercises);
  }

  async function startSingle(uuid) {
    const response = await call("GET", `${root.dataset.apiExercises}${encodeURIComponent(uuid)}/`);
    if (!response.ok) { status.textContent = `Exercice introuvable : ${errorText(response)}`; return; }
    begin([response.data]);
  }

  function begin(list) {
    exercises = list || [];
    index = 0;
    answers = [];
    serverScore = null;
    scoreBox.hidden = true;
    if (!exercises.length) { status.textContent = "Aucun exercice."; return; }
    status.textContent = exercises.length > 1 ? `Série de ${exercises.length} questions.` : "";
    show();
  }

  function runUrl(exercise) { return `${root.dataset.apiScenarios}${encodeURIComponent(exercise.scenario)}/run/`; }

  async function show() {
    const exercise = exercises[index];
    question.hidden = false;
    feedback.hidden = true;
    question.dataset.exercise = exercise.uuid;
    count.textContent = `Question ${index + 1} sur ${exercises.length}`;
    const themeText = exercise.section ? `section ${exercise.section}` : "sans section";
    meta.textContent = `« ${exercise.scenario_title} » · étape ${exercise.steps} · ${themeText} · difficulté ${DIFFICULTY_FR[exercise.difficulty] || exercise.difficulty}`;
    prompt.textContent = exercise.prompt;
    options.replaceChildren(...(exercise.options || []).map((option) => el("button", {
      type: "button", class: "option secondary", dataset: { key: option.key },
      onclick: () => answer(exercise, option.key),
    }, option.label)));
    stepLog.replaceChildren();
    board.replaceChildren(el("p", { class: "muted", text: "Plateau…" }));
    const response = await call("POST", runUrl(exercise), { steps: exercise.steps, until: "none", decisions: [] });
    if (exercises[index] !== exercise) return;
    if (response.ok) view.renderBoard(response.data);
    else board.replaceChildren(el("p", { class: "problem", text: `Plateau indisponible : ${errorText(response)}` }));
    const first = options.querySelector("button");
    if (first) first.focus();
  }

  async function answer(exercise, key) {
    if (answering || !feedback.hidden) return;
    answering = true;
    options.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    const response = await call("POST", `${root.dataset.apiExercises}${encodeURIComponent(exercise.uuid)}/answer/`, { chosen: key });
    answering = false;
    if (!response.ok) {
      status.textContent = `Réponse non enregistrée : ${errorText(response)}`;
      options.querySelectorAll("button").forEach((b) => { b.disabled = false; });
      return;
    }
    const result = response.data;
    for (const button of options.querySelectorAll("button")) {
      if (button.dataset.key === result.answer) button.classList.add("answer");
      if (button.dataset.key === key) button.classList.add("chosen", result.correct ? "right" : "wrong");
    }
    verdict.textContent = result.correct ? "Bonne réponse !" : "Mauvaise réponse.";
    verdict.className = "verdict " + (result.correct ? "right" : "wrong");
    rightAnswer.textContent = `Réponse du moteur : ${result.answer_label}`;
    if (window.ArbitreRuleLinks) window.ArbitreRuleLinks.setTextWithRuleLinks(explanation, result.explanation || "", { ruleset: initial.ruleset, rulesPage: root.dataset.rulesPage });
    else explanation.textContent = result.explanation || "";
    explanation.hidden = !result.explanation;
    const log = result.log || [];
    view.renderLog({ log, last: log.map((e) => e.seq) }, stepLog);
    if (result.series) serverScore = result.series;
    answers.push({ exercise, correct: result.correct, answerLabel: result.answer_label,
                   chosenLabel: (exercise.options.find((o) => o.key === key) || {}).label || key });
    nextButton.textContent = index + 1 < exercises.length ? "Question suivante" : "Voir le score";
    feedback.hidden = false;
    nextButton.focus();
    refreshProgress();
    // The board after the step, what it changed highlighted.
    const after = await call("POST", runUrl(exercise), { steps: exercise.steps, until: "step", decisions: [] });
    if (after.ok && exercises[index] === exercise) view.renderBoard(after.data);
  }

  function next() {
    if (index + 1 < exercises.length) { index += 1; show(); return; }
    finish();
  }

  function finish() {
    question.hidden = true;
    const right = answers.filter((a) => a.correct).length;
    const total = serverScore ? serverScore.total : answers.length;
    const got = serverScore ? serverScore.right : right;
    score.textContent = `Score : ${got} / ${total}`;
    score.dataset.right = String(got);
    score.dataset.total = String(total);
    results.replaceChildren(...answers.map((a) => el("li", { class: a.correct ? "right" : "wrong" },
      el("span", { class: "mark", text: a.correct ? "✓ " : "✗ " }), a.exercise.prompt,
      el("br"), el("span", { class: "muted", text: a.correct ? `Votre réponse : ${a.chosenLabel}` : `Votre réponse : ${a.chosenLabel} — réponse du moteur : ${a.answerLabel}` }))));
    scoreBox.hidden = false;
    status.textContent = "Série terminée.";
    score.focus();
  }

  function restart() {
    scoreBox.hidden = true;
    status.textContent = "";
    const form = document.getElementById("training-form");
    if (form) { form.scrollIntoView({ block: "nearest" }); (form.querySelector("select") || form).focus(); }
    else window.location.href = "../../";
  }

  // ---- progress ---------------------------------------------------------------------------------------
  async function refreshProgress() {
    const response = await call("GET", root.dataset.apiProgress);
    if (!response.ok) return;
    const data = response.data;
    const table = document.getElementById("progress-table");
    const summary = document.getElementById("progress-summary");
    if (summary) {
      summary.textContent = data.answered
        ? `${data.right} bonne(s) réponse(s) sur ${data.answered}.` : "Aucune réponse pour l'instant.";
    }
    if (!table) return;
    const rows = (data.sections || []).map((row) => el("tr", { dataset: { section: row.section } },
      el("td", {}, el("a", { href: `${root.dataset.rulesPage}${encodeURIComponent(row.section)}/`, text: row.label })),
      el("td", { text: String(row.answered) }),
      el("td", { text: String(row.right) }),
      el("td", { text: `${Math.round((100 * row.right) / Math.max(row.answered, 1))} %` })));
    table.tBodies[0].replaceChildren(...rows);
    table.hidden = !rows.length;
  }

  // ---- start --------------------------------------------------------------------------------------------
  const form = document.getElementById("training-form");
  if (form) {
    form.addEventListener("submit", (event) => { event.preventDefault(); startSeries(form); });
  }
  if (initial.exercise) startSingle(initial.exercise);
})();
