"""``python -m amath.cli``."""

import sys

from amath.cli import main

sys.exit(main())
