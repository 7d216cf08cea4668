"""``/metrics`` for every worker at once: each live worker's meters, merged.

Each worker keeps its own :class:`~euchre.web.server.Meters`. Asked at the public address
(which any worker may answer), ``/metrics`` gathers every live worker's text from the
address it registered in the store and merges them (:func:`merge`): each metric family
once, with every worker's samples under it, labelled with the worker. A worker that does
not answer is left out, and counted in ``euchre_workers_unanswered``.

>>> a = '# HELP x X.\\n# TYPE x gauge\\nx{worker="a"} 1\\n'
>>> print(merge([a, a.replace('"a"} 1', '"b"} 2')]), end="")
# HELP x X.
# TYPE x gauge
x{worker="a"} 1
x{worker="b"} 2
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Final

from euchre.web.database import WorkerRow
from euchre.web.server import FORWARDED, Server

__all__ = ["cluster_text", "merge"]

ASK_SECONDS: Final = 2.0
"""How long ``/metrics`` waits for another worker's meters."""


def merge(texts: Sequence[str]) -> str:
    """Texts in the Prometheus format as one: each family's ``HELP`` and ``TYPE`` once,
    followed by its samples from every text, in the order first seen."""
    heads: dict[str, list[str]] = {}
    samples: dict[str, list[str]] = {}
    for text in texts:
        family = ""
        for line in text.splitlines():
            if line.startswith("# "):
                parts = line.split(" ", 3)
                family = parts[2] if len(parts) > 2 else family
                heads.setdefault(family, [])
                if line not in heads[family]:
                    heads[family].append(line)
            elif line.strip():
                samples.setdefault(family, []).append(line)
    out = []
    for family in dict.fromkeys([*heads, *samples]):
        out += heads.get(family, []) + samples.get(family, [])
    return "\n".join(out) + "\n"


async def _ask(server: Server, worker: WorkerRow) -> str | None:
    """``worker``'s own meters, or ``None`` when it does not answer in time."""
    import httpx

    if server.http is None:
        server.http = httpx.AsyncClient(timeout=ASK_SECONDS)
    try:
        answer = await server.http.get(f"http://{worker.address}/metrics",
                                       headers={FORWARDED: server.secret},
                                       timeout=ASK_SECONDS)
    except httpx.HTTPError:
        return None
    return answer.text if answer.status_code == 200 else None


async def cluster_text(server: Server) -> str:
    """Every live worker's meters, merged, with how many workers there are."""
    workers = await server.store.workers()
    texts = await asyncio.gather(*(
        _ask(server, w) if w.id != server.worker.id else _own(server) for w in workers))
    answered = [t for t in texts if t is not None]
    head = ("# HELP euchre_workers Live workers in the store.\n"
            "# TYPE euchre_workers gauge\n"
            f"euchre_workers {len(workers)}\n"
            "# HELP euchre_workers_unanswered Live workers whose meters did not come.\n"
            "# TYPE euchre_workers_unanswered gauge\n"
            f"euchre_workers_unanswered {len(texts) - len(answered)}\n")
    return merge([head, *answered])


async def _own(server: Server) -> str:
    return server.meters.text(server)
