"""``euchre hand`` and :func:`euchre.analysis.adviser.hand_options`: each bid's worth."""

from __future__ import annotations

import json

import pytest

from euchre.analysis.adviser import (
    HandAdvice,
    HandError,
    OptionAdvice,
    format_advice,
    hand_options,
    split_calls,
)
from euchre.analysis.review import Estimate
from euchre.cli.main import main
from euchre.engine.actions import CALL, PASS, Action
from euchre.engine.cards import parse_card, parse_cards
from euchre.engine.rules import Rules

STRONG = "Jh Jd Ah Kh As"
"""Both bowers, the ace and king of trump (hearts, the upcard Qh's suit), an off ace."""
TRASH = "9c Tc 9d Td Qs"
"""No heart, nothing high: nothing to bid on with hearts turned up."""


def names(advice: HandAdvice) -> list[str]:
    return [o.name for o in advice.options]


def test_a_lay_down_goes_alone_and_marches() -> None:
    advice = hand_options(STRONG, "Qh", seat=1, dealer=0, budget=24)
    assert advice.round == 1 and advice.samples == 24 and advice.unit == "win"
    assert names(advice)[0] == "order up alone"
    best = advice.best
    assert best.alone and best.outcomes["marched"] >= 0.85
    assert best.points.mean > 3.0
    stay = next(o for o in advice.options if o.name == "order up")
    # staying costs points: a march alone scores 4, with the partner 2
    assert best.points.mean - stay.points.mean > 1.0
    assert stay.cost.mean > 0 and stay.win is not None and best.win is not None
    assert best.win.mean > stay.win.mean
    margin = advice.margin
    assert margin is not None and margin.mean > 2 * margin.error


def test_weak_trump_picks_up_with_the_partner() -> None:
    """The issue's hand: three low trumps after three passes. Going alone used to look
    level or better, because the rollouts' maker cashed its ace into a ruff with the
    partner (``BasicSettings.draw_first``); a strong player picks up with the partner."""
    advice = hand_options("Ts Qs Ah Kh 9d", "9s", seat=0, dealer=0,
                          calls=["pass"] * 3, budget=400, seed=0)
    assert names(advice)[:2] == ["pick up", "pick up alone"]
    alone = next(o for o in advice.options if o.alone)
    margin = advice.best.points.mean - alone.points.mean
    assert margin > 2 * max(advice.best.points.error, alone.points.error)


@pytest.mark.parametrize("score", [(2, 9), (9, 9), (2, 8)])
def test_no_loner_when_the_extra_points_do_not_matter(score: tuple[int, int]) -> None:
    """Seat 1's side at 8 or 9 wins the game with the two points of a march with the
    partner: going alone only adds the risk of a euchre, so the lay-down stays with
    the partner (at 0-0 it goes alone, above)."""
    advice = hand_options(STRONG, "Qh", seat=1, dealer=0, score=score, budget=24)
    assert advice.unit == "win" and advice.best.name == "order up"
    alone = next(o for o in advice.options if o.alone)
    assert alone.win is not None and advice.best.win is not None
    assert alone.win.mean <= advice.best.win.mean
    assert alone.points.mean > advice.best.points.mean  # more points, no more games


@pytest.mark.parametrize(("preset", "seat", "hand"), [
    ("tournament", 1, STRONG),      # the lone player leads: trumps first, then the ace
    ("standard", 0, "Jh Jd Ah Kh Qh"),  # the dealer alone, every trump but the upcard
])
def test_a_certain_march_rolls_out_at_four(preset: str, seat: int, hand: str) -> None:
    """A march no defence can stop is worth exactly 4 in the rollouts: the lone player
    draws the trumps (three rounds take the three left out) before cashing a side ace."""
    rules = Rules.preset(preset).replace(target=0, deals=1)
    calls = ["pass"] * 3 if seat == 0 else []
    advice = hand_options(hand, "9h", seat=seat, dealer=0, calls=calls, rules=rules,
                          budget=60, seed=3)
    alone = next(o for o in advice.options if o.alone)
    assert alone.points.mean == 4.0 and alone.points.error == 0.0
    assert alone.outcomes["marched"] == 1.0


