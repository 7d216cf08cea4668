"""What EGN leaves unwritten of a deal's card exchanges, worked out from the cards dealt
and played (for :mod:`euchre.records.egn_deal`, which reads the rest of the deal).

EGN's ``cardExchanges`` names the three kitty cards taken in a swap with the kitty (a
farmer's hand or going under) and the card passed for a call for partner's best
(:func:`exchange_entries`, :func:`exchange_entry`); it does not write the three cards a
seat gave up for the kitty, nor the lone player's discard after its call for best, and
the dealer's discard may be left out. Each is worked out from the seat's dealt cards and
the cards it plays (:func:`worked_out`, a seat at a time by :func:`resolve`): the one way
the seat's cards add up, or an :class:`UnresolvedDeal` naming what cannot be told.
EGN's cards are read here too (:func:`egn_card`, :func:`in_deck`) and put in a seat's
dealt hand (:func:`place_card`), for both modules.

>>> from euchre.engine.rules import Rules
>>> dealt = [egn_card(text, None, "playerCards[0]") for text in ("9c", "Tc", "9s", "Ac", "Kc")]
>>> taken = tuple(egn_card(text, None, "cards") for text in ("Ah", "Kh", "Qs"))
>>> swap = Exchange(None, 0, taken, "deals[0].phases[0].cardExchanges[0]")
>>> declared, _, _ = resolve(0, dealt, Rules(farmers=True), swap=swap,
...                          plays=[*taken, *dealt[3:]], where=swap.where)
>>> str(declared)
'farmer 9c Tc 9s'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final, TypeAlias

from euchre.engine.actions import (
    DISCARD,
    FARMER,
    GO_UNDER,
    NO_TRUMP,
    PASS,
    Action,
    Declare,
)
from euchre.engine.cards import (
    ACE,
    BENNY,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_CHARS,
    TEN,
    UNKNOWN,
    Card,
    card,
    card_name,
    card_rank,
    left_bower,
    mask_of,
)
from euchre.engine.game import qualifies
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.jsondata import as_int, as_list, as_object, as_string, known_keys, require

__all__ = [
    "Entry",
    "Exchange",
    "Setting",
    "UnresolvedDeal",
    "calls_for_best",
    "egn_card",
    "exchange_entries",
    "exchange_entry",
    "in_deck",
    "kitty_swap",
    "place_card",
    "place_gifts",
    "received_cards",
    "resolve",
    "worked_out",
]

_RANKS: Final = {
    "7": SEVEN,
    "8": EIGHT,
    "9": NINE,
    "N": NINE,
    "T": TEN,
    "J": JACK,
    "Q": QUEEN,
    "K": KING,
    "A": ACE,
}
_CARD_HELP: Final = (
    "an EGN card is a rank (9 or N, T, J, Q, K, A; 7, 8) and a suit (c d h s), "
    "or R / L (the right / left bower), B (the joker) or X (unknown)"
)


class UnresolvedDeal(RecordError):
    """A deal whose cards EGN does not say exactly, and that cannot be worked out: the
    message names the place; ``why`` says it without the place (for
    :func:`~euchre.records.egn_write.to_egn`, which names the deal instead)."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}")
        self.why = why


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange:
    """One ``cardExchanges`` entry: a swap with the kitty (``sender`` None, the three
    kitty cards taken) or a call for best (the partner's card)."""

    sender: int | None
    receiver: int
    cards: tuple[Card, ...]
    where: str


Entry: TypeAlias = tuple[int | None, int, list[object], str]
"""A ``cardExchanges`` entry before its cards are read: ``(sender, receiver, cards,
place)``."""

@dataclasses.dataclass(frozen=True, slots=True)
class Setting:
    """What a deal's exchanges depend on, as the deal's fields and its bidding left it."""

    rules: Rules
    dealer: int
    upcard: Card
    deck: int
    """The deck's cards, as a mask."""
    accepted: bool
    """Whether the dealer took the upcard (an exchange follows)."""
    discard: object
    """The bidding's ``discard`` as given (read once trump is known)."""
    declare_seats: Sequence[int]
    """The seats asked to declare."""
    swap: Exchange | None
    """The swap with the kitty, if any."""
    bid_where: str
    """The place of the bidding phase."""
    state_where: str
    """The place of the deal's ``initialState``."""


