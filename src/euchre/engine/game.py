"""The game: the one authority on what is legal and what happened.

A :class:`Game` runs a whole game to the target (or a number of deals) in any form the
rules name: dealing, the bidding, exchanges, going-alone declarations, tricks, scoring
and the rotation of the deal. Chores run by themselves; a caller only makes decisions
with :meth:`Game.apply`, choosing from :meth:`Game.legal_actions`.

The phase order of one deal, in one place (:data:`FLOWS`; a phase whose rule is off, or
which has nothing to decide, is skipped)::

    Euchre (four-, two- and three-handed):
      benny ► declare ► bid1 ► exchange ► bid2 ► alone ► best/give/discard ► play
        benny:    the dealer names trump for a Benny upcard (benny_upcard=dealer_names)
        declare:  farmer's hands, going under, throw-in hands (each seat once)
        bid1:     pass or accept the upcard; all pass ► bid2; all pass again ► thrown in
        exchange: the dealer takes the upcard and lays one card away
        best:     a lone player calls for the partner's best card (then give, discard)
    Hasenpfeffer:  bid ► trump ► discard (the widow, widow=bidder_takes) ► play
    Napoleon:      bid ► play (the bidder's first card makes trump)

Then the tricks (five, or six in Hasenpfeffer), the score, and the next deal.

>>> game = Game(seed=7)
>>> game.phase
<Phase.BID1: 'bid1'>
>>> while not game.is_over():
...     _ = game.apply(game.legal_actions()[-1])
>>> max(game.score) >= 10
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from enum import StrEnum
from itertools import combinations
from typing import TYPE_CHECKING, Final, NamedTuple

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BLUCHER,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    KIND_ALONE,
    KIND_BEST,
    KIND_BID,
    KIND_CALL,
    KIND_DECLARE,
    KIND_DISCARD,
    KIND_GIVE,
    KIND_ORDER,
    KIND_PASS,
    KIND_PLAY,
    MISERE,
    NAP,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN_HAND,
    WELLINGTON,
    Action,
    Declare,
)
from euchre.engine.cards import (
    ACE,
    BENNY,
    HEARTS,
    JACK,
    KING,
    NINE,
    NUM_CARD_CODES,
    QUEEN,
    SUIT_CHARS,
    TEN,
    TRUMP_ORDERS,
    UNKNOWN,
    Card,
    card_name,
    card_rank,
    card_suit,
    cards_of,
    suit_name,
)
from euchre.engine.deal import Deal, DealResult, make_result, random_deal
from euchre.engine.rules import Rules
from euchre.engine.scoring import deal_gains, game_winner, score_deal
from euchre.errors import CardError, IllegalActionError, Reason, RulesError

if TYPE_CHECKING:
    from euchre.engine.view import PlayerView

__all__ = ["CHOICES", "FLOWS", "NAP_BIDS", "NOTHING", "Game", "Outcome", "Phase", "allowed_bids",
           "deal_phases", "qualifies", "score_deal"]


class Phase(StrEnum):
    """Where a deal stands."""

    BENNY = "benny"
    """The dealer names trump for a Benny upcard (``benny_upcard=dealer_names``)."""
    DECLARE = "declare"
    """Pre-bid declarations: a farmer's hand, going under, a throw-in hand, or pass."""
    BID1 = "bid1"
    """Round one: pass or accept the upcard's suit."""
    EXCHANGE = "exchange"
    """The dealer lays away one card after an acceptance."""
    BID2 = "bid2"
    """Round two: pass or name another suit."""
    ALONE = "alone"
    """Going-alone declarations."""
    BEST = "best"
    """A lone player calls for the partner's best card, or declines."""
    GIVE = "give"
    """The lone player's partner passes a card face down."""
    DISCARD = "discard"
    """A card laid away face down: a lone player's, or the maker's after the widow."""
    BID = "bid"
    """Bidding for tricks (Hasenpfeffer, Napoleon)."""
    TRUMP = "trump"
    """The maker names trump (Hasenpfeffer)."""
    PLAY = "play"
    """Tricks."""
    OVER = "over"
    """The game is over."""


_BENNY: Final = Phase.BENNY
_DECLARE: Final = Phase.DECLARE
_BID1: Final = Phase.BID1
_EXCHANGE: Final = Phase.EXCHANGE
_BID2: Final = Phase.BID2
_ALONE: Final = Phase.ALONE
_BEST: Final = Phase.BEST
_GIVE: Final = Phase.GIVE
_DISCARD: Final = Phase.DISCARD
_BID: Final = Phase.BID
_TRUMP: Final = Phase.TRUMP
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER

FLOWS: Final[dict[str, tuple[Phase, ...]]] = {
    "four_handed": (_BENNY, _DECLARE, _BID1, _EXCHANGE, _BID2, _ALONE, _BEST, _PLAY),
    "two_handed": (_BENNY, _DECLARE, _BID1, _EXCHANGE, _BID2, _PLAY),
    "three_handed": (_BENNY, _DECLARE, _BID1, _EXCHANGE, _BID2, _PLAY),
    "hasenpfeffer": (_BID, _TRUMP, _DISCARD, _PLAY),
    "napoleon": (_BID, _PLAY),
}
"""The phases of one deal of each form, in order. :meth:`Game._advance` enters the next
one whose rule applies; the best phase runs its own steps (give, discard)."""

CHOICES: Final = {
    Phase.BENNY: "name trump",
    Phase.DECLARE: "declare or pass",
    Phase.BID1: "pass or order",
    Phase.EXCHANGE: "discard a card",
    Phase.BID2: "pass or call a suit",
    Phase.ALONE: "go alone or stay",
    Phase.BEST: "call for best or decline",
    Phase.GIVE: "give a card to the lone partner",
    Phase.DISCARD: "discard a card",
    Phase.BID: "bid or pass",
    Phase.TRUMP: "name trump",
    Phase.PLAY: "play a card",
    Phase.OVER: "do nothing: the game is over",
}
"""What the seat to act must do in each phase, in words (the refusals say it)."""

NAP_BIDS: Final = (1, 2, 3, MISERE, 4, NAP, WELLINGTON, BLUCHER)
"""Napoleon's bids from lowest to highest (§17)."""
_NAP_RANK: Final = {bid: i for i, bid in enumerate(NAP_BIDS)}
_PLAY_LISTS: dict[int, tuple[Action, ...]] = {}
"""The play actions of each mask of legal cards met so far (a hand has few cards)."""
_ByteTables = tuple[tuple[tuple[Action, ...], ...], ...]


def _by_bytes(table: tuple[Action, ...]) -> _ByteTables:
    """For each byte of a card mask (cards 0-7, 8-15, ...), the actions of ``table``
    (``PLAY``, ``DISCARD``) for the cards of each value of that byte, in
    ascending order (a value's are its lowest card's, then those of the rest)."""
    tables = []
    for base in range(0, NUM_CARD_CODES, 8):
        row: list[tuple[Action, ...]] = [()]
        for value in range(1, 256):
            rest = value & (value - 1)
            card = base + (value ^ rest).bit_length() - 1
            row.append((table[card], *row[rest]) if card < NUM_CARD_CODES else row[rest])
        tables.append(tuple(row))
    return tuple(tables)


_PLAY_BYTES: Final = _by_bytes(PLAY)
_DISCARD_BYTES: Final = _by_bytes(DISCARD)


def _actions_of(tables: _ByteTables, mask: int) -> tuple[Action, ...]:
    """The actions of a mask's cards in ascending order, ``tuple(PLAY[c] for c in
    cards_of(mask))`` for ``PLAY``'s tables: a byte at a time, a third of the cost.

    >>> _actions_of(_PLAY_BYTES, 1 << 3 | 1 << 20 | 1 << 52) == (PLAY[3], PLAY[20], PLAY[52])
    True
    """
    actions: tuple[Action, ...] = ()
    for table in tables:
        if not mask:
            break
        actions += table[mask & 0xFF]
        mask >>= 8
    return actions