def test_a_trash_hand_passes() -> None:
    advice = hand_options(TRASH, "Jh", seat=1, dealer=0, budget=24)
    assert advice.best.action == PASS
    order = next(o for o in advice.options if o.name == "order up")
    assert order.points.mean < advice.best.points.mean
    assert order.outcomes["euchred"] > 0.5


def test_the_shares_add_up() -> None:
    advice = hand_options("Jd Ah Kh 9s Tc", "Jh", seat=1, dealer=0, budget=24)
    assert {o.name for o in advice.options} == {"pass", "order up", "order up alone"}
    for option in advice.options:
        keys = ("made", "marched", "euchred") if option.makes_trump else (
            "we make", "they make", "thrown in")
        assert set(option.outcomes) == set(keys)
        assert sum(option.outcomes.values()) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in option.outcomes.values())
    # the best costs nothing; the others cost what they are worth less, the same unit
    assert advice.best.cost.mean == 0.0
    assert [o.cost.mean for o in advice.options] == sorted(o.cost.mean for o in advice.options)


def test_round_two_names_the_other_suits() -> None:
    advice = hand_options("Jd Ad Kd 9s Tc", "Jh", seat=1, dealer=0, calls=["pass"] * 4,
                          budget=16)
    assert advice.round == 2
    assert len(advice.calls) == 4
    offered = set(names(advice))
    assert "call hearts" not in offered and "call hearts alone" not in offered
    for suit in ("clubs", "diamonds", "spades"):
        assert f"call {suit}" in offered and f"call {suit} alone" in offered
    assert "pass" in offered
    assert advice.best.name.startswith("call diamonds")


def test_the_dealer_picks_up_and_calls_may_be_actions() -> None:
    advice = hand_options(STRONG, "Qh", seat=0, dealer=0, calls=[PASS, "p", "pass"],
                          budget=8)
    assert "pick up" in names(advice) and "pick up alone" in names(advice)


def test_two_handed_has_no_loner_and_no_target_no_win_chance() -> None:
    advice = hand_options(STRONG, "Qh", seat=1, dealer=0, rules=Rules.preset("two-handed"),
                          budget=8)
    assert set(names(advice)) == {"pass", "order up"}
    plain = hand_options(STRONG, "Qh", rules=Rules(target=0, deals=1), budget=8)
    assert plain.unit == "points" and all(o.win is None for o in plain.options)
    assert "win chance" not in format_advice(plain)


def test_a_canadian_loner_is_not_asked() -> None:
    advice = hand_options(STRONG, "Qh", seat=0, dealer=2, calls=["pass"],
                          rules=Rules.preset("canadian"), budget=8)
    assert set(names(advice)) == {"pass", "order up alone (the rules make it)"}


def test_the_same_seed_gives_the_same_advice() -> None:
    one = hand_options("Jd Ah Kh 9s Tc", "Jh", score=(7, 8), budget=8, seed=3)
    two = hand_options("Jd Ah Kh 9s Tc", "Jh", score=(7, 8), budget=8, seed=3)
    assert one.to_dict() == two.to_dict()
    assert one.score == (7, 8)


def test_split_calls() -> None:
    assert split_calls("pass pass order up") == ["pass", "pass", "order up"]
    assert split_calls("pass,  call ♠ ") == ["pass", "call ♠"]


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["hand", "--seat", "1", "--dealer", "0", "--upcard", "Jh",
                   "Jd Ah Kh 9s Tc", "--budget", "16"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert "West (seat 1) holds Jd Ah Kh 9s Tc" in out
    for word in ("option", "points", "win chance", "made", "marched", "euchred",
                 "order up alone", "After a pass:"):
        assert word in out
    # at this budget pass and order up may be within the sampling error of each other
    assert out.splitlines()[-1].startswith(("Best: pass, by ", "Level: pass and order up, "))
    assert " ± " in out and " pp" in out


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["hand", "--upcard", "Qh", STRONG, "--budget", "8", "--score", "3-4",
                   "--calls", "", "--json"])
    out, _ = capsys.readouterr()
    assert status == 0
    data = json.loads(out)
    assert data["best"] == data["options"][0]["option"] == "order up alone"
    assert data["score"] == [3, 4] and data["samples"] == 8
    assert data["options"][0]["outcomes"]["marched"] > 0.5


