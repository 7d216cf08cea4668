"""The learned bidding's encoding and look-up (euchre.players.bidding_tables) and the
bot that plays by it (euchre.players.cfr): the public tree is the engine's, suits
relabel consistently, tables round-trip, and the bot is legal with or without one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.engine.actions import CALL, DISCARD, Action, Call, Discard
from euchre.engine.cards import card_rank, card_suit, same_colour
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.players import play_game
from euchre.players.bidding_tables import (
    FORMAT,
    MARK_UNVISITED,
    PublicTree,
    Table,
    action_of,
    bidding_key,
    forget_tables,
    hand_index,
    labelling,
    locate,
    policy,
    search_folder,
    supported_presets,
    table_for,
    write_table,
)

PRESETS = ["standard", "tournament"]


def _one_deal(name: str) -> Rules:
    return Rules.preset(name).replace(target=0, deals=1)


def _pick(rng: random.Random, game: Game) -> Action:
    """A random legal action, round one passed four times in five (so that round two
    and its calls are reached often)."""
    legal = game.legal_actions()
    if game.phase is Phase.BID1 and rng.random() < 0.8:
        return legal[0]
    return rng.choice(legal)


def _walk_with_engine(rules: Rules, seed: int) -> int:
    """Play one deal's bidding with random legal actions, checking at every decision
    that the tree's node, seat and actions are the engine's; returns the decisions."""
    tree = PublicTree.of(rules)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    node = tree.nodes[0]
    checked = 0
    while game.phase in (Phase.BID1, Phase.EXCHANGE, Phase.BID2, Phase.ALONE):
        view = game.view(game.to_act)
        place = locate(tree, view)
        assert place is not None, (seed, game.calls)
        assert place.node.index == node.index
        assert place.node.phase == game.phase.value
        assert place.node.seat == (game.to_act - game.dealer - 1) % 4
        mapped = [action_of(place, slot, view) for slot in range(len(node.actions))]
        legal = game.legal_actions()
        assert sorted(map(str, mapped)) == sorted(map(str, legal)), (node, mapped, legal)
        action = _pick(rng, game)
        slot = [str(a) for a in mapped].index(str(action))
        game.apply(action)
        checked += 1
        child = node.children[slot]
        if child < 0:
            leaf = tree.leaves[-1 - child]
            assert leaf.maker < 0 or game.phase.value == "play"
            if leaf.maker < 0:
                assert game.results[-1].thrown_in
            break
        node = tree.nodes[child]
    if game.phase.value == "play":
        assert game.maker is not None and game.trump is not None
        leaf = tree.leaves[-1 - child]
        assert leaf.maker == (game.maker - game.dealer - 1) % 4
        assert tuple((a - game.dealer - 1) % 4 for a in game.alone) == leaf.alone
        up = card_suit(game.upcard)
        trump_class = ("T" if game.trump == up else "N" if game.trump == same_colour(up)
                       else "X")
        assert leaf.trump == trump_class
    return checked


@pytest.mark.parametrize("name", PRESETS)
def test_the_tree_is_the_engines_bidding(name: str) -> None:
    rules = _one_deal(name)
    decisions = sum(_walk_with_engine(rules, seed) for seed in range(2000))
    assert decisions > 2000 * 5


def test_the_tree_counts() -> None:
    standard = PublicTree.of(Rules())
    assert [n.phase for n in standard.nodes].count("alone") == 96
    assert len(standard.leaves) == 12 * 9 + 1
    tournament = PublicTree.of(Rules.preset("tournament"))
    assert [n.phase for n in tournament.nodes].count("alone") == 12
    stuck = [n for n in tournament.nodes if n.phase == "bid2" and n.seat == 3]
    assert stuck[0].actions == ("call N", "call X1", "call X2")
    assert supported_presets() == ["standard", "tournament", "openspiel"]


def test_hand_indices_are_dense_and_distinct() -> None:
    rng = random.Random(5)
    deck = [c for c in range(32) if card_rank(c) >= 2]
    seen23: dict[int, int] = {}
    for _ in range(3000):
        up = rng.choice(deck)
        hand = rng.sample([c for c in deck if c != up], 5)
        mask = sum(1 << c for c in hand)
        for lab in (0, 1):
            i23 = hand_index(mask, up, lab)
            assert 0 <= i23 < 33649
            assert 0 <= hand_index(mask, up, lab, True) < 42504
            key = i23 * 24 + card_rank(up) * 4 + card_suit(up)
            # the same index under one upcard and labelling is the same hand
            assert seen23.setdefault(key * 2 + lab, mask) == mask


def _swap(c: int, up: int) -> int:
    """The card with the two cross suits of ``up`` exchanged."""
    suit = card_suit(c)
    if suit in (card_suit(up), same_colour(card_suit(up))):
        return c
    low, high = sorted(set(range(4)) - {card_suit(up), same_colour(card_suit(up))})
    return (high if suit == low else low) * 8 + c % 8


def _swap_action(action: Action, up: int) -> Action:
    if isinstance(action, Call):
        return CALL[card_suit(_swap(action.suit * 8 + 2, up))]
    if isinstance(action, Discard):
        return DISCARD[_swap(action.card, up)]
    return action


def _swapped_deal(deal: Deal) -> Deal:
    up = deal.upcard
    return Deal(deal.dealer, tuple(tuple(_swap(c, up) for c in h) for h in deal.hands), up,
                tuple(_swap(c, up) for c in deal.kitty))


@pytest.mark.parametrize("name", PRESETS)
def test_a_cross_suit_swap_is_the_same_state(name: str) -> None:
    rules = _one_deal(name)
    tree = PublicTree.of(rules)
    compared = 0
    for seed in range(600):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        twin = Game(rules, deals=[_swapped_deal(game.deals[0])])
        up = game.upcard
        while game.phase in (Phase.BID1, Phase.EXCHANGE, Phase.BID2, Phase.ALONE):
            view, twin_view = game.view(game.to_act), twin.view(twin.to_act)
            place, twin_place = locate(tree, view), locate(tree, twin_view)
            assert place is not None and twin_place is not None
            assert (place.node.index, place.hand, place.slot) == (
                twin_place.node.index, twin_place.hand, twin_place.slot)
            mine = [_swap_action(action_of(place, s, view), up)
                    for s in range(len(place.node.actions))]
            theirs = [action_of(twin_place, s, twin_view) for s in range(len(mine))]
            hand24 = place.node.hand24
            symmetric = hand_index(view.hand.mask, up, 0, hand24) == hand_index(
                view.hand.mask, up, 1, hand24)
            if symmetric:  # either labelling: the same actions, perhaps in another order
                assert sorted(map(str, mine)) == sorted(map(str, theirs))
            else:
                assert mine == theirs
            action = _pick(rng, game)
            game.apply(action)
            twin.apply(_swap_action(action, up))
            compared += 1
    assert compared > 600 * 5


def test_labelling_is_forced_by_a_cross_call() -> None:
    from euchre.engine.cards import mask_of, parse_card, parse_cards

    up = parse_card("9h")
    hand = mask_of(parse_cards("Jh Jd Ac Kc 9s"))
    free = labelling(hand, up, -1)
    assert labelling(hand, up, free[0]) == free
    assert labelling(hand, up, 1 - free[0])[1] >= free[1]


# -- tables ----------------------------------------------------------------------------


def _fake_table(folder: Path, rules: Rules, value: int, visited_every: int = 1) -> Path:
    """A table saying ``value`` (of 250) for the last action of every visited state
    (those whose ordinal is a multiple of ``visited_every``), the rest for the first."""
    tree = PublicTree.of(rules)
    body = bytearray()
    for node in tree.nodes:
        k = len(node.actions)
        seen = bytes([250 - value] + [0] * (k - 2) + [value])
        unseen = bytes([MARK_UNVISITED] + [0] * (k - 1))
        if visited_every == 1:
            body += seen * node.states
        elif visited_every == 2:
            pair = seen + unseen if node.first_state % 2 == 0 else unseen + seen
            body += pair * (node.states // 2) + pair[:k] * (node.states % 2)
        else:
            body += (seen if node.first_state == 0 else unseen) + unseen * (node.states - 1)
    assert len(body) == tree.slots
    header = {"format": FORMAT, "rules": rules.to_dict(), "bidding_key": bidding_key(rules),
              "fingerprint": tree.fingerprint, "iterations": 0, "seed": 0}
    path = folder / "bidding-test.xz"
    write_table(path, header, bytes(body), level=0)
    return path


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder the tables are looked for in, alone (the shipped ones left aside)."""
    from euchre.players import bidding_tables

    monkeypatch.setattr(bidding_tables, "_SEARCH", [])
    search_folder(tmp_path)
    yield tmp_path
    forget_tables()


