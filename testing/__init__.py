"""What the tests and the benchmarks share: the repository's paths, a browser over Debian's
Chromium, and the banks they make (synthetic, hostile, Word).  Tests never import benchmarks,
nor benchmarks tests; both import this.  Not part of the installed package."""
