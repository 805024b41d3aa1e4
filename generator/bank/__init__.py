"""A bank file -> the checked, corrected model: decode, repair, parse, errata, lint, export.

May import generator.base only."""
