"""`python -m cardscript ...`: the same as the `cardscript` command."""

import sys

from .cli import main

sys.exit(main())
