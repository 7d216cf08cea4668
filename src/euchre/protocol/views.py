"""Reading a message's view: every field checked, and the whole a view a real game could show.

:func:`view_from_dict` rebuilds a :class:`~euchre.engine.view.PlayerView` from the
``view`` object of a message and refuses, with a
:class:`~euchre.protocol.fields.ProtocolError` naming the field, anything that is not a
view of a real game (``docs/protocol.md`` lists the checks): fields of the wrong type or
out of range (:mod:`euchre.protocol.fields`), a card in two places, the upcard or the
dealer's discard where they cannot be, calls that are not a real bidding or that do not
lead to the view's phase (:mod:`euchre.protocol.calls`), tricks not played in turn or
against a void shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre.engine.actions import (
    BEST,
    MISERE,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    GoAlone,
    Order,
    Pass,
)
from euchre.engine.cards import (
    BENNY,
    NO_TRUMP,
    TRUMP_ORDERS,
    UNKNOWN,
    CardSet,
    card_name,
    card_suit,
    suit_char,
    suit_name,
    trick_winner_index,
)
from euchre.engine.game import deal_phases
from euchre.engine.legal import names_benny, turned_down
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.protocol.calls import check_calls
from euchre.protocol.codec import read_action, read_bid
from euchre.protocol.fields import (
    counted,
    fail,
    listed,
    read_card,
    read_field,
    read_items,
    read_numbers,
    read_pair,
    read_rules,
    read_seat,
    read_seats,
    read_suit,
    read_whole,
    show,
)

__all__ = ["view_from_dict"]

_CALL_KINDS: Final = (Pass, Order, Call, GoAlone, Declare, Bid, Best)
"""The actions a view's ``calls`` may hold (a give and a discard are face down)."""
_BEFORE_EXCHANGE: Final = ("benny", "declare", "bid1", "bid2", "exchange")
"""Euchre's phases in which nobody has picked up the upcard yet."""
_AFTER_EXCHANGE: Final = ("alone", "best", "give", "discard", "play")


def _phases(rules: Rules) -> tuple[str, ...]:
    """The phases a view may be in under ``rules``: the deal's
    (:func:`euchre.engine.game.deal_phases`), then ``over``.

    >>> _phases(Rules())
    ('bid1', 'exchange', 'bid2', 'alone', 'play', 'over')
    >>> _phases(Rules.preset("napoleon"))
    ('bid', 'play', 'over')
    """
    return (*(phase.value for phase in deal_phases(rules)), "over")


