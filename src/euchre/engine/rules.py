"""The rules of a game: one frozen object with every option, and the named presets.

Code asks an option, never a preset's name. Every combination is validated when the
object is built; an impossible one is refused with a message naming the option.

>>> Rules().stick_the_dealer
False
>>> Rules.preset("tournament").stick_the_dealer
True
>>> Rules(players=2, canadian=True)
Traceback (most recent call last):
...
euchre.errors.RulesError: canadian: two-handed Euchre does not take this option (it belongs ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from euchre.engine.cards import DECKS, deck_has_benny
from euchre.engine.seating import Seating, seating_of
from euchre.errors import RulesError

__all__ = [
    "APPLIES", "FORM_NAMES", "OPTION_HELP", "PRESETS", "PRESET_HELP", "SEAT_NAMES", "Rules",
    "seat_name", "team_name",
]

SEAT_NAMES: Final = {
    4: ("South", "West", "North", "East"),
    2: ("South", "North"),
    3: ("South", "West", "East"),
    5: ("South", "South-West", "North-West", "North-East", "South-East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
    7: ("South", "South-West", "West", "North-West", "North-East", "East", "South-East"),
}
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
    """A partnership's name: North-South or East-West (with a seat per side, as in
    two-handed Euchre, the player's seat name; :meth:`Rules.team_name` knows every form).

    >>> team_name(0), team_name(1), team_name(1, players=2)
    ('North-South', 'East-West', 'North')
    """
    if players != 4:
        return seat_name(team, players)
    return "North-South" if team == 0 else "East-West"


Form = Literal["four_handed", "two_handed", "three_handed", "hasenpfeffer", "napoleon"]
DealPattern = Literal["3-2", "1"]
LonerLead = Literal["left_of_loner", "left_of_dealer"]
LoneDefenderScoring = Literal["by_tricks", "flat_4"]

FORM_NAMES: Final[dict[str, str]] = {
    "four_handed": "four-handed partnership Euchre",
    "two_handed": "two-handed Euchre",
    "three_handed": "three-handed (cutthroat) Euchre",
    "hasenpfeffer": "Hasenpfeffer",
    "napoleon": "Napoleon (Nap)",
}
"""Each form of the game (RULES-forms.md §13), in words."""

_FORM_PLAYERS: Final[dict[str, tuple[int, ...]]] = {
    "four_handed": (4,), "two_handed": (2,), "three_handed": (3,), "hasenpfeffer": (4,),
    "napoleon": (2, 3, 4, 5, 6, 7),
}
_FORM_DEFAULTS: Final[dict[str, dict[str, int]]] = {
    "four_handed": {"players": 4, "deck": 24, "target": 10},
    "two_handed": {"players": 2, "deck": 24, "target": 10},
    "three_handed": {"players": 3, "deck": 24, "target": 10},
    "hasenpfeffer": {"players": 4, "deck": 25, "target": 10},
    "napoleon": {"players": 5, "deck": 52, "target": 20},
}
"""The values ``players``, ``deck`` and ``target`` take in each form when not given (0
in the constructor means "the form's default")."""

_EUCHRE_FORMS: Final = ("four_handed", "two_handed", "three_handed")
_ALL_FORMS: Final = (*_EUCHRE_FORMS, "hasenpfeffer", "napoleon")
APPLIES: Final[dict[str, tuple[str, ...]]] = {
    **{o: _EUCHRE_FORMS for o in (
        "benny_upcard", "dealer_must_take_upcard", "stick_the_dealer", "no_trump", "farmers",
        "go_under", "throw_in", "fast_break")},
    **{o: ("four_handed",) for o in (
        "going_alone", "canadian", "maker_partner_alone", "lone_defender",
        "lone_defender_needs_loner", "lone_defender_scoring", "loner_lead",
        "loner_march_points", "loner_euchred_points", "partners_best", "partners_best_order",
        "four_trick_tokens", "super_euchre_points")},
    **{o: ("four_handed", "two_handed", "hasenpfeffer") for o in ("laps", "slam")},
    **{o: ("hasenpfeffer",) for o in ("hasen_bidding", "widow", "hasen_defenders_score")},
    **{o: ("napoleon",) for o in (
        "nap_min_bid", "nap_all_pass", "misere", "wellington", "blucher", "nap_values",
        "misere_loss_points")},
}
"""Which forms take each option (RULES-forms.md §21); an option not listed applies to
every form (``players``, ``deck``, ``target``, ``deals``, ``deal_pattern`` are checked
against the form on their own)."""

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "form": _ALL_FORMS,
    "deal_pattern": ("3-2", "1"),
    "loner_lead": ("left_of_loner", "left_of_dealer"),
    "lone_defender_scoring": ("by_tricks", "flat_4"),
    "benny_upcard": ("skip_round_one", "dealer_names", "hearts"),
    "throw_in": ("none", "no_ace_no_face"),
    "partners_best": ("none", "loner", "loner_and_defender"),
    "partners_best_order": ("discard_first", "receive_first"),
    "hasen_bidding": ("one_round", "auction"),
    "widow": ("unused", "bidder_takes"),
    "nap_all_pass": ("dealer_bids_one", "throw_in"),
    "nap_values": ("high", "low"),
}
"""The values each text option takes, the default first."""

OPTION_HELP: Final[dict[str, str]] = {
    "form": "four_handed, two_handed, three_handed, hasenpfeffer or napoleon",
    "players": "seats: 4, 2 (two-handed), 3 (three-handed), 2 to 7 (Napoleon)",
    "deck": "24 (9 to A), 28 (adds the 8s), 32 (adds 8s and 7s); 25, 29 or 33 add the "
            "Benny; 52 (Napoleon)",
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
    "benny_upcard": "a Benny upcard: 'skip_round_one', 'dealer_names' (British) or 'hearts'",
    "no_trump": "round two may call no-trump",
    "farmers": "a hand of three 9s and 10s may swap them for three kitty cards",
    "go_under": "a hand with no face card may swap three cards for three kitty cards",
    "throw_in": "'none' or 'no_ace_no_face': such a hand may void the deal",
    "partners_best": "a lone player calls for the partner's best card: 'none', 'loner', "
                     "'loner_and_defender'",
    "partners_best_order": "'discard_first' (the loner discards, then receives) or "
                           "'receive_first'",
    "four_trick_tokens": "makers taking exactly 4 tricks gain a token; 4 tokens score a point",
    "laps": "the winner's points above the target start its next game of a match",
    "slam": "a game won while the losers have 0 points or fewer counts twice in a match",
    "hasen_bidding": "Hasenpfeffer bidding: 'one_round' or 'auction'",
    "widow": "Hasenpfeffer's widow: 'unused' or 'bidder_takes' (and discards one)",
    "hasen_defenders_score": "Hasenpfeffer defenders score the tricks they take",
    "nap_min_bid": "Napoleon's lowest bid: 2 or 1",
    "nap_all_pass": "Napoleon, all pass: 'dealer_bids_one' or 'throw_in'",
    "misere": "Napoleon: the misère bid (win no trick)",
    "wellington": "Napoleon: Wellington, all five tricks, over a Nap",
    "blucher": "Napoleon: Blücher, all five tricks, over a Wellington",
    "nap_values": "Napoleon's values: 'high' (Nap 10/5) or 'low' (Nap 5)",
    "misere_loss_points": "Napoleon: each opponent's points for a lost misère (3 or 6)",
    "target": "points that win the game (0 when the game is a fixed number of deals)",
    "deals": "play this many deals instead of to a target (0: no limit)",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rules (see ``docs/rules.md``); defaults are the founding texts.

    ``players``, ``deck`` and ``target`` given as 0 take the form's own (Napoleon: 5
    players, 52 cards, 20 points); the going-alone options are off in every form but
    four-handed Euchre (left at their defaults, they are turned off there; set on, they
    are refused). ``players=2`` or ``3`` alone chooses the two- or three-handed form.

    >>> Rules.preset("standard") == Rules()
    True
    >>> Rules().replace(target=5).target
    5
    >>> Rules(form="napoleon").players, Rules(players=2) == Rules.preset("two-handed")
    (5, True)
    """

    players: int = 0
    deck: int = 0
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
    target: int = -1
    deals: int = 0
    canadian: bool = False
    lone_defender_needs_loner: bool = False
    super_euchre_points: int = 0
    fast_break: bool = False
    form: Form = "four_handed"
    benny_upcard: str = "skip_round_one"
    no_trump: bool = False
    farmers: bool = False
    go_under: bool = False
    throw_in: str = "none"
    partners_best: str = "none"
    partners_best_order: str = "discard_first"
    four_trick_tokens: bool = False
    laps: bool = False
    slam: bool = False
    hasen_bidding: str = "one_round"
    widow: str = "unused"
    hasen_defenders_score: bool = True
    nap_min_bid: int = 2
    nap_all_pass: str = "dealer_bids_one"
    misere: bool = False
    wellington: bool = False
    blucher: bool = False
    nap_values: str = "high"
    misere_loss_points: int = 3

    def __post_init__(self) -> None:
        self._settle()
        self._validate()

    def _settle(self) -> None:
        """Fill in what the form decides: ``players=2``/``3`` alone name their form, 0
        (and a target of -1) take the form's defaults, and forms without going alone
        turn its options off."""
        put = object.__setattr__
        if self.form == "four_handed" and self.players in (2, 3):
            put(self, "form", "two_handed" if self.players == 2 else "three_handed")
        defaults = _FORM_DEFAULTS.get(self.form)
        if defaults is None:
            return  # refused by _validate
        if self.players == 0:
            put(self, "players", defaults["players"])
        if self.deck == 0:
            put(self, "deck", defaults["deck"])
        if self.target == -1:
            put(self, "target", 0 if self.deals > 0 else defaults["target"])
        alone = ("going_alone", "lone_defender", "maker_partner_alone")
        if self.form != "four_handed" and all(getattr(self, name) for name in alone):
            for name in alone:  # untouched defaults: the form has no going alone
                put(self, name, False)

    def _validate(self) -> None:
        def need(ok: bool, option: str, why: str) -> None:
            if not ok:
                raise RulesError(f"{option}: {why}")

        for name, kind in _OPTION_TYPES.items():
            value = getattr(self, name)
            need(type(value) is kind, name, f"must be {kind.__name__}, not {value!r}")
        for name, choices in _CHOICES.items():
            need(getattr(self, name) in choices, name,
                 f"must be {' or '.join(repr(c) for c in choices)}, not {getattr(self, name)!r}")
        form = self.form
        allowed = _FORM_PLAYERS[form]
        if len(allowed) == 1:
            need(self.players == allowed[0], "players",
                 f"{FORM_NAMES[form]} has {allowed[0]} players, not {self.players}")
        else:
            need(self.players in allowed, "players",
                 f"{FORM_NAMES[form]} takes {allowed[0]} to {allowed[-1]} players, "
                 f"not {self.players}")
        if form == "napoleon":
            need(self.deck == 52, "deck", "Napoleon is played with the 52-card deck")
        elif form == "hasenpfeffer":
            need(self.deck == 25, "deck",
                 "Hasenpfeffer is played with the 25-card deck (24 and the Benny)")
        else:
            need(self.deck in DECKS and self.deck != 52, "deck",
                 f"must be one of {', '.join(str(d) for d in DECKS if d != 52)}, "
                 f"not {self.deck}")
        for name in ("loner_march_points", "loner_euchred_points"):
            need(1 <= getattr(self, name) <= 100, name, "must be from 1 to 100 points")
        need(0 <= self.target <= 1000, "target", "must be from 0 to 1000 points")
        need(0 <= self.deals <= 100000, "deals", "must be from 0 to 100000 deals")
        need((self.target > 0) != (self.deals > 0), "target",
             "exactly one of target and deals ends a game: "
             "set target=0 to play a fixed number of deals, or deals=0 to play to a target")
        need(0 <= self.super_euchre_points <= 100, "super_euchre_points",
             "must be from 0 (off) to 100 points")
        need(self.nap_min_bid in (1, 2), "nap_min_bid", f"must be 2 or 1, not {self.nap_min_bid}")
        need(self.misere_loss_points in (3, 6), "misere_loss_points",
             f"must be 3 or 6, not {self.misere_loss_points}")
        defaults = _OFF_VALUES
        for option, forms in APPLIES.items():
            if form not in forms and getattr(self, option) != defaults[option]:
                takers = ", ".join(FORM_NAMES[f] for f in forms)
                need(False, option, f"{FORM_NAMES[form]} does not take this option "
                                    f"(it belongs to {takers})")
        need(not (self.laps or self.slam) or self.target > 0, "laps" if self.laps else "slam",
             "scores a match of games played to a target: it needs a target, not deals")
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
            need(self.partners_best == "none", "partners_best",
                 "a lone player calls for best: it needs going_alone=true")
        if self.partners_best == "loner_and_defender":
            need(self.lone_defender, "partners_best",
                 "'loner_and_defender' lets a lone defender call: it needs lone_defender=true")
        if self.benny_upcard != "skip_round_one":
            need(deck_has_benny(self.deck), "benny_upcard",
                 f"says what a Benny upcard does: the {self.deck}-card deck has no Benny")
        need(not self.blucher or self.wellington, "blucher",
             "is bid over a Wellington: it needs wellington=true")

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
        if "form" in values:  # a new form brings its own players, deck and target
            for name, unset in (("players", 0), ("deck", 0), ("target", -1)):
                values.setdefault(name, unset)
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
        >>> Rules.preset("three-handed").seating.teams
        ((0,), (1,), (2,))
        """
        return seating_of(self.players, partnerships=self.form in ("four_handed", "hasenpfeffer"))

    @property
    def per_player(self) -> bool:
        """Whether each player scores for themselves (three-handed, Napoleon; §13)."""
        return self.form in ("three_handed", "napoleon")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (and so tricks in a deal)."""
        return 6 if self.form == "hasenpfeffer" else 5

    @property
    def kitty_size(self) -> int:
        """Cards left face down after dealing, the upcard (or Hasenpfeffer's widow)
        included; Napoleon's undealt cards are set aside unseen."""
        return self.deck - self.players * self.hand_size

    @property
    def has_upcard(self) -> bool:
        """Whether a card is turned up for the bidding (every Euchre form)."""
        return self.form in _EUCHRE_FORMS

    @property
    def trump_order(self) -> str:
        """``euchre`` (bowers and the Benny) or ``plain`` (Napoleon: A high, no bowers)."""
        return "plain" if self.form == "napoleon" else "euchre"

    @property
    def form_name(self) -> str:
        """The form in words: ``'three-handed (cutthroat) Euchre'``."""
        return FORM_NAMES[self.form]

    def team_name(self, team: int) -> str:
        """The name of a scoring side: a partnership's, or the player's seat name.

        >>> Rules().team_name(1), Rules(form="napoleon").team_name(1)
        ('East-West', 'South-West')
        """
        if self.seating.partner_of[0] is None:
            return seat_name(team, self.players)
        return team_name(team)

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


