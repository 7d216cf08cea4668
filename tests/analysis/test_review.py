"""The game reviewer: forced answers, labels within their error, records reviewed and
annotated, the command line."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from euchre.analysis.review import (
    THRESHOLDS,
    Decision,
    Estimate,
    OptionValue,
    Review,
    Z,
    judge_decision,
    label_decision,
    label_of,
    label_settled,
    review_record,
)
from euchre.analysis.review_notes import annotate, deal_actions, egn_index, note_of, verdict_text
from euchre.cli.main import main
from euchre.cli.review import format_review
from euchre.engine.actions import ALONE, CALL, ORDER, PASS, PLAY, STAY, Action
from euchre.engine.cards import card_name, parse_card
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.errors import EuchreError
from euchre.players import play_game
from euchre.players.registry import make_player
from euchre.players.win_chance import win_chance
from euchre.records.egn import dumps_egn, load_egn, loads_egn, to_egn
from euchre.records.record import Record
from helpers.paths import EGN_DATA, ROOT

RECORDS = [p for p in sorted(EGN_DATA.glob("*.egn")) if p.name != "test_annotated.egn"]
"""Every real game among them (``test_annotated.egn`` is the EGN converter's test file,
not a legal game)."""
NEGATIVE = ("[?!]", "[?]", "[??]")
POSITIVE = ("[!]", "[!!]")


def _play_to(game: Game, stop: Callable[[Game], bool]) -> Game:
    """Play ``game`` with ``basic`` at every seat until ``stop(game)``."""
    basic = make_player("basic", 0)
    while not stop(game):
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else basic.choose(game.view(game.to_act), legal))
    return game


def _bot_record(seed: int = 7, target: int = 5) -> Record:
    game = play_game(Game(Rules(target=target), seed=seed),
                     [make_player("basic", s) for s in range(4)])
    return Record.from_game(game)


# -- forced answers ------------------------------------------------------------------------


def _overtrump_position() -> Game:
    """Deal 1 of seed 177, trick 4: South holds the right bower (Jh, hearts trump) and
    the Tc, last to play, with North's Qh winning the trick: trumping the partner's
    trick with the right bower throws away the sure last trick."""
    game = _play_to(Game(seed=177), lambda g: g.phase is Phase.PLAY and len(g.tricks) == 3
                    and len(g.current_trick) == 3)
    assert game.to_act == 0 and game.trump == 2
    assert sorted(map(str, game.legal_actions())) == ["play Jh", "play Tc"]
    assert [str(PLAY[c]) for _, c in game.current_trick] == ["play Kd", "play Qh", "play Qd"]
    return game


def test_keeping_the_card_that_always_wins_the_last_trick_is_best() -> None:
    game = _overtrump_position()
    wasted = judge_decision(game, PLAY[parse_card("Jh")], 0, 0, budget=40, seed=1)
    assert isinstance(wasted, Decision)
    assert wasted.best == PLAY[parse_card("Tc")]
    assert wasted.label in NEGATIVE
    assert wasted.cost.mean - 2 * wasted.cost.error > 0
    assert wasted.open_hands is not None and wasted.open_hands.lost == 1
    kept = judge_decision(game, PLAY[parse_card("Tc")], 0, 0, budget=40, seed=1)
    assert isinstance(kept, Decision)
    assert kept.cost.mean == 0.0 and kept.label not in NEGATIVE
    assert kept.open_hands is not None and kept.open_hands.lost == 0


def test_a_flagged_play_shows_the_hand_trump_the_trick_so_far_and_the_score() -> None:
    game = _overtrump_position()
    wasted = judge_decision(game, PLAY[parse_card("Jh")], 0, 0, budget=8, seed=1)
    assert isinstance(wasted, Decision) and wasted.label in NEGATIVE
    seen = wasted.situation
    assert seen is not None and seen.upcard is None and seen.trump == 2
    assert seen.hand == (parse_card("Jh"), parse_card("Tc"))
    assert seen.trick == game.current_trick
    words = "hand Jh Tc; trump hearts; trick so far Kd (West), Qh (North), Qd (East); score 0-0"
    note = note_of(wasted)
    assert note is not None and note.startswith(wasted.label) and note.endswith(words)
    lines = format_review(Review(Record.from_game(game), [wasted]))
    flagged = next(k for k, line in enumerate(lines) if wasted.label in line)
    assert lines[flagged + 2].strip() == words  # under the decision and its open hands
    assert wasted.to_dict()["situation"] == {
        "hand": ["Jh", "Tc"], "upcard": None, "turned_down": False, "trump": "h",
        "trick": [[1, "Kd"], [2, "Qh"], [3, "Qd"]]}


def test_a_bid_shows_the_hand_and_the_upcard_turned_down() -> None:
    game = Game(seed=8)
    for _ in range(4):
        game.apply(PASS)
    assert game.phase is Phase.BID2
    decision = judge_decision(game, PASS, 0, 4, budget=2, seed=0)
    assert isinstance(decision, Decision) and decision.situation is not None
    assert decision.situation.upcard == game.upcard and decision.situation.turned_down
    assert set(decision.situation.hand) == game.hand(game.to_act)
    shown = format_review(Review(Record.from_game(game), [decision]), every=True)
    upcard = f"upcard {card_name(game.upcard)} turned down; score 0-0"
    assert any(line.strip().startswith("hand ") and line.endswith(upcard) for line in shown)


def _sure_march() -> Game:
    """At 0-0, West (left of the dealer) holds both bowers, the ace and king of trump
    and an off-suit ace, orders up, and is asked whether to go alone."""
    deal = Deal.parse(0, ["9c Tc Qc Kc Ac", "Jh Jd Ah Kh As", "9s Ts Qs Ks 9d",
                          "Td Qd Kd Ad Jc"], "9h", "Th Qh Js")
    game = Game(deals=[deal], first_dealer=0, seed=0)
    game.apply(ORDER)
    _play_to(game, lambda g: g.phase is Phase.ALONE and g.to_act == 1)
    assert set(game.legal_actions()) == {ALONE, STAY}
    return game


def test_a_sure_march_must_go_alone() -> None:
    game = _sure_march()
    stayed = judge_decision(game, STAY, 0, 1, budget=24, seed=0)
    assert isinstance(stayed, Decision)
    assert stayed.best == ALONE
    values = stayed.values()
    # the march is certain with sound play: 4 points alone, 2 with the partner (the
    # rollouts' rules of thumb, cashing the off ace before the last trump, now and then
    # let a defender ruff it)
    assert values[ALONE].points.mean >= 3.5
    assert values[STAY].points.mean <= 2.0
    # West's side deals next (the deal passes from South to West)
    march = win_chance(game.rules, 4, 0, True) - win_chance(game.rules, 2, 0, True)
    assert march >= THRESHOLDS["win"][2]
    assert stayed.cost.mean >= 0.75 * march
    assert stayed.label == "[??]"
    went = judge_decision(game, ALONE, 0, 1, budget=24, seed=0)
    assert isinstance(went, Decision) and went.cost.mean == 0.0


# -- labels --------------------------------------------------------------------------------


def test_labels_hold_only_beyond_the_sampling_error() -> None:
    dubious, mistake, blunder = THRESHOLDS["points"]
    assert label_of("points", Estimate(blunder + 0.1, 0.0)) == "[??]"
    # a cost that is a blunder by its estimate but could be a mistake: a mistake
    assert label_of("points", Estimate(blunder + 0.1, 0.2)) == "[?]"
    assert label_of("points", Estimate(mistake, 1.0)) is None
    assert label_of("points", Estimate(0.0, 0.0)) is None
    best = Estimate(0.0, 0.0)
    # the only good option, not the rules' choice: great or brilliant by the margin
    assert label_of("points", best, Estimate(blunder + 0.2, 0.05), Estimate(1.0, 0.1)) == "[!!]"
    assert label_of("points", best, Estimate(mistake + 0.1, 0.05), Estimate(1.0, 0.1)) == "[!]"
    # the same, but the rules agree: no label
    assert label_of("points", best, Estimate(blunder + 0.2, 0.05), None) is None
    # not the only good option, the rules' worse: interesting
    assert label_of("points", best, Estimate(0.0, 0.0), Estimate(dubious + 0.2, 0.05)) == "[!?]"


def _option(action: Action, points: float, cost: float, error: float = 0.1) -> OptionValue:
    """An option worth ``points`` (± ``error``) this deal and costing ``cost`` in the
    chance of winning against the best (paired: ± 0.005)."""
    return OptionValue(action, Estimate(points, error), Estimate(-cost, 0.01),
                       Estimate(cost, 0.005))


def _decision(options: list[OptionValue], chosen: Action, basic: Action,
              unit: str = "win") -> Decision:
    """A round-two decision at 8-8 with these options, labelled as the review labels."""
    return Decision(0, 4, 1, "bid2", None, (8, 8), chosen, tuple(options), unit, 80,
                    label_decision(options, chosen, basic, unit), basic, win_now=0.5)


def test_a_routine_pass_is_not_brilliant() -> None:
    # at 8-8 any euchre ends the game: calling costs a blunder's worth of the chance to
    # win, though in points the pass is hardly better; basic would have called
    options = [_option(PASS, 0.05, 0.0), _option(CALL[2], -0.15, 0.08),
               _option(CALL[3], -0.25, 0.09)]
    margin, rules_cost = options[1].cost, options[1].cost
    assert label_of("win", options[0].cost, margin, rules_cost) == "[!!]"  # the old rule
    routine = _decision(options, PASS, CALL[2])
    assert routine.label is None
    # nor with the points a little more in the pass's favour: a hard pass must beat
    # every call in points by the label's own threshold beyond the sampling error
    options[1] = _option(CALL[2], -0.35, 0.08)
    assert _decision(options, PASS, CALL[2]).label not in ("[!]", "[!!]")


def test_a_hard_only_good_choice_is_still_marked() -> None:
    _, mistake, blunder = THRESHOLDS["win"]
    # going alone where staying costs a blunder, and the rules of thumb stay: brilliant
    alone = [_option(ALONE, 3.8, 0.0), _option(STAY, 2.0, blunder + 0.03)]
    assert _decision(alone, ALONE, STAY).label == "[!!]"
    alone[1] = _option(STAY, 2.0, mistake + 0.015)
    assert _decision(alone, ALONE, STAY).label == "[!]"
    assert _decision(alone, ALONE, ALONE).label is None  # the rules' own choice: easy
    # a pass that every call loses to in points too, by more than 0.8 beyond the
    # sampling error, where the rules of thumb call: brilliant even for a pass
    hard = [_option(PASS, 0.3, 0.0), _option(CALL[2], -0.9, 0.09),
            _option(CALL[3], -1.1, 0.12)]
    assert _decision(hard, PASS, CALL[2]).label == "[!!]"
    hard[1] = _option(CALL[2], -0.4, 0.09)  # 0.7 ± 0.14 in points: only great
    assert _decision(hard, PASS, CALL[2]).label == "[!]"
    # judged in points (no target), the paired margin alone decides
    plain = [OptionValue(PASS, Estimate(0.3, 0.1), None, Estimate(0.0, 0.0)),
             OptionValue(CALL[2], Estimate(-0.9, 0.1), None, Estimate(1.2, 0.05))]
    assert _decision(plain, PASS, CALL[2], unit="points").label == "[!!]"


def test_a_tie_is_level_not_a_recommendation() -> None:
    options = [_option(CALL[2], 0.02, 0.0),
               OptionValue(PASS, Estimate(0.0, 0.1), Estimate(-0.001, 0.01),
                           Estimate(0.001, 0.003))]
    tie = _decision(options, PASS, PASS)
    assert tie.best == CALL[2] and tie.level == (CALL[2], PASS) and tie.label is None
    said = verdict_text(tie)
    assert said is not None and said.startswith("call h and pass are level (0.1% chance")
    assert "within the sampling error" in said and "better" not in said
    assert verdict_text(_decision(options, CALL[2], PASS)) == said  # whichever was chosen
    # beyond the error it is a recommendation again
    options[1] = OptionValue(PASS, Estimate(0.0, 0.1), Estimate(-0.004, 0.01),
                             Estimate(0.004, 0.002))
    worse = _decision(options, PASS, PASS)
    assert worse.level == (CALL[2],)
    assert verdict_text(worse) == "call h was better by 0.4% chance to win ± 0.2 (+0.02 points)"
    assert Z * 0.002 < 0.004


def test_labels_are_stable_across_seeds_within_their_error() -> None:
    record = _bot_record()
    a = review_record(record, budget=24, seed=1)
    b = review_record(record, budget=24, seed=2)
    assert [(d.deal, d.action_index) for d in a.decisions] == \
        [(d.deal, d.action_index) for d in b.decisions]
    bands = ("[?!]", "[?]", "[??]")
    compared = 0
    for x, y in zip(a.decisions, b.decisions, strict=True):
        # never costly under one seed and great under the other
        assert not (x.label in NEGATIVE and y.label in POSITIVE)
        assert not (y.label in NEGATIVE and x.label in POSITIVE)
        if x.label in bands and y.label in bands:
            assert abs(bands.index(x.label) - bands.index(y.label)) <= 1
        # the two costs of the option chosen agree within their errors
        spread = 4 * (x.cost.error ** 2 + y.cost.error ** 2) ** 0.5 + 1e-9
        if x.best == y.best:
            assert abs(x.cost.mean - y.cost.mean) <= spread + 0.02
        compared += 1
    assert compared > 20


def test_the_review_is_the_same_in_a_process_pool() -> None:
    record = _bot_record(seed=3, target=3)
    alone = review_record(record, budget=6, seed=4, seats=[0, 2])
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = review_record(record, budget=6, seed=4, seats=[0, 2], executor=pool)
    assert alone.to_dict() == pooled.to_dict()
    assert {d.seat for d in alone.decisions} == {0, 2}
    summary = alone.summary(0)
    assert summary.decisions == sum(n for _, n in summary.accuracy.values())


def test_a_review_summary_adds_up() -> None:
    review = review_record(_bot_record(seed=11, target=3), budget=8, seed=0)
    for seat in review.seats():
        s = review.summary(seat)
        mine = [d for d in review.decisions if d.seat == seat]
        assert s.points_lost == pytest.approx(sum(d.points_lost for d in mine))
        assert sum(s.labels.values()) == sum(d.label is not None for d in mine)
        assert all(d.cost.mean > 0 for d in s.costliest)
    series = review.win_series(0)
    assert series and all(0.0 <= v <= 1.0 for _, v in series)
    data = json.loads(json.dumps(review.to_dict()))
    assert len(data["decisions"]) == len(review.decisions)


def test_a_form_without_a_target_is_judged_in_points() -> None:
    rules = Rules(target=0, deals=2)
    game = play_game(Game(rules, seed=2), [make_player("basic", s) for s in range(4)])
    review = review_record(Record.from_game(game), budget=4, seed=0)
    assert review.decisions and {d.unit for d in review.decisions} == {"points"}
    assert all(d.win_now is None for d in review.decisions) and not review.win_series()


def test_a_british_record_reviews_its_play_and_says_what_it_skips() -> None:
    rules = Rules.preset("british").replace(target=3)
    game = play_game(Game(rules, seed=5), [make_player("basic", s) for s in range(4)])
    review = review_record(Record.from_game(game), budget=4, seed=0)
    assert review.decisions and all(d.phase == "play" for d in review.decisions)
    assert review.skipped and all("replayed" in s.reason for s in review.skipped)


# -- records: every EGN record reviews, and its annotations read back ----------------------


def _splice(deal: Any, line: Any) -> dict[str, Any]:
    """The deal with ``line`` (an EGN alternative line) in place of its moves from the
    branch on."""
    phases = deal["phases"]
    assert isinstance(phases, list)
    bidding = next(p for p in phases if p["type"] == "EUCHRE_BIDDING")
    tricks: Any = next((p["tricks"] for p in phases if p["type"] == "TRICK_PLAY"), [])
    calls = list(bidding["calls"])
    branch = line["branchIndex"]
    assert isinstance(branch, int)
    alt_phases = line["phases"]
    assert isinstance(alt_phases, list)
    alt_bid = next((p for p in alt_phases if p["type"] == "EUCHRE_BIDDING"), None)
    alt_tricks: Any = next((p["tricks"] for p in alt_phases if p["type"] == "TRICK_PLAY"), [])
    if branch < len(calls):
        assert alt_bid is not None
        new_bid = {k: v for k, v in alt_bid.items() if k != "callAnnotations"}
        new_bid["calls"] = calls[:branch] + list(alt_bid["calls"])
        new_tricks = alt_tricks
    else:
        new_bid = {k: v for k, v in bidding.items() if k != "callAnnotations"}
        plays = [c for t in tricks for c in t][: branch - len(calls)]
        active = len(tricks[0])
        rest = [c for t in alt_tricks for c in t]
        flat = plays + rest
        new_tricks = [flat[k : k + active] for k in range(0, len(flat), active)]
    out: dict[str, Any] = {"dealNumber": 0, "initialState": deal["initialState"],
                              "phases": [new_bid]}
    if new_tricks:
        out["phases"] = [new_bid, {"phaseNumber": 1, "type": "TRICK_PLAY",
                                   "tricks": new_tricks}]
    return out


def _check_lines(record: Record, annotated: Record) -> int:
    """Every alternative line the review wrote reads as a legal deal; returns how many."""
    data: Any = to_egn(annotated)
    ruleset = data["metadata"]["ruleset"]
    states = record.states()
    starts = []
    state = next(states)
    for recorded in record.deals:
        starts.append(state.score)
        for _ in recorded.actions:
            state = next(states)
    checked = 0
    for i, deal in enumerate(data["deals"]):
        known: Any = record.deals[i].extras.get("alternativeLines", [])
        own = len(known)
        for line in deal.get("alternativeLines", [])[own:]:
            spliced = _splice(deal, line)
            one = {"fileType": "Euchre Game Notation", "version": "1.4",
                   "metadata": {"players": ["a", "b", "c", "d"], "ruleset": ruleset,
                                "initialScore": list(starts[i])},
                   "deals": [spliced]}
            loads_egn(json.dumps(one)).replay()  # legal, or it raises
            checked += 1
    return checked


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_shared_record_reviews_and_its_annotations_read_back(
        path: Path, tmp_path: Path) -> None:
    record = load_egn(path)
    review = review_record(record, budget=3, seed=0)
    assert review.decisions
    annotated = annotate(review)
    out = tmp_path / path.name
    out.write_text(dumps_egn(annotated))
    again = load_egn(out)
    assert again.replay().score == record.replay().score
    # the annotations the file had are all still there
    for before, after in zip(record.deals, again.deals, strict=True):
        for key in ("callAnnotations", "playAnnotations"):
            old = before.extras.get(key, {})
            new = after.extras.get(key, {})
            assert isinstance(old, dict) and isinstance(new, dict)
            for index, texts in old.items():
                assert new[index][: len(texts)] == texts
        old_lines: Any = before.extras.get("alternativeLines", [])
        new_lines: Any = after.extras.get("alternativeLines", [])
        assert new_lines[: len(old_lines)] == old_lines
    _check_lines(record, again)


def _labelled(review: Review) -> Iterator[Decision]:
    return (d for d in review.decisions if d.label in ("[?]", "[??]"))


def test_better_lines_are_legal_deals() -> None:
    # a record with costly decisions: South plays at random against three basics
    game = Game(Rules(target=5), seed=21)
    players = [make_player("random", 3), *(make_player("basic", s) for s in (1, 2, 3))]
    record = Record.from_game(play_game(game, players))
    review = review_record(record, budget=12, seed=0, seats=[0])
    assert any(True for _ in _labelled(review))
    annotated = annotate(review)
    assert _check_lines(record, annotated) >= 1
    tagged = deal_actions(record)
    for d in _labelled(review):
        where, index = egn_index(tagged[d.deal], d.action_index)
        key = "callAnnotations" if where == "call" else "playAnnotations"
        notes = annotated.deals[d.deal].extras[key]
        assert isinstance(notes, dict)
        assert any(t.startswith(d.label) for t in notes[str(index)])


# -- the command line ----------------------------------------------------------------------


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.egn"
    path.write_text(dumps_egn(_bot_record(seed=7, target=3)))
    return path


def test_review_prints_the_decisions_the_players_and_the_chart(
        game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(game_file), "--budget", "4", "--jobs", "1",
                 "--no-progress", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review")
    assert "Players (points lost a deal" in out
    assert "Chance of winning for North-South" in out
    assert "points " in out  # --all: each option's worth
    assert "            hand " in out and "score " in out  # and what the seat saw


def test_review_writes_json_an_annotated_record_and_a_plot(
        game_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, png = tmp_path / "annotated.egn", tmp_path / "chances.png"
    assert main(["review", str(game_file), "--budget", "4", "--jobs", "1", "--no-progress",
                 "--seat", "0", "--json", "--out", str(out), "--plot", str(png)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["seat"] for d in data["decisions"]} == {0}
    assert load_egn(out).replay()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("args", "message"), [
    (["missing.egn"], "missing.egn"),
    (["GAME", "--seat", "4"], "--seat 4: the record's seats are 0 to 3"),
    (["GAME", "--out", "x.txt"], "--out x.txt: the annotated record is written as .egn"),
    (["GAME", "--plot", "x.svg"], "--plot x.svg: the image is written as PNG"),
])
def test_review_refuses_bad_input_in_one_line(
        game_file: Path, args: list[str], message: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    args = [str(game_file) if a == "GAME" else a for a in args]
    assert main(["review", *args, "--budget", "2", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.fixture
def no_review(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The reviews the command started (none, where an option is refused up front)."""
    started: list[object] = []
    monkeypatch.setattr("euchre.cli.review.review_record",
                        lambda *args, **kwargs: started.append(args))
    return started


