// Every page: whether this browser holds an offline copy of the site, of which rules, and the
// « Disponible hors ligne » button that asks for one (registers /sw.js, templates/offline/sw.js).
// The service worker records its state in the cache "arbitre-state" and announces changes on the
// BroadcastChannel "arbitre-offline"; this script only reads and shows them. It also sends the
// scenarios saved here with no network once it returns (outbox.js).
import { startOutbox } from "./outbox.js";

const STATE_CACHE = "arbitre-state";
const STATE_URL = "/__arbitre/offline-state.json";
const box = document.getElementById("offline-status");

async function readState() {
  const found = await (await caches.open(STATE_CACHE)).match(STATE_URL);
  return found ? found.json() : {};
}

async function writeState(state) {
  const cache = await caches.open(STATE_CACHE);
  await cache.put(STATE_URL, new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } }));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}

let progress = null;

async function render() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const state = await readState();
  const parts = [];
  const ready = Boolean(registration && registration.active && state.version);
  box.dataset.ready = ready ? "1" : "0";
  box.dataset.version = state.version || "";
  if (ready) prepare(state.version);
  if (!navigator.onLine) parts.push(el("strong", {}, "Hors ligne. "));
  if (ready) {
    parts.push(`Disponible hors ligne : règles ${(state.rulesets || []).join(", ")}, version ${state.version}.`);
  } else if (!state.installing && !progress) {
    parts.push("Ce site n'est pas encore gardé sur cet appareil. ");
    const button = el("button", { type: "button", class: "offline-enable" }, "Disponible hors ligne");
    button.addEventListener("click", enable);
    parts.push(button);
  }
  if (state.installing || progress) {
    const p = progress ? ` (${progress.done} / ${progress.total} fichiers, ${megabytes(progress.bytes)})` : "";
    parts.push(el("span", { class: "offline-progress" }, ` Téléchargement de la copie hors ligne…${p}`));
  }
  if (state.note) {
    const ok = el("button", { type: "button", class: "link" }, "Compris");
    ok.addEventListener("click", async () => { await writeState({ ...(await readState()), note: null }); render(); });
    parts.push(el("span", { class: "offline-note" }, ` ${state.note} `, ok));
  }
  if (state.error) parts.push(el("span", { class: "offline-error" }, ` ${state.error}`));
  box.replaceChildren(...parts);
  box.hidden = false;
}

// Once the copy is kept: the offline search's index built, with its reading and the compiled code,
// kept in the browser for that version (worker.js), so that the first page opened with no network
// only puts them back. Done on the page that sees the copy ready, once per version; a page left
// before the end leaves it to the next one (nothing half-kept: each part is kept whole or not at all).
const INDEX_CACHE = "arbitre-index";
let preparing = null;

async function prepared(version) {
  const kept = await caches.open(INDEX_CACHE);
  return Boolean(await kept.match(`/__arbitre/index/${version}/memory`));
}

function prepare(version) {
  if (preparing || !version) return;
  preparing = (async () => {
    if (await prepared(version)) return "1";
    const runtime = await (await fetch("/hors-ligne/runtime.json")).json();
    const worker = new Worker(runtime.worker, { type: "module" });
    try {
      await new Promise((resolve, reject) => {
        worker.addEventListener("message", (event) => {
          if (event.data.type === "prepared") resolve();
          else if (event.data.type === "error") reject(new Error(event.data.message));
        });
        worker.postMessage({ type: "prepare", runtime });
      });
    } finally {
      worker.terminate();
    }
    return (await prepared(version)) ? "1" : "0";
  })().then((done) => { box.dataset.prepared = done; }, () => { box.dataset.prepared = "0"; });
}

async function enable() {
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  progress = { done: 0, total: 0, bytes: 0 };
  render();
  try {
    await navigator.serviceWorker.register(box.dataset.worker, { scope: "/" });
  } catch (error) {
    progress = null;
    box.replaceChildren(el("span", { class: "offline-error" }, `Impossible de garder le site hors ligne : ${error.message}`));
  }
}

if (box) {
  if (!("serviceWorker" in navigator) || !("caches" in window)) {
    box.textContent = "Ce navigateur ne peut pas garder le site hors ligne (il faut une adresse https).";
    box.hidden = false;
  } else {
    try {
      const channel = new BroadcastChannel("arbitre-offline");
      channel.addEventListener("message", (event) => {
        if (event.data.type === "progress") progress = event.data;
        if (event.data.type === "state") progress = null;
        render();
      });
    } catch (e) { /* no channel: the page shows the state it read */ }
    navigator.serviceWorker.addEventListener("controllerchange", () => { progress = null; render(); });
    window.addEventListener("online", render);
    window.addEventListener("offline", render);
    render();
  }
}
startOutbox();
