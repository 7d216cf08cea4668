"""The table drawn from the session's table (a :class:`~euchre.tui.session.Snapshot`):
the bots' seat boxes, the centre (the bidding, or the trick), the person's line, the
cards of the hand and the buttons of the choices.

Each function either makes a picture (a :class:`~rich.text.Text`) or fills the widgets it
is given; :class:`~euchre.tui.table_screen.TableScreen` owns the widgets and says what is
chosen. The lines of words above and below the table are :mod:`euchre.tui.table_lines`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text

from euchre.engine.actions import THROW_IN_HAND, Action, Declare, Discard, Give, Pass
from euchre.engine.cards import Card, card_suit, trump_mask
from euchre.table.model import Snapshot
from euchre.table.narrate import agree
from euchre.text import plural
from euchre.tui.session import HUMAN, GameSession, SeatState
from euchre.tui.style import (
    SYMBOLS,
    TRUMP_MARK,
    card_back,
    card_face,
    card_ink,
    card_text,
    suit_style,
    suit_text,
)
from euchre.tui.table_choices import choice_label
from euchre.tui.table_lines import fit, trump_words
from euchre.tui.widgets import CardButton, ChoiceButton, SeatBox

__all__ = [
    "CHOICE_SLOTS",
    "HAND_SLOTS",
    "TOP_SLOTS",
    "center_picture",
    "draw_choices",
    "draw_hand",
    "draw_seat",
    "private_line",
    "trick_line",
    "you_line",
    "you_seat",
]

HAND_SLOTS: Final = 7
"""The most cards a hand holds: six in Hasenpfeffer, and the widow while laying away."""
CHOICE_SLOTS: Final = 9
"""The most choices at once: Napoleon's pass and its seven bids."""
TOP_SLOTS: Final = 4
"""The seat boxes along the top of a table of five to seven (``#seat-top-1`` on)."""
_TABLE_PHASES: Final = frozenset({"bid1", "bid2", "exchange", "benny", "declare", "bid", "trump",
                                  "best", "give", "discard"})
"""The phases drawn as the bidding (no trick on the table yet)."""


def you_seat(state: Snapshot) -> SeatState:
    """The person's seat."""
    return next(seat for seat in state.seats if seat.role == "you")


# -- the seats -----------------------------------------------------------------------------


def _seat_badges(session: GameSession, seat: SeatState, state: Snapshot) -> Text:
    parts: list[Text] = []
    if seat.dealer:
        parts.append(Text("dealer", style="bold #87afff"))
    bid = session.view().bid
    if seat.maker and bid is not None:  # the status line says the bid
        parts.append(Text("bidder" if state.phase == "bid" else "maker", style="bold"))
    elif seat.maker and state.trump is not None:
        parts.append(Text.assemble(("maker ", "bold"), suit_text(state.trump)))
    if seat.alone:
        parts.append(Text("ALONE", style="bold #ffaf00"))
    if seat.sitting_out:
        parts.append(Text("sits out", style="dim"))
    if seat.to_act:
        if seat.role == "you":
            parts.append(Text("your turn", style="bold #ffd75f"))
        else:
            parts.append(Text("to play" if state.phase == "play" else "thinking…",
                              style="italic #ffd75f"))
    return Text(" · ").join(parts)


def _calls_text(session: GameSession, seat: SeatState) -> Text:
    out = Text()
    calls = list(seat.calls)
    if len(calls) > 3:  # a long auction: the passes before the last call go unsaid
        calls = [a for a in calls[:-1] if not isinstance(a, Pass)] + calls[-1:]
    for i, action in enumerate(calls):
        if i:
            out.append(" · ", style="dim")
        call = session.call_words(seat.seat, action)
        style = "dim" if call in ("pass", "stays") else "bold"
        for ch in call:
            if ch in SYMBOLS:
                out.append(ch, style=suit_style(SYMBOLS.index(ch)))
            else:
                out.append(ch, style=style)
    return out


