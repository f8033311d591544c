/* The pending decision's answers as buttons (the stepper's « Décision attendue » box).
 *
 * A play whose steps take targets is asked step by step: each targeted step of the card, labelled
 * with its effect's sentence (builder/describe.js), offers the targets legal for it given the ones
 * already chosen; the decision goes once every step has its target. So the buttons add up over the
 * steps instead of multiplying (ordered pairs), and the judge sees which step gets which card. Under
 * cr-5.0 the engine asks targets while the step resolves (6.5): the pending names the card and the
 * step, labelled the same way. Every piece of user text goes through textContent.
 */
import { describeStep } from "./builder/describe.js";

const { el } = window.ArbitreBoard;
let ids = 0;
const cap = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** Every card of a state by id (zones, limbo). */
function cardsById(state) {
  const byId = new Map();
  const add = (c) => { if (c && c.id) byId.set(c.id, c); };
  for (const player of Object.values((state && state.players) || {})) {
    for (const value of Object.values(player || {})) if (Array.isArray(value)) value.forEach(add);
  }
  ((state && state.limbo) || []).forEach(add);
  return byId;
}

/** The sentence of each target a decision of `group` names, in order ("" when unknown). */
function stepLabels(pending, base, count, cards) {
  const card = cards.get(base.play || pending.card);
  const effect = (card && Array.isArray(card.effect)) ? card.effect : [];
  if (base.play) {   // fr-1: every target at once, one per targeted step in order (5.2.3)
    const targeted = effect.filter((s) => s && s.target === "choose");
    if (targeted.length === count) return targeted.map((s) => `Étape ${effect.indexOf(s) + 1} — ${cap(describeStep(s))}`.replace(/\.$/, ""));
    return Array.from({ length: count }, (_, i) => `Cible ${i + 1}`);
  }
  // cr-5.0: the targets of the step resolving now (pending.step), `count` of them
  const step = effect[pending.step];
  const head = step ? `Étape ${pending.step + 1} — ${cap(describeStep(step))}`.replace(/\.$/, "") : "Cible";
  return Array.from({ length: count }, (_, i) => (count > 1 ? `${head} (cible ${i + 1})` : head));
}

/** The answer without its targets: what a group of decisions shares. */
function baseOf(decision) {
  const base = Object.assign({}, decision);
  delete base.targets;
  return base;
}

/**
 * The choices for `snap` (its pending, legal decisions and state): a group of buttons; `choose(d)`
 * sends a decision, `label(d)` reads one, `names` maps ids to card names.
 */
export function renderChoices(snap, { choose, label, cardLabel }) {
  const legal = snap.legal || [];
  const box = el("div", { class: "choices", role: "group", "aria-label": "Choix possibles" });
  if (!legal.length) { box.append(el("p", { class: "muted", text: "Aucune décision légale." })); return box; }
  const cards = cardsById(snap.state);
  const groups = new Map();
  for (const d of legal) {
    if (Array.isArray(d.targets) && d.targets.length) {
      const key = JSON.stringify(baseOf(d));
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(d);
      if (groups.get(key).length === 1) box.append(el("span", { dataset: { group: key } }));   // keeps the order
    } else {
      box.append(el("button", { type: "button", class: "choice", dataset: { decision: JSON.stringify(d) },
        onclick: () => choose(d) }, label(d)));
    }
  }
  for (const [key, options] of groups) {
    const slot = box.querySelector(`[data-group="${CSS.escape(key)}"]`);
    const count = options[0].targets.length;
    if (options.length === 1 || options.some((o) => o.targets.length !== count)) {
      slot.replaceWith(...options.map((d) => el("button", { type: "button", class: "choice", dataset: { decision: JSON.stringify(d) },
        onclick: () => choose(d) }, label(d))));
      continue;
    }
    slot.replaceWith(targetsChooser(snap.pending || {}, baseOf(options[0]), options, stepLabels(snap.pending || {}, baseOf(options[0]), count, cards),
      { choose, label, cardLabel }));
  }
  return box;
}

/** One play (or one step's targets) asked step by step. */
function targetsChooser(pending, base, options, labels, { choose, label, cardLabel }) {
  const chosen = [];
  const head = base.play ? label(base) : `Cibles de ${cardLabel(pending.card)}`;
  const box = el("fieldset", { class: "targets-chooser" }, el("legend", { text: head }));
  const steps = el("ol", { class: "target-steps" });
  box.append(steps);

  function fits(option) { return chosen.every((c, i) => option.targets[i] === c); }

  function draw() {
    const items = labels.map((text, i) => {
      const li = el("li", { class: "target-step" });
      const name = el("span", { class: "target-step-label", id: `target-step-${++ids}`, text: `${text} :` });
      li.append(name, " ");
      if (i < chosen.length) {
        li.append(el("strong", { text: cardLabel(chosen[i]) }), " ",
          el("button", { type: "button", class: "small secondary", "aria-label": `Changer la cible de ${text}`,
            onclick: () => { chosen.length = i; draw(); } }, "changer"));
      } else if (i === chosen.length) {
        const values = [];
        for (const o of options) if (fits(o) && !values.includes(o.targets[i])) values.push(o.targets[i]);
        const group = el("span", { class: "target-options", role: "group", "aria-labelledby": name.id });
        for (const v of values) {
          group.append(el("button", { type: "button", class: "choice", "aria-label": `${text} : ${cardLabel(v)}`,
            onclick: () => pick(v) }, cardLabel(v)));
        }
        li.append(group);
      } else {
        li.append(el("span", { class: "muted", text: "après l'étape précédente" }));
      }
      return li;
    });
    steps.replaceChildren(...items);
  }

  function pick(value) {
    chosen.push(value);
    if (chosen.length < labels.length) { draw(); const next = steps.querySelector(".target-options button"); if (next) next.focus(); return; }
    const decision = options.find(fits);
    if (decision) choose(decision);
  }

  draw();
  return box;
}

/** What the pending decision asks, in French: for the targets of a step (cr-5.0, 6.5.b) the card,
 * the step's sentence and how many targets — not the engine's verb; otherwise the engine's text. */
export function pendingSentence(pending, state, cardLabel) {
  if (!pending) return "";
  const card = pending.kind === "targets" ? cardsById(state).get(pending.card) : null;
  const step = card && Array.isArray(card.effect) ? card.effect[pending.step] : null;
  if (!step) return pending.text || "";
  const n = pending.choose || 1;
  return `${cardLabel(pending.card)}, étape ${pending.step + 1} — ${cap(describeStep(step)).replace(/\.$/, "")} : ${pending.player} choisit ${n} ${n > 1 ? "cibles" : "cible"}.`;
}
