"""The words of the narration (``euchre watch``, ``euchre replay``): verbs agree with
"You", counts take the plural they need."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre.cli.main import main
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.players import RandomPlayer, play_game
from euchre.players.registry import make_player
from euchre.table.data_folder import ENV_VAR
from euchre.table.narrate import Narrator, agree, conjugate
from euchre.text import plural
from euchre.tui.session import GameSession, PlayConfig

THIRD_PERSON = re.compile(
    r"\bYou (passes|deals|plays|takes|picks|orders|assists|calls|discards|goes|defends|"
    r"stays|wins|sits|leads|makes|is|has|was)\b"
)
"""A verb that does not agree with "You"."""


def narration(seed: int, names: list[str] | None, rules: Rules | None = None) -> list[str]:
    lines: list[str] = []
    narrator = Narrator(lines.append, names)
    game = Game(rules, seed=seed)
    narrator.start(game)
    players = [RandomPlayer(seed * 10 + s) for s in range(game.rules.players)]
    play_game(game, players, narrator.before, narrator.after)
    return lines


def test_verbs_agree_with_you_and_stay_as_they_are_for_anyone_else() -> None:
    assert agree("You", "deals") == "You deal"
    assert agree("you", "passes") == "you pass"
    assert agree("You", "picks it up: spades are trump") == "You pick it up: spades are trump"
    assert agree("You", "takes the upcard and discards face down") == (
        "You take the upcard and discard face down")
    assert agree("You", "goes alone") == "You go alone"
    assert agree("You", "is stuck") == "You are stuck"
    assert conjugate("You", "made spades: 3 tricks") == "made spades: 3 tricks"
    for name in ("West", "Ada", "Youssef", "Yours"):
        assert agree(name, "deals") == f"{name} deals"
        assert agree(name, "takes the trick") == f"{name} takes the trick"


def test_plural_counts() -> None:
    assert [plural(n, "deal") for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]
    assert plural(1, "game") == "1 game" and plural(5, "trick") == "5 tricks"


def test_narration_of_a_seat_named_you_agrees_everywhere() -> None:
    for seed in range(6):
        lines = narration(seed, ["You", "Ada", "Ben", "Cleo"])
        text = "\n".join(lines)
        assert not THIRD_PERSON.search(text), THIRD_PERSON.search(text)
        assert "You deal," in text or "You pass" in text
        assert not re.search(r"\b1 tricks\b", text)
    two = "\n".join(narration(3, ["You", "Ada"], Rules.preset("two-handed")))
    assert not THIRD_PERSON.search(two)
    assert re.search(r"Game over: (You win|Ada wins) ", two)


def test_narration_without_names_uses_the_seats() -> None:
    lines = narration(2, None)
    assert lines[0].startswith("Deal 1: ") and " deals, " in lines[0]
    assert re.search(r"^Game over: (North-South|East-West) win ", lines[-1])


def test_replay_of_a_terminal_game_speaks_to_you(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    config = PlayConfig(rules=Rules(target=3), seed=11, partner="basic", opponents="basic",
                        hint_bot="basic", speed=0)
    session = GameSession.start(config, factory=make_player)
    while not session.game.is_over():
        session.apply(session.legal()[0] if session.human_to_act() else session.bot_choice())
    assert session.path is not None
    assert main(["replay", str(session.path)]) == 0
    out = capsys.readouterr().out
    assert "You" in out
    assert not THIRD_PERSON.search(out), THIRD_PERSON.search(out)
