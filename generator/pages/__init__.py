"""The model -> Markdown pages: escaping, prose, chapter and index pages, editions, interface strings, script.

May import every stage below it: base, bank, math, links."""
