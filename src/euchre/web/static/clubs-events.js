// Club events: the form a signed-in director creates one with (/events), and the event's
// page (/events/ID): the standings, the round's tables with their hands, and for the
// director the hands' forms, fixes, strikes, tables played online, the scorers' link and
// the downloads. The page asks the server again every few seconds.

import { copyText, h, replace } from "/static/dom.js";
import { api } from "/static/net.js";

import {
  EventPoller, errorLine, eventKept, eventPath, grid, handWords, keepEvent, keepEventInList, keptEvents,
  panel, post, timeWords, titled, whoAmI,
} from "/static/clubs-common.js";
import { draftOf, handForm, newDraft } from "/static/clubs-hand.js";

const SEATS = ["North", "East", "South", "West"];
const KINDS = { progressive: "Progressive", duplicate: "Duplicate" };
const ROTATIONS = {
  chart: "Fixed chart: everyone partners everyone once",
  winners: "Winners move up: the winners of each table move up a table",
};
const MAX_HANDS = 32;

/** The seats an evening of ``players`` needs: a multiple of four (bots in the rest). */
const seatsFor = (players) => Math.max(4, Math.ceil(players / 4) * 4);

// -- creating an event ------------------------------------------------------------------

export async function showCreateEvent(el) {
  const heading = titled("Events");
  const name = await whoAmI();
  const kept = keptEvents();
  const yours = kept.length ? panel("your-events", "Events made in this browser",
    h("ul", { class: "plain-list" }, kept.map((e) => h("li", {},
      h("a", { href: eventPath(e.id) }, e.title || e.id))))) : null;
  if (!name) {
    replace(el, [heading,
      h("section", { class: "panel", id: "events-sign-in" },
        h("p", {}, h("a", { href: "/account?next=/events" }, "Sign in"),
          " to direct an event: a progressive evening scored on paper or on phones, or a "
          + "duplicate match played online.")),
      yours]);
    return;
  }
  const setup = await api("GET", "/api/setup");
  replace(el, [heading,
    h("div", { class: "two-up" },
      panel("create-event", "Direct a new event", createForm(setup.ok ? setup.data : null)),
      yours)]);
}

function field(id, words, input, help = null) {
  return h("div", { class: "field" }, h("label", { for: id }, words), input,
    help ? h("p", { class: "help", id: `${id}-help` }, help) : null);
}

