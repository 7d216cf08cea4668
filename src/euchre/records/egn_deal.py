"""One EGN deal read as a :class:`~euchre.records.record.RecordedDeal`: its cards
rebuilt, its actions in the engine's order (:func:`convert_deal`).

EGN writes a deal as its dealer, upcard, bidding calls and tricks; who played each card
follows from the rules (the first lead, then each trick's winner). The hands are
rebuilt from the cards each seat plays (plus ``playerCards`` when given, the dealer's
exchange and the ``cardExchanges``: a farmer's hand or going under, a call for
partner's best); cards never seen stay unknown (``X``), and a seat given no hand has it
taken from its plays (:data:`~euchre.records.record.HANDS_FROM_PLAYS`).

Reading a deal goes in steps, a function each: its fields read and checked
(:func:`_read_deal`); the bidding replayed by the engine over a deal of unknown cards,
which says whose turn each call is and asks the declarations, the going-alone and the
best questions in its own order (:func:`_replay_bidding`); then either a deal nobody
made trump in (:func:`_unmade_deal`) or one played out (:func:`_made_deal`: the going
alone, the calls for best, the tricks, the hands, and what EGN leaves unwritten of the
exchanges). The exchanges are worked out from the cards dealt and played in
:mod:`euchre.records.egn_exchanges` (the three cards given up for a swap with the kitty,
the dealer's discard, the discard after a call for best), which also reads the
``cardExchanges`` entries and EGN's cards.

>>> from euchre.records.egn_rules import rules_from_egn
>>> deal = {"initialState": {"dealer": 3, "upCard": "Jd"},
...         "phases": [{"type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"]}]}
>>> converted = convert_deal(deal, rules_from_egn({}), "deals[0]")
>>> [str(action) for action in converted.recorded.actions], converted.finished
(['pass', 'order', 'discard X', 'stay'], False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    CALL,
    DECLINE,
    DISCARD,
    GIVE,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
)
from euchre.engine.cards import (
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    mask_of,
    trick_winner_index,
)
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.errors import CardError, IllegalActionError, RecordError
from euchre.records.egn_exchanges import (
    Entry,
    Exchange,
    Setting,
    UnresolvedDeal,
    calls_for_best,
    egn_card,
    exchange_entries,
    exchange_entry,
    in_deck,
    kitty_swap,
    place_card,
    place_gifts,
    received_cards,
    resolve,
    worked_out,
)
from euchre.records.egn_rules import as_bool
from euchre.records.jsondata import as_int, as_list, as_object, as_string, known_keys, require
from euchre.records.record import HANDS_FROM_PLAYS, RecordedDeal

__all__ = ["ConvertedDeal", "UnresolvedDeal", "convert_deal"]

_ACCEPT_CALLS: Final = ("Order", "PickUp", "Call", "Alone")


@dataclasses.dataclass(frozen=True, slots=True)
class ConvertedDeal:
    """One EGN deal read (:func:`convert_deal`): the recorded deal, whether it runs to
    its end, and where it is in the file (for the messages of the replay)."""

    recorded: RecordedDeal
    finished: bool
    """Whether the deal runs to its end: thrown in, or every trick played."""
    where: str
    """The deal's place in the file (``deals[3]``)."""
    tricks_where: str
    """The place of its ``TRICK_PLAY`` phase (or where it would be)."""
    seats: tuple[int, ...] = ()
    """The seat that played each card of the tricks, in order."""


@dataclasses.dataclass(frozen=True, slots=True)
class _DealText:
    """What one EGN deal says, each field read and checked (nothing replayed yet)."""

    data: dict[str, object]
    where: str
    state: dict[str, object]
    """``initialState`` (its hands and kitty are read once trump is known)."""
    state_where: str
    dealer: int
    upcard: Card
    deck: int
    """The deck's cards, as a mask."""
    bidding: dict[str, object] | None
    bid_where: str
    trick: dict[str, object] | None
    trick_where: str
    calls: list[object]
    is_alone: bool
    """``isAlone``, of either phase."""
    alone_defender: int
    discard: object
    """The bidding's ``discard`` as given (read once trump is known)."""
    entries: list[Entry]
    tricks: list[object]
    initial_lead: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class _Bidding:
    """The bidding replayed by the engine over a deal of unknown cards: the probe game
    (on to the next question), the seats asked to declare, the calls, and what they
    decided."""

    probe: Game
    declare_seats: list[int]
    bids: list[Action]
    thrown_in: bool
    trump: int | None
    maker: int | None
    accepted: bool
    """Whether the dealer took the upcard (an exchange follows)."""
    is_alone: bool
    """``isAlone``, or an ``Alone`` call."""
    exchanges: list[Exchange]
    swap: Exchange | None


