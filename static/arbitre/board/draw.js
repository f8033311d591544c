// The board of a run (1v1; the 2v2 one in board2v2.js): players, zones, cards, the Adventure and its
// markers, drawn from the engine's state, with what the last step touched highlighted.
import { el } from "./dom.js";
import { PHASE_FR, TERRAIN_FR, TERRAIN_ABBR, STATUS_FR, TYPE_FR, ZONE_FR, EXPEDITION_FR, RULESETS } from "./labels.js";
import { board2v2 } from "./board2v2.js";
import { cardNames } from "./names.js";

/** The drawing of one board: `board` (its element), `ruleset`, `showRuleset` (named on the board),
 * `describeCard` (card -> French sentences, shown on each card), `showHidden` (the Deck's and the
 * Mana's cards too: the builder). */
export function boardDrawer({ board, ruleset, showRuleset, describeCard, showHidden }) {
  const options = { showRuleset };
  let names = new Map();   // the board's card names, for a card's text naming another (« Sacrifiez Martyr (m1) »)
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
    const sentences = describeCard ? describeCard(card, names) : [];
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
      cards.forEach((card, index) => {
        const exhausted = (card.statuses || []).includes("exhausted");
        if (!exhausted) ready += 1;
        // Numbered from 1 as the engine's log names them (« l'Orbe de Mana n°1 de A (ao0) »), the id beside.
        const label = `Orbe de Mana n°${index + 1} (${card.id})${exhausted ? " — épuisé" : ""}`;
        orbs.append(el("li", {
          class: "orb" + (exhausted ? " exhausted" : "") + (hot.cards.has(card.id) ? " changed" : ""),
          dataset: { card: card.id }, title: label,
          text: `n°${index + 1}`,
        }));
      });
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

  function renderBoard(out) {
    const state = out.state;
    names = cardNames(state);
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

  const { renderBoard2v2 } = board2v2({ board, playerNode, zoneNode, markerNode, arenaNode });
  return { renderBoard, highlightEntry, touched };
}
