"""External-sampling Monte Carlo CFR over the bidding (``euchre train bidding``).

The game learned is one deal of four-handed Euchre up to the first lead: round one,
the dealer's discard, round two and every going-alone decision, in the public tree and
the information states of :mod:`euchre.players.bidding_tables` (relative seats, the
dealer at 3, suits relative to the upcard with the two cross suits interchangeable). A
finished bidding is worth the points the engine would score if the contract were
played double-dummy (:class:`DealValues`: :func:`euchre.players.solver.solve` from the
rules' opening lead, the points of :func:`euchre.engine.scoring.score_deal`); a deal
all pass is worth 0.

One iteration samples a deal and walks it once for each seat in turn (the
*traverser*): the traverser tries every action at its decisions, the others draw
one from their current strategy (regret matching), and the traverser's regrets move
by each action's value against the strategy's (:class:`Walker`). The average strategy
is gathered at the others' decisions. Variants (:data:`VARIANTS`): plain regret
matching with uniform averaging (``es``), regret matching+ with linearly weighted
averaging (``rm+``), and linear CFR (``linear``: regrets and averages weighted by the
iteration). The solves of a deal are shared by its four walks.

The arrays are numpy float32 (``regrets`` and ``strategy``: a number per action of
each information state; ``visits``: a count per state), read and written element by
element through memoryviews. :mod:`euchre.analysis.train_runs` runs chunks of
iterations on several processes, checkpoints and exports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final, Protocol, cast

import numpy as np
import numpy.typing as npt

from euchre.engine.cards import JACK, NINE, card_rank, card_suit, deck_mask, same_colour
from euchre.engine.rules import Rules
from euchre.engine.scoring import score_deal
from euchre.players.bidding_tables import (
    DEALER,
    PublicTree,
    discard_options,
    hand_index,
)
from euchre.players.solver import Position, solve

__all__ = ["PRIORS", "VARIANTS", "Arrays", "DealValues", "Walker", "new_arrays", "sample_deal"]

PRIORS: Final = ("uniform", "safe")
"""The strategy of a state with no positive regret (:class:`Walker`'s ``prior``)."""
VARIANTS: Final = ("es", "rm+", "linear")
"""The update rules: ``es`` (regret matching, uniform averaging), ``rm+`` (regret
matching+, averages weighted by the iteration), ``linear`` (linear CFR: regrets and
averages weighted by the iteration)."""

_TRUMP_CLASS: Final = {"T": 0, "N": 1, "X": 2, "": -1}
_SLOT_CODE: Final = {"call N": 1, "call X1": 2, "call X2": 3}
_DECK: Final = tuple(c for c in range(32) if deck_mask(24) >> c & 1)

Floats = npt.NDArray[np.float32]
_Contract = tuple[int, int, tuple[int, ...], bool, bool]
_Scoring = tuple[list[list[list[list[int]]]], dict[tuple[int, tuple[int, ...]], _Contract]]


@dataclass
class Arrays:
    """What training learns: a regret and a strategy sum per action of each
    information state, and a count of the visits that fed each state's average."""

    regrets: Floats
    strategy: Floats
    visits: Floats


def new_arrays(tree: PublicTree) -> Arrays:
    """Zeroed arrays for ``tree`` (the pages are untouched until written)."""
    return Arrays(np.zeros(tree.slots, np.float32), np.zeros(tree.slots, np.float32),
                  np.zeros(tree.states, np.float32))


def sample_deal(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """A random deal with the dealer at relative seat 3: the four hands as masks (seat
    0 the dealer's left) and the upcard.

    >>> hands, up = sample_deal(random.Random(1))
    >>> [h.bit_count() for h in hands], any(h >> up & 1 for h in hands)
    ([5, 5, 5, 5], False)
    """
    cards = list(_DECK)
    rng.shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[5 * s:5 * s + 5]) for s in range(4))
    return hands, cards[20]


