"""Where things are in the repository, for the benchmarks and the tests (``tests/paths.py``)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MKDOCS_YML = ROOT / "mkdocs.yml"
BUNDLED = ROOT / "content" / "banks" / "ai-trainer" / "bank.txt"  # the bundled bank, verbatim
