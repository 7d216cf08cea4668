// The club room's page: one page for every club route (docs/clubs.md), drawn by the view
// for the address. /account signs up, in and out; /daily is the daily challenge; the
// players' pages and leaderboards are clubs-players.js's, the events clubs-events.js's
// and the scorer's phone clubs-enter.js's.

import { h, replace } from "/static/dom.js";
import { api } from "/static/net.js";

import {
  drawMe, errorLine, grid, markHere, panel, playerLink, playerPath, post, signedIn, titled,
  whoAmI,
} from "/static/clubs-common.js";
import { showEnter } from "/static/clubs-enter.js";
import { showCreateEvent, showEvent } from "/static/clubs-events.js";
import { showLeaderboard, showPlayer } from "/static/clubs-players.js";

const main = document.getElementById("main");
const path = location.pathname.replace(/\/+$/, "") || "/";
whoAmI().then(drawMe);
route();

function route() {
  let match;
  if (path === "/account") {
    markHere("/account");
    showAccount(main);
  } else if ((match = path.match(/^\/players\/([^/]+)$/))) {
    showPlayer(main, decoded(match[1]));
  } else if (path === "/leaderboard") {
    markHere("/leaderboard");
    showLeaderboard(main);
  } else if (path === "/events") {
    markHere("/events");
    showCreateEvent(main);
  } else if ((match = path.match(/^\/events\/([^/]+)\/enter$/))) {
    document.body.classList.add("entering");
    showEnter(main, decoded(match[1]));
  } else if ((match = path.match(/^\/events\/([^/]+)$/))) {
    showEvent(main, decoded(match[1]));
  } else if (path === "/daily") {
    markHere("/daily");
    showDaily(main);
  } else {
    main.replaceChildren(h("p", {}, "There is no such page. ",
      h("a", { href: "/" }, "Go to the lobby")));
  }
}

/** A part of the address as text (as it is, where it is not valid %-encoding). */
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Where to go after signing in: ``?next=`` when it is a path of this site. */
function nextPath() {
  const next = new URLSearchParams(location.search).get("next") || "";
  return next.startsWith("/") && !next.startsWith("//") ? next : null;
}

// -- the account ----------------------------------------------------------------------

async function showAccount(el) {
  const name = await whoAmI();
  if (name) drawSignedIn(el, name);
  else drawGuest(el);
}

function field(id, words, input, help = null) {
  return h("div", { class: "field" }, h("label", { for: id }, words), input,
    help ? h("p", { class: "help", id: `${id}-help` }, help) : null);
}

/** A name-and-password form: ``kind`` "up" (a new account) or "in". */
function accountForm(kind, done) {
  const up = kind === "up";
  const id = `sign-${kind}`;
  const name = h("input", { id: `${id}-name`, name: "username", type: "text", required: true,
    autocomplete: "username", maxlength: 20, autocapitalize: "off", spellcheck: "false",
    "aria-describedby": up ? `${id}-name-help` : null });
  const password = h("input", { id: `${id}-password`, name: "password", type: "password",
    required: true, autocomplete: up ? "new-password" : "current-password",
    "aria-describedby": up ? `${id}-password-help` : null });
  const error = errorLine(`${id}-error`);
  const submit = h("button", { type: "submit", class: "primary", id: `${id}-submit` },
    up ? "Create account" : "Sign in");
  async function send(event) {
    event.preventDefault();
    error.textContent = "";
    if (!name.value.trim() || !password.value) {
      error.textContent = "Give a name and a password.";
      (name.value.trim() ? password : name).focus();
      return;
    }
    submit.disabled = true;
    const answer = await post(up ? "/api/account" : "/api/account/sign-in",
      { name: name.value.trim(), password: password.value });
    submit.disabled = false;
    if (!answer.ok) {
      error.textContent = `${up ? "The account could not be made" : "Not signed in"}: `
        + `${answer.data.error}`;
      return;
    }
    done(answer.data.name, up);
  }
  return h("form", { id: `${id}-form`, novalidate: true, onsubmit: send },
    field(`${id}-name`, "Name", name,
      up ? "How the club sees you: on the leaderboard and your page." : null),
    field(`${id}-password`, "Password", password,
      up ? "At least 8 characters; a phrase of a few words is best." : null),
    error, submit);
}

