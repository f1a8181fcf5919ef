"""``python -m amath.apps.cli``."""

import sys

from amath.apps.cli import main

sys.exit(main())
