"""The model -> Markdown pages: escaping, prose, chapter and index pages, editions, interface strings, script;
and the same model as an Anki deck (card HTML).

May import every stage below it: base, bank, math, links."""
