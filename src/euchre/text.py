"""Small helpers for the English the program writes, shared by every layer.

>>> plural(1, "deal"), plural(3, "deal"), plural(0, "game"), plural(2, "is", "are")
('1 deal', '3 deals', '0 games', '2 are')
"""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless ``count`` is one."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
