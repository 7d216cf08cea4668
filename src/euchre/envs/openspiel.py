"""Euchre as an OpenSpiel game: ``python_euchre``, the engine behind pyspiel's Python-game
API, for OpenSpiel's algorithms (CFR, MCCFR, ISMCTS, ...) in every form.

Importing the module registers the game; it needs the ``openspiel`` extra
(``pip install 'euchre[openspiel]'``).

>>> import pyspiel
>>> import euchre.envs.openspiel  # registers python_euchre
>>> game = pyspiel.load_game("python_euchre(rules=two-handed)")
>>> game.num_players(), game.num_distinct_actions(), game.information_state_tensor_shape()
(2, 1377, [1126])
>>> pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

=====================  ============================================================
parameters             ``rules``: any preset's name (default ``standard``; ``two-handed``,
                       ``tournament``, ``openspiel``, ``three-handed``, ``hasenpfeffer``,
                       ``napoleon``, ...); the number of players is the form's; ``tensor``:
                       ``compact`` (the default) or ``openspiel`` (OpenSpiel's ``euchre``
                       layout, four-handed presets with the 24-card deck)
episode                one deal, as OpenSpiel's ``euchre``
chance                 explicit: the dealer first (uniform over the seats), then the
                       upcard (forms that turn one up), then the hands one card at a time
                       from the dealer's left, each uniform over the cards not yet dealt
                       (chance outcomes are card codes); the kitty is the cards left over
                       (its first three cards are dealt by chance too where a farmer's hand
                       or going under takes them)
actions                the 1,377 ids of :mod:`euchre.envs.action_ids`, every form
returns                at the end of the deal, each seat's side's points less the mean of
                       the other sides' (:func:`~euchre.envs.common.deal_reward`): in
                       four-handed Euchre +n for the side that scored and -n for the
                       other, as OpenSpiel's ``euchre``; zero-sum in every form; 0 for a
                       deal thrown in
tensors                the ``compact`` encoding of the seat's view (float32, 1,126):
                       observation and information state alike (a summary: it leaves out
                       the order of past tricks, so two information states may share one);
                       with ``tensor=openspiel``, OpenSpiel's layout (935, every trick)
strings                the seat's view as text (every field of
                       :class:`~euchre.engine.view.PlayerView` a deal changes, but the score and
                       tricks won, which follow from the rest); the information state adds
                       the hand the seat was dealt, and is exact: two histories give the
                       same string if and only if the seat saw the same views along them
resampling             :meth:`EuchreState.resample_from_infostate` deals the cards a seat
                       has not seen again, consistently with all it has seen
=====================  ============================================================

The engine plays every decision (:class:`~euchre.engine.game.Game`, made from the dealt
:class:`~euchre.engine.deal.Deal` under the preset's rules for one deal); this module only
deals, encodes and decodes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Final

import numpy as np

from euchre.engine.actions import (
    BID,
    DISCARD,
    GIVE,
    PLAY,
    Action,
    Discard,
    Give,
    Play,
)
from euchre.engine.cards import (
    BENNY,
    NUM_CARD_CODES,
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
)
from euchre.engine.deal import Deal
from euchre.engine.game import Game, allowed_bids
from euchre.engine.rules import Rules
from euchre.engine.scoring import deal_gains
from euchre.engine.view import PlayerView
from euchre.envs.action_ids import NUM_ACTIONS, action_id, action_of, mask_of_actions
from euchre.envs.common import deal_reward, episode_rules
from euchre.envs.encoders import (
    COMPACT_FIELDS,
    COMPACT_SIZE,
    MAX_SEATS,
    OPENSPIEL_FIELDS,
    encode_compact,
    encode_openspiel,
    openspiel_card,
    openspiel_rules_apply,
)
from euchre.errors import EuchreError
from euchre.players.knowledge import read_tricks, tables_of
from euchre.players.sampling import Constraints, sample_hands

try:
    import pyspiel
except ImportError as error:  # the openspiel extra is not installed
    raise ImportError("euchre.envs.openspiel needs OpenSpiel: "
                      "pip install 'euchre[openspiel]'") from error

__all__ = ["GAME_TYPE", "EuchreGame", "EuchreObserver", "EuchreState"]

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_euchre",
    long_name="Python Euchre (every form of the euchre engine, one deal)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "standard", "tensor": "compact"},
)
"""The game's type, the same for every preset (two to seven players)."""

