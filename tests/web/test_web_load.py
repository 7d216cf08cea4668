"""The web load benchmark (``benchmarks/web_load.py``) at a tiny size: it starts the real
server, plays every command through to its broadcast, and reports what it measured.
Nothing here is about time: only that the counts add up and the report is complete."""

from __future__ import annotations

import gc
import importlib.util
import json
import sys
from types import ModuleType

import pytest

from helpers.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "web_load.py"

FIELDS = {"tables", "clients", "commands", "median_ms", "p99_ms", "max_ms",
          "rss_before_mib", "rss_after_mib", "rss_peak_mib", "mib_per_table", "errors",
          "duration_s"}


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def web_load() -> ModuleType:
    return load()


def test_two_tables_every_command_broadcast(web_load: ModuleType,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    status = web_load.main(["--tables", "2", "--actions", "12", "--think", "0",
                            "--seed", "3", "--json"])
    out = capsys.readouterr().out
    assert status == 0, out
    report = json.loads(out)
    assert set(report) >= FIELDS
    assert report["tables"] == 2 and report["clients"] == 8
    # twelve actions can not end a game: every table sent exactly its twelve
    assert report["commands_per_table"] == [12, 12]
    assert report["commands"] == 24
    assert report["acks"] == report["broadcasts"] == report["commands"]
    assert report["games_over"] == 0
    errors = report["errors"]
    assert set(errors) >= {"refused", "resync", "closed", "lost"}
    assert all(count == 0 for count in errors.values()), errors
    assert report["closed"] == []
    assert 0 < report["median_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert report["rss_before_mib"] > 0 and report["rss_after_mib"] > 0
    assert report["rss_peak_mib"] >= report["rss_after_mib"]
    lines = web_load.report_lines(report)
    assert any("p99" in line for line in lines)
    # the clients ran on uvloop (the web extra has it), their collector off while they
    # played and given back afterwards
    assert report["client_loop"] == "uvloop" and report["client_gc"] == "off"
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_percentile_is_nearest_rank(web_load: ModuleType) -> None:
    values = [float(v) for v in range(1, 101)]
    assert web_load.percentile(values, 50) == 50.0
    assert web_load.percentile(values, 99) == 99.0
    assert web_load.percentile(values, 100) == 100.0
    assert web_load.percentile([], 99) == 0.0


def test_two_workers_over_postgresql(web_load: ModuleType,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The same run over PostgreSQL with two workers: every command broadcast, the
    workers' memory counted, the store's commits measured, the run's database gone."""
    import psycopg

    from helpers.postgres import server_url

    url = server_url()
    status = web_load.main(["--tables", "4", "--actions", "8", "--think", "0", "--seed", "3",
                            "--store", url, "--workers", "2", "--json"])
    out = capsys.readouterr().out
    assert status == 0, out
    report = json.loads(out)
    assert report["store"] == "postgresql" and report["workers"] == 2
    assert report["commands"] == report["acks"] == report["broadcasts"] == 32
    assert all(count == 0 for count in report["errors"].values()), report["errors"]
    assert report["store_commits_per_s"] > 0
    assert report["rss_before_mib"] > 100  # a supervisor and two workers
    with psycopg.connect(url) as db:
        left = db.execute("SELECT datname FROM pg_database WHERE datname LIKE "
                          "'euchre_load_%'").fetchall()
    assert left == []
