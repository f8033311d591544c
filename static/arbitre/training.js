/* The training page: a series of exercises (practice, exam or review), answered one by one.
 *
 * POST /api/training/series/ draws the series (kept in the session); each question shows the board the
 * exercise carries (drawn by board.js, without the rule numbers it prints), the texts of the cards on
 * it, the choices already made, and the options (radio buttons; check boxes when several may be right),
 * answered by « Valider » only. Nothing
 * of the answer is fetched before answering. The answer goes to POST /api/exercises/<uuid>/answer/: in
 * practice it returns the verdict, the engine's log of the step and the board after it; in an exam only
 * "recorded", and the correction and the score by section come at the end (GET the series). The
 * progress table is refreshed after every answer. User text only through textContent.
 * An ES module: board.js draws, lib/api.js makes the requests (CSRF, French errors).
 */
import "./board.js";
import { api as call } from "./lib/api.js";
import { setTextWithRuleLinks } from "./lib/rulelinks.js";

(function () {
  "use strict";

  const root = document.getElementById("training");
  const initialNode = document.getElementById("training-initial");
  if (!root || !initialNode || !window.ArbitreBoard) return;
  const initial = JSON.parse(initialNode.textContent);
  const { el } = window.ArbitreBoard;
  const LEVEL_FR = { L1: "niveau 1", L2: "niveau 2", L3: "niveau 3", corner: "cas limite" };

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
  const prompt = el("p", { class: "question-prompt", id: "question-prompt", tabindex: "-1" });
  const cardTexts = el("dl", { class: "card-texts", id: "card-texts" });
  const cardBox = el("section", { class: "card-box", id: "card-box", "aria-labelledby": "card-box-title" },
    el("h2", { class: "sub", id: "card-box-title", text: "Texte des cartes en jeu" }), cardTexts);
  // The options are chosen (radio buttons, or check boxes when several may be right), then « Valider »
  // answers: no final answer on a single tap, nor on Enter (no form to submit, no option focused).
  const options = el("div", { class: "options", id: "options", role: "group", "aria-labelledby": "question-prompt" });
  const validate = el("button", { type: "button", id: "validate", disabled: true, onclick: () => submitChosen() }, "Valider");
  const timer = el("p", { class: "timer", id: "timer", hidden: true, "aria-live": "off" });
  const verdict = el("p", { class: "verdict", id: "verdict", role: "status" });
  const rightAnswer = el("p", { class: "right-answer", id: "right-answer" });
  const explanation = el("p", { class: "explanation", id: "explanation" });
  const ruleQuote = el("blockquote", { class: "rule-quote", id: "rule-quote", hidden: true });
  const misread = el("ul", { class: "misreadings", id: "misreadings", hidden: true });
  const stepLog = el("ol", { class: "log step-log", id: "step-log" });
  const nextButton = el("button", { type: "button", id: "next-question", onclick: () => next() }, "Question suivante");
  const feedback = el("section", { class: "feedback", id: "feedback", hidden: true, "aria-label": "Correction" },
    verdict, rightAnswer, explanation, ruleQuote, misread, el("h2", { class: "sub", text: "Journal du moteur pour cette étape" }), stepLog, nextButton);
  const board = el("div", { class: "board", id: "board", role: "region", "aria-label": "Plateau" });
  const rulePanel = el("aside", { class: "rule-panel", id: "rule-panel", "aria-live": "polite" },
    el("p", { class: "muted", text: "Après votre réponse, survolez un numéro de règle du journal pour en lire le texte ici." }));
  // The board takes the page's whole width (the Adventure's eight regions side by side on a desktop,
  // in two rows on a phone); the rule panel comes under it.
  const question = el("section", { class: "question", id: "question", hidden: true, "aria-labelledby": "question-prompt" },
    el("div", { class: "question-text" }, count, timer, meta, prompt, options, validate, feedback, cardBox),
    el("div", { class: "training-board" }, el("h2", { class: "sub", text: "Plateau" }), board),
    el("div", { class: "training-rule" }, el("h2", { class: "sub", text: "Règle" }), rulePanel));
  const score = el("p", { class: "score", id: "score", tabindex: "-1" });
  const results = el("ol", { class: "results-list", id: "results" });
  const verdictExam = el("p", { class: "exam-verdict", id: "exam-verdict" });
  const bySection = el("table", { class: "by-section", id: "by-section", hidden: true },
    el("caption", { text: "Score par section" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Section" }), el("th", { scope: "col", text: "Justes" }),
      el("th", { scope: "col", text: "Questions" }))), el("tbody"));
  const again = el("button", { type: "button", id: "new-series", class: "secondary", onclick: () => restart() }, "Nouvelle série");
  const scoreBox = el("section", { class: "score-box", id: "score-box", hidden: true, "aria-labelledby": "score" },
    score, verdictExam, bySection, results, again);
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
  let mode = "practice";
  let timerId = null;

  async function startSeries(form) {
    const data = new FormData(form);
    const theme = String(data.get("theme") || "");
    const mode = String(data.get("mode") || "practice");
    // An exam's terms (sections, duration, pass mark) are its template's: only the template is sent.
    const body = mode === "exam" ? { mode, template: String(data.get("template") || "") }
      : { mode, count: Number(data.get("count")) || 5 };
    if (mode !== "exam") {
      if (theme.startsWith("section:")) body.section = theme.slice(8);
      if (theme.startsWith("tag:")) body.tag = theme.slice(4);
      if (data.get("level")) body.level = String(data.get("level"));
    }
    status.textContent = "Préparation de la série…";
    const response = await call("POST", root.dataset.apiSeries, body);
    if (!response.ok) { status.textContent = `Impossible de commencer : ${errorText(response)}`; return; }
    begin(response.data.exercises, response.data);
    const unfilled = response.data.unfilled || [];
    if (unfilled.length) {
      status.textContent += ` Sections sans assez de questions, absentes de cet examen : ${unfilled.map((u) => `${u.label} (${u.available} sur ${u.wanted})`).join(", ")}.`;
    }
  }

  async function startSingle(uuid) {
    const response = await call("GET", `${root.dataset.apiExercises}${encodeURIComponent(uuid)}/`);
    if (!response.ok) { status.textContent = `Exercice introuvable : ${errorText(response)}`; return; }
    begin([response.data]);
  }

  function begin(list, info) {
    exercises = list || [];
    index = 0;
    answers = [];
    serverScore = null;
    mode = (info && info.mode) || "practice";
    scoreBox.hidden = true;
    root.dataset.mode = mode;
    if (!exercises.length) { status.textContent = "Aucun exercice."; return; }
    const kind = { exam: info && info.template ? `Examen « ${info.template} »` : "Examen", review: "Révision" }[mode] || "Série";
    status.textContent = exercises.length > 1 ? `${kind} de ${exercises.length} questions.` : "";
    startTimer(info && info.time_left);
    show();
  }

  function startTimer(seconds) {
    if (timerId) clearInterval(timerId);
    timer.hidden = !seconds;
    if (!seconds) return;
    const end = Date.now() + seconds * 1000 + 1500;   // a little after the server's limit
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      timer.textContent = `Temps restant : ${Math.floor(left / 60)} min ${String(left % 60).padStart(2, "0")} s`;
      if (!left) { clearInterval(timerId); timerId = null; finish(); }
    };
    tick();
    timerId = setInterval(tick, 1000);
  }

  /* The board as the question shows it: board.js prints rule numbers (e.g. for a player without a Hero),
     which may be the answer: they are removed until the correction. */
  function drawBoard(state) {
    view.renderBoard({ state, log: [], last: [] });
    board.querySelectorAll("p.hero, .day-info").forEach((node) => {
      node.textContent = node.textContent.replace(/\s*\(\d+(?:\.\d+)+(?:\.[a-z])?\)/g, "");
    });
  }

  function show() {
    const exercise = exercises[index];
    question.hidden = false;
    feedback.hidden = true;
    question.dataset.exercise = exercise.uuid;
    count.textContent = `Question ${index + 1} sur ${exercises.length}`;
    meta.textContent = LEVEL_FR[exercise.level] ? `${LEVEL_FR[exercise.level]}` : "";
    prompt.textContent = exercise.prompt;
    const multiple = Boolean(exercise.multiple);
    const type = multiple ? "checkbox" : "radio";
    options.replaceChildren(...(exercise.options || []).map((option, i) => el("label", { class: "option check", dataset: { key: option.key } },
      el("input", { type, name: `chosen-${index}`, value: option.key, id: `option-${i}`, onchange: () => chosenChanged(option.key) }), " ", option.label)));
    validate.disabled = true;
    validate.hidden = false;
    stepLog.replaceChildren();
    const cards = exercise.cards || [];
    cardTexts.replaceChildren(...cards.flatMap((card) => [
      el("dt", { text: `${card.name} (${card.id}) — ${card.type}` }),
      ...card.text.map((line) => el("dd", { text: line }))]));
    cardBox.hidden = !cards.length;
    drawBoard(exercise.board || {});
    prompt.focus({ preventScroll: index === 0 });   // the question is read first; no option is focused
  }

  /* « Aucune de ces cartes » excludes the others (and they it); « Valider » waits for a choice. */
  function chosenChanged(key) {
    const inputs = [...options.querySelectorAll("input")];
    const changed = inputs.find((input) => input.value === key);
    if (changed && changed.type === "checkbox" && changed.checked) {
      inputs.forEach((input) => {
        if (input !== changed && (key === "none" || input.value === "none")) input.checked = false;
      });
    }
    validate.disabled = !inputs.some((input) => input.checked);
  }

  function submitChosen() {
    const keys = [...options.querySelectorAll("input:checked")].map((input) => input.value);
    if (!keys.length) { status.textContent = "Choisissez une réponse, puis « Valider »."; return; }
    answer(exercises[index], keys.join(","));
  }

  async function answer(exercise, key) {
    if (answering || !feedback.hidden) return;
    answering = true;
    const controls = options.querySelectorAll("input");
    controls.forEach((b) => { b.disabled = true; });
    validate.disabled = true;
    const response = await call("POST", `${root.dataset.apiExercises}${encodeURIComponent(exercise.uuid)}/answer/`, { chosen: key });
    answering = false;
    if (!response.ok) {
      status.textContent = `Réponse non enregistrée : ${errorText(response)}`;
      controls.forEach((b) => { b.disabled = false; });
      validate.disabled = false;
      return;
    }
    const result = response.data;
    const chosenLabel = key.split(",").map((k) => (exercise.options.find((o) => o.key === k) || {}).label || k).join(", ");
    if (result.recorded) {   // an exam: nothing about the answer until the end
      answers.push({ exercise, chosenLabel });
      if (result.series) serverScore = result.series;
      status.textContent = `Réponse enregistrée (${answers.length} sur ${exercises.length}).`;
      next();
      return;
    }
    const right = new Set(String(result.answer).split(","));
    const chosen = new Set(key.split(","));
    for (const node of options.querySelectorAll("[data-key]")) {
      if (right.has(node.dataset.key)) node.classList.add("answer");
      if (chosen.has(node.dataset.key)) node.classList.add("chosen", right.has(node.dataset.key) ? "right" : "wrong");
    }
    verdict.textContent = (result.correct ? "Bonne réponse !" : "Mauvaise réponse.")
      + (result.counted === false ? " (Vous aviez déjà répondu : seule votre première réponse compte.)" : "");
    verdict.className = "verdict " + (result.correct ? "right" : "wrong");
    rightAnswer.textContent = `Réponse du moteur : ${result.answer_label}`;
    setTextWithRuleLinks(explanation, [result.explanation || "", result.reading ? `Lecture du moteur (les règles ne tranchent pas) : ${result.reading}` : ""].filter(Boolean).join(" "),
      { ruleset: initial.ruleset, rulesPage: root.dataset.rulesPage });
    explanation.hidden = !explanation.textContent;
    showQuote(ruleQuote, result.rule_quote);
    misread.replaceChildren(...(result.misreadings || []).map((m) => el("li", {}, el("strong", { text: `« ${m.label} »` }), ` : ${m.why}`)));
    misread.hidden = !misread.children.length;
    const log = result.log || [];
    view.renderLog({ log, last: log.map((e) => e.seq) }, stepLog);
    if (result.series) serverScore = result.series;
    answers.push({ exercise, correct: result.correct, answerLabel: result.answer_label, chosenLabel });
    nextButton.textContent = index + 1 < exercises.length ? "Question suivante" : "Voir le score";
    validate.hidden = true;
    feedback.hidden = false;
    nextButton.focus();
    refreshProgress();
    // The board after the step, what it changed highlighted.
    if (result.after) view.renderBoard({ state: result.after, log, last: log.map((e) => e.seq) });
  }

  /* The deciding rule, whole: its paragraph, its list, its remarks (never cut). */
  function showQuote(node, quote) {
    node.hidden = !quote;
    if (!quote) { node.replaceChildren(); return; }
    const head = el("p", {}, el("strong", { text: `Règle ${quote.number}${quote.title ? ` — ${quote.title}` : ""}` }));
    const parts = [head];
    if (quote.text) parts.push(el("p", { text: quote.text }));
    if ((quote.items || []).length) parts.push(el("ul", {}, ...quote.items.map((item) => el("li", { text: item }))));
    (quote.remarks || []).forEach((remark) => parts.push(el("p", { class: "muted", text: remark })));
    node.replaceChildren(...parts);
  }

  function next() {
    if (index + 1 < exercises.length) { index += 1; show(); return; }
    finish();
  }

  async function finish() {
    if (timerId) { clearInterval(timerId); timerId = null; }
    timer.hidden = true;
    question.hidden = true;
    verdictExam.textContent = "";
    bySection.hidden = true;
    if (mode === "exam") { await finishExam(); return; }
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

  async function finishExam() {
    const response = await call("GET", root.dataset.apiSeries);
    if (!response.ok) { status.textContent = `Score indisponible : ${errorText(response)}`; return; }
    const data = response.data;
    score.textContent = `Score : ${data.right} / ${data.total}`;
    score.dataset.right = String(data.right);
    score.dataset.total = String(data.total);
    verdictExam.textContent = data.passed
      ? `Examen réussi (seuil : ${Math.round(100 * data.pass_mark)} %).`
      : `Examen non réussi (seuil : ${Math.round(100 * data.pass_mark)} %).`;
    verdictExam.className = "exam-verdict " + (data.passed ? "right" : "wrong");
    bySection.tBodies[0].replaceChildren(...(data.sections || []).map((row) => el("tr", { dataset: { section: row.section } },
      el("td", { text: row.label }), el("td", { text: String(row.right) }), el("td", { text: String(row.total) }))));
    bySection.hidden = false;
    results.replaceChildren(...(data.corrections || []).map((c) => el("li", { class: c.correct ? "right" : "wrong", dataset: { exercise: c.uuid } },
      el("span", { class: "mark", text: c.correct ? "✓ " : "✗ " }), c.prompt, el("br"),
      el("span", { class: "muted", text: c.exam_only
        ? `Votre réponse : ${c.chosen_label || "aucune"} — question réservée aux examens : sa réponse n'est pas publiée.`
        : `Votre réponse : ${c.chosen_label || "aucune"} — réponse : ${c.answer_label} (règle ${c.rule})` }),
      c.explanation ? el("p", { class: "explanation", text: c.explanation }) : "",
      c.rule_quote ? (() => { const q = el("blockquote", { class: "rule-quote" }); showQuote(q, c.rule_quote); return q; })() : "")));
    scoreBox.hidden = false;
    status.textContent = "Examen terminé.";
    score.focus();
    refreshProgress();
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
    // Enabled once the series is started here: before this script runs, a click would post the form
    // to the API itself and open its raw answer.
    const start = document.getElementById("start-series");
    if (start) start.disabled = false;
  }
  if (initial.exercise) startSingle(initial.exercise);
})();
