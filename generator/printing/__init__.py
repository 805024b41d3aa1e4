"""Chapter PDFs of a built site, printed by headless Chromium.

May import generator.base and generator.pages (page paths); never mkdocs."""
