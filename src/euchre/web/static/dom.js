// Small DOM helpers shared by the pages: element building, the live region, storage.

/** An element: h("button", {class: "x", onclick: f}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace the children of ``el``, keeping keyboard focus on the element with the same
 * ``data-key`` when there is one again (else on ``fallback`` if focus was inside). */
export function replace(el, children, fallback = null) {
  const active = document.activeElement;
  const inside = active && el.contains(active) && active !== el;
  const key = inside ? active.dataset.key : undefined;
  el.replaceChildren();
  append(el, Array.isArray(children) ? children : [children]);
  if (!inside) return;
  const again = key ? el.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  if (again && !again.disabled) again.focus({ preventScroll: true });
  else if (fallback) fallback.focus({ preventScroll: true });
}

let announceTimer = 0;
const pending = [];

/** Say ``text`` through the page's polite live region (grouped a little when many
 * lines come at once, so a screen reader hears them all). */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  pending.push(text);
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    region.textContent = pending.splice(0).slice(-6).join(". ");
  }, 120);
}

/** Read and write JSON in localStorage without failing where storage is off. */
export const store = {
  get(key) {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? null : JSON.parse(raw);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage off: nothing kept */
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage off */
    }
  },
};

/** The seat and token this browser holds at table ``id`` (or null). */
export function seatOf(id) {
  const held = store.get(`euchre.seat.${id}`);
  return held && Number.isInteger(held.seat) && typeof held.token === "string" ? held : null;
}

/** Keep the seat and token this browser holds at table ``id``, and put the table first
 * in the recent list (``name``: the table's name, where the caller knows it). */
export function keepSeat(id, seat, token, name = "") {
  store.set(`euchre.seat.${id}`, { seat, token });
  keepRecent(id, name);
}

/** The invite links (each with its seat's token) the host was given for table ``id``. */
export function invitesOf(id) {
  const invites = store.get(`euchre.invites.${id}`);
  return Array.isArray(invites) ? invites : [];
}

export function keepInvites(id, invites) {
  store.set(`euchre.invites.${id}`, Array.isArray(invites) ? invites : []);
}

/** Forget the seat held at table ``id`` (and the table in the recent list). */
export function forgetSeat(id) {
  store.remove(`euchre.seat.${id}`);
  forgetRecent(id);
}

const RECENT = "euchre.recent";
const RECENT_LIMIT = 8;
const SEAT_PREFIX = "euchre.seat.";

/** The tables this browser held a seat at, newest first: ``[{id, name, when}]`` (``when``
 * in ms since the epoch: the last time a seat there was kept; ``name`` may be empty).
 * The first time, the seats kept before there was a list make it up (``when`` 0). */
export function recentTables() {
  let kept = store.get(RECENT);
  if (kept === null) {
    kept = heldSeatIds().slice(0, RECENT_LIMIT).map((id) => ({ id, name: "", when: 0 }));
    store.set(RECENT, kept);
  }
  if (!Array.isArray(kept)) return [];
  return kept
    .filter((t) => t && typeof t.id === "string" && t.id)
    .map((t) => ({ id: t.id, name: typeof t.name === "string" ? t.name : "",
      when: Number.isFinite(t.when) ? t.when : 0 }));
}

/** Put table ``id`` first in the recent list (at most eight are kept; a table's name is
 * kept from before when ``name`` is empty). */
export function keepRecent(id, name = "") {
  const old = recentTables();
  const before = old.find((t) => t.id === id);
  const entry = { id, name: name || (before ? before.name : ""), when: Date.now() };
  store.set(RECENT, [entry, ...old.filter((t) => t.id !== id)].slice(0, RECENT_LIMIT));
}

/** Drop table ``id`` from the recent list. */
export function forgetRecent(id) {
  store.set(RECENT, recentTables().filter((t) => t.id !== id));
}

function heldSeatIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(SEAT_PREFIX)) ids.push(key.slice(SEAT_PREFIX.length));
    }
  } catch {
    /* storage off: no seats kept */
  }
  return ids.filter((id) => seatOf(id) !== null);
}

/** The name the person gave last time. */
export function savedName() {
  return store.get("euchre.name") || "";
}

export function saveName(name) {
  if (name) store.set("euchre.name", name);
}

/** Copy ``text`` to the clipboard (or select it in ``input`` where the clipboard is
 * not offered); returns the words to show. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied";
  } catch {
    if (input) {
      input.focus();
      input.select();
    }
    return "Selected: press Ctrl+C to copy";
  }
}

/** Minutes and seconds: 65000 ms is "1:05". */
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