def test_a_table_is_found_by_its_rules_and_read_lazily(tables: Path) -> None:
    rules = Rules.preset("tournament")
    path = _fake_table(tables, rules, 200)
    assert path.stat().st_size < 25 * 2**20
    table = table_for(rules.replace(target=5))
    assert table is not None and table._body is None
    assert table_for(Rules()) is None
    assert table_for(Rules.preset("openspiel")) is table  # the same bidding key
    game = Game(rules, seed=1)
    probs = policy(game.view(game.to_act), game.legal_actions())
    assert probs is not None and table._body is not None
    assert probs[game.legal_actions()[-1]] == pytest.approx(0.8)
    assert json.loads(json.dumps(table.header))["fingerprint"] == PublicTree.of(
        rules).fingerprint


def test_an_unvisited_state_has_no_policy(tables: Path) -> None:
    rules = Rules.preset("tournament")
    _fake_table(tables, rules, 200, visited_every=3)  # only state 0 visited
    misses = 0
    for seed in range(20):
        game = Game(rules, seed=seed)
        misses += policy(game.view(game.to_act), game.legal_actions()) is None
    assert misses >= 19


def test_a_table_of_another_tree_is_not_used(tables: Path) -> None:
    rules = Rules.preset("tournament")
    path = _fake_table(tables, rules, 200)
    table = Table.read_header(path)
    header = dict(table.header, fingerprint="0" * 16)
    write_table(path, header, b"\0")
    forget_tables()
    assert table_for(rules) is None


