// fetch() for the site's JSON API: same-origin credentials, Django's CSRF token, and errors in French.
// Never throws: a network failure gives {status: 0, ok: false, data: null, message}, unless the
// offline copy answers instead (offline/engine.js: the engine run in the browser, saves kept on the device).
import { offlineAnswer } from "../offline/engine.js";

export function csrfToken() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (input && input.value) return input.value;
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

/** The French sentence for a failed answer (`data` is its JSON body, or null). */
export function errorMessage(status, data) {
  const said = data && typeof data.detail === "string" ? data.detail : "";
  if (status === 0) return "le serveur ne répond pas (réseau).";
  if (status === 401 || status === 403) return (said || "accès refusé") + " (êtes-vous toujours connecté ?)";
  if (status === 404) return said || "introuvable.";
  if (status === 412) return said || "quelqu'un d'autre a enregistré entre-temps.";
  if (status === 413) return said || "document trop volumineux.";
  if (status === 429) return said || "trop de demandes : réessayez dans un instant.";
  if (status >= 500) return "erreur du serveur (" + status + ").";
  return said || "erreur " + status + ".";
}

/** api(method, url, body, headers) -> {status, ok, data, headers, message}. */
export async function api(method, url, body, headers) {
  const options = {
    method,
    credentials: "same-origin",
    headers: Object.assign({ Accept: "application/json" }, headers || {}),
  };
  if (method !== "GET" && method !== "HEAD") {
    options.headers["X-CSRFToken"] = csrfToken();
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {
    const offline = await offlineAnswer(method, url, body, headers);
    if (offline) return offline;
    return { status: 0, ok: false, data: null, headers: new Headers(), message: errorMessage(0, null) };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return {
    status: response.status, ok: response.ok, data, headers: response.headers,
    message: response.ok ? "" : errorMessage(response.status, data),
  };
}
