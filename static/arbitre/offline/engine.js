// The site's engine API answered in this browser when the network is gone (lib/api.js asks here when
// fetch() itself fails): the builder's check (/api/check/), the run API (/api/run/) and the stepper's
// steps (/api/step/) by the site's own code run by Pyodide in a worker (worker.js, arbitre_engine.py);
// a scenario saved with no network is kept on this device (outbox.js) and saved to the account when
// the network returns. Nothing here runs until a request has failed.
import { keep } from "./outbox.js";

const RUNTIME_URL = "/hors-ligne/runtime.json";
let runtime = null;
let worker = null;
const pending = new Map();
let nextId = 1;
let note = null;

async function config() {
  if (!runtime) {
    runtime = fetch(RUNTIME_URL).then((r) => {
      if (!r.ok) throw new Error(`réponse ${r.status}`);
      return r.json();
    }).catch((error) => { runtime = null; throw error; });
  }
  return runtime;
}

/** The live line under the page saying the engine runs here (created on first use). */
function say(text) {
  if (!note) {
    note = document.createElement("p");
    note.id = "offline-engine";
    note.className = "offline-status";
    note.setAttribute("role", "status");
    const anchor = document.getElementById("offline-status");
    if (anchor) anchor.after(note); else document.body.append(note);
  }
  note.textContent = text;
}

function start(rt) {
  if (worker) return worker;
  worker = new Worker(rt.worker, { type: "module" });
  worker.addEventListener("message", (event) => {
    const m = event.data;
    const waiting = m.id && pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    if (m.type === "answer") waiting.resolve(m);
    else waiting.reject(new Error(m.message));
  });
  worker.addEventListener("error", (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || "le moteur hors ligne s'est arrêté"));
    pending.clear();
    worker = null;
  });
  return worker;
}

/** {status, data} of the site's endpoint `call` for `body`, computed in this browser. */
export async function runEngine(call, body) {
  const rt = await config();
  const w = start(rt);
  const id = nextId++;
  const first = pending.size === 0 && !runEngine.warm;
  if (first) say("Pas de réseau : le moteur se charge dans ce navigateur (quelques secondes la première fois)…");
  const answer = await new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ type: "engine", id, call, body: JSON.stringify(body), runtime: rt });
  });
  runEngine.warm = true;
  runEngine.last = answer;
  say(`Pas de réseau : calculé dans ce navigateur par le moteur du site (${Math.round(answer.ms)} ms).`);
  return answer.answer;
}

/** A saved scenario's stepper sends its uuid; offline, the page's own copy of its document. */
function withDocument(body) {
  if (!body || body.scenario == null || body.state != null) return body;
  const node = document.getElementById("stepper-initial");
  const initial = node ? JSON.parse(node.textContent) : null;
  if (!initial || initial.uuid !== body.scenario || !initial.document) return body;
  const { scenario, ...rest } = body;
  return { ...rest, document: initial.document };
}

function answer(status, data, message) {
  const ok = status >= 200 && status < 300;
  return { status, ok, data, headers: new Headers({ "X-Arbitre-Offline": "1" }), message: ok ? "" : message, offline: true };
}

/** What the page gets instead of "the server does not answer" (lib/api.js), or null: nothing to do here. */
export async function offlineAnswer(method, url, body, headers) {
  let rt;
  try { rt = await config(); } catch (error) { return null; } // no offline copy on this device
  const path = new URL(url, location.href).pathname;
  const call = Object.keys(rt.api).find((name) => rt.api[name] === path);
  // the engine only where the site is kept (the runtime is then on this device: nothing to download)
  if (method === "POST" && call && navigator.serviceWorker && navigator.serviceWorker.controller) {
    try {
      const got = await runEngine(call, call === "step" ? withDocument(body) : body);
      const problems = got.data && Array.isArray(got.data.problems) ? got.data.problems : null;
      return answer(got.status, got.data, problems ? problems.map((p) => p.message).join(" ; ") : `erreur ${got.status}.`);
    } catch (error) {
      return answer(0, null, `pas de réseau, et le moteur hors ligne a échoué : ${error.message}`);
    }
  }
  if ((method === "POST" || method === "PUT" || method === "PATCH") && path.startsWith(rt.scenarios)) {
    try {
      await keep({ method, path, body, ifMatch: (headers && headers["If-Match"]) || null });
    } catch (error) {
      return answer(0, null, `pas de réseau, et cet appareil n'a pas pu le garder (${error.message}).`);
    }
    // not ok: the scenario is not in the account yet (the builder says « Non enregistré : … »)
    return answer(0, null, "pas de réseau. Gardé sur cet appareil, il sera enregistré dans votre compte au retour du réseau.");
  }
  return null;
}