def convert_deal(raw: object, rules: Rules, where: str) -> ConvertedDeal:
    """One EGN deal (as :func:`json.loads` gives it) as a recorded deal: cards rebuilt,
    actions in the engine's order. ``where`` is its place in the file (``deals[3]``),
    which every :class:`~euchre.errors.RecordError` names; a deal whose unwritten cards
    cannot be worked out raises :class:`UnresolvedDeal`.

    The deal is replayed only as far as the bidding: the whole game is replayed by the
    reader (:func:`~euchre.records.egn_read.from_egn`).
    """
    text = _read_deal(raw, rules, where)
    bidding = _replay_bidding(text, rules)
    if bidding.trump is None or bidding.maker is None:
        return _unmade_deal(text, bidding, rules)
    return _made_deal(text, bidding, bidding.trump, bidding.maker, rules)


# -- the deal's fields -------------------------------------------------------------------


def _read_deal(raw: object, rules: Rules, where: str) -> _DealText:
    """The fields of one deal, each read and checked: its ``initialState`` (the dealer
    and the upcard) and its phases."""
    if isinstance(raw, str):
        raise RecordError(
            f"{where}: condensed (binary-encoded) deals are not supported; "
            "expand the file to plain EGN first"
        )
    data = as_object(raw, where)
    known_keys(data, ("dealNumber", "initialState", "phases", "alternativeLines"), where)
    if "dealNumber" in data:
        as_int(data["dealNumber"], f"{where}.dealNumber", 0)
    state_where = f"{where}.initialState"
    state = as_object(require(data, "initialState", where), state_where)
    dealer, upcard = _initial_state(state, rules, state_where)
    bidding, bid_where, trick, trick_where = _phases(data, where)
    calls, is_alone, alone_defender, discard, entries = _bidding_fields(
        bidding, rules, bid_where
    )
    tricks, alone_in_tricks, initial_lead = _trick_fields(trick, rules, trick_where)
    return _DealText(
        data=data, where=where, state=state, state_where=state_where, dealer=dealer,
        upcard=upcard, deck=deck_mask(rules.deck), bidding=bidding, bid_where=bid_where,
        trick=trick, trick_where=trick_where, calls=calls,
        is_alone=is_alone or alone_in_tricks, alone_defender=alone_defender,
        discard=discard, entries=entries, tricks=tricks, initial_lead=initial_lead,
    )


def _initial_state(state: dict[str, object], rules: Rules, where: str) -> tuple[int, Card]:
    """The dealer and the upcard (known, and of the deck) of ``initialState``."""
    known_keys(state, ("dealer", "upCard", "playerCards", "kitty"), where)
    dealer = as_int(require(state, "dealer", where), f"{where}.dealer", 0, rules.players - 1)
    upcard = egn_card(require(state, "upCard", where), None, f"{where}.upCard")
    if upcard == UNKNOWN:
        raise RecordError(f"{where}.upCard: the upcard must be known")
    in_deck(upcard, deck_mask(rules.deck), rules, f"{where}.upCard")
    return dealer, upcard


def _phases(
    data: dict[str, object], where: str
) -> tuple[dict[str, object] | None, str, dict[str, object] | None, str]:
    """The deal's ``EUCHRE_BIDDING`` and ``TRICK_PLAY`` phases (each at most once), and
    their places."""
    bidding: dict[str, object] | None = None
    trick: dict[str, object] | None = None
    bid_where = f"{where}.phases[0]"
    trick_where = f"{where}.phases[1]"
    for k, raw in enumerate(as_list(data.get("phases", []), f"{where}.phases")):
        place = f"{where}.phases[{k}]"
        phase = as_object(raw, place)
        kind = phase.get("type")
        if kind == "EUCHRE_BIDDING" and bidding is None:
            bidding, bid_where = phase, place
        elif kind == "TRICK_PLAY" and trick is None:
            trick, trick_where = phase, place
        elif kind in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            raise RecordError(f"{place}: a second {kind} phase in one deal")
        else:
            raise RecordError(
                f"{place}.type: unknown phase type {kind!r} (EUCHRE_BIDDING or TRICK_PLAY)"
            )
    if trick is not None and bidding is None:
        raise RecordError(f"{trick_where}: a TRICK_PLAY phase without an EUCHRE_BIDDING phase")
    return bidding, bid_where, trick, trick_where


