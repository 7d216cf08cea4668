"""Saving a table's game after every action, so that nothing is lost.

A :class:`RecordSaver` writes the record of a game (atomically, through
:func:`euchre.table.data_folder.save_game`) whenever it changed. A game read from a file is not
written until a person moves (opening a file never changes it). When the record can not
be written where it belongs, the game goes on: :attr:`RecordSaver.error` says why in
one line and the record goes to a spare folder instead.

>>> from euchre.engine.game import Game
>>> saver = RecordSaver(None, {})
>>> saver.save(Game(seed=1)), saver.error
(None, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from euchre.engine.actions import Action
from euchre.engine.game import Game

__all__ = ["RecordSaver"]


class RecordSaver:
    """Writes one game's record to ``path`` (nothing when ``path`` is ``None``).

    ``metadata`` goes into the record (the saver keeps it and may be told more);
    ``opened``: the game was read from ``path``, so nothing is written until
    :meth:`release` (a person's move) or the end of the game.
    """

    def __init__(self, path: Path | None, metadata: Mapping[str, object], *,
                 opened: Game | None = None) -> None:
        self.path = path
        self.metadata: dict[str, object] = dict(metadata)
        self.error: str | None = None
        """Why the last save did not go where it belongs (and where it went), in words."""
        self.failed = False
        """Whether the last save went nowhere at all."""
        self.moved: str | None = None
        """Why the record went to the spare folder, once it has."""
        self._saved: tuple[tuple[Action, ...], ...] | None = (
            None if opened is None else opened.history)
        self._hold = opened is not None
        self._spare: Path | None = None

    def release(self) -> None:
        """A person moved (or the game ended): saving may write from now on."""
        self._hold = False

    def save(self, game: Game) -> None:
        """Write the record of ``game`` if it changed since the last save.

        When it can not be written (a file where the folder should be, no permission, a
        full or read-only disk), the game goes on: :attr:`error` says why in one line,
        and the record goes to a new folder in the system's temporary folder instead
        (:attr:`path` then names it, and :attr:`error` keeps saying so); if even that
        fails, the next action tries again.
        """
        if self.path is None or self._hold:
            return
        history = game.history
        if history == self._saved:
            return
        from euchre.table.data_folder import SaveError, save_game

        try:
            save_game(game, self.metadata, self.path)
        except SaveError as error:
            self.error = self._save_elsewhere(game, error.problem)
            return
        self._saved = history
        self.failed = False
        self.error = None
        if self.moved is not None:
            self.error = f"{self.moved}; the game is saved to {self.path} instead"

    def _save_elsewhere(self, game: Game, problem: str) -> str:
        """Save to a spare folder after a failed save; the line that tells the person."""
        import tempfile

        from euchre.table.data_folder import SaveError, save_game

        assert self.path is not None
        self.failed = True
        again = "the game goes on, and the next move tries again"
        if self._spare is None:
            try:
                self._spare = Path(tempfile.mkdtemp(prefix="euchre-games-"))
            except OSError:
                return f"{problem}; {again}"
        spare = self._spare / self.path.name
        if spare == self.path:
            return f"{problem}; {again}"
        try:
            save_game(game, self.metadata, spare)
        except SaveError as error:
            return f"{problem} (and {error.problem}); {again}"
        self.path = spare
        self._saved = game.history
        self.failed = False
        self.moved = problem
        return f"{problem}; the game is saved to {spare} instead"
