"""Word banks (.docx): paragraphs and tables as a reader sees them (paragraphs, numbering,
emphasis), question tables read like a spreadsheet or text read like a text bank (reader),
and answers marked by formatting (answers)."""
