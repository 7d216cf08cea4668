"""What every test shares: the tests' folder on the import path, for :mod:`helpers`, and
in CI no test skipped for a reason that does not hold there.

The tests mirror the package (``tests/engine`` tests ``euchre.engine``, and so on); what
several of them use lives in :mod:`helpers` (``tests/helpers``). pytest puts this file's
folder on ``sys.path`` before it collects a test, which is how ``import helpers`` works
from every folder.

CI (``.ci/run``, with ``CI=true``) installs every extra and Chromium, so a test that skips
there for want of one hides a failure: with ``CI`` set, a run that skipped a test, or a
whole module, for a reason not in :data:`SKIPS_ALLOWED_IN_CI` fails, and says which.

Under pytest-xdist (``make test`` runs ``-n auto``) each worker sees the environment
the run was started with: pytest imports ``readline``, and GNU readline sets
``COLUMNS`` and ``LINES`` in the environment the workers inherit (not in the run's own
``os.environ``), which would give an app made in a test another size than in a plain
run (:func:`pytest_configure_node`).
"""

from __future__ import annotations

import os
from typing import Any, Final

import pytest

SKIPS_ALLOWED_IN_CI: Final = (
    # the other build's test: make test runs it on the pure-Python path
    "make test runs it on the pure path",
    # CI runs as root (docs/development.md)
    "root may write anywhere",
)
"""The skip reasons that hold in CI (each a part of the reason pytest reports)."""


TERMINAL_SIZE: Final = ("COLUMNS", "LINES")
"""The environment variables that size a terminal (Textual's and Rich's default size)."""


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist's hook, on the controller: tell each worker the terminal size
    variables of the run as started."""
    node.workerinput["terminal_size"] = {name: os.environ.get(name) for name in TERMINAL_SIZE}


def pytest_configure(config: pytest.Config) -> None:
    """In an xdist worker, the terminal size variables as the run was started."""
    size = getattr(config, "workerinput", {}).get("terminal_size")
    for name, value in (size or {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    """The reason of a skip, as pytest's ``-rs`` summary shows it."""
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _skips_not_allowed(session: pytest.Session) -> list[str]:
    """``place: reason`` of each skip of this run that CI does not allow."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    reports = getattr(reporter, "stats", {}).get("skipped", [])
    found = []
    for report in reports:
        if hasattr(report, "wasxfail"):
            continue
        reason = _skip_reason(report)
        if not any(allowed in reason for allowed in SKIPS_ALLOWED_IN_CI):
            found.append(f"{report.nodeid or report.fspath}: {reason}")
    return sorted(set(found))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """In CI, fail a run that skipped a test for a reason not allowed there."""
    if os.environ.get("CI", "").lower() not in ("true", "1") or hasattr(
            session.config, "workerinput"):  # an xdist worker: the controller sees all
        return
    found = _skips_not_allowed(session)
    if not found:
        return
    session.config.stash[_FOUND] = found
    if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say which skips failed the run in CI, and why."""
    found = terminalreporter.config.stash.get(_FOUND, [])
    if found:
        terminalreporter.section("skips that CI does not allow", sep="=", red=True)
        for line in found:
            terminalreporter.line(f"SKIPPED IN CI {line}")
        terminalreporter.line(
            f"{len(found)} skipped in CI for a reason that does not hold there (CI installs "
            "every extra and Chromium): the run fails (tests/conftest.py, "
            "SKIPS_ALLOWED_IN_CI)", red=True)


_FOUND: Final = pytest.StashKey[list[str]]()