_OPTION_TYPES: Final[dict[str, type]] = {
    f.name: {"int": int, "bool": bool}.get(str(f.type), str) for f in dataclasses.fields(Rules)
}
_OFF_VALUES: Final[dict[str, object]] = {
    **{f.name: f.default for f in dataclasses.fields(Rules)},
    "going_alone": False, "lone_defender": False, "maker_partner_alone": False,
}
"""The value that leaves each option out of play (its default; off for going alone, which
every form but four-handed Euchre turns off by itself)."""


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


_RAILROAD: Final = Rules(
    deck=25, benny_upcard="hearts", lone_defender=True, lone_defender_needs_loner=True,
    lone_defender_scoring="flat_4", partners_best="loner_and_defender",
    partners_best_order="discard_first", target=10,
)
_NAPOLEON: Final = Rules(
    form="napoleon", deck=52, players=5, nap_min_bid=2, nap_all_pass="dealer_bids_one",
    nap_values="high", target=20,
)

PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(),
    "two-handed": Rules(form="two_handed"),
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
    "three-handed": Rules(form="three_handed"),
    "railroad": _RAILROAD,
    "railroad-1887": _RAILROAD.replace(deck=33, partners_best_order="receive_first"),
    "hasenpfeffer": Rules(
        form="hasenpfeffer", deck=25, hasen_bidding="one_round", widow="unused",
        hasen_defenders_score=True, target=10,
    ),
    "napoleon": _NAPOLEON,
    "napoleon-full": _NAPOLEON.replace(misere=True, wellington=True, blucher=True),
    "british": Rules(deck=25, benny_upcard="dealer_names", target=10),
}

PRESET_HELP: Final[dict[str, str]] = {
    "standard": "four-handed, the founding texts' rules",
    "two-handed": "two-handed Euchre: two opponents, no going alone",
    "tournament": "club and online rules: must pick up, stick the dealer, only the maker alone",
    "openspiel": "one deal under the rules of OpenSpiel's euchre game",
    "canadian": "standard, and the dealer's partner who orders up must go alone",
    "three-handed": "cutthroat: three players, the maker alone against the other two",
    "railroad": "the Benny (hearts when turned up), defending alone, calling for best",
    "railroad-1887": "Railroad with Keller's 33-card pack; the loner receives, then discards",
    "hasenpfeffer": "four-handed, 25 cards, six each: bid for tricks, the maker names trump",
    "napoleon": "2 to 7 players (5), 52 cards: bid two to Nap; the first lead makes trump",
    "napoleon-full": "Napoleon with misère, Wellington and Blücher",
    "british": "the Benny; when it is turned up the dealer names trump",
}
