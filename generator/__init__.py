"""Study-guide generator: a raw exam question bank -> a study-guide site and chapter PDFs.

The pipeline, one subpackage per stage, each importing only the stages above it here:

    base      errors, settings, YAML reader
    bank      bytes ─decode→ text ─repair→ text ─parse→ Bank ─errata→ Bank ─lint→ Bank(+flags)
    math      formulas: detection, LaTeX, text, KaTeX
    links     glossary terms, references, related questions
    pages     Bank ─script→ Bank ─render→ Markdown pages (compose wires the whole guide)
    site      MkDocs + Material: the plugin, pre-rendering, search
    printing  site ─Chromium→ chapter PDFs
"""
