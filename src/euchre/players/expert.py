"""``expert``: sampling with inference; bids and plays by rollouts with ``basic``.

It is :class:`~euchre.players.pimc.PimcPlayer` with these changes, each aimed at a known
weakness of plain sampling (``docs/strength.md`` has the measured effects):

* **Inference from the bidding.** Sampled deals are kept with the probability that the
  other players would have bid as they did holding those cards, under a soft model of a
  sound player's bidding (:func:`bid_likelihood`: the points of
  :func:`euchre.players.basic.hand_strength` against the usual thresholds, through a
  logistic curve). A seat that passed round one rarely holds a hand that orders; a maker
  holds trumps. Candidate deals are drawn uniformly and accepted with their likelihood
  (rejection sampling, at most ``candidates`` times the samples wanted; past that the
  likeliest rejected candidates fill the rest). Every decision uses these samples.
* **Bidding, the exchange and going alone by rollouts.** Each option (pass, order, a
  suit, each sensible discard, alone or not) is applied to every sampled deal and the
  deal is finished by :class:`~euchre.players.basic.BasicPlayer` at every seat (the
  rest of the bidding included), so passing is worth what the table then does with the
  deal, not 0, and a contract is worth what realistic play makes of it, not its
  double-dummy value (which is optimistic for the maker). All options share the same
  samples. Passing gets ``bid_margin`` and staying ``alone_margin`` points of credit
  (ties and noise go to the safe choice). Going alone is only examined for hands with
  few probable losers (:func:`euchre.players.basic.loser_count`). This is one step of
  policy improvement over ``basic`` with informed samples; it turns down a jack to the
  dealer when the samples say the table does better without it.
* **Play by rollouts**, the same step of policy improvement: each legal card is played
  on every sampled deal and the deal finished by ``basic`` at every seat; the card with
  the best average wins, near ties (within ``play_tolerance``, 0.1 points) going to
  ``basic``'s rules as in ``pimc``. The samples are weighted by **the evidence of the
  play**: replaying the deal, every card another seat played that ``basic`` would not
  have played in its place multiplies the sample's weight by ``play_evidence`` (0.3),
  so deals that explain the others' plays count most (``partner_evidence``, off,
  weighs the partner's plays apart; ``play_candidates``, off, draws up to that many
  times ``samples`` candidates and keeps each with its weight, rejection in place of
  weighting). Each card's rollout value is
  blended with its double-dummy value on the same sample (``play_blend``, 0.5: half
  each): the rollout says what realistic play makes of the card, the search what the
  card can make at best. Measured, this play beats the double-dummy play of ``pimc``
  (``docs/strength.md``); ``play_rollouts=False`` plays by double-dummy search alone.
* **The game score.** With a target, points are converted into the change of the chance
  of winning the game (:func:`~euchre.players.win_chance.win_chance`: a table over
  both sides' scores and who deals, made by self-play), in units of one point at the
  current score: near the end a euchre that loses the game weighs more than a march
  that does not win it, and a point that wins it as much as a march.

With ``rollouts=False`` the pre-play decisions are made by search as in ``pimc`` but
with passing valued by playing the rest of the bidding out with the bidding model
(``rollout_pass``) instead of 0. With ``bid_evidence`` (off) the soft bidding model is
replaced by ``basic``'s own bids: a candidate deal is kept with probability
``bid_evidence`` to the power of the bids ``basic`` would not have made with it.

A view no game can reach (one built by hand, with bids that do not lead to its
contract) cannot be replayed; the play then falls back to double-dummy search.

**Every form.** The rollouts work the same way in three-handed Euchre, Hasenpfeffer
(bids for tricks, naming trump) and Napoleon (its bids, the first lead that makes
trump): each option is applied to the sampled deal and ``basic`` finishes it, and the
worth is what the seat's side gains less the others' average
(:func:`euchre.players.sampling.gains_value`). Where a deal holds a hidden step of
another seat that the replay does not rebuild (:func:`replayable`: a farmer's or
go-under swap, a Benny named blind, the widow taken), and in a misère's play, it
decides as ``pimc`` does. A call for partner's best (Railroad) is rebuilt: the lone
player's discard and the card passed face down are the ones this seat saw, or drawn
(the card passed from the lone player's sampled cards, the discard from the cards out
of play). The bidding model and the game-score
utility are the four- and two-handed ones, so they are used there only. In the forms
with longer rollouts a decision uses a share of the budget (``_BUDGET_SHARE``: half in
three-handed Euchre, a quarter in Hasenpfeffer and Napoleon).

Budget: ``samples`` deals per play decision (80) and ``bid_samples`` per other
decision (128), with ``time_limit`` (0.8 s) a safety valve that stops sampling (it
makes the player depend on the clock only when it triggers). With ``max_bid_samples``
(off), a bid whose two best options are within two standard errors of each other
doubles its samples, up to that many. Forced moves are instant. Deterministic for a
seed.

>>> from euchre.engine.game import Game
>>> from euchre.players import play_game
>>> game = play_game(Game(seed=1), [ExpertPlayer(seed=s, samples=4, bid_samples=4)
...                                 for s in range(4)])
>>> game.is_over()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Container, Iterable, Iterator, Sequence
from functools import cache
from typing import Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    DISCARD,
    GIVE,
    MISERE,
    PASS,
    PLAY,
    STAY,
    Action,
    Call,
    Discard,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.engine.cards import UNKNOWN, cards_of, deck_mask, same_colour
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError
from euchre.players.basic import BasicPlayer, hand_strength, loser_count
from euchre.players.knowledge import (
    constraints,
    dealer_discard,
    discard_candidates,
    played_by,
    turned_suit,
    upcard_accepted,
    upcard_points,
)
from euchre.players.pimc import PimcPlayer
from euchre.players.sampling import card_power, gains_value, sample_hands
from euchre.players.win_chance import deals_next, win_chance

__all__ = [
    "SCORE_AWARE",
    "SEARCHED_CARDS",
    "ExpertPlayer",
    "bid_likelihood",
    "replayable",
    "score_utility",
]

SCORE_AWARE: Final = frozenset({"four_handed", "two_handed"})
"""The forms whose game score :func:`~euchre.players.win_chance.win_chance` models: two
sides, one of which scores each deal, the deal passing from one side to the other."""
_MODELLED: Final = frozenset({"four_handed", "two_handed"})
"""The forms whose bidding the soft bidding model (:func:`bid_likelihood`) reads."""


SEARCHED_CARDS: Final = 25
"""The most cards in the hands at which a card's rollouts are blended with the
double-dummy search (``play_blend``): every preset's first trick (25 in five-handed
Napoleon). Six- and seven-handed Napoleon's first tricks, with 30 and 35 cards, are
played by rollouts alone: one solve of them can take a second."""

_BUDGET_SHARE: Final = {"three_handed": 0.5, "hasenpfeffer": 0.25, "napoleon": 0.25}
"""The share of ``samples`` and ``bid_samples`` used per decision in the forms whose
rollouts are longer (more seats, six tricks) or whose decisions are more frequent, so
that a decision costs about what a four-handed one does and the time limit is a safety
valve, not the budget."""


def replayable(rules: Rules) -> bool:
    """Whether a sampled deal can be replayed up to a view under ``rules``, for the
    rollouts: not when a deal may hold a hidden step of another seat that the replay
    does not rebuild (a farmer's or go-under swap with the kitty, a Benny named blind
    and its discard, the widow taken and a card laid away). Under those rules
    ``expert`` decides by search, as ``pimc`` does. A call for partner's best is
    rebuilt (:meth:`ExpertPlayer._best_steps`).

    >>> replayable(Rules()), replayable(Rules.preset("railroad"))
    (True, True)
    >>> replayable(Rules.preset("british")), replayable(Rules(farmers=True))
    (False, False)
    """
    return not (rules.farmers or rules.go_under or rules.benny_upcard == "dealer_names"
                or rules.widow == "bidder_takes")

# the bidding model: thresholds of hand_strength points, as BasicPlayer's defaults
_ORDER = 7.0
_ASSIST = 6.5
_ACCEPT = 6.0
_CALL = 5.5
_NEXT = 1.0
_UP_SHARE = 0.8
_TWO_HANDED = -1.5
_SOFTNESS = 1.0
"""Points of hand strength per unit of log-odds in the bidding model."""
_FLOOR = 0.02
"""The smallest likelihood of one observed bid (no sample is ruled out entirely)."""
_CLOSE = 2.0
"""Standard errors within which two options count as too close to call."""


@cache
def score_utility(rules: Rules, mine: int, theirs: int, we_deal_next: bool,
                  points: int) -> float:
    """The chance of winning (:func:`~euchre.players.win_chance.win_chance`) after a side
    at ``mine`` to ``theirs`` nets ``points`` this deal, the next deal dealt by it or not
    (``we_deal_next``), against after a deal that scores nothing, in units of one point
    at this score (half the change between scoring one point and conceding one): what
    ``expert`` maximises where the game has a target. Near the end the units are far
    from points:

    >>> from euchre.engine.rules import Rules
    >>> round(score_utility(Rules(), 0, 0, False, 4))       # a march alone at 0-0
    4
    >>> score_utility(Rules(), 9, 9, False, 1) == score_utility(Rules(), 9, 9, False, 4)
    True
    """
    now = win_chance(rules, mine, theirs, we_deal_next)
    up = win_chance(rules, mine + 1, theirs, we_deal_next)
    down = win_chance(rules, mine, theirs + 1, we_deal_next)
    unit = (up - down) / 2
    if unit < 1e-6:
        return float(points)
    if points >= 0:
        after = win_chance(rules, mine + points, theirs, we_deal_next)
    else:
        after = win_chance(rules, mine, theirs - points, we_deal_next)
    return (after - now) / unit


def _means(rows: Sequence[dict[Action, float]],
           bias: dict[Action, float] | None = None) -> dict[Action, float]:
    """Each option's average over the rows (one per sample), plus its ``bias``."""
    bias = bias or {}
    return {a: sum(r[a] for r in rows) / len(rows) + bias.get(a, 0.0) for a in rows[0]}