_Way: TypeAlias = tuple[Declare | None, Card | None, Card | None]
"""One way a seat's cards add up (:func:`resolve`): its declaration, the dealer's
discard, its discard after a call for best."""


# -- card exchanges ----------------------------------------------------------------------


def exchange_entries(value: object, rules: Rules, where: str) -> list[Entry]:
    """The ``cardExchanges`` entries as ``(sender, receiver, cards, place)``; the cards
    are read once trump is known (``R`` and ``L`` need it)."""
    n = rules.players
    out: list[Entry] = []
    for k, raw in enumerate(as_list(value, where)):
        place = f"{where}[{k}]"
        entry = as_object(raw, place)
        known_keys(entry, ("sender", "receiver", "cards"), place)
        sender = None
        if "sender" in entry:
            sender = as_int(entry["sender"], f"{place}.sender", 0, n - 1)
            if rules.partners_best == "none":
                raise RecordError(
                    f"{place}: card exchanges between partners (a sender) need the "
                    "partners_best flag"
                )
        elif not (rules.farmers or rules.go_under):
            raise RecordError(
                f"{place}: card exchanges with the kitty (no sender) need the farmers or "
                "go_under flag"
            )
        receiver = as_int(require(entry, "receiver", place), f"{place}.receiver", 0, n - 1)
        cards = as_list(require(entry, "cards", place), f"{place}.cards")
        out.append((sender, receiver, cards, place))
    return out


def exchange_entry(entry: Entry, trump: int | None, rules: Rules, deck: int) -> Exchange:
    """An entry's cards, checked: three kitty cards for a swap, one card for best."""
    sender, receiver, raw_cards, place = entry
    want = 3 if sender is None else 1
    what = "the three kitty cards taken" if sender is None else "the one card passed"
    if len(raw_cards) != want:
        raise RecordError(f"{place}.cards: {what}, not {len(raw_cards)} cards")
    cards = []
    for k, item in enumerate(raw_cards):
        c = egn_card(item, trump, f"{place}.cards[{k}]")
        if c == UNKNOWN:
            raise RecordError(f"{place}.cards[{k}]: a card exchanged must be known")
        in_deck(c, deck, rules, f"{place}.cards[{k}]")
        if c in cards:
            raise RecordError(f"{place}.cards[{k}]: {card_name(c)} is given twice")
        cards.append(c)
    return Exchange(sender, receiver, tuple(cards), place)


def kitty_swap(
    exchanges: Sequence[Exchange], seats: Sequence[int], rules: Rules
) -> Exchange | None:
    """The deal's farmer's hand or going under (at most one, §19.3), if any."""
    swaps = [item for item in exchanges if item.sender is None]
    if len(swaps) > 1:
        raise RecordError(
            f"{swaps[1].where}: a second exchange with the kitty in one deal (after a "
            "farmer's hand or going under nobody may exchange)"
        )
    if swaps and swaps[0].receiver not in seats:  # pragma: no cover - every seat is asked
        raise RecordError(f"{swaps[0].where}.receiver: seat {swaps[0].receiver} is not asked")
    return swaps[0] if swaps else None


def calls_for_best(
    exchanges: Sequence[Exchange], seats: Sequence[int], rules: Rules
) -> dict[int, Exchange]:
    """The calls for best, by the lone seat that called."""
    out: dict[int, Exchange] = {}
    for item in exchanges:
        if item.sender is None:
            continue
        receiver = item.receiver
        if receiver not in seats:
            who = "a lone maker" if rules.partners_best == "loner" else (
                "a lone maker or a lone defender")
            raise RecordError(
                f"{item.where}.receiver: seat {receiver} may not call for its partner's "
                f"best card here (only {who} may)"
            )
        partner = rules.seating.partner(receiver)
        if item.sender != partner:
            raise RecordError(
                f"{item.where}.sender: must be seat {partner}, the partner of the lone "
                f"seat {receiver}, not {item.sender}"
            )
        if receiver in out:
            raise RecordError(f"{item.where}: seat {receiver} calls for best only once")
        out[receiver] = item
    return out


