"""Environments for reinforcement learning: the engine as PettingZoo, Gymnasium and
OpenSpiel environments, and a batched simulator with a Gymnasium vector environment on
it (``docs/rl.md``).

``Euchre-v0`` is registered on import: ``gymnasium.make("Euchre-v0")`` is
:class:`~euchre.envs.single.EuchreEnv` (the engine, one deal at a time), and
``gymnasium.make_vec("Euchre-v0", num_envs=n)`` its vector entry point,
:class:`~euchre.envs.vector.EuchreVectorEnv` (the batched simulator; pass
``vectorization_mode="sync"`` for ``n`` copies of ``EuchreEnv`` instead).

The action ids (:mod:`euchre.envs.action_ids`) need nothing beyond the engine; the
environments need the ``rl`` extra (``pip install 'euchre[rl]'``: numpy, PettingZoo,
Gymnasium).
"""

try:
    import gymnasium
except ImportError:  # without the rl extra, the action ids still work
    pass
else:
    if "Euchre-v0" not in gymnasium.registry:
        gymnasium.register(id="Euchre-v0", entry_point="euchre.envs.single:EuchreEnv",
                           vector_entry_point="euchre.envs.vector:EuchreVectorEnv")