def view_from_dict(data: Mapping[str, Any], where: str = "view") -> PlayerView:
    """Rebuild a :class:`PlayerView` from the ``view`` object of a message.

    Missing fields take neutral values (no calls, no tricks, nobody alone). Anything
    that is not a view a real game could show raises
    :class:`~euchre.protocol.fields.ProtocolError` naming the field (``where`` starts
    its path): a field of the wrong type, a seat or card out of range, a card twice,
    calls out of turn, a phase, trump, maker, bid or ``to_act`` that does not follow
    from the calls, tricks not played in turn or against a void shown
    (``docs/protocol.md`` lists the checks). ``trick`` is not read: it repeats the
    last entry of ``tricks``. Every form of the game is read (three to seven seats,
    six-card hands, no upcard, no-trump, Napoleon's trump made by the first lead).

    >>> from euchre.engine.game import Game
    >>> from euchre.protocol.codec import view_to_dict
    >>> game = Game(seed=2)
    >>> view = game.view(game.to_act)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> nap = Game(Rules.preset("napoleon"), seed=2)
    >>> view_from_dict(view_to_dict(nap.view(3))) == nap.view(3)
    True
    >>> view_from_dict({"seat": 7, "phase": "bid1", "upcard": "Jd"})
    Traceback (most recent call last):
    ...
    euchre.protocol.fields.ProtocolError: view.seat: must be a seat from 0 to 3, not 7
    """
    if not isinstance(data, Mapping):
        fail(where, f"must be an object, not {show(data)}")
    rules = read_rules(data.get("rules"), f"{where}.rules")
    n = rules.players
    seating = rules.seating
    sides = seating.team_count
    size = rules.hand_size
    euchre = rules.has_upcard
    phases = _phases(rules)
    phase = read_field(data, "phase", where)
    if phase not in phases:
        fail(f"{where}.phase", f"must be one of {', '.join(phases)}, not {show(phase)}")
    seat = read_seat(read_field(data, "seat", where), f"{where}.seat", n)
    to_act = read_field(data, "to_act", where, seat)
    if not (phase == "over" and type(to_act) is int and to_act == -1):  # nobody acts
        to_act = read_seat(to_act, f"{where}.to_act", n)
    dealer = read_seat(read_field(data, "dealer", where, 0), f"{where}.dealer", n)
    deal_number = read_whole(read_field(data, "deal", where, 0), f"{where}.deal", 0)
    score = read_numbers(read_field(data, "score", where, [0] * sides), f"{where}.score",
                         sides)
    won = read_numbers(read_field(data, "tricks_won", where, [0] * sides), f"{where}.tricks_won",
                       sides, 0, size)
    if sum(won) > size:
        fail(f"{where}.tricks_won", f"{list(won)}: a deal has {counted(size, 'trick')}")
    tokens = read_numbers(read_field(data, "tokens", where, [0] * sides), f"{where}.tokens", sides,
                          0, 3)
    if any(tokens) and not rules.four_trick_tokens:
        fail(f"{where}.tokens", "four-trick tokens are not in these rules (four_trick_tokens)")
    if euchre:
        upcard = read_card(read_field(data, "upcard", where), f"{where}.upcard", rules)
    elif data.get("upcard") is not None:
        fail(f"{where}.upcard", f"must be null: {rules.form_name} turns no card up")
    else:
        upcard = UNKNOWN
    seen: dict[int, str] = {}

    def card_at(value: object, at: str) -> int:
        c = read_card(value, at, rules)
        if c in seen:
            fail(at, f"{card_name(c)} is also at {seen[c]}")
        seen[c] = at
        return c

    extra = rules.widow == "bidder_takes" or (  # the widow, or a best card, held a moment
        rules.partners_best != "none" and rules.partners_best_order == "receive_first")
    hand = [card_at(c, f"{where}.hand[{i}]")
            for i, c in enumerate(read_items(data.get("hand"), f"{where}.hand", size + extra))]
    calls: list[tuple[int, Action]] = []
    for i, item in enumerate(read_items(data.get("calls"), f"{where}.calls")):
        at = f"{where}.calls[{i}]"
        who, text = read_pair(item, at, "[seat, action]")
        action = read_action(text, f"{at}[1]")
        if not isinstance(action, _CALL_KINDS):
            fail(f"{at}[1]", f"{text} is not a call (pass, accept, call:SUIT, alone, stay, "
                             "bid:N, farmer:CARDS, under:CARDS, best, decline)")
        calls.append((read_seat(who, f"{at}[0]", n), action))
    no_trump = rules.no_trump or rules.form == "napoleon"
    raw_trump, raw_maker = data.get("trump"), data.get("maker")
    trump = None if raw_trump is None else read_suit(raw_trump, f"{where}.trump", no_trump)
    maker = None if raw_maker is None else read_seat(raw_maker, f"{where}.maker", n)
    raw_bid = data.get("bid")
    bid = None if raw_bid is None else read_bid(raw_bid, f"{where}.bid")
    if euchre:
        if (trump is None) != (maker is None):
            fail(f"{where}.{'maker' if maker is None else 'trump'}",
                 "missing: trump and the maker are given together, once trump is fixed")
        if bid is not None:
            fail(f"{where}.bid", f"must be null: {rules.form_name} has no bidding for tricks")
    else:
        if (bid is None) != (maker is None):
            fail(f"{where}.{'maker' if maker is None else 'bid'}",
                 "missing: the bid and the maker (the highest bidder) are given together")
        if trump is not None and maker is None:
            fail(f"{where}.maker", "missing: trump is named by the maker")
    alone = read_seats(data.get("alone"), f"{where}.alone", n)
    if alone and not rules.going_alone:
        fail(f"{where}.alone", "nobody may go alone under these rules")
    for i, s in enumerate(alone):
        if seating.partner(s) in alone[:i]:
            fail(f"{where}.alone[{i}]", f"seat {s}'s partner goes alone already")
    partners = seating.sitting_out(alone)
    out = read_seats(read_field(data, "sitting_out", where, list(partners)),
                     f"{where}.sitting_out", n)
    for i, s in enumerate(out):
        if seating.partner(s) not in alone:
            fail(f"{where}.sitting_out[{i}]",
                 f"seat {s} sits out only when its partner goes alone")
    if len(out) != len(partners):
        fail(f"{where}.sitting_out", f"is {list(out)}, but the partners of the lone players "
                                     f"{list(alone)} sit out: {list(partners)}")
    raw_discard = data.get("discard")
    if isinstance(raw_discard, str) and raw_discard.strip().upper() == "X":
        discard: int | None = UNKNOWN  # a card a record does not show
    else:
        discard = (None if raw_discard is None
                   else read_card(raw_discard, f"{where}.discard", rules))
    if discard is not None and not euchre:
        fail(f"{where}.discard", f"must be null: {rules.form_name} has no dealer's exchange")
    tricks: list[tuple[tuple[int, int], ...]] = []
    raw_tricks = read_items(data.get("tricks"), f"{where}.tricks",
                            size + 1 if phase == "play" else size)
    for k, raw in enumerate(raw_tricks):
        at = f"{where}.tricks[{k}]"
        plays: list[tuple[int, int]] = []
        for j, item in enumerate(read_items(raw, at, n)):
            who, c = read_pair(item, f"{at}[{j}]", "[seat, card]")
            s = read_seat(who, f"{at}[{j}][0]", n)
            if s in out:
                fail(f"{at}[{j}][0]", f"seat {s} sits out this deal")
            if any(s == other for other, _ in plays):
                fail(f"{at}[{j}][0]", f"seat {s} plays twice to one trick")
            plays.append((s, card_at(c, f"{at}[{j}][1]")))
        tricks.append(tuple(plays))
    current: tuple[tuple[int, int], ...] = ()
    if phase == "play" and tricks:
        current = tricks.pop()
        if len(current) >= n - len(out):
            fail(f"{where}.tricks[{len(tricks)}]",
                 f"the trick in progress (the last entry) has {len(current)} cards; "
                 f"{n - len(out)} make a finished trick")
    for k, trick in enumerate(tricks):
        if not trick:
            fail(f"{where}.tricks[{k}]", "a finished trick holds cards")
    if len(tricks) > (size - 1 if phase == "play" else size):
        fail(f"{where}.tricks", f"{len(tricks)} finished tricks in phase {phase}; a deal "
                                f"has {counted(size, 'trick')[:-1]}")
    laid_away = tuple(card_at(c, f"{where}.laid_away[{i}]") for i, c in
                      enumerate(read_items(data.get("laid_away"), f"{where}.laid_away", 2)))
    shown = _read_shown(data, where, rules)
    given = _read_given(data, where, rules, seat)
    if discard is not None and discard in seen:
        fail(f"{where}.discard", f"{card_name(discard)} is also at {seen[discard]}")
    if euchre:
        _check_upcard(where, rules, phase, seat, dealer, upcard, hand, calls, tricks, current,
                      trump, discard)
    if phase not in ("play", "over") and tricks:
        fail(f"{where}.tricks", f"no trick is played in phase {phase}")
    if phase != "over":
        check_calls(where, rules, dealer, upcard, calls, phase, to_act, trump=trump,
                    maker=maker, bid=bid, alone=alone, shown=shown, led=bool(current or tricks))
    if phase == "play":
        assert maker is not None
        _check_play(where, rules, dealer, maker, trump, alone, (*tricks, current),
                    hand, seat, to_act, won, bid)
    return PlayerView(
        seat=seat,
        rules=rules,
        phase=phase,
        to_act=to_act,
        dealer=dealer,
        deal_number=deal_number,
        score=score,
        hand=CardSet.from_cards(hand),
        upcard=upcard,
        calls=tuple(calls),
        trump=trump,
        maker=maker,
        alone=alone,
        sitting_out=out,
        discard=discard,
        tricks=tuple(tricks),
        trick=current,
        tricks_won=won,
        shown=shown,
        laid_away=laid_away,
        given=given,
        bid=bid,
        tokens=tokens,
    )


