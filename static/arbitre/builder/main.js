// Scenario builder (issue 13): the board is the builder. This module lays the page out and redraws
// it after each change; the parts live beside it:
//   state.js (the document), fields.js (form controls), board.js (the editable board, presets),
//   card.js (the card editor), effects.js (abilities and effects), describe.js (French sentences),
//   problems.js (live check, plain-French problems, warnings), forms.js (scenario, game, heroes,
//   Adventure, decisions), io.js (JSON import/export), save.js (save, 412, trial), panel.js.
// User text only ever goes through textContent / value, never innerHTML.
import { el, button } from "../lib/dom.js";
import { state, onChange, allCards, cardLabel } from "./state.js";
import { pathNodes } from "./fields.js";
import { ui } from "./status.js";
import { boardRoot, renderBoard } from "./board.js";
import { editCard } from "./card.js";
import { panelNode, panelKind } from "./panel.js";
import { summary, scheduleCheck, runCheck, showProblems, setHooks } from "./problems.js";
import { renderMeta, renderGame, renderPlayers, renderAdventure, renderDecisions } from "./forms.js";
import { renderImportExport, refreshExport } from "./io.js";
import { save, trial, conflictBox, stepperLink, showStepperLink, onSaved } from "./save.js";
import { compareLabel } from "../compare.js";

const root = document.getElementById("builder");
const slots = { meta: el("div"), game: el("div"), players: el("div"), adventure: el("div"), decisions: el("div") };
const datalist = el("datalist", { id: "builder-card-ids" });

function updateDirty() {
  ui.dirty.textContent = state.dirty ? "Modifications non enregistrées" : state.uuid ? "Enregistré" : "";
}

function refreshIds() {
  datalist.replaceChildren(...allCards().map((c) => el("option", { value: String(c.id) }, cardLabel(c))));
}

/** Everything, after a structural change: forms, board and the open card editor. */
function render() {
  const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.id : null;
  const panel = panelNode();
  const scroll = panel.scrollTop;
  const open = {};
  for (const id of ["players-details", "adventure-details", "decisions-details"]) { const d = document.getElementById(id); if (d) open[id] = d.open; }
  pathNodes.clear();
  slots.meta.replaceChildren(renderMeta());
  slots.game.replaceChildren(renderGame());
  slots.players.replaceChildren(renderPlayers());
  slots.adventure.replaceChildren(renderAdventure());
  slots.decisions.replaceChildren(renderDecisions());
  for (const [id, was] of Object.entries(open)) { const d = document.getElementById(id); if (d && was) d.open = true; }
  renderBoard();
  if (panelKind() === "card" && state.selected) editCard(state.selected);
  panel.scrollTop = scroll;
  refreshIds();
  if (focused) {
    const again = document.getElementById(focused);
    if (again) again.focus({ preventScroll: true });
  }
  if (state.checked) showProblems();
  updateCompare();
}

let boardFrame = 0;
onChange((redraw) => {
  if (redraw) render();
  else if (!boardFrame) boardFrame = requestAnimationFrame(() => { boardFrame = 0; renderBoard(); refreshIds(); if (state.checked) showProblems(); });
  updateDirty();
  refreshExport();
  scheduleCheck();
});
onSaved(updateDirty);
// "Comparer avec CR 5.0" (or FR v1.x): the unsaved board in the stepper, run under both rule sets.
const compareButton = button("", () => trial(true), { class: "secondary", id: "builder-compare", "aria-describedby": "trial-hint" });
function updateCompare() { compareButton.textContent = compareLabel(state.doc.rules); }
setHooks({ openCard: (card) => editCard(card), boardRoot: () => boardRoot });

const toolbar = el("div", { class: "toolbar" },
  el("div", { class: "actions" },
    button("Enregistrer", () => save(false), { class: "primary" }),
    button("Essayer sans enregistrer", () => trial(false), { class: "secondary", title: "Ouvre le pas-à-pas dans un nouvel onglet, sans enregistrer" }),
    el("span", { class: "hint", id: "trial-hint" }, "(s'ouvre dans un nouvel onglet)"),
    compareButton,
    stepperLink,
    ui.dirty),
  ui.checkStatus,
  ui.message);
toolbar.querySelector("button.secondary").setAttribute("aria-describedby", "trial-hint");

root.replaceChildren(
  toolbar, conflictBox, summary,
  el("div", { class: "builder-top" }, slots.meta, slots.game),
  el("div", { class: "builder-layout" },
    el("div", { class: "builder-main" },
      el("p", { class: "hint" }, "Cliquez sur « + » d'une zone pour y ajouter une carte, sur une carte pour la modifier, sur une région pour y placer un marqueur, sur une carte Tumulte pour la retourner. Glissez une carte vers une autre zone, un marqueur vers une autre région."),
      boardRoot),
    panelNode()),
  slots.players, slots.adventure, slots.decisions, renderImportExport(), datalist,
);
window.addEventListener("beforeunload", (e) => { if (state.dirty) { e.preventDefault(); e.returnValue = ""; } });
showStepperLink();
render();
updateDirty();
runCheck();