function createForm(setup) {
  const title = h("input", { id: "ev-title", type: "text", maxlength: 80, value: "Club night",
    required: true });
  const kind = h("select", { id: "ev-kind", "aria-describedby": "ev-kind-help" },
    h("option", { value: "progressive" }, "Progressive: partners change every round"),
    h("option", { value: "duplicate" }, "Duplicate: fixed pairs play the same deals online"));
  const players = h("textarea", { id: "ev-players", rows: 8, required: true,
    autocapitalize: "words", spellcheck: "false", "aria-describedby": "ev-players-help" });
  const count = h("p", { class: "help", id: "ev-players-help", "aria-live": "polite" });
  const rotation = h("select", { id: "ev-rotation" }, Object.entries(ROTATIONS)
    .map(([key, words]) => h("option", { value: key }, words)));
  const rounds = h("input", { id: "ev-rounds", type: "number", min: 1, step: 1, value: 3,
    required: true, "aria-describedby": "ev-rounds-help" });
  const roundsHelp = h("p", { class: "help", id: "ev-rounds-help" });
  const hands = h("input", { id: "ev-hands", type: "number", min: 1, max: MAX_HANDS, step: 1,
    value: 8, required: true, "aria-describedby": "ev-hands-help" });
  const handsHelp = h("p", { class: "help", id: "ev-hands-help" });
  const fours = setup ? Object.entries(setup.presets).filter(([, p]) => (
    p.rules.players === 4 && ["four_handed", "hasenpfeffer"].includes(p.rules.form)))
    : [["standard", { title: "Standard Euchre" }]];
  const preset = h("select", { id: "ev-preset" }, fours.map(([key, p]) => h("option",
    { value: key, selected: key === "standard" }, p.title)));
  const progressiveOnly = h("div", { class: "progressive-only" },
    field("ev-rotation", "Rotation", rotation),
    h("div", { class: "field" }, h("label", { for: "ev-rounds" }, "Rounds"), rounds, roundsHelp));
  const error = errorLine("ev-error");
  const submit = h("button", { type: "submit", class: "primary", id: "ev-create" },
    "Create the event");
  let roundsTouched = false;
  rounds.addEventListener("input", () => {
    roundsTouched = true;
  });

  const names = () => players.value.split("\n").map((n) => n.trim()).filter(Boolean);

  function refresh() {
    const n = names().length;
    const seats = seatsFor(n);
    const bots = n ? seats - n : 0;
    count.textContent = n ? `${n} player${n === 1 ? "" : "s"}: ${seats / 4} table`
      + `${seats === 4 ? "" : "s"}${bots ? `, ${bots} bot${bots === 1 ? "" : "s"} in the `
      + "empty seats" : ""}.` : "One name a line, 4 to 80 players; bots fill the seats up "
      + "to a multiple of four.";
    const duplicate = kind.value === "duplicate";
    progressiveOnly.hidden = duplicate;
    const most = rotation.value === "chart" ? seats - 1 : 40;
    rounds.max = most;
    if (!roundsTouched) rounds.value = Math.min(seats - 1, most);
    roundsHelp.textContent = rotation.value === "chart"
      ? `At most ${most}: the chart of ${seats} seats has ${most} rounds.`
      : "Each round reseats the tables by the last round's winners.";
    handsHelp.textContent = duplicate
      ? "The boards every table plays online, the same deals at each."
      : "Hands each table plays a round, entered on paper or on a phone.";
  }
  players.addEventListener("input", refresh);
  kind.addEventListener("change", refresh);
  rotation.addEventListener("change", refresh);

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    const list = names();
    if (list.length < 4) {
      error.textContent = "Players: at least 4 names, one a line.";
      players.focus();
      return;
    }
    for (const input of [rounds, hands]) {
      if (input.closest("[hidden]")) continue;
      if (!input.checkValidity()) {
        error.textContent = `${input.labels[0].textContent}: ${input.validationMessage}`;
        input.focus();
        return;
      }
    }
    const body = { kind: kind.value, title: title.value.trim() || "Club night",
      players: list, hands: Number(hands.value), preset: preset.value };
    if (kind.value === "progressive") {
      body.rotation = rotation.value;
      body.rounds = Number(rounds.value);
    }
    submit.disabled = true;
    const answer = await post("/api/events", body);
    submit.disabled = false;
    if (!answer.ok) {
      error.textContent = `The event could not be created: ${answer.data.error}`;
      return;
    }
    const { id, key } = answer.data;
    keepEvent(id, { key, title: body.title });
    keepEventInList(id, body.title);
    location.assign(eventPath(id));
  }

  refresh();
  return h("form", { id: "event-form", novalidate: true, onsubmit: create },
    field("ev-title", "Title", title),
    field("ev-kind", "Kind", kind),
    h("div", { class: "field" }, h("label", { for: "ev-players" }, "Players, one a line"),
      players, count),
    progressiveOnly,
    h("div", { class: "field" }, h("label", { for: "ev-hands" }, "Hands a round"), hands,
      handsHelp),
    field("ev-preset", "Rules", preset),
    error, submit);
}

// -- an event's page --------------------------------------------------------------------

/** The state of the page between two answers: what the director is doing. */
class EventPage extends EventPoller {
  constructor(el, id) {
    super();
    this.el = el;
    this.id = id;
    this.data = null;
    this.shown = "";
    this.round = null; // null: follow the round in play
    this.drafts = {}; // by "round-table": the hand being entered
    this.fixing = null; // {entry, draft}
    this.striking = null; // an entry's number
    this.tableErrors = {}; // by "round-table": a refusal of Play online
    this.folded = new Set(); // the "round-table" keys whose hand form is folded away
    this.body = h("div", { class: "event-page" });
    this.error = errorLine("event-error");
    this.heading = titled("Event");
  }

  changed() {
    this.draw();
  }

