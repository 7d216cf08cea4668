// The replay viewer (/replay/{id}): every step of a finished game with all hands shown,
// from GET /api/tables/{id}/replay. Buttons and the arrow keys step through it. Each
// step's sentence, the phase, the bid and trump come worded from the server.

import { cardFigure, cardShort } from "/static/cards.js";
import { h, replace } from "/static/dom.js";
import { api } from "/static/net.js";

// Where each seat sits, clockwise from seat 0 at the bottom (as the table page has it).
const POSITIONS = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "bottom-left", "top-left", "top-right", "bottom-right"],
  6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
  7: ["bottom", "bottom-left", "left", "top-left", "top-right", "right", "bottom-right"],
};

export async function showReplay(main, id) {
  document.getElementById("where").textContent = "Replay";
  document.title = "Replay – Euchre";
  const answer = await api("GET", `/api/tables/${encodeURIComponent(id)}/replay`);
  if (!answer.ok) {
    main.replaceChildren(h("h1", {}, "Replay"),
      h("p", { role: "alert" }, `The replay can not be shown: ${answer.data.error}`),
      h("p", {}, h("a", { href: `/t/${encodeURIComponent(id)}` }, "Go to the table"), " · ",
        h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  new Replay(main, id, answer.data).start();
}

class Replay {
  constructor(main, id, data) {
    this.main = main;
    this.id = id;
    this.data = data;
    this.index = 0;
  }

  start() {
    const d = this.data;
    const btn = (id, words, label, go) => h("button", { type: "button", id, "aria-label": label,
      onclick: () => this.go(go()) }, words);
    this.el = {
      step: h("p", { id: "replay-step", class: "step", "aria-live": "polite",
        "aria-atomic": "true" }),
      status: h("dl", { class: "status", id: "replay-status" }),
      felt: h("div", { class: `felt replay players-${d.players}`, id: "replay-felt" }),
      range: h("input", { type: "range", id: "replay-range", min: 0,
        max: d.frames.length - 1, value: 0, "aria-label": "Step" }),
    };
    this.el.range.addEventListener("input", () => this.go(Number(this.el.range.value)));
    const base = `/api/tables/${encodeURIComponent(this.id)}`;
    const results = d.results.length ? h("section", { class: "panel" },
      h("h2", {}, "The deals"),
      h("ol", { class: "results" }, d.results.map((r) => h("li", {}, r.line)))) : null;
    this.main.replaceChildren(h("div", { class: "replay-page" },
      h("h1", {}, "Replay"),
      h("p", { class: "help" }, `${d.names.join(", ")} · to ${d.target || "a number of deals"}`
        + " · every hand shown. Keys: ← and → step, Home and End jump."),
      h("div", { class: "replay-controls", role: "group", "aria-label": "Step through" },
        btn("replay-first", "« Start", "Go to the start", () => 0),
        btn("replay-back", "◀ Back", "One step back", () => this.index - 1),
        btn("replay-forward", "Forward ▶", "One step forward", () => this.index + 1),
        btn("replay-last", "End »", "Go to the end", () => d.frames.length - 1),
        this.el.range),
      this.el.step, this.el.status, this.el.felt, results,
      h("p", {}, h("a", { href: `${base}/record.json`, download: "" }, "Record (JSON)"), " · ",
        h("a", { href: `${base}/record.egn`, download: "" }, "Record (EGN)"), " · ",
        h("a", { href: "/" }, "Lobby"))));
    document.addEventListener("keydown", (e) => {
      if (e.target.closest && e.target.closest("input, select, textarea")) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const to = { ArrowRight: this.index + 1, ArrowLeft: this.index - 1, Home: 0,
        End: d.frames.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.go(to);
    });
    this.draw();
  }

  go(index) {
    const last = this.data.frames.length - 1;
    this.index = Math.max(0, Math.min(last, index));
    this.draw();
  }

  name(seat) {
    return this.data.names[seat] || `seat ${seat}`;
  }

  draw() {
    const d = this.data;
    const i = this.index;
    const f = d.frames[i];
    const prev = i > 0 ? d.frames[i - 1] : null;
    this.el.range.value = String(i);
    let shownTrick = f.trick;
    let complete = false;
    // the move that completed a trick: show the whole trick, not the empty next one
    if (f.action && prev && f.action.action.startsWith("play ")
        && f.trick.length <= prev.trick.length) {
      shownTrick = [...prev.trick, { seat: f.action.seat, card: f.action.action.slice(5) }];
      complete = true;
    }
    this.el.step.textContent = `Step ${i} of ${d.frames.length - 1}: ${f.text}`;
    for (const id of ["replay-first", "replay-back"]) {
      document.getElementById(id).disabled = i === 0;
    }
    for (const id of ["replay-forward", "replay-last"]) {
      document.getElementById(id).disabled = i === d.frames.length - 1;
    }
    const stat = (term, value) => h("div", { class: "stat" }, h("dt", {}, term),
      h("dd", {}, value));
    const names = (seats) => seats.map((s) => this.name(s)).join(", ");
    const cardsOf = (list) => list.map(({ seat, card }) => `${this.name(seat)} `
      + `${cardShort(card)}`).join(", ");
    replace(this.el.status, [
      stat("Deal", `${f.deal_number + 1}, dealt by ${this.name(f.dealer)}`),
      stat("Phase", f.phase_words),
      stat("Upcard", f.upcard ? cardShort(f.upcard) : "none"),
      f.discard ? stat("Dealer's discard", cardShort(f.discard)) : null,
      stat("Trump", f.trump_words),
      f.bid_words ? stat("Bid", f.bid_words) : null,
      stat("Maker", f.maker === null || f.maker === undefined ? "nobody yet" : this.name(f.maker)),
      f.alone.length ? stat("Alone", names(f.alone)) : null,
      f.sitting_out.length ? stat("Sitting out", names(f.sitting_out)) : null,
      f.shown.length ? stat("Shown", cardsOf(f.shown)) : null,
      f.laid_away.length ? stat("Laid away", cardsOf(f.laid_away)) : null,
      ...f.given.map((g) => stat("Passed face down",
        `${this.name(g.giver)} to ${this.name(g.receiver)}: ${cardShort(g.card)}`)),
      stat("Tricks", f.tricks_won.map((v, t) => `${d.teams[t]} ${v}`).join(" · ")),
      stat("Score", f.score.map((v, t) => `${d.teams[t]} ${v}`).join(" · ")),
    ].filter((item) => item !== null));
    const positions = POSITIONS[d.players] || POSITIONS[4];
    const seats = f.hands.map((hand, s) => h("section", {
      class: `seat pos-${positions[s]}${f.to_act === s && f.phase !== "over" ? " to-act" : ""}`,
      "aria-label": `${this.name(s)}'s hand` },
    h("h3", { class: "seat-name" }, this.name(s)),
    h("p", { class: "tags" },
      s === f.dealer ? h("span", { class: "tag dealer" }, "Dealer") : null,
      s === f.maker ? h("span", { class: "tag maker" }, "Maker") : null,
      f.alone.includes(s) ? h("span", { class: "tag" }, "Alone") : null,
      f.sitting_out.includes(s) ? h("span", { class: "tag" }, "Sits out") : null,
      f.to_act === s && f.phase !== "over" ? h("span", { class: "tag" }, "▶ To act") : null),
    h("div", { class: "open-hand" }, hand.length ? hand.map((c) => cardFigure(c, "small"))
      : h("span", { class: "help" }, "no cards"))));
    const trick = h("div", { class: "trick", role: "group", "aria-label": "Cards on the table" },
      h("div", { class: "trick-cards" },
        shownTrick.map(({ seat, card }) => h("div", { class: `slot pos-${positions[seat]}` },
          cardFigure(card, "tcard"), h("span", { class: "slot-name" }, this.name(seat))))),
      h("p", { class: "trick-caption" }, complete ? "Trick complete" : ""));
    replace(this.el.felt, [...seats, trick]);
  }
}
