// The 2v2 board (engine/README.md, "Mode 2v2"): four players in two teams, the cross Adventure drawn
// as each player's path of eight regions.
import { el } from "./dom.js";
import { TERRAIN_FR, ZONE_FR } from "./labels.js";

// 2v2 (engine/README.md, "Mode 2v2"): seats clockwise, each player's path of eight regions.
export const SEATS_2V2 = ["A1", "B1", "A2", "B2"];
const ARMS_2V2 = { A1: [1, 1], B1: [2, 1], A2: [2, 2], B2: [1, 2] };
const FACING_2V2 = { A1: ["B2", "B1"], B1: ["A2", "A1"], A2: ["B1", "B2"], B2: ["A1", "A2"] };
const SLOT_FR = ["Héros 1", "Héros 2", "Compagnon 1", "Compagnon 2", "centre", "centre"];
export function path2v2(pid) {
  const [h, c] = ARMS_2V2[pid];
  const centre = h === 1 ? [["tumult", 4, 0], ["tumult", 5, 0]] : [["tumult", 5, 1], ["tumult", 4, 1]];
  return [["hero", h], ["tumult", h - 1, 0], ["tumult", h - 1, 1], ...centre,
    ["tumult", c + 1, 1], ["tumult", c + 1, 0], ["companion", c]];
}

/** The 2v2 drawing of one board: `parts` are the 1v1 board's pieces it shares (board/draw.js). */
export function board2v2({ board, playerNode, zoneNode, markerNode, arenaNode }) {
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

  return { renderBoard2v2 };
}
