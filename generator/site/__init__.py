"""The MkDocs glue: the plugin, pages rendered beside MkDocs, the search index.

The only stage that imports mkdocs; may import every stage below it."""
