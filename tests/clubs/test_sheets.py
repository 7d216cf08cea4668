"""A progressive evening on paper (:mod:`euchre.clubs.sheets`, ``euchre chart --pdf``):
the pages it says, every line inside its page, every name on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre.cli.main import main
from euchre.clubs.rotation import fixed_chart
from euchre.clubs.sheets import PAGE_SIZES, evening_pdf, pages

MM: float = 72 / 25.4
"""Points in a millimetre."""


@pytest.mark.parametrize("players", [4, 5, 16, 23, 40])
@pytest.mark.parametrize("size", list(PAGE_SIZES))
def test_every_page_and_line_is_there_and_inside_the_paper(players: int, size: str) -> None:
    chart = fixed_chart(players)
    seats = len(chart[0].tables) * 4
    names = [f"Player{n + 1}" for n in range(players)] + [
        f"bot {b + 1}" for b in range(seats - players)]
    pdf = evening_pdf(chart, names, players, size=size, compress=False)
    assert pdf.startswith(b"%PDF-")
    assert pdf.count(b"/Type /Page\n") == pages(chart, players, size)
    height = PAGE_SIZES[size] * MM
    for x, y in re.findall(rb"BT ([\d.]+) ([\d.]+) Td", pdf):
        assert 0 < float(x) < 216 * MM and 5 * MM < float(y) < height  # inside the paper
    for n in range(players):  # a score card for each player, its name on it
        assert f"Progressive Euchre: Player{n + 1})".encode() in pdf
    for t in range(len(chart[0].tables)):  # a tent for each table
        assert f"(Table {t + 1})".encode() in pdf


def test_names_print_in_latin_1_and_the_rest_as_question_marks() -> None:
    chart = fixed_chart(4)
    pdf = evening_pdf(chart, ["Zoë", "José", "太郎", "Bea"], 4, title="Club night",
                      compress=False)
    assert "Club night: Zoë)".encode("latin-1") in pdf
    assert b"Club night: ??)" in pdf


def test_the_command_writes_it_and_says_so(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "evening.pdf"
    assert main(["chart", "16", "--pdf", str(target), "--page", "a4"]) == 0
    out = capsys.readouterr().out
    assert out == (f"wrote {target}: the chart, 4 table tents and 16 score cards "
                   f"(14 pages)\n")
    assert target.read_bytes().startswith(b"%PDF-")


def test_a_file_that_can_not_be_written_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "8", "--pdf", str(tmp_path / "no" / "such" / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "can not write" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("rounds", [3, 20])
def test_rounds_past_the_chart_are_blank_lines_on_every_card(rounds: int) -> None:
    """Winners move up: only the first round is seated when the sheets are printed; each
    card has a line for every round of the evening, the later ones blank."""
    from euchre.clubs.events import Plan

    plan = Plan.parse({"players": [f"P{n}" for n in range(8)], "rotation": "winners",
                       "rounds": rounds, "seed": 1})
    chart = [plan.first_round()]
    names = [plan.name(p) for p in range(plan.seats)]
    pdf = evening_pdf(chart, names, 8, compress=False, rounds=rounds)
    assert pdf.count(b"/Type /Page\n") == pages(chart, 8, rounds=rounds)
    for r in range(1, rounds + 1):  # every round's number on each of the 8 cards
        assert pdf.count(f"({r})".encode()) >= 8, r
    height = PAGE_SIZES["letter"] * MM
    for _, y in re.findall(rb"BT ([\d.]+) ([\d.]+) Td", pdf):
        assert 5 * MM < float(y) < height
