// Cards and decisions named in French: "Guetteur (a1)", "A joue Élan (a2) (cibles : …)".
import { EXPEDITION_FR } from "./labels.js";

export function cardNames(state) {
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

export function cardLabel(id, names) {
  if (id === null || id === undefined) return "aucune";
  const name = names.get(id);
  return name && name !== id ? `${name} (${id})` : String(id);
}

export function decisionLabel(d, names) {
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
