"""``python -m euchre``: the same as the ``euchre`` command."""

import sys

from euchre.cli import main

sys.exit(main())
