"""Formulas: detected in bank text, written as LaTeX, read as text, typeset by KaTeX.

May import generator.base and generator.bank."""
