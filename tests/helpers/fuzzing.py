"""Fuzzing the readers with hypothesis: JSON trees built from a format's own words and
keys, and changes to the real files of that format, one place or one path at a time.

A plain module the fuzzing tests import (``from fuzzing import ...``); pytest puts tests/
on the path.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from euchre.errors import RecordError

Json = Any
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""``data.draw`` of ``st.data()``."""

T = TypeVar("T")


def fuzz(max_examples: int) -> settings:
    """The fuzzing tests' settings: no deadline, a slow example is no failure."""
    return settings(
        max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def json_values(
    words: st.SearchStrategy[Json],
    keys: Sequence[str],
    *,
    ints: tuple[int, int] = (-2, 6),
    floats: st.SearchStrategy[float] | None = None,
    text: int = 3,
    key_text: int = 3,
    max_size: int = 4,
    max_leaves: int = 20,
) -> st.SearchStrategy[Json]:
    """JSON trees whose scalars are often ``words`` and whose keys are often ``keys``.

    The scalars are None, booleans, whole numbers within ``ints``, ``floats`` where given,
    the words and texts of up to ``text`` characters; the keys are the given ones and texts
    of up to ``key_text`` characters; lists and objects hold up to ``max_size`` items.
    """
    scalars: st.SearchStrategy[Json] = st.none() | st.booleans() | st.integers(*ints)
    if floats is not None:
        scalars = scalars | floats
    scalars = scalars | words | st.text(max_size=text)
    names = st.sampled_from(list(keys)) | st.text(max_size=key_text)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=max_size)
        | st.dictionaries(names, inner, max_size=max_size),
        max_leaves=max_leaves,
    )


def paths_of(value: Json, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths_of(item, (*path, key)))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            found.extend(paths_of(item, (*path, k)))
    return found


def mutate(
    root: Json,
    draw: Draw,
    values: st.SearchStrategy[Json],
    *,
    steps: int = 1,
    words: st.SearchStrategy[Json] | None = None,
    numbers: st.SearchStrategy[int] | None = None,
    copies: bool = True,
) -> Json:
    """Change one to ``steps`` places of a JSON tree (never the root), each in one way.

    A place is deleted, replaced by one of ``values``, by one of ``words`` (twice as likely)
    or ``numbers`` where given, or, in a list, copied to the end where ``copies``.
    """
    kinds = ["replace"]
    if words is not None:
        kinds += ["word", "word"]
    if numbers is not None:
        kinds.append("number")
    kinds.append("delete")
    if copies:
        kinds.append("copy")
    for _ in range(draw(st.integers(1, steps))):
        path = draw(st.sampled_from([p for p in paths_of(root) if p]))
        parent: Json = root
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        kind = draw(st.sampled_from(kinds))
        if kind == "delete":
            del parent[key]
        elif kind == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif kind == "word" and words is not None:
            parent[key] = draw(words)
        elif kind == "number" and numbers is not None:
            parent[key] = draw(numbers)
        else:
            parent[key] = draw(values)
    return root


def replace_deep(root: Json, draw: Draw, values: st.SearchStrategy[Json], *, steps: int) -> Json:
    """Go down into a JSON tree, up to ``steps`` levels, by one random key or index at a
    time, and replace the item where it stops (by choice, or at a scalar) by one of
    ``values``; an empty object or list on the way leaves the tree as it was."""
    node: Json = root
    for _ in range(draw(st.integers(1, steps))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if draw(st.booleans()) or not isinstance(node[key], dict | list):
                node[key] = draw(values)
                break
            node = node[key]
        elif isinstance(node, list) and node:
            k = draw(st.integers(0, len(node) - 1))
            if draw(st.booleans()) or not isinstance(node[k], dict | list):
                node[k] = draw(values)
                break
            node = node[k]
    return root


def read_or_none(read: Callable[[str], T], text: str) -> T | None:
    """What ``read`` makes of ``text``, or None where it refuses it with a RecordError: the
    one error a reader may raise (any other fails the test)."""
    try:
        return read(text)
    except RecordError:
        return None
