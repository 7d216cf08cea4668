"""The table in words for people: calls, actions, refusals, tricks and deal results.

Every face that speaks to a person (the terminal, ``replay``, the web table) words the
table here, from the engine's facts: a :class:`~euchre.table.model.Refusal`'s code, a
:class:`~euchre.engine.deal.DealResult`, the seating. Nothing here parses the engine's English.
Verbs are written as said of someone else (``picks up``); :func:`~euchre.table.narrate.agree`
makes them agree with "You".

>>> from euchre.engine.actions import ORDER
>>> from euchre.engine.rules import Rules
>>> order_word(Rules().seating, dealer=2, seat=0), order_word(Rules().seating, 2, 2)
('assist', 'pick up')
>>> action_text(ORDER, order="pick up")
'pick up'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from euchre.engine.actions import (
    BID_WORDS,
    BLUCHER,
    FARMER,
    GO_UNDER,
    MISERE,
    NAP,
    NO_TRUMP,
    THROW_IN,
    WELLINGTON,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    Discard,
    Give,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.engine.cards import (
    BENNY,
    SUIT_SYMBOLS,
    UNKNOWN,
    Card,
    card_name,
    card_rank,
    card_suit,
    suit_name,
)
from euchre.engine.deal import DealResult
from euchre.engine.game import CHOICES
from euchre.engine.seating import Seating
from euchre.errors import Reason
from euchre.table.model import Refusal
from euchre.text import plural

__all__ = [
    "SYMBOLS",
    "action_text",
    "alone_word",
    "bid_words",
    "call_text",
    "card_face",
    "options_text",
    "order_word",
    "refusal_text",
    "result_line",
    "suit_symbol",
    "thrown_in_text",
    "verdict_phrase",
]

SYMBOLS: Final = SUIT_SYMBOLS
"""The suit symbols, clubs to spades."""
_RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A", "2", "3", "4", "5", "6")
"""The rank of a card for people, by :func:`~euchre.engine.cards.card_rank` (7 to ace, then 2
to 6)."""



def card_face(c: Card) -> str:
    """A card for people: ``10♦``, ``J♥``, ``2♣``; the joker is ``Jkr``.

    >>> from euchre.engine.cards import parse_card
    >>> card_face(parse_card("Td")), card_face(parse_card("Jh")), card_face(parse_card("2c"))
    ('10♦', 'J♥', '2♣')
    """
    if c == BENNY:
        return "Jkr"
    if c == UNKNOWN:
        return "?"
    return _RANKS[card_rank(c)] + SYMBOLS[card_suit(c)]


def suit_symbol(suit: int) -> str:
    """A suit's symbol, or ``NT`` for a no-trump call (:data:`~euchre.engine.actions.NO_TRUMP`).

    >>> suit_symbol(2), suit_symbol(NO_TRUMP)
    ('♥', 'NT')
    """
    return "NT" if suit == NO_TRUMP else SYMBOLS[suit]


_NAP_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", MISERE: "misère", NAP: "Nap",
                     WELLINGTON: "Wellington", BLUCHER: "Blücher"}


def bid_words(value: int, *, napoleon: bool = False) -> str:
    """A bid for people: Napoleon's by name (``two``, ``misère``, ``Nap``, ``Wellington``,
    ``Blücher``), Hasenpfeffer's as a number of tricks.

    >>> bid_words(3), bid_words(3, napoleon=True), bid_words(NAP, napoleon=True)
    ('3 tricks', 'three', 'Nap')
    """
    if napoleon or value in BID_WORDS:
        return _NAP_WORDS[value]
    return plural(value, "trick")


def order_word(seating: Seating, dealer: int, seat: int, *, third: bool = False) -> str:
    """What accepting the upcard is called for ``seat``: ``pick up`` (the dealer),
    ``assist`` (the dealer's partner) or ``order up``; ``third``: as said of someone else
    (``picks up``)."""
    if seat == dealer:
        return "picks up" if third else "pick up"
    if seating.partner(seat) == dealer:
        return "assists" if third else "assist"
    return "orders up" if third else "order up"


def alone_word(seating: Seating, maker: int | None, seat: int) -> str:
    """What going alone is called for ``seat``: ``go alone``, or ``defend alone`` when
    the other side made trump."""
    if maker is not None and not seating.same_team(maker, seat):
        return "defend alone"
    return "go alone"


def call_text(action: Action, *, seating: Seating, dealer: int, seat: int,
              upcard: Card, napoleon: bool = False) -> str:
    """A bid, declaration or going-alone answer in a few words, as said of someone else:
    ``pass``, ``orders up ♥``, ``calls ♠``, ``calls NT``, ``alone!``, ``stays``, ``bids
    Nap`` (``napoleon``: the bids by name), ``farmer's hand``, ``calls for best``.

    >>> from euchre.engine.actions import BID, CALL, THROW_IN_HAND
    >>> from euchre.engine.rules import Rules
    >>> seating = Rules().seating
    >>> call_text(CALL[4], seating=seating, dealer=0, seat=1, upcard=-1)
    'calls NT'
    >>> call_text(BID[4], seating=seating, dealer=0, seat=1, upcard=-1)
    'bids 4 tricks'
    >>> call_text(THROW_IN_HAND, seating=seating, dealer=0, seat=1, upcard=-1)
    'throws in'
    """
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Order):
        return f"{order_word(seating, dealer, seat, third=True)} {card_face(upcard)[-1]}"
    if isinstance(action, Call):
        return f"calls {suit_symbol(action.suit)}"
    if isinstance(action, GoAlone):
        return "alone!" if action.alone else "stays"
    if isinstance(action, Bid):
        return f"bids {bid_words(action.value, napoleon=napoleon)}"
    if isinstance(action, Declare):
        if action.what == FARMER:
            return "shows a farmer's hand"
        return "goes under" if action.what == GO_UNDER else "throws in"
    if isinstance(action, Best):
        return "calls for best" if action.call else "declines best"
    if isinstance(action, Give):
        return "gives a card"
    return str(action)


def action_text(action: Action, *, order: str = "order up", alone: str = "go alone",
                napoleon: bool = False) -> str:
    """An action for people, with suit symbols: ``play J♥``, ``call ♠``; ``order`` and
    ``alone`` name ordering up and going alone for the seat (:func:`order_word`,
    :func:`alone_word`); ``napoleon`` names the bids as Napoleon does.

    >>> from euchre.engine.actions import BID, CALL
    >>> action_text(CALL[3]), action_text(CALL[4]), action_text(BID[21], napoleon=True)
    ('call ♠', 'call no-trump', 'bid Nap')
    """
    if isinstance(action, Call):
        return "call no-trump" if action.suit == NO_TRUMP else f"call {SYMBOLS[action.suit]}"
    if isinstance(action, Bid):
        return f"bid {bid_words(action.value, napoleon=napoleon)}"
    if isinstance(action, Declare):
        cards = " ".join(card_face(c) for c in action.cards)
        if action.what == FARMER:
            return f"farmer's hand {cards}"
        return f"go under {cards}" if action.what == GO_UNDER else "throw in"
    if isinstance(action, Best):
        return "call for best" if action.call else "decline best"
    if isinstance(action, Give):
        return f"give {card_face(action.card)}"
    if isinstance(action, Order):
        return order
    if isinstance(action, Discard):
        return f"discard {card_face(action.card)}"
    if isinstance(action, GoAlone):
        return alone if action.alone else "stay"
    if isinstance(action, Play):
        return f"play {card_face(action.card)}"
    return str(action)


def options_text(
    values: Sequence[tuple[Action, float]], *, order: str = "order up", alone: str = "go alone",
    napoleon: bool = False,
) -> str:
    """Options with their values, a card as just its face (every option is a card then):
    ``J♥ +1.20 · A♣ +0.85``, ``pass -0.37 · order up -0.81``.

    >>> from euchre.engine.actions import ORDER, PASS
    >>> options_text([(PASS, -0.37), (ORDER, -0.812)], order="pick up")
    'pass -0.37 · pick up -0.81'
    """
    def label(action: Action) -> str:
        if isinstance(action, (Play, Discard, Give)):
            return card_face(action.card)
        return action_text(action, order=order, alone=alone, napoleon=napoleon)

    return " · ".join(f"{label(a)} {v:+.2f}" for a, v in values)


def refusal_text(refusal: Refusal, *, phase: str = "") -> str:
    """Why an action of the person's is refused, as a sentence to them, from the
    engine's code: ``You must follow hearts.`` ``phase`` is the phase it was tried in.

    >>> from euchre.errors import Reason
    >>> refusal_text(Refusal(Reason.MUST_FOLLOW, "must follow hearts", 0, 9, 2))
    'You must follow hearts.'
    >>> refusal_text(Refusal(Reason.WRONG_DECISION, "seat 0 must play a card", 0), phase="play")
    'You must play a card.'
    """
    code = refusal.code
    card = "" if refusal.card is None else card_name(refusal.card)
    suit = "" if refusal.suit is None else suit_name(refusal.suit)
    if code is Reason.MUST_FOLLOW:
        return f"You must follow {suit}."
    if code is Reason.NOT_HELD:
        return f"You do not hold {card}."
    if code is Reason.DEALER_STUCK:
        return "You are stuck and must name a suit."
    if code is Reason.TURNED_DOWN:
        return f"{suit.capitalize()} was turned down and can't be named."
    if code is Reason.MUST_TAKE_UPCARD:
        return "You must take the upcard."
    if code is Reason.NO_UNKNOWN_CARD:
        return "You hold no unknown card."
    if code is Reason.GAME_OVER:
        return "The game is over."
    if code is Reason.NOT_YOUR_TURN:
        return "It is not your turn."
    choices = {str(p): words for p, words in CHOICES.items()}
    return f"You must {choices.get(phase, 'choose one of the legal actions')}."


_VERDICTS: Final = {
    "made": "made it",
    "marched": "marched: all five tricks",
    "made alone": "made it alone",
    "loner march": "took all five tricks alone",
    "euchred": "were euchred",
    "euchred by a lone defender": "were euchred by a lone defender",
    "fast break": "lost the first two tricks and took the last three: nobody scores",
    "set": "were set",
}


def verdict_phrase(result: DealResult) -> str:
    """What the makers did, after "We"/"They": ``made it``, ``were euchred``.

    >>> from euchre.engine.deal import DealResult
    >>> verdict_phrase(DealResult(0, 2, 1, (), (1, 4), 1, 1, (0, 1)))
    'made it'
    """
    return _VERDICTS.get(result.verdict, result.verdict)


def thrown_in_text(last: Action | None) -> str:
    """Why a deal was thrown in, from its last action (``None``: not known): a hand
    thrown in (§19.5, at any point of the deal), or everybody passing.

    >>> from euchre.engine.actions import PASS, THROW_IN_HAND
    >>> thrown_in_text(PASS), thrown_in_text(THROW_IN_HAND)
    ('Everybody passed: the deal is thrown in', 'A hand was thrown in: the deal is void')
    """
    if isinstance(last, Declare) and last.what == THROW_IN:
        return "A hand was thrown in: the deal is void"
    return "Everybody passed: the deal is thrown in"


def result_line(result: DealResult, seating: Seating, names: Sequence[str],
                team_names: Sequence[str], *, last: Action | None = None) -> str:
    """One line about a finished deal: ``North made hearts: 4 tricks, made; Us +1``;
    with a bid, ``Ada bid Nap (no trump): 5 tricks, made; Ada +10``; where several
    sides score, each of them (``Ben +3 · Cleo +3``, a set maker ``Us -4``); a deal
    thrown in says why (:func:`thrown_in_text`; ``last``: the deal's last action).

    >>> from euchre.engine.deal import DealResult
    >>> from euchre.engine.rules import Rules
    >>> nap = DealResult(dealer=0, trump=0, maker=1, alone=(), tricks=(0, 2, 0), points=3,
    ...                  team=None, score=(3, 0, 3), gains=(3, 0, 3), bid=3)
    >>> result_line(nap, Rules.preset("napoleon").replace(players=3).seating,
    ...             ["S", "W", "E"], ["S", "W", "E"])
    'W bid three (clubs): 2 tricks, set; S +3 · E +3'
    """
    if result.thrown_in or result.maker is None:
        return thrown_in_text(last)
    trump = "" if result.trump is None else suit_name(result.trump)
    made = result.tricks[seating.team(result.maker)]
    who = names[result.maker]
    if result.bid is not None:
        napoleon = seating.partner_of[result.maker] is None  # Hasenpfeffer has partners
        head = f"{who} bid {bid_words(result.bid, napoleon=napoleon)} ({trump})"
    else:
        head = f"{who} made {trump}"
    if not any(result.gains):
        return f"{head}: {plural(made, 'trick')}, a fast break; nobody scores"
    scored = " · ".join(f"{team_names[t]} {g:+d}" for t, g in enumerate(result.gains) if g)
    return f"{head}: {plural(made, 'trick')}, {result.verdict}; {scored}"
