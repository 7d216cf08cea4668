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

SHARED_EGN: Final = tuple(EGN_DATA / name for name in (
    "Custom_Scenario.egn",
    "Epic_Comeback.egn",
    "Me_and_Bears.egn",
    "Quite_the_Hustle_Annotated.egn",
    "Six_Points_in_Two_Hands.egn",
    "VWEC_Finals.egn",
    "VWEC_Finals_Annotated.egn",
))
"""The published games of the project's shared data (``../shared/data/egn``), as copied
into :data:`EGN_DATA` (whose ``README.md`` says where each file comes from)."""
