"""A progressive evening on paper: the chart, a tent for each table and a score card
for each player, in one PDF (through fpdf2, the ``clubs`` extra).

- **The chart**: each round's tables, North & South against East & West.
- **Table tents**: a page a table, its number large enough to read across the room,
  and who sits there each round.
- **Score cards**: one a player, two to a page (one for an evening of more than
  :data:`HALF_PAGE_ROUNDS` rounds), a line a round with the table, partner and opponents
  printed, and boxes for the points, the points against, a win and lone hands, with a
  total at the foot.

The PDF's fonts are the core ones every reader has; a name outside Latin-1 prints with
``?`` for the letters they lack.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from euchre.clubs.rotation import Round
from euchre.extras import optional_module

__all__ = ["HALF_PAGE_ROUNDS", "PAGE_SIZES", "evening_pdf", "pages"]

HALF_PAGE_ROUNDS: Final = 16
"""The most rounds a score card on half a page holds."""
PAGE_SIZES: Final = {"letter": 279.4, "a4": 297.0}
"""The papers, and their height (mm)."""
FONT: Final = "Helvetica"
CARD_COLUMNS: Final = (("Round", 14), ("Table", 14), ("Partner", 34), ("Opponents", 56),
                       ("Points", 17), ("Against", 17), ("Won", 12), ("Loners", 14))
"""A score card's columns and their widths (mm)."""


def _latin(text: str) -> str:
    """``text`` as the core fonts can print it."""
    return text.encode("latin-1", errors="replace").decode("latin-1")


def pages(chart: Sequence[Round], players: int, size: str = "letter",
          rounds: int | None = None) -> int:
    """The pages :func:`evening_pdf` makes on paper ``size``: the chart's (as many rounds
    a page as fit), a tent a table, and the score cards' (two a page, or one)."""
    tables = len(chart[0].tables) if chart else 0
    return (-(-len(chart) // _rounds_a_page(tables, PAGE_SIZES[size])) + tables
            + -(-players // _cards_a_page(max(len(chart), rounds or 0))))


def _rounds_a_page(tables: int, height: float) -> int:
    """The chart's rounds that fit on a page ``height`` mm tall."""
    return max(1, int((height - 35) // (9.6 + 5.5 * tables)))


def _cards_a_page(rounds: int) -> int:
    return 2 if rounds <= HALF_PAGE_ROUNDS else 1


def evening_pdf(chart: Sequence[Round], names: Sequence[str], players: int, *,
                title: str = "Progressive Euchre", size: str = "letter",
                compress: bool = True, rounds: int | None = None) -> bytes:
    """The evening's PDF: ``chart`` with each seat's name (``names``, the players'
    first, then the bots'); ``title`` heads every page. ``rounds``: the evening's
    rounds where the chart has only the first of them (winners move up: the later
    rounds are seated by the results), each a blank line of the score cards."""
    fpdf = optional_module("fpdf", "clubs", "a printed evening (euchre chart --pdf)",
                           called="fpdf2")
    pdf: Any = fpdf.FPDF(orientation="P", unit="mm", format=size)
    pdf.set_compression(compress)
    pdf.set_auto_page_break(False)
    title = _latin(title)
    names = [_latin(n) for n in names]

    def heading(text: str, size: float = 16) -> None:
        pdf.set_font(FONT, "B", size)
        pdf.cell(0, size * 0.6, text, new_x="LMARGIN", new_y="NEXT")

    def line(text: str, size: float = 11, style: str = "") -> None:
        pdf.set_font(FONT, style, size)
        pdf.cell(0, size * 0.55, text, new_x="LMARGIN", new_y="NEXT")

    def pair(p: tuple[int, int]) -> str:
        return f"{names[p[0]]} & {names[p[1]]}"

    tables = len(chart[0].tables) if chart else 0
    each = _rounds_a_page(tables, PAGE_SIZES[size])
    for start in range(0, len(chart), each):  # the chart, as many rounds a page as fit
        pdf.add_page()
        heading(f"{title}: the chart")
        for r in range(start, min(start + each, len(chart))):
            pdf.ln(3)
            line(f"Round {r + 1}", 12, "B")
            for t, table in enumerate(chart[r].tables):
                line(f"Table {t + 1}:  {pair(table.ns)}  against  {pair(table.ew)}", 10)
    tent = min(10.0, (PAGE_SIZES[size] - 100) / max(1, len(chart)) / 0.55)
    for t in range(tables):  # a tent a table
        pdf.add_page()
        line(title, 14)
        pdf.set_font(FONT, "B", 96)
        pdf.cell(0, 60, f"Table {t + 1}", align="C", new_x="LMARGIN", new_y="NEXT")
        for r, round_ in enumerate(chart):
            table = round_.tables[t]
            line(f"Round {r + 1}:  {pair(table.ns)} (North-South)  against  "
                 f"{pair(table.ew)} (East-West)", tent)
    rounds = max(len(chart), rounds or 0)
    each = _cards_a_page(rounds)
    for first in range(0, players, each):  # the score cards
        pdf.add_page()
        for player in range(first, min(first + each, players)):
            if player > first:
                pdf.set_y(pdf.h / 2 + 4)
            _score_card(pdf, chart, names, player, title, pdf.h / each, rounds)
    return bytes(pdf.output())


def _score_card(pdf: Any, chart: Sequence[Round], names: Sequence[str], player: int,
                title: str, room: float, rounds: int) -> None:
    """One player's card in ``room`` mm of the page: a line a round (``rounds``; those
    past the chart blank, for the table, partner and opponents to be written in), boxes
    to fill in, a total."""
    pdf.set_font(FONT, "B", 13)
    pdf.cell(0, 8, f"{title}: {names[player]}", new_x="LMARGIN", new_y="NEXT")
    rows = rounds
    height = min(6.0, (room - 30) / (rows + 2))
    pdf.set_font(FONT, "B", 8)
    for label, width in CARD_COLUMNS:
        pdf.cell(width, height, label, border=1, align="C")
    pdf.ln(height)
    pdf.set_font(FONT, "", 8)
    for r in range(rounds):
        cells = [str(r + 1), "", "", "", "", "", "", ""]
        if r < len(chart):
            t, partner, theirs = chart[r].place(player)
            cells[1:4] = [str(t + 1), names[partner], f"{names[theirs[0]]} & {names[theirs[1]]}"]
        for (_, width), text in zip(CARD_COLUMNS, cells, strict=True):
            pdf.cell(width, height, text, border=1, align="C")
        pdf.ln(height)
    total = sum(width for _, width in CARD_COLUMNS[:4])
    pdf.set_font(FONT, "B", 8)
    pdf.cell(total, height, "Total", border=1, align="R")
    for _, width in CARD_COLUMNS[4:]:
        pdf.cell(width, height, "", border=1)
    pdf.ln(height)
