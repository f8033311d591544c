// The site's Python in the browser, in a worker (served as /hors-ligne/worker.js: judge/offline/views.py
// gives it the policy that lets it compile WebAssembly) so that the page stays responsive while Pyodide
// starts: the offline search (arbitre_offline) and the offline engine (arbitre_engine: the builder's
// check, the run API and the stepper's steps).
// Messages in: {type: "init", runtime} (judge/offline/views.py's runtime()), {type: "prepare", runtime}
// (init, then wait until the compiled code is kept and the memory snapshot made: answered
// {type: "prepared", snapshot: "kept" | "missing" | "not kept: …"}), {type: "search", id, q},
// {type: "engine", id, call: "check" | "run" | "step", body: JSON text}.
// Messages out: {type: "ready", version, snapshot (put back from one), seconds, phases}, {type: "results", id, results, ms},
// {type: "answer", id, answer: {status, data}, ms, boot}, {type: "error", id?, message}.
// Everything it loads comes from the site (the service worker keeps it).
let search = null;
const INDEX_CACHE = "arbitre-index";
const INDEX_URL = "/__arbitre/index/";
const CODE_URL = "/__arbitre/code/";
let started = null;
let booted = null;
let engine = null;
let keeping = Promise.resolve(); // the compiled code being kept for the next pages

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} : réponse ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function clock() {
  const t0 = performance.now();
  const phases = {};
  let mark = t0;
  return {
    phases,
    lap(name) { const now = performance.now(); phases[name] = (now - mark) / 1000; mark = now; },
    seconds() { return (performance.now() - t0) / 1000; },
  };
}

// The interpreter as an earlier page left it, imports done and the search's reading of the index in
// memory (Pyodide's memory snapshot, made at install: makeSnapshot below), kept under the runtime's,
// the site's and the package's versions. Pyodide refuses one of another build; whatever fails here,
// the kept snapshot is dropped and the worker starts Pyodide as usual.
const SNAPSHOT_URL = "/__arbitre/snapshot/";
function snapshotKey(runtime) {
  return `${SNAPSHOT_URL}${runtime.version}/${encodeURIComponent(runtime.siteVersion)}/${encodeURIComponent(runtime.package)}`;
}

async function restored(runtime, kept, compiled) {
  const response = compiled && await kept.match(snapshotKey(runtime));
  if (!response) return null;
  try {
    const memory = new Uint8Array(await response.arrayBuffer());
    const [{ loadPyodide }, { default: create }] = await Promise.all([import(runtime.pyodide), import(`${runtime.indexURL}pyodide.asm.mjs`)]);
    const py = await loadPyodide({
      indexURL: runtime.indexURL,
      _loadSnapshot: memory,
      // this Pyodide sizes its heap without reading INITIAL_MEMORY: grown here to hold the snapshot
      createPyodideModule: async (settings) => {
        const module = await create(settings);
        if (module.HEAP8.length < memory.length) module.growMemory(memory.length);
        return module;
      },
    });
    py.unpackArchive(compiled, "zip", { extractDir: "/" }); // the files (not in the snapshot) for later imports
    return py;
  } catch (error) {
    console.warn(`instantané de la mémoire non utilisé : ${error}`);
    await kept.delete(snapshotKey(runtime)).catch(() => {});
    return null;
  }
}

// Pyodide and the project's Python, once per worker: the snapshot when kept, else the code compiled
// by an earlier page (Whoosh and the package with their bytecode) when the browser kept it, else the
// package as sent.
function boot(runtime) {
  booted = booted || (async () => {
    const time = clock();
    const codeKey = `${CODE_URL}${runtime.version}/${encodeURIComponent(runtime.package)}`;
    const [{ loadPyodide }, pkg, kept] = await Promise.all([import(runtime.pyodide), bytes(runtime.package), caches.open(INDEX_CACHE)]);
    const compiledResponse = await kept.match(codeKey);
    const compiled = compiledResponse ? new Uint8Array(await compiledResponse.arrayBuffer()) : null;
    time.lap("fetch");
    let py = await restored(runtime, kept, compiled);
    const snapshot = Boolean(py);
    if (!py) {
      py = await loadPyodide({ indexURL: runtime.indexURL });
      time.lap("runtime");
      if (compiled) py.unpackArchive(compiled, "zip", { extractDir: "/" });
      else py.unpackArchive(pkg, "zip", { extractDir: "/arbitre" });
      py.runPython("import sys; sys.path.insert(0, '/arbitre')");
      time.lap("unpack");
    } else time.lap("snapshot");
    return { py, kept, codeKey, compiled: Boolean(compiled), snapshot, phases: time.phases, seconds: time.seconds() };
  })();
  return booted;
}

