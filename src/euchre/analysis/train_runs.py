"""Training runs of the learned bidding: chunks, processes, checkpoints, figures, export.

A run (:func:`train`) does its iterations in *chunks*. A chunk's iterations are split
among ``jobs`` processes; each starts from the arrays as the last chunk left them (a
copy in memory shared with the parent, made before the fork) and walks its share with a
generator seeded from the run's seed, the chunk and its number
(:func:`worker_seed`); at the end of the chunk the parent adds each process's changes in
process order. So a run is reproducible: the same seed, jobs and chunk size give the
same arrays byte for byte, however often it was stopped and resumed. With one job the
chunk is walked in the parent, on the arrays themselves.

After each chunk the run writes a checkpoint (``DIR/checkpoint.npz``: the arrays and the
settings, iterations done and the next chunk's number, written to a temporary file and
renamed) and a line of figures (``DIR/log.jsonl``, :func:`figures`). ``minutes`` stops
the run after the chunk in progress when the time is up; a killed run loses at most the
chunk in progress. :func:`export` writes the average strategy as a table
(:mod:`euchre.players.bidding_tables`).
"""

from __future__ import annotations

import json
import mmap
import multiprocessing
import os
import random
import time
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from euchre.analysis.train_bidding import PRIORS, VARIANTS, Arrays, Floats, Walker, new_arrays
from euchre.engine.actions import Action
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.scoring import deal_score
from euchre.errors import EuchreError
from euchre.players.basic import BasicPlayer
from euchre.players.bidding_tables import (
    DEALER,
    FORMAT,
    MARK_UNVISITED,
    QUANTA,
    PublicTree,
    action_of,
    bidding_key,
    locate,
    supported_presets,
    write_table,
)
from euchre.players.solver import Position, solve

__all__ = ["CHECKPOINT", "LOG", "Settings", "export", "figures", "heldout_value", "train",
           "worker_seed"]

CHECKPOINT: Final = "checkpoint.npz"
LOG: Final = "log.jsonl"
_ARRAY_NAMES: Final = ("regrets", "strategy", "visits")
HELDOUT_SEED: Final = "held-out deals"


@dataclass(frozen=True)
class Settings:
    """What a run was started with (kept in its checkpoint)."""

    preset: str
    seed: int
    jobs: int
    chunk: int
    variant: str
    prune: float = 0.0
    prune_after: int = 0
    prior: str = "uniform"

    @property
    def rules(self) -> Rules:
        """The preset's rules."""
        return PRESETS[self.preset]


def check_preset(name: str) -> Rules:
    """The rules of preset ``name``, or an error naming the presets training knows.

    >>> check_preset("two-handed")
    Traceback (most recent call last):
    ...
    euchre.errors.EuchreError: the learned bidding is not defined for preset 'two-handed' \
(the form is two_handed, not four_handed): it is for standard, tournament, openspiel
    """
    from euchre.players.bidding_tables import unsupported_reason

    if name not in PRESETS:
        raise EuchreError(f"unknown preset {name!r}: the learned bidding is for "
                          f"{', '.join(supported_presets())}")
    reason = unsupported_reason(PRESETS[name])
    if reason is not None:
        raise EuchreError(f"the learned bidding is not defined for preset {name!r} ({reason}): "
                          f"it is for {', '.join(supported_presets())}")
    return PRESETS[name]


def worker_seed(seed: int, chunk: int, worker: int) -> random.Random:
    """The generator of one process's share of one chunk.

    >>> worker_seed(1, 0, 0).random() == worker_seed(1, 0, 0).random()
    True
    """
    return random.Random(f"euchre-bidding/{seed}/{chunk}/{worker}")


# -- checkpoints -----------------------------------------------------------------------


