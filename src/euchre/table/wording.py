"""The table in words for people: calls, actions, refusals, tricks and deal results.

Every face that speaks to a person (the terminal, ``replay``, the web table) words the
table here, from the engine's facts: a :class:`~euchre.table.model.Refusal`'s code, a
:class:`~euchre.engine.deal.DealResult`, the seating. Nothing here parses the engine's English.
Each sentence is said once, here: what a seat did (:func:`action_sentence`), who won a
trick, how a deal ended, the phase (:func:`phase_name`), the prompt on a person's turn
(:func:`prompt_words`), the end of the game; the faces only choose the names.
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
    "BEFORE_THE_START",
    "SYMBOLS",
    "WATCHING",
    "action_sentence",
    "action_text",
    "alone_word",
    "bid_words",
    "call_text",
    "card_face",
    "card_words",
    "deal_over_sentence",
    "end_words",
    "gains_text",
    "hand_words",
    "idle_words",
    "maker_words",
    "options_text",
    "order_word",
    "phase_name",
    "prompt_words",
    "refusal_text",
    "result_line",
    "score_text",
    "side_words",
    "suit_symbol",
    "suit_words",
    "target_words",
    "thrown_in_text",
    "trick_sentence",
    "trump_words",
    "undo_sentence",
    "upcard_words",
    "verdict_headline",
    "verdict_phrase",
    "waiting_words",
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


_HEADLINES: Final = {
    "made": "Made it",
    "marched": "A march!",
    "made alone": "Made it alone",
    "loner march": "A lone march!",
    "euchred": "Euchred!",
    "euchred by a lone defender": "Euchred by a lone defender!",
    "fast break": "A fast break",
    "set": "Set!",
    "thrown in": "Thrown in",
}


def verdict_headline(verdict: str) -> str:
    """The title of a finished deal's summary, naming a euchre or a march: ``Euchred!``,
    ``A march!``, ``Made it`` (``verdict``: :func:`~euchre.engine.deal.deal_verdict`'s
    word, or ``thrown in``).

    >>> verdict_headline("loner march"), verdict_headline("euchred")
    ('A lone march!', 'Euchred!')
    """
    return _HEADLINES.get(verdict, verdict[:1].upper() + verdict[1:])


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


def maker_words(result: DealResult, seating: Seating, names: Sequence[str], *,
                last: Action | None = None, say_alone: bool = True) -> str:
    """Who made what in a finished deal: ``North made hearts``, ``Ada bid Nap (no
    trump)``, ``North made hearts alone``; a deal thrown in says why
    (:func:`thrown_in_text`).

    >>> from euchre.engine.deal import DealResult
    >>> from euchre.engine.rules import Rules
    >>> loner = DealResult(dealer=0, trump=2, maker=1, alone=(1,), tricks=(0, 5),
    ...                    points=4, team=1, score=(0, 4))
    >>> maker_words(loner, Rules().seating, ["S", "W", "N", "E"])
    'W made hearts alone'
    """
    if result.thrown_in or result.maker is None:
        return thrown_in_text(last)
    trump = "" if result.trump is None else suit_name(result.trump)
    who = names[result.maker]
    if result.bid is not None:
        napoleon = seating.partner_of[result.maker] is None  # Hasenpfeffer has partners
        return f"{who} bid {bid_words(result.bid, napoleon=napoleon)} ({trump})"
    alone = " alone" if say_alone and result.maker in result.alone else ""
    return f"{who} made {trump}{alone}"


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
    made = result.tricks[seating.team(result.maker)]
    head = maker_words(result, seating, names, say_alone=False)
    if not any(result.gains):
        return f"{head}: {plural(made, 'trick')}, a fast break; nobody scores"
    scored = " · ".join(f"{team_names[t]} {g:+d}" for t, g in enumerate(result.gains) if g)
    return f"{head}: {plural(made, 'trick')}, {result.verdict}; {scored}"


# -- the table's sentences, one wording for every face ----------------------------------
#
# The terminal and the web table say the same things about the table in the same words:
# what each seat did (:func:`action_sentence`), who won a trick, how a deal ended, the
# phase, the prompt on the person's turn, why a card can not be chosen, the end of the
# game. A face only picks the names: ``"You"`` for its own viewer, the players' names
# (or the seats') for the others.


def card_words(c: Card) -> str:
    """A card in a sentence: its face (``10♦``, ``J♥``), the Benny by its name.

    >>> from euchre.engine.cards import parse_card
    >>> card_words(parse_card("Td")), card_words(BENNY)
    ('10♦', 'Benny')
    """
    return "Benny" if c == BENNY else card_face(c)


def suit_words(suit: int) -> str:
    """A suit named in a sentence, its symbol first: ``♥ hearts``; ``no trump``.

    >>> suit_words(2), suit_words(NO_TRUMP)
    ('♥ hearts', 'no trump')
    """
    return "no trump" if suit == NO_TRUMP else f"{SYMBOLS[suit]} {suit_name(suit)}"


def _is_you(who: str, you: bool | None) -> bool:
    """Whether the subject is the reader: ``you`` when given, else whether ``who`` is
    "You" (any case)."""
    return who.strip().casefold() == "you" if you is None else you


def action_sentence(action: Action, *, who: str, seating: Seating, seat: int, dealer: int,
                    upcard: Card, maker: int | None = None, napoleon: bool = False,
                    seen: bool = True, receiver: str = "", you: bool | None = None) -> str:
    """What ``seat`` (named ``who``) did, as one sentence for a reader: ``West plays
    9♠.``, ``You pass.``, ``North orders up the Q♣.``.

    The verbs agree with "You" when ``you`` (by default: when ``who`` is "You").
    ``dealer``, ``upcard`` and ``maker`` are the deal's (ordering up names the upcard, the
    dealer picks it up, the dealer's partner assists; a defender defends alone);
    ``napoleon`` names the bids as Napoleon does. A card laid away or passed face down
    that the reader may not see (``seen`` false) is not named; ``receiver`` names who a
    card passed face down went to (``you``: the reader).

    >>> from euchre.engine.actions import ALONE, ORDER, PASS, Give
    >>> from euchre.engine.cards import parse_card
    >>> from euchre.engine.rules import Rules
    >>> seating = Rules().seating
    >>> def say(action, who, seat, **kw):
    ...     return action_sentence(action, who=who, seating=seating, seat=seat, dealer=0,
    ...                            upcard=parse_card("Qc"), maker=1, **kw)
    >>> say(PASS, "You", 0), say(ORDER, "West", 1), say(ORDER, "You", 0)
    ('You pass.', 'West orders up the Q♣.', 'You pick up the Q♣.')
    >>> say(ORDER, "Ada", 2), say(ALONE, "North", 2)
    ('Ada assists, ordering up the Q♣.', 'North defends alone!')
    >>> say(Give(parse_card("Ah")), "You", 0, receiver="North")
    'You pass A♥ face down to North.'
    >>> say(Give(parse_card("Ah")), "North", 2, receiver="you")
    'North passes you A♥ face down.'
    >>> say(Give(parse_card("Ah")), "North", 2, seen=False)
    'North passes a card face down.'
    """
    me = _is_you(who, you)

    def says(mine: str, theirs: str, rest: str = "", end: str = ".") -> str:
        return f"{who} {mine if me else theirs}{rest}{end}"

    if isinstance(action, Pass):
        return says("pass", "passes")
    if isinstance(action, Order):
        card = f" the {card_words(upcard)}" if upcard >= 0 else ""
        if seat == dealer:
            return says("pick up", "picks up", card)
        if seating.partner(seat) == dealer:
            return says("assist", "assists", f", ordering up{card}")
        return says("order up", "orders up", card)
    if isinstance(action, Call):
        return says("call", "calls", f" {suit_words(action.suit)}")
    if isinstance(action, GoAlone):
        if not action.alone:
            return says("stay", "stays")
        if alone_word(seating, maker, seat) == "defend alone":
            return says("defend", "defends", " alone", "!")
        return says("go", "goes", " alone", "!")
    if isinstance(action, Bid):
        return says("bid", "bids", f" {bid_words(action.value, napoleon=napoleon)}")
    if isinstance(action, Declare):
        shown = " ".join(card_words(c) for c in action.cards)
        swap = f" ({shown}) and {'swap' if me else 'swaps'} them for the kitty" if shown else ""
        if action.what == FARMER:
            return says("show", "shows", f" a farmer's hand{swap}")
        if action.what == GO_UNDER:
            return says("go", "goes", f" under{swap}")
        return says("throw", "throws", " the hand in")
    if isinstance(action, Best):
        if action.call:
            return says("call", "calls", " for the partner's best card")
        return says("decline", "declines", " to call for best")
    if isinstance(action, Give):
        if not seen:
            return says("pass", "passes", " a card face down")
        if receiver.strip().casefold() == "you":
            return says("pass", "passes", f" you {card_words(action.card)} face down")
        to = f" to {receiver}" if receiver else ""
        return says("pass", "passes", f" {card_words(action.card)} face down{to}")
    if isinstance(action, Discard):
        if not seen:
            return says("discard", "discards", " face down")
        return says("discard", "discards", f" {card_words(action.card)}")
    if isinstance(action, Play):
        return says("play", "plays", f" {card_words(action.card)}")
    return f"{who}: {action}."


def trick_sentence(who: str, *, you: bool | None = None) -> str:
    """Who won a trick: ``West wins the trick.``, ``You win the trick.``.

    >>> trick_sentence("West"), trick_sentence("You")
    ('West wins the trick.', 'You win the trick.')
    """
    return f"{who} {'win' if _is_you(who, you) else 'wins'} the trick."


def undo_sentence(who: str, *, you: bool | None = None) -> str:
    """A decision taken back (a practice game): ``You take back a move.``.

    >>> undo_sentence("You"), undo_sentence("Ada")
    ('You take back a move.', 'Ada takes back a move.')
    """
    return f"{who} {'take' if _is_you(who, you) else 'takes'} back a move."


def deal_over_sentence(result: DealResult, seating: Seating, names: Sequence[str],
                       team_names: Sequence[str], *, last: Action | None = None) -> str:
    """The end of a deal as one sentence: ``Deal over:`` and its :func:`result_line`, or
    why it was thrown in (``last``: the deal's last action).

    >>> from euchre.engine.actions import PASS
    >>> from euchre.engine.deal import DealResult
    >>> from euchre.engine.rules import Rules
    >>> made = DealResult(0, 2, 1, (), (1, 4), 1, 1, (0, 1))
    >>> deal_over_sentence(made, Rules().seating, ["S", "W", "N", "E"], ["NS", "EW"])
    'Deal over: W made hearts: 4 tricks, made; EW +1.'
    >>> thrown = DealResult(0, None, None, (), (0, 0), 0, None, (0, 1))
    >>> deal_over_sentence(thrown, Rules().seating, ["S", "W", "N", "E"], ["NS", "EW"],
    ...                    last=PASS)
    'Everybody passed: the deal is thrown in.'
    """
    if result.thrown_in or result.maker is None:
        return f"{thrown_in_text(last)}."
    return f"Deal over: {result_line(result, seating, names, team_names)}."


_PHASE_NAMES: Final = {
    "waiting": ("Waiting for the start", ""),
    "bid1": ("Bidding, round one", " (the upcard)"),
    "bid2": ("Bidding, round two", " (name a suit)"),
    "alone": ("Going alone?", ""),
    "exchange": ("The dealer discards", ""),
    "play": ("Playing", ""),
    "done": ("The deal is over", ""),
    "over": ("The game is over", ""),
    "benny": ("The Benny is up: the dealer names trump", ""),
    "declare": ("Declarations", " (farmer's hand, going under, throwing in)"),
    "bid": ("Bidding", " for tricks"),
    "trump": ("The maker names trump", ""),
    "best": ("Calling for the partner's best card", ""),
    "give": ("The partner gives a card", ""),
    "discard": ("A card is laid away", ""),
}
"""Each phase's name, and what the long form adds to it."""


def phase_name(phase: str, *, trick: int = 0, short: bool = False) -> str:
    """Where the deal stands, for a status line: ``Bidding, round one (the upcard)``,
    ``Playing, trick 3``. ``phase`` is the engine's phase, or ``waiting`` (the game not
    started), ``done`` (a finished deal still on the table), ``over`` (the game ended);
    ``trick`` is the number of the trick being played (1 for the first; 0: not said);
    ``short`` leaves out what explains the name (for a narrow line).

    >>> phase_name("bid1"), phase_name("bid1", short=True)
    ('Bidding, round one (the upcard)', 'Bidding, round one')
    >>> phase_name("play", trick=3), phase_name("benny")
    ('Playing, trick 3', 'The Benny is up: the dealer names trump')
    """
    name, more = _PHASE_NAMES.get(str(phase), (str(phase), ""))
    if phase == "play" and trick > 0:
        return f"{name}, trick {trick}"
    return name if short else name + more


def prompt_words(phase: str, *, upcard: Card = UNKNOWN, alone: str = "go alone",
                 bid: int | None = None, napoleon: bool = False,
                 lead_makes_trump: bool = False) -> str:
    """What the reader is asked to do on their turn: ``Your turn: play a card``.

    ``upcard`` is the card turned up, ``alone`` what going alone is called for the reader
    (:func:`alone_word`), ``bid`` the highest bid so far (``napoleon``: named as Napoleon
    does), ``lead_makes_trump`` whether the card the reader leads makes trump (Napoleon's
    first lead).

    >>> from euchre.engine.cards import parse_card
    >>> prompt_words("bid1", upcard=parse_card("Qc"))
    'Your turn: take the upcard (Q♣) for trump or pass'
    >>> prompt_words("alone", alone="defend alone"), prompt_words("bid", bid=3)
    ('Your turn: defend alone or stay', 'Your turn: bid more than 3 tricks, or pass')
    """
    if phase == "bid1":
        what = f"take the upcard ({card_words(upcard)}) for trump or pass"
    elif phase == "play":
        what = "lead a card: its suit becomes trump" if lead_makes_trump else "play a card"
    elif phase == "bid":
        what = ("bid, or pass" if bid is None
                else f"bid more than {bid_words(bid, napoleon=napoleon)}, or pass")
    elif phase == "alone":
        what = f"{alone} or stay"
    else:
        what = _PROMPTS.get(str(phase), "choose")
    return f"Your turn: {what}"


_PROMPTS: Final = {
    "bid2": "name trump or pass",
    "exchange": "choose a card to discard",
    "benny": "name trump (before looking at your hand)",
    "declare": "declare, or pass",
    "trump": "name trump",
    "best": "call for your partner's best card, or decline",
    "give": "give your lone partner a card",
    "discard": "choose a card to lay away",
}
"""What the reader is asked to do in the phases whose prompt says nothing of the table."""

BEFORE_THE_START: Final = "Waiting for the host to start the game."
"""The prompt of a table whose game has not started."""

WATCHING: Final = "You are watching: every player's cards stay hidden."
"""What a spectator's hand says."""


def waiting_words(who: str) -> str:
    """The prompt while another seat decides: ``Waiting for West…``.

    >>> waiting_words("West")
    'Waiting for West…'
    """
    return f"Waiting for {who}…"


def hand_words(phase: str) -> str:
    """What the reader's hand says when some of its cards may be chosen now.

    >>> hand_words("exchange"), hand_words("play")
    ('Choose the card to discard.', 'The raised cards can be played.')
    """
    if phase in ("exchange", "discard"):
        return "Choose the card to discard."
    if phase == "give":
        return "Choose the card to give your lone partner."
    return "The raised cards can be played."


def idle_words(phase: str, *, my_turn: bool) -> str:
    """Why a card of the reader's hand can not be chosen now, where the rules give no
    reason of their own (``my_turn``: the reader has a decision, not of a card).

    >>> idle_words("bid1", my_turn=True), idle_words("play", my_turn=False)
    ('Not a choice now.', 'Wait for your turn.')
    """
    if phase == "waiting":
        return "The game has not started."
    if phase == "over":
        return "The game is over."
    if my_turn:
        return "Not a choice now."
    if phase == "play":
        return "Wait for your turn."
    return "Cards are played after the bidding."


def end_words(winner: int | None, score: Sequence[int], team_names: Sequence[str], *,
              seating: Seating) -> str:
    """The end of the game: ``North-South win, 10 to 6.``; a tie says so.

    >>> from euchre.engine.rules import Rules
    >>> end_words(0, (10, 6), ["North-South", "East-West"], seating=Rules().seating)
    'North-South win, 10 to 6.'
    >>> end_words(None, (5, 5), ["North-South", "East-West"], seating=Rules().seating)
    'The game ends in a tie at 5.'
    """
    if winner is None:
        return f"The game ends in a tie at {max(score, default=0)}."
    verb = "wins" if seating.partner_of[0] is None else "win"
    others = ", ".join(str(v) for t, v in enumerate(score) if t != winner)
    return f"{team_names[winner]} {verb}, {score[winner]} to {others}."


def side_words(winner: int | None, team: int | None, *, seating: Seating) -> str:
    """The end of the game for the reader's side (``team``; ``None``: a spectator, who
    gets nothing): ``Your side won!``, or ``You won!`` where each plays alone.

    >>> from euchre.engine.rules import Rules
    >>> side_words(0, 0, seating=Rules().seating), side_words(0, 1, seating=Rules().seating)
    ('Your side won!', 'Your side lost.')
    """
    if team is None or winner is None:
        return ""
    who = "You" if seating.partner_of[0] is None else "Your side"
    return f"{who} won!" if winner == team else f"{who} lost."


def gains_text(result: DealResult, team_names: Sequence[str]) -> str:
    """Who scored in a deal: ``East-West +2``; each side's gain where several changed.

    >>> from euchre.engine.deal import DealResult
    >>> gains_text(DealResult(0, 2, 1, (), (1, 4), 1, 1, (0, 1)), ["NS", "EW"])
    'EW +1'
    """
    if result.team is not None:
        return f"{team_names[result.team]} +{result.points}"
    gains = [(t, g) for t, g in enumerate(result.gains) if g]
    if not gains:
        return "No points."
    return " · ".join(f"{team_names[t]} {g:+d}" for t, g in gains)


def score_text(score: Sequence[int], team_names: Sequence[str]) -> str:
    """The score after a deal: ``Score: North-South 3 · East-West 5``.

    >>> score_text((3, 5), ["North-South", "East-West"])
    'Score: North-South 3 · East-West 5'
    """
    return "Score: " + " · ".join(f"{team_names[t]} {v}" for t, v in enumerate(score))


_UPCARD_STATES: Final = {"up": "face up", "down": "turned down", "taken": "taken by the dealer"}


def upcard_words(upcard: Card, state: str) -> str:
    """The upcard and what became of it: ``Q♣ (face up)``, ``Q♣ (turned down)``.

    >>> from euchre.engine.cards import parse_card
    >>> upcard_words(parse_card("Qc"), "taken")
    'Q♣ (taken by the dealer)'
    """
    return f"{card_words(upcard)} ({_UPCARD_STATES.get(state, state)})"


def trump_words(trump: int | None, *, lead_makes_trump: bool = False) -> str:
    """Trump for a status line: ``♥ hearts``, ``no trump``, or why there is none yet.

    >>> trump_words(2), trump_words(None), trump_words(None, lead_makes_trump=True)
    ('♥ hearts', 'not named yet', 'the first card led makes it')
    """
    if trump is not None:
        return suit_words(trump)
    return "the first card led makes it" if lead_makes_trump else "not named yet"


def target_words(target: int, deals: int) -> str:
    """What the game is played to: ``10 points``, or a number of deals.

    >>> target_words(10, 0), target_words(0, 1)
    ('10 points', '1 deal')
    """
    return plural(target, "point") if target else plural(deals, "deal")
