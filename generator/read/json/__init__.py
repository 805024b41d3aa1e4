"""This generator's own JSON export (``study-guide export --format json``), read back."""
