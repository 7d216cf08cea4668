"""The lobby's words and its one-click game: what each preset is called at a card table,
with one line a player understands, and the table **Play now** makes.

The presets' own help (:data:`~euchre.engine.rules.PRESET_HELP`) speaks the rules'
language for people who know the options; here each preset has the name players use
(:data:`PRESET_TITLES`) and one sentence about how the game plays (:data:`PRESET_LINES`).
``GET /api/setup`` gives both with every preset (``docs/web.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre.engine.rules import OPTION_HELP, PRESETS, Rules

__all__ = ["PLAY_NOW_BOT", "PLAY_NOW_PRESET", "PRESET_LINES", "PRESET_TITLES", "play_now",
           "rules_lines"]

PRESET_TITLES: Final[dict[str, str]] = {
    "standard": "Standard Euchre",
    "two-handed": "Two-handed",
    "tournament": "Tournament (stick the dealer)",
    "openspiel": "OpenSpiel (one deal)",
    "canadian": "Canadian",
    "three-handed": "Three-handed (cutthroat)",
    "railroad": "Railroad",
    "railroad-1887": "Railroad (1887)",
    "hasenpfeffer": "Hasenpfeffer",
    "napoleon": "Napoleon",
    "napoleon-full": "Napoleon with misère",
    "british": "British (the Benny)",
}
"""Each preset by the name players use."""

PRESET_LINES: Final[dict[str, str]] = {
    "standard": "Four players in two partnerships, 24 cards, first side to 10 points; "
                "you may go alone.",
    "two-handed": "You against one opponent with 24 cards, to 10 points; nobody goes alone.",
    "tournament": "Club and online rules: the dealer must take the upcard when it is "
                  "ordered and must name trump when all pass; only the maker goes alone.",
    "openspiel": "A single deal under the rules of OpenSpiel's Euchre, as bots are "
                 "compared.",
    "canadian": "Standard Euchre, but the dealer's partner who orders up must go alone.",
    "three-handed": "Three players, each for themselves: the maker plays alone against the "
                    "other two.",
    "railroad": "A fast house game: a joker (the Benny) as the top trump, defending alone, "
                "and calling for your partner's best card.",
    "railroad-1887": "Railroad with an old 33-card pack: a lone player takes a partner's "
                     "best card, then discards.",
    "hasenpfeffer": "Four players, six cards each with the joker: bid for tricks, and the "
                    "highest bidder names trump.",
    "napoleon": "Two to seven players (five unless you choose), 52 cards: bid two tricks "
                "up to Nap, all five; the first card led makes trump.",
    "napoleon-full": "Napoleon with the bids of misère (take no trick), Wellington and "
                     "Blücher.",
    "british": "The joker (the Benny) is the top trump; when it is turned up the dealer "
               "names trump.",
}
"""Each preset in one sentence a player understands (the create form shows it beside the
name)."""

PLAY_NOW_PRESET: Final = "standard"
"""The rules of a **Play now** table."""

PLAY_NOW_BOT: Final = "expert"
"""The bots of a **Play now** table: the strongest whose decisions keep a brisk pace. On
two cores, compiled, ``expert`` took a median of 66 ms over 400 decisions with a choice
(95th percentile 135 ms, slowest 218 ms), well under the table's 0.8 s between moves;
``cfr``, no stronger (``docs/strength.md``), took 74, 175 and 307 ms (``docs/web.md``)."""


def play_now(bots: Sequence[str]) -> dict[str, Any]:
    """The ``POST /api/tables`` body of a **Play now** table (the lobby adds the
    person's name as ``host``): standard rules, the person at seat 0 and three of the
    strongest brisk bots (:data:`PLAY_NOW_BOT`, or the last of ``bots`` where it is not
    offered), private (strangers do not take the bots' seats), started at once."""
    bot = PLAY_NOW_BOT if PLAY_NOW_BOT in bots else bots[-1]
    return {"preset": PLAY_NOW_PRESET, "seats": ["person", bot, bot, bot], "level": bot,
            "private": True, "start": True}


def rules_lines(preset: str, rules: Rules, table: Mapping[str, Any]) -> list[str]:
    """The rules of a table in lines a player reads in its side panel: the preset by
    name and its line, each option that differs from the preset's (its help, and the
    value), and the table's own settings (``table``: the stand-in bot ``level``, the
    bots' ``pace``, the ``turn_timer``).

    >>> rules_lines("standard", Rules.preset("standard").replace(stick_the_dealer=True),
    ...             {"level": "expert", "pace": 0.8, "turn_timer": 0})[:2]
    ['Standard Euchre: four players in two partnerships, 24 cards, first side to 10 \
points; you may go alone.', 'Stick the dealer: yes (the dealer may not pass in round two).']
    """
    line = PRESET_LINES.get(preset, "")
    lines = [f"{PRESET_TITLES.get(preset, preset)}: {line[:1].lower()}{line[1:]}"]
    base = PRESETS[preset].to_dict() if preset in PRESETS else {}
    for option, value in rules.to_dict().items():
        if base.get(option) == value:
            continue
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        name = option.replace("_", " ")
        lines.append(f"{name[:1].upper()}{name[1:]}: {shown} ({OPTION_HELP.get(option, '')}).")
    pace = float(table["pace"])
    timer = int(table["turn_timer"])
    lines.append(f"The bots wait {pace:g} s between moves; the {table['level']} bot plays "
                 f"for anyone who drops.")
    lines.append(f"Each person has {timer} s to act." if timer else "No turn timer.")
    return lines