def _read_shown(data: Mapping[str, Any], where: str, rules: Rules
                ) -> tuple[tuple[int, int], ...]:
    """``shown``: ``[seat, card]`` pairs, each card once (a shown card may be in a hand
    or a trick too: it was shown, not given up)."""
    at = f"{where}.shown"
    shown: list[tuple[int, int]] = []
    for i, item in enumerate(read_items(data.get("shown"), at, rules.hand_size * rules.players)):
        who, raw = read_pair(item, f"{at}[{i}]", "[seat, card]")
        s = read_seat(who, f"{at}[{i}][0]", rules.players)
        c = read_card(raw, f"{at}[{i}][1]", rules)
        if any(c == other for _, other in shown):
            fail(f"{at}[{i}][1]", f"{card_name(c)} is shown twice")
        shown.append((s, c))
    return tuple(shown)


def _read_given(data: Mapping[str, Any], where: str, rules: Rules, seat: int
                ) -> tuple[tuple[int, int, int], ...]:
    """``given``: ``[giver, receiver, card]``, only passes this seat made or took."""
    at = f"{where}.given"
    given: list[tuple[int, int, int]] = []
    for i, item in enumerate(read_items(data.get("given"), at, 2)):
        giver, receiver, raw = read_pair(item, f"{at}[{i}]", "[giver, receiver, card]", 3)
        g = read_seat(giver, f"{at}[{i}][0]", rules.players)
        r = read_seat(receiver, f"{at}[{i}][1]", rules.players)
        if rules.seating.partner(g) != r:
            fail(f"{at}[{i}]", f"seat {g} passes a card only to its partner, not to seat {r}")
        if seat not in (g, r):
            fail(f"{at}[{i}]", f"seat {seat} sees only the cards it gave or received, not a "
                               f"pass from seat {g} to seat {r}")
        given.append((g, r, read_card(raw, f"{at}[{i}][2]", rules)))
    return tuple(given)