  draw() {
    const e = this.data;
    this.heading.textContent = e.title;
    document.title = `Euchre: ${e.title}`;
    const seated = e.rounds_seated;
    const over = e.current >= e.rounds;
    const r = this.round ?? Math.min(e.current, seated.length - 1);
    replace(this.body, [
      h("p", { class: "meta", id: "event-meta" }, [
        KINDS[e.kind], e.kind === "progressive" ? (e.rotation === "chart" ? "fixed chart"
          : "winners move up") : null,
        e.kind === "duplicate" ? `${e.hands} boards` : `${e.rounds} rounds of ${e.hands} hands`,
        `${e.players.length} players`, `${e.preset} rules`,
        e.director ? `directed by ${e.director}` : null].filter(Boolean).join(" · ")),
      over ? h("p", { class: "banner-line", id: "event-over", role: "status" },
        "Every round is played: the standings are final.") : null,
      // over, the standings lead; in play, the round's tables do
      h("div", { class: "event-grid" },
        h("div", { class: "event-main" }, over ? this.standingsPanel() : null,
          this.roundPanel(r)),
        h("div", { class: "event-side" }, over ? null : this.standingsPanel(),
          this.linksPanel(), this.historyPanel())),
    ]);
  }

  key(r, t) {
    return `${r}-${t}`;
  }

  // -- the round and its tables ----------------------------------------------------

  roundPanel(r) {
    const e = this.data;
    const seated = e.rounds_seated;
    const round = seated[r];
    const picker = h("select", { id: "round-picker", dataset: { key: "round-picker" },
      "aria-label": "Show round" }, seated.map((s) => h("option", { value: s.round,
      selected: s.round === r }, `Round ${s.round + 1}${s.complete ? " (done)"
      : s.round === e.current ? " (in play)" : ""}`)));
    picker.addEventListener("change", () => {
      const chosen = Number(picker.value);
      this.round = chosen === Math.min(e.current, seated.length - 1) ? null : chosen;
      this.draw();
    });
    const done = round.tables.filter((t) => t.done).length;
    return h("section", { class: "panel", id: "round", "aria-labelledby": "round-title" },
      h("div", { class: "row" },
        h("h2", { id: "round-title" }, `Round ${r + 1} of ${e.rounds}`),
        seated.length > 1 ? picker : null),
      h("p", { class: "help" }, `${done} of ${round.tables.length} tables done`
        + (r === e.current ? "; this is the round in play." : ".")),
      e.directing ? null : h("p", { class: "help", id: "not-director" },
        this.notDirecting()),
      h("div", { class: "tables" }, round.tables.map((t) => this.tableCard(r, t))));
  }

  notDirecting() {
    const kept = eventKept(this.id);
    if (kept.key) {
      return [h("a", { href: `${eventPath(this.id)}/enter` }, "Enter hands"),
        " with the scorers' link kept in this browser."];
    }
    return "The director signs in to enter and fix hands; scorers use the link the "
      + "director hands out.";
  }

  tableCard(r, t) {
    const e = this.data;
    const names = e.names;
    const key = this.key(r, t.table);
    const directing = e.directing;
    const paper = e.kind === "progressive" && t.online === null;
    const state = t.online !== null ? "online" : t.done ? "done"
      : `${t.hands.length} of ${e.hands} hands`;
    const items = t.hands.map((hand, i) => this.handItem(r, t, hand, i));
    let form = null;
    if (directing && paper && !t.done) {
      if (!this.drafts[key]) this.drafts[key] = newDraft();
      const draft = this.drafts[key];
      form = h("details", { class: "enter-box", open: !this.folded.has(key),
        ontoggle: (event) => {
          if (event.currentTarget.open) this.folded.delete(key);
          else this.folded.add(key);
        } },
        h("summary", {}, `Enter hand ${t.hands.length + 1}`),
        handForm({ prefix: `t${t.table}`, table: t, names, draft,
          submitWords: `Enter hand ${t.hands.length + 1}`,
          send: (hand) => this.enterHand(r, t, hand, draft) }));
    }
    const online = this.onlineBox(r, t);
    return h("article", { class: `table-card${t.done ? " done" : ""}`, id: `table-${t.table}`,
      dataset: { table: t.table }, "aria-labelledby": `table-${t.table}-title` },
    h("div", { class: "row" }, h("h3", { id: `table-${t.table}-title` },
      `Table ${t.table + 1}`), h("span", { class: `tag state ${t.online !== null ? "online"
      : t.done ? "done" : ""}` }, state)),
    h("p", { class: "pairs" },
      h("span", {}, h("span", { class: "side-label" }, "N-S"), t.ns.join(" & ")),
      h("span", {}, h("span", { class: "side-label" }, "E-W"), t.ew.join(" & "))),
    h("p", { class: "totals", id: `table-${t.table}-totals` },
      h("span", {}, `N-S ${t.totals[0]}`), h("span", { "aria-hidden": "true" }, " · "),
      h("span", {}, `E-W ${t.totals[1]}`)),
    items.length ? h("ol", { class: "hands", id: `table-${t.table}-hands` }, items)
      : h("p", { class: "empty" }, t.online !== null ? "No hand finished online yet."
        : "No hands yet."),
    online, form);
  }

