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

/**
 * A DocumentFragment of `text` with each rule number linked to `${rulesPage}${ruleset}/${number}/`.
 * `known` (a Set or an array of numbers), when given, limits the links to the numbers it holds (the
 * others stay text); `className` is the links' class.
 */
export function ruleLinks(text, { ruleset = "fr-1", rulesPage = "/regles/", known = null, className = "cite" } = {}) {
  const fragment = document.createDocumentFragment();
  const source = String(text ?? "");
  const allowed = known ? new Set(known) : null;
  let position = 0;
  for (const match of source.matchAll(RULE_NUMBER)) {
    const number = match[1];
    if (allowed && !allowed.has(number)) continue;
    if (match.index > position) fragment.append(source.slice(position, match.index));
    const link = document.createElement("a");
    link.className = className;
    link.href = `${rulesPage}${encodeURIComponent(ruleset)}/${encodeURIComponent(number)}/`;
    link.textContent = number;
    fragment.append(link);
    position = match.index + match[0].length;
  }
  if (position < source.length) fragment.append(source.slice(position));
  return fragment;
}

/** Replace the children of `element` with `text`, its rule numbers linked (see ruleLinks). */
export function setTextWithRuleLinks(element, text, options) {
  element.replaceChildren(ruleLinks(text, options));
  return element;
}

if (typeof window !== "undefined") window.ArbitreRuleLinks = { RULE_NUMBER, ruleLinks, setTextWithRuleLinks };
