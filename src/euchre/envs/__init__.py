"""Environments for reinforcement learning: the engine as PettingZoo, Gymnasium and
OpenSpiel environments, and a batched simulator (``docs/rl.md``).

The action ids (:mod:`euchre.envs.actions`) need nothing beyond the engine; the
environments need the ``rl`` extra (``pip install 'euchre[rl]'``: numpy, PettingZoo,
Gymnasium).
"""

try:
    import gymnasium
except ImportError:  # without the rl extra, the action ids still work
    pass
else:
    if "Euchre-v0" not in gymnasium.registry:
        gymnasium.register(id="Euchre-v0", entry_point="euchre.envs.single:EuchreEnv")
