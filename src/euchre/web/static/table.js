// The table page (/t/{id}): one seat's view of a table, or a spectator's, over the
// table's WebSocket. Everything drawn comes from the server's ``state``; the page offers
// exactly ``state.legal`` and never decides what is legal itself. The sentences about
// the table (the events, the prompt, the phase, the status, the deals' results, the end
// of the game) come worded from the server for this receiver: the page only lays them
// out, always as text (a player's name in them is never read as HTML).

import { backSvg, cardFigure, cardName, cardShort, cardSvg, spoken } from "/static/cards.js";
import {
  announce, clock, copyText, forgetSeat, h, invitesOf, keepInvites, keepSeat, replace, saveName,
  savedName, seatOf,
} from "/static/dom.js";
import { api, commandId, TableSocket } from "/static/net.js";

const HOLD_MS = 1600; // how long a completed trick stays on the table
const LOG_LINES = 60;

export async function showTable(main, id) {
  const params = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has("token")) {
    const seat = Number(fragment.get("seat"));
    const token = fragment.get("token");
    // the token stays in this browser's storage, not in the address bar
    history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
    if (Number.isInteger(seat) && seat >= 0) {
      keepSeat(id, seat, token);
      const info = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
      const place = info.ok ? info.data.seats[seat] : null;
      if (place && !place.claimed) {  // an invite nobody has used yet: ask the name first
        inviteForm(main, id, info.data, place, { seat, token });
        return;
      }
    }
  }
  if (params.has("sit")) {
    await sitForm(main, id, Number(params.get("sit")));
    return;
  }
  const held = params.has("watch") ? null : seatOf(id);
  new TableView(main, id, held).start();
}

