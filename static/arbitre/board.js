/* The board and the log of a run, drawn from the engine's output document: the one drawing code of
 * the stepper (stepper.js), the training page (training.js) and the builder (builder/board.js).
 *
 * A classic script that is also a valid ES module: load it with <script src> or `import "./board.js"`;
 * either way it defines window.ArbitreBoard (static/arbitre/lib/dom.js re-exports its el()).
 *
 * ArbitreBoard.create({ruleset, rulesPage, apiRules, apiSearch, board, rulePanel, describeCard, showHidden})
 * returns the drawing functions
 * bound to one page: renderBoard(out) draws `out.state` into `board`, highlighting what the steps in
 * `out.last` touched; renderLog(out, list) fills an <ol> with the log, each rule number a link to its
 * page (its text in a tooltip and, on hover or focus, in `rulePanel` when there is one).
 * Every piece of user text goes through textContent, never innerHTML.
 */
(function () {
  "use strict";

  // The engine's labels (engine/vocabulary.py), embedded by base.html: never a copy here.
  const LABELS = (() => {
    const node = typeof document === "undefined" ? null : document.getElementById("vocabulary");
    try { return (node && JSON.parse(node.textContent).labels) || {}; } catch (e) { return {}; }
  })();
  const PHASE_FR = LABELS.phases || {};
  const TERRAIN_FR = LABELS.terrains || {};
  const TERRAIN_ABBR = { forest: "F", mountain: "M", water: "E" };
  const STATUS_FR = LABELS.statuses || {};
  const TYPE_FR = LABELS.card_types || {};
  const ZONE_FR = LABELS.zones || {};
  const EXPEDITION_FR = { hero: "Héros", companion: "Compagnon" };
  // 2v2 (engine/README.md, "Mode 2v2"): seats clockwise, each player's path of eight regions.
  const SEATS_2V2 = ["A1", "B1", "A2", "B2"];
  const ARMS_2V2 = { A1: [1, 1], B1: [2, 1], A2: [2, 2], B2: [1, 2] };
  const FACING_2V2 = { A1: ["B2", "B1"], B1: ["A2", "A1"], A2: ["B1", "B2"], B2: ["A1", "A2"] };
  const SLOT_FR = ["Héros 1", "Héros 2", "Compagnon 1", "Compagnon 2", "centre", "centre"];
  function path2v2(pid) {
    const [h, c] = ARMS_2V2[pid];
    const centre = h === 1 ? [["tumult", 4, 0], ["tumult", 5, 0]] : [["tumult", 5, 1], ["tumult", 4, 1]];
    return [["hero", h], ["tumult", h - 1, 0], ["tumult", h - 1, 1], ...centre,
      ["tumult", c + 1, 1], ["tumult", c + 1, 0], ["companion", c]];
  }

  // ---- the one DOM helper (also exported by static/arbitre/lib/dom.js) -------------------------
  // el(tag, props, ...children): `class`, `text`, `dataset`, `for`, `on<event>` handlers; a prop the
  // element has (value, checked, hidden, disabled, htmlFor, readOnly…) is set as a property, any other
  // (aria-*, role, tabindex…) as an attribute. Children are nodes or text: never HTML.
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "for") node.htmlFor = value;
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (key in node && key !== "list" && key !== "form" && !key.includes("-")) node[key] = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // Where a cited rule leads (lib/rulelinks.js, loaded by base.html): "4.2.5.d (CR 5.0)" to the official
  // paragraph's page, a bare number to the French rule.
  const links = () => window.ArbitreRuleLinks || {
    frenchRuleset: (r) => r || "fr-1",
    citationTarget: (c, o) => ({ number: c, official: false, ruleset: o.ruleset, href: `${o.rulesPage}${encodeURIComponent(o.ruleset)}/${encodeURIComponent(c)}/` }),
  };
  // The rule sets a scenario may be played under, with their labels (engine/versions.py RULESETS), embedded by base.html.
  const RULESETS = (() => {
    const node = typeof document === "undefined" ? null : document.getElementById("vocabulary");
    try { return (node && JSON.parse(node.textContent).rulesets) || {}; } catch (e) { return {}; }
  })();
  /** A screen without hover (a phone): rules are read by touching them. */
  const NO_HOVER = () => !!(window.matchMedia && window.matchMedia("(hover: none)").matches);
  const CHANGED_FR = { changed: "Modifiée en CR 5.0", absent: "Absente des CR 5.0" };

  function create(options) {
    const ruleset = options.ruleset || "fr-1";
    const french = links().frenchRuleset(ruleset);
    const apiSearch = options.apiSearch || "/api/search/";
    const board = options.board;
    const rulePanel = options.rulePanel || null;
    // describeCard(card) -> [French sentence]: each ability and effect, shown on the card (builder/describe.js)
    const describeCard = options.describeCard || null;
    // The builder shows every card: the Deck's and the Mana's too.
    const showHidden = !!options.showHidden;
    const ruleCache = new Map();

    // ---- names -------------------------------------------------------------------------------------
    function cardNames(state) {
      const names = new Map();
      if (!state) return names;
      const add = (card) => { if (card && card.id) names.set(card.id, card.name || card.id); };
      for (const player of Object.values(state.players || {})) {
        for (const [key, value] of Object.entries(player || {})) {
          if (Array.isArray(value) && key !== "decisions") value.forEach(add);
        }
      }
      (state.limbo || []).forEach(add);
      return names;
    }

    function cardLabel(id, names) {
      if (id === null || id === undefined) return "aucune";
      const name = names.get(id);
      return name && name !== id ? `${name} (${id})` : String(id);
    }

    function decisionLabel(d, names) {
      const p = d.player || "?";
      const list = (ids) => ids.map((id) => cardLabel(id, names)).join(", ");
      if (d.pass) return `${p} passe`;
      if ("keep" in d) {
        const kept = Array.isArray(d.keep) ? d.keep : [];
        return kept.length ? `${p} garde ${list(kept)}` : `${p} ne garde rien`;
      }
      if ("mana" in d) {
        if (d.mana === null) return `${p} ne met aucune carte en Mana (Aucune)`;
        if (Array.isArray(d.mana)) return `${p} met ${list(d.mana)} en Mana`;
        return `${p} met ${cardLabel(d.mana, names)} en Mana`;
      }
      if ("play" in d) {
        let text = `${p} joue ${cardLabel(d.play, names)}`;
        if (d.expedition) {
          const [side, kind] = String(d.expedition).includes(".") ? String(d.expedition).split(".") : [null, d.expedition];
          text += ` dans l'Expédition du ${EXPEDITION_FR[kind] || kind}${side ? ` de ${side}` : ""}`;
        }
        if (Array.isArray(d.targets) && d.targets.length) text += ` (cibles : ${list(d.targets)})`;
        return text;
      }
      if ("quick" in d) return `${p} utilise l'action rapide ${Number(d.ability || 0) + 1} de ${cardLabel(d.quick, names)}`;
      if ("optional" in d) return d.optional ? `${p} le fait` : `${p} ne le fait pas`;
      if ("targets" in d) return `${p} cible ${list(d.targets || [])}`;
      if ("mode" in d) return `${p} choisit le mode ${d.mode}`;
      if (Array.isArray(d.modes)) return `${p} choisit les modes ${d.modes.join(", ")}, dans cet ordre`;
      const rest = Object.assign({}, d);
      delete rest.player;
      return `${p} : ${JSON.stringify(rest)}`;
    }

    // ---- rules: links, lazy texts, panel ---------------------------------------------------------------
    function target(citation) { return links().citationTarget(citation, { ruleset, rulesPage: options.rulesPage }); }
    function ruleUrl(citation) { return target(citation).href; }

    /** A French rule's JSON (/api/rules/), or for an official paragraph the search's answer (its notice
     * and the French rules it stands for, through the concordance); null when there is none. */
    function fetchRule(citation) {
      if (!ruleCache.has(citation)) {
        const t = target(citation);
        const url = t.official ? `${apiSearch}?q=${encodeURIComponent(`cr5 ${t.number}`)}&ruleset=${encodeURIComponent(french)}`
          : `${options.apiRules}${encodeURIComponent(t.ruleset)}/${encodeURIComponent(t.number)}/`;
        ruleCache.set(citation, fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
          .then((r) => (r.ok ? r.json() : null)).catch(() => null));
      }
      return ruleCache.get(citation);
    }

    function ruleTitle(rule) {
      if (rule && rule.kind === "official") return (rule.official && rule.official.notice) || "";
      return rule ? `${rule.number} ${rule.title || ""} — ${rule.text || ""}`.trim() : "";
    }

    async function showRule(number) {
      if (rulePanel) await renderRule(number, rulePanel);
    }

    /** The whole text of the rule `number` drawn into `box` (the rule panel, the « Décision » box):
     * the last one asked for a box wins, however the answers arrive. */
    async function renderRule(number, box) {
      box.dataset.showing = number;
      box.replaceChildren(el("p", { class: "muted", text: `Règle ${number}…` }));
      const rule = await fetchRule(number);
      if (box.dataset.showing !== number) return;
      const rulePanel = box;
      if (!rule) {
        rulePanel.replaceChildren(el("p", { class: "problem", text: `La règle ${number} est absente de ${french}.` }));
        return;
      }
      if (rule.kind === "official") {   // an official paragraph: the French rules it stands for
        const parts = [el("h3", {}, el("span", { class: "num", text: number })), el("p", { text: rule.official.notice || "" })];
        const list = el("ul", {});
        for (const hit of rule.results || []) list.append(el("li", {}, el("a", { href: hit.url, text: `${hit.number} ${hit.title || ""}`.trim() })));
        if ((rule.results || []).length) parts.push(list);
        parts.push(el("p", {}, el("a", { href: ruleUrl(number), text: "Ouvrir la page du paragraphe officiel" })));
        rulePanel.replaceChildren(...parts);
        return;
      }
      const heading = el("h3", {}, el("span", { class: "num", text: rule.number || "" }), " ", rule.title || "");
      const parts = [heading];
      if (rule.text) parts.push(el("p", { text: rule.text }));
      for (const item of rule.items || []) parts.push(el("p", { class: "item", text: typeof item === "string" ? item : JSON.stringify(item) }));
      for (const remark of rule.remarks || []) parts.push(el("p", { class: "remark", text: remark }));
      parts.push(el("p", {}, el("a", { href: rule.url || ruleUrl(number), text: "Ouvrir la page de la règle" })));
      rulePanel.replaceChildren(...parts);
    }

    function ruleLinks(numbers) {
      const span = el("span", { class: "rule-links" });
      for (const number of numbers || []) {
        const link = el("a", { href: ruleUrl(number), class: "rule-link num", text: number, dataset: { rule: number } });
        link.addEventListener("mouseenter", () => showRule(number));
        link.addEventListener("focus", () => showRule(number));
        // No hover on a touch screen: the first tap shows the text in the panel, the second opens the page.
        link.addEventListener("click", (event) => {
          if (!rulePanel || !NO_HOVER() || rulePanel.dataset.showing === number) return;
          event.preventDefault();
          showRule(number);
          rulePanel.scrollIntoView({ block: "nearest" });
        });
        if (target(number).official) link.classList.add("official");
        fetchRule(number).then((rule) => { if (rule) link.title = ruleTitle(rule); });
        span.append(link, " ");
      }
      return span;
    }

    /** Glossary articles cited without rule numbers (2v2): a link to the article's page, its section named. */
    function articleUrl(slug) { return `${options.rulesPage}${encodeURIComponent(french)}/glossaire/${encodeURIComponent(slug)}/`; }

    function articleLinks(articles) {
      const span = el("span", { class: "article-links" });
      for (const a of articles || []) {
        if (!a || !a.slug) continue;
        span.append(el("a", { href: articleUrl(a.slug), class: "rule-link article-link", dataset: { article: a.slug },
          title: `Article « ${a.title} », paragraphe « ${a.section} »`, text: `${a.title} § ${a.section}` }), " ");
      }
      return span;
    }

    // ---- what the last step touched -------------------------------------------------------------------
    function touched(out) {
      const cards = new Set(), zones = new Set(), markers = new Set(), tumults = new Set();
      const last = new Set(out.last || []);
      for (const entry of out.log || []) {
        if (!last.has(entry.seq)) continue;
        collect(entry.event || {}, cards, zones, markers, tumults);
      }
      return { cards, zones, markers, tumults, seqs: last };
    }

    function collect(event, cards, zones, markers, tumults) {
      if (event.card) cards.add(event.card);
      for (const key of ["from", "to", "zone"]) {
        if (typeof event[key] === "string" && event[key] !== "adventure") zones.add(event[key]);
      }
      if (event.type === "marker") markers.add(`${event.player}.${event.expedition}`);
      if (event.type === "progress") markers.add(`${event.player}.${event.expedition}`);
      if (event.type === "reveal") tumults.add(event.tumult);
      if (event.type === "shuffle" && event.from === "adventure") for (let k = 0; k < (event.order || [0, 1, 2]).length; k++) tumults.add(k);
    }

    function highlightEntry(entry, on) {
      const cards = new Set(), zones = new Set(), markers = new Set(), tumults = new Set();
      collect(entry.event || {}, cards, zones, markers, tumults);
      board.querySelectorAll(".hover").forEach((n) => n.classList.remove("hover"));
      if (!on) return;
      for (const id of cards) board.querySelectorAll(`[data-card="${CSS.escape(id)}"]`).forEach((n) => n.classList.add("hover"));
      for (const z of zones) board.querySelectorAll(`[data-zone="${CSS.escape(z)}"]`).forEach((n) => n.classList.add("hover"));
      for (const m of markers) board.querySelectorAll(`[data-marker="${CSS.escape(m)}"]`).forEach((n) => n.classList.add("hover"));
    }

    // ---- board ---------------------------------------------------------------------------------------
    function statsText(stats) {
      return ["forest", "mountain", "water"].map((t) => `${TERRAIN_ABBR[t]}${(stats && stats[t]) || 0}`).join(" ");
    }

    function cardNode(card, hot) {
      const classes = ["card"];
      const statuses = card.statuses || [];
      if (statuses.includes("exhausted")) classes.push("exhausted");
      if (card.token) classes.push("token");
      if (hot.cards.has(card.id)) classes.push("changed");
      const node = el("li", { class: classes.join(" "), dataset: { card: card.id }, tabindex: "0" });
      node.append(el("span", { class: "card-name", text: card.name || card.id }));
      node.append(el("span", { class: "card-id", text: card.id }));
      const meta = [];
      const type = TYPE_FR[card.type] || card.type || "Personnage";
      meta.push(card.token ? `${type} (jeton)` : type);
      const stats = card.stats || {};
      if ((card.type || "character") === "character" || Object.values(stats).some(Boolean)) {
        meta.push(statsText(stats));
      }
      const cost = `${card.hand_cost || 0}/${card.reserve_cost === undefined || card.reserve_cost === null ? "–" : card.reserve_cost}`;
      node.append(el("span", { class: "card-meta", text: meta.join(" · ") }));
      node.append(el("span", { class: "card-cost", title: "Coût de Main / coût de Réserve", text: cost }));
      if (statuses.length) {
        const badges = el("span", { class: "badges" });
        for (const s of statuses) badges.append(el("span", { class: `badge status-${s}`, text: STATUS_FR[s] || s }));
        node.append(badges);
      }
      const counters = Object.entries(card.counters || {});
      if (counters.length) {
        const badges = el("span", { class: "badges counters" });
        for (const [name, count] of counters) badges.append(el("span", { class: "badge counter", text: `${name} ×${count}` }));
        node.append(badges);
      }
      const sentences = describeCard ? describeCard(card) : [];
      if (sentences.length) {
        const text = el("ul", { class: "card-text" });
        for (const sentence of sentences) text.append(el("li", { text: sentence }));
        node.append(text);
      }
      node.title = `${card.name || card.id} (${card.id}) — ${meta.join(", ")}`;
      return node;
    }

    function zoneNode(key, label, cards, hot, options = {}) {
      const zone = el("section", { class: `zone zone-${key.split(".").pop()}` + (hot.zones.has(key) ? " changed" : ""), dataset: { zone: key } });
      zone.append(el("h4", {}, label, el("span", { class: "count", text: ` (${cards.length})` })));
      if (options.faceDown && !showHidden) {
        zone.append(el("p", { class: "face-down", text: cards.length ? `${cards.length} ${cards.length > 1 ? "cartes" : "carte"} face cachée` : "vide" }));
        const hotInside = cards.filter((c) => hot.cards.has(c.id));
        if (hotInside.length) {
          const list = el("ul", { class: "cards compact" });
          hotInside.forEach((c) => list.append(cardNode(c, hot)));
          zone.append(list);
        }
        return zone;
      }
      if (options.orbs && !showHidden) {
        const orbs = el("ul", { class: "orbs" });
        let ready = 0;
        for (const card of cards) {
          const exhausted = (card.statuses || []).includes("exhausted");
          if (!exhausted) ready += 1;
          orbs.append(el("li", {
            class: "orb" + (exhausted ? " exhausted" : "") + (hot.cards.has(card.id) ? " changed" : ""),
            dataset: { card: card.id }, title: `${card.name || card.id} (${card.id})${exhausted ? " — épuisé" : ""}`,
            text: card.id,
          }));
        }
        zone.append(el("p", { class: "orbs-summary", text: `${ready} ${ready > 1 ? "disponibles" : "disponible"} sur ${cards.length}` }), orbs);
        return zone;
      }
      const list = el("ul", { class: "cards" });
      if (!cards.length) list.append(el("li", { class: "empty", text: "vide" }));
      cards.forEach((c) => list.append(cardNode(c, hot)));
      zone.append(list);
      return zone;
    }

    function playerNode(pid, player, state, hot) {
      const hero = player.hero;
      const section = el("section", { class: "player", dataset: { player: pid }, "aria-label": `Joueur ${pid}` });
      const title = el("h3", {}, `Joueur ${pid}`);
      if (state.first_player === pid) title.append(" ", el("span", { class: "first-player", title: "Premier joueur", text: "★ premier joueur" }));
      if (player.passed) title.append(" ", el("span", { class: "badge", text: "a passé" }));
      section.append(title);
      const heroText = hero
        ? `Héros : ${hero.name || "sans nom"} — limite de Réserve ${hero.reserve_limit ?? 2}, de Repères ${hero.landmark_limit ?? 2}`
        : "Sans Héros — limites 2 et 2 (4.2.5.d)";
      section.append(el("p", { class: "hero", text: heroText }));
      const z = (name) => player[name] || [];
      const key = (name) => `${pid}.${name}`;
      const grid = el("div", { class: "zones" });
      grid.append(
        zoneNode(key("hero_expedition"), ZONE_FR.hero_expedition, z("hero_expedition"), hot),
        zoneNode(key("companion_expedition"), ZONE_FR.companion_expedition, z("companion_expedition"), hot),
        zoneNode(key("reserve"), ZONE_FR.reserve, z("reserve"), hot),
        zoneNode(key("landmarks"), ZONE_FR.landmarks, z("landmarks"), hot),
        zoneNode(key("hand"), ZONE_FR.hand, z("hand"), hot),
        zoneNode(key("mana"), ZONE_FR.mana, z("mana"), hot, { orbs: true }),
        zoneNode(key("deck"), ZONE_FR.deck, z("deck"), hot, { faceDown: true }),
        zoneNode(key("discard"), ZONE_FR.discard, z("discard"), hot),
      );
      section.append(grid);
      return section;
    }

    function adventureNode(state, hot) {
      const adv = state.adventure || {};
      const tumult = adv.tumult || [];
      const markers = adv.markers || {};
      const section = el("section", { class: "adventure" + (adv.arena ? " arena" : ""), dataset: { zone: "adventure" }, "aria-label": "Aventure" });
      section.append(el("h3", { text: adv.arena ? "Aventure — Arène active (départage, 4.3.d)" : "Aventure" }));
      if (adv.arena) {
        section.append(arenaNode(markers, hot));
        return section;
      }
      const row = el("ol", { class: "regions", tabindex: "0", "aria-label": "Régions de l'Aventure" });
      for (let region = 0; region < 8; region++) {
        let terrains = [], label, faceDown = false, tumultIndex = null;
        if (region === 0) label = "Région du Héros";
        else if (region === 7) label = adv.arena ? "Arène" : "Région du Compagnon";
        if (region === 0 || region === 7) terrains = ["forest", "mountain", "water"];
        else {
          tumultIndex = Math.floor((region - 1) / 2);
          const half = (region - 1) % 2;
          const card = tumult[tumultIndex];
          label = card ? `${card.name || `T${tumultIndex + 1}`} (${half ? "2e" : "1re"} moitié)` : "—";
          if (card && card.face_up) terrains = (card.terrains && card.terrains[half]) || [];
          else faceDown = true;
          if (adv.arena) terrains = ["forest", "mountain", "water"];
        }
        const classes = ["region"];
        if (faceDown && !adv.arena) classes.push("face-down");
        if (tumultIndex !== null && hot.tumults.has(tumultIndex)) classes.push("changed");
        const cell = el("li", { class: classes.join(" "), dataset: { region: String(region) } });
        if (tumultIndex !== null) cell.dataset.tumult = String(tumultIndex);
        cell.append(el("span", { class: "region-number", text: String(region) }));
        cell.append(el("span", { class: "region-label", text: label }));
        const terr = el("span", { class: "terrains" });
        if (faceDown && !adv.arena) terr.append(el("span", { class: "terrain hidden-terrain", text: "face cachée" }));
        else if (!terrains.length) terr.append(el("span", { class: "terrain", text: "aucun terrain" }));
        for (const t of terrains) terr.append(el("span", { class: `terrain terrain-${t}`, text: TERRAIN_FR[t] || t }));
        cell.append(terr);
        const here = el("span", { class: "markers" });
        for (const [pid, m] of Object.entries(markers)) {
          for (const kind of ["hero", "companion"]) {
            if (m && m[kind] === region) here.append(markerNode(pid, kind, hot));
          }
        }
        cell.append(here);
        row.append(cell);
      }
      section.append(row);
      return section;
    }

    // 4.3.d–f: once the tiebreakers start, the companion region is the Arena, every marker stands on
    // it and the other regions are discarded: the board shows the Arena alone.
    function arenaNode(markers, hot) {
      const cell = el("li", { class: "region region-arena", dataset: { region: "arena" } },
        el("span", { class: "region-number", text: "Arène" }),
        el("span", { class: "region-label", text: "La région du Compagnon devenue l'Arène ; les autres régions sont défaussées (4.3.d–e)." }));
      const terr = el("span", { class: "terrains" });
      for (const t of ["forest", "mountain", "water"]) terr.append(el("span", { class: `terrain terrain-${t}`, text: TERRAIN_FR[t] }));
      const here = el("span", { class: "markers" });
      for (const [pid, m] of Object.entries(markers)) {
        for (const kind of ["hero", "companion"]) if (m && m[kind] !== undefined) here.append(markerNode(pid, kind, hot));
      }
      cell.append(terr, here);
      return el("ol", { class: "regions arena-only", tabindex: "0", "aria-label": "Arène" }, cell);
    }

    // An expedition marker on a region, highlighted when the last step moved it.
    function markerNode(pid, kind, hot) {
      const key = `${pid}.${kind}`;
      return el("span", {
        class: `marker marker-${pid} marker-${kind}` + (hot.markers.has(key) ? " changed" : ""),
        dataset: { marker: key }, title: `Expédition du ${EXPEDITION_FR[kind]} de ${pid}`,
        text: `${pid} ${EXPEDITION_FR[kind]}`,
      });
    }

    // ---- the 2v2 board: four players, the cross Adventure drawn as each player's path -------------
    function regionCell(adv, where, position, hot) {
      const tumult = adv.tumult || [];
      let terrains = [], label, faceDown = false, slot = null;
      if (where[0] === "hero") label = `Région du Héros ${where[1]}`;
      else if (where[0] === "companion") label = adv.arena ? "Arène" : `Région du Compagnon ${where[1]}`;
      if (where[0] !== "tumult" || adv.arena) terrains = ["forest", "mountain", "water"];
      if (where[0] === "tumult" && !adv.arena) {
        slot = where[1];
        const card = tumult[slot];
        label = card ? `${card.name || `T${slot + 1}`} (${SLOT_FR[slot] || ""}, moitié ${where[2] + 1})` : "—";
        if (card && card.face_up) terrains = (card.terrains && card.terrains[where[2]]) || [];
        else faceDown = true;
      }
      const classes = ["region"];
      if (faceDown) classes.push("face-down");
      if (slot !== null && hot.tumults.has(slot)) classes.push("changed");
      const cell = el("li", { class: classes.join(" "), dataset: { region: String(position) } });
      if (slot !== null) cell.dataset.tumult = String(slot);
      cell.append(el("span", { class: "region-number", text: String(position) }));
      cell.append(el("span", { class: "region-label", text: label }));
      const terr = el("span", { class: "terrains" });
      if (faceDown) terr.append(el("span", { class: "terrain hidden-terrain", text: "face cachée" }));
      else if (!terrains.length) terr.append(el("span", { class: "terrain", text: "aucun terrain" }));
      for (const t of terrains) terr.append(el("span", { class: `terrain terrain-${t}`, text: TERRAIN_FR[t] || t }));
      cell.append(terr);
      return cell;
    }

    function adventureNode2v2(state, hot) {
      const adv = state.adventure || {};
      const markers = adv.markers || {};
      const tumult = adv.tumult || [];
      const section = el("section", { class: "adventure adventure-2v2" + (adv.arena ? " arena" : ""), dataset: { zone: "adventure" }, "aria-label": "Aventure 2v2" });
      section.append(el("h3", { text: adv.arena ? "Aventure 2v2 — Arène active (journée de départage)" : "Aventure 2v2" }));
      if (adv.arena) {
        section.append(arenaNode(markers, hot));
        return section;
      }
      if (!adv.arena) {
        const names = (a, b) => [tumult[a], tumult[b]].map((t, k) => (t ? `${t.name || `T${a + k + 1}`}${t.face_up ? "" : " (face cachée)"}` : "—")).join(" et ");
        section.append(el("p", { class: "tumult-layout", text:
          `Tumulte à côté des régions du Héros : ${names(0, 1)} ; des régions du Compagnon : ${names(2, 3)} ; au centre : ${names(4, 5)}.` }));
      }
      for (const pid of SEATS_2V2) {
        const path = path2v2(pid);
        const [hf, cf] = FACING_2V2[pid];
        const row = el("div", { class: "path", dataset: { player: pid } });
        row.append(el("h4", { text: `Chemin de ${pid} — Héros face à ${hf}, Compagnon face à ${cf}` }));
        const ol = el("ol", { class: "regions", tabindex: "0", "aria-label": "Régions de l'Aventure" });
        for (let position = 0; position < 8; position++) {
          const cell = regionCell(adv, adv.arena ? ["companion", 0] : path[position], position, hot);
          const m = markers[pid] || {};
          const here = el("span", { class: "markers" });
          for (const kind of ["hero", "companion"]) {
            if (m[kind] === position) here.append(markerNode(pid, kind, hot));
          }
          cell.append(here);
          ol.append(cell);
        }
        row.append(ol);
        section.append(row);
      }
      return section;
    }

    function renderBoard2v2(state, hot, info) {
      const team = (t) => el("div", { class: `team team-${t}`, "aria-label": `Équipe ${t}` },
        el("h3", { class: "team-title", text: `Équipe ${t}` }),
        ...SEATS_2V2.filter((p) => p[0] === t && state.players && state.players[p]).map((p) => playerNode(p, state.players[p], state, hot)));
      info.append(" · ", el("span", { class: "mode", text: "2v2 — tours dans le sens des aiguilles d'une montre : A1, B1, A2, B2" }));
      board.replaceChildren(info, team("B"), adventureNode2v2(state, hot), team("A"), zoneNode("limbo", ZONE_FR.limbo, state.limbo || [], hot));
    }

    function renderBoard(out) {
      const state = out.state;
      const hot = touched(out);
      const info = el("p", { class: "day-info", id: "day-info" },
        el("strong", { text: `Jour ${state.day ?? 1}` }), " · ",
        el("span", { class: "phase", text: PHASE_FR[state.phase] || state.phase }), " · ",
        `Premier joueur : ${state.first_player || "—"}`);
      if (options.showRuleset) {
        const slug = state.rules || ruleset;
        info.append(" · ", el("span", { class: `ruleset-label ruleset-${slug.replace(/[^a-z0-9-]/g, "")}`, dataset: { ruleset: slug },
          text: `Règles : ${RULESETS[slug] || slug}` }));
      }
      if (state.mode === "2v2") {
        renderBoard2v2(state, hot, info);
        return;
      }
      const players = Object.keys(state.players || {});
      const ordered = players.slice().sort().reverse();   // B on top, A at the bottom
      const parts = [info];
      if (ordered.length) parts.push(playerNode(ordered[0], state.players[ordered[0]], state, hot));
      parts.push(adventureNode(state, hot));
      for (const pid of ordered.slice(1)) parts.push(playerNode(pid, state.players[pid], state, hot));
      parts.push(zoneNode("limbo", ZONE_FR.limbo, state.limbo || [], hot));
      board.replaceChildren(...parts);
    }

    // ---- log ------------------------------------------------------------------------------------------
    /** One log entry: `when`, its text, its rules (or articles) as links; hovering it highlights the board. */
    function logEntry(entry, when, classes, dataset) {
      const li = el("li", { class: `entry ${classes || ""}`.trim(), dataset: { seq: String(entry.seq), type: (entry.event || {}).type || "", ...(dataset || {}) } });
      li.append(el("span", { class: "entry-when", text: when }));
      li.append(el("span", { class: "entry-text" }, window.ArbitreRuleLinks ? window.ArbitreRuleLinks.ruleLinks(entry.text, { ruleset, rulesPage: options.rulesPage }) : entry.text));
      if ((entry.rules || []).length) li.append(ruleLinks(entry.rules));
      else if (!(entry.articles || []).length) li.append(el("span", { class: "muted no-rule", text: "aucune règle numérotée" }));
      if ((entry.articles || []).length) li.append(articleLinks(entry.articles));
      for (const change of entry.changed_since || []) li.append(changedSince(change));
      li.addEventListener("mouseenter", () => highlightEntry(entry, true));
      li.addEventListener("mouseleave", () => highlightEntry(entry, false));
      return li;
    }

    /** Under fr-1, a cited rule whose meaning changed by v5.0 (`changed_since`, engine/versions.py): a
     * visible marker, the v5.0 paragraphs as links and the note. */
    function changedSince(change) {
      const v5 = (change.cr5 || []).map((n) => {
        const t = target(`${n} (CR 5.0)`);
        return el("a", { href: t.href, class: "cite official", text: `${n} (CR 5.0)` });
      });
      const numbers = v5.length ? v5.flatMap((a, k) => (k ? [", ", a] : [a])) : ["aucun paragraphe"];
      return el("p", { class: "changed-since", dataset: { rule: change.rule || "", verdict: change.verdict || "" } },
        el("strong", { class: "changed-mark", text: CHANGED_FR[change.verdict] || CHANGED_FR.changed }),
        ` — ${change.rule || ""} → `, ...numbers, change.note ? ` : ${change.note}` : "");
    }

    function renderLog(out, logList) {
      const last = new Set(out.last || []);
      const items = [];
      let lastNode = null;
      for (const entry of out.log || []) {
        const li = logEntry(entry, `${entry.seq}. J${entry.day} · ${PHASE_FR[entry.phase] || entry.phase}`,
          last.has(entry.seq) ? "last" : "");
        items.push(li);
        if (last.has(entry.seq)) lastNode = li;
      }
      if (!items.length) items.push(el("li", { class: "muted empty", text: "Rien n'a encore été joué : position de départ." }));
      logList.replaceChildren(...items);
      if (lastNode && lastNode.scrollIntoView) lastNode.scrollIntoView({ block: "nearest" });
    }

    return { cardNames, cardLabel, decisionLabel, ruleLinks, articleLinks, showRule, renderRule, renderBoard, renderLog, logEntry, highlightEntry };
  }

  window.ArbitreBoard = { create, el, path2v2, NO_HOVER, PHASE_FR, ZONE_FR, EXPEDITION_FR, STATUS_FR, RULESETS };
})();