function drawGuest(el, said = "") {
  const done = (name, made) => {
    signedIn(name);
    const next = nextPath();
    if (next) location.assign(next);
    else drawSignedIn(el, name, made ? `Welcome, ${name}: your account is made.` : "");
  };
  replace(el, [titled("Your account"),
    said ? h("p", { class: "done-line", role: "status", id: "account-said" }, said) : null,
    nextPath() ? h("p", { class: "help" }, "Sign in to go on where you were.") : null,
    h("div", { class: "two-up" },
      panel("sign-in", "Sign in", accountForm("in", done)),
      panel("sign-up", "New here? Create an account",
        h("p", { class: "help" }, "An account keeps your games, your ratings and your "
          + "daily challenges. You can play as a guest without one."),
        accountForm("up", done)))]);
}

function drawSignedIn(el, name, said = "") {
  const message = errorLine("account-error");
  const out = async (path, words) => {
    message.textContent = "";
    const answer = await post(path);
    if (!answer.ok) {
      message.textContent = `${words}: ${answer.data.error}`;
      return;
    }
    signedIn(null);
    drawGuest(el, path.endsWith("everywhere") ? "Signed out on every device."
      : "Signed out.");
  };
  el.replaceChildren(titled("Your account"),
    h("section", { class: "panel", id: "account", "aria-labelledby": "account-name" },
      h("h2", { id: "account-name" }, `Signed in as ${name}`),
      said ? h("p", { class: "done-line", role: "status", id: "account-said" }, said) : null,
      h("p", {}, h("a", { href: playerPath(name), id: "my-page" }, "Your page"),
        ": your games, ratings and review."),
      h("div", { class: "form-actions" },
        h("button", { type: "button", id: "sign-out",
          onclick: () => out("/api/account/sign-out", "Not signed out") }, "Sign out"),
        h("button", { type: "button", id: "sign-out-everywhere",
          onclick: () => out("/api/account/sign-out-everywhere", "Not signed out") },
        "Sign out everywhere")),
      h("p", { class: "help" }, "Sign out everywhere ends your sessions on every device."),
      message),
    deletePanel(el, name));
}

/** Deleting the account: the password, then a second, explicit yes. */
function deletePanel(el, name) {
  const password = h("input", { id: "delete-password", type: "password",
    autocomplete: "current-password", required: true });
  const error = errorLine("delete-error");
  const confirmBox = h("div", { id: "delete-confirm", class: "confirm", hidden: true });
  const ask = h("button", { type: "submit", id: "delete-ask" }, "Delete my account…");

  async function really() {
    error.textContent = "";
    const answer = await post("/api/account/delete", { password: password.value });
    if (!answer.ok) {
      confirmBox.hidden = true;
      ask.hidden = false;
      error.textContent = `The account was not deleted: ${answer.data.error}`;
      return;
    }
    signedIn(null);
    const games = answer.data.games_deleted;
    drawGuest(el, `The account ${answer.data.deleted} is deleted, with ${games} `
      + `game${games === 1 ? "" : "s"} nobody else played.`);
  }

  function askFirst(event) {
    event.preventDefault();
    error.textContent = "";
    if (!password.value) {
      error.textContent = "Give your password to delete the account.";
      password.focus();
      return;
    }
    ask.hidden = true;
    const yes = h("button", { type: "button", id: "delete-yes", class: "danger",
      onclick: really }, "Yes, delete it");
    confirmBox.replaceChildren(
      h("p", {}, `Delete ${name} for good? Your games with only bots go with it; in games `
        + "shared with others your seat is renamed. This can not be undone."),
      h("div", { class: "form-actions" }, yes,
        h("button", { type: "button", id: "delete-no", onclick: () => {
          confirmBox.hidden = true;
          ask.hidden = false;
          ask.focus();
        } }, "Keep my account")));
    confirmBox.hidden = false;
    yes.focus();
  }

  return h("section", { class: "panel", id: "delete", "aria-labelledby": "delete-title" },
    h("h2", { id: "delete-title" }, "Delete the account"),
    h("form", { novalidate: true, onsubmit: askFirst },
      field("delete-password", "Your password", password), error, ask, confirmBox));
}

