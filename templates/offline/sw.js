// Arbitre's service worker (served as /sw.js by judge/offline/views.py, which writes CONFIG).
// Registered only once the judge chooses « Disponible hors ligne » (static/arbitre/offline/status.js).
//
// One cache per offline version (the rules' content hash and the site's version). A new version is
// filled beside the old one; only once every address is stored does this worker take over and the
// old cache go. A failure while filling (network, a full phone) deletes the new cache and leaves the
// old worker and its cache serving, and records what happened in the state cache, which every page
// reads (status.js).
"use strict";
const CONFIG = {{ config|safe }};
importScripts(CONFIG.numbersScript); // self.ArbitreNumbers: rule numbers read as the server reads them
const PREFIX = "arbitre-offline-";
const CACHE = PREFIX + CONFIG.version;
const STATE_CACHE = "arbitre-state";
const STATE_URL = "/__arbitre/offline-state.json";
const CHANNEL = "arbitre-offline";
const PARALLEL = 4;
//: How long a page waits for the network before showing the kept copy (a hall's network may hang).
const NETWORK_WAIT_MS = 3000;

function tell(message) {
  try { new BroadcastChannel(CHANNEL).postMessage(message); } catch (e) { /* no channel: pages poll */ }
}

async function readState() {
  const cache = await caches.open(STATE_CACHE);
  const found = await cache.match(STATE_URL);
  return found ? found.json() : {};
}

async function writeState(state) {
  const cache = await caches.open(STATE_CACHE);
  await cache.put(STATE_URL, new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } }));
  tell({ type: "state", state });
}

function describe(error) {
  if (error && (error.name === "QuotaExceededError" || /quota/i.test(String(error.message)))) {
    return "espace de stockage insuffisant sur cet appareil";
  }
  return (error && error.message) || String(error);
}

// The new version's cache, gone with its space. A cache deleted by name keeps its entries, and
// counts them against the quota, as long as a Cache object still holds it (the filling's own, until
// it is collected): emptied first, its space is free at once. On a full phone that space is what the
// state saying « espace de stockage insuffisant » needs to be written.
async function discard() {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) await cache.delete(request);
  await caches.delete(CACHE);
}

async function fill() {
  performance.setResourceTimingBufferSize(CONFIG.urls.length + 50); // the transferred bytes of every fetch
  await discard(); // what an interrupted install of this same version left
  const cache = await caches.open(CACHE);
  const urls = CONFIG.urls;
  let next = 0, done = 0, bytes = 0, failure = null;
  // PARALLEL fetches take the next address in turn. The first failure stops them all, and fill()
  // answers only once none is still fetching or storing: a put landing after discard() would fill
  // the space back, and a progress message sent after the failure would cover it on the page.
  async function worker() {
    while (!failure && next < urls.length) {
      const url = urls[next++];
      try {
        const response = await fetch(url, { credentials: "omit", cache: "no-cache", redirect: "follow" });
        if (!response.ok) throw new Error(`${url} : réponse ${response.status}`);
        const body = await response.clone().arrayBuffer();
        if (failure) return;
        bytes += body.byteLength;
        await cache.put(url, response);
      } catch (error) {
        failure = failure || error;
        return;
      }
      done += 1;
      if (!failure && (done % 20 === 0 || done === urls.length)) tell({ type: "progress", done, total: urls.length, bytes });
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failure) throw failure;
  // the judge's own pages (the builder): kept when signed in, skipped otherwise (kept once visited)
  for (const url of CONFIG.signedIn) {
    try {
      const response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
      if (response.ok && !response.redirected) await cache.put(url, response);
    } catch (error) {
      if (error && error.name === "QuotaExceededError") throw error;
    }
  }
  const transferred = performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);
  return { count: urls.length, bytes, transferred };
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const before = await readState();
    await writeState({ ...before, installing: CONFIG.version, error: null });
    try {
      const figures = await fill();
      await writeState({ ...(await readState()), installing: null, filled: { version: CONFIG.version, ...figures } });
    } catch (error) {
      await discard();
      const previous = before.version ? ` ; la copie précédente (règles ${before.version}) reste disponible` : "";
      await writeState({
        ...before,
        installing: null,
        error: `Mise à jour hors ligne interrompue (${describe(error)})${previous}.`,
        errorAt: new Date().toISOString(),
      });
      throw error; // this worker is discarded; the previous one, if any, keeps serving
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const before = await readState();
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    let note = before.note || null;
    if (before.version && before.version !== CONFIG.version) {
      note = before.rulesHash !== CONFIG.rulesHash
        ? `Règles mises à jour : ${CONFIG.rulesets.join(", ")} version ${CONFIG.version} (était ${before.version}).`
        : `Site mis à jour : version ${CONFIG.version} (était ${before.version}), mêmes règles.`;
    }
    await writeState({
      version: CONFIG.version,
      rulesHash: CONFIG.rulesHash,
      siteVersion: CONFIG.siteVersion,
      rulesets: CONFIG.rulesets,
      readyAt: new Date().toISOString(),
      filled: before.filled || null,
      note,
      error: null,
      installing: null,
    });
    await self.clients.claim();
  })());
});

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("réseau trop lent")), ms));
}