def save_checkpoint(folder: Path, arrays: Arrays, meta: dict[str, Any]) -> None:
    """Write the checkpoint atomically (a temporary file, then a rename). Each array is
    kept as a bit per number (whether it is not zero) and the numbers that are not:
    most of a young run's arrays are zero."""
    part = folder / f".{CHECKPOINT}.part"
    blob = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), np.uint8)
    parts: dict[str, Any] = {"meta": blob}
    for name, array in zip(_ARRAY_NAMES, _fields(arrays), strict=True):
        nonzero = array.view(np.uint32) != 0  # -0.0 too: the bytes come back the same
        parts[f"{name}_bits"] = np.packbits(nonzero)
        parts[f"{name}_values"] = array[nonzero]
    with open(part, "wb") as f:
        np.savez(f, **parts)
    os.replace(part, folder / CHECKPOINT)


def load_checkpoint(folder: Path, tree: PublicTree | None = None
                    ) -> tuple[Arrays, dict[str, Any]]:
    """The arrays and settings of ``folder``'s checkpoint; one clear error if it is
    missing, corrupt, or of another tree."""
    path = folder / CHECKPOINT
    if not path.is_file():
        raise EuchreError(f"{path} does not exist: there is nothing to resume or export")
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if not isinstance(meta, dict) or meta.get("format") != FORMAT:
                raise ValueError("it is of another format")
            settings = Settings(**meta["settings"])
            expected = tree or PublicTree.of(check_preset(settings.preset))
            if meta.get("fingerprint") != expected.fingerprint:
                raise ValueError("it was made for another bidding tree")
            loaded = []
            for name, size in zip(_ARRAY_NAMES, (expected.slots, expected.slots,
                                                 expected.states), strict=True):
                nonzero = np.unpackbits(data[f"{name}_bits"], count=size).astype(bool)
                array = np.zeros(size, np.float32)
                array[nonzero] = data[f"{name}_values"]
                loaded.append(array)
        arrays = Arrays(*loaded)
    except EuchreError:
        raise
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as error:
        raise EuchreError(f"{path} is not a checkpoint that can be read: {error}") from None
    return arrays, meta


# -- running chunks --------------------------------------------------------------------


class _Shared:
    """Arrays in memory shared with forked processes (one set per process)."""

    def __init__(self, tree: PublicTree) -> None:
        self.maps = [mmap.mmap(-1, 4 * size) for size in (tree.slots, tree.slots, tree.states)]
        self.arrays = Arrays(*(np.frombuffer(m, np.float32) for m in self.maps))


_WORK: dict[str, Any] = {}
"""What a forked process needs, set by the parent just before the fork."""


def _worker(index: int, first: int, last: int, conn: Any) -> None:
    """A process's share of a chunk: iterations ``first`` to ``last``."""
    try:
        tree, settings, chunk = _WORK["tree"], _WORK["settings"], _WORK["chunk"]
        shared: _Shared = _WORK["shared"][index]
        walker = _walker(tree, shared.arrays, settings, chunk, index)
        for t in range(first, last + 1):
            walker.iterate(t)
        conn.send(("ok", walker.solves, walker.visits))
    except BaseException as error:
        conn.send(("error", repr(error), 0))
    finally:
        conn.close()