def _check_upcard(where: str, rules: Rules, phase: str, seat: int, dealer: int, upcard: int,
                  hand: Sequence[int], calls: Sequence[tuple[int, Action]],
                  tricks: Sequence[tuple[tuple[int, int], ...]],
                  current: tuple[tuple[int, int], ...], trump: int | None,
                  discard: int | None) -> None:
    """Where Euchre's upcard and the dealer's discard may be, and trump by the phase."""
    if phase in _AFTER_EXCHANGE and trump is None:
        fail(f"{where}.trump", f"missing: trump is fixed in phase {phase}")
    if phase in ("bid1", "bid2") and trump is not None:
        fail(f"{where}.trump", f"is {suit_char(trump)}, but trump is not fixed in phase {phase}")
    if phase in _BEFORE_EXCHANGE and upcard in hand:
        fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which no hand holds "
                              f"in phase {phase}")
    taken = any(isinstance(action, Order) for _, action in calls) or (
        upcard == BENNY and names_benny(rules) and bool(calls))
    holders = {dealer} if taken else set()
    partner = rules.seating.partner(dealer)
    if taken and partner is not None and any(s == partner and a == BEST for s, a in calls):
        holders.add(partner)  # the dealer may give the upcard to a lone partner who called
    if upcard in hand and seat not in holders:
        fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which only the dealer "
                              "picks up, once its suit is accepted")
    for k, trick in enumerate((*tricks, current)):
        for j, (s, c) in enumerate(trick):
            if c == upcard and s not in holders:
                fail(f"{where}.tricks[{k}][{j}][1]",
                     f"seat {s} plays the upcard {card_name(c)}, which only the dealer picks "
                     "up, once its suit is accepted")
    if discard is not None and phase != "over" and not (
            seat == dealer and taken and phase in _AFTER_EXCHANGE):
        fail(f"{where}.discard", "is shown only to the dealer, once it has taken the upcard "
                                 "and laid away a card (null otherwise)")
    if phase == "bid1" and upcard == BENNY and turned_down(rules, upcard) < 0:
        fail(f"{where}.upcard", "the Benny turned up skips round one (phase bid1)"
             if rules.benny_upcard == "skip_round_one" else
             "the Benny turned up: the dealer names trump (phase benny), there is no round one")
    if phase == "benny" and upcard != BENNY:
        fail(f"{where}.phase", f"is benny, but the upcard is {card_name(upcard)}, not the Benny")


