// Scenarios saved with no network, kept on this device (IndexedDB "arbitre-offline", store "outbox")
// and saved to the account when the network returns, with the scenario API's version check: an edit
// is sent with the If-Match it was made from; when someone saved in between (412) the account's
// version stays as it is and this device's is saved beside it as a new scenario: both kept, the
// conflict shown. A save refused for another reason stays kept and says why: nothing is dropped
// until the account has it. Every page runs sync() (status.js) when it opens and when the network returns.
const DB_NAME = "arbitre-offline";
const STORE = "outbox";
const NOTES = "arbitre-outbox-notes";
const SCENARIOS_API = "/api/scenarios/";
const SCENARIO_PAGE = "/scenarios/";
//: This page's offline saves of a new scenario replace each other (one builder page, one scenario).
const PAGE_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transaction(mode, work) {
  const db = await database();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("écriture annulée"));
    });
  } finally {
    db.close();
  }
}

export const kept = () => transaction("readonly", (store) => store.getAll());
const drop = (key) => transaction("readwrite", (store) => store.delete(key));

/** Keep a save the network refused: {method, path, body, ifMatch}. An edit of a saved scenario keeps
 * the If-Match of its first offline save (the version it was made from); later saves replace its body. */
export async function keep({ method, path, body, ifMatch }) {
  const key = method === "POST" ? `new:${PAGE_ID}:${path}` : `edit:${path}`;
  const before = (await kept()).find((r) => r.key === key);
  const record = {
    key, method, path, body,
    ifMatch: before ? before.ifMatch : ifMatch,
    title: (body && body.title) || "(sans titre)",
    keptAt: (before && before.keptAt) || new Date().toISOString(),
    savedAt: new Date().toISOString(),
    error: null,
  };
  await transaction("readwrite", (store) => store.put(record));
  render();
}

function notes() {
  try { return JSON.parse(localStorage.getItem(NOTES) || "[]"); } catch (e) { return []; }
}

function addNote(note) {
  try { localStorage.setItem(NOTES, JSON.stringify([...notes(), { ...note, at: new Date().toISOString() }].slice(-20))); } catch (e) { /* shown once */ }
}

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function send(method, path, body, ifMatch) {
  const headers = { Accept: "application/json", "Content-Type": "application/json", "X-CSRFToken": csrfToken() };
  if (ifMatch) headers["If-Match"] = ifMatch;
  const response = await fetch(path, { method, headers, credentials: "same-origin", body: JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { status: response.status, ok: response.ok, data };
}

function why(result) {
  const data = result.data || {};
  if (typeof data.detail === "string") return data.detail;
  const parts = Object.entries(data).map(([k, v]) => `${k} : ${[].concat(v).map((x) => (typeof x === "string" ? x : x && x.message) || JSON.stringify(x)).join(" ")}`);
  return parts.join(" ; ") || `réponse ${result.status}`;
}

class Later extends Error {}

async function sendOne(record) {
  let result;
  try {
    result = await send(record.method, record.path, record.body, record.ifMatch);
  } catch (error) {
    throw new Later("réseau"); // the network said back but not there yet (a fetch refused): try again
  }
  if (result.status >= 500 || result.status === 429) throw new Later(`réponse ${result.status}`); // the site's trouble, not the board's
  if (result.ok) {
    await drop(record.key);
    addNote({ kind: "saved", title: result.data.title, url: result.data.url });
    return true;
  }
  if (result.status === 412) {
    // the account's version is newer: it stays; this device's is saved beside it, as a new scenario
    const uuid = record.path.slice(SCENARIOS_API.length).split("/")[0];
    const copy = { ...record.body, title: `${record.title.slice(0, 170)} (version hors ligne)` };
    const saved = await send("POST", SCENARIOS_API, copy, null);
    if (saved.ok) {
      await drop(record.key);
      const theirs = result.data || {};
      addNote({
        kind: "conflict", title: record.title, theirs: `${SCENARIO_PAGE}${uuid}/`, mine: saved.data.url, mineTitle: saved.data.title,
        version: theirs.version, by: theirs.updated_by || "",
      });
      return true;
    }
    result.status = saved.status;
    result.data = saved.data;
  }
  const error = result.status === 401 || result.status === 403
    ? "connectez-vous (avec le compte qui l'a fait) pour l'enregistrer"
    : `refusé par le site : ${why(result)}`;
  await transaction("readwrite", (store) => store.put({ ...record, error }));
  return result.status !== 401 && result.status !== 403; // signed out: the others would be refused too
}

let syncing = null;

/** Send every kept save (one page at a time: a lock shared by the tabs). */
export function sync() {
  if (!navigator.onLine) return Promise.resolve();
  syncing = syncing || (async () => {
    const run = async () => {
      for (const record of await kept()) {
        let tries = 0;
        for (;;) {
          try {
            if (!(await sendOne(record))) return;
            break;
          } catch (error) {
            // The site busy or failing, or the network not quite back: try again while the device is online,
            // waiting longer each time (1, 2, 4… s, at most 30 s). Giving up after a few tries left a save
            // on the phone, unsent and unsaid, until the network dropped and came back again.
            if (!(error instanceof Later) || !navigator.onLine) return;
            await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** tries, 30000)));
            tries += 1;
          }
        }
      }
    };
    try {
      if (navigator.locks) await navigator.locks.request("arbitre-outbox", run);
      else await run();
    } finally {
      syncing = null;
      render();
    }
  })();
  return syncing;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function link(href, text) { return el("a", { href }, `« ${text} »`); }

let box = null;

/** The line under every page: what waits on this device, and what was saved or in conflict. */
export async function render() {
  let records = [];
  try { records = await kept(); } catch (e) { records = []; }
  const parts = [];
  if (records.length) {
    parts.push(el("span", { class: "offline-kept" },
      `${records.length === 1 ? "1 scénario gardé" : `${records.length} scénarios gardés`} sur cet appareil, à enregistrer dans votre compte au retour du réseau : `,
      ...records.flatMap((r, k) => [k ? ", " : "", `« ${r.title} »`, r.error ? ` (${r.error})` : ""]), ". "));
  }
  const shown = notes();
  for (const n of shown) {
    if (n.kind === "saved") parts.push(el("span", { class: "offline-note" }, "Enregistré dans votre compte (fait hors ligne) : ", link(n.url, n.title), ". "));
    else if (n.kind === "conflict") {
      parts.push(el("span", { class: "offline-error" },
        `Conflit : « ${n.title} » a été enregistré ailleurs pendant que vous étiez hors ligne${n.by ? ` (par ${n.by})` : ""}. `,
        "Les deux versions sont gardées : celle du compte, ", el("a", { href: n.theirs }, `version ${n.version}`),
        ", et la vôtre, faite hors ligne, enregistrée à part : ", link(n.mine, n.mineTitle), ". "));
    }
  }
  if (shown.length) {
    const ok = el("button", { type: "button", class: "link" }, "Compris");
    ok.addEventListener("click", () => { localStorage.removeItem(NOTES); render(); });
    parts.push(ok);
  }
  if (!box && !parts.length) return;
  if (!box) {
    box = el("p", { id: "offline-outbox", class: "offline-status", role: "status", "aria-live": "polite" });
    const anchor = document.getElementById("offline-status");
    if (anchor) anchor.after(box); else document.body.append(box);
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}

/** Every page: show what waits, send it now if the network is here, and again when it returns. */
export function startOutbox() {
  if (!("indexedDB" in window)) return;
  window.addEventListener("online", () => sync());
  render().then(() => sync());
}