def _bidding_fields(
    bidding: dict[str, object] | None, rules: Rules, where: str
) -> tuple[list[object], bool, int, object, list[Entry]]:
    """The bidding phase's ``calls``, ``isAlone``, ``aloneDefender``, ``discard`` (as
    given) and ``cardExchanges``."""
    if bidding is None:
        return [], False, -1, None, []
    known_keys(
        bidding,
        ("phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard",
         "cardExchanges", "callAnnotations"),
        where,
    )
    calls = as_list(bidding.get("calls", []), f"{where}.calls")
    is_alone = as_bool(bidding.get("isAlone", False), f"{where}.isAlone")
    alone_defender = as_int(
        bidding.get("aloneDefender", -1), f"{where}.aloneDefender", -1, rules.players - 1
    )
    discard = bidding.get("discard")
    entries: list[Entry] = []
    if bidding.get("cardExchanges") is not None:
        entries = exchange_entries(bidding["cardExchanges"], rules, f"{where}.cardExchanges")
    return calls, is_alone, alone_defender, discard, entries


def _trick_fields(
    trick: dict[str, object] | None, rules: Rules, where: str
) -> tuple[list[object], bool, int | None]:
    """The trick phase's ``tricks`` (as given), ``isAlone`` and ``initialLead``."""
    if trick is None:
        return [], False, None
    known_keys(
        trick,
        ("phaseNumber", "type", "tricks", "isAlone", "initialLead", "playAnnotations"),
        where,
    )
    tricks = as_list(trick.get("tricks", []), f"{where}.tricks")
    is_alone = as_bool(trick.get("isAlone", False), f"{where}.isAlone")
    initial_lead = None
    if "initialLead" in trick:
        initial_lead = as_int(trick["initialLead"], f"{where}.initialLead", 0, rules.players - 1)
    return tricks, is_alone, initial_lead


# -- the bidding -------------------------------------------------------------------------


def _replay_bidding(text: _DealText, rules: Rules) -> _Bidding:
    """Drive the engine over a deal of unknown cards: it says whose turn each call is and
    asks the declarations, the going-alone and the best questions in its own order. The
    card exchanges are read once trump is known (``R`` and ``L`` need it)."""
    size = rules.hand_size
    blank = Deal(text.dealer, tuple((UNKNOWN,) * size for _ in range(rules.players)),
                 text.upcard, (UNKNOWN,) * (rules.kitty_size - 1))
    probe = Game(rules, deals=[blank], seed=0)
    declare_seats: list[int] = []
    if text.bidding is not None:
        while probe.phase is Phase.DECLARE:  # a pass stands in for the swap, if any
            declare_seats.append(probe.to_act)
            probe.apply(PASS)
    bids, alone_call = _bids(probe, text.calls, f"{text.bid_where}.calls")
    thrown_in = bool(probe.results)
    trump = None if thrown_in else probe.trump
    exchanges = [exchange_entry(entry, trump, rules, text.deck) for entry in text.entries]
    return _Bidding(
        probe=probe,
        declare_seats=declare_seats,
        bids=bids,
        thrown_in=thrown_in,
        trump=trump,
        maker=probe.maker if trump is not None else None,
        accepted=probe.phase is Phase.EXCHANGE and not thrown_in,
        is_alone=text.is_alone or alone_call,
        exchanges=exchanges,
        swap=kitty_swap(exchanges, declare_seats, rules),
    )


def _bids(probe: Game, calls: list[object], where: str) -> tuple[list[Action], bool]:
    """Apply the EGN calls to the probe game; the actions, and whether a call was 'Alone'."""
    actions: list[Action] = []
    alone_call = False
    for j, raw in enumerate(calls):
        place = f"{where}[{j}]"
        text = as_string(raw, place)
        if probe.results or probe.phase not in (Phase.BID1, Phase.BID2):
            raise RecordError(f"{place}: {text!r} comes after the bidding ended")
        action: Action
        if text == "Pass":
            action = PASS
        elif probe.phase is Phase.BID1:
            if text not in _ACCEPT_CALLS:
                raise RecordError(
                    f"{place}: {text!r} is not a round-one call "
                    "(Pass, Order, PickUp, Call or Alone)"
                )
            action = ORDER
            alone_call = text == "Alone"
        elif len(text) == 1 and text.lower() in SUIT_CHARS:
            action = CALL[SUIT_CHARS.index(text.lower())]
        elif text.lower() == "n":
            if not probe.rules.no_trump:
                raise RecordError(
                    f"{place}: no-trump ('n') is not supported without the allow_no_trump flag"
                )
            action = CALL[NO_TRUMP]
        else:
            raise RecordError(
                f"{place}: {text!r} is not a round-two call (Pass or a suit: c, d, h, s)"
            )
        try:
            probe.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"{place}: {error}") from None
        actions.append(action)
    return actions, alone_call


