"""``python -m wooolf_solver``: the same as the ``wooolf`` command."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
