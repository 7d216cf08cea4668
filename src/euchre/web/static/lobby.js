// The lobby: Play now (one click to a started game against bots), the tables this
// browser sat at, the open tables (sit down or watch) and the form to create a table,
// built from GET /api/setup. Its layout is lobby.css.

import {
  forgetSeat, h, keepInvites, keepSeat, recentTables, replace, saveName, savedName,
} from "/static/dom.js";
import { api } from "/static/net.js";

// The values an option may take where it is a choice (the rest: yes/no or a number);
// the seats and the decks come from the server, for the preset's form.
const CHOICES = {
  deal_pattern: ["3-2", "1"],
  loner_lead: ["left_of_loner", "left_of_dealer"],
  lone_defender_scoring: ["by_tricks", "flat_4"],
};

const WORDS = {
  players: "Players",
  deck: "Deck",
  deal_pattern: "Deal pattern",
  dealer_must_take_upcard: "Dealer must take the upcard",
  stick_the_dealer: "Stick the dealer",
  going_alone: "Going alone",
  lone_defender: "Lone defender",
  maker_partner_alone: "Maker's partner may go alone",
  loner_lead: "Lead with a loner",
  loner_march_points: "Points for a loner's march",
  loner_euchred_points: "Points for euchring a loner",
  lone_defender_scoring: "Lone defender's scoring",
  deals: "Number of deals",
};

const REFRESH_MS = 4000;

