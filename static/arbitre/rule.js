// "Copier la citation": puts « Règle 2.4.6.c (fr-1) » on the clipboard.
(function () {
  document.querySelectorAll("button.copy[data-citation]").forEach(function (button) {
    const out = button.parentElement.querySelector(".copied");
    button.addEventListener("click", function () {
      const text = button.dataset.citation;
      function done(ok) { if (out) out.textContent = ok ? "Copié : " + text : "Copiez : " + text; }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallback(text)); });
      } else { done(fallback(text)); }
    });
  });
  function fallback(text) {
    const area = document.createElement("textarea");
    area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
    document.body.append(area); area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }
})();