# -- the bot ---------------------------------------------------------------------------


def _quick_cfr(seed: int) -> object:
    from euchre.players.cfr import CfrPlayer

    return CfrPlayer(seed=seed, samples=4, bid_samples=4, time_limit=None)


@pytest.mark.parametrize("with_table", [True, False])
def test_the_cfr_bot_plays_legally(with_table: bool, tables: Path) -> None:
    from euchre.players.cfr import CfrPlayer

    rules = Rules.preset("tournament").replace(target=0, deals=3)
    if with_table:
        _fake_table(tables, rules, 240, visited_every=2)
    players = [CfrPlayer(seed=s, samples=4, bid_samples=4, time_limit=None) for s in range(4)]
    game = Game(rules, seed=11)
    play_game(game, players)  # an illegal action would raise
    assert game.is_over()
    from_table = sum(p.table_decisions for p in players)
    assert (from_table > 0) == with_table
    assert sum(p.fallback_decisions for p in players) > 0


def test_the_cfr_bot_falls_back_without_a_table() -> None:
    from euchre.players.cfr import CfrPlayer

    rules = Rules.preset("two-handed").replace(target=0, deals=1)
    players = [CfrPlayer(seed=s, samples=4, bid_samples=4, time_limit=None) for s in range(2)]
    game = Game(rules, seed=2)
    play_game(game, players)
    assert sum(p.table_decisions for p in players) == 0