  handItem(r, t, hand, i) {
    const e = this.data;
    const words = h("span", { class: "hand-words" }, `Hand ${i + 1}: `,
      handWords(hand, e.names));
    const n = hand.entry;
    if (!e.directing || n === undefined || t.online !== null) return h("li", {}, words);
    const tools = [];
    let below = null;
    if (this.fixing && this.fixing.entry === n) {
      const draft = this.fixing.draft;
      below = handForm({ prefix: `fix-${n}`, table: t, names: e.names, draft,
        submitWords: "Save the fix", send: (fixed) => this.fix(n, fixed),
        extra: h("button", { type: "button", id: `fix-${n}-cancel`, onclick: () => {
          this.fixing = null;
          this.draw();
        } }, "Cancel") });
    } else if (this.striking === n) {
      below = h("div", { class: "confirm", id: `strike-${n}-confirm` },
        h("p", {}, `Strike hand ${i + 1} out of the scores? The history keeps it.`),
        h("div", { class: "form-actions" },
          h("button", { type: "button", class: "danger", id: `strike-${n}-yes`,
            onclick: () => this.strike(n) }, "Strike it"),
          h("button", { type: "button", id: `strike-${n}-no`, onclick: () => {
            this.striking = null;
            this.draw();
          } }, "Keep it")),
        errorLine(`strike-${n}-error`));
    } else {
      tools.push(
        h("button", { type: "button", class: "small", id: `fix-${n}`,
          dataset: { key: `fix-${n}` }, "aria-label": `Fix hand ${i + 1} of table ${t.table + 1}`,
          onclick: () => {
            this.fixing = { entry: n, draft: draftOf(hand) };
            this.striking = null;
            this.draw();
          } }, "Fix"),
        h("button", { type: "button", class: "small", id: `strike-${n}`,
          dataset: { key: `strike-${n}` },
          "aria-label": `Strike hand ${i + 1} of table ${t.table + 1}`, onclick: () => {
            this.striking = n;
            this.fixing = null;
            this.draw();
          } }, "Strike"));
    }
    return h("li", { dataset: { entry: n } }, h("div", { class: "hand-line" }, words,
      tools.length ? h("span", { class: "hand-tools" }, tools) : null), below);
  }

  onlineBox(r, t) {
    const e = this.data;
    const key = this.key(r, t.table);
    const error = errorLine(`online-${t.table}-error`);
    error.textContent = this.tableErrors[key] || "";
    if (t.online !== null) {
      const seats = (eventKept(this.id).online || {})[key];
      return h("div", { class: "online-box" },
        t.done
          ? h("p", {}, "Played online: ", h("a", {
            href: `/replay/${encodeURIComponent(t.online)}` }, "replay the game"))
          : h("p", {}, "Played online: ", h("a", { href: `/t/${encodeURIComponent(t.online)}`
            + "?watch=1" }, "watch the table")),
        seats && e.directing ? seatLinks(t.table, seats) : null);
    }
    if (!e.directing || t.hands.length) return null;
    const button = h("button", { type: "button", class: "small", id: `online-${t.table}`,
      dataset: { key: `online-${t.table}` }, "aria-describedby": `online-${t.table}-help` },
    "Play online");
    button.addEventListener("click", async () => {
      button.disabled = true;
      const answer = await post(`/api/events/${encodeURIComponent(this.id)}/online`,
        { round: r, table: t.table });
      button.disabled = false;
      if (!answer.ok) {
        this.tableErrors[key] = `Not started online: ${answer.data.error}`;
        error.textContent = this.tableErrors[key];
        return;
      }
      delete this.tableErrors[key];
      const kept = eventKept(this.id);
      keepEvent(this.id, { online: { ...(kept.online || {}), [key]: answer.data.seats } });
      await this.reload();
    });
    return h("div", { class: "online-box" },
      h("div", { class: "online-line" }, button, h("span", { class: "help",
        id: `online-${t.table}-help` }, "or play this table at the web table: each player "
        + "gets a seat's link")), error);
  }