@pytest.mark.parametrize(("args", "says"), [
    (["--upcard", "Jh", "Jd Ah Kh 9s"], "a hand holds 5 cards, not 4"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Zz"], "unknown card 'Zz'"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Jd"], "Jd twice"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Jh"], "the upcard Jh is in the hand"),
    (["--upcard", "2h", "Jd Ah Kh 9s Tc"], "2h is not a card of the 24-card deck"),
    (["--upcard", "Jq", "Jd Ah Kh 9s Tc"], "unknown card 'Jq'"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--seat", "4"], "seats 0 to 3, not 4"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--dealer", "-1"], "seats 0 to 3, not -1"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--calls", "call h"], "is not legal"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--calls", "bogus"], "is not a call"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--calls", "pass"], "seat 2 (North) is to pass or order"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--seat", "0"], "after no calls"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--seat", "2", "--calls", "order"],
     "seat 0 (South) is to discard a card"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--calls", "pass,pass,pass,pass,pass,call h"],
     "is not legal"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--score", "10-2"], "the target is 10"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--rules", "napoleon"], "four- and two-handed"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--rules", "british"], "cannot replay"),
    (["--upcard", "Jh", "Jd Ah Kh 9s Tc", "--throw-in", "no_ace_no_face"], "throw-in"),
])
def test_a_mistake_is_one_line(args: list[str], says: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["hand", *args, "--budget", "4"])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert err.startswith("euchre: ") and err.count("\n") == 1, err
    assert says in err


def test_the_function_raises_a_hand_error() -> None:
    with pytest.raises(HandError, match="budget"):
        hand_options(STRONG, "Qh", budget=0)
    with pytest.raises(HandError, match="one card"):
        hand_options(STRONG, "Qh Qd")


def _advice(*options: tuple[str, Action, float, Estimate]) -> HandAdvice:
    """Round-two advice at 8-8 with these options (name, action, points, cost), best
    first."""
    made = tuple(OptionAdvice(name, action, False, Estimate(points, 0.1),
                              Estimate(-cost.mean, 0.01), cost,
                              {"we make": 0.5, "they make": 0.5, "thrown in": 0.0}
                              if action == PASS else
                              {"made": 1.0, "marched": 0.0, "euchred": 0.0})
                 for name, action, points, cost in options)
    return HandAdvice(1, 0, (8, 8), tuple(parse_cards("Jd Ad Kd 9s Tc")), parse_card("Jh"),
                      (), 2, Rules(), made, "win", 80, 80, 0)


def test_options_within_the_sampling_error_are_level_not_a_recommendation() -> None:
    tie = _advice(("pass", PASS, 0.0, Estimate(0.0, 0.0)),
                  ("call diamonds", CALL[1], 0.01, Estimate(0.0002, 0.003)))
    last = format_advice(tie).splitlines()[-1]
    assert last == ("Level: pass and call diamonds, 0.0 ± 0.3 percentage points of the "
                    "chance to win (-0.01 points) apart, within the sampling error: neither "
                    "is a better bid than the other.")
    assert tie.to_dict()["level"] == ["pass", "call diamonds"]
    three = _advice(("pass", PASS, 0.0, Estimate(0.0, 0.0)),
                    ("call diamonds", CALL[1], 0.01, Estimate(0.001, 0.003)),
                    ("call clubs", CALL[0], 0.0, Estimate(0.002, 0.003)))
    assert format_advice(three).splitlines()[-1].startswith(
        "Level: pass, call diamonds and call clubs, each within the sampling error of pass")
    clear = _advice(("pass", PASS, 0.3, Estimate(0.0, 0.0)),
                    ("call diamonds", CALL[1], -0.2, Estimate(0.03, 0.003)))
    assert format_advice(clear).splitlines()[-1].startswith("Best: pass, by 3.0 ± 0.3")