// At install, once the index, its reading and the compiled code are kept: a second interpreter
// started for a snapshot, brought where a page's search stands after its first query, and its memory
// kept for the next cold pages. Nothing JavaScript is handed to Python before the snapshot (the files
// go through Pyodide's file system): the snapshot can only hold references it can name again.
async function makeSnapshot(runtime, exportText) {
  const kept = await caches.open(INDEX_CACHE);
  const version = JSON.parse(exportText).version;
  const codeKey = `${CODE_URL}${runtime.version}/${encodeURIComponent(runtime.package)}`;
  const [code, index, memory] = await Promise.all([codeKey, INDEX_URL + version, `${INDEX_URL}${version}/memory`].map((key) => kept.match(key)));
  if (!code || !index || !memory) return "missing";
  const { loadPyodide } = await import(runtime.pyodide);
  const py = await loadPyodide({ indexURL: runtime.indexURL, _makeSnapshot: true });
  py.unpackArchive(new Uint8Array(await code.arrayBuffer()), "zip", { extractDir: "/" });
  py.FS.mkdirTree("/tmp/arbitre");
  py.FS.writeFile("/tmp/arbitre/export.json", exportText);
  py.FS.writeFile("/tmp/arbitre/index.zip", new Uint8Array(await index.arrayBuffer()));
  py.FS.writeFile("/tmp/arbitre/memory.pickle", new Uint8Array(await memory.arrayBuffer()));
  py.runPython(`
import sys
sys.path.insert(0, '/arbitre')
from pathlib import Path
import arbitre_offline
_kept = Path('/tmp/arbitre')
arbitre_offline.load((_kept / 'export.json').read_text('utf-8'), '/arbitre', '/arbitre-index', (_kept / 'index.zip').read_bytes(), (_kept / 'memory.pickle').read_bytes())
arbitre_offline.search('fugace')  # a query's own imports done too
for _name in ('export.json', 'index.zip', 'memory.pickle'):
    (_kept / _name).unlink()
del _kept, _name, Path
arbitre_offline.before_snapshot()
`);
  const data = py.makeMemorySnapshot();
  for (const old of await kept.keys()) if (old.url.includes(SNAPSHOT_URL)) await kept.delete(old);
  await kept.put(snapshotKey(runtime), new Response(data, { headers: { "Content-Type": "application/octet-stream" } }));
  return "kept";
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`export des règles : réponse ${response.status}`);
  return response.text();
}

// The rules export of this code's own site version: the kept one (the service worker's), else, while
// the site updates (a fresh page, the kept copy still the previous version's), the site's. Never an
// index built by one version's code from another's export: refused, and said, before anything is kept.
async function rulesExport(runtime) {
  let exportText = await text(runtime.export);
  let found = JSON.parse(exportText).site_version;
  if (found !== runtime.siteVersion) {
    try {
      exportText = await text(`${runtime.export}?site=${encodeURIComponent(runtime.siteVersion)}`); // past the kept copy
      found = JSON.parse(exportText).site_version;
    } catch (error) { /* no network: said below */ }
  }
  if (found !== runtime.siteVersion) {
    throw new Error(`l'export des règles (site ${found}) ne correspond pas au code de recherche (site ${runtime.siteVersion}) : `
      + "la copie hors ligne se met à jour ; rechargez la page quand elle l'annonce (les pages gardées restent utilisables)");
  }
  return exportText;
}