def draw_seat(box: SeatBox, session: GameSession, seat: SeatState, state: Snapshot) -> None:
    """Fill a bot's seat box: its name and place on the border, its cards, its badges
    (dealer, maker, alone, to act) and its calls."""
    role = {"partner": "partner", "opponent": "opponent"}.get(seat.role, "")
    box.border_title = f"{seat.name} ({seat.bot})"
    # where each plays for themselves, everyone is an opponent: the place says enough
    alone = session.rules.seating.partner_of[seat.seat] is None
    solo = alone and state.players > 2
    box.border_subtitle = seat.place if solo else f"{seat.place} · {role}"
    if seat.sitting_out:
        cards = Text("(hand face down)", style="dim")
    elif seat.cards:
        cards = Text.assemble(card_back(seat.cards), (f" {seat.cards}", "dim"))
    else:
        cards = Text("no cards left", style="dim")
    shown = [c for s, c in session.view().shown if s == seat.seat]
    if shown:  # a rule made the seat show these: everyone saw them
        cards = Text.assemble(("showed ", "dim"), *[
            Text.assemble(card_text(c), " ") for c in shown])
    lines = [
        cards,
        _seat_badges(session, seat, state),
        _calls_text(session, seat),
    ]
    box.update(Text("\n").join(lines))
    box.set_class(seat.to_act, "-to-act")
    box.set_class(seat.sitting_out, "-out")


def you_line(session: GameSession, state: Snapshot, width: int) -> Text:
    """The person's line above the hand: their name, badges and calls."""
    seat = you_seat(state)
    variants = []
    for place in (" (South)", ""):
        line = Text.assemble(("▶ " if seat.to_act else "  ", "bold #ffd75f"),
                             (seat.name, "bold"), place)
        badges = _seat_badges(session, seat, state)
        if badges.plain:
            line.append(" · ")
            line.append_text(badges)
        if seat.calls:
            line.append(" · ")
            line.append_text(_calls_text(session, seat))
        variants.append(line)
    return fit(variants, width)


# -- the centre ----------------------------------------------------------------------------


def center_picture(session: GameSession, state: Snapshot, *, show_last: bool) -> Text:
    """The centre of the table: the last trick (``show_last``), the bidding, or the
    trick being played (the one just taken until the next lead)."""
    if show_last:
        return _trick_picture(session, state, state.last_trick, state.last_winner,
                              title="Last trick")
    if state.phase in _TABLE_PHASES or (
        state.phase == "alone" and not state.trick
    ) or (state.phase == "done" and state.trump is None and not state.trick):
        return _bidding_picture(session, state)
    winner = state.trick_winner
    if state.trick:
        title = f"Trick {state.trick_number}"
    else:
        last = session.rules.hand_size
        title = f"Trick {state.trick_number + 1}" if state.trick_number < last else "Trick"
    picture = _trick_picture(session, state, state.trick, winner, title=title)
    if not state.trick and state.last_trick and state.phase == "play":
        # the trick just taken stays in sight until the next lead
        picture = _trick_picture(session, state, state.last_trick, state.last_winner,
                                 title=f"Trick {state.trick_number}")
    return picture


def _bidding_picture(session: GameSession, state: Snapshot) -> Text:
    lines = _upcard_lines(session, state)
    lines.append(Text(""))
    said = _bidding_words(session, state)
    if said is not None:
        lines.append(said)
    private = private_line(session)
    if private.plain:
        lines.append(private)
    return Text("\n", justify="center").join(lines)


def _upcard_lines(session: GameSession, state: Snapshot) -> list[Text]:
    """The upcard and the kitty (or the widow, or the cards set aside)."""
    s = session
    rules = s.rules
    up = state.upcard
    lines: list[Text] = []
    if not rules.has_upcard:
        kitty = rules.kitty_size
        if rules.form == "hasenpfeffer":
            lines.append(Text.assemble(("widow ", "dim"), card_back(kitty)))
        else:
            lines.append(Text(f"{plural(kitty, 'card')} set aside unseen", style="dim"))
    elif state.upcard_state == "up" or state.phase in ("benny", "declare"):
        lines.append(Text("Turned up", style="dim"))
        lines.append(card_text(up, width=5))
    elif state.upcard_state == "down":
        lines.append(Text("Turned down", style="dim"))
        lines.append(card_text(up, dim=True, width=5))
    else:
        dealer = s.seat_label(state.dealer)
        lines.append(Text(f"Picked up by {dealer}", style="dim"))
        lines.append(card_text(up, width=5))
    if rules.has_upcard:
        lines.append(Text.assemble(("kitty ", "dim"), card_back(state.kitty)))
    return lines


