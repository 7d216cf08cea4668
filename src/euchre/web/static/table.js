// The table page (/t/{id}): one seat's view of a table, or a spectator's, over the
// table's WebSocket. Everything drawn comes from the server's ``state``; the page offers
// exactly ``state.legal`` and never decides what is legal itself. The sentences about
// the table (the events, the prompt, the phase, the status, the deals' results, the end
// of the game) come worded from the server for this receiver: the page only lays them
// out, always as text (a player's name in them is never read as HTML).

import {
  backSvg, cardFigure, cardName, cardShort, cardSvg, spoken, SUITS,
} from "/static/cards.js";
import { winChart } from "/static/chart.js";
import {
  announce, clock, copyText, forgetSeat, h, invitesOf, keepInvites, keepSeat, replace, saveName,
  savedName, seatOf, store,
} from "/static/dom.js";
import { assignKeys, typing } from "/static/keys.js";
import { api, commandId, TableSocket } from "/static/net.js";
import { beep } from "/static/sound.js";

const HOLD_MS = 1600; // how long a completed trick stays on the table
const COLLECT_MS = 350; // how long it takes to go to its winner
const AUTO_MS = 500; // the pause before the page answers a question by itself
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
    this.dealShown = null; // the finished deal whose summary is over the table, or null
    this.dealSeen = -1; // the number of finished deals whose summary was shown or passed
    this.overClosed = false; // the player closed the game-over dialog to look at the table
    this.showLast = false;
    this.drawerOpen = window.matchMedia("(min-width: 1100px)").matches;
    this.tab = "log";
    this.prefs = { autoplay: false, sounds: false, ...(store.get("euchre.prefs") || {}) };
    this.quiet = Boolean(store.get(`euchre.defend.${id}`)); // "don't ask me" to defend alone
    this.notice = "";
    this.why = "";
    this.stopped = false;
    this.chances = null; // the game's chance-of-winning values, once over
  }

  start() {
    this.build();
    this.socket = new TableSocket(this.id, {
      hello: () => this.helloMessage(),
      onMessage: (m) => this.receive(m),
      onStatus: (s, detail) => this.connStatus(s, detail),
    });
    this.socket.connect();
    this.ticker = setInterval(() => this.tick(), 250);
    document.addEventListener("keydown", (e) => this.onKey(e));
    // the side panel sits beside the table at a desk, over it on a phone: it opens and
    // closes with the change
    window.matchMedia("(min-width: 1100px)").addEventListener("change", (e) => {
      this.drawerOpen = e.matches;
      this.renderDrawer();
    });
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
    document.body.classList.add("at-table");
    this.el = {
      title: $("h1", { id: "table-title", class: "sr-only" }, "Table"),
      banner: $("div", { id: "banner", class: "banner", role: "status" }),
      board: $("div", { id: "scoreboard", class: "scoreboard", role: "group",
        "aria-label": "Score" }),
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
      overlay: $("div", { id: "overlay", class: "overlay", hidden: true }),
      deals: $("section", { id: "deals", class: "deals" }),
      rules: $("section", { id: "rules", class: "rules" }),
      hintBox: $("section", { id: "hint-box", class: "hint-box", hidden: true,
        "aria-live": "polite" }),
      lastBox: $("section", { id: "last-box", class: "last-box", hidden: true }),
      invite: $("section", { id: "invite", class: "invite" }),
      log: $("ol", { id: "log", class: "log" }),
      chat: $("ol", { id: "chat", class: "chat", "aria-live": "polite" }),
      drawer: $("aside", { id: "drawer", class: "drawer", "aria-labelledby": "drawer-title" }),
      menu: $("button", { type: "button", id: "menu-button", class: "menu-button",
        "aria-controls": "drawer", "aria-keyshortcuts": "M",
        onclick: () => this.toggleDrawer() }),
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
    this.el.felt.append(this.el.seats);
    this.el.tabs = $("div", { class: "tabs", role: "tablist", "aria-label": "Table" });
    this.el.panes = {
      log: $("section", { id: "pane-log", class: "pane" },
        $("h3", { class: "sr-only" }, "What happened"), this.el.log),
      chat: $("section", { id: "pane-chat", class: "pane" },
        $("h3", { class: "sr-only" }, "Chat"), this.el.chat, chatForm),
      deal: $("section", { id: "pane-deal", class: "pane" },
        $("h3", {}, "This deal"), this.el.status, this.el.deals),
      table: $("section", { id: "pane-table", class: "pane" }, this.el.rules, this.el.invite),
      settings: $("section", { id: "pane-settings", class: "pane" }, this.settingsForm()),
    };
    this.el.drawer.append(
      $("div", { class: "drawer-head" },
        $("h2", { id: "drawer-title" }, "The table"),
        $("button", { type: "button", class: "close", id: "drawer-close",
          "aria-label": "Close the side panel", onclick: () => this.toggleDrawer(false) },
        "✕")),
      this.el.tabs, ...Object.values(this.el.panes));
    this.root = $("div", { class: "table-page", id: "table-page" },
      this.el.title, this.el.banner,
      $("div", { class: "table-head" }, this.el.board, this.el.menu),
      $("div", { class: "board" },
        $("div", { class: "play" },
          $("h2", { class: "sr-only" }, "The table"),
          this.el.felt,
          $("section", { class: "dock", "aria-labelledby": "controls-title" },
            $("h2", { id: "controls-title", class: "sr-only" }, "Your move"),
            $("div", { class: "prompt-row" }, this.el.turn, this.el.timer, this.el.tools),
            this.el.actions,
            this.el.notice, this.el.hintBox, this.el.lastBox,
            $("div", { class: "hand-area" },
              $("h2", { id: "hand-title", class: "sr-only" }, "Your hand"),
              this.el.hand, this.el.why)),
          this.el.overlay),
        this.el.drawer));
    this.root.view = this; // for the browser tests: the state drawn (``view.state``)
    this.main.replaceChildren(this.root);
    this.el.turn.textContent = "Connecting to the table…";
    this.renderTabs();
    this.renderDrawer();
  }

  settingsForm() {
    const box = (key, words, help) => {
      const id = `pref-${key}`;
      const input = h("input", { type: "checkbox", id, checked: Boolean(this.prefs[key]),
        onchange: () => {
          this.prefs[key] = input.checked;
          store.set("euchre.prefs", this.prefs);
          this.renderAll();
        } });
      return h("div", { class: "field check" }, input, h("label", { for: id }, words),
        h("p", { class: "help" }, help));
    };
    const quiet = h("input", { type: "checkbox", id: "pref-quiet", checked: this.quiet,
      onchange: () => this.setQuiet(quiet.checked) });
    this.el.quiet = quiet;
    return h("div", { class: "settings" },
      h("h3", {}, "Settings"),
      box("autoplay", "Play a forced card by itself",
        "when only one card may be played, it is played for you"),
      h("div", { class: "field check" }, quiet,
        h("label", { for: "pref-quiet" }, "Don't ask me to defend alone"),
        h("p", { class: "help" }, "for this game: the page answers Stay for you")),
      box("sounds", "Sounds", "a tone for your turn, each card and each trick"),
      h("h3", {}, "Keys"),
      h("ul", { class: "keys-help" },
        h("li", {}, h("kbd", {}, "1"), "–", h("kbd", {}, "7"), " play the card in that place"),
        h("li", {}, "the letter on a button answers with it"),
        h("li", {}, h("kbd", {}, "Enter"), " or ", h("kbd", {}, "Space"),
          " the next deal, after a deal's summary"),
        h("li", {}, h("kbd", {}, "?"), " a hint, ", h("kbd", {}, "L"), " the last trick, ",
          h("kbd", {}, "M"), " this panel, ", h("kbd", {}, "Esc"), " close it")));
  }

  setQuiet(on) {
    this.quiet = on;
    if (on) store.set(`euchre.defend.${this.id}`, true);
    else store.remove(`euchre.defend.${this.id}`);
    if (this.el.quiet) this.el.quiet.checked = on;
    this.renderAll();
  }

  toggleDrawer(open = !this.drawerOpen) {
    this.drawerOpen = open;
    this.renderDrawer();
    this.renderTabs();
    if (open) {
      const tab = this.el.tabs.querySelector('[aria-selected="true"]');
      if (tab && !window.matchMedia("(min-width: 1100px)").matches) tab.focus();
    } else {
      this.el.menu.focus({ preventScroll: true });
    }
  }

  renderDrawer() {
    this.root.classList.toggle("drawer-open", this.drawerOpen);
    this.el.drawer.hidden = !this.drawerOpen;
    this.el.menu.setAttribute("aria-expanded", String(this.drawerOpen));
    replace(this.el.menu, [h("span", { "aria-hidden": "true" }, "☰ "),
      this.drawerOpen ? "Close" : "Table",
      this.unread ? h("span", { class: "unread" }, ` · chat: ${this.unread} new`) : null,
      h("kbd", { class: "key", "aria-hidden": "true" }, "M")]);
  }

  renderTabs() {
    if (this.tab === "chat" && this.drawerOpen && this.unread) {
      this.unread = 0;
      this.renderDrawer();
    }
    const words = { log: "Log", chat: this.unread ? `Chat (${this.unread})` : "Chat",
      deal: "Deal", table: "Rules & links", settings: "Settings" };
    const tabs = Object.keys(words).map((key) => h("button", {
      type: "button", role: "tab", id: `tab-${key}`, "aria-controls": `pane-${key}`,
      "aria-selected": String(this.tab === key), tabindex: this.tab === key ? 0 : -1,
      dataset: { key: `tab-${key}` },
      onclick: () => {
        this.tab = key;
        this.renderTabs();
      },
      onkeydown: (e) => {
        const keys = Object.keys(words);
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        e.preventDefault();
        this.tab = keys[(keys.indexOf(key) + step + keys.length) % keys.length];
        this.renderTabs();
        this.el.tabs.querySelector(`#tab-${this.tab}`).focus();
      },
    }, words[key]));
    replace(this.el.tabs, tabs);
    for (const [key, pane] of Object.entries(this.el.panes)) {
      pane.hidden = key !== this.tab;
      pane.setAttribute("role", "tabpanel");
      pane.setAttribute("aria-labelledby", `tab-${key}`);
    }
    if (this.tab === "log") this.el.log.scrollTop = this.el.log.scrollHeight;
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
    const firstWelcome = this.table === null;
    this.table = m.table;
    if (firstWelcome) this.loadRules();
    // a host with seats to fill finds the invite links open before the start
    if (firstWelcome && m.host && m.state.phase === "waiting"
        && m.seats.some((s) => s.open && s.kind === "person")
        && window.matchMedia("(min-width: 1100px)").matches) {
      this.tab = "table";
      this.renderTabs();
    }
    this.host = Boolean(m.host);
    this.role = m.role;
    this.syncing = false;
    const first = this.state === null;
    this.seats = m.seats;
    this.seatsSeq = this.seq;
    document.getElementById("where").textContent = m.role === "spectator"
      ? `${m.table.name} · watching` : m.table.name;
    this.el.title.textContent = m.table.name;
    const pending = this.pending;
    this.setState(m.state);
    if (first) {
      this.addLog(m.role === "spectator" ? `You are watching ${m.table.name}.`
        : `You sit at ${m.table.seats[m.seat].place} at ${m.table.name}.`);
      this.dealSeen = m.state.results.length; // a summary from before coming in is not shown
      this.logged = m.state.version;
      this.renderSide();
    }
    // a command sent before the drop: the same id again takes effect at most once
    if (pending && this.pending === pending && m.state.version === pending.version) {
      this.socket.send(pending);
    }
  }

  /** The table's rules in lines, for the side panel (``GET /api/tables/{id}``). */
  async loadRules() {
    const answer = await api("GET", `/api/tables/${encodeURIComponent(this.id)}`);
    const lines = answer.ok ? answer.data.rules_lines || [] : [];
    replace(this.el.rules, [h("h3", {}, "Rules"), lines.length
      ? h("ul", { class: "rules-list" }, lines.map((line) => h("li", {}, line)))
      : h("p", { class: "help" }, "The rules could not be loaded: reload the page.")]);
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
      if (ev.result && loud && state.deal_break) {
        this.dealShown = { ...ev.result, trick: ev.trick || [], winner: ev.trick_winner };
        this.dealSeen = state.results.length;
        this.beep("deal");
      }
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
    this.beep("trick");
    setTimeout(() => {
      if (this.hold !== hold) return;
      // the trick goes to its winner's side, then the felt is drawn without it
      const grid = this.el.felt.querySelector(".trick-grid");
      const pos = this.positionOf(winner);
      if (grid && !reducedMotion()) {
        grid.classList.add("collect", `to-${pos}`);
        setTimeout(() => this.endHold(hold), COLLECT_MS);
      } else {
        this.endHold(hold);
      }
    }, HOLD_MS);
  }

  endHold(hold) {
    if (this.hold !== hold) return;
    this.hold = null;
    this.renderFelt();
    this.renderOverlay();
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
    if (!this.drawerOpen || this.tab !== "chat") {
      this.unread = (this.unread || 0) + 1;
      this.renderDrawer();
      this.renderTabs();
    }
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
        this.beep("turn");
      }
    }
    if (state.phase === "over" && (!before || before.phase !== "over")) {
      announce(state.end_words);
    }
    if (state.phase !== "over") this.overClosed = false;
    if (this.dealShown && !state.deal_break) this.dealShown = null; // the pause is over
    document.title = `${mine ? "(Your turn) " : ""}${this.table ? this.table.name : "Table"}`
      + " – Euchre";
    this.renderAll();
    this.answerByItself();
  }

  /** The questions the player asked the page to answer: "defend alone?" with Stay
   * ("don't ask me"), and a card that is the only one that may be played. */
  answerByItself() {
    const st = this.state;
    if (this.pending || !st.legal.length || this.autoAt === st.version) return;
    const actions = st.legal.map((a) => a.action);
    let answer = null;
    if (this.quiet && this.defending()) answer = "stay";
    else if (this.prefs.autoplay && actions.length === 1 && actions[0].startsWith("play ")) {
      answer = actions[0];
    }
    if (!answer) return;
    this.autoAt = st.version;
    const version = st.version;
    setTimeout(() => {
      if (this.state.version === version && !this.pending && !this.dealShown) {
        this.act(answer);
      } else if (this.dealShown) {
        this.autoAt = -1; // after the summary
      }
    }, AUTO_MS);
  }

  /** Whether the question now is a defender's "defend alone?". */
  defending() {
    const st = this.state;
    const actions = st.legal.map((a) => a.action).sort().join(",");
    if (actions !== "alone,stay" || st.maker === null || st.maker === undefined) return false;
    const maker = st.seats[st.maker];
    return Boolean(maker && maker.role === "opponent");
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

  beep(name) {
    if (this.prefs.sounds) beep(name);
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
    this.renderBoard();
    this.renderStatus();
    this.renderFelt();
    this.renderHand();
    this.renderControls();
    this.renderSide();
    this.renderOverlay();
  }

  /** The score strip: each side's points (and tricks in this deal), the target. */
  renderBoard() {
    const st = this.state;
    if (!this.changed("board", [st.board, st.target, st.deals_limit, st.phase])) return;
    const many = (st.board || []).length > 3;
    const sides = (st.board || []).map((row) => h("span", {
      class: `side${row.you ? " mine" : ""}`,
      "aria-label": `${row.label}: ${row.score} point${row.score === 1 ? "" : "s"}`
        + (st.phase === "play" ? `, ${row.tricks} trick${row.tricks === 1 ? "" : "s"}` : ""),
    },
    h("span", { class: "side-name", "aria-hidden": "true", title: row.label },
      many ? row.short : row.label),
    h("strong", { class: "side-score", "aria-hidden": "true" }, String(row.score)),
    st.phase === "play" && !many ? h("span", { class: "side-tricks", "aria-hidden": "true" },
      `${row.tricks}${row.tricks === 1 ? " trick" : " tricks"}`) : null));
    const goal = st.target ? `to ${st.target}` : st.deals_limit ? `${st.deals_limit} deals` : "";
    replace(this.el.board, [...sides, goal ? h("span", { class: "goal" }, goal) : null]);
  }

  /** The drawer's status list: the server's rows for this receiver, ``[term, text]``
   *  (the upcard's row adds its card: ``[term, text, card]``). */
  renderStatus() {
    const items = this.state.status.map(([term, text, card]) => h("div", { class: "stat" },
      h("dt", {}, term),
      card ? h("dd", {}, h("span", { class: "mini" }, cardFigure(card, "tiny")), ` ${text}`)
        : h("dd", {}, text)));
    replace(this.el.status, items);
  }

  positionOf(seat) {
    const s = this.state && this.state.seats[seat];
    return s ? s.position : "bottom";
  }

  renderFelt() {
    const st = this.state;
    const others = st.seats.length - 1;
    this.el.felt.className = `felt players-${st.players} others-${others}`;
    const seats = st.seats.map((s) => this.seatBox(this.seat(s.seat)));
    replace(this.el.seats, [...seats, this.trickArea()]);
  }

  seatBox(s) {
    const st = this.state;
    const you = s.seat === st.viewer;
    const tags = [];
    const tag = (text, cls, title) => tags.push(h("span", { class: `tag ${cls}`, title },
      text));
    if (s.dealer) tag("Dealer", "dealer", "deals this hand");
    if (s.maker) tag("Maker", "maker", "named trump");
    if (s.alone) tag("Alone", "alone", "plays alone");
    if (s.sitting_out) tag("Out", "out", "sits out this hand");
    if (!you && s.role === "partner") tag("Partner", "partner", "your partner");
    const won = st.per_player && st.phase === "play" ? st.tricks_won[s.seat] : null;
    let away = null;
    if (s.kind === "bot" && s.stand_in) {
      away = h("span", { class: "presence" }, `a bot (${s.bot}) plays for them`);
    } else if (s.kind !== "bot" && !s.present) {
      away = s.away_until
        ? h("span", { class: "presence", dataset: { deadline: s.away_until,
          prefix: "away: a bot in " } }, "away")
        : h("span", { class: "presence" }, st.phase === "waiting" ? "not here yet" : "away");
    }
    const count = `${s.cards} card${s.cards === 1 ? "" : "s"}`;
    const last = s.calls.length ? s.calls[s.calls.length - 1] : "";
    const backs = you ? null : h("span", { class: "backs", role: "img", "aria-label": count },
      Array.from({ length: Math.min(s.cards, 7) }, () => h("span", { class: "back-card" },
        backSvg())), h("span", { class: "count", "aria-hidden": "true" }, String(s.cards)));
    const bot = s.kind === "bot" && !s.stand_in;
    const label = `${you ? `You, ${s.place}` : bot ? `${s.place}, the ${s.bot} bot`
      : `${s.name}, ${s.place}`}${tags.length ? ", " : ""}`
      + `${tags.map((t) => t.textContent.toLowerCase()).join(", ")}`
      + `${you ? "" : `, ${count}`}${won !== null ? `, ${won} won` : ""}`
      + `${last ? `, said: ${last}` : ""}`
      + `${s.to_act ? ", to act" : ""}`;
    return h("section", {
      class: `seat pos-${s.position}${s.to_act ? " to-act" : ""}${you ? " you" : ""}`
        + `${s.sitting_out ? " sitting-out" : ""}${s.kind === "bot" ? " bot" : ""}`,
      "aria-label": label, dataset: { seat: s.seat },
    },
    h("h3", { class: "seat-name", title: `${s.name} · ${s.place}` },
      s.to_act ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null,
      // a bot is named by its seat: its level beside it, not the place twice
      you ? `${s.name} (you)` : bot ? s.place : s.name,
      bot && !you
        ? h("span", { class: "level" }, ` · ${s.bot}`) : null),
    h("div", { class: "seat-line" }, tags, backs,
      won !== null ? h("span", { class: "won" }, `won ${won}`) : null,
      last ? h("span", { class: "said", title: s.calls.join(", ") }, last) : null, away));
  }

  trickArea() {
    const st = this.state;
    const holding = this.hold && this.hold.until + COLLECT_MS > Date.now()
      && !(st.trick.length && st.legal.length);
    const trick = holding ? this.hold.trick : st.trick;
    const now = new Set();
    const cards = trick.map(({ seat, card }) => {
      const key = `${seat}:${card}`;
      now.add(key);
      const fresh = !this.shown.has(key);
      const pos = this.positionOf(seat);
      const winner = holding && seat === this.hold.winner;
      const name = this.nameOf(seat, true);
      const node = h("div", { class: `slot pos-${pos}${winner ? " winner" : ""}` },
        h("span", { class: `card tcard${fresh ? " enter" : ""}`, role: "img",
          "aria-label": `${name}: ${cardName(card)}${winner ? " (takes the trick)" : ""}` },
        cardSvg(card)),
        h("span", { class: "slot-name", "aria-hidden": "true" },
          winner ? h("span", { class: "star" }, "★ ") : null, name));
      if (fresh) {
        const moving = node.firstChild;
        if (seat !== st.viewer) this.beep("card");
        requestAnimationFrame(() => requestAnimationFrame(() => moving.classList.remove("enter")));
      }
      return node;
    });
    this.shown = now;
    let centre = null;
    if (!trick.length && st.upcard && (st.phase === "bid1" || st.phase === "waiting"
        || st.upcard_state === "up")) {
      centre = h("div", { class: "centre upcard" }, cardFigure(st.upcard),
        h("span", { class: "centre-words" }, "Upcard"));
    } else if (!trick.length && st.phase === "bid2" && st.upcard) {
      centre = h("div", { class: "centre upcard" },
        h("span", { class: "card turned", role: "img",
          "aria-label": `${cardName(st.upcard)}, turned down` }, backSvg()),
        h("span", { class: "centre-words" }, `${cardShort(st.upcard)} turned down`));
    }
    const trump = this.trumpBadge();
    const caption = holding ? this.hold.text : st.trick_words;
    return h("div", { id: "trick", class: "trick", role: "group",
      "aria-label": "Cards on the table" },
    h("div", { class: "trick-grid" }, cards,
      centre || trump ? h("div", { class: "centre-cell" }, centre, trump) : null),
    h("p", { class: "trick-caption" }, caption));
  }

  /** Trump on the felt, once named (or, in Napoleon, what the first lead will do). */
  trumpBadge() {
    const st = this.state;
    const row = st.status.find(([term]) => term === "Trump");
    if (!row || (st.trump === null && !(st.form === "napoleon" && st.phase === "play"))) {
      return null;
    }
    const suit = st.trump && SUITS[st.trump];
    return h("div", { id: "trump-badge", class: `trump-badge${suit && suit.red ? " red" : ""}`,
      role: "note", "aria-label": `Trump: ${row[1]}` },
    h("span", { class: "trump-word", "aria-hidden": "true" }, "Trump"),
    suit ? h("span", { class: "trump-suit", "aria-hidden": "true" }, suit.symbol) : null,
    h("span", { class: "trump-name", "aria-hidden": "true" }, suit ? suit.name : row[1]));
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
    const cards = st.hand.map((card, i) => {
      const legal = byCard[card];
      const usable = legal && !busy;
      const reason = legal ? "" : st.why_not[card] || st.idle_words;
      const isNew = st.new_card === card;
      const words = `${cardName(card)}${isNew ? ", the card you picked up" : ""}`;
      const verb = legal ? { discard: "Discard", give: "Give" }[legal.action.split(" ")[0]]
        || "Play" : "";
      const key = i < 9 ? String(i + 1) : null;
      return h("button", {
        type: "button",
        class: `card in-hand${usable ? " playable" : " unplayable"}${isNew ? " new" : ""}`,
        "aria-label": usable ? `${verb} ${words}` : `${words}: ${reason || "not now"}`,
        "aria-disabled": usable ? null : "true",
        "aria-keyshortcuts": usable && key ? key : null,
        title: usable ? `${spoken(legal.label)}${key ? ` (key ${key})` : ""}` : reason || null,
        dataset: usable ? { key: `card-${card}`, card, action: legal.action }
          : { key: `card-${card}`, card },
        onclick: () => {
          if (usable) this.act(legal.action);
          else this.showWhy(card, reason);
        },
        onfocus: () => {
          if (!usable && reason) this.showWhy(card, reason);
        },
      }, cardSvg(card), isNew ? h("span", { class: "new-flag" }, "new") : null,
      usable && key ? h("kbd", { class: "key", "aria-hidden": "true" }, key) : null);
    });
    this.el.hand.style.setProperty("--n", String(Math.max(5, st.hand.length)));
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
    this.keys = {};
    if (st.phase === "waiting" && this.host) {
      // the host's own words go with the start button, which only the host has
      turn = "Start when everyone is here: open seats nobody takes are played by bots.";
      buttons.push(h("button", { type: "button", class: "primary", id: "start",
        dataset: { key: "start" }, onclick: () => this.socket.send({ type: "start" }) },
      "Start the game"), h("button", { type: "button", id: "show-invites",
        dataset: { key: "show-invites" }, "aria-controls": "drawer", onclick: () => {
          this.tab = "table";
          this.toggleDrawer(true);
        } }, "Invite links"));
    } else if (st.legal.length && st.phase !== "waiting" && st.phase !== "over") {
      turn = busy ? "Sent…" : st.prompt;
      const inHand = new Set(st.hand);
      const offered = st.legal.filter((a) => {
        const m = a.action.match(/^(play|discard|give) (\S+)$/);
        return !(m && inHand.has(m[2])); // offered on the card itself
      });
      const keys = assignKeys(offered);
      offered.forEach((a, i) => {
        const key = keys[i];
        if (key) this.keys[key] = a.action;
        buttons.push(h("button", {
          type: "button", class: `bid${a.action === "stay" && this.defending() ? " quick" : ""}`,
          disabled: busy,
          dataset: { key: `act-${a.action}`, action: a.action },
          "aria-label": spoken(a.label), "aria-keyshortcuts": key ? key.toUpperCase() : null,
          onclick: () => this.act(a.action),
        }, a.label, key ? h("kbd", { class: "key", "aria-hidden": "true" }, key.toUpperCase())
          : null));
      });
      if (this.defending() && !busy) {
        buttons.push(h("button", { type: "button", class: "link-button", id: "quiet",
          dataset: { key: "quiet" }, onclick: () => {
            this.setQuiet(true);
            this.act("stay");
          } }, "Stay, and don't ask again"));
      }
    } else {
      turn = st.prompt;
      if (st.phase === "over" && this.overClosed) {
        buttons.push(h("button", { type: "button", id: "game-over-open", class: "primary",
          dataset: { key: "game-over-open" }, onclick: () => {
            this.overClosed = false;
            this.renderAll();
          } }, "The result, the replay and the record"));
      }
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
        type: "button", id: "hint", class: "tool", dataset: { key: "hint" },
        disabled: !mine || busy || this.hint === "asking", "aria-keyshortcuts": "?",
        onclick: () => this.askHint(),
      }, "Hint", h("kbd", { class: "key", "aria-hidden": "true" }, "?")) : null,
      h("button", {
        type: "button", id: "last-trick", class: "tool", dataset: { key: "last" },
        "aria-expanded": String(this.showLast), "aria-controls": "last-box",
        "aria-keyshortcuts": "L",
        disabled: lastEmpty && !this.showLast,
        onclick: () => this.toggleLast(),
      }, this.showLast ? "Hide last trick" : "Last trick",
      h("kbd", { class: "key", "aria-hidden": "true" }, "L")),
    ], this.el.turn);
    setText(this.el.notice, this.notice);
  }

  toggleLast() {
    this.showLast = !this.showLast;
    this.renderControls();
    this.renderSide();
  }

  renderSide() {
    if (!this.state) return;
    this.renderDeals();
    this.renderHint();
    this.renderLast();
    this.renderInvite();
  }

  /** Whether the part ``name`` must be drawn again: what it shows (``key``) changed.
   * Live regions drawn again for nothing would be read out again. */
  changed(name, key) {
    this.drawn = this.drawn || {};
    const text = JSON.stringify(key);
    if (this.drawn[name] === text) return false;
    this.drawn[name] = text;
    return true;
  }

  /** The drawer's list of every finished deal. */
  renderDeals() {
    const st = this.state;
    if (!this.changed("deals", st.results.length)) return;
    replace(this.el.deals, st.results.length ? [h("h3", {}, "Every deal"),
      h("ol", { class: "deal-list" }, st.results.map((x) => h("li", {},
        h("strong", {}, `${x.headline}: `), x.line)))] : []);
  }

  /** Over the table: a finished deal's summary (while the table pauses after it, once
   * its last trick has been shown), or the end of the game. */
  renderOverlay() {
    const st = this.state;
    const holding = this.hold && this.hold.until + COLLECT_MS > Date.now();
    let show = null;
    if (st.phase === "over" && !this.overClosed && !holding) show = "over";
    else if (this.dealShown && !holding) show = "deal";
    if (!this.changed("overlay", [show, show === "deal" ? this.dealShown : null,
      show === "over" ? [st.end_words, st.results.length, this.chances, this.egn] : null])) {
      return;
    }
    const box = this.el.overlay;
    if (!show) {
      const had = box.contains(document.activeElement);
      box.hidden = true;
      box.replaceChildren();
      if (had) this.focusPlay();
      return;
    }
    box.hidden = false;
    const dialog = show === "over" ? this.gameOverDialog() : this.dealDialog(this.dealShown);
    replace(box, dialog);
    const first = dialog.querySelector("[data-focus]");
    if (first) first.focus({ preventScroll: true });
  }

  focusPlay() {
    const target = this.el.actions.querySelector("button:not([disabled])")
      || this.el.hand.querySelector(".playable") || this.el.turn;
    target.focus({ preventScroll: true });
  }

  /** The table's words on one finished deal: what was made, the tricks, the points. */
  dealFacts(r) {
    const st = this.state;
    const teams = st.teams;
    const tricks = r.tricks.map((n, t) => h("li", {}, h("span", {}, teams[t]),
      h("strong", {}, `${n}`), h("span", { class: "sr-only" }, ` trick${n === 1 ? "" : "s"}`)));
    const made = r.maker !== null && r.maker !== undefined;
    return [
      h("p", { class: "deal-line" }, r.made_line),
      made ? h("div", { class: "deal-tricks" },
        h("span", { class: "label" }, "Tricks"), h("ul", {}, tricks)) : null,
      made ? h("p", { class: "deal-gains" }, h("span", { class: "label" }, "Points "),
        r.gains_line) : null,
      h("p", { class: "deal-score" }, r.score_line),
    ];
  }

  dealDialog(r) {
    const st = this.state;
    const trick = r.trick;
    const next = h("button", { type: "button", class: "primary", id: "next-deal",
      dataset: { focus: "1", key: "next-deal" }, "aria-keyshortcuts": "Enter",
      onclick: () => this.nextDeal() }, "Next deal", h("kbd", { class: "key",
      "aria-hidden": "true" }, "⏎"));
    return h("div", { class: "dialog deal-dialog", id: "deal-overlay", role: "dialog",
      "aria-modal": "false", "aria-labelledby": "deal-title" },
    h("h2", { id: "deal-title", class: `headline verdict-${r.verdict.replace(/\W+/g, "-")}` },
      r.headline),
    ...this.dealFacts(r),
    trick.length ? h("div", { class: "deal-last" }, h("span", { class: "label" }, "Last trick"),
      h("ul", { class: "last-trick" }, trick.map(({ seat, card }) => h("li", {},
        cardFigure(card, "small"), h("span", {}, this.nameOf(seat, true),
          seat === r.winner ? h("span", { "aria-label": " took it" }, " ★") : ""))))) : null,
    h("div", { class: "dialog-actions" }, next,
      st.deal_break ? h("span", { class: "help", dataset: { deadline: st.deal_break,
        calm: "1", prefix: "The next deal starts in " } }, "") : null));
  }

  /** The player has read the summary: tell the table, and go back to it. */
  nextDeal() {
    this.dealShown = null;
    if (this.socket) this.socket.send({ type: "ready" });
    this.renderOverlay();
    this.focusPlay();
    this.answerByItself();
  }

  gameOverDialog() {
    const st = this.state;
    const base = `/api/tables/${encodeURIComponent(this.id)}`;
    if (this.egn === undefined) {
      this.egn = null;
      api("GET", base).then((answer) => {
        this.egn = answer.ok && typeof answer.data.egn === "string" ? answer.data.egn : null;
        this.renderOverlay();
      });
    }
    const r = st.results[st.results.length - 1];
    const chart = this.chartFigure();
    return h("div", { class: "dialog game-over", id: "game-over", role: "dialog",
      "aria-modal": "false", "aria-labelledby": "game-over-title" },
    h("h2", { id: "game-over-title", class: "headline" }, "Game over"),
    h("p", { class: "big" }, st.end_words),
    st.side_words ? h("p", {}, st.side_words) : null,
    r ? h("section", { id: "deal-summary", class: "deal-summary" },
      h("h3", {}, `Last deal: ${r.headline}`), ...this.dealFacts(r)) : null,
    chart,
    h("ul", { class: "links" },
      h("li", {}, h("a", { href: `/replay/${encodeURIComponent(this.id)}`, id: "replay-link",
        "data-focus": "1" }, "Watch the replay, all hands shown")),
      h("li", {}, h("a", { href: `${base}/record.json`, download: "", id: "record-json" },
        "Download the record (JSON)")),
      h("li", {}, this.egn
        ? h("span", { id: "record-egn-note", class: "help" }, this.egn)
        : h("a", { href: `${base}/record.egn`, download: "", id: "record-egn" },
          "Download the record (EGN)")),
      h("li", {}, h("a", { href: "/" }, "Back to the lobby"))),
    h("div", { class: "dialog-actions" }, h("button", { type: "button", id: "game-over-close",
      onclick: () => {
        this.overClosed = true;
        this.renderAll();
        this.el.actions.querySelector("button")?.focus({ preventScroll: true });
      } }, "Look at the table")));
  }

  /** The chance of winning over the game, for the viewer's side (a spectator: the
   * first side), where the rules have it. */
  chartFigure() {
    const st = this.state;
    const side = st.team === null || st.team === undefined ? 0 : st.team;
    const values = st.results.map((r) => (r.chances ? r.chances[side] : null));
    if (!values.length || values.some((v) => v === null)) return null;
    const series = [0.5, ...values];
    const who = st.team === null || st.team === undefined ? st.teams[side] : "your side";
    const words = `The chance that ${who} wins, before the first deal and after each`;
    return h("figure", { class: "chart", id: "win-chart" },
      h("figcaption", {}, words),
      winChart(series, `${words}: ${series.map((v) => `${Math.round(v * 100)}%`)
        .join(", ")}`));
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
    const close = h("button", { type: "button", class: "close", "aria-label": "Close the hint",
      onclick: () => {
        this.hint = null;
        this.renderSide();
      } }, "✕");
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
      h("tbody", {}, hint.values.slice(0, 4).map((v) => h("tr", {
        class: v.action === hint.choice ? "best" : "" },
      h("td", {}, say(v.action, v.label), v.action === hint.choice ? " (suggested)" : ""),
      h("td", {}, (v.value >= 0 ? "+" : "") + v.value.toFixed(2))))))
      : h("p", { class: "help" }, hint.note || "");
    replace(box, [h("div", { class: "box-head" }, h("h2", {}, `Hint from ${hint.bot}`), close),
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
    replace(box, [h("div", { class: "box-head" }, h("h2", {}, "Last trick"),
      h("button", { type: "button", class: "close", "aria-label": "Close the last trick",
        onclick: () => this.toggleLast() }, "✕")),
    trick.length ? h("ul", { class: "last-trick" }, trick.map(({ seat, card }) => h("li", {},
      cardFigure(card, "small"),
      h("span", {}, this.nameOf(seat, true), seat === st.last_winner
        ? h("span", { "aria-label": " took it" }, " ★") : ""))))
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

  // -- keys -----------------------------------------------------------------------

  onKey(e) {
    if (!this.state || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key !== "Escape" && typing(e)) return;
    if (key === "Escape") {
      if (this.drawerOpen && !window.matchMedia("(min-width: 1100px)").matches) {
        this.toggleDrawer(false);
      } else if (this.showLast) {
        this.toggleLast();
      } else if (this.hint) {
        this.hint = null;
        this.renderSide();
      }
      return;
    }
    if (!this.el.overlay.hidden) {
      if (key === "Enter" || key === " ") {
        if (this.dealShown && !this.el.overlay.contains(document.activeElement)) {
          e.preventDefault();
          this.nextDeal();
        }
      }
      return; // the summary is read first
    }
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target && target.closest(".drawer")) return; // the drawer's own keys (tabs)
    let done = true;
    if (/^[1-9]$/.test(key)) {
      const card = this.el.hand.querySelectorAll(".card.in-hand")[Number(key) - 1];
      if (card && card.dataset.action) this.act(card.dataset.action);
      else if (this.keys && this.keys[key] && !this.pending) this.act(this.keys[key]);
      else done = false;
    } else if (key === "?") {
      this.askHint();
    } else if (key === "l") {
      if (this.state.last_trick.length || this.showLast) this.toggleLast();
    } else if (key === "m") {
      this.toggleDrawer();
    } else if (this.keys && this.keys[key] && !this.pending) {
      this.act(this.keys[key]);
    } else {
      done = false;
    }
    if (done) e.preventDefault();
  }

  /** The countdowns, and the end of a deal's pause. */
  tick() {
    const now = Date.now();
    for (const node of this.main.querySelectorAll("[data-deadline]")) {
      const left = Number(node.dataset.deadline) - now;
      node.textContent = `${node.dataset.prefix || ""}${clock(left)}`;
      node.classList.toggle("urgent", left < 10000 && !node.dataset.calm);
    }
    if (this.dealShown && this.state && this.state.deal_break && this.state.deal_break < now) {
      this.dealShown = null;
      this.renderOverlay();
      this.answerByItself();
    }
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

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
