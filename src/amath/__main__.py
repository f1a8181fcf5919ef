"""``python -m amath``: the ``amath`` command (:mod:`amath.apps.cli`), for a checkout without the console script."""

import sys

from amath.apps.cli import main

sys.exit(main())
