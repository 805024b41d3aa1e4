"""A benchmark's figures, one line each, which ``make bench`` gathers into one table.

Every benchmark prints its own report as well; :func:`figure` adds a line that
``benchmarks.summary`` reads back (:data:`MARK`, then JSON): what was measured, the value
and its unit, the target it is held to (empty where it has none) and whether it is met.
"""
from __future__ import annotations

import json

MARK = "figure: "


def figure(name: str, value: float, unit: str, target: str = "", met: bool | None = None) -> None:
    """Print one figure for the summary table (``met`` None: no target)."""
    print(MARK + json.dumps({"name": name, "value": value, "unit": unit, "target": target, "met": met},
                            ensure_ascii=False), flush=True)
