#!/usr/bin/env python3
"""OpenSpiel's ISMCTS as an external bot (docs/protocol.md), on OpenSpiel's own ``euchre``.

    euchre arena expert "ext:.venv/bin/python benchmarks/ismcts_bot.py --seed {seed}" \\
        --rules tournament --games 10 --duplicate --time-limit 120

Every decision of the seat (bidding, the dealer's discard, going alone, each card) is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (``mcts.RandomRolloutEvaluator`` with one
rollout, ``uct_c=2.0``, ``--simulations`` simulations, the most visited action) searching
OpenSpiel's C++ game ``euchre`` (its default parameters: stick the dealer, no lone
defender). It needs the ``openspiel`` extra (``pip install 'euchre[openspiel]'``). One
change to the search: its nodes are keyed by the information-state string and the
bidding (:class:`KeyedIsmcts`), because OpenSpiel's string leaves out the suit of a
round-two call by the dealer's left (without it, the search fails on such deals).

What the search sees. The protocol's view (``euchre.protocol``) is what this seat may
know; the program rebuilds OpenSpiel states from it and nothing else. Each simulation
starts from a fresh state (the bot's resampler, ``ISMCTSBot.set_resampler``) in which the
cards the seat has not seen are dealt again at random by the engine's own sampler
(:func:`euchre.players.knowledge.constraints` and
:func:`euchre.players.sampling.sample_hands`, the ``expert`` bot's): the seat's own hand,
the upcard and every card played stay where they are; an accepted upcard stays with the
dealer until played; a seat that has shown out of a suit gets none of it; each hand
holds as many cards as it really does; the rest of the unseen cards (the kitty, the
dealer's face-down discard, a lone maker's partner's hand) are placed uniformly among
those places. The public actions (calls, the going-alone answer, the cards played) are
replayed as they happened, and the dealer's discard, seen only by the dealer, is a card
of that sample's leftover cards. Every state so built has exactly the seat's
OpenSpiel information state (ISMCTS checks it at every simulation). OpenSpiel's own
``EuchreState.ResampleFromInfostate`` is not used: it keeps the undealt cards (the
kitty) and the dealer's discard where they really are, which would tell the search
four hidden cards.

The rules: OpenSpiel's ``euchre`` is one deal of the ``openspiel`` preset (the dealer
must take the upcard, stick the dealer, only the maker may go alone, no lone defender,
the first lead from the dealer's left, or the seat after it when that one sits out);
games to 10 of such deals are the ``tournament`` preset (docs/rules.md). Under any other
rules the program refuses the first decision with one line naming the options that
differ (the arena's start-up check then stops before the match). It plays one deal at a
time, as OpenSpiel's game is: it maximises the points of the deal and never looks at the
score.

``--timing FILE`` appends one line per decision searched (``seconds phase legal``) for
``benchmarks/outside_bots.py`` to report the time a move takes.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from euchre.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    ORDER,
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
from euchre.engine.cards import card_suit, cards_of, deck_mask
from euchre.engine.deal import DealResult
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.envs.encoders import openspiel_card
from euchre.players.knowledge import constraints, read_tricks
from euchre.players.sampling import sample_hands
from euchre.protocol import ProtocolError, serve

__all__ = ["IsmctsPlayer", "KeyedIsmcts", "openspiel_action", "openspiel_state",
           "rules_mismatch"]

OS_PASS: Final = 24
"""OpenSpiel ``euchre``'s pass; 25..28 name clubs, diamonds, hearts, spades trump (round
one's order up names the upcard's suit); 29 goes alone, 30 plays with the partner; 0..23
are cards (:func:`euchre.envs.encoders.openspiel_card`), discarded or played."""
OS_SUIT: Final = 25
OS_ALONE: Final = 29
OS_STAY: Final = 30
HAND: Final = 5
SEATS: Final = 4

_OUR_CARD: Final = {openspiel_card(c): c for c in cards_of(deck_mask(24))}
"""Our card code of each OpenSpiel card index."""

_GAME_LEVEL: Final = ("target", "deals", "laps", "slam", "deal_pattern")
"""Options that change the game around the deals, not a deal: OpenSpiel's ``euchre`` is
one deal (and deals each card uniformly at random, as the 3-2 pattern from a shuffled
pack does)."""


def rules_mismatch(rules: Rules) -> list[str]:
    """The options of ``rules`` under which a deal is not OpenSpiel's ``euchre`` (the
    ``openspiel`` preset, its default parameters), as ``name=value (needs other)``;
    empty when every deal plays identically in both engines."""
    reference = Rules.preset("openspiel")
    skip = set(_GAME_LEVEL)
    if not rules.lone_defender:  # the lone defender's scoring never applies then
        skip |= {"lone_defender_scoring", "lone_defender_needs_loner"}
    found = []
    for field in dataclasses.fields(Rules):
        ours, theirs = getattr(rules, field.name), getattr(reference, field.name)
        if field.name not in skip and ours != theirs:
            found.append(f"{field.name}={ours} (needs {theirs})")
    return found


def openspiel_action(action: Action, upcard: int) -> int:
    """OpenSpiel ``euchre``'s id of one of our actions (the upcard names round one's
    suit)."""
    if isinstance(action, Pass):
        return OS_PASS
    if isinstance(action, Order):
        return OS_SUIT + card_suit(upcard)
    if isinstance(action, Call):
        return OS_SUIT + action.suit
    if isinstance(action, GoAlone):
        return OS_ALONE if action.alone else OS_STAY
    if isinstance(action, Discard | Play):
        return openspiel_card(action.card)
    raise ValueError(f"OpenSpiel's euchre has no action like {action}")


def our_action(os_action: int, view: PlayerView) -> Action:
    """Our action for OpenSpiel ``euchre``'s id ``os_action`` in the phase of ``view``."""
    if os_action == OS_PASS:
        return PASS
    if OS_SUIT <= os_action < OS_ALONE:
        return ORDER if view.phase == "bid1" else CALL[os_action - OS_SUIT]
    if os_action in (OS_ALONE, OS_STAY):
        return ALONE if os_action == OS_ALONE else STAY
    card = _OUR_CARD[os_action]
    return DISCARD[card] if view.phase == "exchange" else PLAY[card]


