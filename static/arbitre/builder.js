// Scenario builder: a judge sets up a board (format arbitre-scenario/1) without typing JSON.
//
// The document being edited lives in `state.doc`; every form field writes straight into it.
// Structural changes (a card added, moved, removed…) redraw the builder; typing in a field does not.
// After each change the document is sent to /api/check/ (debounced) and each problem is shown
// beside the element whose data-path matches its JSON path (or its closest parent), the rest in a
// summary at the top. User text only ever goes through textContent / value, never innerHTML.
(function () {
  "use strict";

  const root = document.getElementById("builder");
  if (!root) return;
  const initial = JSON.parse(document.getElementById("builder-initial").textContent);
  const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
  const API_SCENARIOS = root.dataset.apiScenarios;
  const API_CHECK = root.dataset.apiCheck;
  const CHECK_DELAY_MS = 300;

  // ---- Vocabulary: official English identifiers in the JSON, French on screen. ----
  // 1v1: A and B; 2v2 (issue 7): A1 and A2 (team A) against B1 and B2, in clockwise seat order.
  const SEATS = { "1v1": ["A", "B"], "2v2": ["A1", "B1", "A2", "B2"] };
  const MODES = [["1v1", "1v1 (deux joueurs)"], ["2v2", "2v2 (A1 et A2 contre B1 et B2)"]];
  const ZONES = [
    ["hero_expedition", "Expédition du héros"],
    ["companion_expedition", "Expédition du compagnon"],
    ["hand", "Main"],
    ["reserve", "Réserve"],
    ["landmarks", "Repères"],
    ["mana", "Mana"],
    ["deck", "Deck"],
    ["discard", "Défausse"],
  ];
  const ZONE_NAMES = Object.fromEntries(ZONES);
  const CARD_TYPES = [["character", "Personnage"], ["spell", "Sort"], ["permanent", "Permanent"], ["hero", "Héros"]];
  const TYPE_NAMES = Object.fromEntries(CARD_TYPES);
  const STATUSES = [["fleeting", "Fugace"], ["asleep", "Endormi"], ["anchored", "Ancré"], ["exhausted", "Épuisé"]];
  const TERRAINS = [["forest", "Forêt"], ["mountain", "Montagne"], ["water", "Eau"]];
  const PHASES = [
    ["setup", "Mise en place"], ["morning", "Matin"], ["noon", "Midi"],
    ["afternoon", "Après-midi"], ["dusk", "Crépuscule"], ["night", "Nuit"],
  ];
  const VISIBILITIES = [["private", "Brouillon privé"], ["link", "Partagé par lien"], ["public", "Public (bibliothèque)"]];
  const DECISION_KINDS = [
    ["pass", "Passer"], ["play", "Jouer une carte"], ["quick", "Action rapide"], ["mana", "Carte(s) en Mana"],
    ["keep", "Garder (Repos)"], ["optional", "Réponse à « vous pouvez »"], ["mode", "Mode"],
  ];
  const DEFAULT_ADVENTURE = {
    tumult: [
      { name: "T1", face_up: false, terrains: [["forest"], ["mountain", "water"]] },
      { name: "T2", face_up: false, terrains: [["mountain"], ["forest", "water"]] },
      { name: "T3", face_up: false, terrains: [["water"], ["forest", "mountain"]] },
    ],
    markers: { A: { hero: 0, companion: 7 }, B: { hero: 0, companion: 7 } },
    arena: false,
  };
  // 2v2 (engine/README.md, "Mode 2v2"): three pairs of identical Tumult cards; slots 0-1 beside the
  // hero regions, 2-3 beside the companion regions, 4-5 the central pair.
  const DEFAULT_ADVENTURE_2V2 = {
    layout: "2v2",
    tumult: DEFAULT_ADVENTURE.tumult.flatMap((t) => ["a", "b"].map((x) => ({ name: t.name + x, face_up: false, terrains: clone(t.terrains) }))),
    markers: Object.fromEntries(["A1", "B1", "A2", "B2"].map((p) => [p, { hero: 0, companion: 7 }])),
    arena: false,
  };
  const TUMULT_SLOTS_2V2 = [
    "à côté de la région du Héros 1 (A1, B2)", "à côté de la région du Héros 2 (B1, A2)",
    "à côté de la région du Compagnon 1 (A1, B1)", "à côté de la région du Compagnon 2 (A2, B2)",
    "centre, 1re carte", "centre, 2e carte (retournée dans l'autre sens)",
  ];

  // ---- State ----
  const state = {
    uuid: initial.uuid,
    title: initial.title || "",
    description: initial.description || "",
    tags: (initial.tags || []).join(", "),
    visibility: initial.visibility || "private",
    doc: clone(initial.document) || {},
    problems: [],
    checked: false,
    dirty: false,
  };
  const openCards = new Set(); // the card objects whose form is unfolded
  let pathNodes = new Map(); // JSON path -> element showing its problems
  let checkTimer = null;
  let checkSeq = 0;
  const ui = {}; // elements kept across redraws (toolbar, status…)

  function clone(value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); }
  function is2v2() { return state.doc.mode === "2v2"; }
  function players() { return SEATS[is2v2() ? "2v2" : "1v1"]; }
  function defaultAdventure() { return is2v2() ? DEFAULT_ADVENTURE_2V2 : DEFAULT_ADVENTURE; }

  /** Switch the document between 1v1 and 2v2: A becomes A1 and B becomes B1 (and back); the players
   * A2 and B2 are added empty (or dropped, with their cards); the Adventure is reset to the mode's. */
  function switchMode(mode) {
    const d = state.doc;
    const to2 = mode === "2v2";
    const rename = to2 ? { A: "A1", B: "B1" } : { A1: "A", B1: "B" };
    const map = (p) => (p in rename ? rename[p] : p);
    const old = d.players && typeof d.players === "object" ? d.players : {};
    const next = {};
    for (const p of SEATS[mode]) {
      const from = Object.keys(rename).find((k) => rename[k] === p);
      next[p] = from && old[from] ? old[from] : { hero: null };
    }
    d.players = next;
    for (const c of allCardsOf(d)) if (c.owner) c.owner = map(c.owner);
    if (d.first_player) d.first_player = map(d.first_player);
    if (!SEATS[mode].includes(d.first_player)) delete d.first_player;
    if (Array.isArray(d.decisions)) {
      d.decisions = d.decisions.filter((x) => !x || typeof x !== "object" || SEATS[mode].includes(map(x.player)));
      d.decisions.forEach((x) => { if (x && typeof x === "object" && x.player) x.player = map(x.player); });
    }
    if (to2) d.mode = "2v2";
    else delete d.mode;
    if (d.adventure) d.adventure = clone(to2 ? DEFAULT_ADVENTURE_2V2 : DEFAULT_ADVENTURE);
    delete d.progress;
  }

  function allCardsOf(d) {
    const out = [];
    for (const pl of Object.values(d.players || {})) {
      for (const [zone] of ZONES) if (pl && Array.isArray(pl[zone])) out.push(...pl[zone].filter((c) => c && typeof c === "object"));
    }
    if (Array.isArray(d.limbo)) out.push(...d.limbo.filter((c) => c && typeof c === "object"));
    return out;
  }

  // ---- DOM helpers (text only, never HTML) ----
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key in node && key !== "list" && key !== "form") node[key] = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fieldId(path) { return "f-" + path.replace(/[^A-Za-z0-9_-]/g, "_"); }

  /** A container that shows the problems of `path` (and of its unmatched children). */
  function holder(tag, path, props, ...children) {
    const node = el(tag, Object.assign({ dataset: { path: path } }, props || {}), ...children);
    node.append(el("div", { class: "problem-slot", "aria-live": "polite" }));
    pathNodes.set(path, node);
    return node;
  }

  /** A labelled field: label + control + its problem slot. */
  function field(label, control, path, extraClass) {
    control.id = fieldId(path);
    const wrap = holder("div", path, { class: "field" + (extraClass ? " " + extraClass : "") });
    wrap.prepend(el("label", { htmlFor: control.id }, label), control);
    return wrap;
  }

  function checkField(label, checked, path, onchange, idSuffix) {
    const input = el("input", { type: "checkbox", checked: !!checked, onchange: function () { onchange(input.checked); } });
    input.id = fieldId(path + (idSuffix || ""));
    // With an id suffix the checkbox stands for a whole object (e.g. the hero): its container shows the problems.
    const wrap = idSuffix ? el("div", { class: "field check" }, el("div", { class: "problem-slot" })) : holder("div", path, { class: "field check" });
    wrap.prepend(input, el("label", { htmlFor: input.id }, label));
    return wrap;
  }

  function select(options, value, onchange) {
    const node = el("select", { onchange: function () { onchange(node.value); } },
      options.map(([v, text]) => el("option", { value: v }, text)));
    node.value = value;
    return node;
  }

  function textInput(value, oninput, props) {
    const node = el("input", Object.assign({ type: "text", value: value == null ? "" : String(value) }, props || {}));
    node.addEventListener("input", function () { oninput(node.value); });
    return node;
  }

  /** A number input: empty gives `null`, anything else the number (the checker judges its range). */
  function numberInput(value, oninput, props) {
    const node = el("input", Object.assign({ type: "number", inputMode: "numeric", step: 1, value: value == null ? "" : String(value) }, props || {}));
    node.addEventListener("input", function () { oninput(node.value.trim() === "" ? null : Number(node.value)); });
    return node;
  }

  function button(text, onclick, props) {
    return el("button", Object.assign({ type: "button", onclick: onclick }, props || {}), text);
  }

  function idList(text) { return text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean); }

  // ---- Document access ----
  function player(p) {
    if (!state.doc.players || typeof state.doc.players !== "object") state.doc.players = {};
    if (!state.doc.players[p] || typeof state.doc.players[p] !== "object") state.doc.players[p] = {};
    return state.doc.players[p];
  }
  function zoneList(p, zone) {
    if (p === null) {
      if (!Array.isArray(state.doc.limbo)) state.doc.limbo = [];
      return state.doc.limbo;
    }
    const pl = player(p);
    if (!Array.isArray(pl[zone])) pl[zone] = [];
    return pl[zone];
  }
  function peekZone(p, zone) {
    const list = p === null ? state.doc.limbo : state.doc.players && state.doc.players[p] && state.doc.players[p][zone];
    return Array.isArray(list) ? list : [];
  }
  function zonePath(p, zone) { return p === null ? "limbo" : "players." + p + "." + zone; }
  function zoneTitle(p, zone) { return p === null ? "Limbes" : ZONE_NAMES[zone] + " (" + p + ")"; }
  function adventure() {
    if (!state.doc.adventure || typeof state.doc.adventure !== "object") state.doc.adventure = clone(defaultAdventure());
    return state.doc.adventure;
  }

  function allCards() {
    const cards = [];
    for (const p of players()) for (const [zone] of ZONES) for (const c of peekZone(p, zone)) cards.push(c);
    for (const c of peekZone(null)) cards.push(c);
    return cards.filter((c) => c && typeof c === "object");
  }

  /** The next free id for `owner`'s cards: a1, a2… / b1… (limbo cards default to A). */
  function nextId(owner) {
    const prefix = String(owner || players()[0]).toLowerCase() + (is2v2() ? "-" : "");
    const used = new Set(allCards().map((c) => c.id));
    let n = 1;
    while (used.has(prefix + n)) n += 1;
    return prefix + n;
  }

  function newCard(owner) {
    return {
      id: nextId(owner), name: "", type: "character", owner: owner, hand_cost: 0, reserve_cost: null,
      stats: { forest: 0, mountain: 0, water: 0 }, statuses: [], counters: {}, token: false,
    };
  }

  // ---- Change tracking and live check ----
  function changed(redraw) {
    state.dirty = true;
    if (redraw) render();
    updateSaveState();
    refreshExport();
    scheduleCheck();
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    setCheckStatus("Vérification…", "pending");
    checkTimer = setTimeout(runCheck, CHECK_DELAY_MS);
  }

  function csrfToken() {
    const input = document.querySelector("#builder-csrf input[name=csrfmiddlewaretoken]");
    if (input && input.value) return input.value;
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  async function api(method, url, body) {
    const response = await fetch(url, {
      method: method,
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, ok: response.ok, data: data };
  }

  async function runCheck() {
    clearTimeout(checkTimer);
    const seq = ++checkSeq;
    let result;
    try {
      result = await api("POST", API_CHECK, { document: state.doc });
    } catch (e) {
      if (seq === checkSeq) setCheckStatus("Vérification impossible (réseau).", "error");
      return;
    }
    if (seq !== checkSeq) return; // a newer check is on its way
    if (result.ok && result.data && Array.isArray(result.data.problems)) {
      state.problems = result.data.problems;
    } else if (result.status === 413) {
      state.problems = [{ path: "$", message: "Scénario trop volumineux : " + detail(result.data) }];
    } else {
      setCheckStatus("Vérification impossible (" + result.status + ") : " + detail(result.data), "error");
      return;
    }
    state.checked = true;
    showProblems();
  }

  function detail(data) {
    if (!data) return "réponse vide";
    if (typeof data.detail === "string") return data.detail;
    return JSON.stringify(data);
  }

  function parentPath(path) {
    const m = path.match(/^(.*?)(\.[^.[\]]+|\[\d+\])$/);
    return m ? m[1] : "";
  }

  function targetOf(path) {
    for (let p = path; p; p = parentPath(p)) {
      const node = pathNodes.get(p);
      if (node && node.isConnected) return node;
    }
    return null;
  }

  function showProblems() {
    for (const node of root.querySelectorAll(".problem-slot")) node.replaceChildren();
    for (const node of root.querySelectorAll(".has-problem")) node.classList.remove("has-problem");
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    for (const node of root.querySelectorAll(".card-badge")) { node.textContent = ""; node.hidden = true; }
    const unmatched = [];
    const perCard = new Map();
    for (const problem of state.problems) {
      const target = targetOf(String(problem.path || ""));
      if (!target) { unmatched.push(problem); continue; }
      const slot = target.querySelector(":scope > .problem-slot");
      const item = el("p", { class: "problem" }, problem.message);
      if (target.dataset.path !== problem.path) item.prepend(el("code", {}, problem.path), " : ");
      slot.append(item);
      target.classList.add("has-problem");
      const control = target.querySelector(":scope > input, :scope > select, :scope > textarea");
      if (control) control.setAttribute("aria-invalid", "true");
      const card = target.closest(".card");
      if (card) perCard.set(card, (perCard.get(card) || 0) + 1);
    }
    for (const [card, count] of perCard) {
      const badge = card.querySelector(".card-badge");
      badge.textContent = "⚠ " + count;
      badge.title = count + (count > 1 ? " problèmes" : " problème");
      badge.hidden = false;
    }
    ui.summary.replaceChildren();
    for (const problem of unmatched) {
      ui.summary.append(el("li", { class: "problem" }, el("code", {}, problem.path || "?"), " : ", problem.message));
    }
    ui.summary.hidden = unmatched.length === 0;
    const n = state.problems.length;
    if (n === 0) setCheckStatus("Plateau jouable : aucun problème.", "ok");
    else setCheckStatus(n + (n > 1 ? " problèmes" : " problème") + " : le plateau peut être enregistré comme brouillon privé.", "problems");
    root.dataset.problems = String(n);
  }

  function setCheckStatus(text, kind) {
    ui.checkStatus.textContent = text;
    ui.checkStatus.className = "check-status " + kind;
    root.dataset.check = kind;
  }

  function setMessage(text, kind) {
    ui.message.textContent = text;
    ui.message.className = "message " + (kind || "");
  }

  function updateSaveState() {
    ui.dirty.textContent = state.dirty ? "Modifications non enregistrées" : state.uuid ? "Enregistré" : "";
  }

  // ---- Rendering ----
  function render() {
    const focusedId = document.activeElement && root.contains(document.activeElement) ? document.activeElement.id : null;
    pathNodes = new Map();
    ui.board.replaceChildren(
      renderMeta(),
      renderGame(),
      el("div", { class: "players" + (is2v2() ? " players-2v2" : "") }, players().map(renderPlayer)),
      renderAdventure(),
      renderZone(null, "limbo"),
      renderDecisions(),
    );
    refreshIdList();
    if (focusedId) {
      const again = document.getElementById(focusedId);
      if (again) again.focus({ preventScroll: true });
    }
    if (state.checked) showProblems();
  }

  function renderShell() {
    ui.checkStatus = el("p", { class: "check-status", role: "status" });
    ui.message = el("p", { class: "message", role: "status", "aria-live": "polite" });
    ui.dirty = el("span", { class: "dirty" });
    ui.stepperLink = el("a", { class: "button secondary", hidden: true }, "Ouvrir dans le pas-à-pas");
    ui.summary = el("ul", { class: "problem-summary", hidden: true, "aria-label": "Autres problèmes" });
    ui.board = el("div", { class: "board" });
    const toolbar = el("div", { class: "toolbar" },
      el("div", { class: "actions" },
        button("Enregistrer", save, { class: "primary" }),
        button("Essayer sans enregistrer", trial, { class: "secondary" }),
        ui.stepperLink,
        ui.dirty),
      ui.checkStatus,
      ui.message);
    root.replaceChildren(toolbar, ui.summary, ui.board, renderImportExport());
    if (state.uuid) showStepperLink();
  }

  function renderMeta() {
    const box = el("section", { class: "panel meta", "aria-labelledby": "meta-title" },
      el("h2", { id: "meta-title" }, "Scénario"));
    const title = textInput(state.title, function (v) { state.title = v; state.doc.title = v; changed(false); }, { maxLength: 200, required: true });
    const description = el("textarea", { rows: 3, maxLength: 5000, value: state.description });
    description.addEventListener("input", function () {
      state.description = description.value;
      state.doc.description = description.value;
      changed(false);
    });
    const tags = textInput(state.tags, function (v) { state.tags = v; changed(false); }, { placeholder: "fugace, repos" });
    const visibility = select(VISIBILITIES, state.visibility, function (v) { state.visibility = v; changed(false); });
    ui.visibility = visibility;
    box.append(
      field("Titre", title, "@title"),
      field("Description", description, "@description"),
      field("Étiquettes (séparées par des virgules)", tags, "@tags"),
      field("Visibilité", visibility, "@visibility"),
    );
    return box;
  }

  function renderGame() {
    const d = state.doc;
    const box = el("section", { class: "panel game", "aria-labelledby": "game-title" }, el("h2", { id: "game-title" }, "Partie"));
    const grid = el("div", { class: "grid" });
    grid.append(
      field("Jour", numberInput(d.day === undefined ? 1 : d.day, function (v) { setOrDelete(d, "day", v); changed(false); }, { min: 1 }), "day"),
      field("Phase", select(PHASES, d.phase || (d.day > 1 ? "morning" : "noon"), function (v) { d.phase = v; changed(false); }), "phase"),
      field("Mode", select(MODES, is2v2() ? "2v2" : (d.mode || "1v1"), function (v) { switchMode(v); changed(true); }), "mode"),
      field("Premier joueur", select(players().map((p) => [p, p]), d.first_player || players()[0], function (v) { d.first_player = v; changed(false); }), "first_player"),
      field("Graine (hasard)", numberInput(d.seed === undefined ? 0 : d.seed, function (v) { setOrDelete(d, "seed", v); changed(false); }, { min: 0 }), "seed"),
      field("Jeu de règles", textInput(d.rules === undefined ? "" : d.rules, function (v) { setOrDelete(d, "rules", v || null); changed(false); }, { placeholder: "fr-1" }), "rules"),
    );
    box.append(grid);
    return box;
  }

  function setOrDelete(obj, key, value) {
    if (value === null || value === undefined) delete obj[key];
    else obj[key] = value;
  }

  function renderPlayer(p) {
    const pl = (state.doc.players && state.doc.players[p]) || {};
    const section = holder("section", "players." + p, { class: "panel player", "aria-labelledby": "player-" + p });
    section.prepend(el("h2", { id: "player-" + p }, "Joueur " + p));
    const hero = pl.hero && typeof pl.hero === "object" ? pl.hero : null;
    const heroBox = holder("fieldset", "players." + p + ".hero", { class: "hero-box" }, el("legend", {}, "Héros de " + p));
    heroBox.append(checkField("Avec un héros", !!hero, "players." + p + ".hero", function (on) {
      player(p).hero = on ? { name: "", reserve_limit: 2, landmark_limit: 2 } : null;
      changed(true);
    }, ".present"));
    if (hero) {
      const grid = el("div", { class: "grid" });
      grid.append(
        field("Nom du héros", textInput(hero.name, function (v) { setOrDelete(hero, "name", v || null); changed(false); }), "players." + p + ".hero.name"),
        field("Limite de Réserve", numberInput(hero.reserve_limit, function (v) { setOrDelete(hero, "reserve_limit", v); changed(false); }, { min: 0 }), "players." + p + ".hero.reserve_limit"),
        field("Limite de Repères", numberInput(hero.landmark_limit, function (v) { setOrDelete(hero, "landmark_limit", v); changed(false); }, { min: 0 }), "players." + p + ".hero.landmark_limit"),
      );
      heroBox.append(grid);
    } else {
      heroBox.append(el("p", { class: "hint" }, "Sans héros : Réserve et Repères limités à 2 (4.2.5.d)."));
    }
    section.append(heroBox);
    section.append(checkField(p + " a déjà passé (Après-midi)", pl.passed === true, "players." + p + ".passed", function (on) {
      if (on) player(p).passed = true; else delete player(p).passed;
      changed(false);
    }));
    for (const [zone] of ZONES) section.append(renderZone(p, zone));
    return section;
  }

  function renderZone(p, zone) {
    const path = zonePath(p, zone);
    const cards = peekZone(p, zone);
    const title = zoneTitle(p, zone);
    const box = holder("section", path, { class: "zone zone-" + zone + (cards.length ? "" : " empty") + (p === null ? " panel" : ""), "aria-label": title });
    const head = el("div", { class: "zone-head" },
      el("h3", {}, (p === null ? "Limbes" : ZONE_NAMES[zone]), el("span", { class: "count" }, " (" + cards.length + ")")),
      button("+ Carte", function () { addCard(p, zone); }, { class: "small", "aria-label": "Ajouter une carte dans " + title }));
    box.prepend(head);
    if (zone === "deck" && cards.length) box.append(el("p", { class: "hint" }, "La première carte est le dessus du Deck."));
    if (zone === "mana" && cards.length) box.append(el("p", { class: "hint" }, "Orbes face cachée : seuls l'identifiant et l'état Épuisé comptent."));
    const list = el("ol", { class: "cards" });
    cards.forEach(function (card, index) { list.append(renderCard(p, zone, cards, card, index)); });
    box.append(list);
    const others = allCards();
    if (others.length) {
      const copyFrom = el("select", {}, el("option", { value: "" }, "— choisir —"),
        others.map((c) => el("option", { value: c.id }, cardLabel(c))));
      copyFrom.id = fieldId(path + ".copy-from");
      box.append(el("details", { class: "copy-from" },
        el("summary", {}, "Copier ici une carte du plateau…"),
        el("label", { htmlFor: copyFrom.id }, "Carte à copier"),
        copyFrom,
        button("Copier ici", function () {
          const original = allCards().find((c) => c.id === copyFrom.value);
          if (original) copyCard(original, zoneList(p, zone), zoneList(p, zone).length);
        }, { class: "small secondary", "aria-label": "Copier la carte choisie dans " + title })));
    }
    return box;
  }

  function cardLabel(card) {
    const name = typeof card.name === "string" && card.name ? card.name : "(sans nom)";
    return String(card.id) + " · " + name + " · " + (TYPE_NAMES[card.type || "character"] || String(card.type));
  }

  function renderCard(p, zone, list, card, index) {
    const path = zonePath(p, zone) + "[" + index + "]";
    if (!card || typeof card !== "object") {
      const bad = holder("li", path, { class: "card" }, el("p", {}, "Entrée invalide : " + JSON.stringify(card)));
      bad.append(button("Supprimer", function () { list.splice(index, 1); changed(true); }, { class: "small danger" }));
      return bad;
    }
    const open = openCards.has(card);
    const item = holder("li", path, { class: "card" + (card.token ? " token" : "") });
    const bodyId = fieldId(path + ".body");
    const label = el("span", { class: "card-label" }, cardLabel(card));
    const toggle = el("button", {
      type: "button", class: "card-toggle", "aria-expanded": open ? "true" : "false", "aria-controls": bodyId,
      onclick: function () {
        if (openCards.has(card)) openCards.delete(card); else openCards.add(card);
        const nowOpen = openCards.has(card);
        toggle.setAttribute("aria-expanded", nowOpen ? "true" : "false");
        body.hidden = !nowOpen;
      },
    }, zone === "deck" ? el("span", { class: "pos" }, (index + 1) + ". ") : null, label);
    const actions = el("span", { class: "card-actions" });
    if (zone === "deck") {
      actions.append(
        button("↑", function () { moveWithin(list, index, index - 1); }, { class: "small secondary", disabled: index === 0, "aria-label": "Monter " + card.id, title: "Monter" }),
        button("↓", function () { moveWithin(list, index, index + 1); }, { class: "small secondary", disabled: index === list.length - 1, "aria-label": "Descendre " + card.id, title: "Descendre" }),
      );
    }
    actions.append(
      button("Copier", function () { copyCard(card, list, index + 1); }, { class: "small secondary", "aria-label": "Copier " + card.id }),
      button("Supprimer", function () { list.splice(index, 1); openCards.delete(card); changed(true); }, { class: "small danger", "aria-label": "Supprimer " + card.id }),
    );
    const head = el("div", { class: "card-head" }, toggle, el("span", { class: "card-badge", hidden: true }), actions);
    const body = el("div", { class: "card-body", id: bodyId, hidden: !open });
    function refreshLabel() { label.textContent = cardLabel(card); }

    const grid = el("div", { class: "grid" });
    grid.append(
      field("Identifiant", textInput(card.id, function (v) { card.id = v; refreshLabel(); refreshIdList(); changed(false); }, { autocomplete: "off", spellcheck: false }), path + ".id"),
      field("Nom", textInput(card.name, function (v) { setOrDelete(card, "name", v || null); refreshLabel(); changed(false); }, { autocomplete: "off" }), path + ".name", "wide"),
      field("Type", select(CARD_TYPES, card.type || "character", function (v) { card.type = v; refreshLabel(); changed(false); }), path + ".type"),
      field("Propriétaire", select(players().map((x) => [x, x]), card.owner || p || players()[0], function (v) { card.owner = v; changed(false); }), path + ".owner"),
      field("Coût en Main", numberInput(card.hand_cost, function (v) { setOrDelete(card, "hand_cost", v); changed(false); }, { min: 0 }), path + ".hand_cost"),
      field("Coût en Réserve (vide : injouable)", numberInput(card.reserve_cost, function (v) { card.reserve_cost = v; changed(false); }, { min: 0 }), path + ".reserve_cost"),
    );
    body.append(grid);

    const stats = card.stats && typeof card.stats === "object" ? card.stats : null;
    const statsBox = holder("fieldset", path + ".stats", { class: "stats" }, el("legend", {}, "Statistiques"));
    const statsGrid = el("div", { class: "grid" });
    for (const [terrain, name] of TERRAINS) {
      statsGrid.append(field(name, numberInput(stats ? stats[terrain] : 0, function (v) {
        if (!card.stats || typeof card.stats !== "object") card.stats = {};
        setOrDelete(card.stats, terrain, v);
        changed(false);
      }, { min: 0 }), path + ".stats." + terrain));
    }
    statsBox.append(statsGrid);
    body.append(statsBox);

    const statuses = Array.isArray(card.statuses) ? card.statuses : [];
    const statusBox = holder("fieldset", path + ".statuses", { class: "statuses" }, el("legend", {}, "Statuts"));
    for (const [status, name] of STATUSES) {
      statusBox.append(checkField(name, statuses.includes(status), path + ".statuses." + status, function (on) {
        const current = Array.isArray(card.statuses) ? card.statuses.filter((s) => s !== status) : [];
        if (on) current.push(status);
        card.statuses = STATUSES.map(([s]) => s).filter((s) => current.includes(s)).concat(current.filter((s) => !STATUSES.some(([x]) => x === s)));
        changed(false);
      }));
    }
    body.append(statusBox);
    body.append(renderCounters(card, path));

    const extra = el("div", { class: "grid" });
    const keywords = Array.isArray(card.keywords) ? card.keywords.join(", ") : "";
    extra.append(
      field("Mots-clés (séparés par des virgules)", textInput(keywords, function (v) {
        const words = idList(v);
        if (words.length) card.keywords = words; else delete card.keywords;
        changed(false);
      }), path + ".keywords", "wide"),
    );
    body.append(extra);
    body.append(checkField("Jeton (cesse d'exister hors de l'Expédition)", card.token === true, path + ".token", function (on) {
      card.token = on;
      item.classList.toggle("token", on);
      changed(false);
    }));
    const abilities = Array.isArray(card.abilities) ? card.abilities.length : 0;
    const effect = Array.isArray(card.effect) ? card.effect.length : 0;
    if (abilities || effect) {
      body.append(el("p", { class: "hint" }, "Capacités : " + abilities + ", étapes d'effet : " + effect +
        " (conservées telles quelles ; modifiables par l'import JSON)."));
    }

    // Move to another zone.
    const target = el("select", {},
      players().flatMap((x) => ZONES.map(([z, name]) => el("option", { value: x + "." + z }, x + " · " + name))),
      el("option", { value: "limbo" }, "Limbes"));
    target.value = p === null ? "limbo" : p + "." + zone;
    target.id = fieldId(path + ".move-to");
    body.append(el("div", { class: "move" },
      el("label", { htmlFor: target.id }, "Déplacer vers"),
      target,
      button("Déplacer", function () {
        const [toPlayer, toZone] = target.value === "limbo" ? [null, "limbo"] : target.value.split(".");
        if (toPlayer === p && toZone === zone) return;
        list.splice(index, 1);
        zoneList(toPlayer, toZone).push(card);
        setMessage(String(card.id) + " déplacée vers " + zoneTitle(toPlayer, toZone) + ".", "ok");
        changed(true);
      }, { class: "small secondary" }),
      zone === "deck" ? button("Dessus du Deck", function () { moveWithin(list, index, 0); }, { class: "small secondary", disabled: index === 0 }) : null,
      zone === "deck" ? button("Dessous du Deck", function () { moveWithin(list, index, list.length - 1); }, { class: "small secondary", disabled: index === list.length - 1 }) : null,
    ));
    item.append(head, body);
    // The problem slot of the card itself sits under its head.
    item.insertBefore(item.querySelector(":scope > .problem-slot"), body);
    return item;
  }

  function renderCounters(card, path) {
    const box = holder("fieldset", path + ".counters", { class: "counters" }, el("legend", {}, "Compteurs"));
    const counters = card.counters && typeof card.counters === "object" && !Array.isArray(card.counters) ? card.counters : {};
    const rows = el("div", { class: "counter-rows" });
    function rebuild() {
      const result = {};
      for (const row of rows.children) {
        const name = row.querySelector(".counter-name").value.trim();
        const raw = row.querySelector(".counter-count").value.trim();
        if (name) result[name] = raw === "" ? 0 : Number(raw);
      }
      card.counters = result;
      changed(false);
    }
    Object.entries(counters).forEach(function ([name, count], i) {
      const nameInput = el("input", { type: "text", class: "counter-name", value: name, oninput: rebuild, list: undefined });
      const countInput = el("input", { type: "number", class: "counter-count", min: 0, step: 1, value: String(count), oninput: rebuild });
      nameInput.id = fieldId(path + ".counters#" + i + ".name");
      countInput.id = fieldId(path + ".counters#" + i + ".count");
      const row = holder("div", path + ".counters." + name, { class: "counter-row" },
        el("label", { htmlFor: nameInput.id }, "Compteur"), nameInput,
        el("label", { htmlFor: countInput.id }, "Nombre"), countInput,
        button("×", function () { row.remove(); rebuild(); changed(true); }, { class: "small danger", "aria-label": "Retirer le compteur " + name }));
      rows.append(row);
    });
    box.append(rows, button("+ Compteur", function () {
      if (!card.counters || typeof card.counters !== "object" || Array.isArray(card.counters)) card.counters = {};
      let name = "boost";
      for (let n = 2; name in card.counters; n += 1) name = "compteur" + n;
      card.counters[name] = 1;
      changed(true);
    }, { class: "small secondary", "aria-label": "Ajouter un compteur à " + card.id }));
    return box;
  }

  function addCard(p, zone) {
    const card = newCard(p || players()[0]);
    zoneList(p, zone).push(card);
    openCards.add(card);
    changed(true);
    focusCardName(card);
  }

  function copyCard(original, list, at) {
    const card = clone(original);
    card.id = nextId(original.owner || players()[0]);
    list.splice(at, 0, card);
    openCards.add(card);
    setMessage("Copie de " + original.id + " : " + card.id + ".", "ok");
    changed(true);
    focusCardName(card);
  }

  function focusCardName(card) {
    for (const [path, node] of pathNodes) {
      if (/\]\.name$/.test(path) && node.closest(".card") && cardAt(path) === card) {
        const input = node.querySelector("input");
        if (input) input.focus();
        return;
      }
    }
  }

  function cardAt(namePath) {
    const m = namePath.match(/^(?:players\.(\w+)\.(\w+)|limbo)\[(\d+)\]\.name$/);
    if (!m) return null;
    return peekZone(m[1] === undefined ? null : m[1], m[2])[Number(m[3])];
  }

  function moveWithin(list, from, to) {
    if (to < 0 || to >= list.length || from === to) return;
    const [card] = list.splice(from, 1);
    list.splice(to, 0, card);
    changed(true);
  }

  function refreshIdList() {
    let datalist = document.getElementById("builder-card-ids");
    if (!datalist) {
      datalist = el("datalist", { id: "builder-card-ids" });
      root.append(datalist);
    }
    datalist.replaceChildren(...allCards().map((c) => el("option", { value: String(c.id) }, cardLabel(c))));
  }

  // ---- Adventure ----
  function renderAdventure() {
    const adv = state.doc.adventure && typeof state.doc.adventure === "object" ? state.doc.adventure : defaultAdventure();
    const box = holder("section", "adventure", { class: "panel adventure", "aria-labelledby": "adventure-title" });
    box.prepend(el("h2", { id: "adventure-title" }, "Aventure"));
    if (!state.doc.adventure) box.append(el("p", { class: "hint" }, "Aventure par défaut (modifiez un champ pour la fixer dans le document)."));
    const tumultBox = holder("div", "adventure.tumult", { class: "tumult" });
    const tumult = Array.isArray(adv.tumult) ? adv.tumult : [];
    tumult.forEach(function (t, i) { tumultBox.append(renderTumult(t, i)); });
    box.append(tumultBox);

    const markers = holder("fieldset", "adventure.markers", { class: "markers" }, el("legend", {}, "Marqueurs (régions 0 à 7)"));
    const grid = el("div", { class: "grid" });
    if (is2v2()) {
      box.append(el("p", { class: "hint" }, "2v2 : chaque joueur suit son propre chemin de 8 régions (0 = sa région du Héros, "
        + "7 = sa région du Compagnon) ; A1 et B2 partagent la région du Héros 1, B1 et A2 la région du Héros 2, A1 et B1 "
        + "la région du Compagnon 1, A2 et B2 la région du Compagnon 2. Les deux cartes centrales se retournent ensemble."));
    }
    for (const p of players()) {
      for (const [kind, name] of [["hero", "héros"], ["companion", "compagnon"]]) {
        const m = adv.markers && adv.markers[p] && typeof adv.markers[p] === "object" ? adv.markers[p] : {};
        const fallback = kind === "hero" ? 0 : 7;
        grid.append(field("Marqueur " + name + " de " + p, numberInput(m[kind] === undefined ? fallback : m[kind], function (v) {
          const a = adventure();
          if (!a.markers || typeof a.markers !== "object") a.markers = {};
          if (!a.markers[p] || typeof a.markers[p] !== "object") a.markers[p] = {};
          setOrDelete(a.markers[p], kind, v);
          changed(false);
        }, { min: 0, max: 7 }), "adventure.markers." + p + "." + kind));
      }
    }
    markers.append(grid);
    box.append(markers);
    box.append(checkField("Arène (les départages ont commencé)", adv.arena === true, "adventure.arena", function (on) {
      adventure().arena = on;
      changed(false);
    }));
    return box;
  }

  function renderTumult(t, i) {
    const path = "adventure.tumult[" + i + "]";
    const legend = is2v2() ? "Tumulte " + (i + 1) + " — " + (TUMULT_SLOTS_2V2[i] || "en trop")
      : "Tumulte " + (i + 1) + " (régions " + (2 * i + 1) + " et " + (2 * i + 2) + ")";
    const box = holder("fieldset", path, { class: "tumult-card" }, el("legend", {}, legend));
    function own() { return adventure().tumult[i]; }
    if (!t || typeof t !== "object") return box;
    box.append(
      field("Nom", textInput(t.name, function (v) { own().name = v; changed(false); }), path + ".name"),
      checkField("Face visible", t.face_up === true, path + ".face_up", function (on) { own().face_up = on; changed(false); }),
    );
    const halves = Array.isArray(t.terrains) ? t.terrains : [[], []];
    [0, 1].forEach(function (h) {
      const half = Array.isArray(halves[h]) ? halves[h] : [];
      const halfBox = holder("fieldset", path + ".terrains[" + h + "]", { class: "half" },
        el("legend", {}, is2v2() ? "Moitié " + (h + 1) : "Moitié " + (h + 1) + " (région " + (2 * i + 1 + h) + ")"));
      for (const [terrain, name] of TERRAINS) {
        halfBox.append(checkField(name, half.includes(terrain), path + ".terrains." + h + "." + terrain, function (on) {
          const card = own();
          if (!Array.isArray(card.terrains)) card.terrains = [[], []];
          while (card.terrains.length < 2) card.terrains.push([]);
          const current = Array.isArray(card.terrains[h]) ? card.terrains[h] : [];
          const next = current.filter((x) => x !== terrain);
          if (on) next.push(terrain);
          card.terrains[h] = TERRAINS.map(([x]) => x).filter((x) => next.includes(x)).concat(next.filter((x) => !TERRAINS.some(([y]) => y === x)));
          changed(false);
        }));
      }
      box.append(halfBox);
    });
    return box;
  }

  // ---- Decisions ----
  function decisionKind(d) {
    for (const [kind] of DECISION_KINDS) if (d && typeof d === "object" && kind in d) return kind;
    return "pass";
  }

  function renderDecisions() {
    const box = holder("section", "decisions", { class: "panel decisions", "aria-labelledby": "decisions-title" });
    box.prepend(el("h2", { id: "decisions-title" }, "Décisions"));
    box.append(el("p", { class: "hint" }, "Les choix des joueurs, dans l'ordre où le moteur les consomme. S'il en manque, le pas-à-pas s'arrête et propose les choix légaux."));
    const list = Array.isArray(state.doc.decisions) ? state.doc.decisions : [];
    const ol = el("ol", { class: "decision-list" });
    list.forEach(function (d, i) { ol.append(renderDecision(list, d, i)); });
    box.append(ol, button("+ Décision", function () {
      if (!Array.isArray(state.doc.decisions)) state.doc.decisions = [];
      state.doc.decisions.push({ player: players()[0], pass: true });
      changed(true);
    }, { class: "small", "aria-label": "Ajouter une décision" }));
    return box;
  }

  function renderDecision(list, d, i) {
    const path = "decisions[" + i + "]";
    const item = holder("li", path, { class: "decision" });
    if (!d || typeof d !== "object") {
      item.append(el("p", {}, "Entrée invalide : " + JSON.stringify(d)), button("Supprimer", function () { list.splice(i, 1); changed(true); }, { class: "small danger" }));
      return item;
    }
    const kind = decisionKind(d);
    const grid = el("div", { class: "grid" });
    grid.append(
      field("Joueur", select(players().map((p) => [p, p]), d.player || players()[0], function (v) { d.player = v; changed(false); }), path + ".player"),
      field("Décision", select(DECISION_KINDS, kind, function (v) {
        for (const [k] of DECISION_KINDS) delete d[k];
        delete d.expedition; delete d.targets; delete d.ability;
        d[v] = { pass: true, play: "", quick: "", mana: null, keep: [], optional: true, mode: 0 }[v];
        changed(true);
      }), path + ".kind"),
    );
    const cardIdInput = (value, set) => {
      const input = textInput(value, set, { autocomplete: "off", spellcheck: false });
      input.setAttribute("list", "builder-card-ids");
      return input;
    };
    if (kind === "play") {
      grid.append(
        field("Carte jouée", cardIdInput(d.play, function (v) { d.play = v; changed(false); }), path + ".play"),
        field("Expédition", select([["", "—"], ["hero", "Héros"], ["companion", "Compagnon"]], d.expedition || "", function (v) { setOrDelete(d, "expedition", v || null); changed(false); }), path + ".expedition"),
        field("Cibles (identifiants)", textInput(Array.isArray(d.targets) ? d.targets.join(", ") : "", function (v) {
          const ids = idList(v);
          if (ids.length) d.targets = ids; else delete d.targets;
          changed(false);
        }), path + ".targets"),
      );
    } else if (kind === "quick") {
      grid.append(
        field("Carte", cardIdInput(d.quick, function (v) { d.quick = v; changed(false); }), path + ".quick"),
        field("Capacité n°", numberInput(d.ability === undefined ? 0 : d.ability, function (v) { setOrDelete(d, "ability", v); changed(false); }, { min: 0 }), path + ".ability"),
      );
    } else if (kind === "mana") {
      const value = Array.isArray(d.mana) ? d.mana.join(", ") : d.mana || "";
      grid.append(field("Carte(s) en Mana (vide : aucune)", textInput(value, function (v) {
        const ids = idList(v);
        d.mana = ids.length === 0 ? null : ids.length === 1 ? ids[0] : ids;
        changed(false);
      }), path + ".mana", "wide"));
    } else if (kind === "keep") {
      grid.append(field("Cartes gardées (identifiants)", textInput(Array.isArray(d.keep) ? d.keep.join(", ") : "", function (v) {
        d.keep = idList(v);
        changed(false);
      }), path + ".keep", "wide"));
    } else if (kind === "optional") {
      grid.append(checkField("Oui, le joueur le fait", d.optional === true, path + ".optional", function (on) { d.optional = on; changed(false); }));
    } else if (kind === "mode") {
      grid.append(field("Mode", textInput(d.mode === undefined ? "" : d.mode, function (v) {
        d.mode = /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
        changed(false);
      }), path + ".mode"));
    }
    item.append(grid, el("div", { class: "actions" },
      button("↑", function () { moveWithin(list, i, i - 1); }, { class: "small secondary", disabled: i === 0, "aria-label": "Monter la décision " + (i + 1) }),
      button("↓", function () { moveWithin(list, i, i + 1); }, { class: "small secondary", disabled: i === list.length - 1, "aria-label": "Descendre la décision " + (i + 1) }),
      button("Supprimer", function () { list.splice(i, 1); changed(true); }, { class: "small danger", "aria-label": "Supprimer la décision " + (i + 1) }),
    ));
    return item;
  }

  // ---- Import / export ----
  function renderImportExport() {
    const box = el("section", { class: "panel io", "aria-labelledby": "io-title" }, el("h2", { id: "io-title" }, "Import et export JSON"));
    const paste = el("textarea", { id: "builder-import-text", rows: 6, spellcheck: false, placeholder: "{\"format\": \"arbitre-scenario/1\", …}" });
    const file = el("input", { type: "file", id: "builder-import-file", accept: ".json,application/json" });
    file.addEventListener("change", function () {
      const chosen = file.files && file.files[0];
      if (!chosen) return;
      chosen.text().then(function (text) { importText(text, chosen.name); file.value = ""; });
    });
    ui.exportText = el("textarea", { id: "builder-export-text", rows: 14, readOnly: true, spellcheck: false });
    ui.exportBox = el("div", { class: "field", hidden: true },
      el("label", { htmlFor: "builder-export-text" }, "Document JSON"), ui.exportText,
      el("div", { class: "actions" }, button("Copier le JSON", copyJson, { class: "small secondary" })));
    ui.importMessage = el("p", { class: "message", role: "status" });
    box.append(
      el("div", { class: "field" }, el("label", { htmlFor: "builder-import-text" }, "Document JSON à importer"), paste),
      el("div", { class: "actions" },
        button("Importer", function () { importText(paste.value, null); }),
        el("label", { htmlFor: "builder-import-file", class: "file-label" }, "ou choisir un fichier"), file),
      ui.importMessage,
      el("div", { class: "actions" },
        button("Télécharger le JSON", download, { class: "secondary" }),
        button("Afficher le JSON", function (event) {
          ui.exportBox.hidden = !ui.exportBox.hidden;
          event.target.textContent = ui.exportBox.hidden ? "Afficher le JSON" : "Masquer le JSON";
          refreshExport();
        }, { class: "secondary", "aria-controls": "builder-export-text" })),
      ui.exportBox,
    );
    return box;
  }

  function exportJson() { return JSON.stringify(state.doc, null, 2) + "\n"; }

  function refreshExport() {
    if (ui.exportBox && !ui.exportBox.hidden) ui.exportText.value = exportJson();
  }

  function importText(text, fileName) {
    let doc;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      ui.importMessage.textContent = "JSON illisible : " + e.message;
      ui.importMessage.className = "message error";
      return;
    }
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      ui.importMessage.textContent = "Un scénario est un objet JSON ({\"format\": \"arbitre-scenario/1\", …}).";
      ui.importMessage.className = "message error";
      return;
    }
    state.doc = doc;
    if (typeof doc.title === "string") state.title = doc.title;
    if (typeof doc.description === "string") state.description = doc.description;
    if (Array.isArray(doc.tags)) state.tags = doc.tags.filter((t) => typeof t === "string").join(", ");
    openCards.clear();
    const cards = allCards();
    if (cards.length <= 8) cards.forEach((c) => openCards.add(c));
    ui.importMessage.textContent = "Document importé" + (fileName ? " depuis " + fileName : "") + " : " + cards.length + (cards.length > 1 ? " cartes." : " carte.");
    ui.importMessage.className = "message ok";
    changed(true);
  }

  function slug(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "scenario";
  }

  function download() {
    const blob = new Blob([exportJson()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: slug(state.title) + ".json" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  function copyJson() {
    refreshExport();
    const text = exportJson();
    const done = function () { setMessage("JSON copié dans le presse-papiers.", "ok"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { ui.exportText.select(); setMessage("Sélectionné : copiez avec Ctrl+C.", ""); });
    } else {
      ui.exportText.select();
      setMessage(document.execCommand && document.execCommand("copy") ? "JSON copié dans le presse-papiers." : "Sélectionné : copiez avec Ctrl+C.", "ok");
    }
  }

  // ---- Save and trial ----
  function showStepperLink() {
    ui.stepperLink.href = root.dataset.stepperUrl.replace(ZERO_UUID, state.uuid);
    ui.stepperLink.hidden = false;
  }

  const META_FIELDS = { title: "@title", description: "@description", tags: "@tags", visibility: "@visibility" };

  async function save() {
    setMessage("Enregistrement…", "pending");
    await runCheck();
    const draft = state.problems.length > 0;
    let note = "";
    if (draft && state.visibility !== "private") {
      state.visibility = "private";
      ui.visibility.value = "private";
      note = " Le plateau a des problèmes : il reste un brouillon privé tant qu'ils ne sont pas corrigés.";
    } else if (draft) {
      note = " Brouillon : le plateau a encore des problèmes.";
    }
    const body = {
      title: state.title.trim(),
      description: state.description,
      tags: state.tags.split(",").map((t) => t.trim()).filter(Boolean),
      visibility: state.visibility,
      document: state.doc,
      draft: draft,
    };
    const creating = !state.uuid;
    let result;
    try {
      result = await api(creating ? "POST" : "PUT", creating ? API_SCENARIOS : API_SCENARIOS + state.uuid + "/", body);
    } catch (e) {
      setMessage("Enregistrement impossible : le serveur ne répond pas.", "error");
      return;
    }
    if (result.ok) {
      state.uuid = result.data.uuid;
      state.dirty = false;
      const editUrl = root.dataset.editUrl.replace(ZERO_UUID, state.uuid);
      if (creating) history.replaceState(null, "", editUrl);
      const heading = document.getElementById("builder-heading");
      if (heading) heading.textContent = "Modifier « " + result.data.title + " »";
      showStepperLink();
      updateSaveState();
      setMessage((creating ? "Scénario enregistré." : "Modifications enregistrées.") + note, draft ? "warning" : "ok");
      return;
    }
    if (result.status === 400 && result.data) {
      const lines = [];
      for (const [key, value] of Object.entries(result.data)) {
        if (key === "document" && Array.isArray(value) && value.length && typeof value[0] === "object") {
          state.problems = value;
          showProblems();
          lines.push("le plateau a des problèmes");
        } else if (META_FIELDS[key]) {
          state.problems = state.problems.filter((p) => p.path !== META_FIELDS[key]);
          const messages = [].concat(value).map(String);
          messages.forEach((m) => state.problems.push({ path: META_FIELDS[key], message: m }));
          lines.push(fieldName(key) + " : " + messages.join(" "));
        } else {
          lines.push(key + " : " + [].concat(value).map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(" "));
        }
      }
      showProblems();
      setMessage("Non enregistré — " + lines.join(" ; "), "error");
      return;
    }
    if (result.status === 413) setMessage("Non enregistré : " + detail(result.data), "error");
    else if (result.status === 401 || result.status === 403) setMessage("Non enregistré : " + detail(result.data) + " (êtes-vous toujours connecté ?)", "error");
    else setMessage("Non enregistré : erreur " + result.status + ".", "error");
  }

  function fieldName(key) {
    return { title: "Titre", description: "Description", tags: "Étiquettes", visibility: "Visibilité" }[key] || key;
  }

  function trial() {
    try {
      sessionStorage.setItem("arbitre-trial", JSON.stringify(state.doc));
    } catch (e) {
      setMessage("Essai impossible : le navigateur refuse le stockage de session.", "error");
      return;
    }
    // A new tab opened this way starts with a copy of this tab's sessionStorage.
    const opened = window.open(root.dataset.trialUrl, "_blank");
    if (!opened) window.location.assign(root.dataset.trialUrl);
  }

  // ---- Start ----
  {
    const cards = allCards();
    if (cards.length <= 8) cards.forEach((c) => openCards.add(c));
  }
  renderShell();
  render();
  updateSaveState();
  runCheck();
})();