# -- a deal nobody made trump in ---------------------------------------------------------


def _unmade_deal(text: _DealText, bidding: _Bidding, rules: Rules) -> ConvertedDeal:
    """A deal in which nobody made trump (thrown in, or the record stops in the
    bidding): nothing of a made deal may be given, but a swap with the kitty may have
    been declared."""
    why = "the deal was thrown in" if bidding.thrown_in else "the bidding did not name trump"
    _refuse_unmade(text, bidding, why)
    n = rules.players
    swap = bidding.swap
    kitty = _kitty(text.state, None, rules, text.deck, text.state_where, swap)
    unplayed: list[list[Card]] = [[] for _ in range(n)]
    hands, recorded_seats = _hands(text.state, None, rules, text.deck, text.state_where,
                                   unplayed, False, text.dealer, text.upcard,
                                   received_cards(swap, []))
    declares: list[Action] = [PASS] * len(bidding.declare_seats)
    if swap is not None:
        declared, _, _ = resolve(swap.receiver, hands[swap.receiver], rules, swap=swap,
                                 plays=[], where=swap.where)
        declares = [declared if s == swap.receiver and declared else PASS
                    for s in bidding.declare_seats]
    recorded = RecordedDeal(
        _rebuilt(text, hands, kitty, recorded_seats, rules),
        (*declares, *bidding.bids),
        extras=_extras(text, _from_plays(recorded_seats, n)),
    )
    _check(recorded.deal, rules, text.where)
    return ConvertedDeal(recorded, bidding.thrown_in, text.where, text.trick_where)


def _refuse_unmade(text: _DealText, bidding: _Bidding, why: str) -> None:
    """Nothing that follows the making of trump is given: no going alone, no discard,
    no tricks, no call for best."""
    for present, field in (
        (bidding.is_alone, "isAlone"),
        (text.alone_defender >= 0, "aloneDefender"),
        (text.discard is not None, "discard"),
    ):
        if present:
            raise RecordError(f"{text.bid_where}.{field}: given, but {why}")
    if text.tricks:
        raise RecordError(f"{text.trick_where}.tricks: tricks are given, but {why}")
    for item in bidding.exchanges:
        if item.sender is not None:
            raise RecordError(f"{item.where}: a call for best is given, but {why}")


# -- a deal played out -------------------------------------------------------------------


def _made_deal(
    text: _DealText, bidding: _Bidding, trump: int, maker: int, rules: Rules
) -> ConvertedDeal:
    """A deal in which trump was made: the dealer's exchange, the going alone, the
    calls for best and the tricks, with the hands they add up to."""
    n = rules.players
    probe = bidding.probe
    if text.discard is not None and not bidding.accepted:
        raise RecordError(
            f"{text.bid_where}.discard: given, but nobody accepted the upcard (no exchange)"
        )
    if bidding.accepted:
        probe.apply(DISCARD[UNKNOWN])
    alone_actions = _alone(probe, maker, bidding.is_alone, text.alone_defender, text.bid_where)
    best_seats = _best_seats(probe)
    bests = calls_for_best(bidding.exchanges, best_seats, rules)
    leader = _leader(probe, text)
    out = set(probe.sitting_out)
    kitty = _kitty(text.state, trump, rules, text.deck, text.state_where, bidding.swap)
    played, plays, seats = _tricks(text.tricks, trump, leader, out, rules, text.deck,
                                   text.trick_where)
    ins = received_cards(bidding.swap, list(bests.values()))
    hands, recorded_seats = _hands(text.state, trump, rules, text.deck, text.state_where,
                                   played, bidding.accepted, text.dealer, text.upcard, ins)
    setting = Setting(rules, text.dealer, text.upcard, text.deck, bidding.accepted,
                      text.discard, bidding.declare_seats, bidding.swap, text.bid_where,
                      text.state_where)
    place_gifts(hands, played, bests, ins, setting)
    declares, exchange, best_discards = worked_out(trump, bests, hands, played, ins, setting)
    best_actions = _best_actions(best_seats, bests, best_discards, rules)
    deal = _rebuilt(text, hands, kitty, recorded_seats, rules)
    _check(deal, rules, text.where)
    recorded = RecordedDeal(
        deal,
        (*declares, *bidding.bids, *exchange, *alone_actions, *best_actions, *plays),
        extras=_extras(text, _from_plays(recorded_seats, n)),
    )
    finished = len(plays) == rules.hand_size * (n - len(out))
    return ConvertedDeal(recorded, finished, text.where, text.trick_where, tuple(seats))


