"""The external-bot protocol: bots in any language, one JSON object a line.

Like UCI for chess or GTP for go, a bot is a program that reads messages on standard
input and answers on standard output. The host writes one JSON object per line; the
bot answers only ``decide`` messages, with one line holding one of the legal action
strings (``docs/protocol.md`` specifies every message and field). The package's
modules, by role:

* :mod:`~euchre.protocol.codec`: actions as protocol strings (:func:`to_protocol`,
  :func:`from_protocol`), views and results as JSON (:func:`view_to_dict`,
  :func:`result_to_dict`, :func:`result_from_dict`), :data:`PROTOCOL_VERSION` and
  :class:`BotFault`.
* :mod:`~euchre.protocol.fields`: reading each field of a message, refusing what cannot
  be read with a :class:`ProtocolError` that names the field.
* :mod:`~euchre.protocol.views`: :func:`view_from_dict`, a view checked to be one a real
  game could show, its calls by :mod:`~euchre.protocol.calls`.
* :mod:`~euchre.protocol.host`: the host's side, :class:`ExternalPlayer`, a
  :class:`~euchre.engine.player.Player` that runs a program, enforces a time limit on
  each decision, and raises :class:`BotFault` when the program crashes, answers
  something illegal or takes too long.
* :mod:`~euchre.protocol.bot`: the bot's side, :func:`serve`, so every built-in bot can
  be served over the same protocol (``euchre bot basic``); the legal actions it checks
  each ``decide`` against are the engine's (:mod:`euchre.engine.legal`).

>>> from euchre.engine.actions import parse_action
>>> [to_protocol(parse_action(t)) for t in ("order", "call h", "discard 9c", "play Jd")]
['accept', 'call:h', 'discard:9c', 'play:Jd']
>>> from_protocol("call:s")
Call(suit=parse_suit('s'))
"""

from euchre.protocol.bot import serve
from euchre.protocol.codec import (
    PROTOCOL_VERSION,
    BotFault,
    bid_text,
    from_protocol,
    result_from_dict,
    result_to_dict,
    to_protocol,
    view_to_dict,
)
from euchre.protocol.fields import ProtocolError
from euchre.protocol.host import ExternalPlayer
from euchre.protocol.views import view_from_dict

__all__ = [
    "PROTOCOL_VERSION",
    "BotFault",
    "ExternalPlayer",
    "ProtocolError",
    "bid_text",
    "from_protocol",
    "result_from_dict",
    "result_to_dict",
    "serve",
    "to_protocol",
    "view_from_dict",
    "view_to_dict",
]
