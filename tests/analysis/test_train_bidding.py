"""Training the bidding by MCCFR (euchre.analysis.train_bidding, train_runs, ``euchre
train``): leaf values are the engine's scores of double-dummy play, runs are
reproducible and resumable, checkpoints and tables are checked."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import numpy as np
import pytest

from euchre.analysis.train_bidding import DealValues, Walker, new_arrays, sample_deal
from euchre.analysis.train_runs import (
    CHECKPOINT,
    LOG,
    export,
    figures,
    heldout_value,
    load_checkpoint,
    train,
)
from euchre.cli.main import main
from euchre.engine.cards import JACK, card_rank, card_suit, cards_of, same_colour
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.scoring import deal_score, score_deal
from euchre.players.bidding_tables import (
    MARK_UNVISITED,
    QUANTA,
    PublicTree,
    Table,
    action_of,
    locate,
)
from euchre.players.solver import Position, card_values, solve


def _relative(game: Game, seat: int) -> int:
    return (seat - game.dealer - 1) % 4


def _random_contract(rules: Rules, seed: int) -> Game:
    """A deal bid by random legal actions (round one mostly passed) to its play."""
    rng = random.Random(seed)
    while True:
        game = Game(rules, seed=seed)
        while game.phase in (Phase.BID1, Phase.EXCHANGE, Phase.BID2, Phase.ALONE):
            legal = game.legal_actions()
            pick = legal[0] if game.phase is Phase.BID1 and rng.random() < 0.6 else \
                rng.choice(legal)
            game.apply(pick)
        if game.phase is Phase.PLAY:
            return game
        seed += 10**6  # thrown in: another deal


def _leaf_value(game: Game) -> int:
    """The trainer's worth of the game's contract to relative side 0."""
    dealer = game.dealer
    deal = game.deals[-1]
    hands = tuple(sum(1 << c for c in deal.hands[(dealer + 1 + r) % 4]) for r in range(4))
    ordered = game.discard is not None
    values = DealValues(game.rules, hands, deal.upcard)
    assert game.maker is not None and game.trump is not None
    return values.value(_relative(game, game.maker), game.trump,
                        tuple(_relative(game, a) for a in game.alone),
                        game.discard if ordered and game.discard is not None else -1)


def _side0_points(game: Game) -> int:
    """The engine's score of the finished deal to relative side 0."""
    team = game.rules.seating.team_of[(game.dealer + 1) % 4]
    gains = game.results[-1].gains
    return gains[team] - gains[1 - team]


@pytest.mark.parametrize("name", ["standard", "tournament"])
def test_leaf_values_are_the_engines_scores_of_double_dummy_play(name: str) -> None:
    rules = Rules.preset(name).replace(target=0, deals=1)
    alone = 0
    for seed in range(300):
        game = _random_contract(rules, seed)
        alone += bool(game.alone)
        expected = _leaf_value(game)
        if seed < 40:  # play it out, each card the best double-dummy
            while game.phase is Phase.PLAY:
                values = card_values(Position.from_game(game))
                best = max(values, key=lambda c: values[c])
                game.apply(next(a for a in game.legal_actions()
                                if getattr(a, "card", None) == best))
            assert _side0_points(game) == expected, seed
        else:
            assert game.maker is not None
            won = solve(Position.from_game(game))
            team, points = deal_score(rules, game.maker, game.alone,
                                      won[rules.seating.team_of[game.maker]])
            side0 = rules.seating.team_of[(game.dealer + 1) % 4]
            assert (points if team == side0 else -points) == expected, seed
    assert alone > 20


@pytest.mark.parametrize("name", ["standard", "tournament"])
def test_the_points_table_is_the_scoring_tables(name: str) -> None:
    from euchre.analysis.train_bidding import points_table

    rules = Rules.preset(name)
    table = points_table(rules)
    for makers in range(2):
        for lone_maker in (False, True):
            for lone_defender in (False, True):
                for tricks in range(6):
                    made, points = score_deal(rules, tricks, lone_maker, lone_defender)
                    scorer = makers if made else 1 - makers
                    assert table[makers][lone_maker][lone_defender][tricks] == (
                        points if scorer == 0 else -points)


def test_a_walk_learns_only_where_it_went() -> None:
    tree = PublicTree.of(Rules.preset("tournament"))
    arrays = new_arrays(tree)
    walker = Walker(tree, arrays, "es", random.Random(4))
    deal = sample_deal(random.Random(9))
    walker.iterate(1, deal)
    # seat 0's first decision is always reached: regrets were written there
    hands, up = deal
    first = tree.nodes[0]
    from euchre.players.bidding_tables import labelling

    _, hand = labelling(hands[0], up, -1)
    slot = tree.slot(first, up % 8 - 2, hand)
    assert np.any(arrays.regrets[slot:slot + 2] != 0)
    assert float(arrays.visits.sum()) == walker.visits
    assert figures(tree, arrays, 1, "es")["states_visited"] > 0


