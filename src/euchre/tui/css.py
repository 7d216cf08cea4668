"""The look of the terminal table: the Textual CSS of every screen, in one place.

:class:`~euchre.tui.app.EuchreApp` loads :data:`TABLE_CSS` followed by
:data:`~euchre.tui.style.NO_COLOR_CSS` (the highlights without colour). The widths here
match :data:`~euchre.tui.widgets.SIDE_WIDTH` (``#side``) and the dialogs' margin on a
wide terminal.
"""

from __future__ import annotations

from typing import Final

__all__ = ["TABLE_CSS"]

TABLE_CSS: Final = """
Screen { background: #101418; }
TableScreen { layout: vertical; }
#body { height: 1fr; }
#main { width: 1fr; }
#side { width: 32; border-left: solid #30363d; padding: 0 1; }
TableScreen.-narrow #side { display: none; }
#side-title { height: 1; }
#log { height: 1fr; background: #101418; scrollbar-size-vertical: 1; }
#status { height: 2; background: #1c2430; padding: 0 1; }
#top-row { height: 5; align: center top; }
#seat-top { width: 40; }
#top-row .top-many { width: 1fr; }
#middle-row { height: 1fr; min-height: 7; }
.seat { height: 100%; border: round #3c4654; padding: 0 1; border-title-color: #c9d1d9;
        border-subtitle-color: #6e7681; }
#seat-left, #seat-right { width: 22; }
.seat.-to-act { border: heavy #ffd75f; border-title-color: #ffd75f; }
.seat.-out { color: #6e7681; }
#center { width: 1fr; height: 100%; background: #0d4a2f; border: round #2f7a55;
          content-align: center middle; text-align: center; }
#you { height: 1; padding: 0 1; background: #161b22; }
#hand { height: 4; padding: 0 1; }
CardButton { width: 7; height: 4; margin-right: 1; background: #f4f1e8; color: #101010;
             border: round #9a9a9a; content-align: center middle; text-align: center; }
CardButton.-legal { border: round #2e8b57; }
CardButton.-illegal { background: #4a4a4a; border: round #5a5a5a; }
CardButton.-cursor { border: heavy #ffaf00; background: #fff4c2; }
CardButton:hover { border: heavy #5fafff; }
#choices { height: 1; padding: 0 1; }
ChoiceButton { width: auto; height: 1; padding: 0 1; margin-right: 1; background: #2d333b; }
ChoiceButton.-illegal { color: #6e7681; background: #1c2128; }
ChoiceButton.-cursor { background: #ffaf00; color: #101010; }
ChoiceButton:hover { background: #5fafff; color: #101010; }
#message { height: 3; padding: 0 1; }
#too-small { display: none; }
TableScreen.-too-small #body { display: none; }
TableScreen.-too-small Footer { display: none; }
TableScreen.-too-small #too-small { display: block; height: 1fr; content-align: center middle;
                                    text-align: center; }
ModalScreen { align: center middle; background: #000000 40%; }
#dialog { width: 70; height: auto; max-width: 100%; border: thick #ffd75f;
          background: #1c2430; padding: 1 2; margin: 2 0 1 0; }
DealSummaryScreen.-wide #dialog, GameOverScreen.-wide #dialog { margin-right: 32; }
#summary-keys, #game-over-keys, #review, #win-chart { margin-top: 1; }
#setup { padding: 0 2; }
#setup-title { margin: 1 0; }
#setup-grid { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1; grid-gutter: 1 2;
              height: auto; }
#setup-grid Checkbox { column-span: 2; }
#setup-grid #practice { column-span: 4; }
#setup-note { margin: 1 0; height: auto; }
#setup-buttons { height: 1; }
#setup-buttons Button { margin-right: 2; }
"""
"""The CSS of the table, the dialogs and the start screen."""
