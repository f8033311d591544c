/* The stepper's pure helpers: the position in the URL (`?etape=N&choix=…&fin=1`, the judge's
 * decisions as base64url compact JSON), an answer's state changes applied, the server's refusals read.
 */

export function encodeChoices(list) {
  if (!list.length) return "";
  const bytes = new TextEncoder().encode(JSON.stringify(list));
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeChoices(text) {
  if (!text) return [];
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const list = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return Array.isArray(list) ? list.filter((d) => d && typeof d === "object") : [];
  } catch (e) {
    return null;
  }
}

export function query(steps, decisions, more) {
  const params = new URLSearchParams();
  params.set("etape", String(steps));
  const choix = encodeChoices(decisions);
  if (choix) params.set("choix", choix);
  for (const [k, v] of Object.entries(more || {})) if (v) params.set(k, v);
  return `?${params.toString()}`;
}

export function readUrl() {
  const params = new URLSearchParams(location.search);
  const steps = Math.max(0, parseInt(params.get("etape") || "0", 10) || 0);
  const decisions = decodeChoices(params.get("choix") || "");
  return { steps, decisions, hold: params.get("fin") === "1" };
}

/** The state after an answer's `changes` (the server's diff: set or delete at a path). */
export function applyChanges(state, changes) {
  let doc = JSON.parse(JSON.stringify(state));
  for (const change of changes || []) {
    const keys = change.path;
    if (!keys.length) { doc = change.value; continue; }
    let node = doc;
    for (const key of keys.slice(0, -1)) node = node[key];
    if (change.delete) delete node[keys[keys.length - 1]];
    else node[keys[keys.length - 1]] = change.value;
  }
  return doc;
}

/** A refusal's problems, in one line. */
export function describeErrors(data) {
  if (!data) return "erreur du serveur";
  if (Array.isArray(data.problems)) return data.problems.map((p) => `${p.path} : ${p.message}`).join(" ; ");
  if (data.document && Array.isArray(data.document)) return data.document.map((p) => (typeof p === "string" ? p : `${p.path} : ${p.message}`)).join(" ; ");
  if (data.detail) return String(data.detail);
  if (Array.isArray(data.non_field_errors)) return data.non_field_errors.join(" ; ");
  return JSON.stringify(data);
}