_RESAMPLE_TRIES: Final = 20
"""How many deals :meth:`EuchreState.resample_from_infostate` tries before it gives the
state itself back (every try is checked against the seat's information state)."""


def _offsets(fields: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Where each field starts in a tensor of ``fields`` (names and lengths) in order."""
    return {name: sum(size for _, size in fields[:i]) for i, (name, _) in enumerate(fields)}


_TENSORS: Final = ("compact", "openspiel")
"""The encodings the ``tensor`` parameter takes."""
_OFFSET: Final = _offsets(COMPACT_FIELDS)
_SHAPES: Final = {"played_by": (MAX_SEATS, NUM_CARD_CODES), "trick": (MAX_SEATS, NUM_CARD_CODES),
                  "calls": (MAX_SEATS, 5)}
"""The compact fields that are one row per seat (the observer's :attr:`EuchreObserver.dict`
shows them so)."""


def _rules_of(name: object) -> Rules:
    """The rules of one deal of the preset ``name``; ``ValueError`` naming the presets."""
    if not isinstance(name, str):
        raise ValueError(f"python_euchre: rules is a preset's name, not {name!r}")
    try:
        return episode_rules(Rules.preset(name), {}, "deal", "points", "compact")
    except EuchreError as error:
        raise ValueError(f"python_euchre: {error}") from None


@cache
def _bounds(rules: Rules) -> tuple[float, float]:
    """The lowest and highest return of a deal under ``rules``: every seat's
    :func:`deal_reward` over every maker, loner, trick count and bid the scoring table
    (:func:`~euchre.engine.scoring.deal_gains`) takes."""
    seating = rules.seating
    n = rules.players
    size = rules.hand_size
    bids = _bids(rules) if rules.form in ("hasenpfeffer", "napoleon") else [-1]
    low = high = 0.0
    for maker in range(n):
        alones: list[tuple[int, ...]] = [()]
        if rules.going_alone:
            makers = [s for s in range(n) if seating.same_team(s, maker)]
            defenders = [s for s in range(n) if not seating.same_team(s, maker)]
            alones += [(s,) for s in makers]
            if rules.lone_defender:
                alones += [(d,) for d in defenders]
                alones += [(s, d) for s in makers for d in defenders]
        side = seating.team_of[maker]
        for alone in alones:
            for bid in bids:
                for made in range(size + 1):
                    tricks = [0] * seating.team_count
                    tricks[side] = made
                    tricks[(side + 1) % seating.team_count] += size - made
                    gains, _ = deal_gains(rules, maker, alone, tricks, (), bid)
                    for seat in range(n):
                        reward = deal_reward(rules, seat, gains)
                        low, high = min(low, reward), max(high, reward)
    return low, high


def _bids(rules: Rules) -> list[int]:
    """Every bid the rules allow at some point of the bidding (a Wellington only over a
    Nap, ...): :func:`~euchre.engine.game.allowed_bids` from no bid up."""
    found: set[int] = set()
    tops = [-1]
    while tops:
        top = tops.pop()
        for stuck in (False, True):
            for bid in allowed_bids(rules, top, stuck):
                if bid not in found:
                    found.add(bid)
                    tops.append(bid)
    return sorted(found)


def _chance_count(rules: Rules) -> int:
    """The cards a deal's chance nodes deal (:func:`_deal_of` lays them out)."""
    return int(rules.has_upcard) + rules.players * rules.hand_size + _ordered_kitty(rules)


def _ordered_kitty(rules: Rules) -> int:
    """How many kitty cards are dealt by chance, in order: the three a farmer's hand or a
    hand going under takes, where the rules have either (the rest of the kitty is never
    seen, and is the cards left over)."""
    return 3 if rules.has_upcard and (rules.farmers or rules.go_under) else 0


def _blind(rules: Rules, dealer: int, upcard: Card, seat: int) -> bool:
    """Whether ``seat`` deals and names trump for a Benny upcard before looking at its
    hand (``benny_upcard=dealer_names``): it sees none of its cards until then."""
    return seat == dealer and upcard == BENNY and rules.benny_upcard == "dealer_names"


def _seat_of_card(rules: Rules, dealer: int, index: int) -> int:
    """The seat that chance card ``index`` goes to (-1: the upcard or the kitty)."""
    index -= int(rules.has_upcard)
    n = rules.players
    if 0 <= index < n * rules.hand_size:
        return (dealer + 1 + index) % n
    return -1


def _deal_of(rules: Rules, dealer: int, cards: Sequence[Card]) -> Deal:
    """The deal that chance dealt: the upcard first (where the form turns one up), the
    hands one card at a time from the dealer's left, then the ordered kitty cards; the
    rest of the kitty is the cards left over, ascending."""
    n = rules.players
    at = int(rules.has_upcard)
    upcard = cards[0] if at else UNKNOWN
    dealt = n * rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    for k, c in enumerate(cards[at:at + dealt]):
        hands[(dealer + 1 + k) % n].append(c)
    ordered = tuple(cards[at + dealt:])
    rest = deck_mask(rules.deck) & ~sum(1 << c for c in cards)
    return Deal(dealer, tuple(tuple(h) for h in hands), upcard, (*ordered, *cards_of(rest)))


class _Table:
    """What a state holds: the dealer and cards chance dealt, then the engine's game. One
    object, copied cheaply (pyspiel clones a Python state by deep-copying its fields)."""

    __slots__ = ("cards", "dealer", "game", "rules")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.dealer = -1
        self.cards: list[Card] = []
        self.game: Game | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        other = _Table(self.rules)
        other.dealer = self.dealer
        other.cards = list(self.cards)
        other.game = None if self.game is None else self.game.copy()
        return other

    def dealt_to(self, seat: int) -> list[Card]:
        """The cards chance has dealt to ``seat`` so far."""
        return [c for k, c in enumerate(self.cards)
                if _seat_of_card(self.rules, self.dealer, k) == seat]

    def upcard(self) -> Card:
        """The upcard, once dealt (:data:`UNKNOWN` before, and in forms without one)."""
        return self.cards[0] if self.rules.has_upcard and self.cards else UNKNOWN


class EuchreGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """``python_euchre``: one deal of the preset ``rules`` (see the module docstring).

    An unknown preset is refused with a ``ValueError`` naming the presets.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = _rules_of(params.setdefault("rules", "standard"))
        tensor = params.setdefault("tensor", "compact")
        if tensor not in _TENSORS:
            raise ValueError(f"python_euchre: tensor is compact or openspiel, not {tensor!r}")
        why = openspiel_rules_apply(rules) if tensor == "openspiel" else None
        if why:
            raise ValueError(f"python_euchre: tensor=openspiel: {why}, not "
                             f"rules={params['rules']}")
        low, high = _bounds(rules)
        n = rules.players
        decisions = n * (rules.hand_size + 11) + 10  # the play, the bidding, the rest
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARD_CODES,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=decisions,
        )
        super().__init__(GAME_TYPE, info, params)
        self.rules = rules
        self.tensor: Final[str] = tensor
        """The tensors' encoding: ``compact`` or ``openspiel``."""

    def new_initial_state(self) -> EuchreState:
        """The state before the deal: chance picks the dealer."""
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> EuchreObserver:
        """The observer of one seat's view (observation, or information state with
        ``perfect_recall``)."""
        return EuchreObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params,
            self.tensor)


