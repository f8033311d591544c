/* The ruling page: the boards (before and after the deciding step, at step N) drawn by board.js (the stepper's drawing), and a print button. */
(function () {
  "use strict";
  // Each board names the JSON it draws (data-source): before and after the deciding step, and the
  // position reached when it is another.
  document.querySelectorAll(".ruling .board[data-source]").forEach((board) => {
    const data = document.getElementById(board.dataset.source);
    const out = data && window.ArbitreBoard ? JSON.parse(data.textContent) : null;
    if (out) {
      window.ArbitreBoard.create({
        ruleset: board.dataset.ruleset, rulesPage: board.dataset.rulesPage, apiRules: board.dataset.apiRules, board,
      }).renderBoard(out);
    }
  });
  const print = document.getElementById("ruling-print");
  if (print) print.addEventListener("click", () => window.print());
})();
