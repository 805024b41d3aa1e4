"""Spreadsheet banks (.xlsx, CSV): a header row names the columns, a row per question (reader);
how a table writes types, options and answers, decided over all its rows (table_layout)."""
