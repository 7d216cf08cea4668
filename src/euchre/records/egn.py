"""Euchre Game Notation (EGN): reading and writing, through :class:`~euchre.records.record.Record`.

EGN (``.egn``, JSON) writes each deal as its dealer, upcard, bidding calls and tricks;
who played each card follows from the rules (the first lead, then each trick's
winner). Reading rebuilds the hands from the cards each seat plays (plus
``playerCards`` when given, the dealer's exchange and the ``cardExchanges``: a farmer's
hand or going under, a call for partner's best); cards never seen stay unknown (``X``),
and a seat given no hand has it taken from its plays
(:data:`~euchre.records.record.HANDS_FROM_PLAYS`). The whole game is replayed on reading, so a
record that reads is legal. Every ruleset flag of EGN 1.4 to 1.6 maps to an option
(RULES-forms §20).

Files of every EGN version read (:mod:`euchre.records.egn_versions`); files are written in the
newest, with its fields only: no ``kitty`` (dropped in 1.2; reading works it out from
the hands when the file gives them all), every seat a player of its own. See
``docs/record-format.md`` for the mapping and for what EGN cannot express.

This module is EGN's public face: the text and file functions, and the public names of
the modules that do the work, one role each:

* :mod:`euchre.records.egn_rules`: the ``ruleset`` flags and the engine's rules, both
  ways (:func:`rules_from_egn`, :func:`egn_ruleset`, :func:`egn_rules_note`,
  :func:`egn_refusal`);
* :mod:`euchre.records.egn_read`: a file read as a record (:func:`from_egn`), its deals
  read one by one by :mod:`euchre.records.egn_deal`, the card exchanges EGN leaves
  unwritten worked out by :mod:`euchre.records.egn_exchanges`;
* :mod:`euchre.records.egn_write`: a record written as a file (:func:`to_egn`);
* :mod:`euchre.records.egn_versions`: the published versions, each read in the newest
  shape.

>>> record = loads_egn('''{"fileType": "Euchre Game Notation", "version": "1.4",
...   "metadata": {"players": ["N", "E", "S", "W"], "initialScore": [0, 0]},
...   "deals": [{"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd"},
...     "phases": [{"type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"], "isAlone": false}]}]}''')
>>> [str(action) for action in record.deals[0].actions]
['pass', 'order', 'discard X', 'stay']
>>> record.deals[0].deal.to_dict()["hands"][0]
['X', 'X', 'X', 'X', 'X']
"""

from __future__ import annotations

from euchre.records.egn_read import EGN_FILE_TYPE, from_egn
from euchre.records.egn_rules import egn_refusal, egn_rules_note, egn_ruleset, rules_from_egn
from euchre.records.egn_write import DEFAULT_PLAYERS, EGN_VERSION, to_egn
from euchre.records.jsondata import PathLike, format_json, parse_json, read_text, write_text
from euchre.records.record import Record

__all__ = [
    "DEFAULT_PLAYERS",
    "EGN_FILE_TYPE",
    "EGN_VERSION",
    "dump_egn",
    "dumps_egn",
    "egn_refusal",
    "egn_rules_note",
    "egn_ruleset",
    "from_egn",
    "load_egn",
    "loads_egn",
    "rules_from_egn",
    "to_egn",
]


def loads_egn(text: str | bytes) -> Record:
    """Read an EGN game from its text (the game is replayed: every card must be legal)."""
    return from_egn(parse_json(text))


def dumps_egn(record: Record) -> str:
    """The record as EGN text (see :func:`to_egn`); :class:`~euchre.errors.RecordError`
    when a deal used what EGN cannot express (the maker's partner going alone...)."""
    return format_json(to_egn(record)) + "\n"


def load_egn(path: PathLike) -> Record:
    """Read an EGN file."""
    return loads_egn(read_text(path))


def dump_egn(record: Record, path: PathLike) -> None:
    """Write a record to a file as EGN."""
    write_text(path, dumps_egn(record))
