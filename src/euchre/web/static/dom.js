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

export function keepSeat(id, seat, token) {
  store.set(`euchre.seat.${id}`, { seat, token });
}

/** The invite links (each with its seat's token) the host was given for table ``id``. */
export function invitesOf(id) {
  const invites = store.get(`euchre.invites.${id}`);
  return Array.isArray(invites) ? invites : [];
}

export function keepInvites(id, invites) {
  store.set(`euchre.invites.${id}`, Array.isArray(invites) ? invites : []);
}

export function forgetSeat(id) {
  store.remove(`euchre.seat.${id}`);
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
