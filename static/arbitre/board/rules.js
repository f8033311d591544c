// Cited rules: their links (a French rule's page, an official paragraph's), their texts fetched once
// (/api/rules/, or the search for an official paragraph through the concordance), drawn in a panel
// or any box, and the fr-1 entries whose rule changed by v5.0.
import { el } from "./dom.js";
import { links, NO_HOVER } from "./labels.js";

const CHANGED_FR = { changed: "Modifiée en CR 5.0", absent: "Absente des CR 5.0" };

/** The rule tools of one page: `ruleset` played, `rulesPage` and `apiRules` (addresses), `rulePanel`
 * (where a hovered or touched rule is read, or none). */
export function ruleTools(options) {
  const ruleset = options.ruleset || "fr-1";
  const french = links().frenchRuleset(ruleset);
  const apiSearch = options.apiSearch || "/api/search/";
  const rulePanel = options.rulePanel || null;
  const ruleCache = new Map();

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
      // No hover on a touch screen: the first touch shows the text in the panel, the second opens the
      // page. (Decided on pointerdown: the focus that follows already shows the rule.)
      let firstTouch = false;
      link.addEventListener("pointerdown", (event) => {
        firstTouch = !!rulePanel && (event.pointerType === "touch" || NO_HOVER()) && rulePanel.dataset.showing !== number;
      });
      link.addEventListener("click", (event) => {
        if (!firstTouch) return;
        firstTouch = false;
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

  return { target, ruleUrl, fetchRule, ruleTitle, showRule, renderRule, ruleLinks, articleLinks, changedSince };
}
