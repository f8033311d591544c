/* The board and the log of a run, drawn from the engine's output document: the one drawing code of
 * the stepper (stepper.js), the ruling page (ruling.js), the training page (training.js) and the
 * builder (builder/board.js). An ES module (`<script type="module">` or `import "./board.js"`) that
 * defines window.ArbitreBoard from its parts, one idea each, under board/:
 *
 *   dom.js (el, the one DOM helper), labels.js (the engine's labels, where a rule leads),
 *   names.js (cards and decisions in French), rules.js (rule links, texts, the panel),
 *   draw.js and board2v2.js (the two boards), log.js (the log).
 *
 * ArbitreBoard.create({ruleset, rulesPage, apiRules, apiSearch, board, rulePanel, describeCard,
 * showHidden, showRuleset}) returns the drawing functions bound to one page: renderBoard(out) draws
 * `out.state` into `board`, highlighting what the steps in `out.last` touched; renderLog(out, list)
 * fills an <ol> with the log, each rule number a link to its page (its text in a tooltip and, on
 * hover, focus or touch, in `rulePanel` when there is one); renderRule(number, box) draws a rule's
 * whole text in any box. Every piece of user text goes through textContent, never innerHTML.
 */
import { el } from "./board/dom.js";
import { PHASE_FR, ZONE_FR, EXPEDITION_FR, STATUS_FR, RULESETS, NO_HOVER } from "./board/labels.js";
import { cardNames, cardLabel, decisionLabel } from "./board/names.js";
import { ruleTools } from "./board/rules.js";
import { boardDrawer } from "./board/draw.js";
import { path2v2 } from "./board/board2v2.js";
import { logTools } from "./board/log.js";

function create(options) {
  const ruleset = options.ruleset || "fr-1";
  const rules = ruleTools({ ...options, ruleset });
  const drawing = boardDrawer({ board: options.board, ruleset, showRuleset: !!options.showRuleset,
    describeCard: options.describeCard || null, showHidden: !!options.showHidden });
  const log = logTools({ ruleset, rulesPage: options.rulesPage, rules, highlightEntry: drawing.highlightEntry });
  return {
    cardNames, cardLabel, decisionLabel,
    ruleLinks: rules.ruleLinks, articleLinks: rules.articleLinks, showRule: rules.showRule, renderRule: rules.renderRule,
    renderBoard: drawing.renderBoard, highlightEntry: drawing.highlightEntry,
    renderLog: log.renderLog, logEntry: log.logEntry,
  };
}

window.ArbitreBoard = { create, el, path2v2, NO_HOVER, PHASE_FR, ZONE_FR, EXPEDITION_FR, STATUS_FR, RULESETS };
