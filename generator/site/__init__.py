"""The MkDocs glue: the plugin (plugin) and the pure work its hooks hand on: MkDocs' configuration
(mkdocs_config), pages rendered beside MkDocs (prerender), search (segmenter, search_index,
query_folding, offline_search, search_exclusions), logs, and the command line's build (build).

The only stage that imports mkdocs; may import every stage below it."""