def received_cards(swap: Exchange | None, bests: Sequence[Exchange]) -> dict[int, set[Card]]:
    """The cards each seat receives after the deal (kitty cards, a partner's best)."""
    ins: dict[int, set[Card]] = {}
    items = list(bests) if swap is None else [swap, *bests]
    for item in items:
        ins.setdefault(item.receiver, set()).update(item.cards)
    return ins


def place_gifts(hands: list[list[Card]], played: list[list[Card]],
                bests: Mapping[int, Exchange], received: Mapping[int, set[Card]],
                deal: Setting) -> None:
    """Each card given for a call for best goes in its giver's dealt hand (unless the
    giver received it after the deal: the upcard the dealer took, a kitty card taken);
    a card given away is not played."""
    rules, dealer, upcard, accepted = deal.rules, deal.dealer, deal.upcard, deal.accepted
    for item in bests.values():
        assert item.sender is not None
        gift = item.cards[0]
        if gift in played[item.sender]:
            raise RecordError(
                f"{item.where}: seat {item.sender} gives {card_name(gift)} to its partner "
                "but plays it in a trick"
            )
        if (accepted and item.sender == dealer and gift == upcard) or (
                gift in received.get(item.sender, ())):
            continue  # the upcard the dealer took, or a kitty card taken: not dealt
        place_card(hands, item.sender, gift, rules,
                   f"{deal.state_where}.playerCards[{item.sender}]", "gives")


def worked_out(trump: int, bests: Mapping[int, Exchange], hands: list[list[Card]],
               played: list[list[Card]], received: Mapping[int, set[Card]],
               deal: Setting) -> tuple[list[Action], list[Action], dict[int, Card]]:
    """What EGN does not write of the exchanges, worked out: the declarations (a swap
    with the kitty), the dealer's exchange, and each lone seat's discard after its call
    for best."""
    declares: list[Action] = [PASS] * len(deal.declare_seats)
    if deal.swap is None and not bests:
        if not deal.accepted:
            return declares, [], {}
        return declares, [_exchange(hands, played, trump, deal)], {}
    given = _given_discard(hands, played, trump, deal, received) if deal.accepted else None
    return _resolved_seats(bests, hands, played, given, deal)


def _resolved_seats(
    bests: Mapping[int, Exchange], hands: list[list[Card]], played: list[list[Card]],
    given: Card | None, deal: Setting,
) -> tuple[list[Action], list[Action], dict[int, Card]]:
    """:func:`worked_out` seat by seat, for a deal with a swap with the kitty or a call
    for best (``given``: the dealer's discard when the file gives it)."""
    rules, dealer, upcard, accepted = deal.rules, deal.dealer, deal.upcard, deal.accepted
    swap, declare_seats, where = deal.swap, deal.declare_seats, deal.bid_where
    declares: list[Action] = [PASS] * len(declare_seats)
    best_discards: dict[int, Card] = {}
    exchange: list[Action] = []
    for seat in range(rules.players):
        mine = swap if swap is not None and swap.receiver == seat else None
        best = bests.get(seat)
        up = upcard if accepted and seat == dealer else None
        if mine is None and best is None and (up is None or given is not None):
            continue
        about = mine if mine is not None else best
        declared, laid, best_laid = resolve(
            seat, hands[seat], rules, swap=mine, upcard=up, discard=given, best=best,
            plays=played[seat], gifts=[b.cards[0] for b in bests.values() if b.sender == seat],
            where=about.where if about is not None else f"{where}.discard",
        )
        if declared is not None:
            declares = [declared if s == seat else PASS for s in declare_seats]
        if up is not None:
            laid_away = laid if given is None else given
            assert laid_away is not None
            exchange = [DISCARD[laid_away]]
        if best_laid is not None:
            best_discards[seat] = best_laid
    if accepted and not exchange:
        assert given is not None
        exchange = [DISCARD[given]]
    return declares, exchange, best_discards