def _alone(
    probe: Game, maker: int, is_alone: bool, alone_defender: int, where: str
) -> list[Action]:
    """Answer the engine's going-alone questions from isAlone and aloneDefender."""
    n = probe.rules.players
    if alone_defender >= 0 and probe.rules.seating.same_team(alone_defender, maker):
        raise RecordError(
            f"{where}.aloneDefender: seat {alone_defender} is not a defender "
            f"(seat {maker} made trump)"
        )
    actions: list[Action] = []
    while probe.phase is Phase.ALONE and not probe.results:
        seat = probe.to_act
        action = ALONE if (seat == maker and is_alone) or seat == alone_defender else STAY
        probe.apply(action)
        actions.append(action)
    if is_alone and maker not in probe.alone:
        raise RecordError(f"{where}.isAlone: these rules do not let the maker go alone")
    if not is_alone and maker in probe.alone:
        raise RecordError(f"{where}.isAlone: false, but under the canadian flag the dealer's "
                          "partner who ordered up went alone")
    if alone_defender >= 0 and alone_defender not in probe.alone:
        raise RecordError(
            f"{where}.aloneDefender: seat {alone_defender} may not defend alone under these "
            f"rules (the ruleset needs defend_alone, with {n} players)"
        )
    return actions


def _best_seats(probe: Game) -> list[int]:
    """The seats the engine asks whether they call for best (each declines, in the
    probe: the calls are worked out from the exchanges)."""
    seats: list[int] = []
    while probe.phase is Phase.BEST and not probe.results:
        seats.append(probe.to_act)
        probe.apply(DECLINE)
    return seats


def _leader(probe: Game, text: _DealText) -> int:
    """The seat that leads the first trick (``initialLead``, when given, must agree)."""
    leader = probe.to_act
    if text.initial_lead is not None and text.initial_lead != leader:
        raise RecordError(
            f"{text.trick_where}.initialLead: the record says seat {text.initial_lead} leads "
            f"first, but under these rules seat {leader} does"
        )
    return leader


def _tricks(
    tricks_raw: list[object],
    trump: int,
    leader: int,
    out: set[int],
    rules: Rules,
    deck: int,
    where: str,
) -> tuple[list[list[Card]], list[Action], list[int]]:
    """Who played each card (first lead, then each trick's winner): the cards of each
    seat, the plays, and the seat of each play."""
    n = rules.players
    seating = rules.seating
    skip = sum(1 << s for s in out)
    active = n - len(out)
    played: list[list[Card]] = [[] for _ in range(n)]
    plays: list[Action] = []
    by: list[int] = []
    seen: dict[Card, str] = {}
    if len(tricks_raw) > rules.hand_size:
        raise RecordError(
            f"{where}.tricks: a deal has {rules.hand_size} tricks, not {len(tricks_raw)}"
        )
    seat = leader
    for t, raw in enumerate(tricks_raw):
        place = f"{where}.tricks[{t}]"
        items = as_list(raw, place)
        last = t == len(tricks_raw) - 1
        if not items or len(items) > active or (len(items) < active and not last):
            raise RecordError(f"{place}: a trick has {active} cards here, not {len(items)}")
        cards = _trick_cards(items, trump, rules, deck, seen, place)
        seats = []
        for c in cards:
            seats.append(seat)
            played[seat].append(c)
            plays.append(PLAY[c])
            seat = seating.next_active(seat, skip)
        by.extend(seats)
        if len(cards) == active:
            seat = seats[trick_winner_index(cards, trump)]
    return played, plays, by


