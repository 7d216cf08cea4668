"""Where the tests find the repository and their data (nothing outside the repository)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
"""The repository's root folder."""

DATA: Final = ROOT / "tests" / "data"
"""The tests' own data."""

EGN_DATA: Final = DATA / "egn"
"""The EGN and EMN records: the project's copy of ``../shared/data/egn`` and more."""
