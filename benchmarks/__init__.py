"""Benchmarks of the generator at scale (``python benchmarks/bench_scale.py``)."""