def _trim(rng: random.Random, hand: int, size: int, keep: int) -> int:
    """``hand`` with random cards outside ``keep`` taken out down to ``size`` cards."""
    while hand.bit_count() > size:
        hand &= ~(1 << rng.choice(cards_of(hand & ~keep)))
    return hand


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class _Model:
    """The bidding model for one deal: each seat's points and thresholds."""

    def __init__(self, rules: Rules, dealer: int, up: int) -> None:
        self.rules = rules
        self.n = rules.players
        self.dealer = dealer
        team_of = rules.seating.team_of
        self.dealer_side = tuple(team_of[s] == team_of[dealer] for s in rules.seating.seats)
        """Per seat, whether it plays on the dealer's side (the dealer included)."""
        self.up = up
        self.deck = deck_mask(rules.deck)
        self.shift = _TWO_HANDED if self.n == 2 else 0.0
        self.turned = turned_suit(rules, up)
        """The suit round one offers (-1: none, a Benny the dealer names or skips)."""
        self.up_points = upcard_points(up, self.turned, self.deck) if self.turned >= 0 else 0.0
        self._cache: dict[tuple[int, int, int], float] = {}

    def strength(self, hand: int, trump: int, dead: int = 0) -> float:
        key = (hand, trump, dead)
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = hand_strength(hand, trump, self.deck, dead)
        return value

    def round_one(self, seat: int, hand: int, exchanged: bool) -> float:
        """Points over the threshold of ordering up (positive: the model orders)."""
        trump = self.turned
        if seat == self.dealer:
            if not exchanged:
                after = (hand | 1 << self.up) & ~(
                    1 << dealer_discard(hand, self.up, trump, False))
            else:
                after = hand
            return self.strength(after, trump) - _ACCEPT - self.shift
        points = self.strength(hand, trump)
        if self.dealer_side[seat]:  # the dealer's partner
            return points + _UP_SHARE * self.up_points - _ASSIST - self.shift
        return points - _UP_SHARE * self.up_points - _ORDER - self.shift

    def round_two(self, seat: int, hand: int, suit: int) -> float:
        """Points over the threshold of naming ``suit``."""
        points = self.strength(hand, suit, 1 << self.up)
        if self.turned >= 0 and suit == same_colour(self.turned) and \
                not self.dealer_side[seat]:
            points += _NEXT
        return points - _CALL - self.shift

    def best_call(self, seat: int, hand: int) -> tuple[int, float]:
        """The suit the model would name and its margin."""
        best, margin = -1, -math.inf
        for suit in range(4):
            if suit == self.turned:
                continue
            m = self.round_two(seat, hand, suit)
            if m > margin:
                best, margin = suit, m
        return best, margin