class DealValues:
    """The worth of each finished bidding of one deal to side 0 (relative seats 0 and
    2), in points: the contract played double-dummy from the rules' opening lead and
    scored as the engine scores it. Solves are cached by trump, discard, who sits out
    and who leads.

    >>> from euchre.engine.cards import mask_of, parse_cards, parse_card
    >>> hands = tuple(mask_of(parse_cards(h)) for h in
    ...               ["Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc", "Ac 9d Td Qd Kd", "Ad 9s Ts Js Qs"])
    >>> values = DealValues(Rules(), hands, parse_card("9h"))
    >>> values.value(0, 2, (), -1), values.value(0, 2, (0,), -1)   # a march; alone: 4
    (2, 4)
    >>> values.value(1, 0, (), -1)    # clubs by seat 1: a march for side 1
    -2
    """

    __slots__ = ("_cache", "_contracts", "_points", "hands", "solves", "upcard")

    def __init__(self, rules: Rules, hands: tuple[int, ...], upcard: int,
                 scoring: _Scoring | None = None) -> None:
        self.hands = hands
        self.upcard = upcard
        self._cache: dict[tuple[int, int, int, int], int] = {}
        self._points, self._contracts = scoring or _scoring_of(rules)
        self.solves = 0

    def value(self, maker: int, trump: int, alone: tuple[int, ...], discard: int) -> int:
        """Points to side 0 when ``maker`` made ``trump``, ``alone`` went alone and the
        dealer laid away ``discard`` (-1: the upcard was not taken)."""
        out, leader, out_seats, lone_maker, lone_defender = self._contracts[maker, alone]
        key = (trump, discard, out, leader)
        tricks0 = self._cache.get(key)
        if tricks0 is None:
            hands = list(self.hands)
            if discard >= 0:
                hands[DEALER] = (hands[DEALER] | 1 << self.upcard) & ~(1 << discard)
            for s in out_seats:
                hands[s] = 0
            tricks0 = solve(Position(tuple(hands), trump, leader, sitting_out=out_seats))[0]
            self._cache[key] = tricks0
            self.solves += 1
        makers = maker & 1
        return self._points[makers][lone_maker][lone_defender][
            tricks0 if makers == 0 else 5 - tricks0]


_SCORING: dict[str, _Scoring] = {}


def _scoring_of(rules: Rules) -> _Scoring:
    """The points table of ``rules`` and, for each maker and who went alone: the mask
    and tuple of the seats sitting out, the opening leader, and whether a maker and a
    defender went alone (worked out once per rules)."""
    key = repr(rules)
    if key not in _SCORING:
        seating = rules.seating
        contracts: dict[tuple[int, tuple[int, ...]], _Contract] = {}
        tree = PublicTree.of(rules)
        for leaf in tree.leaves:
            if leaf.maker < 0:
                continue
            out = 0
            for a in leaf.alone:
                partner = seating.partner_of[a]
                assert partner is not None
                out |= 1 << partner
            contracts[leaf.maker, leaf.alone] = (
                out, seating.first_leader(DEALER, leaf.maker, leaf.alone, rules.loner_lead),
                tuple(s for s in range(4) if out >> s & 1),
                any(a & 1 == leaf.maker & 1 for a in leaf.alone),
                any(a & 1 != leaf.maker & 1 for a in leaf.alone))
        _SCORING[key] = (points_table(rules), contracts)
    return _SCORING[key]


def points_table(rules: Rules) -> list[list[list[list[int]]]]:
    """``[makers' side][lone maker][lone defender][maker tricks]``: the points to side 0
    (:func:`~euchre.engine.scoring.score_deal`, signed).

    >>> points_table(Rules())[1][0][1][0]    # side 1 made, a lone defender took all five
    4
    """
    table = []
    for makers in range(2):
        rows = []
        for lone_maker in (False, True):
            cols = []
            for lone_defender in (False, True):
                row = []
                for tricks in range(6):
                    made, points = score_deal(rules, tricks, lone_maker, lone_defender)
                    scorer = makers if made else 1 - makers
                    row.append(points if scorer == 0 else -points)
                cols.append(row)
            rows.append(cols)
        table.append(rows)
    return table


def _safe_slot(actions: tuple[str, ...]) -> int:
    """The ``safe`` prior's action at a node: passing or staying (-2: a discard, chosen
    by the hand; -1: none, the stuck dealer)."""
    for safe in ("pass", "stay"):
        if safe in actions:
            return actions.index(safe)
    return -2 if actions[0].startswith("discard") else -1


class _Numbers(Protocol):
    """A float32 array read and written number by number (a memoryview of it)."""

    def __getitem__(self, index: int) -> float: ...

    def __setitem__(self, index: int, value: float) -> None: ...


def _view(array: Floats) -> _Numbers:
    """``array`` as a memoryview: a number read or written in a third of numpy's time."""
    return cast(_Numbers, memoryview(cast(Any, array)))