def run_chunk(tree: PublicTree, arrays: Arrays, settings: Settings, chunk: int,
              first: int, last: int, shared: list[_Shared] | None = None) -> dict[str, int]:
    """Iterations ``first`` to ``last`` (from 1) as chunk number ``chunk``, on
    ``settings.jobs`` processes; returns the solves and visits counted."""
    jobs = settings.jobs
    if jobs == 1:
        walker = _walker(tree, arrays, settings, chunk, 0)
        for t in range(first, last + 1):
            walker.iterate(t)
        return {"solves": walker.solves, "visits": walker.visits}
    assert shared is not None and len(shared) == jobs
    count = last - first + 1
    bounds = [first + count * w // jobs for w in range(jobs + 1)]
    for block in shared:
        for mine, theirs in zip(_fields(block.arrays), _fields(arrays), strict=True):
            np.copyto(mine, theirs)
    _WORK.update(tree=tree, settings=settings, chunk=chunk, shared=shared)
    context = multiprocessing.get_context("fork")
    processes = []
    for w in range(jobs):
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_worker, args=(w, bounds[w], bounds[w + 1] - 1, send))
        process.start()
        send.close()
        processes.append((process, receive))
    totals = {"solves": 0, "visits": 0}
    problems = []
    for process, receive in processes:
        try:
            status, solves, visits = receive.recv()
        except EOFError:
            status, solves, visits = "error", "the process ended without a word", 0
        process.join()
        if status != "ok":
            problems.append(str(solves))
        else:
            totals["solves"] += solves
            totals["visits"] += visits
    _WORK.clear()
    if problems:
        raise EuchreError(f"a training process failed: {problems[0]}")
    for block in shared:  # the changes of each process, in process order
        for mine, base in zip(_fields(block.arrays), _fields(arrays), strict=True):
            mine -= base
    for block in shared:
        for mine, base in zip(_fields(block.arrays), _fields(arrays), strict=True):
            base += mine
    if settings.variant == "rm+":
        np.maximum(arrays.regrets, 0.0, out=arrays.regrets)
    return totals


def _walker(tree: PublicTree, arrays: Arrays, settings: Settings, chunk: int,
            worker: int) -> Walker:
    return Walker(tree, arrays, settings.variant, worker_seed(settings.seed, chunk, worker),
                  settings.prune, settings.prune_after, settings.prior)


def _fields(arrays: Arrays) -> tuple[Floats, Floats, Floats]:
    return arrays.regrets, arrays.strategy, arrays.visits


# -- figures ---------------------------------------------------------------------------


def heldout_deals(count: int, seed: str = HELDOUT_SEED) -> list[Cards]:
    """``count`` fixed deals no training run draws: hands (relative seats), upcard,
    kitty."""
    rng = random.Random(seed)
    deck = [c for c in range(32) if c & 7 >= 2]
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        deals.append((tuple(sum(1 << c for c in deck[5 * s:5 * s + 5]) for s in range(4)),
                      deck[20], tuple(deck[21:24])))
    return deals


def _table_choice(tree: PublicTree, arrays: Arrays, game: Game,
                  min_visits: float) -> Action | None:
    """The average strategy's favourite at the game's decision (``None``: not learned)."""
    view = game.view(game.to_act)
    place = locate(tree, view)
    if place is None:
        return None
    if arrays.visits[tree.state_index(place.node, place.up_rank, place.hand)] < min_visits:
        return None
    k = len(place.node.actions)
    sums = arrays.strategy[place.slot:place.slot + k]
    best = int(np.argmax(sums))
    safer = [i for i, a in enumerate(place.node.actions) if a in ("pass", "stay")]
    if safer and sums[safer[0]] >= sums[best]:
        best = safer[0]
    return action_of(place, best, view)


Cards = tuple[tuple[int, ...], int, tuple[int, ...]]


def heldout_value(tree: PublicTree, arrays: Arrays, deals: int = 1000,
                  min_visits: float = 1.0, chosen: list[Cards] | None = None
                  ) -> dict[str, float]:
    """The average strategy's worth on ``deals`` held-out deals against ``basic``'s
    bidding: one side bids by the table (its favourite action; ``basic`` where a state
    is unvisited), the other as ``basic``, each deal played both ways round, every
    contract played double-dummy and scored as the engine scores it (``chosen``: these
    deals instead, as :func:`heldout_deals` gives them). Returns the table side's
    points per deal and the share of its decisions the table made.

    >>> tree = PublicTree.of(Rules.preset("tournament"))
    >>> heldout_value(tree, new_arrays(tree), deals=4)["table_share"]
    0.0
    """
    rules = tree.rules.replace(target=0, deals=1)
    basic = BasicPlayer(seed=0)
    total = 0.0
    table = decisions = 0
    if chosen is None:
        chosen = heldout_deals(deals)
    for hands, up, kitty in chosen:
        deal = Deal(DEALER, tuple(tuple(c for c in range(32) if h >> c & 1) for h in hands),
                    up, kitty)
        for side in (0, 1):
            game = Game(rules, deals=[deal])
            while game.phase in (Phase.BID1, Phase.EXCHANGE, Phase.BID2, Phase.ALONE):
                seat = game.to_act
                legal = game.legal_actions()
                action: Action | None = None
                if seat % 2 == side and len(legal) > 1:
                    decisions += 1
                    action = _table_choice(tree, arrays, game, min_visits)
                    table += action is not None
                if action is None:
                    action = basic.choose(game.view(seat), legal)
                game.apply(action)
            if game.phase is not Phase.PLAY:
                continue  # thrown in: 0
            maker = game.maker
            assert maker is not None
            won = solve(Position.from_game(game))
            team, points = deal_score(rules, maker, game.alone,
                                      won[rules.seating.team_of[maker]])
            total += points if team == side else -points
    return {"value": total / (2 * len(chosen)), "table_share": table / max(decisions, 1)}


