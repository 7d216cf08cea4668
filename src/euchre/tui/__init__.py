"""The terminal game: ``euchre play`` (a Textual app) and ``euchre stats``.

:mod:`euchre.tui.session` binds the face-neutral :class:`~euchre.table.model.Table` for one
person (no screen), :mod:`euchre.tui.app` is the Textual app, each screen is its own
module (:mod:`~euchre.tui.table_screen`, :mod:`~euchre.tui.deal_summary`,
:mod:`~euchre.tui.game_over`, :mod:`~euchre.tui.setup_screen`, :mod:`~euchre.tui.help`;
the table's screen is split by role, see :mod:`~euchre.tui.table_screen`)
and :mod:`euchre.cli.play` holds the commands (``euchre play``, ``euchre stats``).
Importing this package does not import Textual.
"""
