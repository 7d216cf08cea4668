"""The options every ``euchre`` command shares, and the checks of their values.

Every option's value is checked before a command does anything. What the value alone
decides (a count, a seed, seconds, a preset's name) is checked by its argparse ``type``
(:func:`whole_number`, :func:`seconds`, :func:`preset_name`), so the parser refuses it
in one line; the rule options are one flag each (:func:`add_rules_arguments`), read
back into :class:`~euchre.engine.rules.Rules` by :func:`rules_from_args`. An option
that needs an optional extra (``--plot``: matplotlib) is checked by
:func:`~euchre.extras.optional_module` before the command's work starts, so that a
missing module never costs a finished run.
"""

from __future__ import annotations

import argparse
import contextlib
import math
from collections.abc import Callable

from euchre.engine.rules import OPTION_HELP, PRESETS, Rules
from euchre.errors import EuchreError

__all__ = [
    "add_rules_arguments",
    "preset_name",
    "rules_from_args",
    "seconds",
    "title_text",
    "whole_number",
]

RULE_DEFAULTS = Rules().to_dict()
"""Every rule option with its default: one command-line flag each."""

TITLE_LIMIT = 60
"""The most characters of a title (a match's, a printed page's)."""


def title_text(text: str) -> str:
    """An argparse ``type``: a title, one line of 1 to :data:`TITLE_LIMIT` characters
    (spaces run together).

    >>> title_text("  Club   night ")
    'Club night'
    """
    title = " ".join(text.split())
    if not title or len(title) > TITLE_LIMIT:
        raise argparse.ArgumentTypeError(
            f"must be a title of 1 to {TITLE_LIMIT} characters, not {text!r}")
    return title


def whole_number(minimum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: an int, at least ``minimum`` if given.

    >>> whole_number(1)("12")
    12
    >>> whole_number(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """
    wanted = "a whole number" + ("" if minimum is None else f" of at least {minimum}")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (minimum is not None and value < minimum):
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {text!r}")
        return value

    return parse

def seconds(low: float, high: float | None = None, *,
            low_allowed: bool = True) -> Callable[[str], float]:
    """An argparse ``type``: a finite number of seconds from ``low`` (or above it) to
    ``high``.

    >>> seconds(0, 10)("0.5")
    0.5
    >>> seconds(0, low_allowed=False)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number of seconds above 0, not '0'
    """
    if high is not None:
        wanted = f"from {low:g} to {high:g}"
    else:
        wanted = f"of at least {low:g}" if low_allowed else f"above {low:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and (value >= low if low_allowed else value > low)
                and (high is None or value <= high)):
            raise argparse.ArgumentTypeError(f"must be a number of seconds {wanted}, "
                                             f"not {text!r}")
        return value

    return parse

def preset_name(*others: str) -> Callable[[str], str]:
    """An argparse ``type``: a preset's name, read as :meth:`Rules.preset` reads it and
    returned as the preset spells it, or one of ``others`` (``custom`` for ``euchre
    stats``).

    >>> preset_name()("Two_Handed")
    'two-handed'
    >>> preset_name("custom")("bogus")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown preset 'bogus': choose one of standard, ..., or custom
    """
    def parse(text: str) -> str:
        key = text.strip().lower()
        if key in others:
            return key
        with contextlib.suppress(EuchreError):
            return Rules.preset(key).preset_name() or key
        choices = ", ".join(PRESETS) + "".join(f", or {other}" for other in others)
        raise argparse.ArgumentTypeError(f"unknown preset {text!r}: choose one of {choices}")

    return parse

class _Switch(argparse.BooleanOptionalAction):
    """``--flag`` and ``--no-flag``, telling them apart by the flag itself: argparse's
    own reads any flag that starts with ``--no-`` as the negative, so the option
    ``no_trump`` (``--no-trump``) would switch itself off."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        if option_string in self.option_strings:
            setattr(namespace, self.dest, option_string == self.option_strings[0])


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and one flag per option (``--stick-the-dealer``, ``--target 5``)."""
    group = parser.add_argument_group("rules", "a preset, then any options to change")
    group.add_argument("--rules", default="standard", metavar="PRESET", type=preset_name(),
                       help=f"preset: {', '.join(PRESETS)} (default: standard)")
    for name, default in RULE_DEFAULTS.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(default, bool):
            group.add_argument(flag, dest=f"rule_{name}", action=_Switch,
                               default=None, help=OPTION_HELP[name])
        else:
            group.add_argument(flag, dest=f"rule_{name}", default=None, metavar="VALUE",
                               help=OPTION_HELP[name])

def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` and the option flags."""
    options = {
        name: getattr(args, f"rule_{name}")
        for name in RULE_DEFAULTS
        if getattr(args, f"rule_{name}") is not None
    }
    return Rules.from_options(options, base=Rules.preset(args.rules))