def resolve(
    seat: int,
    dealt: Sequence[Card],
    rules: Rules,
    *,
    swap: Exchange | None = None,
    upcard: Card | None = None,
    discard: Card | None = None,
    best: Exchange | None = None,
    plays: Sequence[Card],
    gifts: Sequence[Card] = (),
    where: str,
) -> _Way:
    """What EGN does not write of one seat's exchanges, worked out from its dealt cards
    and the cards it plays: the declaration of a swap with the kitty (the three cards it
    gave up), the dealer's discard when not given, the discard after a call for best.

    Each must follow from the cards: the one way the seat's cards add up. Otherwise an
    :class:`UnresolvedDeal` error says which cannot be told.
    """
    if len(dealt) != rules.hand_size or UNKNOWN in dealt:
        if swap is None and best is None:
            return None, UNKNOWN, None  # the dealer's unseen discard
        what = "the three cards it gave up for the kitty" if swap else (
            "its discard after the call for best")
        raise UnresolvedDeal(where, f"seat {seat}'s dealt cards are not all known, so {what} "
                                    "cannot be worked out (give its playerCards)")
    taken = set(swap.cards) if swap else set()
    received = best.cards[0] if best else None
    ins = taken | ({upcard} if upcard is not None else set()) | (
        {received} if received is not None else set())
    pool = (set(dealt) | ins) - set(plays) - set(gifts) - (
        {discard} if discard is not None else set())
    ways = _ways(_declarations(swap, dealt, pool, rules), dealt, taken, pool,
                 upcard, discard, received)
    if len(ways) == 1:
        return ways[0]
    raise _unresolved(ways, seat, plays, rules, where)


def _declarations(
    swap: Exchange | None, dealt: Sequence[Card], pool: set[Card], rules: Rules
) -> list[Declare | None]:
    """The declarations a seat may have made for its swap with the kitty (``None``: no
    swap): a farmer's hand of three 9s and 10s, or going under with any three cards it
    does not play (``pool``: the cards it held and does not play or give)."""
    if swap is None:
        return [None]
    options: list[Declare | None] = []
    free = sorted(pool & set(dealt))
    if rules.farmers and qualifies(FARMER, mask_of(dealt)):
        low = [c for c in free if card_rank(c) in (NINE, TEN)]
        options.extend(Declare(FARMER, three) for three in combinations(low, 3))
    if rules.go_under and qualifies(GO_UNDER, mask_of(dealt)):
        farmer = {option.cards for option in options if option is not None}
        options.extend(Declare(GO_UNDER, three) for three in combinations(free, 3)
                       if tuple(sorted(three)) not in farmer)
    return options


def _ways(
    options: Sequence[Declare | None],
    dealt: Sequence[Card],
    taken: set[Card],
    pool: set[Card],
    upcard: Card | None,
    discard: Card | None,
    received: Card | None,
) -> list[_Way]:
    """Every way a seat's cards add up: each declaration it may have made, with the
    dealer's discard (when not given) and the discard after a call for best that go
    with it."""
    need_dd = upcard is not None and discard is None
    ways: list[_Way] = []
    for declared in options:
        gave = set(declared.cards) if declared is not None else set()
        hand = (set(dealt) - gave) | taken
        for laid in sorted(pool - gave) if need_dd else [discard]:
            if need_dd and laid not in hand | {upcard}:
                continue
            later = (hand | {upcard}) - {laid} if upcard is not None else hand
            if received is None:
                ways.append((declared, laid, None))
                continue
            for best_laid in sorted(pool - gave - {laid}):
                if best_laid in later | {received}:
                    ways.append((declared, laid, best_laid))
    return ways


def _unresolved(
    ways: Sequence[_Way], seat: int, plays: Sequence[Card], rules: Rules, where: str
) -> UnresolvedDeal:
    """Why a seat's cards do not add up in exactly one way: none, or which of its
    unwritten cards cannot be told."""
    if not ways:
        return UnresolvedDeal(where, f"seat {seat}'s cards do not add up: its dealt cards, "
                                     "the cards it receives and the cards it plays disagree")
    if len({way[0] for way in ways}) > 1:
        why = "it sits out, or the record stops first" if len(plays) < rules.hand_size else (
            "it also laid a card away after its call for best")
        return UnresolvedDeal(
            where,
            f"the three cards seat {seat} gave up for the kitty cannot be told from the "
            f"cards it plays ({why}), and EGN's cardExchanges names only the kitty cards "
            "taken",
        )
    if len({way[1] for way in ways}) > 1:
        return UnresolvedDeal(
            where,
            "the dealer's discard is not given and cannot be worked out "
            "(give 'discard', or leave a card of the dealer's playerCards unknown)",
        )
    return UnresolvedDeal(
        where,
        f"seat {seat}'s discard after the call for best cannot be told from the cards it "
        "plays (the record stops first), and EGN does not write it",
    )


