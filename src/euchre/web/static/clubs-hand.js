// One hand's form, the director's and the scorer's phone alike: who scored (N-S or
// E-W), the points (1, 2, 4 or another number) and the lone hand, if one scored. What
// is chosen lives in a draft object, so a page that redraws every few seconds keeps it.

import { h } from "/static/dom.js";
import { commandId } from "/static/net.js";

import { errorLine, statusLine } from "/static/clubs-common.js";

export const MAX_POINTS = 24;
const QUICK_POINTS = [1, 2, 4];

/** A fresh draft: nothing chosen, and a new id so that a submit sent twice (a retry
 * after a lost answer) counts once. */
export function newDraft(said = "") {
  return { side: null, points: null, other: "", alone: null, id: commandId(), said,
    error: "" };
}

/** A draft set to a hand as it stands (for a fix). */
export function draftOf(hand) {
  const side = hand.ns ? "ns" : hand.ew ? "ew" : null;
  const points = hand.ns || hand.ew || null;
  const quick = QUICK_POINTS.includes(points);
  return { ...newDraft(), side, points: quick ? points : null,
    other: quick || points === null ? "" : String(points), alone: hand.alone ?? null };
}

/** The players of a side, by index (``table.players`` is North, East, South, West). */
export function sidePlayers(table, side) {
  const [n, e, s, w] = table.players;
  return side === "ns" ? [n, s] : [e, w];
}

/** A choice drawn as a big tap target: a real radio button and its label. */
function tile(name, id, checked, words, detail, onchange) {
  return h("span", { class: "tile" },
    h("input", { type: "radio", class: "tile-input", name, id, checked, dataset: { key: id },
      onchange }),
    h("label", { for: id, class: "tile-label" }, words,
      detail ? h("span", { class: "tile-detail" }, detail) : null));
}

/** The hand ``draft`` holds as an entry's fields, or a sentence saying what is missing. */
export function handOf(draft) {
  if (!draft.side) return "Who scored: choose N-S or E-W";
  const typed = draft.other.trim();
  const points = typed ? Number(typed) : draft.points;
  if (!Number.isInteger(points) || points < 1 || points > MAX_POINTS) {
    return `Points: a whole number from 1 to ${MAX_POINTS}`;
  }
  return { ns: draft.side === "ns" ? points : 0, ew: draft.side === "ew" ? points : 0,
    alone: draft.alone };
}

/**
 * The form of one hand. ``prefix`` makes its ids unique on the page; ``table`` is the
 * event's table ({ns, ew, players}); ``names`` the event's names by player index.
 * ``send(hand)`` returns a promise of null (done) or the error's words. ``extra``: more
 * buttons (a Cancel) after the submit.
 */
export function handForm({ prefix, table, names, draft, submitWords, send, extra = null,
  big = false }) {
  const error = errorLine(`${prefix}-error`);
  const said = statusLine(`${prefix}-said`);
  error.textContent = draft.error;
  said.textContent = draft.said;
  const aloneBox = h("div", { class: "tiles", id: `${prefix}-alone` });

  function drawAlone() {
    if (!draft.side) {
      aloneBox.replaceChildren(h("p", { class: "help" }, "Choose who scored first."));
      return;
    }
    const players = sidePlayers(table, draft.side);
    if (draft.alone !== null && !players.includes(draft.alone)) draft.alone = null;
    const pick = (who) => () => {
      draft.alone = who;
    };
    aloneBox.replaceChildren(
      tile(`${prefix}-alone`, `${prefix}-alone-none`, draft.alone === null, "Nobody", null,
        pick(null)),
      ...players.map((p) => tile(`${prefix}-alone`, `${prefix}-alone-${p}`,
        draft.alone === p, names[p], null, pick(p))));
  }

  const sides = ["ns", "ew"].map((side) => {
    const players = side === "ns" ? table.ns : table.ew;
    return tile(`${prefix}-side`, `${prefix}-side-${side}`, draft.side === side,
      side === "ns" ? "N-S" : "E-W", players.join(" & "), () => {
        draft.side = side;
        drawAlone();
      });
  });
  const other = h("input", { id: `${prefix}-other`, type: "number", min: 1, max: MAX_POINTS,
    step: 1, inputmode: "numeric", value: draft.other, class: "other-points",
    dataset: { key: `${prefix}-other` } });
  const quick = QUICK_POINTS.map((n) => tile(`${prefix}-points`, `${prefix}-points-${n}`,
    draft.points === n && !draft.other, String(n), null, () => {
      draft.points = n;
      draft.other = "";
      other.value = "";
    }));
  other.addEventListener("input", () => {
    draft.other = other.value;
    if (other.value.trim()) {
      draft.points = null;
      for (const radio of form.querySelectorAll(`[name="${prefix}-points"]`)) {
        radio.checked = false;
      }
    }
  });
  const submit = h("button", { type: "submit", class: "primary", id: `${prefix}-submit`,
    dataset: { key: `${prefix}-submit` } }, submitWords);

  async function sendHand(event) {
    event.preventDefault();
    const hand = handOf(draft);
    draft.said = "";
    said.textContent = "";
    if (typeof hand === "string") {
      draft.error = hand;
      error.textContent = hand;
      return;
    }
    draft.error = "";
    error.textContent = "";
    submit.disabled = true;
    const failed = await send(hand);
    submit.disabled = false;
    if (failed) {
      draft.error = failed;
      error.textContent = failed;
    }
  }

  const form = h("form", { class: `hand-form${big ? " big" : ""}`, id: `${prefix}-form`,
    novalidate: true, onsubmit: sendHand },
  h("fieldset", { class: "choice" }, h("legend", {}, "Who scored"),
    h("div", { class: "tiles sides" }, sides)),
  h("fieldset", { class: "choice" }, h("legend", {}, "Points"),
    h("div", { class: "tiles points" }, quick,
      h("span", { class: "other" }, h("label", { for: `${prefix}-other` }, "Other"), other))),
  h("fieldset", { class: "choice" }, h("legend", {}, "Lone hand by (if one scored)"),
    aloneBox),
  error,
  h("div", { class: "form-actions" }, submit, extra),
  said);
  drawAlone();
  return form;
}
