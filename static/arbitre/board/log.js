// The log of a run: each entry with its step, its text (rule numbers in the prose linked), its rules
// (or glossary articles) as links and, under fr-1, the marker of a rule changed by v5.0; hovering an
// entry highlights on the board what it touched.
import { el } from "./dom.js";
import { PHASE_FR } from "./labels.js";

/** The log tools of one page: `rules` (board/rules.js ruleTools), `highlightEntry` (the board's). */
export function logTools({ ruleset, rulesPage, rules, highlightEntry }) {
  const options = { rulesPage };
  const { ruleLinks, articleLinks, changedSince } = rules;

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

  return { logEntry, renderLog };
}