class EuchreState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """A state of ``python_euchre``: dealing (chance), a seat to act, or the deal over."""

    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        self._table = _Table(game.rules)

    @property
    def engine(self) -> Game | None:
        """The engine's game once the cards are dealt (``None`` while dealing)."""
        return self._table.game

    # -- the pyspiel State API -------------------------------------------------------

    def current_player(self) -> int:
        game = self._table.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return game.to_act

    def _legal_actions(self, player: int) -> list[int]:
        game = self._table.game
        if game is None or game.is_over() or player != game.to_act:
            return []
        return mask_of_actions(game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        table = self._table
        if table.game is not None:
            return []
        if table.dealer < 0:
            n = table.rules.players
            return [(seat, 1.0 / n) for seat in range(n)]
        left = cards_of(deck_mask(table.rules.deck) & ~sum(1 << c for c in table.cards))
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        table = self._table
        game = table.game
        if game is not None:
            game.apply(action_of(int(action)))
            return
        rules = table.rules
        if table.dealer < 0:
            if not 0 <= action < rules.players:
                raise ValueError(f"the dealer is a seat from 0 to {rules.players - 1}")
            table.dealer = int(action)
            return
        if not 0 <= action < NUM_CARD_CODES or action in table.cards or not (
                deck_mask(rules.deck) >> action & 1):
            raise ValueError(f"chance deals a card left in the deck, not {action}")
        table.cards.append(int(action))
        if len(table.cards) == _chance_count(rules):
            deal = _deal_of(rules, table.dealer, table.cards)
            table.game = Game.from_deal(deal, rules, seed=0)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._table.dealer < 0:
                return f"dealer {action}"
            return f"deal {card_name(action)}"
        return str(action_of(int(action)))

    def is_terminal(self) -> bool:
        game = self._table.game
        return game is not None and game.is_over()

    def returns(self) -> list[float]:
        table = self._table
        n = table.rules.players
        game = table.game
        if game is None or not game.is_over():
            return [0.0] * n
        gains = game.results[-1].gains
        return [deal_reward(table.rules, seat, gains) for seat in range(n)]

    def __str__(self) -> str:
        table = self._table
        game = table.game
        if game is None:
            return _dealing_text(table, None, perfect_recall=False)
        lines = [f"dealer {game.dealer}, phase {game.phase.value}"]
        for seat in range(table.rules.players):
            marker = " <- to act" if not game.is_over() and seat == game.to_act else ""
            lines.append(f"{seat}: {_cards(cards_of(game.hand_mask(seat)))}{marker}")
        lines += _view_lines(game.view(game.dealer), hand=False)[1:]  # with the discard
        if game.laid_away:
            lines.append("laid away " + _trick_text(game.laid_away))
        if game.given:
            lines.append("given " + " ".join(f"{g}>{r}:{card_name(c)}" for g, r, c in game.given))
        if game.is_over():
            lines.append("returns " + " ".join(f"{r:g}" for r in self.returns()))
        return "\n".join(lines)

    # -- resampling ------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float] | Any
                                ) -> EuchreState:
        """A state ``player_id`` cannot tell from this one: the same information state,
        the same public actions, and the cards it has not seen dealt again.

        What the seat knows stays: its hand (and the hand it was dealt), the upcard, the
        cards played, the cards shown, its own discard and the cards it gave or received.
        Every other card is placed again at random (:func:`~euchre.players.sampling.sample_hands`)
        where it could be: each seat's unknown cards number as many as before, and none
        is of a suit the seat has shown out of. An upcard the dealer picked up stays in
        the dealer's hand unless the play shows the dealer laid it away (the rule of
        :func:`~euchre.players.knowledge.constraints`). The private actions the seat
        did not see (another seat's discard, a card given between two others) are
        renamed with the cards. ``probability_sampler`` (as OpenSpiel's ISMCTS passes it:
        a callable returning a number in [0, 1)) seeds the draw; a plain ``int`` seed or
        a ``random.Random`` works too. Each draw is checked by replaying it: if none of
        a few draws fits, the state itself is returned (it always fits).
        """
        if not 0 <= player_id < self._table.rules.players:
            raise ValueError(f"player_id: a seat from 0 to {self._table.rules.players - 1}")
        rng = _rng_of(probability_sampler)
        target = self.information_state_string(player_id)
        for _ in range(_RESAMPLE_TRIES):
            state = self._resampled(player_id, rng)
            if state is not None and state.information_state_string(player_id) == target:
                return state
        return self.clone()  # type: ignore[no-any-return]

    def _resampled(self, seat: int, rng: random.Random) -> EuchreState | None:
        """One draw of :meth:`resample_from_infostate` (``None``: it did not replay)."""
        table = self._table
        if table.dealer < 0:
            return self.clone()  # type: ignore[no-any-return]
        cards = list(table.cards)
        actions = [int(a) for a in self.history()[len(cards) + 1:]]
        game = table.game
        if game is None:  # still dealing: the seat's own cards (and the upcard) stay
            return _replayed(self.get_game(), table.dealer, cards, [],
                             _names_while_dealing(table, seat, rng))
        view = game.view(seat)
        unknown = deck_mask(table.rules.deck) & ~view.known_cards().mask
        swapped = _keep_upcard(game, view, unknown, actions, rng)
        if swapped is not None:
            replay = _replayed(self.get_game(), table.dealer, cards, swapped, {})
            if replay is None or replay.engine is None:
                return None
            actions, game = swapped, replay.engine
        names = _names_of_unseen(game, view, unknown, rng)
        if names is None:
            return None
        return _replayed(self.get_game(), table.dealer, cards, actions, names)


