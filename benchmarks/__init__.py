"""Benchmarks of the generator, run from the repository root: ``python -m benchmarks.bench_scale``."""
