// Search boxes (the header's on every page, the home and results pages' big one):
// rules suggested as you type from /api/suggest/?q=… (debounced, keyboard friendly);
// Enter on a rule number however typed ("3.2.9 f", "R2.4.6.c") opens the rule's page (go=1);
// "/" anywhere outside a text field focuses the header's box.
(function () {
  // The loose forms rules_ref.search.query.parse_number accepts (the server decides in the end).
  const NUMBER = /^\s*(?:r(?:[eèé]gles?)?\.?\s*)?\d+(?:\.\d+)*(?:(?:\.\s*|\s+)?[a-z])?\.?\*?\s*$/i;

  function setUp(form) {
    const input = form.querySelector("input[name=q]");
    const list = form.querySelector(".suggestions");
    if (!input || !list) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", list.id);
    if (!list.hasAttribute("aria-label")) list.setAttribute("aria-label", "Règles suggérées");
    const prefix = (list.id || "suggestions") + "-";
    let timer = null, controller = null, active = -1;

    function clear() { list.replaceChildren(); list.hidden = true; active = -1; input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant"); }

    function show(items) {
      list.replaceChildren();
      items.forEach(function (item, i) {
        const li = document.createElement("li");
        li.setAttribute("role", "option");
        li.id = prefix + i;
        li.setAttribute("aria-selected", "false");
        li.dataset.url = item.url;
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = item.number || "Glossaire";
        li.append(num, " ", item.title || item.text.slice(0, 90));
        // A click (mousedown: before the input loses focus) opens the rule; options hold no link (ARIA).
        li.addEventListener("mousedown", function (e) { e.preventDefault(); window.location = item.url; });
        list.append(li);
      });
      list.hidden = items.length === 0;
      input.setAttribute("aria-expanded", items.length ? "true" : "false");
    }

    function fetchSuggestions() {
      const q = input.value.trim();
      if (q.length < 2) { clear(); return; }
      if (controller) controller.abort();
      controller = new AbortController();
      fetch(form.dataset.suggestUrl + "?q=" + encodeURIComponent(q), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (data) { if (input.value.trim() === q) show(data); })
        .catch(function () {});
    }

    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(fetchSuggestions, 120); });
    input.addEventListener("keydown", function (e) {
      const options = list.querySelectorAll("li");
      if (!options.length) return;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        active = (active + (e.key === "ArrowDown" ? 1 : -1) + options.length) % options.length;
        options.forEach(function (o, i) { o.classList.toggle("active", i === active); o.setAttribute("aria-selected", i === active ? "true" : "false"); });
        input.setAttribute("aria-activedescendant", options[active].id);
      } else if (e.key === "Enter" && active >= 0) {
        e.preventDefault();
        window.location = options[active].dataset.url;
      } else if (e.key === "Escape") { clear(); }
    });
    form.addEventListener("submit", function () {
      let go = form.querySelector("input[name=go]");
      if (NUMBER.test(input.value)) {
        if (!go) { go = document.createElement("input"); go.type = "hidden"; go.name = "go"; form.append(go); }
        go.value = "1";
      } else if (go) { go.remove(); }
    });
    document.addEventListener("click", function (e) { if (!form.contains(e.target)) clear(); });
  }

  document.querySelectorAll("form[data-suggest-url]").forEach(setUp);

  // The header's box shows the last query (the results page's); reached again, by a click, a tap or
  // Tab, it selects it, so what is typed next replaces it instead of being appended to it.
  const headerBox = document.querySelector("header form.mini-search input[name=q]");
  if (headerBox) {
    let pointed = false;
    headerBox.addEventListener("pointerdown", () => { pointed = document.activeElement !== headerBox; });
    headerBox.addEventListener("focus", () => { if (headerBox.value) headerBox.select(); });
    // A click places the caret after focusing: select again, once, unless the judge is selecting.
    headerBox.addEventListener("pointerup", (e) => {
      if (pointed && headerBox.selectionStart === headerBox.selectionEnd) { e.preventDefault(); headerBox.select(); }
      pointed = false;
    });
  }

  document.addEventListener("keydown", function (e) {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const box = document.querySelector("header form.mini-search input[name=q]");
    if (!box) return;
    e.preventDefault();
    box.focus();
    box.select();
  });
})();