def _names_while_dealing(table: _Table, seat: int, rng: random.Random) -> dict[Card, Card]:
    """A random renaming of every card ``seat`` has not seen while chance deals (all but
    its own, unless it deals blind, and the upcard)."""
    up = table.upcard()
    known = 0 if _blind(table.rules, table.dealer, up, seat) else sum(
        1 << c for c in table.dealt_to(seat))
    unknown = deck_mask(table.rules.deck) & ~known & ~(1 << up if up >= 0 else 0)
    return _shuffled_names(cards_of(unknown), cards_of(unknown), rng)


def _names_of_unseen(game: Game, view: PlayerView, unknown: int,
                     rng: random.Random) -> dict[Card, Card] | None:
    """A random renaming of the ``unknown`` cards (those ``view`` does not show) that
    keeps what the seat knows: each seat holds as many of them as before, none of a suit
    it has shown out of (:func:`~euchre.players.sampling.sample_hands` places them), and
    the rest stay out of the hands (kitty, discards). ``None`` when no placement fits."""
    n = game.rules.players
    held = [game.hand_mask(s) & unknown for s in range(n)]
    voids = read_tricks(view)[1]
    allowed = [unknown] * n
    if view.trump is not None:
        masks = tables_of(view).suit_masks[view.trump]
        for s in range(n):
            for suit in range(5):
                if voids[s] >> suit & 1:
                    allowed[s] &= ~masks[suit]
    cons = Constraints(
        players=n,
        fixed=tuple(game.hand_mask(s) & ~unknown for s in range(n)),
        need=tuple(h.bit_count() for h in held),
        allowed=tuple(allowed),
        pool=unknown,
    )
    try:
        (hands,) = sample_hands(cons, rng, 1)
    except ValueError:
        return None
    names: dict[Card, Card] = {}
    for s in range(n):
        names.update(_shuffled_names(cards_of(held[s]), cards_of(hands[s] & unknown), rng))
    spare_before = unknown & ~sum(held)
    spare_after = unknown & ~sum(h & unknown for h in hands)
    names.update(_shuffled_names(cards_of(spare_before), cards_of(spare_after), rng))
    return names


