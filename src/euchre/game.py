"""The game: the one authority on what is legal and what happened.

A :class:`Game` runs a whole game to the target (or a number of deals): dealing,
both bidding rounds, the dealer's exchange, going-alone declarations, tricks, scoring
and the rotation of the deal. Chores run by themselves; a caller only makes decisions
with :meth:`Game.apply`, choosing from :meth:`Game.legal_actions`.

The phase order of one deal, in one place::

    bid1 ──(order)──► exchange ──► alone ──► play ──(5 tricks)──► next deal
      │ all pass                     ▲
      ▼                              │
    bid2 ──(call)────────────────────┘
      │ all pass: thrown in ──────────────────────────────────────► next deal

(``alone`` is skipped when nobody may go alone; ``bid1`` when the Benny is turned up.)

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
from collections.abc import Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Final, NamedTuple

from euchre.actions import (
    ALONE,
    CALL,
    DISCARD,
    KIND_ALONE,
    KIND_CALL,
    KIND_DISCARD,
    KIND_ORDER,
    KIND_PASS,
    KIND_PLAY,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
)
from euchre.cards import (
    BENNY,
    EFFECTIVE_SUIT,
    SUIT_CHARS,
    SUIT_MASKS,
    TRICK_KEY,
    UNKNOWN,
    Card,
    card_name,
    card_suit,
    cards_of,
    suit_name,
)
from euchre.deal import Deal, DealResult, random_deal
from euchre.errors import CardError, IllegalActionError, Reason
from euchre.rules import Rules
from euchre.scoring import deal_score, is_fast_break, score_deal

if TYPE_CHECKING:
    from euchre.view import PlayerView

__all__ = ["CHOICES", "NOTHING", "Game", "Outcome", "Phase", "score_deal"]


class Phase(StrEnum):
    """Where a deal stands."""

    BID1 = "bid1"
    """Round one: pass or accept the upcard's suit."""
    EXCHANGE = "exchange"
    """The dealer lays away one card after an acceptance."""
    BID2 = "bid2"
    """Round two: pass or name another suit."""
    ALONE = "alone"
    """Going-alone declarations."""
    PLAY = "play"
    """Tricks."""
    OVER = "over"
    """The game is over."""


_BID1: Final = Phase.BID1
_EXCHANGE: Final = Phase.EXCHANGE
_BID2: Final = Phase.BID2
_ALONE: Final = Phase.ALONE
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER

CHOICES: Final = {
    Phase.BID1: "pass or order",
    Phase.EXCHANGE: "discard a card",
    Phase.BID2: "pass or call a suit",
    Phase.ALONE: "go alone or stay",
    Phase.PLAY: "play a card",
    Phase.OVER: "do nothing: the game is over",
}
"""What the seat to act must do in each phase, in words (the refusals say it)."""
_PLAY_LISTS: dict[int, tuple[Action, ...]] = {}
"""The play actions of each mask of legal cards met so far (a hand has few cards)."""
_BID_ACTIONS: Final = [PASS, ORDER]
_ALONE_ACTIONS: Final = [STAY, ALONE]