@pytest.mark.parametrize("name", ["standard", "tournament"])
def test_the_walks_states_are_the_views_states(name: str) -> None:
    """Following the engine's bidding, the trainer reads and writes at each decision
    the state the bot looks up from its view (labelling, hand, discard included)."""
    rules = Rules.preset(name).replace(target=0, deals=1)
    tree = PublicTree.of(rules)
    walker = Walker(tree, new_arrays(tree), "es", random.Random(0))
    compared = 0
    for seed in range(400):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        deal = game.deals[0]
        walker.start_deal(tuple(sum(1 << c for c in deal.hands[(game.dealer + 1 + r) % 4])
                                for r in range(4)), deal.upcard)
        slots: list[int] = []
        places = []
        while game.phase in (Phase.BID1, Phase.EXCHANGE, Phase.BID2, Phase.ALONE):
            view = game.view(game.to_act)
            place = locate(tree, view)
            assert place is not None
            places.append((place.node.index, place.lab, place.slot))
            legal = game.legal_actions()
            action = legal[0] if game.phase is Phase.BID1 and rng.random() < 0.7 else \
                rng.choice(legal)
            slots.append(next(i for i in range(len(place.node.actions))
                              if action_of(place, i, view) == action))
            game.apply(action)
        followed = walker.follow(slots)
        assert places == followed
        compared += len(places)
    assert compared > 400 * 5


def test_pruning_skips_actions_of_no_probability() -> None:
    tree = PublicTree.of(Rules.preset("tournament"))
    deals = [sample_deal(random.Random(seed)) for seed in range(12)]
    solves = []
    for prune in (0.0, 0.95):
        walker = Walker(tree, new_arrays(tree), "rm+", random.Random(3), prune=prune,
                        prune_after=120)
        for t in range(1, 241):
            walker.iterate(t, deals[t % len(deals)])
        solves.append(walker.solves)
    assert solves[1] < solves[0]


def test_the_safe_prior_passes_and_stays_until_a_regret_says_otherwise() -> None:
    tree = PublicTree.of(Rules())
    walker = Walker(tree, new_arrays(tree), "rm+", random.Random(0), prior="safe")
    deal = sample_deal(random.Random(2))
    walker.start_deal(*deal)
    first = tree.nodes[0]
    assert walker._fallback(0, 0, 2) == [1.0, 0.0]  # pass
    alone = next(n for n in tree.nodes if n.phase == "alone")
    assert walker._fallback(alone.index, 0, 2) == [1.0, 0.0]  # stay
    exchange = next(n for n in tree.nodes if n.phase == "exchange")
    sigma = walker._fallback(exchange.index, 0, 6)
    up = deal[1]
    left = same_colour(card_suit(up)) * 8 + JACK
    options = walker._discards(0)
    laid = options[sigma.index(1.0)]
    plain = [c for c in options if card_suit(c) != card_suit(up) and c != left]
    if plain:
        assert laid in plain and card_rank(laid) == min(card_rank(c) for c in plain)
    with pytest.raises(ValueError, match="unknown prior"):
        Walker(tree, new_arrays(tree), "rm+", random.Random(0), prior="bold")
    assert first.actions[0] == "pass"


def _arrays(folder: Path) -> list[np.ndarray]:
    arrays, _ = load_checkpoint(folder)
    return [arrays.regrets, arrays.strategy, arrays.visits]


def _same(a: Path, b: Path) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(_arrays(a), _arrays(b), strict=True))


def _quiet(*args: object, **kwargs: object) -> None:
    return None


