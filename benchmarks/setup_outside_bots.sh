#!/usr/bin/env bash
# Set up the outside bots that benchmarks/outside_bots.py plays `expert` against.
#
# - euchre-cli 0.7.0 (PyPI `euchre-cli`, MIT, by Bradley Wojcik): its import package is
#   also named `euchre`, so it lives in its own virtual environment,
#   benchmarks/.venv-euchre-cli (git-ignored), made with python3.11 -m venv; the adapter
#   benchmarks/euchre_cli_bot.py runs with that environment's python.
# - OpenSpiel's ISMCTS: our `openspiel` extra, in the project's .venv (`make test`
#   installs every extra). This script only checks that it imports; it never touches
#   .venv.
#
# Usage: benchmarks/setup_outside_bots.sh [WHEEL]
#   WHEEL: a downloaded euchre_cli-0.7.0-py3-none-any.whl to install instead of asking
#   the package registry (its dependencies still come from the registry).
# Run again at any time: an environment that already imports euchre-cli 0.7.0 is kept.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
venv="$here/.venv-euchre-cli"
want="0.7.0"

installed() {
    "$venv/bin/python" - "$want" <<'EOF' >/dev/null 2>&1
import importlib.metadata, sys
import euchre.abstract  # euchre-cli's package, not ours
sys.exit(importlib.metadata.version("euchre-cli") != sys.argv[1])
EOF
}

if [ -x "$venv/bin/python" ] && installed; then
    echo "euchre-cli $want: ready in $venv"
else
    if [ ! -x "$venv/bin/python" ]; then
        if command -v python3.11 >/dev/null 2>&1; then
            py=python3.11
        else
            echo "python3.11 not found; using python3 ($(python3 --version 2>&1))" >&2
            py=python3
        fi
        echo "creating $venv with $py" >&2
        "$py" -m venv "$venv"
    fi
    source="euchre-cli==$want"
    if [ "$#" -ge 1 ]; then
        source="$1"
    fi
    echo "installing $source into $venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$source" >&2
    if ! installed; then
        echo "euchre-cli $want does not import from $venv" >&2
        exit 1
    fi
    echo "euchre-cli $want: ready in $venv"
fi

if [ -x "$root/.venv/bin/python" ] && "$root/.venv/bin/python" -c "import pyspiel" >/dev/null 2>&1; then
    echo "OpenSpiel: ready in $root/.venv"
else
    echo "OpenSpiel: not in $root/.venv; install the extra: .venv/bin/pip install -e '.[openspiel]'" >&2
fi
