"""The table's lines of words, each fitted to its width and never wrapped: the two status
lines at the top, the three message lines under the hand, a hint's line, the first lines
of the history and the notice of a terminal too small for the table.

Each is made from the session and its table (a :class:`~euchre.tui.session.Snapshot`);
:class:`~euchre.tui.table_screen.TableScreen` puts them in its widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Console
from rich.text import Text

from euchre.engine.actions import NO_TRUMP
from euchre.table.model import Snapshot
from euchre.table.narrate import agree, conjugate
from euchre.table.wording import phase_name
from euchre.text import plural
from euchre.tui.session import GameSession, Hint
from euchre.tui.style import suit_text
from euchre.tui.widgets import MIN_HEIGHT, MIN_WIDTH, pace_text

__all__ = [
    "fit",
    "hint_text",
    "history_opening",
    "message_lines",
    "status_lines",
    "too_small_text",
    "trick_taken_prompt",
    "trump_words",
]

_MESSAGE_LINES: Final = 3
"""The lines under the hand (``#message`` in the CSS): prompt, notice, hint."""


_NAMED_PHASES: Final = frozenset({"bid1", "bid2", "benny", "declare", "bid", "trump"})
"""The phases the status line names (before trump is known): in
:func:`~euchre.table.wording.phase_name`'s short words."""


def fit(variants: Sequence[Text], width: int) -> Text:
    """The first of ``variants`` (longest first) that fits in ``width`` columns; when none
    does, the last one cut short with an ellipsis. Never wraps."""
    text = next((t for t in variants if t.cell_len <= width), variants[-1]).copy()
    text.truncate(width, overflow="ellipsis")
    text.no_wrap = True
    return text


def trump_words(state: Snapshot, *, long: bool) -> Text:
    """Trump in words: a suit, no trump, or (Napoleon before the first card) the
    first lead to come."""
    if state.trump is None:
        return Text("the first lead's suit" if long else "first lead")
    if state.trump == NO_TRUMP:
        return Text("no trump" if long else "NT", style="bold")
    return suit_text(state.trump, long=long)


# -- the status lines ----------------------------------------------------------------------


def status_lines(session: GameSession, state: Snapshot, pace: float, width: int) -> Text:
    """The two status lines at the top of the table: the deal, the dealer, the bid and
    trump; then the score, the tricks and the pace. Each says less until it fits in
    ``width`` columns."""
    lines = Text("\n").join([fit(_deal_line(session, state), width),
                             fit(_score_line(session, state, pace), width)])
    lines.no_wrap = True
    return lines


def _deal_line(session: GameSession, state: Snapshot) -> list[Text]:
    """The first status line, longest first."""
    s = session
    deal = f"Deal {state.deal_number + 1}"
    if state.deals_limit:
        deal += f" of {state.deals_limit}"
    head = Text.assemble((deal, "bold"), f" · {agree(s.seat_label(state.dealer), 'deals')}")
    # longest first: then no one sitting out, trump in short, no one alone (the seats
    # say ALONE)
    line1 = [head.copy() for _ in range(4)]
    view = s.view()
    if view.bid is not None and state.maker is not None and state.phase != "bid":
        bid = s.bid_words(view.bid)
        for i, line in enumerate(line1):
            line.append(f" · {s.seat_label(state.maker)} bid " if i < 2 else " · Bid ")
            line.append(bid, style="bold")
            if state.trump is not None or state.phase in ("play", "done"):
                line.append(" · Trump ")
                line.append_text(trump_words(state, long=i < 2))
    elif state.trump is not None and state.maker is not None:
        maker = s.seat_label(state.maker)
        for i, line in enumerate(line1):
            line.append(" · Trump ")
            line.append_text(trump_words(state, long=i < 2))
            line.append(f" called by {maker}" if i < 2 else f" by {maker}")
        lone = [seat.name for seat in state.seats if seat.alone]
        if lone:
            for line in line1[:3]:
                line.append(f" · {', '.join(lone)} alone", style="bold #ffaf00")
            out = [seat.name for seat in state.seats if seat.sitting_out]
            if out:
                verb = "sit out" if len(out) > 1 else conjugate(out[0], "sits out")
                line1[0].append(f" ({', '.join(out)} {verb})")
    elif state.phase in _NAMED_PHASES:
        for line in line1:
            line.append(f" · {phase_name(state.phase, short=True)}")
            if state.phase == "bid" and view.bid is not None and view.maker is not None:
                line.append(f" (high: {s.seat_label(view.maker)}, "
                            f"{s.bid_words(view.bid)})")
    return line1


def _score_line(session: GameSession, state: Snapshot, pace: float) -> list[Text]:
    """The second status line, longest first."""
    s = session
    view = s.view()
    goal = plural(state.deals_limit, "deal") if state.deals_limit else f"to {state.target}"
    sides = range(len(state.score))
    mine = state.team
    score = Text("Score ", style="dim")
    for t in sides:
        if t:
            score.append(" · ")
        score.append(f"{s.team_name(t)} {state.score[t]}",
                     "bold #5fd75f" if t == mine else "bold #ff875f")
        if view.rules.four_trick_tokens:
            held = view.tokens[t] if view.tokens else 0
            score.append(f" ({plural(held, 'token')})", "dim")
    tricks = Text.assemble(("   Tricks ", "dim"), " · ".join(
        f"{s.team_name(t)} {state.tricks_won[t]}" for t in sides))
    short_tricks = Text.assemble(("   Tricks ", "dim"), "-".join(
        str(state.tricks_won[t]) for t in sides))
    paced = Text.assemble(("   Pace ", "dim"), pace_text(pace))
    target = Text(f" ({goal})", style="dim")
    return [
        Text.assemble(score, target, tricks, paced),
        Text.assemble(score, target, tricks),
        Text.assemble(score, target, short_tricks),
        Text.assemble(score, short_tricks),
    ]


# -- under the hand, the history, a small terminal -----------------------------------------


def message_lines(prompt: Text, notice: Text, hint: Text, width: int,
                  console: Console) -> Text:
    """The prompt, a notice and a hint in the three lines under the hand: the prompt
    and the notice one line each, the hint wrapped into what is left (two lines when
    there is no notice); nothing is cut but with an ellipsis."""
    lines = [fit([prompt], width)]
    if notice.plain:
        lines.append(fit([notice], width))
    if hint.plain:
        room = _MESSAGE_LINES - len(lines)
        wrapped = list(hint.wrap(console, width))
        if len(wrapped) > room:
            wrapped = [*wrapped[: room - 1], fit([Text(" ").join(wrapped[room - 1:])], width)]
        lines.extend(wrapped)
    while len(lines) < _MESSAGE_LINES:
        lines.append(Text(""))
    message = Text("\n").join(lines)
    message.no_wrap = True
    return message


def trick_taken_prompt(session: GameSession, state: Snapshot) -> Text:
    """The prompt while the trick just taken waits to be seen (pace 0)."""
    winner = state.last_winner
    taken = agree(session.seat_label(winner if winner is not None else state.to_act), "takes")
    # no trick is on the table while one waits to be seen: trick_number counts the tricks
    # taken
    return Text.assemble((f"{taken} trick {state.trick_number}. ", "bold"),
                         ("Enter or space: on to the next trick.", "dim"))


def hint_text(session: GameSession, hint: Hint) -> Text:
    """The hint line: the hint bot's choice and what it expects of each option (or its
    note)."""
    line = Text.assemble(("Hint ", "bold #5fafff"), (f"({hint.bot}): ", "dim"),
                         (session.action_words(hint.choice), "bold"))
    if hint.values:
        line.append("   expected points: " + session.options_words(hint.values),
                    style="#afafaf")
    elif hint.note:
        line.append(f"   ({hint.note})", style="dim")
    return line


def history_opening(session: GameSession, state: Snapshot) -> list[Text]:
    """The first lines of the history panel: the seed and the rules, the seats, a
    practice game's terms and the score a resumed game starts from."""
    rules = session.rules
    name = rules.preset_name() or "custom rules"
    goal = plural(rules.deals, "deal") if rules.deals else f"game to {rules.target}"
    lines = [Text(f"Seed {session.config.seed} · {name}, {goal}", style="dim")]
    lines.extend(Text(line, style="dim") for line in session.seats_lines())
    if session.practice:
        lines.append(Text("Practice game: z takes back your last card or bid; not counted "
                          "in your statistics.", style="dim"))
    if state.results:
        score = " · ".join(f"{session.team_name(t)} {p}" for t, p in enumerate(state.score))
        lines.append(Text(f"Resumed at {score}", style="dim"))
    return lines


def too_small_text(width: int, height: int) -> Text:
    """What the screen says instead of the table when the terminal is ``width`` by
    ``height``, too small for it."""
    return Text.assemble(
        ("The table needs more room.\n\n", "bold"),
        f"Make the terminal at least {MIN_WIDTH}x{MIN_HEIGHT} "
        f"(it is {width}x{height} now).\n",
        ("The game is saved and waits; q saves and quits.", "dim"),
    )