let numbers = null; // the kept rules export's reader of rule numbers (numbers.js)
async function ruleAddress(q) {
  if (!numbers) {
    const found = await (await caches.open(CACHE)).match(CONFIG.export);
    if (!found) return null;
    numbers = self.ArbitreNumbers.reader(await found.json());
  }
  return numbers.address(q);
}

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return cache.match(request, { ignoreVary: true });
}

const VISITED = CONFIG.visited.map((pattern) => new RegExp(pattern));

//: A page of the judge's own kept as it was last seen (the builder, a stepper, a ruling): a ruling under
//: its whole address (its step is in the query), the others under their path (their scripts read the query).
async function keepVisited(url, response) {
  if (!response.ok || response.redirected || !VISITED.some((re) => re.test(url.pathname))) return;
  try {
    const key = url.pathname.includes("/decision/") ? url.pathname + url.search : url.pathname;
    await (await caches.open(CACHE)).put(key, response);
  } catch (error) { /* a full phone: the page is just not kept */ }
}

async function navigate(request, event) {
  const url = new URL(request.url);
  try {
    const response = await Promise.race([fetch(request), timeout(NETWORK_WAIT_MS)]);
    if (event) event.waitUntil(keepVisited(url, response.clone()));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    if (url.pathname === CONFIG.searchPage) {
      const address = await ruleAddress(url.searchParams.get("q"));
      if (address) return Response.redirect(address, 302);
      const shell = await cache.match(CONFIG.offlinePage);
      if (shell) return shell; // the offline page reads ?q= and searches in the browser
    }
    const kept = (await cache.match(url.pathname + url.search)) || (await cache.match(url.pathname)) || (await cache.match(request, { ignoreVary: true }));
    if (kept) return kept;
    // a ruling not kept: its scenario's kept stepper at that step (its query), the engine in the
    // browser computing the board and the « Décision »; the page's address stays the ruling's link
    const ruling = url.pathname.match(/^(\/scenarios\/[0-9a-f-]{36}\/)decision\//);
    const stepper = ruling && (await cache.match(ruling[1]));
    if (stepper) return stepper;
    const page = await cache.match(CONFIG.offlinePage);
    if (page) return page;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, event));
    return;
  }
  if (url.pathname.startsWith("/static/") || url.pathname === CONFIG.export || CONFIG.urls.includes(url.pathname + url.search)) {
    // kept files: the copy of this version first (they change only with the version)
    event.respondWith(fromCache(request).then((kept) => kept || fetch(request)));
  }
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "state") readState().then((state) => event.source && event.source.postMessage({ type: "state", state }));
});
