// The offline search, in a worker (served as /hors-ligne/worker.js: judge/offline/views.py gives
// it the policy that lets it compile WebAssembly) so that the page stays responsive while Pyodide starts.
// Messages in: {type: "init", runtime} (judge/offline/views.py's runtime()), {type: "search", id, q}.
// Messages out: {type: "ready", version, seconds}, {type: "results", id, results, ms},
// {type: "error", id?, message}. Everything it loads comes from the site (the service worker keeps it).
let search = null;
const INDEX_CACHE = "arbitre-index";
const INDEX_URL = "/__arbitre/index/";
const CODE_URL = "/__arbitre/code/";
let started = null;

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} : réponse ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function init(runtime) {
  const t0 = performance.now();
  const phases = {};
  let mark = t0;
  const lap = (name) => { const now = performance.now(); phases[name] = (now - mark) / 1000; mark = now; };
  const [{ loadPyodide }, exportText, pkg, ...wheels] = await Promise.all([
    import(runtime.pyodide),
    fetch(runtime.export).then((r) => { if (!r.ok) throw new Error(`export des règles : réponse ${r.status}`); return r.text(); }),
    bytes(runtime.package),
    ...runtime.wheels.map(bytes),
  ]);
  lap("fetch");
  const py = await loadPyodide({ indexURL: runtime.indexURL });
  lap("runtime");
  // the same code compiled by an earlier page (Whoosh and the package with their bytecode), or as sent
  const kept = await caches.open(INDEX_CACHE);
  const codeKey = `${CODE_URL}${runtime.version}/${encodeURIComponent(runtime.package)}`;
  const compiled = await kept.match(codeKey);
  if (compiled) {
    py.unpackArchive(new Uint8Array(await compiled.arrayBuffer()), "zip", { extractDir: "/" });
  } else {
    for (const wheel of wheels) py.unpackArchive(wheel, "wheel");
    py.unpackArchive(pkg, "zip", { extractDir: "/arbitre" });
  }
  py.runPython("import sys; sys.path.insert(0, '/arbitre')");
  const offline = py.pyimport("arbitre_offline");
  lap("unpack");
  // the index this code built from this export on an earlier page, kept in the browser's cache
  const version = JSON.parse(exportText).version;
  const saved = await kept.match(INDEX_URL + version);
  const snapshot = saved ? new Uint8Array(await saved.arrayBuffer()) : undefined; // undefined is None
  const loaded = offline.load(exportText, "/arbitre", "/arbitre-index", snapshot).toJs({ dict_converter: Object.fromEntries });
  lap("index");
  if (loaded.index === "built") {
    try {
      for (const old of await kept.keys()) if (old.url.includes(INDEX_URL)) await kept.delete(old);
      const data = offline.snapshot().toJs();
      await kept.put(INDEX_URL + version, new Response(data, { headers: { "Content-Type": "application/zip" } }));
    } catch (error) { /* no room to keep it: the next page builds it again */ }
  }
  search = (q) => JSON.parse(offline.search(q));
  if (!compiled) {
    // after the first answer: compile the code once for the next pages (no source check: the key names it)
    setTimeout(async () => {
      try {
        for (const old of await kept.keys()) if (old.url.includes(CODE_URL)) await kept.delete(old);
        const data = offline.compiled_code().toJs();
        await kept.put(codeKey, new Response(data, { headers: { "Content-Type": "application/zip" } }));
      } catch (error) { /* no room to keep it: the next page compiles as it imports */ }
    }, 0);
  }
  return { version: loaded.version, documents: loaded.documents, index: loaded.index, code: compiled ? "compiled" : "sent", seconds: (performance.now() - t0) / 1000, phases };
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  try {
    if (message.type === "init") {
      started = started || init(message.runtime);
      self.postMessage({ type: "ready", ...(await started) });
    } else if (message.type === "search") {
      await started;
      const t0 = performance.now();
      const results = search(message.q);
      self.postMessage({ type: "results", id: message.id, results, ms: performance.now() - t0 });
    }
  } catch (error) {
    self.postMessage({ type: "error", id: message.id, message: String((error && error.message) || error) });
  }
});
