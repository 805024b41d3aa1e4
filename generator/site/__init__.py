"""The MkDocs glue: the plugin (plugin) and the pure work its hooks hand on: MkDocs' configuration
(mkdocs_config), pages rendered beside MkDocs (prerender), search (segmenter, search_index,
query_folding, offline_search, search_exclusions), logs, the command line's build (build), and the output folder every
build is swapped into whole (output_folder).

The only stage that imports mkdocs; may import every stage below it."""