def _check_play(where: str, rules: Rules, dealer: int, maker: int, trump: int | None,
                alone: tuple[int, ...], tricks: tuple[tuple[tuple[int, int], ...], ...],
                hand: list[int], seat: int, to_act: int, won: tuple[int, ...],
                bid: int | None) -> None:
    """Check that the tricks (the last one in progress) are a play of a real deal:
    each led by the winner of the one before (the first as the rules say: the maker
    where there is no upcard), played clockwise past the seats sitting out, nobody
    playing a suit it has shown out of, ``tricks_won`` their count and ``to_act`` the
    seat to play next; that Napoleon's trump is the suit of the first card led; and that
    the hand holds no suit its seat has shown out of."""
    seating = rules.seating
    order = rules.trump_order
    first = tricks[0][0][1] if tricks[0] else None
    if rules.form == "napoleon" and bid != MISERE:
        shown = "null" if trump is None else suit_char(trump)
        if first is None and trump is not None:
            fail(f"{where}.trump", f"is {shown}, but no card is led yet: the first card led "
                                   "makes trump")
        if first is not None and trump != card_suit(first):
            fail(f"{where}.trump", f"is {shown}, but the first card led, {card_name(first)}, "
                                   f"made {suit_name(card_suit(first))} trump")
    key = NO_TRUMP if trump is None else trump
    eff = TRUMP_ORDERS[order].effective[key]
    out = seating.out_mask(alone)
    active = seating.players - out.bit_count()
    if rules.has_upcard:
        leader = seating.first_leader(dealer, maker, alone, rules.loner_lead)
    else:
        leader = maker  # the maker leads (Hasenpfeffer, Napoleon)
    void: dict[int, dict[int, int]] = {s: {} for s in seating.seats}  # suit: trick shown out
    taken = [0] * seating.team_count
    after = seating.next_table(out)

    for k, trick in enumerate(tricks):
        at = f"{where}.tricks[{k}]"
        if k < len(tricks) - 1 and len(trick) != active:
            fail(at, f"has {len(trick)} cards, but a finished trick has one from each of "
                     f"the {active} players")
        expect = leader
        for j, (s, c) in enumerate(trick):
            if s != expect:
                how = f"seat {leader} leads it" if j == 0 else f"seat {expect} plays next"
                fail(f"{at}[{j}][0]", f"is seat {s}, but {how}")
            if eff[c] in void[s]:
                fail(f"{at}[{j}][1]", f"seat {s} plays {card_name(c)} after showing out of "
                                      f"{suit_name(eff[c])} in tricks[{void[s][eff[c]]}]")
            if eff[c] != eff[trick[0][1]]:
                void[s].setdefault(eff[trick[0][1]], k)
            expect = after[s]
        if k < len(tricks) - 1:
            leader = trick[trick_winner_index([c for _, c in trick], key, order=order)][0]
            taken[seating.team(leader)] += 1
    if list(won) != taken:
        fail(f"{where}.tricks_won", f"is {list(won)}, but the tricks shown were taken "
                                    f"{listed(taken)}")
    playing = after[tricks[-1][-1][0]] if tricks[-1] else leader
    if to_act != playing:
        fail(f"{where}.to_act", f"is {to_act}, but seat {playing} plays next")
    for i, c in enumerate(hand):
        if eff[c] in void[seat]:
            fail(f"{where}.hand[{i}]", f"{card_name(c)}, but seat {seat} showed out of "
                                       f"{suit_name(eff[c])} in tricks[{void[seat][eff[c]]}]")
