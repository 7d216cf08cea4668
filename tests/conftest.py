"""What every test shares: the tests' folder on the import path, for :mod:`helpers`.

The tests mirror the package (``tests/engine`` tests ``euchre.engine``, and so on); what
several of them use lives in :mod:`helpers` (``tests/helpers``). pytest puts this file's
folder on ``sys.path`` before it collects a test, which is how ``import helpers`` works
from every folder.
"""
