// JSON import and export, for power users: paste or pick a file; show, copy or download the document.
import { el, button } from "../lib/dom.js";
import { state, changed, allCards } from "./state.js";
import { setMessage } from "./status.js";
import { closePanel } from "./panel.js";

const ui = {};

export function exportJson() { return JSON.stringify(state.doc, null, 2) + "\n"; }

export function refreshExport() {
  if (ui.exportBox && !ui.exportBox.hidden) ui.exportText.value = exportJson();
}

export function renderImportExport() {
  const box = el("details", { class: "panel io", id: "io-details" }, el("summary", {}, "Import et export JSON"));
  const paste = el("textarea", { id: "builder-import-text", rows: 6, spellcheck: false, placeholder: "{\"format\": \"arbitre-scenario/1\", …}" });
  const file = el("input", { type: "file", id: "builder-import-file", accept: ".json,application/json" });
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    if (chosen) chosen.text().then((text) => { importText(text, chosen.name); file.value = ""; });
  });
  ui.exportText = el("textarea", { id: "builder-export-text", rows: 14, readOnly: true, spellcheck: false });
  ui.exportBox = el("div", { class: "field", hidden: true },
    el("label", { htmlFor: "builder-export-text" }, "Document JSON"), ui.exportText,
    el("div", { class: "actions" }, button("Copier le JSON", copyJson, { class: "small secondary" })));
  ui.importMessage = el("p", { class: "message", role: "status" });
  box.append(
    el("div", { class: "field" }, el("label", { htmlFor: "builder-import-text" }, "Document JSON à importer"), paste),
    el("div", { class: "actions" },
      button("Importer", () => importText(paste.value, null)),
      el("label", { htmlFor: "builder-import-file", class: "file-label" }, "ou choisir un fichier"), file),
    ui.importMessage,
    el("div", { class: "actions" },
      button("Télécharger le JSON", download, { class: "secondary" }),
      button("Afficher le JSON", (event) => {
        ui.exportBox.hidden = !ui.exportBox.hidden;
        event.target.textContent = ui.exportBox.hidden ? "Afficher le JSON" : "Masquer le JSON";
        refreshExport();
      }, { class: "secondary", "aria-controls": "builder-export-text" })),
    ui.exportBox,
  );
  return box;
}

function importText(text, fileName) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    ui.importMessage.textContent = "JSON illisible : " + e.message;
    ui.importMessage.className = "message error";
    return;
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
    ui.importMessage.textContent = "Un scénario est un objet JSON ({\"format\": \"arbitre-scenario/1\", …}).";
    ui.importMessage.className = "message error";
    return;
  }
  closePanel();
  state.doc = doc;
  if (typeof doc.title === "string") state.title = doc.title;
  if (typeof doc.description === "string") state.description = doc.description;
  if (Array.isArray(doc.tags)) state.tags = doc.tags.filter((t) => typeof t === "string").join(", ");
  const n = allCards().length;
  ui.importMessage.textContent = "Document importé" + (fileName ? " depuis " + fileName : "") + " : " + n + (n > 1 ? " cartes." : " carte.");
  ui.importMessage.className = "message ok";
  changed(true);
}

function slug(text) {
  return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "scenario";
}

function download() {
  const url = URL.createObjectURL(new Blob([exportJson()], { type: "application/json" }));
  const a = el("a", { href: url, download: slug(state.title) + ".json" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function copyJson() {
  refreshExport();
  const text = exportJson();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(() => setMessage("JSON copié dans le presse-papiers.", "ok"),
      () => { ui.exportText.select(); setMessage("Sélectionné : copiez avec Ctrl+C.", ""); });
  } else {
    ui.exportText.select();
    setMessage("Sélectionné : copiez avec Ctrl+C.", "");
  }
}
