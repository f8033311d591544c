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
  const slots = declaredSlots(snap.pending);
  if (slots) {   // many targets (fr-1): each step's own options, not the first of the capped pairs
    box.append(slotsChooser(snap.pending, slots, cards, declaredCard(snap), { choose, cardLabel }));
    return box;
  }
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

/** The slots of a declared play's `targets` decision (fr-1, 5.2.3.b: a play with too many target
 * lists for the engine to list them is declared bare, then its targets are asked with each targeted
 * step's own options, `pending.options`); null for any other decision. */
function declaredSlots(pending) {
  if (!pending || pending.kind !== "targets" || !pending.constraints || pending.constraints.distinct !== "per_step") return null;
  const slots = pending.options;
  return Array.isArray(slots) && slots.length && slots.every((s) => s && Array.isArray(s.options)) ? slots : null;
}

/** The card being declared (the state's `progress.declare`), when known. */
function declaredCard(snap) {
  const declare = snap.state && snap.state.progress && snap.state.progress.declare;
  return (declare && (declare.play || declare.quick)) || null;
}

/** The sentence of each target of the slots, in order: the card's targeted steps when they match. */
function slotLabels(slots, card) {
  const effect = (card && Array.isArray(card.effect)) ? card.effect : [];
  const targeted = effect.filter((s) => s && s.target === "choose");
  return slots.flatMap((slot, k) => {
    const step = targeted.length === slots.length ? targeted[k] : null;
    const head = step ? `Étape ${effect.indexOf(step) + 1} — ${cap(describeStep(step)).replace(/\.$/, "")}` : `Cible ${k + 1}`;
    const n = Math.max(1, Number(slot.choose) || 1);
    return Array.from({ length: n }, (_, i) => (n > 1 ? `${head} (cible ${i + 1})` : head));
  });
}

/** A declared play's targets asked slot by slot from each slot's options (at most the engine's cap
 * of options each: the buttons add up over the steps); the engine checks the whole answer. */
function slotsChooser(pending, slots, cards, cardId, { choose, cardLabel }) {
  const of = [];   // the slot of each target position
  slots.forEach((slot, k) => { for (let i = 0; i < Math.max(1, Number(slot.choose) || 1); i++) of.push(k); });
  const labels = slotLabels(slots, cards.get(cardId));
  const head = cardId ? `Cibles de ${cardLabel(cardId)}` : "Cibles";
  return stepChooser(head, labels, (i, chosen) => slots[of[i]].options.filter((v) => !chosen.some((c, j) => of[j] === of[i] && c === v)),
    (chosen) => choose({ player: pending.player, targets: chosen.slice() }), cardLabel,
    slots.some((s) => s.truncated) ? "Seules les premières cibles possibles sont proposées." : "");
}

/** One play (or one step's targets) asked step by step. */
function targetsChooser(pending, base, options, labels, { choose, label, cardLabel }) {
  const head = base.play ? label(base) : `Cibles de ${cardLabel(pending.card)}`;
  const fits = (option, chosen) => chosen.every((c, i) => option.targets[i] === c);
  return stepChooser(head, labels, (i, chosen) => {
    const values = [];
    for (const o of options) if (fits(o, chosen) && !values.includes(o.targets[i])) values.push(o.targets[i]);
    return values;
  }, (chosen) => { const decision = options.find((o) => fits(o, chosen)); if (decision) choose(decision); }, cardLabel, "");
}

/** Targets chosen one position after the other: `values(i, chosen)` the cards offered at position
 * i, `done(chosen)` once every position has its card. */
function stepChooser(head, labels, values, done, cardLabel, note) {
  const chosen = [];
  const box = el("fieldset", { class: "targets-chooser" }, el("legend", { text: head }));
  if (note) box.append(el("p", { class: "muted", text: note }));
  const steps = el("ol", { class: "target-steps" });
  box.append(steps);

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
        const group = el("span", { class: "target-options", role: "group", "aria-labelledby": name.id });
        for (const v of values(i, chosen)) {
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
    done(chosen);
  }

  draw();
  return box;
}

/** What the pending decision asks, in French: for the targets of a step (cr-5.0, 6.5.b) the card,
 * the step's sentence and how many targets — not the engine's verb; otherwise the engine's text. */
export function pendingSentence(pending, state, cardLabel) {
  if (!pending) return "";
  const slots = declaredSlots(pending);
  if (slots) {   // the engine's sentence names its verbs: the steps' French sentences instead
    const declare = state && state.progress && state.progress.declare;
    const id = declare && (declare.play || declare.quick);
    const labels = [...new Set(slotLabels(slots, cardsById(state).get(id)).map((l) => l.replace(/ \(cible \d+\)$/, "")))];
    return `${id ? cardLabel(id) : "La carte"} : ${pending.player} choisit ses cibles dans l'ordre des étapes (${labels.join(" ; ")}).`;
  }
  const card = pending.kind === "targets" ? cardsById(state).get(pending.card) : null;
  const step = card && Array.isArray(card.effect) ? card.effect[pending.step] : null;
  if (!step) return pending.text || "";
  const n = pending.choose || 1;
  return `${cardLabel(pending.card)}, étape ${pending.step + 1} — ${cap(describeStep(step)).replace(/\.$/, "")} : ${pending.player} choisit ${n} ${n > 1 ? "cibles" : "cible"}.`;
}