def _bidding_words(session: GameSession, state: Snapshot) -> Text | None:
    """What the bidding is at, in a line (none in a phase without one)."""
    s = session
    you = you_seat(state).seat
    phase = state.phase
    view = s.view()
    if phase == "bid1":
        suit = card_suit(state.upcard)
        return (Text.assemble("Round one: order up ", suit_text(suit, long=True), "?")
                if suit >= 0 else Text("Round one"))
    if phase == "bid2":
        return Text("Round two: name a trump suit")
    if phase == "exchange":
        if state.dealer == you:
            return Text("Your exchange: lay a card away")
        return Text(f"{s.seat_label(state.dealer)} lays a card away")
    if phase == "alone":
        return Text("Going alone?")
    if phase == "benny":
        return Text(f"{s.seat_label(state.dealer)} names trump, unseen hand")
    if phase == "declare":
        return Text("Declarations before the bidding")
    if phase == "bid":
        if view.bid is None or view.maker is None:
            return Text("Bidding: no bid yet")
        return Text(f"High bid: {s.seat_label(view.maker)}, {s.bid_words(view.bid)}")
    if phase == "trump" and view.maker is not None:
        return Text(f"{s.seat_label(view.maker)} bid {s.bid_words(view.bid or 0)} "
                    "and names trump" if view.bid else
                    f"{s.seat_label(view.maker)} names trump")
    if phase == "best":
        return Text(f"{s.seat_label(state.to_act)}: call for the partner's best?")
    if phase == "give":
        return Text(f"{s.seat_label(state.to_act)} passes a card face down")
    if phase == "discard":
        return Text(f"{s.seat_label(state.to_act)} lays a card away")
    if phase == "done":
        held = s.frozen
        thrown = held is not None and held.action == THROW_IN_HAND
        return Text(f"{s.seat_label(held.seat)} threw the hand in" if thrown and held
                    else "Everybody passed: thrown in", style="bold")
    return None


def private_line(session: GameSession) -> Text:
    """What only the person knows of this deal, from their own view: the card they
    laid away, the card passed face down to or by them."""
    s = session
    view = s.view()
    parts: list[Text] = []
    for c in view.laid_away:
        parts.append(Text.assemble(("you laid away ", "dim"), card_text(c)))
    for giver, receiver, c in view.given:
        if giver == HUMAN:
            parts.append(Text.assemble(("you passed ", "dim"), card_text(c),
                                       (f" to {s.seat_label(receiver)}", "dim")))
        else:
            parts.append(Text.assemble((f"{s.seat_label(giver)} passed you ", "dim"),
                                       card_text(c)))
    return Text(" · ").join(parts)


