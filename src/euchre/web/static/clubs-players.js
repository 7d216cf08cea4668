// A player's page (/players/NAME: ratings, rates, games, then the reviewer's summary)
// and the leaderboards (/leaderboard?form=...).

import { h } from "/static/dom.js";
import { api } from "/static/net.js";

import {
  dateWords, grid, markHere, panel, percent, playerLink, playerPath, ratingWords, titled,
  whoAmI,
} from "/static/clubs-common.js";

// The reviewer's labels (EGN's), weakest first within the bad and the good.
const LABELS = [["[??]", "blunder"], ["[?]", "mistake"], ["[?!]", "dubious"],
  ["[!?]", "interesting"], ["[!]", "great"], ["[!!]", "brilliant"]];
const NOUNS = new Set(["blunder", "mistake"]);
const PHASES = { bidding: "Bidding", exchange: "Exchange", alone: "Going alone",
  play: "Play" };
const RESULTS = { won: "Won", lost: "Lost", tied: "Tied", "in play": "In play" };

// -- a player's page ----------------------------------------------------------------------

export async function showPlayer(el, name) {
  const heading = titled(name);
  el.replaceChildren(heading, h("p", {}, "Loading…"));
  const [answer, me] = await Promise.all([
    api("GET", `/api/players/${encodeURIComponent(name)}`), whoAmI()]);
  if (!answer.ok) {
    el.replaceChildren(heading, h("p", { class: "message", role: "alert", id: "player-error" },
      `This page could not be shown: ${answer.data.error}`));
    return;
  }
  const player = answer.data;
  if (me && me.toLowerCase() === player.name.toLowerCase()) markHere(playerPath(me));
  const review = h("div", { id: "review", "aria-busy": "true" },
    h("p", { class: "help reviewing" }, "Reviewing the latest games…"));
  el.replaceChildren(titled(player.name),
    h("div", { class: "player-page" },
      h("div", { class: "player-side" },
        ratingsPanel(player), ratesPanel(player),
        panel("review-panel", "The reviewer's view", review)),
      gamesPanel(player)));
  const reviewed = await api("GET", `/api/players/${encodeURIComponent(name)}/review`);
  review.removeAttribute("aria-busy");
  review.replaceChildren(...reviewWords(reviewed));
}

function ratingsPanel(player) {
  const forms = Object.entries(player.ratings);
  if (!forms.length) {
    return panel("ratings", "Ratings", h("p", { class: "empty" },
      "No rated games yet: a rated table counts toward a rating."));
  }
  return panel("ratings", "Ratings",
    grid({ id: "ratings-table", head: ["Game", "Rating", "Games"], numeric: [1, 2],
      rows: forms.map(([form, r]) => [form, h("span", { title: r.provisional
        ? "provisional: the rating is still settling" : null }, ratingWords(r)),
      String(r.games)]) }),
    forms.some(([, r]) => r.provisional)
      ? h("p", { class: "help" }, "? marks a provisional rating: it settles over about "
        + "twenty games.") : null);
}

function ratesPanel(player) {
  const t = player.totals;
  const rates = player.rates;
  const line = (words, share, part, whole) => h("div", { class: "stat" },
    h("dt", {}, words), h("dd", {}, percent(share),
      t[whole] ? h("span", { class: "of" }, ` (${t[part] || 0} of ${t[whole]})`) : null));
  return panel("rates", "Record",
    t.games ? h("dl", { class: "rates" },
      line("Games won", rates.won, "won", "games"),
      line("Calls made", rates.made, "made", "called"),
      line("Euchres on defence", rates.euchred, "euchred", "defended"),
      line("Lone hands made", rates.alone_made, "alone_made", "alone"))
      : h("p", { class: "empty" }, "No finished games yet."));
}

function gamesPanel(player) {
  if (!player.games.length) {
    return panel("games", "Games", h("p", { class: "empty" }, "No games yet."));
  }
  const rows = player.games.map((g) => [
    dateWords(g.created),
    h("span", {}, g.title || g.form, g.rated ? h("span", { class: "tag rated" }, "rated")
      : null, g.title ? h("span", { class: "game-form" }, g.form) : null),
    h("span", { class: `result result-${g.result.replace(" ", "-")}` },
      RESULTS[g.result] || g.result),
    g.score ? g.score.join("–") : "",
    g.replay ? h("a", { href: g.replay, "aria-label": `Replay ${g.title || "the game"} of `
      + dateWords(g.created) }, "Replay")
      : h("a", { href: `/t/${encodeURIComponent(g.id)}` }, "Open"),
  ]);
  return panel("games", `Games (${player.games.length})`,
    grid({ id: "games-table", head: ["Date", "Game", "Result", "Score", ""], rows,
      numeric: [3] }));
}

