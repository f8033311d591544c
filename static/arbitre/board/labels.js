// What the drawing reads from the page: the engine's labels (engine/vocabulary.py) and rule sets
// (engine/versions.py), embedded by base.html — never a copy here —, and where a cited rule leads.
const embedded = (() => {
  const node = typeof document === "undefined" ? null : document.getElementById("vocabulary");
  try { return (node && JSON.parse(node.textContent)) || {}; } catch (e) { return {}; }
})();
const LABELS = embedded.labels || {};
export const PHASE_FR = LABELS.phases || {};
export const TERRAIN_FR = LABELS.terrains || {};
export const TERRAIN_ABBR = { forest: "F", mountain: "M", water: "E" };
export const STATUS_FR = LABELS.statuses || {};
export const TYPE_FR = LABELS.card_types || {};
export const ZONE_FR = LABELS.zones || {};
export const EXPEDITION_FR = { hero: "Héros", companion: "Compagnon" };
/** The rule sets a scenario may be played under, with their labels. */
export const RULESETS = embedded.rulesets || {};

/** Where a cited rule leads (lib/rulelinks.js, loaded by base.html): "4.2.5.d (CR 5.0)" to the
 * official paragraph's page, a bare number to the French rule. */
export const links = () => window.ArbitreRuleLinks || {
  frenchRuleset: (r) => r || "fr-1",
  citationTarget: (c, o) => ({ number: c, official: false, ruleset: o.ruleset, href: `${o.rulesPage}${encodeURIComponent(o.ruleset)}/${encodeURIComponent(c)}/` }),
};

/** A screen without hover (a phone): rules are read by touching them. */
export const NO_HOVER = () => !!(window.matchMedia && window.matchMedia("(hover: none)").matches);
