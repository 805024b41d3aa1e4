"""The data the practice pages read: each bank's answers, accepted alternatives, types and text hashes,
written at build as a small script (generator.practice.data); the MkDocs glue serves it.

May import every stage below it: base, bank, math, links, pages."""