def test_the_same_seed_gives_the_same_tables(tmp_path: Path) -> None:
    for run, seed in (("a", 5), ("b", 5), ("c", 6)):
        train(tmp_path / run, "tournament", 40, seed=seed, chunk=20, eval_deals=0,
              say=_quiet)
    assert _same(tmp_path / "a", tmp_path / "b")
    assert not _same(tmp_path / "a", tmp_path / "c")
    assert len((tmp_path / "a" / LOG).read_text().splitlines()) == 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_resumed_run_is_the_uninterrupted_run(tmp_path: Path, jobs: int) -> None:
    """Stopped after its first chunk and resumed, a run ends as the run that was not
    stopped: with two processes too, whose shares are seeded by chunk and process."""
    train(tmp_path / "whole", "tournament", 40 * jobs, seed=2, jobs=jobs, chunk=20 * jobs,
          eval_deals=0, say=_quiet)
    said: list[str] = []
    train(tmp_path / "parts", "tournament", 40 * jobs, seed=2, jobs=jobs, chunk=20 * jobs,
          eval_deals=0, minutes=1e-9, say=said.append)  # time is up after the first chunk
    assert load_checkpoint(tmp_path / "parts")[1]["iterations"] == 20 * jobs
    assert "resume" in said[-1]
    train(tmp_path / "parts", "tournament", 40 * jobs, seed=2, jobs=jobs, chunk=20 * jobs,
          eval_deals=0, resume=True, say=_quiet)
    assert _same(tmp_path / "whole", tmp_path / "parts")
    if jobs == 2:  # the shares differ from one process's: another run, as said
        train(tmp_path / "one", "tournament", 80, seed=2, chunk=40, eval_deals=0, say=_quiet)
        assert not _same(tmp_path / "whole", tmp_path / "one")


def _run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    return status, err.getvalue()


def test_errors_are_one_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    status, err = _run(["train", "bidding", "--rules", "two-handed", "--iterations", "1",
                        "--out", str(out)])
    assert status == 1 and err.count("\n") == 1
    assert "not defined for preset 'two-handed'" in err and "standard, tournament" in err
    out.mkdir()
    (out / CHECKPOINT).write_bytes(b"not a checkpoint")
    status, err = _run(["train", "bidding", "--rules", "tournament", "--iterations", "1",
                        "--out", str(out), "--resume"])
    assert status == 1 and err.count("\n") == 1 and "is not a checkpoint" in err
    status, err = _run(["train", "bidding", "--rules", "tournament", "--iterations", "1",
                        "--out", str(out)])
    assert status == 1 and "exists: add --resume" in err
    status, err = _run(["train", "export", str(tmp_path / "none"), str(tmp_path / "t.xz")])
    assert status == 1 and err.count("\n") == 1 and "does not exist" in err
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, err = _run(["train", "bidding", "--rules", "tournament", "--iterations", "1",
                        "--out", str(blocker / "sub")])
    assert status == 1 and err.count("\n") == 1 and "cannot write" in err


def test_the_exported_table_round_trips(tmp_path: Path) -> None:
    run, path = tmp_path / "run", tmp_path / "bidding-tournament.xz"
    status, _ = _run(["train", "bidding", "--rules", "tournament", "--iterations", "40",
                      "--chunk", "40", "--out", str(run), "--eval-deals", "0"])
    assert status == 0
    header = export(run, path, min_visits=1, level=1)
    assert header["bytes"] == path.stat().st_size < 25 * 2**20
    table = Table.read_header(path)
    rules = table.header["rules"]
    assert table.header["iterations"] == 40 and isinstance(rules, dict)
    assert rules["stick_the_dealer"] is True
    tree = PublicTree.of(Rules.preset("tournament"))
    body = table.body
    assert len(body) == tree.slots
    arrays, _ = load_checkpoint(run)
    checked = 0
    for node in tree.nodes:
        k = len(node.actions)
        visited = np.nonzero(arrays.visits[node.first_state:node.first_state + node.states])[0]
        for row in visited[:20]:
            slot = node.offset + int(row) * k
            sums = arrays.strategy[slot:slot + k].astype(np.float64)
            assert body[slot] != MARK_UNVISITED
            got = np.frombuffer(body[slot:slot + k], np.uint8) / QUANTA
            assert np.allclose(got, sums / sums.sum(), atol=0.5 / QUANTA + 1e-9)
            checked += 1
        unvisited = np.nonzero(arrays.visits[node.first_state:node.first_state + 5] == 0)[0]
        for row in unvisited:
            assert body[node.offset + int(row) * k] == MARK_UNVISITED
    assert checked > 50


def test_the_heldout_value_uses_the_table_where_it_learned(tmp_path: Path) -> None:
    tree = PublicTree.of(Rules.preset("tournament"))
    arrays = new_arrays(tree)
    walker = Walker(tree, arrays, "rm+", random.Random(1))
    for t in range(1, 30):
        walker.iterate(t)
    empty = heldout_value(tree, new_arrays(tree), deals=20)
    assert empty["table_share"] == 0.0
    assert heldout_value(tree, arrays, deals=20)["table_share"] >= 0.0
    game = Game(Rules.preset("tournament"), seed=1)
    assert locate(tree, game.view(game.to_act)) is not None
    assert cards_of(0) == []