async function init(runtime) {
  const time = clock();
  // the export and the wheels download while Pyodide starts
  const [base, exportText, wheels] = await Promise.all([
    boot(runtime),
    rulesExport(runtime),
    Promise.all(runtime.wheels.map(bytes)),
  ]);
  const { py, kept, codeKey, compiled } = base;
  const phases = { ...base.phases };
  time.lap("boot");
  if (!compiled) for (const wheel of wheels) py.unpackArchive(wheel, "wheel");
  const offline = py.pyimport("arbitre_offline");
  time.lap("imports");
  // the index this code built from this export on an earlier page, kept in the browser's cache
  const version = JSON.parse(exportText).version;
  const [saved, savedMemory] = await Promise.all([kept.match(INDEX_URL + version), kept.match(`${INDEX_URL}${version}/memory`)]);
  const snapshot = saved ? new Uint8Array(await saved.arrayBuffer()) : undefined; // undefined is None
  // put back from the memory snapshot: only the index's files to write again
  const resumed = base.snapshot && snapshot ? offline.resume(version, snapshot) : undefined;
  const memory = !resumed && saved && savedMemory ? new Uint8Array(await savedMemory.arrayBuffer()) : undefined;
  const loaded = resumed ? resumed.toJs({ dict_converter: Object.fromEntries })
    : offline.load(exportText, "/arbitre", "/arbitre-index", snapshot, memory).toJs({ dict_converter: Object.fromEntries });
  time.lap("index");
  phases.imports = time.phases.imports;
  phases.index = time.phases.index;
  if (loaded.index === "built" || loaded.memory === "read") {
    try {
      if (loaded.index === "built") {
        for (const old of await kept.keys()) if (old.url.includes(INDEX_URL)) await kept.delete(old);
        const data = offline.snapshot().toJs();
        await kept.put(INDEX_URL + version, new Response(data, { headers: { "Content-Type": "application/zip" } }));
      }
      // the search's reading of that index too: the next pages put it back instead of reading it again
      const reading = offline.memory_snapshot().toJs();
      await kept.put(`${INDEX_URL}${version}/memory`, new Response(reading, { headers: { "Content-Type": "application/octet-stream" } }));
    } catch (error) { /* no room to keep it: the next page builds or reads it again */ }
  }
  search = (q) => JSON.parse(offline.search(q));
  if (!compiled) {
    // after the first answer: compile the code once for the next pages (no source check: the key names it)
    keeping = new Promise((resolve) => setTimeout(async () => {
      try {
        for (const old of await kept.keys()) if (old.url.includes(CODE_URL)) await kept.delete(old);
        const data = offline.compiled_code().toJs();
        await kept.put(codeKey, new Response(data, { headers: { "Content-Type": "application/zip" } }));
      } catch (error) { /* no room to keep it: the next page compiles as it imports */ }
      resolve();
    }, 0));
  }
  return { version: loaded.version, documents: loaded.documents, index: loaded.index, memory: loaded.memory, code: compiled ? "compiled" : "sent", snapshot: base.snapshot, seconds: time.seconds(), phases };
}

// The engine: the package's arbitre_engine, with the site's limits per request.
async function engineReady(runtime) {
  if (!engine) {
    engine = (async () => {
      const { py, phases, seconds } = await boot(runtime);
      const module = py.pyimport("arbitre_engine");
      module.configure(runtime.engine.seconds, runtime.engine.steps);
      return { call: (name, body) => JSON.parse(module.call(name, body)), boot: { phases, seconds } };
    })();
  }
  return engine;
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  try {
    if (message.type === "init") {
      started = started || init(message.runtime);
      self.postMessage({ type: "ready", ...(await started) });
    } else if (message.type === "prepare") {
      // at install: the index built and kept, with its reading and the compiled code, for the first offline page
      started = started || init(message.runtime);
      const ready = await started;
      await keeping;
      let snapshot;
      try {
        snapshot = ready.snapshot ? "kept" : await makeSnapshot(message.runtime, await rulesExport(message.runtime));
      } catch (error) { snapshot = `not kept: ${error}`; } // no room, or refused: cold pages start Pyodide as usual
      self.postMessage({ type: "prepared", ...ready, snapshot });
    } else if (message.type === "search") {
      await started;
      const t0 = performance.now();
      const results = search(message.q);
      self.postMessage({ type: "results", id: message.id, results, ms: performance.now() - t0 });
    } else if (message.type === "engine") {
      const ready = await engineReady(message.runtime);
      const t0 = performance.now();
      const answer = ready.call(message.call, message.body);
      self.postMessage({ type: "answer", id: message.id, answer, ms: performance.now() - t0, boot: ready.boot });
    }
  } catch (error) {
    self.postMessage({ type: "error", id: message.id, message: String((error && error.message) || error) });
  }
});