class Walker:
    """The walks of external-sampling MCCFR over one tree, writing into ``arrays``.

    >>> tree = PublicTree.of(Rules.preset("tournament"))
    >>> walker = Walker(tree, new_arrays(tree), "rm+", random.Random(1))
    >>> walker.iterate(1)
    >>> walker.solves > 0, float(walker.arrays.visits.sum()) > 0
    (True, True)
    """

    def __init__(self, tree: PublicTree, arrays: Arrays, variant: str,
                 rng: random.Random, prune: float = 0.0, prune_after: int = 0,
                 prior: str = "uniform") -> None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}: one of {', '.join(VARIANTS)}")
        self.tree = tree
        self.rules = tree.rules
        self.arrays = arrays
        self.variant = variant
        self.rng = rng
        self.prune = prune
        """With ``rm+``: the chance that the traverser skips an action its strategy
        gives no probability while another has some (regret-based pruning: the skipped
        action's value is not needed for the strategy's, only for its own regret),
        from iteration ``prune_after`` on."""
        self.prune_after = prune_after
        self._pruning = False
        if prior not in PRIORS:
            raise ValueError(f"unknown prior {prior!r}: one of {', '.join(PRIORS)}")
        self.prior = prior
        """The strategy of a state whose regrets are none positive (regret matching
        allows any): ``uniform``, or ``safe`` (:meth:`_fallback`)."""
        self._safe = prior == "safe"
        self._r = _view(arrays.regrets)
        self._s = _view(arrays.strategy)
        self._v = _view(arrays.visits)
        nodes = tree.nodes
        self._seat = [n.seat for n in nodes]
        self._k = [len(n.actions) for n in nodes]
        self._children = [n.children for n in nodes]
        self._offset = [n.offset for n in nodes]
        self._first = [n.first_state for n in nodes]
        self._hands = [n.hands for n in nodes]
        self._h24 = [n.hand24 for n in nodes]
        self._codes = [tuple(_SLOT_CODE.get(a, 10 + int(a.split()[1]) if a.startswith("discard")
                                            else 0) for a in n.actions) for n in nodes]
        self._leaves = [(lf.maker, _TRUMP_CLASS[lf.trump], lf.alone) for lf in tree.leaves]
        self._keep = self.rules.dealer_must_take_upcard
        self._safe_slot = [_safe_slot(n.actions) for n in nodes]
        self._safe_discard: dict[int, int] = {}
        self._scoring = _scoring_of(self.rules)
        self.solves = 0
        self.visits = 0
        # the deal being walked
        self._values: DealValues | None = None
        self._up = 0
        self._rank = 0
        self._suits = (0, 0, 0, 0)
        self._pre: list[tuple[int, int]] = []
        self._post: dict[int, tuple[int, int]] = {}
        self._options: dict[int, list[int]] = {}
        self._hand_masks: tuple[int, ...] = ()
        self._traverser = 0
        self._wr = 1.0
        self._ws = 1.0

    # -- one deal ----------------------------------------------------------------------

    def iterate(self, t: int, deal: tuple[tuple[int, ...], int] | None = None) -> None:
        """Iteration ``t`` (from 1): a sampled deal (or ``deal``), walked once for each
        seat."""
        hands, up = deal if deal is not None else sample_deal(self.rng)
        self.start_deal(hands, up)
        self._pruning = self.prune > 0.0 and t > self.prune_after and self.variant == "rm+"
        self._wr = float(t) if self.variant == "linear" else 1.0
        self._ws = 1.0 if self.variant == "es" else float(t)
        for seat in range(4):
            self._traverser = seat
            self._walk(0, -1, -1)
        assert self._values is not None
        self.solves += self._values.solves

    def start_deal(self, hands: tuple[int, ...], up: int) -> None:
        """Set up the walks of a deal: the hand indices of each seat under both
        labellings."""
        self._values = DealValues(self.rules, hands, up, self._scoring)
        self._hand_masks = hands
        self._up = up
        self._rank = card_rank(up) - NINE
        suit = card_suit(up)
        low, high = sorted(set(range(4)) - {suit, same_colour(suit)})
        self._suits = (suit, same_colour(suit), low, high)
        self._pre = [(hand_index(h, up, 0), hand_index(h, up, 1)) for h in hands]
        self._post = {}
        self._options = {}
        self._safe_discard = {}

    def _post_pair(self, discard: int) -> tuple[int, int]:
        pair = self._post.get(discard)
        if pair is None:
            up = self._up
            hand = (self._hand_masks[DEALER] | 1 << up) & ~(1 << discard)
            pair = self._post[discard] = (hand_index(hand, up, 0, True),
                                          hand_index(hand, up, 1, True))
        return pair

    def _discards(self, lab: int) -> list[int]:
        options = self._options.get(lab)
        if options is None:
            options = self._options[lab] = discard_options(
                self._hand_masks[DEALER], self._up, lab, self._keep)
        return options

    def leaf_value(self, leaf: int, forced: int, discard: int) -> float:
        """The worth of leaf ``leaf`` to side 0."""
        maker, trump_class, alone = self._leaves[leaf]
        if maker < 0:
            return 0.0
        suits = self._suits
        trump = suits[trump_class] if trump_class < 2 else suits[2 + forced]
        assert self._values is not None
        return float(self._values.value(maker, trump, alone, discard))

    def _walk(self, n: int, forced: int, discard: int) -> float:
        """The worth to side 0 of node ``n`` on this walk, learning on the way."""
        if n < 0:
            return self.leaf_value(-1 - n, forced, discard)
        seat = self._seat[n]
        lab, row = self._place(n, forced, discard)
        k = self._k[n]
        base = self._offset[n] + row * k
        r = self._r
        positive = [max(r[base + a], 0.0) for a in range(k)]
        total = sum(positive)
        if total > 0.0:
            sigma = [p / total for p in positive]
        elif self._safe:
            sigma = self._fallback(n, lab, k)
        else:
            sigma = [1.0 / k] * k
        children = self._children[n]
        codes = self._codes[n]
        if seat != self._traverser:
            self._average(base, sigma, self._first[n] + row)
            x = self.rng.random()
            a = k - 1
            for i in range(k - 1):
                x -= sigma[i]
                if x < 0.0:
                    a = i
                    break
            return self._step(children[a], codes[a], lab, forced, discard)
        if self._pruning and total > 0.0:
            rng = self.rng
            explored = [positive[a] > 0.0 or rng.random() >= self.prune for a in range(k)]
        else:
            explored = [True] * k
        values = [self._step(children[a], codes[a], lab, forced, discard) if explored[a]
                  else 0.0 for a in range(k)]
        mean = 0.0
        for a in range(k):
            mean += sigma[a] * values[a]  # a skipped action has no probability
        sign = self._wr if seat & 1 == 0 else -self._wr
        plus = self.variant == "rm+"
        for a in range(k):
            if explored[a]:
                new = r[base + a] + sign * (values[a] - mean)
                r[base + a] = new if new > 0.0 or not plus else 0.0
        return mean

    def _fallback(self, n: int, lab: int, k: int) -> list[float]:
        """The ``safe`` strategy of a state with no positive regret: pass, stay, lay
        away the lowest card that is not trump (the stuck dealer: uniform)."""
        slot = self._safe_slot[n]
        if slot == -2:
            slot = self._safe_discard.get(lab, -1)
            if slot < 0:
                trump = self._suits[0]
                left = same_colour(trump) * 8 + JACK
                options = self._discards(lab)
                slot = self._safe_discard[lab] = min(
                    range(len(options)), key=lambda i: (
                        card_suit(options[i]) == trump or options[i] == left,
                        card_rank(options[i]), i))
        if slot < 0:
            return [1.0 / k] * k
        sigma = [0.0] * k
        sigma[slot] = 1.0
        return sigma

    def _place(self, n: int, forced: int, discard: int) -> tuple[int, int]:
        """The labelling of the seat to act at node ``n`` and its state's row (upcard
        rank and hand) among the node's."""
        pair = self._post_pair(discard) if self._h24[n] else self._pre[self._seat[n]]
        if forced >= 0:
            return forced, self._rank * self._hands[n] + pair[forced]
        if pair[0] <= pair[1]:
            return 0, self._rank * self._hands[n] + pair[0]
        return 1, self._rank * self._hands[n] + pair[1]

    def _after(self, code: int, lab: int, forced: int, discard: int) -> tuple[int, int]:
        """The forced labelling and the discard after an action (``code``: a call of a
        cross suit fixes the labelling, a discard the dealer's hand)."""
        if code <= 1:
            return forced, discard
        if code == 2:
            return lab, discard
        if code == 3:
            return 1 - lab, discard
        return forced, self._discards(lab)[code - 10]

    def _step(self, child: int, code: int, lab: int, forced: int, discard: int) -> float:
        """Walk on after an action."""
        forced, discard = self._after(code, lab, forced, discard)
        return self._walk(child, forced, discard)

    def follow(self, slots: list[int]) -> list[tuple[int, int, int]]:
        """The decisions on the path of actions ``slots`` from the root of the deal set
        up by :meth:`start_deal`: each one's node, labelling and first slot in the
        arrays (what a walk reads and writes there)."""
        out = []
        n, forced, discard = 0, -1, -1
        for slot in slots:
            lab, row = self._place(n, forced, discard)
            out.append((n, lab, self._offset[n] + row * self._k[n]))
            forced, discard = self._after(self._codes[n][slot], lab, forced, discard)
            n = self._children[n][slot]
        return out

    def _average(self, base: int, sigma: list[float], state: int) -> None:
        s = self._s
        w = self._ws
        for a, p in enumerate(sigma):
            s[base + a] += p * w
        self._v[state] += 1.0
        self.visits += 1