  // -- what the director sends ---------------------------------------------------------

  /** Send an entry; null when it is kept, else the server's words. */
  async send(body) {
    const answer = await post(`/api/events/${encodeURIComponent(this.id)}/entries`, body);
    return answer.ok ? null : answer.data.error;
  }

  /** Ask again now, and draw even when nothing changed (the director's state did). */
  async reload() {
    this.shown = "";
    await this.load();
  }

  async enterHand(r, t, hand, draft) {
    // the draft's id goes with every try: a hand sent again after a lost answer counts once
    const failed = await this.send({ type: "hand", round: r, table: t.table, ...hand,
      id: draft.id });
    if (failed) return `Not entered: ${failed}`;
    this.drafts[this.key(r, t.table)] = newDraft(`Hand entered: ${handWords(hand,
      this.data.names)}.`);
    await this.reload();
    return null;
  }

  async fix(n, hand) {
    const failed = await this.send({ type: "fix", of: n, ...hand });
    if (failed) return `Not fixed: ${failed}`;
    this.fixing = null;
    this.forgetSaid();
    await this.reload();
    return null;
  }

  async strike(n) {
    const failed = await this.send({ type: "strike", of: n });
    if (failed) {
      const line = document.getElementById(`strike-${n}-error`);
      if (line) line.textContent = `Not struck: ${failed}`;
      return;
    }
    this.striking = null;
    this.forgetSaid();
    await this.reload();
  }

  /** After a fix or a strike, "Hand entered: ..." may no longer be so. */
  forgetSaid() {
    for (const draft of Object.values(this.drafts)) draft.said = "";
  }

  // -- the side: standings, links, history --------------------------------------------

  standingsPanel() {
    const e = this.data;
    const rows = e.standings;
    if (!rows.length) {
      return panel("standings", "Standings", h("p", { class: "empty" }, "No hands yet."));
    }
    if (e.kind === "duplicate") {
      return panel("standings", "Standings",
        grid({ id: "standings-table", head: ["Rank", "Pair", "Matchpoints", "Score",
          "Boards"], numeric: [0, 2, 3, 4],
        rows: rows.map((s) => [String(s.rank), s.pair, `${s.matchpoints} of ${s.top}`,
          `${s.percent}%`, String(s.boards)]) }));
    }
    return panel("standings", "Standings",
      grid({ id: "standings-table", head: ["Rank", "Player", "Points",
        h("abbr", { title: "Tables won" }, "Won"), "Loners"], numeric: [0, 2, 3, 4],
      rows: rows.map((s) => [String(s.rank), s.name, String(s.total), String(s.won),
        String(s.loners)]) }),
      e.most_loners && e.most_loners.length ? h("p", { id: "most-loners" },
        `Most loners: ${e.most_loners.join(", ")}`) : null);
  }

