/* The ruling page: the board at step N drawn by board.js (the stepper's drawing), and a print button. */
(function () {
  "use strict";
  const data = document.getElementById("ruling-board");
  const board = document.getElementById("board");
  if (data && board && window.ArbitreBoard) {
    const out = JSON.parse(data.textContent);
    if (out) {
      window.ArbitreBoard.create({
        ruleset: board.dataset.ruleset, rulesPage: board.dataset.rulesPage, apiRules: board.dataset.apiRules, board,
      }).renderBoard(out);
    }
  }
  const print = document.getElementById("ruling-print");
  if (print) print.addEventListener("click", () => window.print());
})();