def bid_likelihood(model: _Model, calls: Sequence[tuple[int, Action]],
                   hands: Sequence[int], skip: Container[int],
                   softness: float = _SOFTNESS) -> float:
    """How likely the model makes the bids ``calls`` of every seat not in ``skip`` when
    the seats hold ``hands`` (their hands at the time of bidding)."""
    likelihood = 1.0
    accepted = any(isinstance(a, Order) for _, a in calls)
    round_two = model.turned < 0
    stuck = model.rules.stick_the_dealer
    for seat, action in calls:
        if not isinstance(action, (Order, Pass, Call)):
            continue  # going alone, a call for best: after the bidding
        if seat in skip:
            if isinstance(action, Pass) and seat == model.dealer and not round_two:
                round_two = True
            continue
        hand = hands[seat]
        if not round_two:
            margin = model.round_one(seat, hand, accepted and seat == model.dealer)
            p = _sigmoid(margin / softness)
            likelihood *= max(_FLOOR, p if isinstance(action, Order) else 1.0 - p)
            if isinstance(action, Pass) and seat == model.dealer:
                round_two = True
        elif isinstance(action, Call):
            margin = model.round_two(seat, hand, action.suit)
            if not (stuck and seat == model.dealer):
                likelihood *= max(_FLOOR, _sigmoid(margin / softness))
        elif isinstance(action, Pass):
            _, margin = model.best_call(seat, hand)
            likelihood *= max(_FLOOR, 1.0 - _sigmoid(margin / softness))
    return likelihood


