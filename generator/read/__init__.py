"""Bank files -> the model, one folder per family, each with one entry function:

    text/    text and Markdown banks: layout decided once, questions assembled (parse.parse)
    sheet/   spreadsheets (.xlsx) and CSV: a row per question (reader.read_xlsx, reader.read_rows_text)
    word/    Word documents (.docx): question tables, or text with answers marked by formatting
    json/    this generator's own JSON export, read back (reader.read_json_bank)

``families`` lists them in the order a file is tried; ``load`` reads a file, applies its
errata and lints it.  May import generator.base and generator.bank."""
