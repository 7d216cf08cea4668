"""``python -m euchre``: the same as the ``euchre`` command."""

import sys

from euchre.cli.main import main

sys.exit(main())