def _rng_of(sampler: Any) -> random.Random:
    """A generator seeded from ``sampler``: a callable giving a number in [0, 1) (as
    OpenSpiel's samplers), an ``int`` seed, or a ``random.Random`` used as it is."""
    if isinstance(sampler, random.Random):
        return sampler
    if isinstance(sampler, int):
        return random.Random(sampler)
    return random.Random(int(float(sampler()) * 2.0**53))


def _shuffled_names(before: Sequence[Card], after: Sequence[Card],
                    rng: random.Random) -> dict[Card, Card]:
    """A random one-to-one renaming of the cards ``before`` as the cards ``after``."""
    order = list(after)
    rng.shuffle(order)
    return dict(zip(before, order, strict=True))


def _renamed(action: int, names: Mapping[Card, Card]) -> int:
    """The id of ``action`` with its card renamed (only cards the seat has not seen are
    renamed: another seat's discard, a card given between two other seats)."""
    taken: Action = action_of(action)
    if isinstance(taken, Discard | Give | Play) and taken.card in names:
        table = DISCARD if isinstance(taken, Discard) else GIVE if isinstance(taken, Give) \
            else PLAY
        return action_id(table[names[taken.card]])
    return action


def _keep_upcard(game: Game, view: PlayerView, unknown: int, actions: list[int],
                 rng: random.Random) -> list[int] | None:
    """The actions with the dealer's discard of the upcard changed to one of its unknown
    cards, where the seat cannot tell the two apart and the play leaves the upcard in the
    dealer's hand possible; ``None`` where there is nothing to change.

    A seat other than the dealer sees an accepted upcard go into the dealer's hand and
    one card come out unseen: a resampled deal keeps the upcard with the dealer (as the
    search bots' :func:`~euchre.players.knowledge.constraints` do) unless the dealer has
    since shown out of its suit, so that what a resample says does not depend on what the
    dealer really laid away."""
    up = game.upcard
    dealer = game.dealer
    if up < 0 or view.seat == dealer or game.discard != up or view.trump is None:
        return None
    suit = tables_of(view).effective[view.trump][up]
    if read_tricks(view)[1][dealer] >> suit & 1:
        return None
    received = sum(1 << c for _, receiver, c in game.given if receiver == dealer)
    options = cards_of(game.hand_mask(dealer) & unknown & ~received)  # held at the exchange
    if not options:
        return None
    discard = action_id(DISCARD[up])
    if discard not in actions:
        return None
    changed = list(actions)
    changed[changed.index(discard)] = action_id(DISCARD[rng.choice(options)])
    return changed