@dataclasses.dataclass(frozen=True, slots=True)
class _Public:
    """What a view says of the deal, as OpenSpiel actions: the calls up to round one's
    order (``before``), whether the dealer has laid a card away since, and the actions
    after (``after``: the going-alone answer, the cards played)."""

    before: tuple[int, ...]
    exchanged: bool
    after: tuple[int, ...]
    played: tuple[int, ...]
    """Per seat, the cards it has played (masks)."""


def _public(view: PlayerView) -> _Public:
    before: list[int] = []
    after: list[int] = []
    ordered = False
    for _, action in view.calls:
        (after if ordered else before).append(openspiel_action(action, view.upcard))
        ordered = ordered or isinstance(action, Order)
    for trick in (*view.tricks, view.trick):
        after.extend(openspiel_card(c) for _, c in trick)
    exchanged = ordered and view.phase != "exchange"
    return _Public(tuple(before), exchanged, tuple(after), tuple(read_tricks(view)[0]))


def _dealt(view: PlayerView, public: _Public, hands: Sequence[int],
           rng: random.Random) -> tuple[list[int], int | None]:
    """The five cards each seat was dealt (masks) for one sample ``hands`` (each seat's
    cards now, from :func:`sample_hands`), and the dealer's discard (``None`` before the
    exchange or when nobody ordered up).

    A seat was dealt what it holds and what it has played; a seat sitting out holds five
    of the unseen cards no hand holds (a dealer who took the upcard: it and four). The
    dealer who took the upcard was dealt the card it laid away instead of the upcard:
    its own view's ``discard``, or for another seat one of those leftover cards,
    uniformly (the kitty's three and the discard are alike to the seat)."""
    spare_mask = constraints(view).pool
    for mask in hands:
        spare_mask &= ~mask
    spare = cards_of(spare_mask)
    rng.shuffle(spare)
    dealt = [hands[s] | public.played[s] for s in range(SEATS)]
    dealer = view.dealer
    for seat in view.sitting_out:
        if seat != view.seat and dealt[seat] == 0:
            if public.exchanged and seat == dealer:  # it took the upcard, then sat out
                dealt[seat] |= 1 << view.upcard
            while dealt[seat].bit_count() < HAND:
                dealt[seat] |= 1 << spare.pop()
    discard: int | None = None
    if public.exchanged:
        discard = view.discard if view.seat == dealer and view.discard is not None \
            else spare.pop()
        dealt[dealer] = dealt[dealer] & ~(1 << view.upcard) | 1 << discard
    for seat, mask in enumerate(dealt):
        if mask.bit_count() != HAND:
            raise ValueError(f"seat {seat} would be dealt {mask.bit_count()} cards")
    return dealt, discard


