"""``pimc``: Perfect Information Monte Carlo, the textbook search baseline.

For every decision with a choice the player samples deals consistent with what its seat
has seen (:mod:`euchre.players.sampling`, under what :mod:`euchre.players.knowledge`
reads off the view: its cards, the cards played, the voids shown, the upcard in the
dealer's hand), solves each sample double-dummy with :mod:`euchre.players.solver`, and takes
the action with the best average.

* **Play**: :func:`~euchre.players.solver.card_values` gives the tricks each legal card ends
  with; they are scored with the scoring table (:func:`~euchre.engine.scoring.score_deal`), so the
  average is in points for the seat's side (a march, a euchre and a loner count).
  **Near ties go to the rules**: the cards whose average is within ``play_tolerance``
  (0.1 points) of the best are handed to :class:`~euchre.players.basic.BasicPlayer`,
  which picks among them. Double-dummy values often tie (every card wins when all
  cards are seen), and the old tie-break (the lowest card) threw away what the rules
  know of realistic play; measured, this took ``pimc`` from losing to ``basic`` to
  beating it (``docs/strength.md``).
* **Bidding**: ordering up (round one) or naming a suit (round two) is worth the
  average points for the seat's side of the sampled deals played out double-dummy with
  that trump, the seat as maker (the dealer lays away a card by a simple rule: the
  lowest off-suit card, keeping aces, making a void when it can), and, for the best
  bid when it is worth ``alone_threshold`` points or more, the better of that and
  going alone less ``alone_margin``. **Passing is worth a constant**, ``pass_margin``
  points (0.3 by default; 0 is "nobody scores"): the double-dummy value of a contract
  is optimistic for the maker, whose side plays it perfectly, and measured in duplicate
  matches a plain 0 made the player overbid (euchred on about a quarter of its calls).
  As in the play, the options within ``bid_tolerance`` (0.3 points) of the best are
  handed to the rules to pick among. ``maker_discount`` (0: off) would count that many
  fewer double-dummy tricks for the makers in every contract valued (interpolating the
  points between whole tricks); it was tried (0.5 tricks) and did not help.
* **The dealer's exchange**: each sensible discard (the lowest card of each off suit;
  a trump only from a hand of all trumps) is evaluated on the samples.
* **Going alone**: staying and going alone are both evaluated on the samples (a
  defender's loner too, with the makers' loners declared so far); going alone must
  beat staying by ``alone_margin`` points.

Forced moves (one legal action) are instant. The player is deterministic for a seed.
It stays plain PIMC: uniform sampling under hard constraints and a double-dummy search
per sample decide; the rules only choose among options the search rates (nearly) equal.

>>> from euchre.engine.game import Game
>>> from euchre.players import play_game
>>> game = play_game(Game(seed=1), [PimcPlayer(seed=s, samples=4) for s in range(4)])
>>> game.is_over()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from typing import TypeVar

from euchre.engine.actions import (
    ALONE,
    MISERE,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    Call,
    Discard,
    Order,
    Play,
)
from euchre.engine.cards import Card
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer
from euchre.players.basic import BasicPlayer
from euchre.players.knowledge import constraints, dealer_discard, discard_candidates
from euchre.players.sampling import (
    card_power,
    deal_tricks,
    deal_value,
    order_suit,
    sample_hands,
    sides_of,
)
from euchre.players.solver import Position, card_values

__all__ = ["PimcPlayer", "simple_discard"]

_T = TypeVar("_T")


simple_discard = dealer_discard
"""The dealer's discard by the bots' simple rule: never a trump unless all are trump;
keep aces; prefer a singleton (a void); then the lowest card
(:func:`euchre.players.knowledge.dealer_discard`, under the name ``pimc`` has always
exported)."""


class PimcPlayer(BasePlayer):
    """Perfect Information Monte Carlo (see the module docstring).

    ``samples`` deals are sampled for each decision with a choice; ``time_limit``
    (seconds, ``None``: none) stops the sampling of one decision early, before a sample
    that would end past it by what the last one took: a safety valve that makes the
    player depend on the clock only when it triggers.
    ``play_tolerance`` and ``bid_tolerance`` (points; ``None``: off) hand the near-best
    cards and bids to :class:`~euchre.players.basic.BasicPlayer` to choose among;
    ``maker_discount`` counts fewer double-dummy tricks for the makers (off).
    """

    def __init__(self, seed: int | None = None, samples: int = 32,
                 time_limit: float | None = None, pass_margin: float = 0.3,
                 alone_margin: float = 0.3, alone_threshold: float = 0.8,
                 maker_discount: float = 0.0, play_tolerance: float | None = 0.1,
                 bid_tolerance: float | None = 0.3) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.seed = seed
        self.samples = samples
        self.time_limit = time_limit
        self.pass_margin = pass_margin
        self.alone_margin = alone_margin
        self.alone_threshold = alone_threshold
        self.maker_discount = maker_discount
        self.play_tolerance = play_tolerance
        self.bid_tolerance = bid_tolerance
        self._rules_player = BasicPlayer(seed=seed)
        self._rng = random.Random(seed)
        self.solves = 0
        """Double-dummy searches run so far (one per sample and option evaluated)."""
        self.decisions = 0
        """Decisions with a choice made so far."""
        self.used = 0
        self.last_values: dict[Action, float] = {}
        """Samples evaluated in the last loop over samples."""
        self._deadline = 0.0

    # -- the player protocol ---------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action with the best average over the sampled deals."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        if self.time_limit is not None:
            self._deadline = time.perf_counter() + self.time_limit
        self.last_values = {}
        action = self.decide(view, legal)
        return action if action in legal else legal[0]

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        """The worth of each option, in expected points for the seat's side this deal,
        as the bot ranks them (the margins for passing and staying included); the
        best is the bot's choice (a near-best option the rules prefer is ranked level
        with the best, see ``play_tolerance``). Empty when there is nothing to weigh (one legal
        action, or an option decided by rule)."""
        self.choose(view, legal)
        return {a: v for a, v in self.last_values.items() if a in legal}

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The choice for a decision with at least two legal actions: the play, the
        Euchre bidding rounds, the dealer's exchange, going alone and naming trump by
        search; the other decisions (a Benny named blind, the pre-bid declarations,
        the call for best and the card given, a lone player's or the widow's discard,
        bidding for tricks) and a misère's play by ``basic``'s rules."""
        phase = view.phase
        if phase == "play":
            if view.bid == MISERE:  # the search counts tricks won, not tricks avoided
                return self._rules_player.decide(view, legal)
            return self._play(view, legal)
        if phase in ("bid1", "bid2"):
            return self._bid(view, legal)
        if phase == "exchange":
            return self._exchange(view, legal)
        if phase == "alone":
            return self._alone(view, legal)
        if phase == "trump":
            return self._name_trump(view, legal)
        return self._rules_player.decide(view, legal)

    # -- hooks for stronger players ----------------------------------------------------

    def sample(self, view: PlayerView, count: int) -> list[tuple[int, ...]]:
        """``count`` sampled hands consistent with ``view`` (uniform, hard constraints)."""
        return sample_hands(constraints(view), self._rng, count)

    def sample_count(self, view: PlayerView) -> int:
        """How many deals to sample for this decision."""
        return self.samples

    def utility(self, view: PlayerView, points: float) -> float:
        """The worth of ``points`` for the seat's side this deal (negative: theirs)."""
        return float(points)

    def alone_plausible(self, view: PlayerView) -> bool:
        """Whether going alone is worth searching at all (always, here)."""
        return True

    def pass_value(self, view: PlayerView, samples: list[tuple[int, ...]],
                   values: dict[Action, float]) -> float:
        """The worth of passing in the bidding: ``pass_margin`` (0: nobody scores)."""
        return self.pass_margin

    # -- helpers -----------------------------------------------------------------------

    def budget(self, samples: Sequence[_T]) -> Iterator[_T]:
        """The samples, stopping early where the next would end past the decision's
        ``time_limit``, judged by what the last one took (at least one is given, so a
        decision takes at most about its limit, not its limit and one sample more);
        :attr:`used` counts those given."""
        deadline = self._deadline if self.time_limit is not None else None
        self.used = 0
        clock = time.perf_counter
        last = clock()
        for hands in samples:
            if deadline is not None and self.used:
                now = clock()
                if 2 * now - last > deadline:  # now + (now - last)
                    return
                last = now
            self.used += 1
            yield hands

    def _points(self, view: PlayerView, hands: Sequence[int], trump: int, maker: int,
                alone: Sequence[int], bid: int = -1) -> float:
        self.solves += 1
        rules = view.rules
        tricks = deal_tricks(rules, hands, trump, view.dealer, maker, alone)
        d = self.maker_discount
        if not d:
            return self.utility(view, deal_value(rules, view.seat, maker, alone, tricks, bid))
        # the makers' double-dummy tricks less ``maker_discount``, between whole tricks
        # by interpolating the points of the two neighbouring trick counts
        low = math.floor(tricks - d)
        frac = tricks - d - low
        value = 0.0
        for t, w in ((low, 1.0 - frac), (low + 1, frac)):
            if w > 0:
                t = min(rules.hand_size, max(0, t))
                pts = deal_value(rules, view.seat, maker, alone, t, bid)
                value += w * self.utility(view, pts)
        return value

    @staticmethod
    def _can_alone(view: PlayerView) -> bool:
        return view.rules.going_alone and view.rules.players == 4

    def _exchanged(self, view: PlayerView, hands: Sequence[int], trump: int) -> list[int]:
        """The hands after the dealer picks up the upcard (the dealer's simple discard)."""
        out = list(hands)
        dealer = view.dealer
        up = view.upcard
        out[dealer] = (hands[dealer] | 1 << up) & ~(
            1 << dealer_discard(hands[dealer], up, trump, view.rules.dealer_must_take_upcard)
        )
        return out

    def make_values(self, view: PlayerView, samples: list[tuple[int, ...]],
                    options: Sequence[tuple[Action, int]]) -> dict[Action, float]:
        """The average worth of each bid (trump suit) when this seat makes it: with the
        partner, or (for the best bid, when it is worth ``alone_threshold`` points or
        more with the partner) the better of that and going alone less
        ``alone_margin``."""
        me = view.seat
        stay = dict.fromkeys((a for a, _ in options), 0.0)
        dealt_of: list[list[tuple[Action, int, list[int]]]] = []
        for hands in self.budget(samples):
            row = []
            for action, trump in options:
                if isinstance(action, Order):
                    dealt = self._exchanged(view, hands, trump)
                else:
                    dealt = list(hands)
                row.append((action, trump, dealt))
                stay[action] += self._points(view, dealt, trump, me, ())
            dealt_of.append(row)
        used = max(1, self.used)
        values = {action: stay[action] / used for action, _ in options}
        if not self._can_alone(view) or not values:
            return values
        best = max(values, key=values.__getitem__)
        if values[best] < self.alone_threshold:
            return values
        alone = 0.0
        for row in self.budget(dealt_of):
            for action, trump, dealt in row:
                if action == best:
                    alone += self._points(view, dealt, trump, me, (me,))
        values[best] = max(values[best], alone / max(1, self.used) - self.alone_margin)
        return values

    # -- decisions ---------------------------------------------------------------------

    def _bid(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        options: list[tuple[Action, int]] = []
        for action in legal:
            if action == ORDER:
                options.append((action, order_suit(view.rules, view.upcard)))
            elif isinstance(action, Call):
                options.append((action, action.suit))
        samples = self.sample(view, self.sample_count(view))
        values = self.make_values(view, samples, options)
        if PASS in legal:
            values[PASS] = self.pass_value(view, samples, values)
        self.last_values = values
        best = max(legal, key=lambda a: (values.get(a, float("-inf")), a == PASS))
        return self._near_bid_to_rules(view, legal, values, best)

    def _near_bid_to_rules(self, view: PlayerView, options: Sequence[Action],
                           values: dict[Action, float], best: Action) -> Action:
        """``best``, or when other ``options`` are worth within ``bid_tolerance`` of it,
        ``basic``'s choice among them (ranked level with ``best`` in ``values``)."""
        tol = self.bid_tolerance
        if tol is not None:
            near = [a for a in options if a in values and values[a] >= values[best] - tol - 1e-9]
            if len(near) > 1:
                choice = self._rules_player.decide(view, near)
                if choice in near:
                    values[choice] = values[best]
                    return choice
        return best

    def _exchange(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        trump = view.trump
        assert trump is not None and view.maker is not None
        me = view.seat
        options = discard_candidates(
            [a for a in legal if isinstance(a, Discard) and a.card >= 0], trump)
        if not options:
            return legal[0]
        if len(options) == 1:
            return options[0]
        full = view.hand.mask | 1 << view.upcard
        samples = self.sample(view, self.sample_count(view))
        totals = dict.fromkeys(options, 0.0)
        for hands in self.budget(samples):
            dealt = list(hands)
            for action in options:
                dealt[me] = full & ~(1 << action.card)
                totals[action] += self._points(view, dealt, trump, view.maker, ())
        self.last_values = {a: total / max(1, self.used) for a, total in totals.items()}
        pw = card_power(view)
        return max(options, key=lambda a: (totals[a], -pw[a.card]))

    def _alone(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        trump = view.trump
        if ALONE not in legal or trump is None or view.maker is None:
            return STAY if STAY in legal else legal[0]
        if not self.alone_plausible(view):
            return STAY
        samples = self.sample(view, self.sample_count(view))
        stay = alone = 0.0
        declared = tuple(view.alone)
        for hands in self.budget(samples):
            stay += self._points(view, hands, trump, view.maker, declared)
            alone += self._points(view, hands, trump, view.maker, (*declared, view.seat))
        used = max(1, self.used)
        self.last_values = {STAY: stay / used + self.alone_margin, ALONE: alone / used}
        return ALONE if alone / used > stay / used + self.alone_margin else STAY

    def _name_trump(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The maker names trump after winning the bidding for tricks (Hasenpfeffer):
        the suit worth most on the samples, the seat as maker at its bid."""
        options = [(a, a.suit) for a in legal if isinstance(a, Call)]
        if not options:
            return legal[0]
        bid = -1 if view.bid is None else view.bid
        totals = dict.fromkeys((a for a, _ in options), 0.0)
        for hands in self.budget(self.sample(view, self.sample_count(view))):
            for action, trump in options:
                totals[action] += self._points(view, hands, trump, view.seat, (), bid)
        used = max(1, self.used)
        values = self.last_values = {a: t / used for a, t in totals.items()}
        best = max(values, key=values.__getitem__)
        return self._near_bid_to_rules(view, list(values), values, best)

    def card_worth(self, view: PlayerView, hands: Sequence[int],
                   worth: dict[int, float]) -> dict[Card, float]:
        """Each legal card's double-dummy worth (utility for the seat's side) on one
        sampled deal; ``worth`` caches the utility of each trick count."""
        maker = view.maker
        assert maker is not None
        rules = view.rules
        n = rules.players
        out = tuple(view.sitting_out)
        leader = view.trick[0][0] if view.trick else view.to_act
        trick = tuple(c for _, c in view.trick)
        sides = sides_of(rules, maker)
        makers = sides[view.seat] == 0
        masks = tuple(0 if s in out else hands[s] for s in range(n))
        won = [0, 0]
        for team, count in enumerate(view.tricks_won):
            won[sides[rules.seating.teams[team][0]]] += count
        position = Position(masks, view.trump, leader, trick, (won[0], won[1]), out,
                            sides=sides, order=rules.trump_order)
        self.solves += 1
        total = rules.hand_size
        bid = -1 if view.bid is None else view.bid
        values: dict[Card, float] = {}
        for c, mine in card_values(position).items():
            value = worth.get(mine)
            if value is None:
                maker_tricks = mine if makers else total - mine
                pts = deal_value(rules, view.seat, maker, view.alone, maker_tricks, bid)
                value = worth[mine] = self.utility(view, pts)
            values[c] = value
        return values

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        assert view.maker is not None
        cards = [a.card for a in legal if isinstance(a, Play)]
        totals = dict.fromkeys(cards, 0.0)
        samples = self.sample(view, self.sample_count(view))
        worth: dict[int, float] = {}
        for hands in self.budget(samples):
            for c, value in self.card_worth(view, hands, worth).items():
                totals[c] += value
        pw = card_power(view)
        best = max(cards, key=lambda c: (totals[c], -pw[c], -c))
        used = max(1, self.used)
        self.last_values = {PLAY[c]: totals[c] / used for c in cards}
        return self.near_tie_to_rules(view, self.last_values, PLAY[best])

    def near_tie_to_rules(self, view: PlayerView, values: dict[Action, float],
                          best: Action) -> Action:
        """``best``, or when other cards are worth within ``play_tolerance`` of it,
        ``basic``'s choice among them (ranked level with ``best`` in ``values``)."""
        tol = self.play_tolerance
        if tol is not None:
            near = [a for a, v in values.items() if v >= values[best] - tol - 1e-9]
            if len(near) > 1:
                choice = self._rules_player.choose(view, near)
                values[choice] = values[best]
                return choice
        return best

