// Rule numbers in prose rendered in the browser (log text, explanations) become links to their rule
// page: the client-side twin of the `rule_links` template filter (rules_ref/templatetags/rules_tags.py).
// Text only ever goes in through text nodes, never as HTML.
//
//   import { ruleLinks } from "/static/arbitre/lib/rulelinks.js";
//   node.replaceChildren(ruleLinks("Elle part en Défausse (2.4.6.c).", { ruleset: "fr-1" }));
//
// Classic scripts find the same functions on `window.ArbitreRuleLinks`.

/** A rule number standing alone in a text: 2.4, 2.4.6, 2.4.6.c (not 12.4.6.c.x, not v1.2.3.4b). */
export const RULE_NUMBER = /(?<![\w.])(\d+(?:\.\d+)+(?:\.[a-z])?)(?![\w])(?!\.\w)/g;

/** A citation of the engine's log under cr-5.0 (engine/versions.py): an official paragraph,
 * "4.2.5.d (CR 5.0)", or a French rule that has none, "4.1.h (FR 1)". */
export const VERSIONED_CITATION = /(?<![\w.])(\d+(?:\.\d+)+(?:\.[a-z])?) \((CR 5\.0|FR 1)\)/g;
const VERSION_RULESET = { "CR 5.0": "cr-5.0", "FR 1": "fr-1" };
/** The rule sets that are official versions: their runs cite the French rules of fr-1 (rules_ref.concordance.french_ruleset). */
const OFFICIAL = new Set(["cr-5.0"]);

/** The French rule set whose pages a run under `ruleset` links to. */
export function frenchRuleset(ruleset) { return !ruleset || OFFICIAL.has(ruleset) ? "fr-1" : ruleset; }

/**
 * Where a cited rule leads: {number, official, ruleset, href}. "4.2.5.d (CR 5.0)" goes to the official
 * paragraph's page (`/regles/cr-5.0/4.2.5.d/`, which resolves it to the French rules through the
 * concordance), never to the French rule 4.2.5.d; a bare number to the French rule of `ruleset`.
 */
export function citationTarget(citation, { ruleset = "fr-1", rulesPage = "/regles/" } = {}) {
  const text = String(citation ?? "");
  const m = new RegExp(`^${VERSIONED_CITATION.source}$`).exec(text);
  const slug = m ? VERSION_RULESET[m[2]] : frenchRuleset(ruleset);
  const number = m ? m[1] : text;
  return { number, official: !!m && m[2] === "CR 5.0", ruleset: slug,
    href: `${rulesPage}${encodeURIComponent(slug)}/${encodeURIComponent(number)}/` };
}

function linkNode(href, text, className) {
  const link = document.createElement("a");
  link.className = className;
  link.href = href;
  link.textContent = text;
  return link;
}

/**
 * A DocumentFragment of `text` with each rule number linked to `${rulesPage}${ruleset}/${number}/`
 * (under an official rule set, the French rules of fr-1), and each "N (CR 5.0)" to the official
 * paragraph's page. `known` (a Set or an array of numbers), when given, limits the links to the French
 * numbers it holds (the others stay text); `className` is the links' class.
 */
export function ruleLinks(text, { ruleset = "fr-1", rulesPage = "/regles/", known = null, className = "cite" } = {}) {
  const fragment = document.createDocumentFragment();
  const source = String(text ?? "");
  const allowed = known ? new Set(known) : null;
  const french = frenchRuleset(ruleset);
  let position = 0;
  const plain = (end) => {
    const part = source.slice(position, end);
    let at = 0;
    for (const match of part.matchAll(RULE_NUMBER)) {
      const number = match[1];
      if (allowed && !allowed.has(number)) continue;
      if (match.index > at) fragment.append(part.slice(at, match.index));
      fragment.append(linkNode(`${rulesPage}${encodeURIComponent(french)}/${encodeURIComponent(number)}/`, number, className));
      at = match.index + match[0].length;
    }
    if (at < part.length) fragment.append(part.slice(at));
  };
  for (const match of source.matchAll(VERSIONED_CITATION)) {
    plain(match.index);
    const target = citationTarget(match[0], { ruleset, rulesPage });
    if (!target.official && allowed && !allowed.has(target.number)) fragment.append(match[0]);
    else fragment.append(linkNode(target.href, match[0], className + (target.official ? " official" : "")));
    position = match.index + match[0].length;
  }
  plain(source.length);
  return fragment;
}

/** Replace the children of `element` with `text`, its rule numbers linked (see ruleLinks). */
export function setTextWithRuleLinks(element, text, options) {
  element.replaceChildren(ruleLinks(text, options));
  return element;
}

if (typeof window !== "undefined") window.ArbitreRuleLinks = { RULE_NUMBER, VERSIONED_CITATION, frenchRuleset, citationTarget, ruleLinks, setTextWithRuleLinks };
