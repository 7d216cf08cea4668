// Keyboard shortcuts for the table's controls: a key for each action offered, shown on
// its button, and the digits for the cards of the hand.

// The key of an action that has one by custom: pass, order up, go alone, stay, and the
// four suits by their initials (call ♣ is C, ♦ D, ♥ H, ♠ S), no-trump N.
const FIXED = {
  pass: "p", order: "o", alone: "a", stay: "s",
  "call c": "c", "call d": "d", "call h": "h", "call s": "s", "call n": "n",
  best: "b", decline: "x",
};

// The keys the page keeps for itself: the digits (cards), the drawer, the hint.
const KEPT = new Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", "?", "m", "l", "t"]);

/** A key for each of ``actions`` (``[{action, label}]``), in order: the action's own
 * key where it has one and it is free, else the first free letter or digit of its label
 * (a bid's words after "Bid", its number's digit first), else none (``null``). The keys
 * the page keeps for itself are never given, but for the digits to a bid (no card can be
 * played while bidding). */
export function assignKeys(actions) {
  const taken = new Set();
  return actions.map(({ action, label }) => {
    const fixed = FIXED[action];
    if (fixed && !taken.has(fixed)) {
      taken.add(fixed);
      return fixed;
    }
    const bid = /^bid /.test(action);
    const words = (bid ? label.replace(/^bid\s*/i, "") : label).toLowerCase();
    const chars = bid ? [...words.replace(/\D/g, ""), ...words] : [...words];
    for (const ch of chars) {
      if (!/[a-z0-9]/.test(ch) || taken.has(ch)) continue;
      if (KEPT.has(ch) && !(bid && /\d/.test(ch))) continue;
      taken.add(ch);
      return ch;
    }
    return null;
  });
}

/** Whether a key press is meant for a text field (typing, not a shortcut). */
export function typing(event) {
  const t = event.target;
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName);
}
