"""The measurement scripts in ``scripts/`` (tiny runs)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from euchre.players.registry import BOTS

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_variant_match_plays_expert_with_changed_settings() -> None:
    script = _load("variant_match")
    try:
        out = script.main(['{"samples": 2, "bid_samples": 2}', "random", "--deals", "2",
                           "--seed", "4"])
    finally:
        BOTS.pop("variant", None)
    assert out["kwargs"] == {"samples": 2, "bid_samples": 2}
    low, mean, high = out["points_per_deal"][1], out["points_per_deal"][0], \
        out["points_per_deal"][2]
    assert low <= mean <= high
    assert out["game_win_rate"] is None


@pytest.mark.parametrize("kwargs", ["[1]", "{bad", '{"no_such_option": 1}'])
def test_variant_match_refuses_bad_settings(kwargs: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("variant_match")
    with pytest.raises(SystemExit) as exit_info:
        script.main([kwargs, "basic", "--deals", "1"])
    assert exit_info.value.code == 2
    assert "KWARGS must be a JSON object" in capsys.readouterr().err
    assert "variant" not in BOTS


def test_dealer_jack_counts_the_dealers_passes() -> None:
    script = _load("dealer_jack")
    # basic at the dealer's seat too: it decides by the same rules every time
    first = script.main("basic", 6, 2)
    assert first["dealer_jack_decisions"] == 6
    assert 0 <= first["passed"] <= 6
    assert first == script.main("basic", 6, 2)