def _replayed(game: Any, dealer: int, cards: Sequence[Card], actions: Iterable[int],
              names: Mapping[Card, Card]) -> EuchreState | None:
    """A new state: ``dealer``, the chance ``cards`` and the player ``actions``, with the
    cards of ``names`` renamed; ``None`` when an action is not legal there."""
    state: EuchreState = game.new_initial_state()
    state.apply_action(dealer)
    for c in cards:
        state.apply_action(names.get(c, c))
    for action in actions:
        renamed = _renamed(action, names) if names else action
        if renamed not in state.legal_actions():
            return None
        state.apply_action(renamed)
    return state


# -- what a seat sees: text and tensors ----------------------------------------------


_NAMES: Final = tuple(card_name(c) for c in range(NUM_CARD_CODES))
"""Each card's text, by code (the strings are made at every node a search visits)."""


def _cards(cards: Iterable[Card]) -> str:
    return " ".join([_NAMES[c] for c in cards]) or "-"


def _trick_text(trick: Sequence[tuple[int, Card]]) -> str:
    return " ".join([f"{seat}:{_NAMES[c]}" for seat, c in trick])


def _view_lines(view: PlayerView, hand: bool = True) -> list[str]:
    """Every field of ``view`` that can change within a deal, one line each (empty
    ones left out)."""
    lines = [f"seat {view.seat}, dealer {view.dealer}, phase {view.phase}, "
             f"to act {view.to_act}"]
    if hand:
        lines.append("hand " + _cards(cards_of(view.hand.mask)))
    if view.upcard >= 0:
        lines.append("upcard " + card_name(view.upcard))
    if view.calls:
        lines.append("calls " + ", ".join(f"{seat}:{action}" for seat, action in view.calls))
    if view.trump is not None:
        lines.append(f"trump {(SUIT_CHARS + 'n')[view.trump]}")
    if view.maker is not None:
        lines.append(f"maker {view.maker}")
    if view.bid is not None:
        lines.append(f"highest {BID[view.bid]}")
    if view.alone:
        lines.append("alone " + " ".join(map(str, view.alone)))
    if view.sitting_out:
        lines.append("sitting out " + " ".join(map(str, view.sitting_out)))
    if view.discard is not None:
        lines.append("discard " + card_name(view.discard))
    if view.shown:
        lines.append("shown " + _trick_text(view.shown))
    if view.laid_away and hand:
        lines.append("laid away " + _cards(view.laid_away))
    if view.given and hand:
        lines.append("given " + " ".join(f"{g}>{r}:{card_name(c)}" for g, r, c in view.given))
    if view.tricks:
        lines.append("tricks " + " / ".join(_trick_text(t) for t in view.tricks))
    if view.trick:
        lines.append("trick " + _trick_text(view.trick))
    return lines


