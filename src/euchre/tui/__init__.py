"""The terminal game: ``euchre play`` (a Textual app) and ``euchre stats``.

:mod:`euchre.tui.session` holds the game behind the table (no screen),
:mod:`euchre.tui.app` the Textual app, :mod:`euchre.tui.cli` the commands. Importing
this package does not import Textual.
"""

from euchre.tui.cli import add_play_commands

__all__ = ["add_play_commands"]
