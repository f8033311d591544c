// Rules suggested as you type in the search box: /api/suggest/?q=… (debounced, keyboard friendly).
(function () {
  const form = document.querySelector("form.search[data-suggest-url]");
  if (!form) return;
  const input = form.querySelector("input[name=q]");
  const list = form.querySelector(".suggestions");
  let timer = null, controller = null, active = -1;

  function clear() { list.replaceChildren(); list.hidden = true; active = -1; input.setAttribute("aria-expanded", "false"); }

  function show(items) {
    list.replaceChildren();
    items.forEach(function (item, i) {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = "suggestion-" + i;
      const a = document.createElement("a");
      a.href = item.url;
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = item.number || "Glossaire";
      a.append(num, " ", item.title || item.text.slice(0, 90));
      li.append(a);
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
      options.forEach(function (o, i) { o.classList.toggle("active", i === active); });
      input.setAttribute("aria-activedescendant", options[active].id);
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault();
      window.location = options[active].querySelector("a").href;
    } else if (e.key === "Escape") { clear(); }
  });
  document.addEventListener("click", function (e) { if (!form.contains(e.target)) clear(); });
})();