function reviewWords(answer) {
  if (!answer.ok) {
    return [h("p", { class: "message", role: "alert" },
      `The review could not be made: ${answer.data.error}`)];
  }
  const r = answer.data;
  if (!r.games.length) return [h("p", { class: "empty" }, "No finished game to review yet.")];
  if (!r.decisions) {
    return [h("p", { class: "empty" }, "The latest games left no choice to review: every "
      + "move was forced.")];
  }
  const accuracy = {};
  for (const game of r.games) {
    for (const [phase, a] of Object.entries(game.accuracy || {})) {
      const sum = accuracy[phase] || { accurate: 0, decisions: 0 };
      sum.accurate += a.accurate;
      sum.decisions += a.decisions;
      accuracy[phase] = sum;
    }
  }
  const labels = LABELS.filter(([label]) => r.labels[label])
    .map(([label, word]) => `${NOUNS.has(word) ? plural(r.labels[label], word)
      : `${r.labels[label]} ${word}`} ${label}`);
  return [
    h("p", {}, `${plural(r.decisions, "decision")} over ${plural(r.deals, "deal")} of `
      + `the latest ${plural(r.games.length, "game")}: `,
    h("strong", {}, `${r.points_lost_per_deal.toFixed(2)} points lost a deal`),
    " against the reviewer's best."),
    h("dl", { class: "rates" }, Object.entries(PHASES)
      .filter(([phase]) => accuracy[phase] && accuracy[phase].decisions)
      .map(([phase, words]) => h("div", { class: "stat" }, h("dt", {}, words),
        h("dd", {}, `${Math.round(100 * accuracy[phase].accurate
          / accuracy[phase].decisions)}% accurate`,
        h("span", { class: "of" }, ` (${accuracy[phase].decisions})`))))),
    h("p", { class: "help" }, labels.length ? `Marked: ${labels.join(", ")}.`
      : "No decision marked good or bad."),
  ];
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// -- the leaderboards -----------------------------------------------------------------

export async function showLeaderboard(el) {
  const heading = titled("Leaderboard");
  const picker = h("select", { id: "form-picker" });
  const board = h("div", { id: "board", "aria-live": "polite" }, h("p", {}, "Loading…"));
  const guide = h("div", { id: "anchors" });
  el.replaceChildren(heading,
    h("div", { class: "leader-page" },
      h("section", { class: "panel", "aria-labelledby": "page-title" },
        h("div", { class: "field inline" }, h("label", { for: "form-picker" }, "Game"), picker),
        board),
      h("section", { class: "panel", "aria-labelledby": "anchors-title" },
        h("h2", { id: "anchors-title" }, "Reading the ratings"), guide)));

  async function load(form) {
    const answer = await api("GET", `/api/leaderboard?form=${encodeURIComponent(form)}`);
    if (!answer.ok) {
      board.replaceChildren(h("p", { class: "message", role: "alert", id: "board-error" },
        `The leaderboard could not be loaded: ${answer.data.error}`));
      return;
    }
    const data = answer.data;
    const forms = { ...data.forms, [data.form]: data.title };
    picker.replaceChildren(...Object.entries(forms).map(([key, title]) => h("option",
      { value: key, selected: key === data.form }, title)));
    picker.disabled = Object.keys(forms).length < 2;
    board.replaceChildren(boardTable(data));
    drawGuide(guide, data.anchors);
    const url = data.form === "four_handed" ? "/leaderboard"
      : `/leaderboard?form=${encodeURIComponent(data.form)}`;
    if (location.pathname + location.search !== url) history.replaceState(null, "", url);
  }
  picker.addEventListener("change", () => load(picker.value));
  load(new URLSearchParams(location.search).get("form") || "four_handed");
}

function boardTable(data) {
  if (!data.players.length) {
    return h("p", { class: "empty" }, `Nobody is rated in ${data.title} yet: every finished `
      + "game at a rated table counts.");
  }
  return grid({ id: "leaderboard", caption: `The leaderboard of ${data.title}`,
    captionClass: "sr-only", head: ["Rank", "Player", "Rating",
    "Games"], numeric: [0, 2, 3],
  rows: data.players.map((p) => [String(p.rank), playerLink(p.name),
    h("span", { title: p.provisional ? "provisional: the rating is still settling" : null },
      ratingWords(p)), String(p.games)]) });
}

function drawGuide(el, anchors) {
  const bots = Object.entries(anchors).sort((a, b) => b[1] - a[1]);
  el.replaceChildren(
    h("p", {}, "The bots at rated tables play at fixed ratings, and hold the scale where "
      + "it is:"),
    h("ul", { class: "anchors" }, bots.map(([bot, rating]) => h("li", {},
      h("span", { class: "anchor-bot" }, `${bot} bot`), h("span", { class: "num" },
        String(rating))))),
    h("p", { class: "help" }, "A new player starts at 1500, as good as the basic bot. "
      + "? marks a provisional rating (about twenty games settle it). Players are ordered "
      + "by the skill the ratings are nearly sure of, so one lucky evening does not top "
      + "the board."));
}
