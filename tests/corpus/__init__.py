"""A corpus of real public question banks with hand-checked truth (issue 12, "Measure").

``banks/`` holds each bank byte for byte as found; ``truth/<bank>.yml`` says, from reading the
bank by hand, what it holds: its source, chapters and, per question, the number, type, option
count and answer.  ``truth.py`` compares the parser's reading with it; ``python -m tests.corpus``
prints the report, ``tests/unit/test_corpus.py`` runs it as one test per bank.
"""
