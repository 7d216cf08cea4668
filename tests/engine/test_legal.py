"""The legal actions and the refusals from a view (:mod:`euchre.engine.legal`) are the
game's own (:meth:`Game.legal_actions`, :meth:`Game.verify`), at random states of every
form.

Rules are drawn as in ``test_forms_properties.py``: a preset of ``Rules.preset`` (every
name of :data:`~euchre.engine.rules.PRESETS`), or a form and a random mix of the options
it takes. Each game is played with random legal actions; at every step the view of the
seat to act must give the game's legal actions, in order, and for a sample of actions of
every kind (the legal ones, every card the seat holds and some it does not, every suit,
every bid, declarations of its cards and of others) the same :class:`Reason` code the
game refuses them with. The views of the other seats offer nothing and refuse everything
as not their turn; once the game is over, everything is refused as such. Sizes keep the
file to a few seconds.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    CALL,
    DECLINE,
    FARMER,
    GO_UNDER,
    ORDER,
    PASS,
    STAY,
    THROW_IN_HAND,
    Action,
    Declare,
    Discard,
    Give,
    Play,
)
from euchre.engine.cards import EUCHRE_DECKS, UNKNOWN, cards_of, deck_has_benny, deck_mask
from euchre.engine.game import Game, Phase
from euchre.engine.legal import PHASE_ACTIONS, legal_actions, refusal
from euchre.engine.rules import APPLIES, PRESETS, Rules
from euchre.errors import IllegalActionError, Reason, RulesError

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
CAP = 200
"""Actions of a game checked at most (a game may go on; its start and middle are what
the checks need)."""

FORMS = ("four_handed", "two_handed", "three_handed", "hasenpfeffer", "napoleon")
VALUES: dict[str, st.SearchStrategy[object]] = {
    "benny_upcard": st.sampled_from(["skip_round_one", "dealer_names", "hearts"]),
    "throw_in": st.sampled_from(["none", "no_ace_no_face"]),
    "loner_lead": st.sampled_from(["left_of_loner", "left_of_dealer"]),
    "partners_best": st.sampled_from(["none", "loner", "loner_and_defender"]),
    "partners_best_order": st.sampled_from(["discard_first", "receive_first"]),
    "hasen_bidding": st.sampled_from(["one_round", "auction"]),
    "widow": st.sampled_from(["unused", "bidder_takes"]),
    "nap_min_bid": st.sampled_from([2, 1]),
    "nap_all_pass": st.sampled_from(["dealer_bids_one", "throw_in"]),
}
"""The values drawn for the options that decide what is legal and are not true/false
(the scoring options are left at their defaults: they change no decision)."""


def short(rules: Rules, deals: int) -> Rules:
    """The rules with a game of a few deals."""
    return rules.replace(target=0, deals=deals)


@st.composite
def preset_rules(draw: st.DrawFn) -> Rules:
    return short(PRESETS[draw(st.sampled_from(sorted(PRESETS)))], draw(st.integers(1, 3)))


@st.composite
def mixed_rules(draw: st.DrawFn) -> Rules:
    """A form, then a random value for some of the options it takes."""
    form = draw(st.sampled_from(FORMS))
    options: dict[str, object] = {"form": form}
    if form in ("four_handed", "two_handed", "three_handed"):
        options["deck"] = draw(st.sampled_from(EUCHRE_DECKS))
    if form == "napoleon":
        options["players"] = draw(st.integers(2, 7))
    for option, takers in APPLIES.items():
        if form not in takers or option in ("laps", "slam") or not draw(st.booleans()):
            continue
        if option == "benny_upcard" and not deck_has_benny(int(str(options["deck"]))):
            continue
        if option in VALUES:
            options[option] = draw(VALUES[option])
        elif isinstance(getattr(Rules(), option), bool):
            options[option] = draw(st.booleans())
    if options.get("blucher"):
        options["wellington"] = True
    if options.get("partners_best") == "loner_and_defender":
        options["lone_defender"] = True
    try:
        return short(Rules(**options), draw(st.integers(1, 3)))  # type: ignore[arg-type]
    except RulesError:
        assume(False)
        raise  # pragma: no cover - assume(False) never returns


RULES = st.one_of(preset_rules(), mixed_rules())


def game_reason(game: Game, action: Action, seat: int | None = None) -> Reason | None:
    """The code :meth:`Game.verify` refuses ``action`` with (``None``: it is legal)."""
    try:
        game.verify(action, seat)
    except IllegalActionError as error:
        return error.code
    return None


def candidates(game: Game, rng: random.Random) -> list[Action]:
    """Actions of every kind to try now: the legal ones; each card the seat to act holds
    (and the upcard) played, discarded and given; a few cards it does not hold and the
    unknown card; every suit and every bid; declarations of its own cards and of others;
    the actions without an argument."""
    deck = cards_of(deck_mask(game.rules.deck))
    hand = cards_of(game.hand_mask(game.to_act)) if not game.is_over() else []
    own = [*hand, *([game.upcard] if game.upcard >= 0 else [])]
    others = [c for c in deck if c not in own]
    cards = [*own, *rng.sample(others, min(3, len(others))), UNKNOWN]
    out: list[Action] = list(game.legal_actions())
    out += [kind(c) for kind in (Play, Discard, Give) for c in cards]
    out += [PASS, ORDER, ALONE, STAY, BEST, DECLINE, THROW_IN_HAND, *CALL]
    out += [BID[v] for v in sorted(BID)]
    for what in (FARMER, GO_UNDER):
        mine = list(combinations(hand, 3))
        out += [Declare(what, three) for three in rng.sample(mine, min(2, len(mine)))]
        out.append(Declare(what, tuple(sorted(rng.sample(deck, 3)))))
    return out


def check_state(game: Game, rng: random.Random) -> set[Reason | None]:
    """The view of each seat gives the game's legal actions and refusals now; the
    reasons met (the seat to act's)."""
    seats = range(game.rules.players)
    tries = candidates(game, rng)
    if game.is_over():
        view = game.view(rng.choice(seats))
        assert legal_actions(view) == [] == game.legal_actions()
        for action in rng.sample(tries, 5):
            assert refusal(view, action) is Reason.GAME_OVER is game_reason(game, action)
        return {Reason.GAME_OVER}
    to_act = game.to_act
    view = game.view(to_act)
    assert legal_actions(view) == game.legal_actions(), (game.phase, view)
    kinds = PHASE_ACTIONS[view.phase]
    mine = [a for a in tries if isinstance(a, kinds)]  # a few of the other kinds
    mine += rng.sample([a for a in tries if not isinstance(a, kinds)], 4)
    met = set()
    for action in mine:
        reason = refusal(view, action)
        assert reason is game_reason(game, action), (game.phase, str(action), view)
        met.add(reason)
    other = rng.choice([s for s in seats if s != to_act])
    view = game.view(other)
    assert legal_actions(view) == []
    for action in rng.sample(tries, 3):
        assert refusal(view, action) is Reason.NOT_YOUR_TURN is game_reason(game, action, other)
    return met


def play_and_check(game: Game, seed: int, lean: float = 0.0) -> set[Reason | None]:
    """Random legal actions (the first one, a pass where there is one, with probability
    ``lean``), each state checked; the reasons met."""
    rng = random.Random(seed)
    met: set[Reason | None] = set()
    for _ in range(CAP):
        met |= check_state(game, rng)
        if game.is_over():
            break
        legal = game.legal_actions()
        game.apply(legal[0] if rng.random() < lean else rng.choice(legal))
    return met


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_legal_actions_and_refusals_from_a_view_are_the_games(
        rules: Rules, seed: int, moves: int) -> None:
    play_and_check(Game(rules, seed=seed), moves)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_from_its_views(name: str) -> None:
    met = play_and_check(Game(short(PRESETS[name], 2), seed=11), 5)
    assert {None, Reason.WRONG_DECISION, Reason.NOT_HELD} <= met


def test_every_reason_is_met() -> None:
    """The forms between them refuse for every reason a view can give (a record's
    unknown card, which no view shows, aside)."""
    met: set[Reason | None] = set()
    for rules in (Rules(stick_the_dealer=True, dealer_must_take_upcard=True),
                  Rules(deck=25, benny_upcard="dealer_names", farmers=True),
                  Rules.preset("napoleon"), Rules(no_trump=True)):
        for seed in range(2):
            met |= play_and_check(Game(short(rules, 3), seed=seed), seed, lean=0.8)
    assert met >= set(Reason) - {Reason.NOT_YOUR_TURN}


def test_every_phase_names_its_kinds_of_action() -> None:
    assert set(PHASE_ACTIONS) == {phase.value for phase in Phase}
    assert PHASE_ACTIONS[Phase.OVER] == ()