def _dealing_text(table: _Table, seat: int | None, perfect_recall: bool) -> str:
    """The text of a state while chance deals: the dealer, the upcard and (for a seat)
    the cards dealt to it so far."""
    if table.dealer < 0:
        return "dealing: no dealer yet" if seat is None else f"seat {seat}, dealing"
    lines = [f"dealer {table.dealer}, dealing ({len(table.cards)} of "
             f"{_chance_count(table.rules)} cards)"]
    if seat is not None:
        lines[0] = f"seat {seat}, " + lines[0]
    up = table.upcard()
    if up >= 0:
        lines.append("upcard " + card_name(up))
    seats = range(table.rules.players) if seat is None else (seat,)
    for s in seats:
        if seat is not None and _blind(table.rules, table.dealer, up, s):
            continue
        label = "dealt" if perfect_recall else "hand"
        mine = sorted(table.dealt_to(s))
        lines.append(f"{label} {_cards(mine)}" if seat is not None else f"{s}: {_cards(mine)}")
    return "\n".join(lines)


class EuchreObserver:
    """One seat's view of a state, as pyspiel's Python games observe (see
    ``open_spiel/python/observation.py``): the ``compact`` encoding in :attr:`tensor`, or
    OpenSpiel's ``euchre`` layout (``tensor="openspiel"``), pieces by field in
    :attr:`dict`, and the view as text.

    ``perfect_recall`` (the information state) adds the hand the seat was dealt to the
    text; the tensor is the same. Only a single seat's view is observed
    (``private_info=SINGLE_PLAYER`` with the public information).
    """

    def __init__(self, iig_obs_type: Any, params: Mapping[str, Any] | None,
                 tensor: str = "compact") -> None:
        if params:
            raise ValueError(f"python_euchre: observation parameters are not supported, "
                             f"not {dict(params)!r}")
        if (not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("python_euchre observes one seat's view: public information "
                             "and the seat's own private information")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.openspiel = tensor == "openspiel"
        if self.openspiel:
            self.tensor = np.zeros(sum(size for _, size in OPENSPIEL_FIELDS), np.float32)
            at = _offsets(OPENSPIEL_FIELDS)
            self.dict = {name: self.tensor[at[name]:at[name] + size]
                         for name, size in OPENSPIEL_FIELDS}
            return
        self.tensor = np.zeros(COMPACT_SIZE, np.float32)
        self.dict = {name: self.tensor[_OFFSET[name]:_OFFSET[name] + size].reshape(
            _SHAPES.get(name, (size,))) for name, size in COMPACT_FIELDS}

    def set_from(self, state: EuchreState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        table = state._table
        game = table.game
        if game is not None:
            view = game.view(player)
            self.tensor[:] = encode_openspiel(view) if self.openspiel else encode_compact(view)
            return
        if self.openspiel:  # while dealing: the dealer, the upcard, the cards dealt so far
            self.tensor.fill(0)
            if table.dealer >= 0:
                self.dict["dealer"][table.dealer] = 1
            if table.upcard() >= 0:
                self.dict["upcard"][openspiel_card(table.upcard())] = 1
            for c in table.dealt_to(player):
                self.dict["hand"][openspiel_card(c)] = 1
            return
        tensor = self.tensor
        tensor.fill(0)
        rules = table.rules
        tensor[_OFFSET["players"] + rules.players - 1] = 1
        if table.dealer < 0:
            return
        tensor[_OFFSET["dealer"] + (table.dealer - player) % rules.players] = 1
        up = table.upcard()
        if up >= 0:
            tensor[_OFFSET["upcard"] + up] = 1
        if not _blind(rules, table.dealer, up, player):
            for c in table.dealt_to(player):
                tensor[_OFFSET["hand"] + c] = 1

    def string_from(self, state: EuchreState, player: int) -> str:
        """``player``'s view of ``state`` as text (with the hand it was dealt, for the
        information state)."""
        table = state._table
        game = table.game
        if game is None:
            return _dealing_text(table, player, self.perfect_recall)
        view = game.view(player)
        lines = _view_lines(view)
        if self.perfect_recall and not (view.phase == "benny" and player == view.dealer):
            lines.insert(1, "dealt " + _cards(sorted(game.deals[0].hands[player])))
        return "\n".join(lines)


pyspiel.register_game(GAME_TYPE, EuchreGame)
