// Saving (with the scenario's version: If-Match, and the 412 answer of CONTRACT.md), and trying
// the board in the stepper without saving.
import { el, button } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { state } from "./state.js";
import { runCheck, showProblems } from "./problems.js";
import { setMessage } from "./status.js";
import { refs } from "./forms.js";
import { fieldId } from "./fields.js";

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
const META_FIELDS = { title: "@title", description: "@description", tags: "@tags", visibility: "@visibility" };
const FIELD_NAMES = { title: "Titre", description: "Description", tags: "Étiquettes", visibility: "Visibilité" };
const root = () => document.getElementById("builder");

export const conflictBox = el("div", { class: "conflict", id: "conflict", hidden: true, role: "alert" });
export const stepperLink = el("a", { class: "button secondary", id: "stepper-link", hidden: true }, "Ouvrir dans le pas-à-pas");
let afterSave = () => {};
export function onSaved(fn) { afterSave = fn; }

export function showStepperLink() {
  if (!state.uuid) return;
  stepperLink.href = root().dataset.stepperUrl.replace(ZERO_UUID, state.uuid);
  stepperLink.hidden = false;
}

/** The ETag of the saved version: `"<uuid>-<version>"` (CONTRACT.md), or the server's own. */
function ifMatch() {
  if (state.etag) return state.etag;
  if (state.uuid && typeof state.version === "number") return "\"" + state.uuid + "-" + state.version + "\"";
  return null;
}

/** The title a scenario saved without one gets: « Décision du 1/12 14:05 » (the judge's clock). */
export function defaultTitle(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `Décision du ${now.getDate()}/${now.getMonth() + 1} ${two(now.getHours())}:${two(now.getMinutes())}`;
}

/** A title given when there is none, shown in its field: saving never fails for want of one. */
function ensureTitle() {
  if (state.title.trim()) return;
  state.title = defaultTitle();
  state.doc.title = state.title;
  const input = document.getElementById(fieldId("@title"));
  if (input) input.value = state.title;
}

/** The field of the first problem the server named, focused and brought into view (not the button). */
function focusField(path) {
  const input = document.getElementById(fieldId(path));
  if (!input) return;
  input.scrollIntoView({ block: "center" });
  input.focus({ preventScroll: true });
}

function body(draft) {
  return {
    title: state.title.trim(),
    description: state.description,
    tags: state.tags.split(",").map((t) => t.trim()).filter(Boolean),
    visibility: state.visibility,
    document: state.doc,
    draft,
  };
}

export async function save(asCopy) {
  setMessage("Enregistrement…", "pending");
  ensureTitle();
  await runCheck();
  const draft = state.problems.length > 0;
  let note = "";
  if (draft && state.visibility !== "private") {
    state.visibility = "private";
    if (refs.visibility) refs.visibility.value = "private";
    note = " Le plateau a des problèmes : il reste un brouillon privé tant qu'ils ne sont pas corrigés.";
  } else if (draft) {
    note = " Brouillon : le plateau a encore des problèmes.";
  }
  const creating = !state.uuid || asCopy === true;
  const headers = {};
  const tag = ifMatch();
  if (!creating && tag) headers["If-Match"] = tag;
  const payload = body(draft);
  if (asCopy === true && payload.title) payload.title = payload.title.slice(0, 190) + " (copie)";
  const api_url = root().dataset.apiScenarios;
  const result = await api(creating ? "POST" : "PUT", creating ? api_url : api_url + state.uuid + "/", payload, headers);
  if (result.ok && result.data) {
    conflictBox.hidden = true;
    state.uuid = result.data.uuid;
    state.version = typeof result.data.version === "number" ? result.data.version : null;
    state.etag = result.headers.get("ETag") || null;
    state.dirty = false;
    if (creating) history.replaceState(null, "", root().dataset.editUrl.replace(ZERO_UUID, state.uuid));
    const heading = document.getElementById("builder-heading");
    if (heading) heading.textContent = "Modifier « " + result.data.title + " »";
    if (asCopy === true) state.title = result.data.title;
    showStepperLink();
    setMessage((asCopy === true ? "Copie enregistrée." : creating ? "Scénario enregistré." : "Modifications enregistrées.") + note, draft ? "warning" : "ok");
    afterSave();
    return;
  }
  if (result.status === 412) { showConflict(result.data || {}); return; }
  if (result.status === 400 && result.data) {
    const lines = [];
    for (const [key, value] of Object.entries(result.data)) {
      if (key === "document" && Array.isArray(value) && value.length && typeof value[0] === "object") {
        state.problems = value;
        lines.push("le plateau a des problèmes");
      } else if (META_FIELDS[key]) {
        state.problems = state.problems.filter((p) => p.path !== META_FIELDS[key]);
        const messages = [].concat(value).map(String);
        messages.forEach((m) => state.problems.push({ path: META_FIELDS[key], message: m }));
        lines.push(FIELD_NAMES[key] + " : " + messages.join(" "));
      } else {
        lines.push(key + " : " + [].concat(value).map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(" "));
      }
    }
    showProblems();
    setMessage("Non enregistré — " + lines.join(" ; "), "error");
    const first = Object.keys(result.data).find((key) => META_FIELDS[key]);
    if (first) focusField(META_FIELDS[first]);
    return;
  }
  setMessage("Non enregistré : " + result.message, "error");
}

/** 412: someone else saved this scenario since it was opened (CONTRACT.md). */
function showConflict(data) {
  const who = data.updated_by ? " par " + data.updated_by : "";
  const when = data.updated_at ? " le " + new Date(data.updated_at).toLocaleString("fr-FR") : "";
  const version = typeof data.version === "number" ? " (version " + data.version + ")" : "";
  conflictBox.replaceChildren(
    el("p", {}, el("strong", {}, "Non enregistré : "), (data.detail || "quelqu'un d'autre a enregistré ce scénario entre-temps.")
      + " Dernier enregistrement" + who + when + version + "."),
    el("p", { class: "hint" }, "Vos modifications sont toujours là. Recharger les perd ; « Enregistrer comme copie » crée un nouveau scénario avec votre plateau."),
    el("div", { class: "actions" },
      button("Recharger", () => {
        if (window.confirm("Recharger la version enregistrée ? Vos modifications non enregistrées seront perdues.")) {
          state.dirty = false;
          window.location.reload();
        }
      }, { class: "secondary" }),
      button("Enregistrer comme copie", () => save(true), { class: "primary" })),
  );
  conflictBox.hidden = false;
  setMessage("Non enregistré : quelqu'un d'autre a enregistré ce scénario.", "error");
}

/** The stepper on the unsaved board, in a new tab (or here when the browser refuses one); with
 * `compare`, run at once under both rule sets (compare.js). */
export function trial(compare) {
  try {
    sessionStorage.setItem("arbitre-trial", JSON.stringify(state.doc));
  } catch (e) {
    setMessage("Essai impossible : le navigateur refuse le stockage de session.", "error");
    return;
  }
  // A tab opened this way starts with a copy of this tab's sessionStorage.
  const url = root().dataset.trialUrl + (compare === true ? "?comparer=1" : "");
  const opened = window.open(url, "_blank");
  if (!opened) window.location.assign(url);
}
