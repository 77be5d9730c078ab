"""``python -m pueval``: the ``pueval`` command."""

from pueval.cli import main

raise SystemExit(main())
