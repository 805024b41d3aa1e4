"""The bank in the forms other tools read, one module per format, one registry (formats)
that the command line's ``export`` and the site's downloads both use:

    json   the model as this generator's JSON contract (read back by generator.read.json)
    text   a readable dump of the model, the golden tests' oracle
    table  the spreadsheet (.xlsx) and CSV that exam apps import
    anki   an Anki deck (.apkg)

May import generator.base, bank, math, links and pages; never mkdocs."""
