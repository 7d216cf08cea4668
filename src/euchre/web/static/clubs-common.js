// What the club room's views share: who is signed in (and the header that says so),
// the one-line error under a control, numbers in words and the tables of rows.

import { h, store } from "/static/dom.js";
import { api } from "/static/net.js";

let account = null;

/** The signed-in player's name, or null for a guest (asked once a page). */
export function whoAmI() {
  if (account === null) {
    account = api("GET", "/api/account").then((a) => (a.ok ? a.data.name : null));
  }
  return account;
}

/** Who is signed in now (``null``: nobody), told to the header. */
export function signedIn(name) {
  account = Promise.resolve(name);
  drawMe(name);
}

/** The header's last link: the player's own page, or the way to sign in. */
export function drawMe(name) {
  const me = document.getElementById("me");
  if (!me) return;
  me.textContent = name || "Sign in";
  me.href = name ? playerPath(name) : "/account";
  me.classList.toggle("me", Boolean(name));
  if (name) me.setAttribute("aria-label", `Your page: ${name}`);
  else me.removeAttribute("aria-label");
}

/** Mark the header's link to the view shown (``path``: its address). */
export function markHere(path) {
  for (const link of document.querySelectorAll("#club-nav a, #me")) {
    if (link.getAttribute("href") === path) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

export const playerPath = (name) => `/players/${encodeURIComponent(name)}`;
export const eventPath = (id) => `/events/${encodeURIComponent(id)}`;

/** A player's name as a link to their page. */
export function playerLink(name) {
  return h("a", { href: playerPath(name) }, name);
}

/** The line under a control where a refusal is told (empty: hidden). */
export function errorLine(id) {
  return h("p", { id, class: "message", role: "alert" });
}

/** The line where a success is told (polite, for screen readers too). */
export function statusLine(id) {
  return h("p", { id, class: "done-line", role: "status" });
}

/** POST ``body`` (JSON, ``{}`` when nothing) to ``path``: {ok, status, data}. */
export function post(path, body = {}) {
  return api("POST", path, body);
}

/** A share as a whole percentage ("62%"; "–" when there is nothing to count). */
export function percent(share) {
  return share === null || share === undefined ? "–" : `${Math.round(share * 100)}%`;
}

/** A rating as shown: "1512", and "1512?" while it is provisional. */
export function ratingWords(rating) {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}

/** A date (seconds since the epoch) in the reader's words. */
export function dateWords(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined,
    { year: "numeric", month: "short", day: "numeric" });
}

/** A time of day (seconds since the epoch), hours and minutes. */
export function timeWords(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString(undefined,
    { hour: "2-digit", minute: "2-digit" });
}

/** A table: ``head`` the column titles, ``rows`` arrays of cells (text or nodes);
 * ``numeric``: the columns to align right. Wrapped so that only it scrolls sideways
 * on a narrow screen, never the page. */
export function grid({ id, caption, captionClass = null, head, rows, numeric = [],
  rowAttrs = () => ({}) }) {
  const right = (i) => (numeric.includes(i) ? "num" : null);
  return h("div", { class: "grid-wrap" },
    h("table", { class: "grid", id },
      caption ? h("caption", { class: captionClass }, caption) : null,
      h("thead", {}, h("tr", {}, head.map((title, i) => h("th", { scope: "col",
        class: right(i) }, title)))),
      h("tbody", {}, rows.map((cells, r) => h("tr", rowAttrs(r), cells.map((cell, i) => (
        i === 0 ? h("th", { scope: "row", class: right(i) }, cell)
          : h("td", { class: right(i) }, cell))))))));
}

/** What a hand came to, in words: "N-S 2", "E-W 4, lone hand by Bea". */
export function handWords(hand, names) {
  const side = hand.ns ? `N-S ${hand.ns}` : hand.ew ? `E-W ${hand.ew}` : "no points";
  const alone = hand.alone === null || hand.alone === undefined ? ""
    : `, lone hand by ${names[hand.alone] ?? `player ${hand.alone + 1}`}`;
  return side + alone;
}

/** What this browser keeps of event ``id``: its scorers' key, its title, the seat links
 * of its tables played online. */
export function eventKept(id) {
  const kept = store.get(`euchre.event.${id}`);
  return kept && typeof kept === "object" ? kept : {};
}

export function keepEvent(id, more) {
  store.set(`euchre.event.${id}`, { ...eventKept(id), ...more });
}

/** The events this browser made, newest first: [{id, title, when}]. */
export function keptEvents() {
  const kept = store.get("euchre.events");
  return Array.isArray(kept) ? kept.filter((e) => e && typeof e.id === "string") : [];
}

export function keepEventInList(id, title) {
  store.set("euchre.events", [{ id, title, when: Date.now() },
    ...keptEvents().filter((e) => e.id !== id)].slice(0, 20));
}

/** A panel with its heading (``level`` h2 by default). */
export function panel(id, title, ...children) {
  return h("section", { class: "panel", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title), ...children);
}

/** A page's title, and its heading. */
export function titled(words) {
  document.title = `Euchre: ${words}`;
  return h("h1", { id: "page-title" }, words);
}

const POLL_MS = 5000;

/** A page of one event (``this.id``), read again every 5 s while it is shown; a
 * subclass draws it in ``changed()``, called when what the server says has changed.
 * It sets ``el``, ``heading``, ``error`` and ``body`` before ``start()``. */
export class EventPoller {
  async start() {
    this.el.replaceChildren(this.heading, this.error, this.body);
    this.body.replaceChildren(h("p", {}, "Loading…"));
    await this.load();
    setInterval(() => {
      if (!document.hidden) this.load();
    }, POLL_MS);
  }

  async load() {
    const answer = await api("GET", `/api/events/${encodeURIComponent(this.id)}`);
    if (!answer.ok) {
      this.error.textContent = `The event could not be loaded: ${answer.data.error}`;
      if (!this.data) this.body.replaceChildren();
      return;
    }
    this.error.textContent = "";
    const text = JSON.stringify(answer.data);
    if (text === this.shown) return;
    this.shown = text;
    this.data = answer.data;
    this.changed();
  }
}