def test_review_without_matplotlib_says_how_to_get_it_before_reviewing(
        game_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, no_review: list[object]) -> None:
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    assert main(["review", str(game_file), "--budget", "2", "--jobs", "1", "--no-progress",
                 "--plot", str(tmp_path / "c.png")]) == 1
    assert capsys.readouterr().err == ("euchre: --plot needs matplotlib, which is not "
                                       "installed: pip install 'euchre[plot]'\n")
    assert no_review == [] and not (tmp_path / "c.png").exists()


def basic_record(path: Path, rules: Rules) -> Path:
    """A game of ``basic`` at every seat under ``rules``, written to ``path``."""
    from euchre.records.files import write_record

    write_record(Record.from_game(play_game(Game(rules, seed=2), [
        make_player("basic", s) for s in range(rules.players)])), path)
    return path


def test_review_plot_of_a_game_without_a_target_is_refused_before_reviewing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_review: list[object]) -> None:
    path = basic_record(tmp_path / "deals.json", Rules(target=0, deals=1))
    assert main(["review", str(path), "--no-progress", "--plot",
                 str(tmp_path / "c.png")]) == 1
    err = capsys.readouterr().err
    assert "--plot: this game has no target score" in err and err.count("\n") == 1
    assert no_review == []


def test_review_out_as_egn_of_a_form_egn_cannot_say_is_refused_before_reviewing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_review: list[object]) -> None:
    path = basic_record(tmp_path / "three.json",
                        Rules.preset("three-handed").replace(target=3))
    assert main(["review", str(path), "--no-progress", "--out",
                 str(tmp_path / "x.egn")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("euchre: --out ") and "EGN records four- and two-handed" in err
    assert err.count("\n") == 1 and no_review == []


def test_review_of_a_broken_record_names_the_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.egn"
    bad.write_text("{not json")
    assert main(["review", str(bad), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("euchre: ") and "bad.egn" in err and err.count("\n") == 1





# -- the benchmarks ------------------------------------------------------------------------


def _benchmark(name: str) -> Any:
    import importlib.util

    script = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_human_judgment_names_a_move_of_its_record() -> None:
    agreement = _benchmark("review_agreement")
    rows = agreement.judgments()
    assert len(rows) >= 20
    for row in rows:
        assert row["human"] in ("costly", "good", "fine", "doubtful")
        _, action = agreement.locate(EGN_DATA / row["file"], row["deal"], row["where"],
                                     row["index"])
        assert action == row["move"], row


def test_the_review_benchmark_times_the_command(game_file: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bench = _benchmark("review_bench")
    assert bench.main([str(game_file), "--jobs", "1", "--budget", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "game.egn: " in out and " decisions, median " in out


def test_review_annotates_a_native_record_too(game_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "annotated.json"
    assert main(["review", str(game_file), "--budget", "4", "--jobs", "1", "--no-progress",
                 "--out", str(out)]) == 0
    from euchre.records.files import read_record

    record = read_record(out)
    assert record.replay().score == load_egn(game_file).replay().score
    notes = [n for d in record.deals for k in ("callAnnotations", "playAnnotations")
             for n in d.extras.get(k, {}).values()]  # type: ignore[attr-defined]
    assert notes  # open-hands verdicts at least, in a game of basic's


# -- sampling until a label is settled -----------------------------------------------------


def test_a_close_decision_samples_until_its_label_is_settled() -> None:
    record = _bot_record(seed=5, target=3)
    review = review_record(record, budget=8, cap=64, seed=2)
    counts = [d.samples for d in review.decisions]
    assert set(counts) <= {8, 16, 32, 64}
    assert 8 in counts and max(counts) > 8  # clear decisions stop at the budget
    for d in review.decisions:
        if d.samples < 64:  # it stopped early: its label holds either way
            assert label_settled(d.options, d.chosen, d.basic, d.unit)
    assert review.cap == 64 and review.to_dict()["cap"] == 64
    fixed = review_record(record, budget=8, seed=2)
    assert {d.samples for d in fixed.decisions} == {8} and fixed.cap is None
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = review_record(record, budget=8, cap=64, seed=2, executor=pool)
    assert pooled.to_dict() == review.to_dict()


def test_a_cap_below_the_budget_is_refused() -> None:
    with pytest.raises(EuchreError, match="cap"):
        review_record(_bot_record(), budget=8, cap=4)