def openspiel_state(game: Any, view: PlayerView, hands: Sequence[int], rng: random.Random,
                    public: _Public | None = None) -> Any:
    """OpenSpiel ``euchre``'s state of the deal of ``view`` with the hands ``hands`` (each
    seat's cards now, agreeing with the view: :func:`sample_hands` of
    :func:`~euchre.players.knowledge.constraints`): the dealer, the 20 cards dealt
    (OpenSpiel deals card ``k`` to seat ``(dealer + k) % 4``; our seats are its players),
    the upcard, then every public action, the dealer's discard after round one's order
    up."""
    public = public or _public(view)
    masks, discard = _dealt(view, public, hands, rng)
    dealt = [cards_of(mask) for mask in masks]
    state = game.new_initial_state()
    state.apply_action(view.dealer)
    for k in range(SEATS * HAND):
        state.apply_action(openspiel_card(dealt[(view.dealer + k) % SEATS].pop()))
    state.apply_action(openspiel_card(view.upcard))
    for action in public.before:
        state.apply_action(action)
    if discard is not None:
        state.apply_action(openspiel_card(discard))
    for action in public.after:
        state.apply_action(action)
    return state


DEALT: Final = 1 + SEATS * HAND + 1
"""The chance actions before the bidding in OpenSpiel ``euchre``'s history: the dealer,
20 cards, the upcard."""


def bidding_of(history: Sequence[int]) -> tuple[int, ...]:
    """The bidding in an OpenSpiel ``euchre`` history: its passes and the call that
    ends it (public to every seat)."""
    calls: list[int] = []
    for action in history[DEALT:DEALT + 2 * SEATS]:
        calls.append(action)
        if action != OS_PASS:
            break
    return tuple(calls)


class KeyedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel has no type hints
    """OpenSpiel's ``ISMCTSBot`` with its nodes keyed by the information-state string
    *and the bidding*.

    OpenSpiel ``euchre``'s information-state string writes a call in round two by the
    dealer's left as "Pick up!", without its suit, so states that differ in trump share
    a key (and a node, whose legal actions then differ from the state's: the search
    fails with a ``KeyError``). The bidding, public, tells them apart; nothing else
    changes."""

    def get_state_key(self, state: Any) -> tuple[int, str, tuple[int, ...]]:
        player, text = super().get_state_key(state)
        return player, text, bidding_of(state.history())


class IsmctsPlayer:
    """A :class:`~euchre.engine.player.Player` deciding with OpenSpiel's ISMCTS on
    OpenSpiel's ``euchre`` (the module docstring says what the search sees)."""

    def __init__(self, simulations: int = 1000, seed: int = 0, uct_c: float = 2.0,
                 timing: str | None = None) -> None:
        self.game = pyspiel.load_game("euchre")
        self.rng = random.Random(seed)
        state = np.random.RandomState(seed % 2**32)
        self.bot = KeyedIsmcts(
            self.game, mcts.RandomRolloutEvaluator(1, state), uct_c=uct_c,
            max_simulations=simulations, random_state=state)
        self.simulations = simulations
        self.timing = timing
        self._checked: Rules | None = None

    def _check(self, rules: Rules) -> None:
        if rules == self._checked:
            return
        found = rules_mismatch(rules)
        if found:
            raise ValueError("OpenSpiel's euchre does not play these rules: "
                             + ", ".join(found) + "; play --rules tournament")
        self._checked = rules

    def _samples(self, view: PlayerView) -> Iterator[tuple[int, ...]]:
        cons = constraints(view)
        while True:
            yield from sample_hands(cons, self.rng, self.simulations + 1)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self._check(view.rules)
        if len(legal) == 1:
            return legal[0]
        public = _public(view)
        samples = self._samples(view)
        root = openspiel_state(self.game, view, next(samples), self.rng, public)
        mine = sorted(openspiel_action(a, view.upcard) for a in legal)
        if mine != sorted(root.legal_actions()):
            raise ValueError(f"OpenSpiel's legal actions {sorted(root.legal_actions())} are "
                             f"not ours {mine}")

        def resample(state: Any, player: int) -> Any:
            return openspiel_state(self.game, view, next(samples), self.rng, public)

        self.bot.set_resampler(resample)
        start = time.perf_counter()
        chosen = our_action(int(self.bot.step(root)), view)
        if self.timing:
            with open(self.timing, "a", encoding="utf-8") as out:
                out.write(f"{time.perf_counter() - start:.4f} {view.phase} {len(legal)}\n")
        if chosen not in legal:
            raise ValueError(f"ISMCTS chose {chosen}, which is not legal")
        return chosen

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        """Nothing to remember: each decision is searched afresh."""

    def game_over(self, view: PlayerView) -> None:
        """Nothing to remember."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=1000,
                        help="ISMCTS simulations per decision (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed")
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT's constant (2.0)")
    parser.add_argument("--timing", metavar="FILE",
                        help="append 'seconds phase legal' for each decision searched")
    args = parser.parse_args(argv)
    if args.simulations < 1:
        parser.error("--simulations: at least 1")
    player = IsmctsPlayer(args.simulations, args.seed, args.uct_c, args.timing)
    try:
        serve(player, sys.stdin, sys.stdout, sys.stderr)
    except ProtocolError as error:
        print(f"ismcts_bot: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