def _trick_picture(
    session: GameSession,
    state: Snapshot,
    trick: tuple[tuple[int, Card], ...],
    winner: int | None,
    *,
    title: str,
) -> Text:
    s = session
    played = dict(trick)
    positions = {seat.position: seat for seat in state.seats}

    def slot(position: str) -> Text:
        seat = positions.get(position)
        if seat is None:
            return Text(" " * 5)
        if seat.seat in played:
            return card_text(played[seat.seat], mark=seat.seat == winner, width=5)
        if seat.sitting_out:
            return Text("     ")
        return Text("  ·  ", style="dim")

    gap = Text(" " * 9)
    lines: list[Text] = []
    head = Text(title, style="dim")
    if state.trump is not None:
        head = Text.assemble((f"{title} · trump ", "dim"), trump_words(state, long=False))
    lines.append(head)
    tops = [p for p in ("top", *(f"top-{i}" for i in range(1, TOP_SLOTS + 1)))
            if p in positions]
    # the top row as wide as the row of the left and right seats below it
    spacing = Text(" " * {2: 9, 3: 2}.get(len(tops), 1))
    lines.append(spacing.join([slot(p) for p in tops]) if tops else Text(""))
    if "left" in positions:
        lines.append(Text.assemble(slot("left"), gap, slot("right")))
    else:
        lines.append(Text(""))
    lines.append(slot("bottom"))
    if not trick:
        lines.append(Text("No trick yet" if title == "Last trick" else "", style="dim"))
    elif winner is not None:
        lines.append(Text(agree(s.seat_label(winner), "takes it"), style="bold #ffd75f"))
    else:
        lines.append(Text(f"{s.seat_label(trick[0][0])} led", style="dim"))
    private = private_line(session)
    if private.plain:
        lines.append(private)
    return Text("\n", justify="center").join(lines)


def trick_line(session: GameSession, trick: tuple[tuple[int, Card], ...],
               winner: int | None) -> Text:
    """A trick on one line: ``North K♠  East A♦  You 9♠  West Q♠ → East``."""
    line = Text()
    for seat, c in trick:
        line.append(f"{session.seat_label(seat)} ")
        line.append_text(card_text(c, mark=seat == winner))
        line.append("  ")
    if winner is not None:
        line.append(f"→ {session.seat_label(winner)}", style="bold")
    return line


# -- the bottom row ------------------------------------------------------------------------


def draw_hand(buttons: Sequence[CardButton], session: GameSession, state: Snapshot, *,
              are_cards: bool, cursor: int, picking: str, picked: Sequence[Card]) -> None:
    """Fill the card buttons with the hand: each card's face, number and trump mark, and
    (when the choice is a card, ``are_cards``) whether it is legal and under the cursor
    (or, while ``picking`` a declaration's cards, among those ``picked``)."""
    cards = list(state.hand)
    choosing = are_cards and bool(state.legal)
    legal_cards = set(state.legal_cards) | {
        a.card for a in state.legal if isinstance(a, (Discard, Give))}
    if picking:
        legal_cards = {c for a in state.legal if isinstance(a, Declare)
                       and a.what == picking for c in a.cards}
    # the trumps in the form's own order (Napoleon's has no left bower)
    trumps: frozenset[Card] = frozenset()
    if state.trump is not None:
        mask = trump_mask(state.trump, order=session.rules.trump_order)
        trumps = frozenset(c for c in cards if c >= 0 and mask >> c & 1)
    for i, widget in enumerate(buttons):
        if i >= len(cards):
            widget.display = False
            continue
        c = cards[i]
        widget.display = True
        legal = c in legal_cards
        label = Text(card_face(c), style=f"bold {card_ink(c)}")
        below = Text(str(i + 1), style="#707070")
        if c == state.new_card:
            below = Text(f"{i + 1} up", style="#707070")
        elif c in trumps:  # a trump shows by more than its colour
            label.stylize("underline")
            below = Text(f"{i + 1} {TRUMP_MARK}", style="#707070")
        widget.update(Text("\n").join([label, below]))
        widget.set_class(choosing and legal, "-legal")
        widget.set_class(choosing and not legal, "-illegal")
        under = c in picked if picking else i == cursor
        widget.set_class(choosing and under, "-cursor")


def draw_choices(buttons: Sequence[ChoiceButton], session: GameSession, state: Snapshot,
                 choices: Sequence[Action], cursor: int) -> None:
    """Fill the choice buttons with ``choices``: each one's label, whether it is legal
    and whether it is under the cursor."""
    for i, widget in enumerate(buttons):
        if i >= len(choices):
            widget.display = False
            continue
        action = choices[i]
        widget.display = True
        widget.update(choice_label(session, action, state))
        legal = action in state.legal
        widget.set_class(not legal, "-illegal")
        widget.set_class(i == cursor, "-cursor")