def _mix(seed: int) -> int:
    """A cheap, portable scramble of a seed (the first dealer comes from it)."""
    return ((seed & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15 >> 29) & 0xFFFFFFFF


class Outcome(NamedTuple):
    """What one applied action caused, as :meth:`Game.apply` returns it (a frozen
    record: a named tuple, cheap to make on the engine's hot path).

    Most actions cause nothing beyond themselves (:data:`NOTHING`); the last card of a
    trick wins it, the last card of a deal (or the last pass of round two) ends and
    scores the deal, and the deal that reaches the target ends the game.

    >>> from euchre.actions import PASS
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
_new_outcome: Final = tuple.__new__
"""Makes an :class:`Outcome` from its four fields without the named tuple's Python
``__new__`` (the hot path makes one a trick)."""
"""The outcome of an action that caused nothing beyond itself."""


class _DealSource:
    """The random deals of one seed, drawn once and shared by a game and its copies."""

    __slots__ = ("_deals", "_rng", "_rules")

    def __init__(self, rules: Rules, seed: int) -> None:
        self._rules = rules
        self._rng = random.Random(seed)
        self._deals: list[Deal] = []

    def deal(self, index: int, dealer: int) -> Deal:
        """The ``index``-th random deal (its dealer is the same in every copy)."""
        if index < len(self._deals):
            return self._deals[index]
        deal = random_deal(self._rules, dealer, self._rng)
        self._deals.append(deal)
        return deal


class Game:
    """A game of Euchre from the first deal to the end.

    ``seed`` (or one drawn from ``rng``) fixes the first dealer and the random deals (a
    copy deals the same cards as its original would); ``deals`` are
    explicit deals used first, in order (their dealers must follow the rotation);
    ``score`` is the score to start from (a record may start mid-game).
    """

    __slots__ = (
        "_actions",
        "_active",
        "_alone",
        "_alone_queue",
        "_calls",
        "_deal_number",
        "_dealer",
        "_deals",
        "_discard",
        "_drawn",
        "_effective",
        "_explicit",
        "_hands",
        "_keys",
        "_kitty",
        "_leader",
        "_led",
        "_maker",
        "_n",
        "_next",
        "_out",
        "_passes",
        "_phase",
        "_results",
        "_rules",
        "_score",
        "_seating",
        "_seed",
        "_source",
        "_start_score",
        "_suit_masks",
        "_to_act",
        "_trick",
        "_tricks",
        "_tricks_won",
        "_trump",
        "_turned_down",
        "_unknown",
        "_upcard",
        "_winners",
    )

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deals: Iterable[Deal] = (),
        first_dealer: int | None = None,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        self._rules = rules = rules or Rules()
        self._n = rules.players
        self._seating = seating = rules.seating
        self._next = seating.next_seat
        if seed is None:
            seed = (rng or random.SystemRandom()).getrandbits(64)
        self._seed = seed
        self._source = _DealSource(rules, seed)
        self._explicit = list(deals)
        for deal in self._explicit:
            deal.validate(rules)
        if first_dealer is None:
            first_dealer = self._explicit[0].dealer if self._explicit else _mix(seed) % self._n
        if not 0 <= first_dealer < self._n:
            raise CardError(f"the dealer must be a seat from 0 to {self._n - 1}")
        for number, deal in enumerate(self._explicit):
            if deal.dealer != (first_dealer + number) % self._n:
                raise CardError(
                    f"deal {number + 1} is dealt by seat {deal.dealer}, but the deal passes "
                    f"to seat {(first_dealer + number) % self._n}"
                )
        self._explicit.reverse()
        self._score = list(score)
        self._start_score = (score[0], score[1])
        self._deals: list[Deal] = []
        self._actions: list[list[Action]] = []
        self._results: list[DealResult] = []
        self._deal_number = -1
        self._drawn = 0
        self._dealer = first_dealer - 1
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
        dealer = self._dealer = self._seating.next_seat[self._dealer]
        if self._explicit:
            deal = self._explicit.pop()
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
        kitty = 0
        for c in deal.kitty:
            if c >= 0:
                kitty |= 1 << c
        self._kitty = kitty
        self._calls: list[tuple[int, Action]] = []
        self._passes = 0
        self._trump = -1
        self._maker = -1
        self._discard: Card | None = None
        self._alone: list[int] = []
        self._alone_queue: list[int] = []
        self._out = 0
        self._active = n
        self._trick: list[tuple[int, Card]] = []
        self._tricks: list[tuple[tuple[int, Card], ...]] = []
        self._winners: list[int] = []
        self._tricks_won = [0, 0]
        self._leader = -1
        self._led = -1
        self._next = nxt = self._seating.next_seat
        self._to_act = nxt[dealer]
        if deal.upcard == BENNY:
            self._phase = _BID2
            self._turned_down = -1
        else:
            self._phase = _BID1
            self._turned_down = card_suit(deal.upcard)

    def _game_over(self) -> bool:
        rules = self._rules
        if rules.deals:
            return len(self._results) >= rules.deals
        return max(self._score) >= rules.target

    def _finish_deal(self, result_team: int | None, points: int) -> DealResult:
        if result_team is not None:
            self._score[result_team] += points
        result = DealResult(
            dealer=self._dealer,
            trump=None if self._trump < 0 else self._trump,
            maker=None if self._maker < 0 else self._maker,
            alone=tuple(self._alone),
            tricks=(self._tricks_won[0], self._tricks_won[1]),
            points=points,
            team=result_team,
            score=(self._score[0], self._score[1]),
                )
        self._results.append(result)
        if self._game_over():
            self._phase = _OVER
        else:
            self._start_deal()
        return result

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
    def score(self) -> tuple[int, int]:
        """Points of team 0 (seats 0 and 2) and team 1 (seats 1 and 3)."""
        return (self._score[0], self._score[1])

    @property
    def start_score(self) -> tuple[int, int]:
        """The score the game started from."""
        return self._start_score

    @property
    def upcard(self) -> Card:
        """The card turned up in this deal."""
        return self._upcard

    @property
    def trump(self) -> int | None:
        """The trump suit, once fixed."""
        return None if self._trump < 0 else self._trump

    @property
    def maker(self) -> int | None:
        """The seat that chose trump, once fixed."""
        return None if self._maker < 0 else self._maker

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
        """This deal's bids and going-alone decisions, as ``(seat, action)``."""
        return tuple(self._calls)

    @property
    def discard(self) -> Card | None:
        """The dealer's discard, if any (only the dealer's view shows it)."""
        return self._discard

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
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by each team in this deal."""
        return (self._tricks_won[0], self._tricks_won[1])

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
        """The winning team once the game is over (``None`` on a tie after ``deals``)."""
        if self._phase is not _OVER or self._score[0] == self._score[1]:
            return None
        return 0 if self._score[0] > self._score[1] else 1

    def partner(self, seat: int) -> int:
        """A seat's partner (two-handed: the seat itself has none, it returns itself;
        :attr:`Rules.seating <euchre.rules.Rules.seating>` answers every question of
        who sits where)."""
        partner = self._seating.partner(seat)
        return seat if partner is None else partner

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
                plays = tuple(PLAY[c] for c in cards_of(mask))
                if len(_PLAY_LISTS) < 400_000:
                    _PLAY_LISTS[mask] = plays
            return list(plays)
        if phase is _BID1:
            return list(_BID_ACTIONS)
        if phase is _ALONE:
            return list(_ALONE_ACTIONS)
        if phase is _BID2:
            actions: list[Action] = [CALL[s] for s in range(4) if s != self._turned_down]
            if not (self._rules.stick_the_dealer and self._to_act == self._dealer):
                actions.insert(0, PASS)
            return actions
        if phase is _EXCHANGE:
            actions = [DISCARD[c] for c in cards_of(self._discard_options())]
            if self._unknown is not None and self._unknown[self._dealer]:
                actions.append(DISCARD[UNKNOWN])
            return actions
        return []

    def _discard_options(self) -> int:
        """The mask of the known cards the dealer may lay away: the hand and the upcard,
        less the upcard when the dealer must keep it."""
        options = self._hands[self._dealer] | 1 << self._upcard
        if self._rules.dealer_must_take_upcard:
            options &= ~(1 << self._upcard)
        return options

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
            c = action.card if kind == KIND_PLAY else -1  # type: ignore[attr-defined]
            seat = self._to_act
            hand = self._hands[seat]
            trick = self._trick
            legal = (hand & self._suit_masks[self._led]) or hand if trick else hand
            if c < 0 or not legal >> c & 1:
                self.verify(action)
            if not trick:
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
                self._calls.append((self._to_act, action))
                self._actions[-1].append(action)
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
                suit = action.suit  # type: ignore[attr-defined]
                if suit != self._turned_down:
                    self._calls.append((self._to_act, action))
                    self._actions[-1].append(action)
                    self._fix_trump(suit, self._to_act)
                    return NOTHING
        elif phase is _EXCHANGE and kind == KIND_DISCARD:
            c = action.card  # type: ignore[attr-defined]
            if (c >= 0 and self._discard_options() >> c & 1) or self._problem(action) is None:
                self._exchange(c)
                return NOTHING
        self.verify(action)
        raise AssertionError(f"{action} was refused without a reason")  # pragma: no cover

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Check ``action`` (by ``seat``, when given) without applying it.

        Raises :class:`~euchre.errors.IllegalActionError`, with its
        :class:`~euchre.errors.Reason` code and the words :meth:`apply` would use, when
        it is not legal now; returns when it is. The state never changes.

        >>> from euchre.actions import parse_action
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

        >>> from euchre.actions import PASS, parse_action
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
                return None
            return wrong
        # the exchange
        if kind != KIND_DISCARD:
            return wrong
        c = action.card  # type: ignore[attr-defined]
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
        return None

    def _pass(self) -> Outcome:
        seat = self._to_act
        self._calls.append((seat, PASS))
        self._actions[-1].append(PASS)
        self._passes += 1
        if self._passes < self._n:
            self._to_act = self._next[seat]
            return NOTHING
        self._passes = 0
        if self._phase is _BID1:
            self._phase = _BID2
            self._to_act = self._next[self._dealer]
            return NOTHING
        result = self._finish_deal(None, 0)
        return Outcome(result=result, game_over=self._phase is _OVER)

    def _fix_trump(self, suit: int, maker: int) -> None:
        self._trump = suit
        self._maker = maker
        self._suit_masks = SUIT_MASKS[suit]
        self._effective = EFFECTIVE_SUIT[suit]
        self._keys = TRICK_KEY[suit]
        if self._phase is _BID1:
            self._phase = _EXCHANGE
            self._to_act = self._dealer
        else:
            self._start_alone()

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
        self._start_alone(ordered_up=True)

    def _start_alone(self, ordered_up: bool = False) -> None:
        """Going alone, after trump is fixed (``ordered_up``: by accepting the upcard).

        Canadian loner: the dealer's partner who ordered up goes alone without being
        asked (§19.1). With ``lone_defender_needs_loner`` a defender is asked only when
        a maker has gone alone (§19.7)."""
        rules = self._rules
        if not rules.going_alone:
            self._start_play()
            return
        maker = self._maker
        assert maker is not None
        seating = self._seating
        queue = list(reversed(seating.alone_order(
            self._dealer, maker, rules.maker_partner_alone, rules.lone_defender
        )))
        if rules.canadian and ordered_up and seating.partner_of[self._dealer] == maker:
            queue.remove(maker)
            self._alone.append(maker)
            self._out = seating.out_mask(self._alone)
        self._alone_queue = queue
        self._phase = _ALONE
        self._next_alone()

    def _next_alone(self) -> None:
        queue = self._alone_queue
        seating = self._seating
        partner_of = seating.partner_of
        needs_loner = self._rules.lone_defender_needs_loner
        maker = self._maker
        while queue:
            seat = queue.pop()
            if partner_of[seat] in self._alone:
                continue
            if needs_loner and maker is not None and not seating.same_team(seat, maker) and (
                    not any(seating.same_team(a, maker) for a in self._alone)):
                continue
            self._to_act = seat
            return
        self._start_play()

    def _declare(self, action: Action) -> None:
        seat = self._to_act
        self._calls.append((seat, action))
        self._actions[-1].append(action)
        if action is ALONE or action == ALONE:
            self._alone.append(seat)
            self._out = self._seating.out_mask(self._alone)
        self._next_alone()

    def _start_play(self) -> None:
        self._phase = _PLAY
        self._active = self._n - self._out.bit_count()
        seating = self._seating
        self._next = seating.next_tables[self._out]
        self._to_act = self._leader = seating.first_leader(
            self._dealer, self._maker, self._alone, self._rules.loner_lead
        )

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
        if len(self._tricks) < 5:
            self._to_act = self._leader = best_seat
            return _new_outcome(Outcome, (done, best_seat, None, False))
        maker = self._maker
        team: int | None
        team, points = deal_score(
            self._rules, maker, self._alone, self._tricks_won[self._seating.team_of[maker]]
        )
        if self._rules.fast_break and is_fast_break(self._rules, maker, self._winners):
            team, points = None, 0
        result = self._finish_deal(team, points)
        return _new_outcome(Outcome, (done, best_seat, result, self._phase is _OVER))

    # -- copies ------------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy (cheap: lists are copied, values are shared).

        The copy deals the same random cards as the original from here on.
        """
        other = Game.__new__(Game)
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
        other._seed = self._seed
        other._source = self._source
        other._drawn = self._drawn
        other._seating = self._seating
        other._next = self._next
        if self._trump >= 0:
            other._suit_masks = self._suit_masks
            other._effective = self._effective
            other._keys = self._keys
        other._explicit = list(self._explicit)
        other._score = list(self._score)
        other._deals = list(self._deals)
        other._actions = [list(a) for a in self._actions]
        other._results = list(self._results)
        other._hands = list(self._hands)
        other._unknown = None if self._unknown is None else list(self._unknown)
        other._calls = list(self._calls)
        other._alone = list(self._alone)
        other._alone_queue = list(self._alone_queue)
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._winners = list(self._winners)
        other._tricks_won = list(self._tricks_won)
        return other

    def __repr__(self) -> str:
        trump = "-" if self._trump < 0 else SUIT_CHARS[self._trump]
        return (
            f"<Game deal={self._deal_number} phase={self._phase.value} "
            f"to_act={self.to_act} trump={trump} score={self._score[0]}-{self._score[1]}>"
        )

    @property
    def seed(self) -> int:
        """The seed of the random deals (record it to deal the same game again)."""
        return self._seed

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, and nothing more."""
        from euchre.view import view_of

        return view_of(self, seat)