# -- the dealer's discard ----------------------------------------------------------------


def _exchange(hands: list[list[Card]], played: list[list[Card]], trump: int,
              deal: Setting) -> Action:
    """The dealer's discard: given, or worked out from the cards played, or unknown."""
    given = _given_discard(hands, played, trump, deal, {})
    if given is not None:
        return DISCARD[given]
    rules = deal.rules
    dealt, plays = hands[deal.dealer], played[deal.dealer]
    if dealt.count(UNKNOWN) + rules.hand_size - len(dealt):
        return DISCARD[UNKNOWN]
    if len(plays) == rules.hand_size:
        rest = (set(dealt) | {deal.upcard}) - set(plays)
        if len(rest) == 1:
            return DISCARD[rest.pop()]
    raise RecordError(
        f"{deal.bid_where}: the dealer's discard is not given and cannot be worked out "
        "(give 'discard', or leave a card of the dealer's playerCards unknown)"
    )


def _given_discard(hands: list[list[Card]], played: list[list[Card]], trump: int,
                   deal: Setting, received: Mapping[int, set[Card]]) -> Card | None:
    """The dealer's discard when the bidding gives it (placed in the dealer's dealt hand
    unless it is the upcard or a card taken from the kitty), else ``None``."""
    if deal.discard is None:
        return None
    where, dealer = f"{deal.bid_where}.discard", deal.dealer
    discard = egn_card(deal.discard, trump, where)
    if discard == UNKNOWN:
        return None
    in_deck(discard, deal.deck, deal.rules, where)
    if discard in played[dealer]:
        raise RecordError(
            f"{where}: the dealer discards {card_name(discard)} but plays it in a trick"
        )
    if discard != deal.upcard and discard not in received.get(dealer, ()):
        place_card(hands, dealer, discard, deal.rules, where, "discards")
    return discard


# -- cards -------------------------------------------------------------------------------


def place_card(
    hands: list[list[Card]], seat: int, c: Card, rules: Rules, where: str, verb: str
) -> None:
    """Put a known card in a seat's dealt hand (in place of an unknown one if need be)."""
    hand = hands[seat]
    if c in hand:
        return
    if UNKNOWN in hand:
        hand[hand.index(UNKNOWN)] = c
    elif len(hand) < rules.hand_size:
        hand.append(c)
    else:
        raise RecordError(
            f"{where}: seat {seat} {verb} {card_name(c)}, which its dealt cards do not hold"
        )


def egn_card(value: object, trump: int | None, where: str) -> Card:
    """An EGN card: ``9c``, ``Nc``, ``R``/``L`` (bowers of ``trump``), ``B``, ``X``; and
    ``""``, a card EGN 1.0 writers did not record (unknown, as ``X``)."""
    text = as_string(value, where)
    if text == "B":
        return BENNY
    if text == "":
        return UNKNOWN
    if text in ("R", "L"):
        if trump == NO_TRUMP:
            raise RecordError(f"{where}: {text!r} (a bower) means nothing under no-trump")
        if trump is None:
            raise RecordError(
                f"{where}: {text!r} (a bower) needs a trump suit, and none is known here"
            )
        return card(JACK, trump) if text == "R" else left_bower(trump)
    if text == "X":
        return UNKNOWN
    if len(text) == 2:
        rank, suit = text[0], text[1]
        if rank in _RANKS or rank == "X":
            if suit == "x":
                return UNKNOWN
            if suit.lower() in SUIT_CHARS:
                if rank == "X":
                    return UNKNOWN
                return card(_RANKS[rank], SUIT_CHARS.index(suit.lower()))
            if suit in "tng":
                raise RecordError(
                    f"{where}: generic suits (t, n, g) are not supported: {text!r}"
                )
    raise RecordError(f"{where}: unknown EGN card {text!r}: {_CARD_HELP}")


def in_deck(c: Card, deck: int, rules: Rules, where: str) -> None:
    """A card read must be one of the deck's (``deck``, a mask)."""
    if not deck >> c & 1:
        raise RecordError(f"{where}: {card_name(c)} is not a card of the {rules.deck}-card deck")
