"""A bank file (text, Word .docx, .xlsx, CSV or our JSON export) -> the checked, corrected model: decode, repair,
parse, errata, lint; and back out: JSON, text dump, spreadsheet and CSV for exam apps.

May import generator.base only."""