def figures(tree: PublicTree, arrays: Arrays, iterations: int, variant: str
            ) -> dict[str, float]:
    """Figures of convergence from the arrays alone: information states visited, and
    the mean over them of the largest positive regret per unit of iteration weight
    (the sum of the weights: ``iterations``, or their triangle under ``linear``)."""
    visited = arrays.visits > 0
    count = int(visited.sum())
    weight = iterations * (iterations + 1) / 2 if variant == "linear" else iterations
    top = np.zeros(tree.states, np.float32)
    for node in tree.nodes:
        k = len(node.actions)
        block = arrays.regrets[node.offset:node.offset + node.states * k].reshape(-1, k)
        mine = top[node.first_state:node.first_state + node.states]
        for a in range(k):  # column by column: far faster than a reduction along rows
            np.maximum(mine, block[:, a], out=mine)
    mean = float(top[visited].sum(dtype=np.float64)) / max(count, 1) / max(weight, 1)
    return {"states_visited": count, "mean_regret": mean}


# -- a run -----------------------------------------------------------------------------


def train(folder: Path, preset: str, iterations: int, seed: int = 0, jobs: int = 1,
          chunk: int = 20000, variant: str = "rm+", resume: bool = False,
          minutes: float | None = None, eval_deals: int = 1000, eval_visits: float = 5.0,
          prune: float = 0.0, prune_after: int = 100000, prior: str = "safe",
          say: Callable[[str], None] = print) -> dict[str, Any]:
    """Train to ``iterations`` in all (see the module docstring); returns the last
    checkpoint's settings and progress. After each chunk the figures of the log are
    worked out, the held-out value on ``eval_deals`` deals with the table used where a
    state was visited ``eval_visits`` times (as the exported table would be)."""
    rules = check_preset(preset)
    if variant not in VARIANTS:
        raise EuchreError(f"unknown variant {variant!r}: one of {', '.join(VARIANTS)}")
    if prior not in PRIORS:
        raise EuchreError(f"unknown prior {prior!r}: one of {', '.join(PRIORS)}")
    tree = PublicTree.of(rules)
    _writable(folder)
    if resume:
        arrays, meta = load_checkpoint(folder, tree)
        settings = Settings(**meta["settings"])
        made = (settings.preset, settings.seed, settings.variant, settings.prior)
        if made != (preset, seed, variant, prior):
            raise EuchreError(
                f"{folder / CHECKPOINT} was made with --rules {settings.preset} --seed "
                f"{settings.seed} --variant {settings.variant} --prior {settings.prior}: "
                f"resume it with those")
        settings = Settings(preset, seed, jobs, chunk, variant, prune, prune_after, prior)
        done, next_chunk = int(meta["iterations"]), int(meta["chunk"])
    else:
        if (folder / CHECKPOINT).exists():
            raise EuchreError(f"{folder / CHECKPOINT} exists: add --resume to go on with it, "
                              f"or choose another folder")
        arrays = new_arrays(tree)
        settings = Settings(preset, seed, jobs, chunk, variant, prune, prune_after, prior)
        done, next_chunk = 0, 0
    started = time.monotonic()
    shared = [_Shared(tree) for _ in range(jobs)] if jobs > 1 else None
    meta = _meta(tree, settings, done, next_chunk)
    while done < iterations:
        last = min(done + chunk, iterations)
        clock = time.monotonic()
        counts = run_chunk(tree, arrays, settings, next_chunk, done + 1, last, shared)
        seconds = time.monotonic() - clock
        line: dict[str, Any] = {"chunk": next_chunk, "iterations": last, "seconds": seconds,
                                "per_second": (last - done) / seconds, "jobs": jobs,
                                "solves_per_iteration": counts["solves"] / (last - done)}
        done, next_chunk = last, next_chunk + 1
        meta = _meta(tree, settings, done, next_chunk)
        save_checkpoint(folder, arrays, meta)
        line.update(figures(tree, arrays, done, variant))
        if eval_deals:
            line.update(heldout_value(tree, arrays, eval_deals, eval_visits))
        line["time"] = time.time()
        with open(folder / LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(line, sort_keys=True) + "\n")
        say(json.dumps(line, sort_keys=True))
        if done < iterations and minutes is not None and (
                time.monotonic() - started >= minutes * 60):
            say(f"time is up after {done:,} iterations; go on with --resume")
            break
    return meta