/** ``/t/{id}?sit=N``: ask for a name, take the seat, then open the table. */
async function sitForm(main, id, seat) {
  document.getElementById("where").textContent = "Take a seat";
  const back = h("p", {}, h("a", { href: "/" }, "Back to the lobby"), " · ",
    h("a", { href: `/t/${encodeURIComponent(id)}?watch=1` }, "Just watch"));
  const info = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
  if (!info.ok) {
    main.replaceChildren(h("h1", {}, "No such table"), h("p", {}, info.data.error), back);
    return;
  }
  const table = info.data;
  const place = table.seats[seat];
  if (!place) {
    main.replaceChildren(h("h1", {}, table.name), h("p", {}, "That table has no such seat."),
      back);
    return;
  }
  document.title = `${table.name}: take a seat`;
  const mine = seatOf(id);
  const nameInput = h("input", { id: "sit-name", type: "text", maxlength: 20,
    value: savedName(), autocomplete: "nickname", required: true });
  const error = h("p", { class: "message", role: "alert" });
  const button = h("button", { type: "submit", class: "primary", id: "sit-submit" },
    `Sit at ${place.place}`);
  async function submit(event) {
    event.preventDefault();
    const name = nameInput.value.trim() || "Guest";
    saveName(name);
    button.disabled = true;
    const answer = await api("POST",
      `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name });
    button.disabled = false;
    if (!answer.ok) {
      error.textContent = `The seat could not be taken: ${answer.data.error}`;
      return;
    }
    keepSeat(id, answer.data.seat, answer.data.token);
    history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
    new TableView(main, id, { seat: answer.data.seat, token: answer.data.token }).start();
  }
  main.replaceChildren(
    h("h1", {}, table.name),
    h("section", { class: "panel sit" },
      h("h2", {}, `Take the ${place.place} seat`),
      h("p", {}, `Host: ${table.host}. Now in that seat: ${place.name}`
        + (place.kind === "bot" ? " (a bot)." : ".")),
      place.open
        ? h("form", { onsubmit: submit },
          h("div", { class: "field" }, h("label", { for: "sit-name" }, "Your name"), nameInput),
          error, button)
        : h("p", {}, "That seat is taken: ask its player for the link."),
      mine ? h("p", {}, "This browser already holds a seat here: ",
        h("a", { href: `/t/${encodeURIComponent(id)}` }, "go to it")) : null,
      back));
  if (place.open) nameInput.focus();
}

/** An invite link's first opening: the name to sit down under, then the table. */
function inviteForm(main, id, table, place, held) {
  document.getElementById("where").textContent = "Take a seat";
  document.title = `${table.name}: take a seat`;
  const nameInput = h("input", { id: "invite-name", type: "text", maxlength: 20,
    value: savedName(), autocomplete: "nickname", required: true });
  function submit(event) {
    event.preventDefault();
    const name = nameInput.value.trim() || "Guest";
    saveName(name);
    new TableView(main, id, { ...held, name }).start();
  }
  main.replaceChildren(
    h("h1", {}, table.name),
    h("section", { class: "panel sit" },
      h("h2", {}, `You are invited to the ${place.place} seat`),
      h("p", {}, `Host: ${table.host}.`),
      h("form", { onsubmit: submit },
        h("div", { class: "field" }, h("label", { for: "invite-name" }, "Your name"),
          nameInput),
        h("button", { type: "submit", class: "primary", id: "invite-submit" },
          `Sit at ${place.place}`))));
  nameInput.focus();
}

/** One table on the page. */
class TableView {
  constructor(main, id, held) {
    this.main = main;
    this.id = id;
    this.held = held; // {seat, token} or null: a spectator
    this.state = null;
    this.version = -1; // the version of the last state drawn
    this.logged = -1; // the last event version written in the log
    this.seq = 0;
    this.stateSeq = 0;
    this.seats = null; // the last ``seats`` message's list
    this.seatsSeq = 0;
    this.table = null;
    this.host = false;
    this.role = held ? "player" : "spectator";
    this.syncing = false;
    this.pending = null; // the act sent and not yet answered
    this.hold = null; // {trick, winner, until}: a completed trick still shown
    this.shown = new Set(); // the trick cards on the table now
    this.hint = null; // the hint answer, "asking", or null
    this.summary = null; // the last finished deal, until dismissed
    this.showLast = false;
    this.notice = "";
    this.why = "";
    this.stopped = false;
  }

  start() {
    this.build();
    this.socket = new TableSocket(this.id, {
      hello: () => this.helloMessage(),
      onMessage: (m) => this.receive(m),
      onStatus: (s, detail) => this.connStatus(s, detail),
    });
    this.socket.connect();
    this.ticker = setInterval(() => tick(this.main), 250);
  }

  helloMessage() {
    const hello = { type: "hello" };
    if (this.held) {
      hello.seat = this.held.seat;
      hello.token = this.held.token;
      if (this.held.name) hello.name = this.held.name;
    }
    if (this.version >= 0) hello.last_version = this.version;
    return hello;
  }

  // -- the page's parts -----------------------------------------------------------

  build() {
    const $ = (tag, attrs, ...kids) => h(tag, attrs, ...kids);
    this.el = {
      title: $("h1", { id: "table-title", class: "table-title" }, "Table"),
      banner: $("div", { id: "banner", class: "banner", role: "status" }),
      status: $("dl", { id: "status", class: "status" }),
      felt: $("div", { id: "felt", class: "felt players-4" }),
      hand: $("div", { id: "hand", class: "hand", tabindex: -1, role: "group",
        "aria-label": "Your hand" }),
      why: $("p", { id: "why", class: "why", "aria-live": "polite" }),
      turn: $("p", { id: "turn", class: "turn", tabindex: -1 }),
      actions: $("div", { id: "actions", class: "actions", role: "group",
        "aria-labelledby": "turn" }),
      tools: $("div", { id: "tools", class: "tools" }),
      timer: $("p", { id: "timer", class: "timer" }),
      notice: $("p", { id: "notice", class: "notice", role: "alert" }),
      summary: $("section", { id: "summary", class: "summary" }),
      hintBox: $("section", { id: "hint-box", class: "panel hint-box", hidden: true,
        "aria-live": "polite" }),
      lastBox: $("section", { id: "last-box", class: "panel last-box", hidden: true }),
      invite: $("section", { id: "invite", class: "panel invite" }),
      log: $("ol", { id: "log", class: "log" }),
      chat: $("ol", { id: "chat", class: "chat", "aria-live": "polite" }),
    };
    const chatInput = $("input", { id: "chat-text", type: "text", maxlength: 200,
      autocomplete: "off", "aria-label": "Chat message (at most 200 characters)",
      placeholder: "Say something…" });
    const chatForm = $("form", { class: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      const text = chatInput.value.trim().slice(0, 200);
      if (!text) return;
      if (this.socket.send({ type: "chat", text })) chatInput.value = "";
      else this.setNotice("Not connected: the message was not sent.");
    } }, chatInput, $("button", { type: "submit" }, "Send"));
    this.el.seats = $("div", { class: "felt-seats" });
    this.el.felt.append(this.el.seats,
      $("section", { class: "hand-area", "aria-labelledby": "hand-title" },
        $("h2", { id: "hand-title", class: "sr-only" }, "Your hand"),
        this.el.hand, this.el.why));
    this.root = $("div", { class: "table-page", id: "table-page" },
      this.el.title, this.el.banner,
      $("div", { class: "layout" },
        this.el.status,
        $("div", { class: "play" },
          $("h2", { class: "sr-only" }, "The table"),
          this.el.felt,
          $("section", { class: "controls", "aria-labelledby": "controls-title" },
            $("h2", { id: "controls-title", class: "sr-only" }, "Your move"),
            this.el.turn, this.el.actions, this.el.timer, this.el.tools, this.el.notice)),
        $("aside", { class: "side", "aria-label": "Summary, log and chat" },
          this.el.summary, this.el.hintBox, this.el.lastBox, this.el.invite,
          $("section", { class: "panel log-box", "aria-labelledby": "log-title" },
            $("h2", { id: "log-title" }, "What happened"), this.el.log),
          $("section", { class: "panel chat-box", "aria-labelledby": "chat-title" },
            $("h2", { id: "chat-title" }, "Chat"), this.el.chat, chatForm))));
    this.main.replaceChildren(this.root);
    this.el.turn.textContent = "Connecting to the table…";
  }

  // -- messages from the server ---------------------------------------------------

  receive(m) {
    this.seq += 1;
    switch (m.type) {
      case "welcome": return this.onWelcome(m);
      case "event": return this.onEvent(m);
      case "catchup": return this.onCatchup(m);
      case "snapshot":
        this.syncing = false;
        return this.setState(m.state);
      case "ack": return this.onAck(m);
      case "refused": return this.onRefused(m);
      case "resync": return this.onResync(m);
      case "seats": return this.onSeats(m.seats);
      case "hint": return this.onHint(m);
      case "chat": return this.onChat(m);
      case "error": return this.onError(m);
      default: return undefined; // pong, and anything newer than this page
    }
  }

  onWelcome(m) {
    this.table = m.table;
    this.host = Boolean(m.host);
    this.role = m.role;
    this.syncing = false;
    const first = this.state === null;
    this.seats = m.seats;
    this.seatsSeq = this.seq;
    document.getElementById("where").textContent = m.role === "spectator" ? "Watching"
      : `Seat: ${m.table.seats[m.seat] ? m.table.seats[m.seat].place : m.seat}`;
    this.el.title.textContent = m.table.name;
    const pending = this.pending;
    this.setState(m.state);
    if (first) {
      this.addLog(m.role === "spectator" ? `You are watching ${m.table.name}.`
        : `You sit at ${m.table.seats[m.seat].place} at ${m.table.name}.`);
      if (m.state.results.length) this.summary = m.state.results[m.state.results.length - 1];
      this.logged = m.state.version;
      this.renderSide();
    }
    // a command sent before the drop: the same id again takes effect at most once
    if (pending && this.pending === pending && m.state.version === pending.version) {
      this.socket.send(pending);
    }
  }

  onEvent(m) {
    const ev = m.event;
    if (ev.version <= this.version) return; // seen already
    if (this.version >= 0 && ev.version > this.version + 1) {
      if (!this.syncing) {
        this.syncing = true;
        this.socket.send({ type: "sync", last_version: this.version });
      }
      return; // the catchup brings it
    }
    if (this.syncing) return;
    this.takeEvents([ev], m.state, true);
    this.setState(m.state);
  }

  onCatchup(m) {
    this.syncing = false;
    const fresh = m.events.filter((e) => e.version > this.logged);
    if (fresh.length) {
      this.addLog(`Caught up on ${fresh.length} move${fresh.length === 1 ? "" : "s"}:`);
      this.takeEvents(fresh.slice(0, -1), m.state, false);
      this.takeEvents(fresh.slice(-1), m.state, true);
    }
    this.setState(m.state);
  }

  /** Write events in the log (``loud``: also say them and show their trick or deal):
   * the server's sentences for this receiver. */
  takeEvents(events, state, loud) {
    for (const ev of events) {
      this.logged = Math.max(this.logged, ev.version);
      if (ev.trick && ev.trick_winner !== null && ev.trick_winner !== undefined && loud) {
        this.holdTrick(ev.trick, ev.trick_winner, ev.trick_text || "");
      }
      if (ev.result) this.summary = ev.result;
      const lines = [ev.text, ev.trick_text, ev.result_text].filter((line) => line);
      for (const line of lines) {
        this.addLog(line);
        if (loud) announce(line);
      }
    }
  }

  holdTrick(trick, winner, text) {
    const hold = { trick, winner, text, until: Date.now() + HOLD_MS };
    this.hold = hold;
    setTimeout(() => {
      if (this.hold === hold) {
        this.hold = null;
        this.renderFelt();
      }
    }, HOLD_MS);
  }

  onAck(m) {
    if (this.pending && this.pending.id === m.id) {
      this.pending.acked = m.version;
      if (this.state && this.state.version >= m.version) this.clearPending();
    }
    // the ack names the version our move made: its event must follow at once, and when
    // it does not (lost), ask for what was missed
    setTimeout(() => {
      if (this.version < m.version && !this.syncing && this.socket.open) {
        this.syncing = true;
        this.socket.send({ type: "sync", last_version: this.version });
      }
    }, 1500);
  }

  onRefused(m) {
    if (this.pending && this.pending.id === m.id) this.pending = null;
    this.setNotice(`Refused: ${m.reason}`);
    this.renderAll();
  }

  onResync(m) {
    if (this.pending && this.pending.id === m.id) this.pending = null;
    this.setState(m.state);
    this.setNotice("The table moved on before that arrived: choose again.");
  }

  onSeats(seats) {
    const before = this.seats;
    this.seats = seats;
    this.seatsSeq = this.seq;
    if (before) {
      for (const s of seats) {
        const old = before[s.seat];
        if (!old) continue;
        if (old.name !== s.name && s.claimed) this.say(`${s.name} sits down at ${s.place}.`);
        else if (s.claimed && old.present && !s.present) this.say(`${s.name} dropped out.`);
        else if (s.claimed && !old.present && s.present && this.state
          && this.state.phase !== "waiting") this.say(`${s.name} is back.`);
        if (!old.stand_in && s.stand_in) this.say(`A bot plays for ${s.name} now.`);
      }
    }
    this.renderAll();
  }

  onHint(m) {
    if (!this.state || m.version !== this.state.version) return;
    this.hint = m;
    this.renderSide();
  }

  onChat(m) {
    const line = h("li", {}, h("strong", {}, `${m.name}: `), m.text);
    this.el.chat.appendChild(line);
    while (this.el.chat.children.length > LOG_LINES) this.el.chat.firstChild.remove();
    this.el.chat.scrollTop = this.el.chat.scrollHeight;
  }

  onError(m) {
    if (m.code === "bad_token") {
      forgetSeat(this.id);
      this.stopped = true;
      replace(this.el.banner, [
        h("p", {}, "This seat's link is no longer good (someone else took the seat, or the "
          + "link was wrong). "),
        h("a", { href: `/t/${encodeURIComponent(this.id)}?watch=1` }, "Watch the table"),
        " · ", h("a", { href: "/" }, "Back to the lobby")]);
      this.el.banner.classList.add("shown");
      return;
    }
    if (m.code === "no_table") {
      this.stopped = true;
      replace(this.el.banner, [h("p", {}, "There is no such table. "),
        h("a", { href: "/" }, "Back to the lobby")]);
      this.el.banner.classList.add("shown");
      return;
    }
    if (m.code === "no_hint" && this.hint === "asking") {
      this.hint = null;
      this.renderSide();
    }
    this.setNotice(m.message);
  }

  connStatus(status, detail) {
    const conn = document.getElementById("conn");
    const banner = this.el.banner;
    if (this.stopped) {
      conn.textContent = "not connected";
      return;
    }
    if (status === "open") {
      conn.textContent = "connected";
      banner.classList.remove("shown");
      banner.replaceChildren();
    } else if (status === "connecting") {
      conn.textContent = "connecting…";
    } else if (status === "reconnecting") {
      conn.textContent = "reconnecting…";
      if (this.state !== null) {
        banner.classList.add("shown");
        replace(banner, [h("p", {}, detail
          ? `Connection lost: reconnecting… (next try in ${Math.ceil(detail / 1000)} s)`
          : "Connection lost: reconnecting…"),
        h("button", { type: "button", dataset: { key: "retry" },
          onclick: () => this.socket.retryNow() }, "Try now")]);
      }
    } else if (status === "closed") {
      conn.textContent = "not connected";
      if (!banner.classList.contains("shown")) {
        banner.classList.add("shown");
        replace(banner, h("p", {}, "The server closed the connection."));
      }
    }
  }

  // -- the table's state ----------------------------------------------------------

  setState(state) {
    const before = this.state;
    if (before && before.version !== state.version) {
      this.why = "";
      this.notice = "";
    }
    this.state = state;
    this.version = state.version;
    this.stateSeq = this.seq;
    if (this.pending && (state.version > this.pending.version
        || (this.pending.acked !== undefined && state.version >= this.pending.acked))) {
      this.clearPending(false);
    }
    if (this.hint && this.hint !== "asking" && this.hint.version !== state.version) {
      this.hint = null;
    }
    if (this.hint === "asking" && before && before.version !== state.version) this.hint = null;
    const mine = state.legal.length > 0;
    if (mine && !(before && before.legal.length > 0 && before.version === state.version)) {
      if (!before || before.to_act !== state.to_act || before.legal.length === 0) {
        announce(state.prompt);
      }
    }
    if (state.phase === "over" && (!before || before.phase !== "over")) {
      announce(state.end_words);
    }
    document.title = `${mine ? "(Your turn) " : ""}${this.table ? this.table.name : "Table"}`
      + " – Euchre";
    this.renderAll();
  }

  clearPending(draw = true) {
    this.pending = null;
    if (draw) this.renderAll();
  }

  /** Seat ``s`` as drawn: the state's seat with the newest presence (the ``seats``
   * message or the state, whichever came last). */
  seat(s) {
    const base = this.state ? this.state.seats[s] : null;
    const live = this.seats ? this.seats[s] : null;
    if (!base) return live;
    const merged = { ...base, open: false, claimed: base.kind === "person", stand_in: false };
    if (live) {
      merged.open = live.open;
      merged.claimed = live.claimed;
      merged.stand_in = live.stand_in;
      if (this.seatsSeq >= this.stateSeq) {
        merged.name = live.name;
        merged.kind = live.kind;
        merged.bot = live.bot;
        merged.present = live.present;
        merged.away_until = live.away_until;
      }
    }
    return merged;
  }

  nameOf(s, capital = false) {
    if (this.state && s === this.state.viewer) return capital ? "You" : "you";
    const seat = this.seat(s);
    return seat ? seat.name : `seat ${s}`;
  }

  // -- commands -------------------------------------------------------------------

  act(action) {
    if (this.pending || !this.state) return;
    const message = { type: "act", id: commandId(), version: this.state.version, action };
    this.pending = message;
    this.hold = null;
    this.notice = "";
    this.why = "";
    if (!this.socket.send(message)) this.setNotice("Not connected: it is sent on reconnecting.");
    this.renderAll();
  }

  askHint() {
    if (!this.state || !this.state.legal.length) return;
    if (this.socket.send({ type: "hint" })) {
      this.hint = "asking";
      this.renderSide();
    }
  }

  setNotice(text) {
    this.notice = text;
    setText(this.el.notice, text);
  }

  say(text) {
    this.addLog(text);
    announce(text);
  }

  addLog(text) {
    this.el.log.appendChild(h("li", {}, text));
    while (this.el.log.children.length > LOG_LINES) this.el.log.firstChild.remove();
    this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  // -- drawing --------------------------------------------------------------------

  renderAll() {
    if (!this.state) return;
    this.root.dataset.version = String(this.state.version);
    this.root.dataset.phase = this.state.phase;
    this.root.dataset.role = this.role;
    this.renderStatus();
    this.renderFelt();
    this.renderHand();
    this.renderControls();
    this.renderSide();
  }

  /** The status panel: the server's rows for this receiver, ``[term, text]`` (the
   *  upcard's row adds its card: ``[term, text, card]``). */
  renderStatus() {
    const items = this.state.status.map(([term, text, card]) => h("div", { class: "stat" },
      h("dt", {}, term),
      card ? h("dd", {}, h("span", { class: "mini" }, cardFigure(card, "tiny")), ` ${text}`)
        : h("dd", {}, text)));
    replace(this.el.status, items);
  }

  renderFelt() {
    const st = this.state;
    this.el.felt.className = `felt players-${st.players}`;
    const seats = st.seats.map((s) => this.seatBox(this.seat(s.seat)));
    replace(this.el.seats, [...seats, this.trickArea()]);
  }

  seatBox(s) {
    const st = this.state;
    const you = s.seat === st.viewer;
    const tags = [];
    const tag = (text, cls = "") => tags.push(h("span", { class: `tag ${cls}` }, text));
    if (s.dealer) tag("Dealer", "dealer");
    if (s.maker) tag("Maker", "maker");
    if (s.alone) tag("Alone", "alone");
    if (s.sitting_out) tag("Sitting out", "out");
    let presence;
    if (s.kind === "bot") {
      presence = s.stand_in ? `bot (${s.bot}) playing for the absent person`
        : `bot: ${s.bot}${s.open ? " · seat open" : ""}`;
    } else if (s.present) {
      presence = you ? "person · you" : "person · here";
    } else if (s.away_until) {
      presence = h("span", { dataset: { deadline: s.away_until,
        prefix: "person · away: a bot plays in " } }, "person · away");
    } else {
      presence = st.phase === "waiting" ? "person · not here yet" : "person · away";
    }
    const count = `${s.cards} card${s.cards === 1 ? "" : "s"}`;
    const backs = you ? null : h("div", { class: "backs-row" },
      h("div", { class: "backs", role: "img", "aria-label": count },
        Array.from({ length: Math.min(s.cards, 8) }, () => h("span", { class: "back-card" },
          backSvg()))),
      h("span", { class: "count", "aria-hidden": "true" }, count));
    const turn = s.to_act ? h("p", { class: "to-act-flag" }, you ? "▶ Your turn" : "▶ To act")
      : null;
    return h("section", {
      class: `seat pos-${s.position}${s.to_act ? " to-act" : ""}${you ? " you" : ""}`
        + `${s.sitting_out ? " sitting-out" : ""}`,
      "aria-label": `${s.place}: ${s.name}`, dataset: { seat: s.seat },
    },
    h("h3", { class: "seat-name" }, s.name, you ? " (you)" : "",
      h("span", { class: "place" }, ` · ${s.place}${s.role === "partner" ? ", partner"
        : s.role === "opponent" ? ", opponent" : ""}`)),
    you ? null : h("p", { class: "presence" }, presence),
    tags.length ? h("p", { class: "tags" }, tags) : null,
    s.calls.length ? h("p", { class: "calls" }, `Said: ${s.calls.join(", ")}`) : null,
    turn, backs);
  }

  trickArea() {
    const st = this.state;
    const holding = this.hold && this.hold.until > Date.now()
      && !(st.trick.length && st.legal.length);
    const trick = holding ? this.hold.trick : st.trick;
    const positions = Object.fromEntries(st.seats.map((s) => [s.seat, s.position]));
    const now = new Set();
    const cards = trick.map(({ seat, card }) => {
      const key = `${seat}:${card}`;
      now.add(key);
      const fresh = !this.shown.has(key);
      const pos = positions[seat] || "bottom";
      const winner = holding && seat === this.hold.winner;
      const node = h("div", { class: `slot pos-${pos}${winner ? " winner" : ""}` },
        h("span", { class: `card tcard${fresh ? " enter" : ""}`, role: "img",
          "aria-label": `${this.nameOf(seat, true)}: ${cardName(card)}`
            + `${winner ? " (wins the trick)" : ""}` }, cardSvg(card)),
        h("span", { class: "slot-name" }, `${this.nameOf(seat, true)}${winner ? " ★ wins" : ""}`));
      if (fresh) {
        const moving = node.firstChild;
        requestAnimationFrame(() => requestAnimationFrame(() => moving.classList.remove("enter")));
      }
      return node;
    });
    this.shown = now;
    let centre = null;
    if (!trick.length && st.upcard && (st.phase === "bid1" || st.phase === "waiting")) {
      centre = h("div", { class: "centre" }, cardFigure(st.upcard),
        h("span", {}, "Upcard"));
    } else if (!trick.length && st.phase === "bid2" && st.upcard) {
      centre = h("div", { class: "centre" }, h("span", { class: "card turned" }, backSvg()),
        h("span", {}, `${cardShort(st.upcard)} turned down`));
    }
    const caption = holding ? this.hold.text : st.trick_words;
    return h("div", { class: "trick", role: "group", "aria-label": "Cards on the table" },
      h("div", { class: "trick-cards" }, cards, centre),
      h("p", { class: "trick-caption" }, caption));
  }

  renderHand() {
    const st = this.state;
    if (st.viewer === null || st.viewer === undefined) {
      this.el.hand.hidden = true;
      setText(this.el.why, st.hand_words);
      return;
    }
    this.el.hand.hidden = false;
    const byCard = {};
    for (const a of st.legal) {
      const m = a.action.match(/^(play|discard|give) (\S+)$/);
      if (m) byCard[m[2]] = a;
    }
    const busy = this.pending !== null;
    const cards = st.hand.map((card) => {
      const legal = byCard[card];
      const usable = legal && !busy;
      const reason = legal ? "" : st.why_not[card] || st.idle_words;
      const isNew = st.new_card === card;
      const words = `${cardName(card)}${isNew ? ", the card you picked up" : ""}`;
      const button = h("button", {
        type: "button",
        class: `card in-hand${usable ? " playable" : " unplayable"}${isNew ? " new" : ""}`,
        "aria-label": usable ? `${legal.action.split(" ")[0] === "discard" ? "Discard"
          : legal.action.split(" ")[0] === "give" ? "Give" : "Play"} ${words}`
          : `${words}: ${reason || "not now"}`,
        "aria-disabled": usable ? null : "true",
        title: usable ? spoken(legal.label) : reason || null,
        dataset: usable ? { key: `card-${card}`, card, action: legal.action }
          : { key: `card-${card}`, card },
        onclick: () => {
          if (usable) this.act(legal.action);
          else this.showWhy(card, reason);
        },
        onfocus: () => {
          if (!usable && reason) this.showWhy(card, reason);
        },
      }, cardSvg(card), isNew ? h("span", { class: "new-flag" }, "new") : null);
      return button;
    });
    replace(this.el.hand, cards, this.el.hand);
    this.el.hand.classList.toggle("choosing", Object.keys(byCard).length > 0 && !busy);
    if (!this.why) setText(this.el.why, Object.keys(byCard).length && !busy ? st.hand_words : "");
  }

  showWhy(card, reason) {
    this.why = reason ? `${cardShort(card)}: ${reason}` : "";
    setText(this.el.why, this.why);
  }

  renderControls() {
    const st = this.state;
    const busy = this.pending !== null;
    const buttons = [];
    let turn;
    if (st.phase === "waiting" && this.host) {
      // the host's own words go with the start button, which only the host has
      turn = "Start when everyone is here: open seats nobody takes are played by bots.";
      buttons.push(h("button", { type: "button", class: "primary", id: "start",
        dataset: { key: "start" }, onclick: () => this.socket.send({ type: "start" }) },
      "Start the game"));
    } else if (st.legal.length && st.phase !== "waiting" && st.phase !== "over") {
      turn = busy ? "Sent…" : st.prompt;
      const inHand = new Set(st.hand);
      for (const a of st.legal) {
        const m = a.action.match(/^(play|discard|give) (\S+)$/);
        if (m && inHand.has(m[2])) continue; // offered on the card itself
        buttons.push(h("button", {
          type: "button", class: "bid", disabled: busy,
          dataset: { key: `act-${a.action}`, action: a.action },
          "aria-label": spoken(a.label), onclick: () => this.act(a.action),
        }, a.label));
      }
    } else {
      turn = st.prompt;
    }
    this.el.turn.textContent = turn;
    replace(this.el.actions, buttons, this.el.turn);
    if (st.turn_deadline && st.to_act >= 0 && st.phase !== "over") {
      const who = st.to_act === st.viewer ? "Your time" : `${this.nameOf(st.to_act, true)}'s time`;
      replace(this.el.timer, h("span", { dataset: { deadline: st.turn_deadline,
        prefix: `${who} left: ` } }, `${who} left`));
    } else {
      this.el.timer.replaceChildren();
    }
    const mine = st.legal.length > 0 && st.viewer !== null;
    const lastEmpty = !st.last_trick.length;
    replace(this.el.tools, [
      st.viewer !== null && st.viewer !== undefined ? h("button", {
        type: "button", id: "hint", dataset: { key: "hint" },
        disabled: !mine || busy || this.hint === "asking",
        onclick: () => this.askHint(),
      }, "Hint") : null,
      h("button", {
        type: "button", id: "last-trick", dataset: { key: "last" },
        "aria-expanded": String(this.showLast), "aria-controls": "last-box",
        disabled: lastEmpty && !this.showLast,
        onclick: () => {
          this.showLast = !this.showLast;
          this.renderControls();
          this.renderSide();
        },
      }, this.showLast ? "Hide last trick" : "Last trick"),
    ], this.el.turn);
    setText(this.el.notice, this.notice);
  }

  renderSide() {
    if (!this.state) return;
    this.renderSummary();
    this.renderHint();
    this.renderLast();
    this.renderInvite();
  }

  /** Whether the part ``name`` must be drawn again: what it shows (``key``) changed.
   * Live regions drawn again for nothing would be read out again. */
  changed(name, key) {
    this.keys = this.keys || {};
    const text = JSON.stringify(key);
    if (this.keys[name] === text) return false;
    this.keys[name] = text;
    return true;
  }

  renderSummary() {
    const st = this.state;
    if (!this.changed("summary", [st.phase, st.winner, st.team, this.summary,
      st.results.length])) return;
    const parts = [];
    if (st.phase === "over") {
      const base = `/api/tables/${encodeURIComponent(this.id)}`;
      parts.push(h("div", { class: "panel game-over", id: "game-over" },
        h("h2", {}, "Game over"),
        h("p", { class: "big" }, st.end_words),
        st.side_words ? h("p", {}, st.side_words) : null,
        h("ul", { class: "links" },
          h("li", {}, h("a", { href: `${base}/record.json`, download: "", id: "record-json" },
            "Download the record (JSON)")),
          h("li", {}, h("a", { href: `${base}/record.egn`, download: "", id: "record-egn" },
            "Download the record (EGN)")),
          h("li", {}, h("a", { href: `/replay/${encodeURIComponent(this.id)}`, id: "replay-link" },
            "Watch the replay, all hands shown")),
          h("li", {}, h("a", { href: "/" }, "Back to the lobby")))));
    }
    const r = this.summary;
    if (r) {
      parts.push(h("div", { class: "panel deal-summary", id: "deal-summary" },
        h("h2", {}, "Last deal"),
        h("p", {}, r.line),
        h("p", {}, r.gains_line),
        h("p", {}, r.score_line),
        st.results.length > 1 ? h("details", {}, h("summary", {}, "Every deal"),
          h("ol", {}, st.results.map((x) => h("li", {}, x.line)))) : null,
        st.phase === "over" ? null : h("button", { type: "button", dataset: { key: "dismiss" },
          onclick: () => {
            this.summary = null;
            this.renderSummary();
          } }, "Hide")));
    }
    replace(this.el.summary, parts, this.el.turn);
  }

  renderHint() {
    const box = this.el.hintBox;
    const hint = this.hint;
    if (!this.changed("hint", hint)) return;
    if (!hint) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    if (hint === "asking") {
      replace(box, [h("h2", {}, "Hint"), h("p", {}, "Thinking…")]);
      return;
    }
    // the words of the buttons for the same actions ("Pick up" for the dealer)
    const words = Object.fromEntries(this.state.legal.map((a) => [a.action, a.label]));
    const say = (action, label) => words[action] || capital(label);
    const rows = hint.values ? h("table", { class: "hint-values" },
      h("caption", {}, "Expected points of each choice, best first"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Choice"),
        h("th", { scope: "col" }, "Value"))),
      h("tbody", {}, hint.values.map((v) => h("tr", {
        class: v.action === hint.choice ? "best" : "" },
      h("td", {}, say(v.action, v.label), v.action === hint.choice ? " (suggested)" : ""),
      h("td", {}, (v.value >= 0 ? "+" : "") + v.value.toFixed(2))))))
      : h("p", { class: "help" }, hint.note || "");
    replace(box, [h("h2", {}, `Hint from ${hint.bot}`),
      h("p", {}, "Suggested: ", h("strong", {}, say(hint.choice, hint.choice_label))), rows]);
  }

  renderLast() {
    const box = this.el.lastBox;
    const st = this.state;
    if (!this.changed("last", [this.showLast, st.last_trick, st.last_winner,
      st.seats.map((x) => this.nameOf(x.seat))])) return;
    if (!this.showLast) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const trick = st.last_trick;
    replace(box, [h("h2", {}, "Last trick"),
      trick.length ? h("ul", { class: "last-trick" }, trick.map(({ seat, card }) => h("li", {},
        cardFigure(card, "small"),
        ` ${this.nameOf(seat, true)}: ${cardShort(card)}`
        + `${seat === st.last_winner ? " (won it)" : ""}`)))
        : h("p", {}, "No trick finished yet in this deal.")]);
  }

  renderInvite() {
    const box = this.el.invite;
    const st = this.state;
    if (!this.changed("invite", [st.phase === "over", this.host, this.seats, st.viewer,
      invitesOf(this.id)])) return;
    if (st.phase === "over") {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const origin = location.origin;
    const base = `${origin}/t/${encodeURIComponent(this.id)}`;
    const rows = [];
    const linkRow = (key, words, url) => {
      const input = h("input", { type: "text", readonly: true, value: url,
        "aria-label": `${words}: link`, class: "link", id: `link-${key}` });
      const note = h("span", { class: "copied", "aria-live": "polite" });
      rows.push(h("li", {}, h("span", { class: "link-words" }, `${words}: `), input,
        h("button", { type: "button", dataset: { key: `copy-${key}` },
          "aria-label": `Copy the link: ${words}`,
          onclick: async () => {
            note.textContent = await copyText(url, input);
          } }, "Copy"), note));
    };
    let fresh = null;
    if (this.host && this.seats) {
      const links = new Map(invitesOf(this.id).map((i) => [i.seat, i.link]));
      for (const s of this.seats) {
        if (s.open && s.seat !== st.viewer && links.has(s.seat)) {
          linkRow(`seat-${s.seat}`, `Invite to ${s.place}`, links.get(s.seat));
        }
      }
      fresh = h("button", { type: "button", dataset: { key: "new-invites" },
        onclick: () => this.newInvites() }, "New invite links");
    }
    linkRow("watch", "Spectators", base);
    replace(box, [h("h2", {}, this.host ? "Invite" : "Links"),
      this.host ? h("p", { class: "help" }, "Each seat's link carries its secret token: "
        + "whoever opens it takes the seat (a bot's too). New links cancel the old ones of "
        + "the seats nobody has taken.") : null,
      h("ul", { class: "invites" }, rows), fresh]);
  }

  /** The host asks for new invite links (the old ones of untaken seats stop working). */
  async newInvites() {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(this.id)}/invites`,
      { token: this.held ? this.held.token : "" });
    if (!answer.ok) {
      this.say(`No new links: ${answer.data.error}`);
      return;
    }
    keepInvites(this.id, answer.data.invites);
    this.renderInvite();
    this.say("New invite links are ready.");
  }
}

// -- words ------------------------------------------------------------------------

/** Set a node's text only when it differs (a live region is not read out again). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

function tick(root) {
  const now = Date.now();
  for (const node of root.querySelectorAll("[data-deadline]")) {
    const left = Number(node.dataset.deadline) - now;
    node.textContent = `${node.dataset.prefix || ""}${clock(left)}`;
    node.classList.toggle("urgent", left < 10000);
  }
}