  linksPanel() {
    const e = this.data;
    const base = `/api/events/${encodeURIComponent(this.id)}`;
    const kept = eventKept(this.id);
    const error = errorLine("emn-error");
    const emn = h("button", { type: "button", id: "emn", class: "small",
      dataset: { key: "emn" } }, "Results (EMN)");
    emn.addEventListener("click", () => download(`${base}/results.emn`,
      `event-${this.id}.emn`, error));
    let scorers = null;
    if (e.directing) {
      scorers = kept.key ? copyRow("enter-link", "The scorers' link",
        `${location.origin}${eventPath(this.id)}/enter#key=${kept.key}`,
        "Each table's phone enters its hands with it; anyone with it can enter hands.")
        : h("p", { class: "help", id: "enter-link-missing" }, "The scorers' link shows in "
          + "the browser that created the event.");
    }
    return panel("links", e.directing ? "Links and sheets" : "Sheets",
      scorers,
      h("ul", { class: "plain-list downloads" },
        h("li", {}, h("a", { href: `${base}/sheets.pdf`, download: `event-${this.id}.pdf`,
          id: "sheets-letter" }, "Chart and score cards (PDF, Letter)")),
        h("li", {}, h("a", { href: `${base}/sheets.pdf?page=a4`, id: "sheets-a4",
          download: `event-${this.id}-a4.pdf` }, "The same on A4")),
        h("li", {}, emn, h("span", { class: "help" }, " the games played online"))),
      error);
  }

  historyPanel() {
    const e = this.data;
    const changed = {};
    for (const entry of e.log) {
      if (entry.type === "fix" || entry.type === "strike") {
        (changed[entry.of] ||= []).push(entry);
      }
    }
    const items = [...e.log].reverse().map((entry) => {
      const later = changed[entry.entry] || [];
      const struck = later.some((x) => x.type === "strike");
      const notes = later.map((x) => `${x.type === "fix" ? "fixed" : "struck"} by #${x.entry}`);
      return h("li", { class: `log-${entry.type}${struck ? " struck" : ""}`,
        dataset: { entry: entry.entry } },
      h("span", { class: "log-n" }, `#${entry.entry}`),
      h("span", { class: "log-words" }, logWords(entry, e.names),
        notes.length ? h("span", { class: "log-note" }, ` (${notes.join(", ")})`) : null),
      h("span", { class: "log-by" }, [entry.by, entry.at ? timeWords(entry.at) : null]
        .filter(Boolean).join(" · ")));
    });
    return panel("history", "History",
      items.length ? h("ol", { class: "history", id: "history-list" }, items)
        : h("p", { class: "empty" }, "Nothing entered yet."));
  }
}

function logWords(entry, names) {
  switch (entry.type) {
    case "hand":
      return `Round ${entry.round + 1}, table ${entry.table + 1}: ${handWords(entry, names)}`;
    case "fix":
      return `Fix of #${entry.of}: now ${handWords(entry, names)}`;
    case "strike":
      return `Strike of #${entry.of}: that hand no longer counts`;
    case "online":
      return `Round ${entry.round + 1}, table ${entry.table + 1} plays online`;
    case "seat":
      return `Round ${entry.round + 1} seated: the winners moved up`;
    default:
      return entry.type;
  }
}

/** A link to hand out: its words, the link in a field to select, and Copy. */
function copyRow(id, words, link, help) {
  const input = h("input", { id, type: "text", readonly: true, value: link, class: "link" });
  const said = h("span", { class: "copied", role: "status" });
  return h("div", { class: "copy-row" },
    h("label", { for: id }, words),
    h("div", { class: "copy-line" }, input,
      h("button", { type: "button", id: `${id}-copy`, onclick: async () => {
        said.textContent = await copyText(link, input);
      } }, "Copy")),
    said, help ? h("p", { class: "help" }, help) : null);
}

function seatLinks(table, seats) {
  return h("ul", { class: "seat-links", id: `seat-links-${table}` }, seats.map((s) => h("li", {},
    copyRow(`seat-link-${table}-${s.seat}`, `${SEATS[s.seat]}: ${s.name}`, s.link, null))));
}

/** Fetch ``path`` and save it as ``name``; a refusal's words go to ``error``. */
async function download(path, name, error) {
  error.textContent = "";
  let response;
  try {
    response = await fetch(path);
  } catch {
    error.textContent = "Not downloaded: the server can not be reached";
    return;
  }
  if (!response.ok) {
    let words = `the server answered ${response.status}`;
    try {
      words = (await response.json()).error || words;
    } catch {
      /* not JSON: the status says it */
    }
    error.textContent = `Not downloaded: ${words}`;
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function showEvent(el, id) {
  new EventPage(el, id).start();
}