def _trick_cards(
    items: list[object], trump: int, rules: Rules, deck: int, seen: dict[Card, str],
    where: str,
) -> list[Card]:
    """The cards of one trick: known, of the deck, none played before (``seen``: where
    each card was played, added to)."""
    cards = []
    for k, item in enumerate(items):
        c = egn_card(item, trump, f"{where}[{k}]")
        if c == UNKNOWN:
            raise RecordError(
                f"{where}[{k}]: a trick with an unknown card 'X' cannot be replayed"
            )
        in_deck(c, deck, rules, f"{where}[{k}]")
        if c in seen:
            raise RecordError(f"{where}[{k}]: {card_name(c)} is played twice (also {seen[c]})")
        seen[c] = f"{where}[{k}]"
        cards.append(c)
    return cards


def _best_actions(
    best_seats: Sequence[int], bests: Mapping[int, Exchange],
    best_discards: Mapping[int, Card], rules: Rules,
) -> list[Action]:
    """The answers to the best questions: a decline, or the call with the partner's
    card and the lone player's discard in the rules' order."""
    actions: list[Action] = []
    for seat in best_seats:
        called = bests.get(seat)
        if called is None:
            actions.append(DECLINE)
            continue
        steps: list[Action] = [GIVE[called.cards[0]], DISCARD[best_discards[seat]]]
        if rules.partners_best_order == "discard_first":
            steps.reverse()
        actions.extend((BEST, *steps))
    return actions


# -- the hands and the kitty -------------------------------------------------------------


def _hands(
    state: dict[str, object],
    trump: int | None,
    rules: Rules,
    deck: int,
    where: str,
    played: list[list[Card]],
    accepted: bool,
    dealer: int,
    upcard: Card,
    received: Mapping[int, set[Card]],
) -> tuple[list[list[Card]], frozenset[int]]:
    """The dealt hands as far as known: ``playerCards``, then the cards each seat plays
    (but those it received after the deal: the upcard, kitty cards, a partner's card);
    and the seats whose ``playerCards`` give a card (an empty list, or one of unknown
    cards, ``X`` or EGN 1.0's ``""``, gives none: that hand was not recorded)."""
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    recorded: set[int] = set()
    given = state.get("playerCards")
    if given is not None:
        lists = as_list(given, f"{where}.playerCards")
        if lists and len(lists) != n:
            raise RecordError(f"{where}.playerCards: {n} hands, not {len(lists)}")
        for seat, raw in enumerate(lists):
            place = f"{where}.playerCards[{seat}]"
            hand = [egn_card(item, trump, f"{place}[{k}]")
                    for k, item in enumerate(as_list(raw, place))]
            if len(hand) > rules.hand_size:
                raise RecordError(f"{place}: a hand holds {rules.hand_size} cards, not {len(hand)}")
            for k, c in enumerate(hand):
                if c != UNKNOWN:
                    in_deck(c, deck, rules, f"{place}[{k}]")
                    recorded.add(seat)
            hands[seat] = hand
    for seat in range(n):
        for c in played[seat]:
            if (accepted and seat == dealer and c == upcard) or c in received.get(seat, ()):
                continue
            if c == upcard:
                why = "only the dealer can take it" if accepted else "it was turned down"
                raise RecordError(
                    f"{where}: seat {seat} plays {card_name(c)}, the upcard, but {why}"
                )
            place_card(hands, seat, c, rules, f"{where}.playerCards[{seat}]", "plays")
    return hands, frozenset(recorded)


def _kitty(
    state: dict[str, object], trump: int | None, rules: Rules, deck: int, where: str,
    swap: Exchange | None = None,
) -> tuple[Card, ...]:
    """The face-down cards as dealt; a swap's kitty cards come first (the engine's swap
    takes the three top cards, §19.4), in the order the exchange gives them. EGN 1.0's
    ``kitty`` (dropped in 1.2) is read when given; one of empty strings only, whatever
    its length, as EGN 1.0 writers leave a kitty they did not record, is not given."""
    size = rules.kitty_size - 1
    raw = state.get("kitty")
    place = f"{where}.kitty"
    if raw is None or (isinstance(raw, list) and all(item == "" for item in raw)):
        cards = [UNKNOWN] * size
    else:
        cards = [egn_card(item, trump, f"{place}[{k}]")
                 for k, item in enumerate(as_list(raw, place))]
        if len(cards) != size:
            raise RecordError(
                f"{place}: the kitty holds {size} cards besides the upcard, not {len(cards)}"
            )
        for k, c in enumerate(cards):
            if c != UNKNOWN:
                in_deck(c, deck, rules, f"{place}[{k}]")
    if swap is None:
        return tuple(cards)
    rest = [c for c in cards if c not in swap.cards]
    for c in swap.cards:
        if c in cards:
            continue
        if UNKNOWN not in rest:
            raise RecordError(
                f"{swap.where}.cards: {card_name(c)} is taken from the kitty, but "
                f"{place} does not hold it"
            )
        rest.remove(UNKNOWN)
    return (*swap.cards, *rest)