// -- the daily challenge ----------------------------------------------------------------

async function showDaily(el) {
  const heading = titled("Daily challenge");
  el.replaceChildren(heading, h("p", {}, "Loading today's board…"));
  const answer = await api("GET", "/api/daily");
  if (!answer.ok) {
    el.replaceChildren(heading, h("p", { class: "message", role: "alert" },
      `The board could not be loaded: ${answer.data.error}`));
    return;
  }
  const day = answer.data;
  el.replaceChildren(heading,
    h("p", { class: "lead" }, `${day.day}: the same ${day.boards} deals for everybody, `
      + "you in the South seat with three expert bots. Each deal scores against everybody "
      + "else's result on it (matchpoints)."),
    playPanel(day), boardPanel(day));
}

function playPanel(day) {
  if (!day.signed_in) {
    return h("section", { class: "panel", id: "daily-play" },
      h("p", { id: "daily-sign-in" }, h("a", { href: "/account?next=/daily" }, "Sign in"),
        " to play today's challenge: everybody gets one try a day."));
  }
  const mine = day.mine;
  if (mine) {
    const table = `/t/${encodeURIComponent(mine.table_id)}`;
    return h("section", { class: "panel", id: "daily-play" },
      mine.finished
        ? h("p", {}, `You have played today's challenge: ${mine.percent}% of the matchpoints. `,
          h("a", { href: `/replay/${encodeURIComponent(mine.table_id)}` }, "Replay your game"))
        : h("p", {}, "Your game is in play. ", h("a", { href: table, id: "daily-back" },
          "Back to your game")));
  }
  const error = errorLine("daily-error");
  const play = h("button", { type: "button", class: "primary", id: "daily-start" },
    "Play today's challenge");
  play.addEventListener("click", async () => {
    error.textContent = "";
    play.disabled = true;
    const answer = await post("/api/daily");
    if (!answer.ok) {
      play.disabled = false;
      error.textContent = `The challenge could not be started: ${answer.data.error}`;
      return;
    }
    location.assign(answer.data.link);
  });
  return h("section", { class: "panel", id: "daily-play" }, play, error,
    h("p", { class: "help" }, "The game starts at once; the others' games open for replay "
      + "once yours is finished."));
}

function boardPanel(day) {
  if (!day.players.length) {
    return panel("daily-board", "Today's board",
      h("p", { class: "empty" }, "Nobody has played today yet."));
  }
  const boards = Array.from({ length: day.boards }, (_, b) => `Deal ${b + 1}`);
  const rows = day.players.map((p) => [
    p.finished ? String(p.rank) : "–",
    playerLink(p.name),
    p.finished ? `${p.percent}%` : "playing",
    p.finished ? p.matchpoints.toFixed(1) : "",
    ...boards.map((_, b) => (p.boards ? signed(p.boards[b]) : "")),
    p.finished && p.table_id ? h("a", { href: `/replay/${encodeURIComponent(p.table_id)}`,
      "aria-label": `Replay ${p.name}'s game` }, "Replay") : "",
  ]);
  return panel("daily-board", "Today's board",
    grid({ id: "daily-table", head: ["Rank", "Player", "Score", "Matchpoints", ...boards, ""],
      rows, numeric: [0, 2, 3, ...boards.map((_, b) => 4 + b)] }),
    h("p", { class: "help" }, "Each deal's column: the points your side made minus the "
      + "bots' (shown once your own game is over)."));
}

function signed(n) {
  return n === undefined ? "" : n > 0 ? `+${n}` : String(n);
}
