#!/usr/bin/env bash
# Run the OpenSpiel euchre reference benchmark in its own virtual environment.
#
# Creates benchmarks/.venv-openspiel (only if missing), installs the PyPI
# package `open-spiel` there, and runs openspiel_reference.py with --json.
# Extra arguments are passed through, e.g.:
#   benchmarks/run_openspiel_comparison.sh --deals 20000 --repeat 5
# Never touches the project's own .venv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv-openspiel"

if [ ! -x "$venv/bin/python" ]; then
    if command -v python3.11 >/dev/null 2>&1; then
        py=python3.11
    else
        py=python3
    fi
    echo "creating $venv with $py" >&2
    "$py" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip >&2
fi

if ! "$venv/bin/python" -c 'import pyspiel' >/dev/null 2>&1; then
    echo "installing open-spiel into $venv" >&2
    "$venv/bin/python" -m pip install --quiet open-spiel >&2
fi

exec "$venv/bin/python" "$here/openspiel_reference.py" --json "$@"