function label(option) {
  return WORDS[option] || option.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** How long ago ``when`` (ms since the epoch) was, in words; empty when unknown. */
function ago(when) {
  if (!when) return "";
  const minutes = Math.floor((Date.now() - when) / 60000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "yesterday" : `${days} days ago`;
}

const tablePath = (id) => `/t/${encodeURIComponent(id)}`;

/** Open table ``id`` at the seat just taken (the token after the #, kept by the page). */
function openSeat(id, seat, token) {
  location.href = `${tablePath(id)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

/** A table just made (``POST /api/tables``'s answer): keep its seat and invite links in
 * this browser, and go to it. */
function openMade(made) {
  const { id, seat, token, invites } = made;
  keepSeat(id, seat, token, made.table.name);
  keepInvites(id, invites);
  openSeat(id, seat, token);
}

export async function showLobby(main) {
  document.title = "Euchre: the lobby";
  document.getElementById("where").textContent = "Lobby";
  const nameInput = h("input", {
    id: "your-name", name: "your-name", type: "text", maxlength: 20, autocomplete: "nickname",
    value: savedName(), placeholder: "Guest", "aria-describedby": "your-name-help",
  });
  nameInput.addEventListener("change", () => saveName(nameInput.value.trim()));
  const yourName = () => nameInput.value.trim();
  const message = h("p", { id: "lobby-message", class: "message", role: "alert" });
  const playNow = h("button", { type: "button", id: "play-now", class: "primary",
    disabled: true, "aria-describedby": "play-now-help" }, "Play now");
  const playHelp = h("p", { class: "help", id: "play-now-help" },
    "Loading the rules…");
  const recentList = h("ul", { id: "recent", class: "lobby-recent" });
  const recentBox = h("section", { id: "recent-section", class: "panel",
    "aria-labelledby": "recent-title", hidden: true },
  h("h2", { id: "recent-title" }, "Your tables"), recentList);
  const list = h("div", { id: "tables", "aria-live": "off" });
  const refresh = h("button", { type: "button", id: "refresh" }, "Refresh");
  const formBox = h("section", { class: "panel lobby-create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "Create a table"), h("p", {}, "Loading the rules…"));

  main.replaceChildren(h("div", { class: "lobby-page" },
    h("div", { class: "lobby-side" },
      h("section", { class: "panel lobby-quick", "aria-labelledby": "quick-title" },
        h("h1", { id: "quick-title" }, "Play Euchre"),
        h("div", { class: "lobby-quick-row" },
          h("div", { class: "lobby-name" },
            h("label", { for: "your-name" }, "Your name"), nameInput),
          playNow),
        h("p", { class: "help", id: "your-name-help" },
          "Shown at the table (at most 20 characters; Guest if empty)."),
        playHelp),
      message,
      recentBox,
      h("section", { class: "panel", "aria-labelledby": "tables-title" },
        h("div", { class: "row" }, h("h2", { id: "tables-title" }, "Open tables"), refresh),
        list),
      h("nav", { class: "lobby-links lobby-club", id: "club-links", "aria-label": "Club room" },
        h("a", { href: "/account" }, "Your account"),
        h("a", { href: "/leaderboard" }, "Leaderboard"),
        h("a", { href: "/daily" }, "Daily challenge"),
        h("a", { href: "/events" }, "Club events"))),
    formBox));

  let titles = {};
  let shownTables = "";
  let shownRecent = "";

  async function loadTables() {
    const answer = await api("GET", "/api/tables");
    if (!answer.ok) {
      shownTables = "";
      replace(list, h("p", {}, `The tables could not be listed: ${answer.data.error}`));
      return;
    }
    const text = JSON.stringify(answer.data.tables);
    if (text === shownTables) return;
    shownTables = text;
    replace(list, tableList(answer.data.tables, titles, yourName, message), refresh);
  }

  async function loadRecent() {
    const kept = recentTables();
    const answers = await Promise.all(kept.map((t) => (
      api("GET", `/api/tables/${encodeURIComponent(t.id)}`))));
    const rows = [];
    kept.forEach((t, i) => {
      const answer = answers[i];
      if (answer.status === 404) {
        forgetSeat(t.id); // the server no longer has it: dropped without a word
        return;
      }
      rows.push({ kept: t, table: answer.ok ? answer.data : null });
    });
    const text = JSON.stringify(rows.map((r) => [r.kept.id, r.kept.name, ago(r.kept.when),
      r.table]));
    if (text === shownRecent) return;
    shownRecent = text;
    recentBox.hidden = rows.length === 0;
    replace(recentList, rows.map((r) => recentItem(r.kept, r.table, titles)), refresh);
  }

  function load() {
    loadRecent();
    loadTables();
  }
  refresh.addEventListener("click", () => {
    shownTables = "";
    shownRecent = "";
    load();
  });
  load();
  setInterval(() => {
    if (!document.hidden) load();
  }, REFRESH_MS);

  const setup = await api("GET", "/api/setup");
  if (!setup.ok) {
    playHelp.textContent = `The rules could not be loaded: ${setup.data.error}`;
    replace(formBox, [h("h2", { id: "create-title" }, "Create a table"),
      h("p", {}, `The rules could not be loaded: ${setup.data.error}`)]);
    return;
  }
  titles = Object.fromEntries(Object.entries(setup.data.presets).map(([k, p]) => [k, p.title]));
  shownTables = "";
  shownRecent = "";
  load(); // again, with the presets' titles

  const quick = setup.data.play_now;
  const quickRules = setup.data.presets[quick.preset];
  playHelp.textContent = `${quickRules ? quickRules.title : quick.preset} against three `
    + `${quick.level} bots, starting at once; the table is private.`;
  playNow.disabled = false;
  playNow.addEventListener("click", async () => {
    message.textContent = "";
    saveName(yourName());
    playNow.disabled = true;
    const answer = await api("POST", "/api/tables", { ...quick, host: yourName() || "Guest" });
    if (!answer.ok) {
      playNow.disabled = false;
      message.textContent = `The game could not be started: ${answer.data.error}`;
      return;
    }
    openMade(answer.data);
  });

  replace(formBox, [h("h2", { id: "create-title" }, "Create a table"),
    createForm(setup.data, yourName, nameInput)]);
}

/** One table of "Your tables": its state, the way back to the seat, and once the game
 * is over its replay and records (the EGN one only where EGN can say the game). */
function recentItem(kept, table, titles) {
  const id = kept.id;
  const name = table ? table.name : kept.name || `Table ${id}`;
  const when = ago(kept.when);
  const key = (what) => ({ key: `recent-${what}-${id}` });
  let state;
  const links = [];
  if (!table) {
    state = "can not be reached just now";
    links.push(h("a", { href: tablePath(id), dataset: key("open"),
      "aria-label": `Open ${name}` }, "Open the table"));
  } else if (table.state === "over") {
    state = `game over, ${table.score.join("–")}`;
    const base = `/api/tables/${encodeURIComponent(id)}`;
    links.push(
      h("a", { href: tablePath(id), dataset: key("open"), "aria-label": `Open ${name}` },
        "Open the table"),
      h("a", { href: `/replay/${encodeURIComponent(id)}`, dataset: key("replay"),
        "aria-label": `Replay ${name}` }, "Replay"),
      h("a", { href: `${base}/record.json`, download: `euchre-${id}.json`, dataset: key("json"),
        "aria-label": `Download the record of ${name} (JSON)` }, "Record (JSON)"));
    if (table.egn === null || table.egn === undefined) {
      links.push(h("a", { href: `${base}/record.egn`, download: `euchre-${id}.egn`,
        dataset: key("egn"), "aria-label": `Download the record of ${name} (EGN)` },
      "Record (EGN)"));
    } else {
      links.push(h("span", { class: "lobby-no-egn", dataset: { why: "egn" } }, table.egn));
    }
  } else {
    state = table.state === "waiting" ? "not started"
      : `in play, ${table.score.join("–")}`;
    links.push(h("a", { href: tablePath(id), dataset: key("open"),
      "aria-label": `Back to your seat at ${name}` }, "Back to your seat"));
  }
  const rules = table ? titles[table.preset] || table.preset : "";
  return h("li", { class: "lobby-recent-item", dataset: { table: id,
    state: table ? table.state : "unknown" } },
  h("h3", {}, name),
  h("p", { class: "meta" }, [rules, state, when].filter(Boolean).join(" · ")),
  h("p", { class: "lobby-links" }, links));
}

function tableList(tables, titles, yourName, message) {
  if (!tables.length) {
    return h("p", { class: "empty" }, "No open tables yet: play now, or create one.");
  }
  return h("ul", { class: "lobby-tables" }, tables.map((t) => {
    const score = t.state === "waiting" ? "not started" : `${t.state}, score ${t.score.join("–")}`;
    return h("li", { class: "lobby-table", dataset: { table: t.id } },
      h("h3", {}, t.name),
      h("p", { class: "meta" },
        `Host ${t.host} · ${titles[t.preset] || `${t.preset} rules`} · to `
        + `${t.target || "a fixed number of deals"} · `
        + `${score}${t.spectators ? ` · ${t.spectators} watching` : ""}`),
      h("ul", { class: "lobby-seats-list" }, t.seats.map((s) => h("li", {},
        h("span", { class: "place" }, `${s.place}: `),
        h("span", { class: "who" }, s.name),
        h("span", { class: "kind" }, s.kind === "bot" ? ` (bot${s.bot ? `: ${s.bot}` : ""})`
          : s.present ? " (person, here)" : " (person, away)"),
        s.open ? h("button", {
          type: "button", class: "sit", dataset: { key: `sit-${t.id}-${s.seat}` },
          "aria-label": `Sit here: ${s.place} at ${t.name}`,
          onclick: (e) => sit(t.id, t.name, s.seat, yourName(), message, e.currentTarget),
        }, "Sit here") : null))),
      h("p", {}, h("a", { href: `${tablePath(t.id)}?watch=1`, class: "watch",
        dataset: { key: `watch-${t.id}` }, "aria-label": `Watch ${t.name}` }, "Watch")));
  }));
}

async function sit(id, tableName, seat, name, message, button) {
  button.disabled = true;
  message.textContent = "";
  saveName(name);
  const answer = await api("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`,
    { name: name || "Guest" });
  if (!answer.ok) {
    button.disabled = false;
    message.textContent = `That seat could not be taken: ${answer.data.error}`;
    return;
  }
  keepSeat(id, answer.data.seat, answer.data.token, tableName);
  openSeat(id, answer.data.seat, answer.data.token);
}

function field(id, words, input, help, extra = "") {
  return h("div", { class: `field ${extra}`.trim() },
    h("label", { for: id }, words), input,
    help ? h("p", { class: "help", id: `${id}-help` }, help) : null);
}

/** The words that name a control (its label), for a message about it. */
function nameOf(control) {
  const words = control.labels && control.labels.length ? control.labels[0].textContent : "";
  return words.replace(/[:\s]+$/, "") || control.id;
}

function createForm(setup, yourName, nameInput) {
  const presets = setup.presets;
  const bots = setup.bots;
  const defaultBot = bots.includes("basic") ? "basic" : bots[0];
  const presetSelect = h("select", { id: "preset", name: "preset",
    "aria-describedby": "preset-help" },
  // the names players use; the chosen one's line of description under the list
  Object.entries(presets).map(([key, p]) => h("option", { value: key, title: p.line },
    p.title)));
  const presetHelp = h("p", { class: "help", id: "preset-help" });
  const tableName = h("input", { id: "table-name", type: "text", maxlength: 20,
    placeholder: "Your name's table" });
  const target = h("input", { id: "target", type: "number", min: 0, max: 100, step: 1,
    required: true, "aria-describedby": "target-help" });
  const level = h("select", { id: "level", "aria-describedby": "level-help" },
    bots.map((b) => h("option", { value: b, selected: b === defaultBot }, b)));
  const pace = h("input", { id: "pace", type: "number", min: 0, max: 5, step: 0.1,
    value: 0.8, required: true, "aria-describedby": "pace-help" });
  const timer = h("input", { id: "turn-timer", type: "number", min: 0, max: 600, step: 1,
    value: 0, required: true, "aria-describedby": "turn-timer-help" });
  const seatBox = h("fieldset", { class: "lobby-seats" });
  const optionBox = h("div", { class: "options" });
  const more = h("details", { class: "more-options" },
    h("summary", {}, "More options and house rules"),
    field("table-name", "Table name", tableName, "at most 20 characters"),
    field("turn-timer", "Turn timer (seconds)", timer,
      "0: no timer; else 5 to 600 seconds to act, then the stand-in bot acts once"),
    h("div", { class: "field check" }, h("input", { id: "private", type: "checkbox",
      "aria-describedby": "private-help" }),
    h("label", { for: "private" }, "Private: only the invite links seat people"),
    h("p", { class: "help", id: "private-help" }, "a private table is not listed here")),
    h("h3", { class: "lobby-rules-title" }, "House rules"),
    optionBox);
  const error = h("p", { class: "message", role: "alert", id: "create-error" });
  const submit = h("button", { type: "submit", class: "primary", id: "create" }, "Create table");
  const optionInputs = {};

  function rules() {
    return presets[presetSelect.value].rules;
  }

  function players() {
    const input = optionInputs.players;
    return input ? Number(input.value) : rules().players;
  }

  const you = h("strong", { class: "you" });
  const showYou = () => {
    you.textContent = yourName() ? `you (${yourName()})` : "you";
  };
  nameInput.addEventListener("input", showYou);

  function drawSeats() {
    const n = players();
    const old = [...seatBox.querySelectorAll("select")].map((s) => s.value);
    const places = setup.seat_names[String(n)] || [];
    showYou();
    const rows = places.map((place, s) => {
      if (s === 0) {
        return h("div", { class: "lobby-seat" },
          h("span", { class: "place" }, `${place}:`), you);
      }
      const select = h("select", { id: `seat-${s}`, name: `seat-${s}` },
        h("option", { value: "person" }, "a person (invite a friend)"),
        bots.map((b) => h("option", { value: b }, `bot: ${b}`)));
      select.value = old[s - 1] || defaultBot;
      return h("div", { class: "lobby-seat" },
        h("label", { for: `seat-${s}` }, `${place}:`), select);
    });
    seatBox.replaceChildren(h("legend", {}, "Seats"), ...rows);
  }

  function drawOptions() {
    const r = rules();
    const rows = [];
    for (const key of Object.keys(optionInputs)) delete optionInputs[key];
    for (const [option, help] of Object.entries(setup.options)) {
      if (option === "target") continue;
      const forms = setup.applies[option];
      if (forms && !forms.includes(r.form)) continue; // not an option of this form
      const value = r[option];
      const id = `option-${option}`;
      let input;
      if (typeof value === "boolean") {
        input = h("input", { id, type: "checkbox", checked: value,
          "aria-describedby": `${id}-help` });
        rows.push(h("div", { class: "field check" }, input,
          h("label", { for: id }, label(option)),
          h("p", { class: "help", id: `${id}-help` }, help)));
      } else {
        const choices = (setup.form_choices[r.form] || {})[option] || CHOICES[option];
        if (choices) {
          input = h("select", { id, "aria-describedby": `${id}-help` },
            choices.map((c) => h("option", { value: c, selected: c === value }, c)));
        } else if (typeof value === "number") {
          input = h("input", { id, type: "number", min: 0, step: 1, value, required: true,
            "aria-describedby": `${id}-help` });
        } else {
          input = h("input", { id, type: "text", value: value ?? "",
            "aria-describedby": `${id}-help` });
        }
        rows.push(field(id, label(option), input, help));
      }
      optionInputs[option] = input;
      if (option === "players") input.addEventListener("change", drawSeats);
    }
    optionBox.replaceChildren(...rows);
  }

  function presetChanged() {
    const p = presets[presetSelect.value];
    presetHelp.textContent = p.line;
    target.value = p.rules.target;
    drawOptions();
    drawSeats();
  }
  presetSelect.addEventListener("change", presetChanged);

  function optionValue(option, input) {
    const base = rules()[option];
    if (input.type === "checkbox") return input.checked;
    if (typeof base === "number") return Number(input.value);
    return input.value;
  }

  /** The first control whose value the browser can not take, told in one message (the
   * "More options" opened when it is in there); false when there is none. */
  function refused(form) {
    const bad = [...form.elements].find((el) => el.willValidate && !el.checkValidity());
    if (!bad) return false;
    if (more.contains(bad)) more.open = true;
    error.textContent = `${nameOf(bad)}: ${bad.validationMessage}`;
    bad.focus();
    return true;
  }

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    if (refused(event.currentTarget)) return;
    const options = {};
    for (const [option, input] of Object.entries(optionInputs)) {
      const value = optionValue(option, input);
      if (value !== rules()[option]) options[option] = value;
    }
    const n = players();
    const seats = ["person"];
    for (let s = 1; s < n; s += 1) seats.push(seatBox.querySelector(`#seat-${s}`).value);
    const privateBox = more.querySelector("#private");
    const body = {
      preset: presetSelect.value, options, target: Number(target.value), seats,
      level: level.value, pace: Number(pace.value), turn_timer: Number(timer.value),
      host_seat: 0, private: privateBox.checked,
    };
    const host = yourName();
    if (host) body.host = host;
    if (tableName.value.trim()) body.name = tableName.value.trim();
    saveName(host);
    submit.disabled = true;
    const answer = await api("POST", "/api/tables", body);
    submit.disabled = false;
    if (!answer.ok) {
      error.textContent = `The table could not be created: ${answer.data.error}`;
      return;
    }
    openMade(answer.data);
  }

  const form = h("form", { id: "create-form", novalidate: true, onsubmit: create },
    field("preset", "Rules", presetSelect, null, "lobby-preset"), presetHelp,
    h("div", { class: "field lobby-inline" },
      h("label", { for: "target" }, "Points to win"), target,
      h("span", { class: "help", id: "target-help" }, "0: a fixed number of deals")),
    seatBox,
    h("div", { class: "lobby-bots" },
      h("div", { class: "lobby-inline" }, h("label", { for: "level" }, "Stand-in bot"), level),
      h("div", { class: "lobby-inline" }, h("label", { for: "pace" }, "Bots' pace (s)"), pace),
      h("p", { class: "sr-only", id: "level-help" },
        "The stand-in bot plays the open seats nobody takes, and for a person who drops."),
      h("p", { class: "sr-only", id: "pace-help" },
        "The pause between the bots' moves, 0 to 5 seconds.")),
    more, error, submit);
  presetChanged();
  return form;
}
