// The offline page (/hors-ligne/, and what the service worker serves for /recherche/ with no
// network): a rule number opens its kept page at once (numbers.js over the kept rules export);
// words are searched by the server's own search code run in the browser (worker.js, Pyodide),
// while it loads the page says so.
const runtime = JSON.parse(document.getElementById("offline-runtime").textContent);
const form = document.getElementById("offline-search");
const input = form.querySelector("input[name=q]");
const status = document.getElementById("offline-search-status");
const list = document.getElementById("offline-results");

let numbers = null;
async function numberReader() {
  if (!numbers) {
    const response = await fetch(runtime.export);
    numbers = self.ArbitreNumbers.reader(await response.json());
  }
  return numbers;
}

let worker = null;
let pending = new Map();
let nextId = 1;
let ready = null;

function startRuntime() {
  if (ready) return ready;
  status.textContent = "Chargement de la recherche hors ligne (le premier chargement prend quelques secondes)…";
  worker = new Worker(runtime.worker, { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const m = event.data;
      if (m.type === "ready") resolve(m);
      else if (m.type === "results" && pending.has(m.id)) { pending.get(m.id).resolve(m); pending.delete(m.id); }
      else if (m.type === "error") {
        if (m.id && pending.has(m.id)) { pending.get(m.id).reject(new Error(m.message)); pending.delete(m.id); }
        else reject(new Error(m.message));
      }
    });
  });
  worker.postMessage({ type: "init", runtime });
  ready.then((m) => { status.dataset.index = m.index; status.dataset.start = m.snapshot ? "snapshot" : "runtime"; }, () => {});
  return ready;
}

function searchInBrowser(q) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ type: "search", id, q });
  });
}

function item(hit) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = hit.url;
  const num = document.createElement("span");
  num.className = "num";
  num.textContent = hit.number || "Glossaire";
  a.append(num, " ", hit.title || "");
  const p = document.createElement("p");
  p.className = "snippet";
  p.innerHTML = hit.snippet; // made by rules_ref.search.snippets: escaped text, <mark> around matches
  li.append(a, p);
  li.dataset.number = hit.number || hit.slug;
  return li;
}

async function run(q) {
  q = (q || "").trim();
  if (!q) return;
  // the runtime starts while the kept export is read for a rule number (a number leaves the page: no harm done)
  const starting = startRuntime();
  starting.catch(() => {});
  const address = (await numberReader()).address(q);
  if (address) { window.location.assign(address); return; }
  list.replaceChildren();
  try {
    await startRuntime();
    status.textContent = `Recherche de « ${q} »…`;
    const { results, ms } = await searchInBrowser(q);
    list.replaceChildren(...results.hits.map(item));
    const corrected = results.corrected ? ` (orthographe corrigée : « ${results.corrected} »)` : "";
    const count = results.hits.length ? `${results.hits.length} règle(s)` : "Aucune règle trouvée";
    status.textContent = `${count} pour « ${q} »${corrected}, cherché dans ce navigateur (règles ${results.version}, ${Math.round(ms)} ms).`;
  } catch (error) {
    status.textContent = `La recherche hors ligne a échoué : ${error.message}`;
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const q = input.value;
  history.replaceState(null, "", `${location.pathname}?q=${encodeURIComponent(q)}`);
  run(q);
});

const initial = new URLSearchParams(location.search).get("q");
if (initial) { input.value = initial; run(initial); }
// exposed for the parity test and the bench: the browser's ranked results for a query
window.arbitreOfflineSearch = async (q) => { await startRuntime(); return (await searchInBrowser(q)).results; };
window.arbitreOfflineStart = startRuntime;
