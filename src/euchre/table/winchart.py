"""A series of probabilities drawn as lines of text: the chance of winning over a game.

:func:`text_chart` draws each value (0 to 1) as a column of block characters rising
from the bottom, eight steps to a line, beside a y axis marked 100%, 50% and 0%. A
dotted guide shows the 50% line where the columns leave it empty, and the bottom axis
carries a tick (``┴``) where each new deal starts. Longer series than the chart is
wide are averaged into its columns. The lines are plain text (no colour, no markup,
no spaces at their ends), the same every time for the same values, so that Rich,
Textual and a plain ``print`` all show them alike.

>>> for line in text_chart([0.5, 0.6, 0.75, 0.9, 1.0, 0.2, 0.35, 0.5, 0.3, 0.0],
...                        height=4, marks=[0, 5]):
...     print(line)
100% ┤   ▅█
 50% ┤·▃███·····
     │█████ ▃█▂
  0% ┤█████▆███
     └┴────┴────

Sixty values in a chart thirty columns wide: each column is the mean of two.

>>> lines = text_chart([i / 59 for i in range(60)], width=30, height=3)
>>> for line in lines:
...     print(line)
100% ┤                     ▁▂▃▄▅▅▆▇█
 50% ┤···········▁▂▃▄▄▅▆▇███████████
  0% ┤ ▁▂▃▃▄▅▆▇█████████████████████
     └──────────────────────────────
>>> text_chart([])
[]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["text_chart"]

BLOCKS: Final = " ▁▂▃▄▅▆▇█"
"""A cell filled to 0 through 8 eighths of its height."""
GUIDE: Final = "·"
"""The dotted 50% line, in the cells the columns leave empty."""
LABEL_WIDTH: Final = 5
"""The y axis's labels (``100% ``), before the axis itself."""


def _columns(values: Sequence[float], width: int) -> tuple[list[float], list[int]]:
    """The values a column each (averaged when there are more than ``width``), and
    each value's column."""
    n = len(values)
    if n <= width:
        return list(values), list(range(n))
    columns = []
    column_of = [0] * n
    for c in range(width):
        start, stop = c * n // width, (c + 1) * n // width
        part = values[start:stop]
        columns.append(sum(part) / len(part))
        for i in range(start, stop):
            column_of[i] = c
    return columns, column_of


def text_chart(values: Sequence[float], *, width: int = 60, height: int = 8,
               marks: Sequence[int] = ()) -> list[str]:
    """``values`` (probabilities, 0 to 1; others are held to that range) drawn as
    ``height`` lines of columns and one line of the bottom axis.

    One column a value, or, past ``width`` values, the values averaged into ``width``
    columns. ``marks`` are indices of ``values`` where something new starts (a deal):
    their columns get a tick on the bottom axis. An empty series draws nothing (no
    lines). ``width`` and ``height`` are at least 1.
    """
    if not values:
        return []
    width = max(1, width)
    height = max(1, height)
    held = [0.0 if math.isnan(v) else min(1.0, max(0.0, v)) for v in values]
    columns, column_of = _columns(held, width)
    eighths = [round(v * height * 8) for v in columns]
    # the line whose cells cover 50% (its bottom edge, for an even height); a chart of
    # one or two lines has only its top and bottom
    middle = height - 1 - height // 2 if height > 2 else -1
    lines = []
    for row in range(height):
        base = (height - 1 - row) * 8
        cells = []
        for level in eighths:
            fill = min(8, max(0, level - base))
            cells.append(GUIDE if fill == 0 and row == middle else BLOCKS[fill])
        if row == 0:
            label = "100%"
        elif row == height - 1:
            label = "0%"
        elif row == middle:
            label = "50%"
        else:
            label = ""
        axis = "┤" if label else "│"
        lines.append(f"{label:>{LABEL_WIDTH - 1}} {axis}{''.join(cells)}".rstrip())
    ticks = {column_of[m] for m in marks if 0 <= m < len(column_of)}
    bottom = "".join("┴" if c in ticks else "─" for c in range(len(columns)))
    lines.append(f"{'':{LABEL_WIDTH}}└{bottom}")
    return lines
