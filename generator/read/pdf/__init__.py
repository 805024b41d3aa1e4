"""PDF banks with a text layer: lines in reading order, page furniture removed, read as text."""