def _inferred_kitty(
    kitty: tuple[Card, ...],
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    deck: int,
    recorded: bool,
) -> tuple[Card, ...]:
    """The kitty, its unknown cards worked out when the file records every hand
    (``recorded``: each seat's ``playerCards``) and every card of them is known: the
    cards of the deck in no hand, not the upcard and not already in the kitty, in the
    deck's order.

    EGN has no kitty since 1.2, its changelog says, as it "can be determined from cards
    played"; this is that determination, for the files that give the hands (those
    :func:`~euchre.records.egn_write.to_egn` writes from a game). A file that gives only
    the plays keeps its kitty unknown; so does one with a hand not all known. Cards that
    do not add up (one dealt twice) are left for :func:`_check` to name.
    """
    if not recorded or UNKNOWN not in kitty or any(UNKNOWN in hand for hand in hands):
        return kitty
    seen = mask_of(c for c in (upcard, *kitty, *(c for hand in hands for c in hand))
                   if c != UNKNOWN)
    free = cards_of(deck & ~seen)
    if len(free) != kitty.count(UNKNOWN):
        return kitty
    rest = iter(free)
    return tuple(next(rest) if c == UNKNOWN else c for c in kitty)


def _rebuilt(
    text: _DealText,
    hands: list[list[Card]],
    kitty: tuple[Card, ...],
    recorded_seats: frozenset[int],
    rules: Rules,
) -> Deal:
    """The deal as dealt, as far as known: each hand filled out with unknown cards, the
    kitty worked out when the file records every hand (:func:`_inferred_kitty`)."""
    size = rules.hand_size
    full = tuple(tuple(hand + [UNKNOWN] * (size - len(hand))) for hand in hands)
    return Deal(text.dealer, full, text.upcard,
                _inferred_kitty(kitty, full, text.upcard, text.deck,
                                len(recorded_seats) == rules.players))


def _from_plays(recorded: frozenset[int], players: int) -> list[int]:
    """The seats whose hands the file did not record (:data:`HANDS_FROM_PLAYS`)."""
    return [seat for seat in range(players) if seat not in recorded]


def _check(deal: Deal, rules: Rules, where: str) -> None:
    """The rebuilt deal must be sound (no card twice)."""
    try:
        deal.validate(rules, "deal")
    except CardError as error:
        raise RecordError(f"{where}: the cards do not add up: {error}") from None


# -- what is kept as it is ---------------------------------------------------------------


def _extras(text: _DealText, from_plays: list[int]) -> dict[str, object]:
    """Annotations and alternative lines, kept as they are for writing back; and the
    seats whose hands the file did not record (:data:`HANDS_FROM_PLAYS`), if any."""
    extras: dict[str, object] = {}
    if from_plays:
        extras[HANDS_FROM_PLAYS] = from_plays
    if text.bidding is not None and "callAnnotations" in text.bidding:
        extras["callAnnotations"] = _annotations(
            text.bidding["callAnnotations"], f"{text.bid_where}.callAnnotations"
        )
    if text.trick is not None and "playAnnotations" in text.trick:
        extras["playAnnotations"] = _annotations(
            text.trick["playAnnotations"], f"{text.trick_where}.playAnnotations"
        )
    if "alternativeLines" in text.data:
        extras["alternativeLines"] = as_list(
            text.data["alternativeLines"], f"{text.where}.alternativeLines"
        )
    return extras


def _annotations(value: object, where: str) -> dict[str, object]:
    """Annotations by the index of a call or play, each a list of texts."""
    notes = as_object(value, where)
    for key, texts in notes.items():
        place = f"{where}.{key}"
        if not key.isdigit():
            raise RecordError(f"{place}: an annotation key is the index of a call or play")
        for k, text in enumerate(as_list(texts, place)):
            as_string(text, f"{place}[{k}]")
    return notes
