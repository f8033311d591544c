// The engine's vocabulary (official English identifiers) with its French labels. The lists come from
// the engine itself when the page embeds them (<script type="application/json" id="vocabulary">, see
// judge/scenarios/views.py `vocabulary()`); the built-in ones are the same, for pages that do not.

const embedded = (() => {
  const node = typeof document === "undefined" ? null : document.getElementById("vocabulary");
  if (!node) return {};
  try { return JSON.parse(node.textContent) || {}; } catch (e) { return {}; }
})();

function list(key, fallback) { return Array.isArray(embedded[key]) ? embedded[key] : fallback; }

export const TRIGGERS = list("triggers", ["join", "played_from_hand", "played_from_reserve", "noon", "dusk"]);
export const VERBS = list("verbs", ["draw", "discard", "resupply", "sabotage", "sacrifice", "move_forward", "move_backward",
  "gain_counters", "remove_counters", "gain_status", "lose_status", "choose_one", "internal", "put"]);
/** the zones the verb `put` may move a card to (engine/steps.py PUT_ZONES) */
export const PUT_ZONES = list("put_zones", ["hero_expedition", "companion_expedition", "landmarks", "reserve", "hand"]);
export const STATUSES = list("statuses", ["fleeting", "asleep", "anchored", "exhausted"]);
export const CARD_TYPES = list("card_types", ["character", "spell", "permanent", "hero"]);
export const TERRAINS = list("terrains", ["forest", "mountain", "water"]);
export const PHASES = list("phases", ["setup", "morning", "noon", "afternoon", "dusk", "night"]);
export const PLAYER_ZONES = list("player_zones", ["deck", "hand", "mana", "reserve", "landmarks", "discard",
  "hero_expedition", "companion_expedition"]);
export const QUICK_COSTS = list("quick_costs", ["exhaust_me", "discard_me", "mana", "spend"]);
/** verb -> the key naming its target: "target" (a card), "expedition" or "player" */
export const TARGET_KEY = embedded.target_key || {
  discard: "target", sabotage: "target", sacrifice: "target", gain_counters: "target", remove_counters: "target",
  gain_status: "target", lose_status: "target", move_forward: "expedition", move_backward: "expedition",
  draw: "player", resupply: "player",
};
export const SIDES = list("sides", ["self", "opponent", "teammate"]);
/** slug -> label of the rule sets a scenario may be played under (engine/versions.py RULESETS). */
export const RULESETS = embedded.rulesets && typeof embedded.rulesets === "object" ? embedded.rulesets : { "fr-1": "fr-1", "cr-5.0": "cr-5.0" };

// The seeds' words for the trigger symbols (1.1.6.e–g) and the Noon and Dusk triggers (1.3.2.c, 4.2.5).
export const TRIGGER_FR = {
  join: "Lorsque je rejoins la zone d'Expédition", played_from_hand: "Lorsque je suis joué depuis la Main",
  played_from_reserve: "Lorsque je suis joué depuis la Réserve", noon: "À Midi", dusk: "Au Crépuscule",
};
export const VERB_FR = {
  draw: "Piocher", discard: "Défausser", resupply: "Ravitailler", sabotage: "Saboter", sacrifice: "Sacrifier",
  move_forward: "Faire avancer une Expédition", move_backward: "Faire reculer une Expédition",
  gain_counters: "Gagner des jetons", remove_counters: "Perdre des jetons", gain_status: "Gagner un statut",
  lose_status: "Perdre un statut", choose_one: "Choisissez (modes)", internal: "Action interne (coût : effet)",
  put: "Mettre dans une zone",
};
// French labels: the engine's (engine/vocabulary.py), embedded by base.html; never a copy here.
const LABELS = embedded.labels || {};
const capital = (map) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v.charAt(0).toUpperCase() + v.slice(1)]));
export const STATUS_FR = LABELS.statuses || {};
export const TYPE_FR = LABELS.card_types || {};
export const TERRAIN_FR = capital(LABELS.terrains || {});
export const PHASE_FR = LABELS.phases || {};
export const ZONE_FR = LABELS.zones || {};
/** the zone as a place: "dans la Main" */
export const ZONE_IN_FR = {
  hero_expedition: "dans l'Expédition du Héros", companion_expedition: "dans l'Expédition du Compagnon",
  hand: "dans la Main", reserve: "dans la Réserve", landmarks: "dans les Repères", mana: "dans la Zone de Mana",
  deck: "dans le Deck", discard: "dans la Défausse", limbo: "dans le Limbo",
};
export const SIDE_FR = { self: "vous", opponent: "votre adversaire", teammate: "votre coéquipier" };
export const QUICK_COST_FR = { exhaust_me: "Épuisez-moi", discard_me: "Défaussez-moi", mana: "Mana", spend: "Dépenser" };

/** [value, label] pairs for a <select>. */
export function options(values, labels) { return values.map((v) => [v, (labels && labels[v]) || v]); }
