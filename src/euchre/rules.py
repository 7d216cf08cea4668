"""The rules of a game: one frozen object with every option, and the named presets.

Code asks an option, never a preset's name. Every combination is validated when the
object is built; an impossible one is refused with a message naming the option.

>>> Rules().stick_the_dealer
False
>>> Rules.preset("tournament").stick_the_dealer
True
>>> Rules(players=2)
Traceback (most recent call last):
...
euchre.errors.RulesError: going_alone: two-handed Euchre has no going alone (use the ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from euchre.cards import DECKS
from euchre.errors import RulesError
from euchre.seating import SEATINGS, Seating

__all__ = ["OPTION_HELP", "PRESETS", "PRESET_HELP", "SEAT_NAMES", "Rules", "seat_name", "team_name"]

SEAT_NAMES: Final = {4: ("South", "West", "North", "East"), 2: ("South", "North")}
"""The compass name of each seat, the one naming used everywhere (terminal, records,
``watch``, ``replay``, the docs). Seat 0 is South, at the bottom of the terminal's
table; play goes clockwise, to the left: South, West, North, East. Two-handed, the
players face each other: South and North."""


def seat_name(seat: int, players: int = 4) -> str:
    """The compass name of a seat.

    >>> [seat_name(s) for s in range(4)], seat_name(1, players=2)
    (['South', 'West', 'North', 'East'], 'North')
    """
    return SEAT_NAMES[players][seat]


def team_name(team: int, players: int = 4) -> str:
    """A team's name: North-South or East-West (two-handed: the player's seat name).

    >>> team_name(0), team_name(1), team_name(1, players=2)
    ('North-South', 'East-West', 'North')
    """
    if players == 2:
        return seat_name(team, 2)
    return "North-South" if team == 0 else "East-West"

DealPattern = Literal["3-2", "1"]
LonerLead = Literal["left_of_loner", "left_of_dealer"]
LoneDefenderScoring = Literal["by_tricks", "flat_4"]

OPTION_HELP: Final[dict[str, str]] = {
    "players": "4 (partnership Euchre) or 2 (two-handed Euchre)",
    "deck": "24 (9 to A), 28 (adds the 8s), 32 (adds 8s and 7s); 25, 29 or 33 add the Benny",
    "deal_pattern": "'3-2' (3,2,3,2 then 2,3,2,3) or '1' (one card at a time)",
    "dealer_must_take_upcard": "the dealer must pick up an accepted upcard",
    "stick_the_dealer": "the dealer may not pass in round two",
    "going_alone": "a player may go alone (four-handed only)",
    "lone_defender": "a defender may go alone too",
    "maker_partner_alone": "the maker's partner may go alone",
    "loner_lead": "first lead with a loner: 'left_of_loner' or 'left_of_dealer'",
    "loner_march_points": "points for a lone maker taking all five tricks",
    "loner_euchred_points": "points to the defenders when a lone maker is euchred",
    "lone_defender_scoring": "a lone defender's euchre: 'by_tricks' (2, or 4 for five) or 'flat_4'",
    "canadian": "the dealer's partner who orders up in round one must go alone",
    "lone_defender_needs_loner": "a defender may go alone only against a lone maker",
    "super_euchre_points": "points at least for a euchre where the makers take no trick (0: off)",
    "fast_break": "makers who lose tricks 1 and 2 and win 3, 4 and 5 score nothing",
    "target": "points that win the game (0 when the game is a fixed number of deals)",
    "deals": "play this many deals instead of to a target (0: no limit)",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rules (see ``docs/rules.md``); defaults are the founding texts.

    >>> Rules.preset("standard") == Rules()
    True
    >>> Rules().replace(target=5).target
    5
    """

    players: int = 4
    deck: int = 24
    deal_pattern: DealPattern = "3-2"
    dealer_must_take_upcard: bool = False
    stick_the_dealer: bool = False
    going_alone: bool = True
    lone_defender: bool = True
    maker_partner_alone: bool = True
    loner_lead: LonerLead = "left_of_loner"
    loner_march_points: int = 4
    loner_euchred_points: int = 2
    lone_defender_scoring: LoneDefenderScoring = "by_tricks"
    target: int = 10
    deals: int = 0
    canadian: bool = False
    lone_defender_needs_loner: bool = False
    super_euchre_points: int = 0
    fast_break: bool = False

    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        def need(ok: bool, option: str, why: str) -> None:
            if not ok:
                raise RulesError(f"{option}: {why}")

        for name, kind in _OPTION_TYPES.items():
            value = getattr(self, name)
            need(type(value) is kind, name, f"must be {kind.__name__}, not {value!r}")
        need(self.players in (2, 4), "players", f"must be 4 or 2, not {self.players}")
        need(self.deck in DECKS, "deck",
             f"must be one of {', '.join(map(str, DECKS))}, not {self.deck}")
        need(self.deal_pattern in ("3-2", "1"), "deal_pattern",
             f"must be '3-2' or '1', not {self.deal_pattern!r}")
        need(self.loner_lead in ("left_of_loner", "left_of_dealer"), "loner_lead",
             f"must be 'left_of_loner' or 'left_of_dealer', not {self.loner_lead!r}")
        need(self.lone_defender_scoring in ("by_tricks", "flat_4"), "lone_defender_scoring",
             f"must be 'by_tricks' or 'flat_4', not {self.lone_defender_scoring!r}")
        for name in ("loner_march_points", "loner_euchred_points"):
            need(1 <= getattr(self, name) <= 100, name, "must be from 1 to 100 points")
        need(0 <= self.target <= 1000, "target", "must be from 0 to 1000 points")
        need(0 <= self.deals <= 100000, "deals", "must be from 0 to 100000 deals")
        need((self.target > 0) != (self.deals > 0), "target",
             "exactly one of target and deals ends a game: "
             "set target=0 to play a fixed number of deals, or deals=0 to play to a target")
        if self.players == 2:
            need(not (self.going_alone or self.lone_defender or self.maker_partner_alone),
                 "going_alone",
                 "two-handed Euchre has no going alone (use the 'two-handed' preset, or set "
                 "going_alone=false, lone_defender=false, maker_partner_alone=false)")
        need(0 <= self.super_euchre_points <= 100, "super_euchre_points",
             "must be from 0 (off) to 100 points")
        if self.players == 2:
            for option, default in (("canadian", False), ("lone_defender_needs_loner", False),
                                    ("super_euchre_points", 0)):
                need(getattr(self, option) == default, option,
                     "two-handed Euchre does not take this option (a four-handed rule)")
        if not self.lone_defender:
            need(not self.lone_defender_needs_loner, "lone_defender_needs_loner",
                 "says when a defender may go alone: it needs lone_defender=true")
        if not self.going_alone:
            need(not self.canadian, "canadian",
                 "forces the dealer's partner to go alone: it needs going_alone=true")
            need(not self.lone_defender, "lone_defender",
                 "a defender can go alone only when going_alone is true")
            need(not self.maker_partner_alone, "maker_partner_alone",
                 "the maker's partner can go alone only when going_alone is true")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named preset (``standard``, ``two-handed``, ...)."""
        key = name.strip().lower().replace("_", "-")
        if key not in PRESETS:
            raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
        return PRESETS[key]

    @classmethod
    def from_options(cls, options: Mapping[str, object], base: Rules | None = None) -> Rules:
        """Rules from option values, which may be text (``"true"``, ``"32"``).

        Setting ``deals`` without ``target`` plays a fixed number of deals (target 0).

        >>> Rules.from_options({"deals": "3"}).target
        0
        >>> Rules.from_options({"colour": "red"})
        Traceback (most recent call last):
        ...
        euchre.errors.RulesError: unknown option 'colour': the options are players, deck, ...
        """
        values: dict[str, Any] = {}
        for raw_name, raw in options.items():
            name = raw_name.strip().lower().replace("-", "_")
            if name not in _OPTION_TYPES:
                raise RulesError(
                    f"unknown option {raw_name!r}: the options are {', '.join(_OPTION_TYPES)}"
                )
            values[name] = _coerce(name, raw)
        if values.get("deals", 0) > 0 and "target" not in values:
            values["target"] = 0
        if values.get("target", 0) > 0 and "deals" not in values:
            values["deals"] = 0
        return (base or cls()).replace(**values)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, object]:
        """Every option and its value, for records and ``euchre rules``."""
        return {name: getattr(self, name) for name in _OPTION_TYPES}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """Rules from :meth:`to_dict` output; options not given take their defaults."""
        return cls.from_options(data)

    @property
    def seating(self) -> Seating:
        """Who plays with whom, who sits out, who leads and who acts next.

        >>> Rules().seating.partner(0), Rules.preset("two-handed").seating.partner(0)
        (2, None)
        """
        return SEATINGS[self.players]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return 5

    @property
    def kitty_size(self) -> int:
        """Cards left face down after dealing, the upcard included."""
        return self.deck - self.players * self.hand_size

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


_OPTION_TYPES: Final[dict[str, type]] = {
    f.name: {"int": int, "bool": bool}.get(str(f.type), str) for f in dataclasses.fields(Rules)
}


def _coerce(name: str, raw: object) -> object:
    kind = _OPTION_TYPES[name]
    if not isinstance(raw, str):
        if type(raw) is not kind:
            raise RulesError(f"{name}: must be {kind.__name__}, not {raw!r}")
        return raw
    text = raw.strip().lower()
    if kind is bool:
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"{name}: must be true or false, not {raw!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"{name}: must be a whole number, not {raw!r}") from None
    return text.replace("-", "_") if name != "deal_pattern" else text


PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(),
    "two-handed": Rules(
        players=2, going_alone=False, lone_defender=False, maker_partner_alone=False
    ),
    "tournament": Rules(
        dealer_must_take_upcard=True,
        stick_the_dealer=True,
        lone_defender=False,
        maker_partner_alone=False,
        loner_lead="left_of_dealer",
    ),
    "openspiel": Rules(
        dealer_must_take_upcard=True,
        stick_the_dealer=True,
        lone_defender=False,
        maker_partner_alone=False,
        loner_lead="left_of_dealer",
        lone_defender_scoring="flat_4",
        target=0,
        deals=1,
    ),
    "canadian": Rules(canadian=True),
}

PRESET_HELP: Final[dict[str, str]] = {
    "standard": "four-handed, the founding texts' rules",
    "two-handed": "two-handed Euchre: two opponents, no going alone",
    "tournament": "club and online rules: must pick up, stick the dealer, only the maker alone",
    "openspiel": "one deal under the rules of OpenSpiel's euchre game",
    "canadian": "standard, and the dealer's partner who orders up must go alone",
}