def _meta(tree: PublicTree, settings: Settings, done: int, chunk: int) -> dict[str, Any]:
    return {"format": FORMAT, "fingerprint": tree.fingerprint, "settings": asdict(settings),
            "iterations": done, "chunk": chunk}


def _writable(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        raise EuchreError(f"cannot write to {folder}: {error.strerror or error}") from None


# -- export ----------------------------------------------------------------------------


def table_body(tree: PublicTree, arrays: Arrays, min_visits: float = 1.0) -> bytes:
    """The average strategy as bytes: per information state a byte per action, the
    probability times :data:`QUANTA`, :data:`MARK_UNVISITED` first where the state was
    visited fewer than ``min_visits`` times."""
    parts = []
    for node in tree.nodes:
        k = len(node.actions)
        sums = arrays.strategy[node.offset:node.offset + node.states * k].reshape(-1, k)
        sums = sums.astype(np.float64)
        totals = sums.sum(axis=1, keepdims=True)
        probs = np.divide(sums, totals, out=np.full_like(sums, 1.0 / k), where=totals > 0)
        rows = np.rint(probs * QUANTA).astype(np.uint8)
        visits = arrays.visits[node.first_state:node.first_state + node.states]
        unseen = (visits < min_visits) | (totals[:, 0] <= 0)
        rows[unseen] = 0
        rows[unseen, 0] = MARK_UNVISITED
        parts.append(rows.tobytes())
    return b"".join(parts)


def export(folder: Path, path: Path, min_visits: float = 1.0, level: int = 9
           ) -> dict[str, Any]:
    """Write the table of ``folder``'s checkpoint to ``path``; returns its header with
    the file's size."""
    arrays, meta = load_checkpoint(folder)
    settings = Settings(**meta["settings"])
    rules = check_preset(settings.preset)
    tree = PublicTree.of(rules)
    from euchre import __version__

    visited = int((arrays.visits >= min_visits).sum())
    header = {"format": FORMAT, "preset": settings.preset, "rules": rules.to_dict(),
              "bidding_key": bidding_key(rules), "fingerprint": tree.fingerprint,
              "iterations": meta["iterations"], "seed": settings.seed,
              "variant": settings.variant, "prior": settings.prior, "jobs": settings.jobs,
              "chunk": settings.chunk,
              "min_visits": min_visits, "states": tree.states, "states_kept": visited,
              "version": __version__}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        size = write_table(path, header, table_body(tree, arrays, min_visits), level)
    except OSError as error:
        raise EuchreError(f"cannot write {path}: {error.strerror or error}") from None
    return dict(header, bytes=size)

