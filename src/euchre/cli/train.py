"""``euchre train bidding`` and ``euchre train export`` (``docs/training.md``).

Training needs numpy (the ``train`` extra); the bots that use the tables it writes do
not.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from euchre.cli.options import preset_name, whole_number
from euchre.extras import optional_module

__all__ = ["add_train_command"]


def add_train_command(sub: Any) -> None:
    """Add ``train`` (``bidding``, ``export``) to the subparsers of ``euchre``."""
    train = sub.add_parser(
        "train", help="learn the bidding by counterfactual regret (docs/training.md)",
        description="Learn the bidding, the dealer's discard and going alone by external-"
                    "sampling Monte Carlo CFR, and export the tables the cfr bot reads.")
    what = train.add_subparsers(dest="what", required=True, metavar="WHAT")
    bidding = what.add_parser(
        "bidding", help="train (or resume) a run, checkpointing after every chunk",
        description="Train to --iterations in all, in chunks of --chunk iterations on "
                    "--jobs processes; a checkpoint and a line of figures (log.jsonl) are "
                    "written to --out after every chunk. The same seed, jobs and chunk "
                    "give the same tables.")
    bidding.add_argument("--rules", required=True, metavar="PRESET", type=preset_name(),
                         help="the preset to learn (standard, tournament or openspiel)")
    bidding.add_argument("--iterations", type=whole_number(1), required=True, metavar="N",
                         help="iterations in all (a sampled deal walked once per seat each)")
    bidding.add_argument("--seed", type=whole_number(0), default=0, help="seed (default: 0)")
    bidding.add_argument("--jobs", type=whole_number(1), default=1, metavar="N",
                         help="processes (default: 1)")
    bidding.add_argument("--chunk", type=whole_number(1), default=20000, metavar="N",
                         help="iterations between checkpoints (default: 20000)")
    bidding.add_argument("--variant", choices=["es", "rm+", "linear"], default="rm+",
                         help="update rule (default: rm+, regret matching+ with linear "
                              "averaging)")
    bidding.add_argument("--prior", choices=["safe", "uniform"], default="safe",
                         help="a state's strategy while no action has positive regret: "
                              "safe (pass, stay, the lowest plain card; default) or uniform")
    bidding.add_argument("--prune", type=_chance, default=0.0, metavar="P",
                         help="with rm+: skip an action of no probability with chance P "
                              "(regret-based pruning; default: 0, off)")
    bidding.add_argument("--prune-after", type=whole_number(0), default=100000, metavar="N",
                         help="prune from iteration N on (default: 100000)")
    bidding.add_argument("--out", required=True, metavar="DIR",
                         help="the run's folder: checkpoint.npz and log.jsonl")
    bidding.add_argument("--resume", action="store_true",
                         help="go on from the checkpoint in --out")
    bidding.add_argument("--minutes", type=_minutes, default=None,
                         metavar="M", help="stop after the chunk in progress once M minutes "
                                           "have passed")
    bidding.add_argument("--eval-deals", type=whole_number(0), default=1000, metavar="N",
                         help="held-out deals for the figures after each chunk (0: none; "
                              "default: 1000)")
    bidding.add_argument("--export", metavar="PATH", default=None,
                         help="at the end, write the table to PATH")
    bidding.add_argument("--min-visits", type=whole_number(1), default=100, metavar="N",
                         help="with --export: leave out states visited fewer times "
                              "(default: 100)")
    bidding.set_defaults(func=_cmd_bidding)
    export = what.add_parser("export", help="write the table of a run's checkpoint",
                             description="Write the average strategy of DIR's checkpoint as "
                                         "a compressed table (bidding-PRESET.xz) that the "
                                         "cfr bot reads.")
    export.add_argument("dir", metavar="DIR", help="the run's folder")
    export.add_argument("path", metavar="PATH", help="the table file to write")
    export.add_argument("--min-visits", type=whole_number(1), default=100, metavar="N",
                        help="leave out states visited fewer times (default: 5)")
    export.set_defaults(func=_cmd_export)


def _minutes(text: str) -> float:
    """An argparse ``type``: a number of minutes above 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number of minutes above 0, not {text!r}")
    return value


def _chance(text: str) -> float:
    """An argparse ``type``: a number from 0 to below 1."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to below 1, not {text!r}")
    return value


def _cmd_bidding(args: argparse.Namespace) -> int:
    optional_module("numpy", "train", "euchre train")
    from euchre.analysis.train_runs import export, train

    out = Path(args.out)
    train(out, args.rules, args.iterations, seed=args.seed, jobs=args.jobs, chunk=args.chunk,
          variant=args.variant, resume=args.resume, minutes=args.minutes,
          eval_deals=args.eval_deals, prune=args.prune, prune_after=args.prune_after,
          prior=args.prior)
    if args.export:
        header = export(out, Path(args.export), min_visits=args.min_visits)
        print(_exported(header, args.export))
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    optional_module("numpy", "train", "euchre train")
    from euchre.analysis.train_runs import export

    header = export(Path(args.dir), Path(args.path), min_visits=args.min_visits)
    print(_exported(header, args.path))
    return 0


def _exported(header: dict[str, Any], path: str) -> str:
    return (f"wrote {path}: {header['bytes']:,} bytes, {header['iterations']:,} iterations, "
            f"{header['states_kept']:,} of {header['states']:,} states "
            f"({json.dumps(header['preset'])})")