class ExpertPlayer(PimcPlayer):
    """The strongest bot here (see the module docstring)."""

    def __init__(self, seed: int | None = None, samples: int = 80, bid_samples: int = 128,
                 time_limit: float | None = 0.8, bid_margin: float = 0.1,
                 alone_margin: float = 0.2, inference: bool = True,
                 score_aware: bool = True, rollout_pass: bool = True,
                 candidates: int = 5, rollouts: bool = True,
                 play_tolerance: float | None = 0.1, play_rollouts: bool = True,
                 play_evidence: float | None = 0.3, softness: float = _SOFTNESS,
                 bid_evidence: float | None = None, play_blend: float = 0.5,
                 max_bid_samples: int | None = None, alone_losers: float = 3.5,
                 partner_evidence: float | None = None,
                 play_candidates: int | None = None) -> None:
        super().__init__(seed=seed, samples=samples, time_limit=time_limit,
                         pass_margin=bid_margin, alone_margin=alone_margin,
                         play_tolerance=play_tolerance, bid_tolerance=None)
        self.bid_samples = bid_samples
        self.bid_margin = bid_margin
        self.inference = inference
        self.score_aware = score_aware
        self.rollout_pass = rollout_pass
        self.candidates = candidates
        self.rollouts = rollouts
        self.play_rollouts = play_rollouts
        self.play_evidence = play_evidence
        self.softness = softness
        self.bid_evidence = bid_evidence
        self.play_blend = play_blend
        self.max_bid_samples = max_bid_samples
        self.alone_losers = alone_losers
        self.partner_evidence = partner_evidence
        self.play_candidates = play_candidates
        self.play_candidates_drawn = 0
        """Candidate deals drawn for cards so far (before the play evidence's test)."""
        self.bid_rollout_samples = 0
        """The samples the last bidding decision used."""
        self._basic = BasicPlayer(seed=seed)
        self.rollouts_run = 0
        """Deals finished by rollouts so far (one per sample and option)."""
        self.candidates_drawn = 0
        """Candidate deals drawn so far (before the likelihood test)."""

    # -- sampling with inference -------------------------------------------------------

    def sample_count(self, view: PlayerView) -> int:
        """``samples`` in the play, ``bid_samples`` before it."""
        share = _BUDGET_SHARE.get(view.rules.form, 1.0)
        wanted = self.samples if view.phase == "play" else self.bid_samples
        return max(1, round(wanted * share))

    def sample(self, view: PlayerView, count: int) -> list[tuple[int, ...]]:
        """Deals accepted with the likelihood of the bids made so far."""
        cons = constraints(view)
        rng = self._rng
        skip = {view.seat}
        if view.phase == "play":
            skip.update(view.sitting_out)
        others = [s for s, a in view.calls if s not in skip and not isinstance(a, GoAlone)]
        if not self.inference or not others or view.rules.form not in _MODELLED:
            return sample_hands(cons, rng, count)
        model = _Model(view.rules, view.dealer, view.upcard)
        judge = None if self.bid_evidence is None else (self.bid_evidence, skip)
        rules = view.rules if judge is None else view.rules.replace(target=0, deals=1)
        played = played_by(view)
        accepted: list[tuple[int, ...]] = []
        rejected: list[tuple[float, int, tuple[int, ...]]] = []
        limit = count * self.candidates
        drawn = 0
        while len(accepted) < count and drawn < limit:
            batch = sample_hands(cons, rng, min(count, limit - drawn))
            drawn += len(batch)
            for hands in batch:
                at_bid = [h | p for h, p in zip(hands, played, strict=True)]
                if judge is None:
                    w = bid_likelihood(model, view.calls, at_bid, skip, self.softness)
                else:
                    w = self._replay(view, rules, cons.pool, at_bid, judge)[1]
                if rng.random() < w:
                    accepted.append(hands)
                    if len(accepted) == count:
                        break
                else:
                    rejected.append((w, len(rejected), hands))
        self.candidates_drawn += drawn
        if len(accepted) < count:
            rejected.sort(reverse=True)
            accepted.extend(h for _, _, h in rejected[: count - len(accepted)])
        return accepted

    def alone_plausible(self, view: PlayerView) -> bool:
        """Search going alone only when the hand has few probable losers
        (:func:`~euchre.players.basic.loser_count`): the search is costly and such
        decisions are asked of several seats every deal."""
        assert view.trump is not None and view.maker is not None
        losers = loser_count(view.hand.mask, view.trump, deck_mask(view.rules.deck))
        if view.rules.seating.same_team(view.maker, view.seat):
            return losers <= self.alone_losers
        return losers <= (2.5 if view.rules.lone_defender_scoring == "flat_4" else 1.0)

    # -- bidding, exchange and going alone by rollouts -----------------------------------

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Play, bid, exchange and go alone by rollouts (by search when
        ``play_rollouts`` or ``rollouts`` is off, or when the deal holds a step its
        samples cannot be replayed through: :func:`replayable`)."""
        if not replayable(view.rules) or (view.phase == "play" and view.bid == MISERE):
            return super().decide(view, legal)
        if view.phase == "play":
            if self.play_rollouts:
                return self._play_by_rollouts(view, legal)
            return super().decide(view, legal)
        if not self.rollouts:
            return super().decide(view, legal)
        options = self.bid_options(view, legal)
        if len(options) <= 1:
            return options[0] if options else legal[0]
        bias = {PASS: self.bid_margin, STAY: self.alone_margin}
        count = self.sample_count(view)
        rows = self.rollout_rows(view, options, self.sample(view, count))
        limit = max(count, self.max_bid_samples or 0)
        while len(rows) < limit and self._close(rows, bias) and not self._late():
            more = min(len(rows), limit - len(rows))
            rows += self.rollout_rows(view, options, self.sample(view, more))
        self.bid_rollout_samples = len(rows)
        self.last_values = _means(rows, bias)
        return max(options, key=lambda a: (self.last_values[a], a in bias))

    def bid_options(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The options a decision before the play weighs: every legal one, but only
        the sensible discards, and only staying when going alone is not plausible."""
        if view.phase == "exchange":
            assert view.trump is not None
            return list(discard_candidates(
                [a for a in legal if isinstance(a, Discard) and a.card >= 0], view.trump))
        if view.phase == "alone" and ALONE in legal and not self.alone_plausible(view):
            return [STAY]
        return list(legal)

    def rollout_values(self, view: PlayerView, options: Sequence[Action],
                       samples: list[tuple[int, ...]]) -> dict[Action, float]:
        """The average worth of each option when, on each sampled deal, the deal is
        finished by :class:`~euchre.players.basic.BasicPlayer` at every seat."""
        rows = self.rollout_rows(view, options, samples)
        return _means(rows) if rows else dict.fromkeys(options, 0.0)

    def rollout_rows(self, view: PlayerView, options: Sequence[Action],
                     samples: list[tuple[int, ...]]) -> list[dict[Action, float]]:
        """Each option's worth on each sampled deal (one row per sample used) when the
        deal is finished by :class:`~euchre.players.basic.BasicPlayer` at every seat."""
        rows = []
        rules = view.rules.replace(target=0, deals=1)
        cons = constraints(view)
        for hands in self.budget(samples):
            start, _ = self._replay(view, rules, cons.pool, hands)
            row = {}
            for action in options:
                game = start.copy()
                game.apply(action)
                row[action] = self._finish(view, game)
            rows.append(row)
        return rows

    @staticmethod
    def _close(rows: Sequence[dict[Action, float]], bias: dict[Action, float]) -> bool:
        """Whether the two best options are within ``_CLOSE`` standard errors of each
        other (their difference measured sample by sample); never when the samples
        cannot tell them apart at all."""
        n = len(rows)
        if n < 2:
            return False
        means = _means(rows, bias)
        best, second = sorted(means, key=means.__getitem__, reverse=True)[:2]
        diffs = [r[best] - r[second] for r in rows]
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if variance == 0.0:
            return False
        return means[best] - means[second] < _CLOSE * math.sqrt(variance / n)

    def _late(self) -> bool:
        """Whether this decision's time limit has passed."""
        return self.time_limit is not None and time.perf_counter() > self._deadline

    def _play_by_rollouts(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Each card's average worth when the deal is finished by ``basic`` at every
        seat, on samples weighted by how likely ``basic`` would have played as the
        others did."""
        try:
            drawn = self.play_samples(view)
        except EuchreError:
            # a view no game reaches (one built by hand): search instead
            return super().decide(view, legal)
        totals = dict.fromkeys(legal, 0.0)
        weight_sum = 0.0
        for weight, row in self.play_rows(view, legal, self.budget(drawn)):
            weight_sum += weight
            for action in legal:
                totals[action] += weight * row[action]
        scale = 1.0 / weight_sum if weight_sum > 0 else 0.0
        values = {a: t * scale for a, t in totals.items()}
        self.last_values = values
        pw = card_power(view)
        best = max(legal, key=lambda a: (values[a], -pw[a.card] if isinstance(a, Play) else 0))
        return self.near_tie_to_rules(view, values, best)

    def play_rows(self, view: PlayerView, legal: Sequence[Action],
                  drawn: Iterable[tuple[float, tuple[int, ...], Game]]
                  ) -> Iterator[tuple[float, dict[Action, float]]]:
        """Each card's worth on each sample of :meth:`play_samples`, with the sample's
        weight: the deal finished by ``basic`` at every seat, blended with the card's
        double-dummy worth (``play_blend``) where the hands hold at most
        :data:`SEARCHED_CARDS` cards."""
        worth: dict[int, float] = {}
        rules = view.rules
        in_play = (rules.hand_size - len(view.tricks)) * (rules.players - len(view.sitting_out))
        blend = self.play_blend if in_play <= SEARCHED_CARDS else 0.0
        for weight, hands, start in drawn:
            searched = self.card_worth(view, hands, worth) if blend else {}
            row = {}
            for action in legal:
                game = start.copy()
                game.apply(action)
                value = self._finish(view, game)
                if blend and isinstance(action, Play):
                    value += blend * (searched[action.card] - value)
                row[action] = value
            yield weight, row

    def play_samples(self, view: PlayerView) -> list[tuple[float, tuple[int, ...], Game]]:
        """The samples for a card: ``(weight, hands, game replayed up to the view)``.

        Each deal is weighed by the evidence of the play (:meth:`_replay_play`). With
        ``play_candidates``, candidates are accepted with that weight (rejection) until
        ``samples`` are accepted or ``play_candidates`` times as many were drawn; the
        accepted count 1 each and the likeliest rejected fill any shortfall, at their
        weight. Without, every sample drawn counts at its weight."""
        rules = view.rules.replace(target=0, deals=1)
        cons = constraints(view)
        played = played_by(view)
        want = self.sample_count(view)
        reject = self.play_candidates is not None and self.play_evidence is not None \
            and any(s != view.seat for t in (*view.tricks, view.trick) for s, _ in t)
        limit = want * (self.play_candidates or 1) if reject else want
        accepted: list[tuple[float, tuple[int, ...], Game]] = []
        rejected: list[tuple[float, tuple[int, ...], Game]] = []
        drawn = 0
        while len(accepted) < want and drawn < limit:
            if drawn and self._late():
                break
            for hands in self.sample(view, min(want - len(accepted), limit - drawn)):
                drawn += 1
                dealt = [h | p for h, p in zip(hands, played, strict=True)]
                start, _ = self._replay(view, rules, cons.pool, dealt)
                weight = self._replay_play(view, start)
                if not reject:
                    accepted.append((weight, hands, start))
                elif self._rng.random() < weight:
                    accepted.append((1.0, hands, start))
                else:
                    rejected.append((weight, hands, start))
        self.play_candidates_drawn += drawn
        if len(accepted) < want:
            rejected.sort(key=lambda r: -r[0])  # stable: ties keep the order drawn
            accepted.extend(rejected[: want - len(accepted)])
        return accepted

    def _replay_play(self, view: PlayerView, game: Game) -> float:
        """Plays the cards of ``view`` on ``game``; returns the likelihood of the other
        seats' plays under ``basic`` (1 for each play it makes, ``play_evidence`` for
        each it would not; ``partner_evidence``, when set, for the partner's)."""
        weight = 1.0
        partner = view.rules.seating.partner(view.seat)
        partner_eps = self.play_evidence if self.partner_evidence is None \
            else self.partner_evidence
        for trick in (*view.tricks, view.trick):
            for seat, c in trick:
                action = PLAY[c]
                eps = partner_eps if seat == partner else self.play_evidence
                if eps is not None and seat != view.seat:
                    weight *= self._surprise(game, seat, action, eps)
                game.apply(action)
        return weight

    def _finish(self, view: PlayerView, game: Game) -> float:
        """The deal finished by ``basic`` at every seat, as utility for ``view``."""
        choose = self._basic.choose
        while not game.results:
            legal = game.legal_actions()
            # a forced action needs no view: basic would choose it anyway
            game.apply(legal[0] if len(legal) == 1 else choose(game.view(game.to_act), legal))
        self.rollouts_run += 1
        return self.utility(view, gains_value(view.rules, view.seat, game.results[0].gains))

    def _replay(self, view: PlayerView, rules: Rules, pool: int,
                hands: Sequence[int],
                judge: tuple[float, Container[int]] | None = None) -> tuple[Game, float]:
        """A one-deal game with the sampled hands, replayed up to ``view``, and the
        evidence of the bids: with ``judge`` (``eps, skip``), ``eps`` for every bid of a
        seat not in ``skip`` that ``basic`` would not have made (1 without)."""
        n = rules.players
        dealer = view.dealer
        up = view.upcard
        held = 0
        for h in hands:
            held |= h
        spare = pool & ~held
        hands = list(hands)
        accepted = upcard_accepted(view) and view.phase != "exchange"
        steps, spare = self._best_steps(view, hands, spare, accepted)
        for s in view.sitting_out:
            # a seat sitting out shows nothing of its hand: any cards will do
            short = rules.hand_size - hands[s].bit_count()
            if short <= 0:
                continue
            if s == dealer and accepted and not hands[s] >> up & 1:
                hands[s] |= 1 << up
                short -= 1
            fill = self._rng.sample(cards_of(spare), short)
            for c in fill:
                hands[s] |= 1 << c
                spare &= ~(1 << c)
        original = list(hands)
        discard: int | None = None
        if accepted:
            if view.seat == dealer:
                discard = view.discard
            else:
                spare_cards = cards_of(spare)
                if hands[dealer] >> up & 1 and spare_cards:
                    discard = self._rng.choice(spare_cards)
                    spare &= ~(1 << discard)
                else:
                    discard = up
            if discard is not None and discard != up and discard >= 0:
                original[dealer] = (hands[dealer] & ~(1 << up)) | 1 << discard
        kitty = cards_of(spare if up == UNKNOWN else spare & ~(1 << up))
        deal = Deal(dealer, tuple(tuple(cards_of(h)) for h in original[:n]), up, tuple(kitty))
        game = Game(rules, deals=[deal], first_dealer=dealer, seed=0)
        weight = 1.0
        for i, (seat, action) in enumerate(view.calls):
            if i < len(game.calls):  # a call the rules made (Hasenpfeffer's forced bid)
                continue
            if judge is not None and seat not in judge[1]:
                weight *= self._surprise(game, seat, action, judge[0])
            game.apply(action)
            if game.phase is Phase.EXCHANGE and discard is not None:
                game.apply(DISCARD[discard])
            while (step := steps.pop((game.phase, game.to_act), None)) is not None:
                game.apply(step)
        return game, weight

    def _best_steps(self, view: PlayerView, hands: list[int], spare: int,
                    accepted: bool) -> tuple[dict[tuple[Phase, int], Action], int]:
        """The hidden steps of every call for partner's best in ``view`` (§15: the lone
        player's discard and the partner's card passed face down), for the replay: the
        cards this seat saw, the others drawn (the passed card from the lone player's
        sampled cards, the discard from the ``spare`` ones). ``hands`` (each seat's cards
        now, with those it played) becomes the hands before the exchanges; ``accepted``:
        the dealer took the upcard. Returns the steps by phase and seat, and the cards
        still spare."""
        rules = view.rules
        if rules.partners_best == "none":
            return {}, spare
        steps: dict[tuple[Phase, int], Action] = {}
        rng = self._rng
        me = view.seat
        size = rules.hand_size
        played = played_by(view)
        # the upcard stays with a dealer who took it: its exchange comes first
        held_up = 1 << view.upcard if accepted and view.upcard >= 0 else 0
        order = (Phase.DISCARD, Phase.GIVE) if rules.partners_best_order == "discard_first" \
            else (Phase.GIVE, Phase.DISCARD)
        last = len(view.calls) - 1
        now = (Phase(view.phase), view.to_act)
        for i, (lone, action) in enumerate(view.calls):
            if action != BEST:
                continue
            giver = rules.seating.partner_of[lone]
            assert giver is not None
            done = set(order)
            if i == last and now in ((Phase.DISCARD, lone), (Phase.GIVE, giver)):
                done = set(order[:order.index(now[0])])  # the view waits on this step
            keep = played[lone] | (held_up if lone == view.dealer else 0)
            laid_mask = 0
            if Phase.DISCARD in done:
                laid = list(view.laid_away) if lone == me else []
                card = laid[0] if laid else rng.choice(cards_of(spare))
                spare &= ~(1 << card)
                steps[(Phase.DISCARD, lone)] = DISCARD[card]
                laid_mask = 1 << card
                hands[lone] |= laid_mask
                keep |= laid_mask
            if Phase.GIVE in done:
                seen = [c for g, r, c in view.given if r == lone]
                if seen:  # the giver's view: the lone hand is trimmed to size below
                    card = seen[0]
                elif hands[lone] & held_up and lone != view.dealer:
                    card = view.upcard  # the dealer took it and passed it on
                else:
                    card = rng.choice(cards_of(hands[lone] & ~held_up & ~laid_mask))
                steps[(Phase.GIVE, giver)] = GIVE[card]
                hands[lone] &= ~(1 << card)
                hands[giver] |= 1 << card
                trimmed = _trim(rng, hands[giver], size,
                                (1 << card) | (held_up if giver == view.dealer else 0))
                spare |= hands[giver] & ~trimmed
                hands[giver] = trimmed
            trimmed = _trim(rng, hands[lone], size, keep)
            spare |= hands[lone] & ~trimmed
            hands[lone] = trimmed
        return steps, spare

    def _surprise(self, game: Game, seat: int, action: Action, eps: float) -> float:
        """``eps`` when ``basic`` at ``seat`` would not choose ``action`` now, else 1."""
        legal = game.legal_actions()
        if len(legal) > 1 and self._basic.choose(game.view(seat), legal) != action:
            return eps
        return 1.0

    # -- the score ---------------------------------------------------------------------

    def utility(self, view: PlayerView, points: float) -> float:
        """Points, or with a target the change in the chance of winning the game in
        units of one point at the current score (Euchre scored by two sides, one of
        which scores each deal, the deal passing to the other side: the table of
        :func:`~euchre.players.win_chance.win_chance`)."""
        rules = view.rules
        if not self.score_aware or rules.target <= 0 or rules.form not in SCORE_AWARE:
            return float(points)
        return score_utility(rules, view.score[view.team], view.score[1 - view.team],
                             deals_next(rules, view.dealer, view.team), round(points))

    # -- passing -----------------------------------------------------------------------

    def pass_value(self, view: PlayerView, samples: list[tuple[int, ...]],
                   values: dict[Action, float]) -> float:
        """The rest of the bidding played out by the model on each sample, solved."""
        if not self.rollout_pass:
            return self.bid_margin
        model = _Model(view.rules, view.dealer, view.upcard)
        total = 0.0
        for hands in self.budget(samples):
            contract = self._rollout(view, model, hands)
            if contract is None:
                total += self.utility(view, 0)
                continue
            trump, maker, round_one = contract
            dealt = self._exchanged(view, hands, trump) if round_one else list(hands)
            total += self._points(view, dealt, trump, maker, ())
        return total / max(1, self.used) + self.bid_margin

    def _rollout(self, view: PlayerView, model: _Model,
                 hands: Sequence[int]) -> tuple[int, int, bool] | None:
        """The contract the model reaches after this seat passes now: (trump, maker,
        accepted in round one), or ``None`` when the deal is thrown in."""
        dealer = view.dealer
        seat = view.seat
        order = view.rules.seating.order_after(dealer)  # the order of bidding
        after_me = order[order.index(seat) + 1:]  # the seats still to bid this round
        if view.phase == "bid1":
            for s in after_me:
                if model.round_one(s, hands[s], False) > 0:
                    return model.turned, s, True
        else:
            order = after_me
        for s in order:
            suit, margin = model.best_call(s, hands[s])
            stuck = view.rules.stick_the_dealer and s == dealer
            if margin > 0 or stuck:
                return suit, s, False
        return None

