"""pytest's settings for the whole tree: a module that needs an optional extra which is
not installed is left out of the doctest collection (its tests skip themselves)."""

import importlib.util

collect_ignore = []
if importlib.util.find_spec("numba") is None:
    collect_ignore.append("src/euchre/envs/batch_jit.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/euchre/envs/openspiel.py")
