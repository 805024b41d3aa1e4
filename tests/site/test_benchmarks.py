"""Every benchmark still runs: each at a tiny size (``benchmarks.summary --small``), its
report printed and at least one figure in the summary table.  Figures are not judged here:
no test asserts time (CONTRIBUTING: Tests)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

NEEDS_A_BROWSER = {"bench_lighthouse", "bench_offline", "bench_pdf", "bench_search", "bench_weight"}
BENCHMARKS = sorted(path.stem for path in (ROOT / "benchmarks").glob("bench_*.py"))


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.browser] if name in NEEDS_A_BROWSER else [])
                                  for name in BENCHMARKS])
def test_benchmark_runs_at_a_small_size(name: str) -> None:
    result = subprocess.run([sys.executable, "-m", "benchmarks.summary", "--small", "--only", name], cwd=ROOT,
                            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), capture_output=True, text=True,
                            encoding="utf-8")
    print(result.stdout)  # the figures, for whoever runs the test with -s
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    short = name.removeprefix("bench_")
    rows = [line for line in result.stdout.splitlines() if line.startswith(f"| {short} |")]
    assert rows, f"{name} printed no figure for the summary table:\n{result.stdout[-3000:]}"


def test_every_benchmark_has_small_arguments() -> None:
    """A new benchmark names the arguments that make it small, or the suite would run it at full size."""
    summary = (ROOT / "benchmarks" / "summary.py").read_text(encoding="utf-8")
    assert [name for name in BENCHMARKS if f'"{name}":' not in summary] == []


@pytest.mark.slow
def test_the_scale_benchmark_times_the_export_again_into_the_file_it_wrote(tmp_path) -> None:
    """``bench_scale --repeat N`` exports N times to one file; the export refuses a name in use."""
    from benchmarks.bench_scale import _export_seconds
    from testing.paths import BUNDLED

    out = tmp_path / "bank.json"
    for _ in range(2):
        _export_seconds(BUNDLED, out)
    assert out.read_text(encoding="utf-8").lstrip().startswith("{")