_BID_ACTIONS: Final = [PASS, ORDER]
_ALONE_ACTIONS: Final = [STAY, ALONE]
_BEST_ACTIONS: Final = [DECLINE, BEST]
_FACES: Final = frozenset({JACK, QUEEN, KING})
_NINE_TEN: Final = frozenset({NINE, TEN})


def _mix(seed: int) -> int:
    """A cheap, portable scramble of a seed (the first dealer comes from it)."""
    return ((seed & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15 >> 29) & 0xFFFFFFFF


def qualifies(what: str, hand: int) -> bool:
    """Whether a hand (a mask) may make the pre-bid declaration ``what`` (§19.4, §19.5):
    three 9s and 10s for a farmer's hand; no face card (nor the Benny) to go under; no
    face card, ace or Benny to throw in.

    >>> from euchre.engine.cards import mask_of, parse_cards
    >>> qualifies(FARMER, mask_of(parse_cards("9c 9d Th As Kd")))
    True
    >>> qualifies(GO_UNDER, mask_of(parse_cards("9c 9d Th As Kd")))
    False
    """
    cards = cards_of(hand)
    if what == FARMER:
        return sum(card_rank(c) in _NINE_TEN for c in cards) >= 3
    if BENNY in cards:
        return False
    if what == GO_UNDER:
        return not any(card_rank(c) in _FACES for c in cards)
    return not any(card_rank(c) in _FACES or card_rank(c) == ACE for c in cards)


def allowed_bids(rules: Rules, top: int, stuck: bool) -> list[int]:
    """The bids a player may make over the highest bid so far ``top`` (-1: none yet):
    Hasenpfeffer's one to six tricks, higher than ``top``; Napoleon's bids above it in
    :data:`NAP_BIDS` order, one only with ``nap_min_bid=1`` or for a dealer who must bid
    (``stuck``), misère, Wellington and Blücher only where the rules allow them (§16,
    §17).

    >>> allowed_bids(Rules.preset("hasenpfeffer"), 4, False)
    [5, 6]
    >>> allowed_bids(Rules.preset("napoleon"), 3, False) == [4, NAP]
    True
    """
    if rules.form == "hasenpfeffer":
        return list(range(top + 1 if top > 0 else 1, 7))
    allowed = [b for b in NAP_BIDS if (b != 1 or rules.nap_min_bid == 1 or stuck)
               and (b != MISERE or rules.misere)
               and (b != WELLINGTON or (rules.wellington and top == NAP))
               and (b != BLUCHER or (rules.blucher and top == WELLINGTON))]
    if top < 0:
        return allowed
    rank = _NAP_RANK[top]
    return [b for b in allowed if _NAP_RANK[b] > rank]


class Outcome(NamedTuple):
    """What one applied action caused, as :meth:`Game.apply` returns it (a frozen
    record: a named tuple, cheap to make on the engine's hot path).

    Most actions cause nothing beyond themselves (:data:`NOTHING`); the last card of a
    trick wins it, the last card of a deal (or the last pass of round two) ends and
    scores the deal, and the deal that reaches the target ends the game.

    >>> from euchre.engine.actions import PASS
    >>> game = Game(seed=7)
    >>> [game.apply(PASS) for _ in range(4)][-1] is NOTHING
    True
    >>> outcome = [game.apply(PASS) for _ in range(4)][-1]
    >>> outcome.result.thrown_in, outcome.trick, outcome.game_over
    (True, None, False)
    """

    trick: tuple[tuple[int, Card], ...] | None = None
    """The trick the action completed, as ``(seat, card)`` in order of play."""
    winner: int | None = None
    """The seat that won :attr:`trick`."""
    result: DealResult | None = None
    """The result of the deal the action ended (scored, or thrown in)."""
    game_over: bool = False
    """Whether the action ended the game."""


NOTHING: Final = Outcome()
"""The outcome of an action that caused nothing beyond itself."""
_new_outcome: Final = tuple.__new__
"""Makes an :class:`Outcome` from its four fields without the named tuple's Python
``__new__`` (the hot path makes one a trick)."""
_NO_TRUMP_YET: Final[tuple[int, ...]] = ()
"""Napoleon's table of effective suits from the start of play to the first card led
(which makes trump, §17): looking the card up in it fails, and only then does
:meth:`Game.apply` fix trump, so the other forms' leads do no work for it."""
_STANDARD: Final = Rules()
"""The rules of a game made without any (one object, so its plan is worked out once)."""


def _allowed(rules: Rules, phase: Phase) -> bool:
    """Whether ``rules`` let ``phase`` happen at all. A phase whose option is off is
    left out of a game's flow (:class:`_Plan`); entering a phase then checks only what
    changes from deal to deal (the upcard, who ordered, who went alone).

    >>> _allowed(Rules(), Phase.DECLARE), _allowed(Rules(farmers=True), Phase.DECLARE)
    (False, True)
    """
    if phase is _BENNY:
        return rules.benny_upcard == "dealer_names"
    if phase is _DECLARE:
        return rules.farmers or rules.go_under or rules.throw_in != "none"
    if phase is _ALONE:
        return rules.going_alone
    if phase is _BEST:
        return rules.going_alone and rules.partners_best != "none"
    if phase is _DISCARD:  # Hasenpfeffer's widow (a lone player's discard is a step of best)
        return rules.widow == "bidder_takes"
    return True


def deal_phases(rules: Rules) -> tuple[Phase, ...]:
    """The phases a deal under ``rules`` may be in, in order: the form's flow
    (:data:`FLOWS`) less the phases the rules leave out, the best phase followed by its
    steps (give, discard). A view's phase is one of them (or ``over``).

    >>> [phase.value for phase in deal_phases(Rules())]
    ['bid1', 'exchange', 'bid2', 'alone', 'play']
    >>> [phase.value for phase in deal_phases(Rules(partners_best="loner", farmers=True))]
    ['declare', 'bid1', 'exchange', 'bid2', 'alone', 'best', 'give', 'discard', 'play']
    """
    phases: list[Phase] = []
    for phase in FLOWS[rules.form]:
        if _allowed(rules, phase):
            phases.append(phase)
            if phase is _BEST:
                phases.extend((_GIVE, _DISCARD))
    return tuple(phases)


_Entries = tuple[tuple[Phase, "Callable[[Game], bool]"], ...]


class _Plan:
    """What a game's rules decide once: worked out for the first game of a rules object
    (:func:`_plan_of`) and shared by every game of those rules and by their copies.

    ``entries`` is the form's flow (:data:`FLOWS`) less the phases the rules leave out
    (:func:`_allowed`), each phase with the method that enters it (returning False when
    the phase has nothing to decide in this deal); ``after[phase]`` is the part of
    ``entries`` after ``phase``, and for a give or discard of the best phase's steps,
    the part after best.

    >>> [phase.value for phase, _ in _plan_of(Rules()).entries]
    ['bid1', 'exchange', 'bid2', 'alone', 'play']
    """

    __slots__ = ("after", "calls", "entries", "has_upcard", "keeps_upcard", "names_benny",
                 "players", "rules", "seating", "tables", "team_count", "tricks_per_deal")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.seating = rules.seating
        self.team_count = self.seating.team_count
        self.tables = TRUMP_ORDERS[rules.trump_order]
        self.tricks_per_deal = rules.hand_size
        self.has_upcard = rules.has_upcard
        self.names_benny = rules.benny_upcard == "dealer_names"
        """Whether the dealer names trump for a Benny upcard (and keeps it)."""
        self.keeps_upcard = rules.dealer_must_take_upcard
        suits = range(5 if rules.no_trump else 4)
        self.calls = {turned_down: tuple(CALL[s] for s in suits if s != turned_down)
                      for turned_down in range(-1, 4)}
        """Round two's calls after each suit turned down (-1: none was)."""
        flow = FLOWS[rules.form]
        entries: _Entries = tuple((phase, _ENTER[phase]) for phase in flow
                                  if _allowed(rules, phase))
        self.entries = entries
        self.after: dict[Phase, _Entries] = {
            phase: entries[i + 1:] for i, (phase, _) in enumerate(entries)}
        if _BEST in self.after:
            for step in (_GIVE, _DISCARD):
                if step not in flow:
                    self.after[step] = self.after[_BEST]


_PLANS: Final[dict[int, _Plan]] = {}
"""The plan of each rules object met, by ``id`` (a plan holds its rules, so their
``id`` is not reused while it lives)."""


def _plan_of(rules: Rules) -> _Plan:
    """The plan of ``rules`` (one dictionary look-up once made)."""
    plan = _PLANS.get(id(rules))
    if plan is None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        plan = _PLANS[id(rules)] = _Plan(rules)
    return plan


def _seeded(seed: int) -> random.Random:
    """``random.Random(seed)``: the same stream, seeded by the C generator's own ``seed``
    (``random.Random``'s ``__init__`` and ``seed`` are a Python layer over it, about a
    tenth of making a game; the deals only draw ``random()``)."""
    rng = random.Random.__new__(random.Random)
    super(random.Random, rng).seed(seed)
    return rng


class _DealSource:
    """The random deals of one seed, drawn once and shared by a game and its copies."""

    __slots__ = ("_deals", "_rng", "_rules", "_seed")

    def __init__(self, rules: Rules, seed: int) -> None:
        self._rules = rules
        self._seed = seed
        self._rng = _seeded(seed)
        self._deals: list[Deal] = []

    def deal(self, index: int, dealer: int) -> Deal:
        """The ``index``-th random deal (its dealer is the same in every copy)."""
        if index < len(self._deals):
            return self._deals[index]
        deal = random_deal(self._rules, dealer, self._rng)
        self._deals.append(deal)
        return deal

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its seed and the dealers of the deals drawn: unpickling draws them
        again, which leaves the generator where it was (a compiled class does not pickle
        by itself)."""
        return _replayed, (self._rules, self._seed, tuple(d.dealer for d in self._deals))


def _replayed(rules: Rules, seed: int, dealers: tuple[int, ...]) -> _DealSource:
    """A deal source of ``seed`` that has drawn the deals of ``dealers``, in order."""
    source = _DealSource(rules, seed)
    for index, dealer in enumerate(dealers):
        source.deal(index, dealer)
    return source


_FIELDS: Final = (
    "_actions",
    "_active",
    "_alone",
    "_alone_queue",
    "_bid",
    "_bid_calls",
    "_calls",
    "_deal_number",
    "_dealer",
    "_deals",
    "_discard",
    "_drawn",
    "_effective",
    "_exchanged",
    "_explicit",
    "_given",
    "_hands",
    "_keys",
    "_kitty",
    "_kitty_cards",
    "_laid",
    "_leader",
    "_led",
    "_maker",
    "_n",
    "_next",
    "_ordered",
    "_out",
    "_passes",
    "_phase",
    "_plan",
    "_redeal",
    "_results",
    "_rules",
    "_score",
    "_seating",
    "_seed",
    "_shown",
    "_source",
    "_start_score",
    "_start_tokens",
    "_steps",
    "_suit_masks",
    "_to_act",
    "_tokens",
    "_trick",
    "_tricks",
    "_tricks_won",
    "_trump",
    "_turned_down",
    "_unknown",
    "_upcard",
    "_winner",
    "_winners",
)
"""The fields of a :class:`Game` (its ``__slots__``, and what :meth:`Game.__reduce__`
pickles)."""


class Game:
    """A game of Euchre (any form) from the first deal to the end.

    ``seed`` (or one drawn from ``rng``) fixes the first dealer and the random deals (a
    copy deals the same cards as its original would); ``deals`` are
    explicit deals used first, in order (their dealers must follow the rotation);
    ``score`` is the score to start from (a record may start mid-game), one number per
    side that scores (:attr:`Rules.seating <euchre.engine.rules.Rules.seating>`'s teams);
    ``tokens`` the four-trick tokens each side holds at the start (``four_trick_tokens``,
    §19.9: 0 to 3 each; none by default), for a game started mid-way as ``score`` is.

    >>> Game(Rules(four_trick_tokens=True), seed=1, score=(6, 7), tokens=(3, 1)).tokens
    (3, 1)
    >>> Game(Rules(), seed=1, tokens=(1, 0))
    Traceback (most recent call last):
    ...
    euchre.errors.RulesError: tokens (1, 0): these rules have no four-trick tokens \
(four_trick_tokens is off)
    """

    __slots__ = _FIELDS

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deals: Iterable[Deal] = (),
        first_dealer: int | None = None,
        score: tuple[int, ...] | None = None,
        tokens: tuple[int, ...] | None = None,
        _copy_of: Game | None = None,
        _fields: tuple[tuple[str, object], ...] | None = None,
    ) -> None:
        if _copy_of is not None:  # copy(): see there
            _copy_of._copy_into(self)
            return
        if _fields is not None:  # unpickling: see __reduce__
            for name, value in _fields:
                setattr(self, name, value)
            self._plan = _plan_of(self.rules)
            return
        self._rules = rules = rules or _STANDARD
        self._plan = plan = _plan_of(rules)
        self._n = n = plan.players
        self._seating = plan.seating
        self._next = plan.seating.next_seat
        if seed is None:
            seed = (rng or random.SystemRandom()).getrandbits(64)
        self._seed = seed
        self._source = _DealSource(rules, seed)
        self._explicit = explicit = list(deals)
        for deal in explicit:
            deal.validate(rules)
        if first_dealer is None:
            first_dealer = explicit[0].dealer if explicit else _mix(seed) % n
        if not 0 <= first_dealer < n:
            raise CardError(f"the dealer must be a seat from 0 to {n - 1}")
        if explicit and rules.throw_in == "none":  # a throw-in deals again: checked later
            for number, deal in enumerate(explicit):
                if deal.dealer != (first_dealer + number) % n:
                    raise CardError(
                        f"deal {number + 1} is dealt by seat {deal.dealer}, but the deal "
                        f"passes to seat {(first_dealer + number) % n}"
                    )
        explicit.reverse()
        teams = plan.team_count
        if score is None:
            score = (0,) * teams
        if len(score) != teams:
            raise CardError(f"a score has {teams} numbers, one per side, not {len(score)}")
        self._score = list(score)
        self._start_score = tuple(score)
        self._tokens: tuple[int, ...] = _start_tokens(rules, teams, tokens)
        self._start_tokens = self._tokens
        self._deals: list[Deal] = []
        self._actions: list[list[Action]] = []
        self._results: list[DealResult] = []
        self._deal_number = -1
        self._drawn = 0
        self._dealer = first_dealer - 1
        self._redeal = False
        self._winner: int | None = None
        self._phase = _BID1
        if self._game_over():
            self._phase = _OVER
        else:
            self._start_deal()

    @classmethod
    def from_deal(cls, deal: Deal, rules: Rules | None = None, **kwargs: object) -> Game:
        """A game whose first deal is ``deal`` (later deals are random)."""
        return cls(rules, deals=[deal], **kwargs)  # type: ignore[arg-type]

    # -- deals -------------------------------------------------------------------------

    def _start_deal(self) -> None:
        n = self._n
        self._deal_number += 1
        if self._redeal:  # a throw-in hand: the same dealer deals again (§19.5)
            self._redeal = False
            dealer = self._dealer
        else:
            dealer = self._dealer = self._seating.next_seat[self._dealer]
        if self._explicit:
            deal = self._explicit.pop()
            if deal.dealer != dealer:
                raise CardError(f"deal {self._deal_number + 1} is dealt by seat {deal.dealer}, "
                                f"but the deal passes to seat {dealer}")
        else:
            deal = self._source.deal(self._drawn, dealer)
            self._drawn += 1
        self._deals.append(deal)
        self._actions.append([])
        hands = []
        unknown = []
        for hand in deal.hands:
            mask = 0
            missing = 0
            for c in hand:
                if c < 0:
                    missing += 1
                else:
                    mask |= 1 << c
            hands.append(mask)
            unknown.append(missing)
        self._hands = hands
        self._unknown: list[int] | None = unknown if any(unknown) else None
        self._upcard = deal.upcard
        self._kitty_cards = deal.kitty
        kitty = 0
        for c in deal.kitty:
            if c >= 0:
                kitty |= 1 << c
        self._kitty = kitty
        self._calls: list[tuple[int, Action]] = []
        self._passes = 0
        self._trump = -1
        self._maker = -1
        self._bid = -1
        self._bid_calls = 0
        self._discard: Card | None = None
        # what changes a few times a deal at most is a tuple, replaced rather than changed,
        # so copies share it (the steps and the going-alone queue are stacks: last first)
        self._alone: tuple[int, ...] = ()
        self._alone_queue: tuple[int, ...] = ()
        self._steps: tuple[tuple[Phase, int], ...] = ()
        self._shown: tuple[tuple[int, Card], ...] = ()
        self._laid: tuple[tuple[int, Card], ...] = ()
        self._given: tuple[tuple[int, int, Card], ...] = ()
        self._exchanged = False
        self._ordered = False
        self._out = 0
        self._active = n
        self._trick: list[tuple[int, Card]] = []
        self._tricks: list[tuple[tuple[int, Card], ...]] = []
        self._winners: list[int] = []
        self._tricks_won = [0] * self._plan.team_count
        self._leader = -1
        self._led = -1
        self._next = self._seating.next_seat
        up = deal.upcard
        if up != BENNY:
            self._turned_down = card_suit(up)
        elif self._rules.benny_upcard == "skip_round_one":
            self._turned_down = -1
        elif self._rules.benny_upcard == "hearts":
            self._turned_down = HEARTS
        else:
            self._turned_down = card_suit(up)
        self._advance(self._plan.entries)

    # -- the flow of a deal ------------------------------------------------------------

    def _advance(self, entries: _Entries | None = None) -> None:
        """Enter the next phase of the form's flow that applies now (with ``entries``,
        the first of them that applies: a deal starts so). The flow is the plan's
        (:class:`_Plan`: :data:`FLOWS` less the phases the rules leave out)."""
        for phase, enter in self._plan.after[self._phase] if entries is None else entries:
            self._phase = phase
            if enter(self):
                return
        raise AssertionError("a deal's flow ends in play")  # pragma: no cover

    # Entering each phase (the plan's entries): True when the phase has a decision to make
    # in this deal, with the seat to act set. The rules' own conditions are the plan's.

    def _enter_benny(self) -> bool:
        """The dealer names trump when a Benny is turned up (``dealer_names``)."""
        if self._upcard != BENNY:
            return False
        self._to_act = self._dealer
        return True

    def _enter_declare(self) -> bool:
        """Each seat from the dealer's left declares a hand or passes (§19.3–19.5)."""
        order = self._seating.order_after(self._dealer)
        self._steps = tuple((_DECLARE, s) for s in reversed(order))
        self._to_act = self._pop_step()[1]
        return True

    def _enter_bid1(self) -> bool:
        """Round one, unless trump is named already or the Benny skips it."""
        if self._trump >= 0 or self._turned_down < 0:
            return False
        self._passes = 0
        self._to_act = self._seating.next_seat[self._dealer]
        return True

    def _enter_exchange(self) -> bool:
        """The dealer's exchange, after the upcard is accepted."""
        if not self._ordered:
            return False
        self._to_act = self._dealer
        return True

    def _enter_bid2(self) -> bool:
        """Round two, unless trump is named."""
        if self._trump >= 0:
            return False
        self._passes = 0
        self._to_act = self._seating.next_seat[self._dealer]
        return True

    def _enter_bid(self) -> bool:
        """Bidding for tricks from the dealer's left (Hasenpfeffer, Napoleon)."""
        self._passes = 0
        self._to_act = self._seating.next_seat[self._dealer]
        return True

    def _enter_trump(self) -> bool:
        """Hasenpfeffer's maker names trump."""
        self._to_act = self._maker
        return True

    def _enter_widow(self) -> bool:
        """Hasenpfeffer's maker takes the widow and lays a card away
        (``widow=bidder_takes``)."""
        maker = self._maker
        for c in self._kitty_cards:
            self._take(maker, c)
        self._kitty = 0
        self._steps = ()
        self._to_act = maker
        return True

    def _take(self, seat: int, c: Card) -> None:
        """``seat`` takes card ``c`` into hand (an unknown card adds to its unknowns)."""
        if c < 0:
            if self._unknown is None:
                self._unknown = [0] * self._n
            self._unknown[seat] += 1
        else:
            self._hands[seat] |= 1 << c

    def _game_over(self) -> bool:
        rules = self._rules
        if rules.deals:
            if len(self._results) < rules.deals:
                return False
            score = self._score
            top = max(score)
            self._winner = score.index(top) if score.count(top) == 1 else None  # a tie: none
            return True
        if max(self._score) < rules.target:
            return False
        last = self._results[-1] if self._results else None
        winner = game_winner(rules, self._score, last)
        if winner is None:
            return False  # a tie at the top: one more deal (§13)
        self._winner = winner
        return True

    def _finish_deal(self, gains: tuple[int, ...]) -> DealResult:
        score = self._score
        scorer: int | None = None  # the side that scored, where only one did
        scorers = points = 0  # how many sides scored; the largest change of a score
        for team, gain in enumerate(gains):
            if gain:
                score[team] += gain
                scorer = team
                scorers += 1
                if abs(gain) > points:
                    points = abs(gain)
        result = make_result(  # DealResult(dealer, trump, ..., bid), made cheaply
            self._dealer,
            None if self._trump < 0 else self._trump,
            None if self._maker < 0 else self._maker,
            tuple(self._alone),
            tuple(self._tricks_won),
            points,
            scorer if scorers == 1 else None,
            tuple(score),
            gains,
            None if self._bid < 0 else self._bid,
        )
        self._results.append(result)
        if self._game_over():
            self._phase = _OVER
        else:
            self._start_deal()
        return result

    def _throw_in(self) -> Outcome:
        """End the deal void: all passed, a throw-in hand (§19.5), a Benny widow. Its
        result names no trump and no maker (:attr:`DealResult.thrown_in`) whatever was
        named before: a ``dealer_names`` dealer names trump before the declarations, and
        the deal thrown in after that was still never played (no make, no euchre)."""
        self._trump = -1
        self._maker = -1
        result = self._finish_deal((0,) * self._plan.team_count)
        return Outcome(result=result, game_over=self._phase is _OVER)

    # -- questions ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """The phase of the current deal (``OVER`` when the game has ended)."""
        return self._phase

    @property
    def to_act(self) -> int:
        """The seat whose decision it is (-1 when the game is over)."""
        return -1 if self._phase is _OVER else self._to_act

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 0 (thrown-in deals count)."""
        return self._deal_number

    @property
    def score(self) -> tuple[int, ...]:
        """Points of each side: team 0 (seats 0 and 2) and team 1 (seats 1 and 3), or
        each player where every player plays for themselves."""
        return tuple(self._score)

    @property
    def start_score(self) -> tuple[int, ...]:
        """The score the game started from."""
        return self._start_score

    @property
    def tokens(self) -> tuple[int, ...]:
        """Four-trick tokens each side holds (``four_trick_tokens``, §19.9)."""
        return tuple(self._tokens)

    @property
    def start_tokens(self) -> tuple[int, ...]:
        """The four-trick tokens each side held as the game started (``tokens=``)."""
        return self._start_tokens

    @property
    def upcard(self) -> Card:
        """The card turned up in this deal (:data:`~euchre.engine.cards.UNKNOWN` in forms that
        turn none up)."""
        return self._upcard

    @property
    def trump(self) -> int | None:
        """The trump suit, once fixed (4: no trump)."""
        return None if self._trump < 0 else self._trump

    @property
    def maker(self) -> int | None:
        """The seat that chose trump (or won the bidding), once fixed."""
        return None if self._maker < 0 else self._maker

    @property
    def bid(self) -> int | None:
        """The highest bid so far (Hasenpfeffer, Napoleon), as a :class:`Bid` value."""
        return None if self._bid < 0 else self._bid

    @property
    def alone(self) -> tuple[int, ...]:
        """Seats going alone in this deal."""
        return tuple(self._alone)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats that sit out this deal (partners of lone players)."""
        return tuple(s for s in range(self._n) if self._out >> s & 1)

    @property
    def calls(self) -> tuple[tuple[int, Action], ...]:
        """This deal's bids, declarations and going-alone decisions, as ``(seat,
        action)`` (every decision before the first trick that everyone sees)."""
        return tuple(self._calls)

    @property
    def discard(self) -> Card | None:
        """The dealer's discard, if any (only the dealer's view shows it)."""
        return self._discard

    @property
    def shown(self) -> tuple[tuple[int, Card], ...]:
        """Cards a rule made a player show this deal, as ``(seat, card)``: public."""
        return tuple(self._shown)

    @property
    def laid_away(self) -> tuple[tuple[int, Card], ...]:
        """Cards laid away face down this deal besides the dealer's discard, as
        ``(seat, card)``: a lone player's discard, the maker's after the widow."""
        return tuple(self._laid)

    @property
    def given(self) -> tuple[tuple[int, int, Card], ...]:
        """Cards passed face down this deal, as ``(giver, receiver, card)``."""
        return tuple(self._given)

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """This deal's finished tricks, each as ``(seat, card)`` in order of play."""
        return tuple(self._tricks)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each of this deal's finished tricks, in order."""
        return tuple(self._winners)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick in progress."""
        return tuple(self._trick)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken by each side in this deal."""
        return tuple(self._tricks_won)

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The results of every finished deal."""
        return tuple(self._results)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The cards of every deal so far, the current one last."""
        return tuple(self._deals)

    @property
    def history(self) -> tuple[tuple[Action, ...], ...]:
        """The actions of every deal so far, the current one last."""
        return tuple(tuple(actions) for actions in self._actions)

    def hand(self, seat: int) -> frozenset[Card]:
        """The known cards a seat holds now."""
        return frozenset(cards_of(self._hands[seat]))

    def hand_mask(self, seat: int) -> int:
        """The mask of the known cards a seat holds now."""
        return self._hands[seat]

    def kitty_mask(self) -> int:
        """The mask of the known face-down cards (not the upcard)."""
        return self._kitty

    def unknown_count(self, seat: int) -> int:
        """How many cards of a seat's hand a record did not show."""
        return 0 if self._unknown is None else self._unknown[seat]

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is _OVER

    def winner(self) -> int | None:
        """The winning side once the game is over (``None`` on a tie after ``deals``)."""
        return self._winner if self._phase is _OVER else None

    def partner(self, seat: int) -> int:
        """A seat's partner (without one, the seat itself;
        :attr:`Rules.seating <euchre.engine.rules.Rules.seating>` answers every question of
        who sits where)."""
        partner = self._seating.partner(seat)
        return seat if partner is None else partner

    def makers(self) -> tuple[int, ...]:
        """The seats playing on the maker's side this deal (empty before trump): the
        maker's partnership, or the maker alone where each plays for themselves."""
        if self._maker < 0:
            return ()
        return self._seating.teams[self._seating.team_of[self._maker]]

    # -- legal actions -----------------------------------------------------------------

    def legal_play_mask(self) -> int:
        """The mask of the (known) cards the seat to act may play now."""
        hand = self._hands[self._to_act]
        if self._trick:
            follow = hand & self._suit_masks[self._led]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now (empty once the game is over)."""
        phase = self._phase
        if phase is _PLAY:
            mask = self._hands[self._to_act]
            if self._trick:
                mask = (mask & self._suit_masks[self._led]) or mask
            plays = _PLAY_LISTS.get(mask)
            if plays is None:
                plays = _actions_of(_PLAY_BYTES, mask)
                if len(_PLAY_LISTS) < 400_000:
                    _PLAY_LISTS[mask] = plays
            return list(plays)
        if phase is _BID1:
            return list(_BID_ACTIONS)
        if phase is _ALONE:
            return list(_ALONE_ACTIONS)
        if phase is _BID2:
            calls = self._plan.calls[self._turned_down]
            if self._rules.stick_the_dealer and self._to_act == self._dealer:
                return list(calls)
            return [PASS, *calls]
        if phase is _EXCHANGE:
            actions = list(_actions_of(_DISCARD_BYTES, self._discard_options()))
            if self._unknown is not None and self._unknown[self._dealer]:
                actions.append(DISCARD[UNKNOWN])
            return actions
        if phase is _OVER:
            return []
        if phase is _BENNY or phase is _TRUMP:
            return [CALL[s] for s in range(4)]
        if phase is _DECLARE:
            return [PASS, *self._declarations()]
        if phase is _BEST:
            return list(_BEST_ACTIONS)
        if phase is _GIVE:
            return [GIVE[c] for c in cards_of(self._hands[self._to_act])]
        if phase is _DISCARD:
            return list(_actions_of(_DISCARD_BYTES, self._hands[self._to_act]))
        return [BID[v] for v in self._bids()] if self._dealer_stuck_at_bid() else [
            PASS, *(BID[v] for v in self._bids())]

    def _declarations(self) -> list[Action]:
        """The declarations the seat to act may make now (§19.3–19.5)."""
        rules = self._rules
        hand = self._hands[self._to_act]
        out: list[Action] = []
        if not self._exchanged:  # every Euchre kitty holds the three cards to swap
            if rules.farmers and qualifies(FARMER, hand):
                low = [c for c in cards_of(hand) if card_rank(c) in _NINE_TEN]
                out.extend(Declare(FARMER, three) for three in combinations(low, 3))
            if rules.go_under and qualifies(GO_UNDER, hand):
                out.extend(Declare(GO_UNDER, three) for three in combinations(cards_of(hand), 3))
        if rules.throw_in != "none" and qualifies("throw in", hand):
            out.append(THROW_IN_HAND)
        return out

    def _bids(self) -> list[int]:
        """The bids the seat to act may make now (Hasenpfeffer, Napoleon)."""
        return allowed_bids(self._rules, self._bid, self._dealer_stuck_at_bid())

    def _dealer_stuck_at_bid(self) -> bool:
        """Napoleon's dealer, when every other player passed, must bid (§17)."""
        rules = self._rules
        return (rules.form == "napoleon" and rules.nap_all_pass == "dealer_bids_one"
                and self._to_act == self._dealer and self._bid < 0)

    def _discard_options(self) -> int:
        """The mask of the known cards the dealer may lay away: the hand and the upcard,
        less the upcard when the dealer must keep it (and never the Benny the dealer
        took after naming trump)."""
        up = self._upcard
        options = self._hands[self._dealer] | 1 << up
        plan = self._plan
        if plan.keeps_upcard or (plan.names_benny and up == BENNY):  # _phase_named_by_dealer
            options &= ~(1 << up)
        return options

    @property
    def _phase_named_by_dealer(self) -> bool:
        """Whether the dealer named trump for a Benny upcard this deal."""
        return self._upcard == BENNY and self._plan.names_benny

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions()

    # -- applying ----------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> Outcome:
        """Apply the decision of the seat to act and say what it caused.

        Returns an :class:`Outcome`: the trick this action completed and who won it, the
        result of the deal it ended, whether the game is over (:data:`NOTHING` when it
        caused nothing beyond itself). Raises
        :class:`~euchre.errors.IllegalActionError` with a
        :class:`~euchre.errors.Reason` code and the legal choices when ``action`` is not
        legal now (or ``seat`` is given and it is not its turn); the state is then
        unchanged (:meth:`verify` and :meth:`can_apply` ask without applying).
        """
        if seat is not None and seat != self._to_act:
            self.verify(action, seat)
        phase = self._phase
        kind = action.kind
        if phase is _PLAY:
            # the hot path of every play-out, kept inline
            c: Card = action.card if kind == KIND_PLAY else -1  # type: ignore[attr-defined]
            seat = self._to_act
            hand = self._hands[seat]
            trick = self._trick
            legal = (hand & self._suit_masks[self._led]) or hand if trick else hand
            if c < 0 or not legal >> c & 1:
                self.verify(action)
            if not trick:
                try:
                    self._led = self._effective[c]
                except IndexError:  # Napoleon's first lead (_NO_TRUMP_YET): it makes trump
                    self._fix_trump(card_suit(c), self._maker)
                    self._led = self._effective[c]
            self._hands[seat] = hand ^ (1 << c)
            self._actions[-1].append(action)
            trick.append((seat, c))
            if len(trick) < self._active:
                self._to_act = self._next[seat]
                return NOTHING
            return self._end_trick(trick)
        if phase is _BID1:
            if kind == KIND_PASS:
                return self._pass()
            if kind == KIND_ORDER:
                self._record(action)
                self._ordered = True
                self._fix_trump(self._turned_down, self._to_act)
                return NOTHING
        elif phase is _ALONE:
            if kind == KIND_ALONE:
                self._declare(action)
                return NOTHING
        elif phase is _BID2:
            if kind == KIND_PASS:
                if not (self._rules.stick_the_dealer and self._to_act == self._dealer):
                    return self._pass()
            elif kind == KIND_CALL:
                suit: int = action.suit  # type: ignore[attr-defined]
                if suit != self._turned_down and (suit < 4 or self._rules.no_trump):
                    self._record(action)
                    self._fix_trump(suit, self._to_act)
                    return NOTHING
        elif phase is _EXCHANGE and kind == KIND_DISCARD:
            c = action.card  # type: ignore[attr-defined]
            if (c >= 0 and self._discard_options() >> c & 1) or self._problem(action) is None:
                self._exchange(c)
                return NOTHING
        elif self._problem(action) is None:
            return self._apply_other(action)
        self.verify(action)
        raise AssertionError(f"{action} was refused without a reason")  # pragma: no cover

    def _record(self, action: Action) -> None:
        """Note a public decision of the seat to act (a call) in the deal's history."""
        self._calls.append((self._to_act, action))
        self._actions[-1].append(action)

    def _apply_other(self, action: Action) -> Outcome:
        """The decisions of the phases outside plain Euchre's (checked legal)."""
        phase = self._phase
        seat = self._to_act
        if phase is _BENNY:
            self._record(action)
            self._ordered = True
            self._fix_trump(action.suit, seat)  # type: ignore[attr-defined]
            return NOTHING
        if phase is _DECLARE:
            return self._declaration(action)
        if phase is _BID:
            return self._bidding(action)
        if phase is _TRUMP:
            self._record(action)
            self._fix_trump(action.suit, seat)  # type: ignore[attr-defined]
            return NOTHING
        self._actions[-1].append(action)
        if phase is _BEST:
            self._calls.append((seat, action))
            if action == BEST:
                partner = self._seating.partner_of[seat]
                assert partner is not None
                if self._rules.partners_best_order == "discard_first":
                    self._steps += ((_GIVE, partner), (_DISCARD, seat))
                else:
                    self._steps += ((_DISCARD, seat), (_GIVE, partner))
        elif phase is _GIVE:
            c: Card = action.card  # type: ignore[attr-defined]
            receiver = self._seating.partner_of[seat]
            assert receiver is not None
            self._hands[seat] &= ~(1 << c)
            self._hands[receiver] |= 1 << c
            self._given += ((seat, receiver, c),)
        else:  # a card laid away face down
            c = action.card  # type: ignore[attr-defined]
            self._hands[seat] &= ~(1 << c)
            self._laid += ((seat, c),)
        self._next_step()
        return NOTHING

    def _pop_step(self) -> tuple[Phase, int]:
        """Take the next pending step (a phase and the seat to act in it) off the stack."""
        steps = self._steps
        self._steps = steps[:-1]
        return steps[-1]

    def _next_step(self) -> None:
        """Go on to the next pending step (a call for best, a give, a discard), or to
        the next phase once none is left."""
        if self._steps:
            self._phase, self._to_act = self._pop_step()
            return
        self._advance()  # after a give or discard of best's steps, the plan goes on after best

    def _declaration(self, action: Action) -> Outcome:
        seat = self._to_act
        self._record(action)
        if isinstance(action, Declare):
            hand = self._hands[seat]
            if action.what == FARMER:
                self._shown += tuple((seat, c) for c in action.cards)
            else:
                self._shown += tuple((seat, c) for c in cards_of(hand))
            if action.what in (FARMER, GO_UNDER):
                self._exchanged = True
                taken = self._kitty_cards[:3]
                for c in action.cards:
                    self._hands[seat] &= ~(1 << c)
                for c in taken:
                    self._take(seat, c)
                self._kitty_cards = (*action.cards, *self._kitty_cards[3:])
                kitty = 0
                for c in self._kitty_cards:
                    if c >= 0:
                        kitty |= 1 << c
                self._kitty = kitty
            else:  # a throw-in hand: the deal is void, the same dealer deals again
                self._redeal = True
                return self._throw_in()
        if self._steps:
            self._to_act = self._pop_step()[1]
        else:
            self._advance()
        return NOTHING

    def _bidding(self, action: Action) -> Outcome:
        """A bid or a pass in Hasenpfeffer's or Napoleon's bidding."""
        seat = self._to_act
        rules = self._rules
        self._record(action)
        self._bid_calls += 1
        n = self._n
        if action.kind == KIND_BID:
            self._bid = action.value  # type: ignore[attr-defined]
            self._maker = seat
            self._passes = 0
        else:
            self._passes += 1
        auction = rules.form == "hasenpfeffer" and rules.hasen_bidding == "auction"
        if auction:
            done = self._bid == 6 or (self._bid > 0 and self._passes == n - 1) or (
                self._bid < 0 and self._passes == n)
        else:
            done = self._bid_calls == n
        if not done:
            self._to_act = self._next[seat]
            return NOTHING
        if self._bid < 0:  # all passed
            if rules.form == "napoleon":
                return self._throw_in()
            holder = next((s for s in range(n) if self._hands[s] >> BENNY & 1), None)
            if holder is None:  # the Benny is the widow: thrown in
                return self._throw_in()
            self._calls.append((holder, BID[3]))  # must bid exactly 3, showing the Benny
            self._shown += ((holder, BENNY),)
            self._bid = 3
            self._maker = holder
        if rules.form == "napoleon" and self._bid == MISERE:
            self._fix_trump(NO_TRUMP, self._maker)
        self._advance()
        return NOTHING

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Check ``action`` (by ``seat``, when given) without applying it.

        Raises :class:`~euchre.errors.IllegalActionError`, with its
        :class:`~euchre.errors.Reason` code and the words :meth:`apply` would use, when
        it is not legal now; returns when it is. The state never changes.

        >>> from euchre.engine.actions import parse_action
        >>> game = Game(seed=7)
        >>> game.verify(parse_action("call h"))
        Traceback (most recent call last):
        ...
        euchre.errors.IllegalActionError: call h is not legal now (bid1): seat ... must pass or ...
        """
        problem = self._problem(action, seat)
        if problem is None:
            return
        code, why, card, suit = problem
        if code is Reason.GAME_OVER:
            raise IllegalActionError(
                f"{action} is not legal: the game is over", reason=why, code=code,
                seat=seat,
            )
        actions = tuple(self.legal_actions())
        legal = ", ".join(str(a) for a in actions)
        if len(actions) > 12:
            legal = ", ".join(str(a) for a in actions[:12]) + f" and {len(actions) - 12} more"
        raise IllegalActionError(
            f"{action} is not legal now ({self._phase.value}): {why}; "
            f"the legal actions are: {legal}",
            reason=why,
            legal=actions,
            code=code,
            seat=self._to_act if seat is None else seat,
            card=card,
            suit=suit,
        )

    def can_apply(self, action: Action, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would take ``action`` now (by ``seat``, when given).

        >>> from euchre.engine.actions import PASS, parse_action
        >>> game = Game(seed=7)
        >>> game.can_apply(PASS), game.can_apply(PASS, seat=game.dealer)
        (True, False)
        """
        return self._problem(action, seat) is None

    def _problem(
        self, action: Action, seat: int | None = None
    ) -> tuple[Reason, str, Card | None, int | None] | None:
        """Why ``action`` is not legal now: ``(code, words, card, suit)``, or ``None``.

        The one statement of the reasons; :meth:`apply` checks the common case with a
        few bit operations and asks here only to refuse.
        """
        phase = self._phase
        if phase is _OVER:
            return Reason.GAME_OVER, "the game is over", None, None
        to_act = self._to_act
        if seat is not None and seat != to_act:
            return (Reason.NOT_YOUR_TURN, f"it is seat {to_act}'s turn, not seat {seat}'s",
                    None, None)
        kind = action.kind
        wrong = (Reason.WRONG_DECISION, f"seat {to_act} must {CHOICES[phase]}", None, None)
        if phase is _PLAY:
            if kind != KIND_PLAY:
                return wrong
            c: Card = action.card  # type: ignore[attr-defined]
            hand = self._hands[to_act]
            if c < 0 or not hand >> c & 1:
                return Reason.NOT_HELD, f"seat {to_act} does not hold {card_name(c)}", c, None
            if self._trick:
                follow = hand & self._suit_masks[self._led]
                if follow and not follow >> c & 1:
                    return (Reason.MUST_FOLLOW, f"must follow {suit_name(self._led)}", c,
                            self._led)
            return None
        if phase is _BID1:
            return None if kind in (KIND_PASS, KIND_ORDER) else wrong
        if phase is _ALONE:
            return None if kind == KIND_ALONE else wrong
        if phase is _BID2:
            if kind == KIND_PASS:
                if self._rules.stick_the_dealer and to_act == self._dealer:
                    return (Reason.DEALER_STUCK, "the dealer is stuck and must name a suit",
                            None, None)
                return None
            if kind == KIND_CALL:
                suit: int = action.suit  # type: ignore[attr-defined]
                if suit == self._turned_down:
                    return (Reason.TURNED_DOWN,
                            f"{suit_name(suit)} was turned down and can't be named", None, suit)
                if suit == NO_TRUMP and not self._rules.no_trump:
                    return (Reason.NOT_ALLOWED, "these rules have no no-trump call", None,
                            None)
                return None
            return wrong
        if phase is _EXCHANGE:
            return self._exchange_problem(action, wrong)
        return self._other_problem(action, wrong)

    def _exchange_problem(
        self, action: Action, wrong: tuple[Reason, str, Card | None, int | None]
    ) -> tuple[Reason, str, Card | None, int | None] | None:
        if action.kind != KIND_DISCARD:
            return wrong
        c: Card = action.card  # type: ignore[attr-defined]
        dealer = self._dealer
        if c == UNKNOWN:
            if self._unknown is None or not self._unknown[dealer]:
                return Reason.NO_UNKNOWN_CARD, "the dealer holds no unknown card", c, None
            return None
        up = self._upcard
        if not (self._hands[dealer] | 1 << up) >> c & 1:
            return Reason.NOT_HELD, f"the dealer does not hold {card_name(c)}", c, None
        if c == up and self._rules.dealer_must_take_upcard:
            return Reason.MUST_TAKE_UPCARD, "the dealer must take the upcard", c, None
        if c == up and self._phase_named_by_dealer:
            return (Reason.MUST_TAKE_UPCARD, "the dealer who named trump must keep the Benny",
                    c, None)
        return None

    def _other_problem(
        self, action: Action, wrong: tuple[Reason, str, Card | None, int | None]
    ) -> tuple[Reason, str, Card | None, int | None] | None:
        """Why a decision of the phases outside plain Euchre's is refused, if it is."""
        phase = self._phase
        kind = action.kind
        to_act = self._to_act
        expected = {_BENNY: (KIND_CALL,), _TRUMP: (KIND_CALL,), _DECLARE: (KIND_PASS, KIND_DECLARE),
                    _BEST: (KIND_BEST,), _GIVE: (KIND_GIVE,), _DISCARD: (KIND_DISCARD,),
                    _BID: (KIND_PASS, KIND_BID)}[phase]
        if kind not in expected:
            return wrong
        if action in self.legal_actions():
            return None
        if kind in (KIND_GIVE, KIND_DISCARD):
            c: Card = action.card  # type: ignore[attr-defined]
            return Reason.NOT_HELD, f"seat {to_act} does not hold {card_name(c)}", c, None
        if kind == KIND_CALL:
            return Reason.NOT_ALLOWED, "name one of the four suits", None, None
        if kind == KIND_PASS:
            return Reason.DEALER_STUCK, "every other player passed: the dealer must bid", \
                None, None
        if kind == KIND_BID:
            top = "" if self._bid < 0 else f" over {BID[self._bid]}"
            return Reason.NOT_ALLOWED, f"{action} is not a bid these rules allow{top}", \
                None, None
        return (Reason.NOT_ALLOWED,
                f"seat {to_act}'s hand does not allow {action} (or the rules do not)",
                None, None)

    def _pass(self) -> Outcome:
        seat = self._to_act
        self._calls.append((seat, PASS))  # _record, inline: most calls are passes
        self._actions[-1].append(PASS)
        self._passes += 1
        if self._passes < self._n:
            self._to_act = self._next[seat]
            return NOTHING
        self._passes = 0
        if self._phase is _BID1:
            self._advance()
            return NOTHING
        return self._throw_in()

    def _fix_trump(self, suit: int, maker: int) -> None:
        self._trump = suit
        self._maker = maker
        tables = self._plan.tables
        self._suit_masks = tables.suit_masks[suit]
        self._effective = tables.effective[suit]
        self._keys = tables.trick_key[suit]
        if self._phase is not _PLAY and self._phase is not _BID:
            self._advance()

    def _exchange(self, c: Card) -> None:
        dealer = self._dealer
        up = self._upcard
        if c == UNKNOWN:
            self._unknown[dealer] -= 1  # type: ignore[index]
            self._hands[dealer] |= 1 << up
        else:
            self._hands[dealer] = (self._hands[dealer] | 1 << up) & ~(1 << c)
        self._discard = c
        self._actions[-1].append(DISCARD[c])
        self._advance()

    def _start_alone(self) -> bool:
        """Going alone, after trump is fixed; False when nobody may go alone.

        Canadian loner: the dealer's partner who ordered up goes alone without being
        asked (§19.1). With ``lone_defender_needs_loner`` a defender is asked only when
        a maker has gone alone (§19.7). (The plan holds this phase only under
        ``going_alone``.)"""
        rules = self._rules
        maker = self._maker
        seating = self._seating
        queue = tuple(reversed(seating.alone_order(
            self._dealer, maker, rules.maker_partner_alone, rules.lone_defender
        )))
        if rules.canadian and self._ordered and not self._phase_named_by_dealer and (
                seating.partner_of[self._dealer] == maker):
            queue = tuple(s for s in queue if s != maker)
            self._alone += (maker,)
            self._out = seating.out_mask(self._alone)
        self._alone_queue = queue
        return self._next_alone()

    def _next_alone(self) -> bool:
        """Ask the next seat in the queue whether to go alone; False when none is left."""
        queue = self._alone_queue
        seating = self._seating
        partner_of = seating.partner_of
        needs_loner = self._rules.lone_defender_needs_loner
        maker = self._maker
        while queue:
            seat = queue[-1]
            queue = queue[:-1]
            if partner_of[seat] in self._alone:
                continue
            if needs_loner and not seating.same_team(seat, maker) and (
                    not any(seating.same_team(a, maker) for a in self._alone)):
                continue
            self._alone_queue = queue
            self._to_act = seat
            return True
        self._alone_queue = queue
        return False

    def _declare(self, action: Action) -> None:
        seat = self._to_act
        self._calls.append((seat, action))  # _record, inline
        self._actions[-1].append(action)
        if action is ALONE or action == ALONE:
            self._alone += (seat,)
            self._out = self._seating.out_mask(self._alone)
        if not self._next_alone():
            self._advance()

    def _start_best(self) -> bool:
        """Calls for partner's best (§15): the lone maker first, then the lone defender;
        False when nobody may call. (The plan holds this phase only when the rules
        have partner's best.)"""
        rules = self._rules
        if not self._alone:
            return False
        seating = self._seating
        lone_makers = [s for s in self._alone if seating.same_team(s, self._maker)]
        lone_defenders = [s for s in self._alone if not seating.same_team(s, self._maker)]
        callers = lone_makers
        if rules.partners_best == "loner_and_defender":
            callers = lone_makers + lone_defenders
        if not callers:
            return False
        self._steps = tuple((_BEST, s) for s in reversed(callers))
        self._phase, self._to_act = self._pop_step()
        return True

    def _enter_play(self) -> bool:
        """The tricks: the first leader leads."""
        self._active = self._n - self._out.bit_count()
        seating = self._seating
        self._next = seating.next_tables[self._out]
        plan = self._plan
        if not plan.has_upcard:  # Hasenpfeffer, Napoleon: the maker leads
            self._to_act = self._leader = self._maker
            if self._trump < 0:  # Napoleon: the first card led makes trump (in apply)
                self._suit_masks = plan.tables.suit_masks[NO_TRUMP]
                self._effective = _NO_TRUMP_YET
            return True
        self._to_act = self._leader = seating.first_leader(
            self._dealer, self._maker, self._alone, self._rules.loner_lead
        )
        return True

    def _end_trick(self, trick: list[tuple[int, Card]]) -> Outcome:
        keys = self._keys[self._led]
        best_seat, best_card = trick[0]
        best = keys[best_card]
        for s, played in trick:
            if keys[played] > best:
                best = keys[played]
                best_seat = s
        done = tuple(trick)
        self._tricks.append(done)
        self._winners.append(best_seat)
        self._trick = []
        self._tricks_won[self._seating.team_of[best_seat]] += 1
        if len(self._tricks) < self._plan.tricks_per_deal:
            self._to_act = self._leader = best_seat
            return _new_outcome(Outcome, (done, best_seat, None, False))
        gains, tokens = deal_gains(self._rules, self._maker, self._alone, self._tricks_won,
                                   self._winners, self._bid, self._tokens)
        self._tokens = tokens
        result = self._finish_deal(gains)
        return _new_outcome(Outcome, (done, best_seat, result, self._phase is _OVER))

    # -- copies ------------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy (cheap: lists are copied, values are shared).

        The copy deals the same random cards as the original from here on.
        """
        # Made through __init__, not Game.__new__: compiled with mypyc, __new__ runs
        # __init__ (a whole new game, 24 µs), while the keyword costs 0.3 µs pure.
        return Game(_copy_of=self)

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy` (its lists copied: the copy is independent)."""
        return self.copy()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickles (and deep-copies) field by field, the same in both builds (a compiled
        class has no ``__dict__`` or ``__slots__`` for pickle to read); the rules' plan is
        worked out again, and the random deals go on as they would have."""
        fields = tuple((name, getattr(self, name)) for name in _FIELDS
                       if name != "_plan" and hasattr(self, name))
        return _unpickled, (fields,)

    def _copy_into(self, other: Game) -> None:
        """Set ``other``'s state to a copy of this one's (for :meth:`copy`)."""
        # values shared with the copy, one assignment each (faster than a loop of setattr)
        other._rules = self._rules
        other._n = self._n
        other._deal_number = self._deal_number
        other._dealer = self._dealer
        other._phase = self._phase
        other._upcard = self._upcard
        other._kitty = self._kitty
        other._passes = self._passes
        other._trump = self._trump
        other._maker = self._maker
        other._discard = self._discard
        other._out = self._out
        other._leader = self._leader
        other._led = self._led
        other._active = self._active
        other._to_act = self._to_act
        other._turned_down = self._turned_down
        other._start_score = self._start_score
        other._start_tokens = self._start_tokens
        other._seed = self._seed
        other._source = self._source
        other._drawn = self._drawn
        other._seating = self._seating
        other._next = self._next
        other._plan = self._plan
        other._bid = self._bid
        other._bid_calls = self._bid_calls
        other._exchanged = self._exchanged
        other._ordered = self._ordered
        other._redeal = self._redeal
        other._winner = self._winner
        if self._trump >= 0 or self._phase is _PLAY:
            other._suit_masks = self._suit_masks
            other._effective = self._effective
        if self._trump >= 0:
            other._keys = self._keys
        other._explicit = list(self._explicit)
        other._score = list(self._score)
        other._tokens = self._tokens
        other._deals = list(self._deals)
        # the actions of finished deals are never changed again: only the current one is
        other._actions = actions = self._actions[:]
        if actions:
            actions[-1] = actions[-1][:]
        other._results = list(self._results)
        other._hands = list(self._hands)
        other._unknown = None if self._unknown is None else list(self._unknown)
        other._kitty_cards = self._kitty_cards
        other._calls = list(self._calls)
        other._alone = self._alone
        other._alone_queue = self._alone_queue
        other._steps = self._steps
        other._shown = self._shown
        other._laid = self._laid
        other._given = self._given
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._winners = list(self._winners)
        other._tricks_won = list(self._tricks_won)

    def __repr__(self) -> str:
        trump = "-" if self._trump < 0 else (SUIT_CHARS + "n")[self._trump]
        score = "-".join(str(p) for p in self._score)
        return (
            f"<Game deal={self._deal_number} phase={self._phase.value} "
            f"to_act={self.to_act} trump={trump} score={score}>"
        )

    @property
    def seed(self) -> int:
        """The seed of the random deals (record it to deal the same game again)."""
        return self._seed

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, and nothing more."""
        from euchre.engine.view import view_of

        return view_of(self, seat)


def _start_tokens(rules: Rules, teams: int, tokens: tuple[object, ...] | None
                  ) -> tuple[int, ...]:
    """The four-trick tokens a game starts with, checked (``Game(tokens=...)``): one
    number per side, each from 0 to 3 (a fourth token scores a point and returns them
    to 0, §19.9), and only under ``four_trick_tokens`` (all zeros are always allowed).
    The numbers are read as objects, so that a bool is refused in both builds (compiled,
    an ``int`` variable would hold ``True`` as 1)."""
    if tokens is None:
        return (0,) * teams
    given = tuple(tokens)
    if len(given) != teams:
        raise RulesError(f"tokens {given}: one number per side, {teams} numbers, "
                         f"not {len(given)}")
    counts: list[int] = []
    for count in given:
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 3:
            raise RulesError(f"tokens {given}: each side holds 0 to 3 four-trick tokens "
                             f"(a fourth scores a point), not {count!r}")
        counts.append(count)
    if any(counts) and not rules.four_trick_tokens:
        raise RulesError(f"tokens {given}: these rules have no four-trick tokens "
                         "(four_trick_tokens is off)")
    return tuple(counts)


def _unpickled(fields: tuple[tuple[str, object], ...]) -> Game:
    """A game from the fields :meth:`Game.__reduce__` pickled."""
    return Game(_fields=fields)


_ENTER: Final[dict[Phase, Callable[[Game], bool]]] = {
    _BENNY: Game._enter_benny,
    _DECLARE: Game._enter_declare,
    _BID1: Game._enter_bid1,
    _EXCHANGE: Game._enter_exchange,
    _BID2: Game._enter_bid2,
    _ALONE: Game._start_alone,
    _BEST: Game._start_best,
    _BID: Game._enter_bid,
    _TRUMP: Game._enter_trump,
    _DISCARD: Game._enter_widow,
    _PLAY: Game._enter_play,
}
"""How each phase of a flow is entered (:class:`_Plan`'s entries)."""
