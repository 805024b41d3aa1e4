"""What every stage shares: errors that say where, the settings file, the YAML reader, numerals.

Imports nothing else of the generator."""
