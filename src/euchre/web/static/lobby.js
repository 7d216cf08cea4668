// The lobby: the open tables (sit down or watch) and the form to create a table, built
// from GET /api/setup.

import { h, keepInvites, keepSeat, replace, saveName, savedName } from "/static/dom.js";
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

function label(option) {
  return WORDS[option] || option.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export async function showLobby(main) {
  document.title = "Euchre: the lobby";
  document.getElementById("where").textContent = "Lobby";
  const nameInput = h("input", {
    id: "your-name", name: "your-name", type: "text", maxlength: 20, autocomplete: "nickname",
    value: savedName(), placeholder: "Guest",
  });
  nameInput.addEventListener("change", () => saveName(nameInput.value.trim()));
  const message = h("p", { id: "lobby-message", class: "message", role: "alert" });
  const list = h("div", { id: "tables", class: "tables", "aria-live": "off" });
  const refresh = h("button", { type: "button", id: "refresh" }, "Refresh");
  const formBox = h("section", { class: "panel create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "Create a table"), h("p", {}, "Loading the rules…"));

  main.replaceChildren(
    h("h1", {}, "Euchre"),
    h("section", { class: "panel you" },
      h("label", { for: "your-name" }, "Your name "), nameInput,
      h("p", { class: "help" }, "Shown at the table (at most 20 characters).")),
    message,
    h("div", { class: "lobby" },
      h("section", { class: "panel", "aria-labelledby": "tables-title" },
        h("div", { class: "row" }, h("h2", { id: "tables-title" }, "Open tables"), refresh),
        list),
      formBox),
  );

  const yourName = () => nameInput.value.trim();
  let shown = "";
  async function load() {
    const answer = await api("GET", "/api/tables");
    if (!answer.ok) {
      replace(list, h("p", {}, `The tables could not be listed: ${answer.data.error}`));
      return;
    }
    const text = JSON.stringify(answer.data.tables);
    if (text === shown) return;
    shown = text;
    replace(list, tableList(answer.data.tables, yourName, message), refresh);
  }
  refresh.addEventListener("click", () => {
    shown = "";
    load();
  });
  load();
  setInterval(() => {
    if (!document.hidden) load();
  }, 4000);

  const setup = await api("GET", "/api/setup");
  if (!setup.ok) {
    replace(formBox, [h("h2", { id: "create-title" }, "Create a table"),
      h("p", {}, `The rules could not be loaded: ${setup.data.error}`)]);
    return;
  }
  replace(formBox, [h("h2", { id: "create-title" }, "Create a table"),
    createForm(setup.data, yourName, nameInput)]);
}

function tableList(tables, yourName, message) {
  if (!tables.length) {
    return h("p", { class: "empty" }, "No open tables yet: create one.");
  }
  return h("ul", { class: "table-list" }, tables.map((t) => {
    const score = t.state === "waiting" ? "not started" : `${t.state}, score ${t.score.join("–")}`;
    return h("li", { class: "table-item", dataset: { table: t.id } },
      h("h3", {}, t.name),
      h("p", { class: "meta" },
        `Host ${t.host} · ${t.preset} rules · to ${t.target || "a fixed number of deals"} · `
        + `${score}${t.spectators ? ` · ${t.spectators} watching` : ""}`),
      h("ul", { class: "seat-list" }, t.seats.map((s) => h("li", {},
        h("span", { class: "place" }, `${s.place}: `),
        h("span", { class: "who" }, s.name),
        h("span", { class: "tag" }, s.kind === "bot" ? ` (bot${s.bot ? `: ${s.bot}` : ""})`
          : s.present ? " (person, here)" : " (person, away)"),
        s.open ? h("button", {
          type: "button", class: "sit", dataset: { key: `sit-${t.id}-${s.seat}` },
          "aria-label": `Sit here: ${s.place} at ${t.name}`,
          onclick: (e) => sit(t.id, s.seat, yourName(), message, e.currentTarget),
        }, "Sit here") : null))),
      h("p", {}, h("a", { href: `/t/${encodeURIComponent(t.id)}?watch=1`, class: "watch",
        "aria-label": `Watch ${t.name}` }, "Watch")));
  }));
}

async function sit(id, seat, name, message, button) {
  button.disabled = true;
  saveName(name);
  const answer = await api("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`,
    { name: name || "Guest" });
  if (!answer.ok) {
    button.disabled = false;
    message.textContent = `That seat could not be taken: ${answer.data.error}`;
    return;
  }
  keepSeat(id, answer.data.seat, answer.data.token);
  location.href = `/t/${encodeURIComponent(id)}#seat=${answer.data.seat}`
    + `&token=${encodeURIComponent(answer.data.token)}`;
}

function field(id, words, input, help) {
  return h("div", { class: "field" },
    h("label", { for: id }, words), input,
    help ? h("p", { class: "help", id: `${id}-help` }, help) : null);
}

function createForm(setup, yourName, nameInput) {
  const presets = setup.presets;
  const bots = setup.bots;
  const defaultBot = bots.includes("basic") ? "basic" : bots[0];
  const presetSelect = h("select", { id: "preset", name: "preset",
    "aria-describedby": "preset-help" },
  Object.keys(presets).map((p) => h("option", { value: p }, p)));
  const presetHelp = h("p", { class: "help", id: "preset-help" });
  const tableName = h("input", { id: "table-name", type: "text", maxlength: 40,
    placeholder: "Your name's table" });
  const target = h("input", { id: "target", type: "number", min: 0, max: 100, step: 1,
    "aria-describedby": "target-help" });
  const level = h("select", { id: "level", "aria-describedby": "level-help" },
    bots.map((b) => h("option", { value: b, selected: b === defaultBot }, b)));
  const pace = h("input", { id: "pace", type: "number", min: 0, max: 5, step: 0.1,
    value: 0.8, "aria-describedby": "pace-help" });
  const timer = h("input", { id: "turn-timer", type: "number", min: 0, max: 600, step: 1,
    value: 0, "aria-describedby": "turn-timer-help" });
  const seatBox = h("fieldset", { class: "seats" }, h("legend", {}, "Seats"));
  const optionBox = h("div", { class: "options" });
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

  function drawSeats() {
    const n = players();
    const old = [...seatBox.querySelectorAll("select")].map((s) => s.value);
    const places = setup.seat_names[String(n)] || [];
    const rows = places.map((place, s) => {
      if (s === 0) {
        return h("div", { class: "field seat-row" },
          h("span", { class: "place" }, `${place}: `), h("strong", {}, "you"));
      }
      const select = h("select", { id: `seat-${s}`, name: `seat-${s}` },
        h("option", { value: "person" }, "a person (open seat, invite a friend)"),
        bots.map((b) => h("option", { value: b }, `bot: ${b}`)));
      select.value = old[s - 1] || defaultBot;
      return h("div", { class: "field seat-row" },
        h("label", { for: `seat-${s}` }, `${place}: `), select);
    });
    seatBox.replaceChildren(h("legend", {}, "Seats"), ...rows);
  }

  function drawOptions() {
    const r = rules();
    const rows = [];
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
          input = h("input", { id, type: "number", min: 0, step: 1, value,
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
    presetHelp.textContent = p.help;
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

  const privateBox = h("input", { id: "private", type: "checkbox" });

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    const options = {};
    for (const [option, input] of Object.entries(optionInputs)) {
      const value = optionValue(option, input);
      if (value !== rules()[option]) options[option] = value;
    }
    const n = players();
    const seats = ["person"];
    for (let s = 1; s < n; s += 1) seats.push(seatBox.querySelector(`#seat-${s}`).value);
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
    const { id, seat, token, invites } = answer.data;
    keepSeat(id, seat, token);
    keepInvites(id, invites);
    location.href = `/t/${encodeURIComponent(id)}#seat=${seat}&token=${encodeURIComponent(token)}`;
  }

  const form = h("form", { id: "create-form", onsubmit: create },
    field("table-name", "Table name", tableName),
    h("p", { class: "help" }, "Your name is the one above: ",
      h("a", { href: "#your-name", onclick: (e) => {
        e.preventDefault();
        nameInput.focus();
      } }, "change it")),
    field("preset", "Rules", presetSelect), presetHelp,
    field("target", "Points to win", target,
      "the game ends when a side reaches this (0: a fixed number of deals)"),
    seatBox,
    field("level", "Stand-in bot", level,
      "plays the open seats nobody takes, and for a person who drops"),
    field("pace", "Bots' pace (seconds)", pace, "the pause between the bots' moves, 0 to 5"),
    field("turn-timer", "Turn timer (seconds)", timer,
      "0: no timer; else 5 to 600 seconds to act, then the stand-in bot acts once"),
    h("div", { class: "field check" }, privateBox,
      h("label", { for: "private" }, "Private: only the invite links seat people"),
      h("p", { class: "help" }, "a private table is not listed here")),
    h("details", { class: "more-options" }, h("summary", {}, "More rules options"), optionBox),
    error, submit);
  presetChanged();
  return form;
}
