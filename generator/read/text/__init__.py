"""Text and Markdown banks: the layout decided once over the whole document (layout), the
line-start scans (line_scan, sections), answer keys (answer_key), lists that are no questions
(lists), and the parser that assembles the questions (parse)."""
