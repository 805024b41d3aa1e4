"""Search: the index's words (segmenter: jieba with the glossary's terms), query folding
data for the browser (query_folding), what search leaves out (exclusions) or marks as an
answer (spoilers), the index rewritten after Material's search plugin (index), and search
from a folder (offline).

May import generator.base, bank, links and pages; never mkdocs (generator.site.material
holds what depends on Material's internals)."""
