// The scorer's phone (/events/ID/enter#key=KEY): pick the table, then enter each hand
// with big tap targets; the table's hands so far and its totals under the form. The key
// goes from the address into this browser's storage, as a table's seat token does.

import { announce, h, replace } from "/static/dom.js";

import {
  EventPoller, eventKept, eventPath, handWords, keepEvent, post, titled,
} from "/static/clubs-common.js";
import { handForm, newDraft } from "/static/clubs-hand.js";

class EnterPage extends EventPoller {
  constructor(el, id, key) {
    super();
    this.el = el;
    this.id = id;
    this.key = key;
    this.data = null;
    this.shown = "";
    const table = eventKept(id).table;
    this.table = Number.isInteger(table) ? table : null;
    this.drafts = {};
    this.round = null;
    this.picking = false; // the table picker opened again to change tables
    this.heading = titled("Enter hands");
    this.error = h("p", { class: "message", role: "alert", id: "enter-load-error" });
    this.body = h("div", { class: "enter-page" });
  }

  changed() {
    if (this.round !== null && this.data.current !== this.round
        && this.data.current < this.data.rounds) {
      announce(`Round ${this.data.current + 1} is seated`);
    }
    this.round = this.data.current;
    this.draw();
  }

  draw() {
    const e = this.data;
    this.heading.textContent = e.title;
    document.title = `Euchre: ${e.title}, enter hands`;
    const standings = h("a", { href: eventPath(this.id) }, "the standings");
    if (!this.key && !e.directing) {
      replace(this.body, h("p", { class: "message", id: "enter-no-key" },
        "Entering hands needs the scorers' link from the director (it ends in #key=…)."));
      return;
    }
    if (e.kind === "duplicate") {
      replace(this.body, h("p", {}, "A duplicate event's boards are played online: there "
        + "is nothing to enter here. See ", standings, "."));
      return;
    }
    if (e.current >= e.rounds) {
      replace(this.body, h("p", { id: "enter-over", role: "status" },
        "Every round is played. See ", standings, "."));
      return;
    }
    const round = e.rounds_seated[e.current];
    const table = this.table === null ? null
      : round.tables.find((t) => t.table === this.table) || null;
    replace(this.body, [
      h("p", { class: "meta", id: "enter-round" },
        `Round ${e.current + 1} of ${e.rounds} · ${e.hands} hands a table · `, standings),
      this.tablePicker(round),
      table ? this.tableBox(e.current, table) : null,
    ]);
  }

  tablePicker(round) {
    const chosen = this.table;
    const tiles = round.tables.map((t) => {
      const id = `enter-table-${t.table}`;
      return h("span", { class: "tile" },
        h("input", { type: "radio", class: "tile-input", name: "enter-table", id,
          checked: chosen === t.table, dataset: { key: id }, onchange: () => {
            this.table = t.table;
            this.picking = false;
            keepEvent(this.id, { table: t.table });
            this.draw();
          } }),
        h("label", { for: id, class: "tile-label" }, `Table ${t.table + 1}`,
          h("span", { class: "tile-detail" },
            `${t.ns.join(" & ")} v ${t.ew.join(" & ")}${t.done ? " (done)" : ""}`)));
    });
    const open = chosen === null || this.picking;
    return h("details", { class: "table-pick", open, id: "table-pick", ontoggle: (event) => {
      this.picking = chosen !== null && event.currentTarget.open;
    } },
      h("summary", {}, open ? "Pick your table" : `Your table: ${chosen + 1} (change)`),
      h("fieldset", { class: "choice" }, h("legend", { class: "sr-only" }, "Your table"),
        h("div", { class: "tiles tables-pick" }, tiles)));
  }

  tableBox(r, t) {
    const e = this.data;
    const key = `${r}-${t.table}`;
    if (!this.drafts[key]) this.drafts[key] = newDraft();
    const draft = this.drafts[key];
    let form;
    if (t.online !== null) {
      form = h("p", { class: "help" }, "This table plays online: its hands come from its game.");
    } else if (t.done) {
      form = h("p", { class: "done-line", id: "enter-done", role: "status" },
        `Table ${t.table + 1} has its ${e.hands} hands. The next round shows here once every `
        + "table is done.");
    } else {
      form = handForm({ prefix: "enter", table: t, names: e.names, draft, big: true,
        submitWords: `Enter hand ${t.hands.length + 1} of ${e.hands}`,
        send: (hand) => this.send(r, t, hand, draft) });
    }
    return h("section", { class: "panel enter-table", id: "enter-table",
      "aria-labelledby": "enter-table-title" },
    h("h2", { id: "enter-table-title" }, `Table ${t.table + 1}`),
    h("div", { class: "big-totals", id: "enter-totals" },
      h("div", {}, h("span", { class: "side-label" }, "N-S"),
        h("span", { class: "points" }, String(t.totals[0])),
        h("span", { class: "who" }, t.ns.join(" & "))),
      h("div", {}, h("span", { class: "side-label" }, "E-W"),
        h("span", { class: "points" }, String(t.totals[1])),
        h("span", { class: "who" }, t.ew.join(" & ")))),
    t.done && draft.said ? h("p", { class: "done-line" }, draft.said) : null,
    form,
    h("h3", {}, "Hands so far"),
    t.hands.length ? h("ol", { class: "hands", id: "enter-hands" }, t.hands.map((hand, i) => (
      h("li", {}, `Hand ${i + 1}: ${handWords(hand, e.names)}`))))
      : h("p", { class: "empty" }, "No hands yet."));
  }

  async send(r, t, hand, draft) {
    const body = { type: "hand", round: r, table: t.table, ...hand, id: draft.id };
    if (this.key) body.key = this.key;
    const answer = await post(`/api/events/${encodeURIComponent(this.id)}/entries`, body);
    if (answer.status === 0) {
      return `Not entered: ${answer.data.error}. Send it again: the hand counts once.`;
    }
    if (!answer.ok) return `Not entered: ${answer.data.error}`;
    const said = `Hand ${t.hands.length + 1} entered: ${handWords(hand, this.data.names)}.`;
    announce(said);
    this.drafts[`${r}-${t.table}`] = newDraft(said);
    this.shown = "";
    await this.load();
    return null;
  }
}

export function showEnter(el, id) {
  const given = new URLSearchParams(location.hash.slice(1)).get("key");
  if (given) {
    keepEvent(id, { key: given });
    // the key stays in this browser's storage, not in the address bar
    history.replaceState(null, "", location.pathname);
  }
  new EnterPage(el, id, eventKept(id).key || null).start();
}
