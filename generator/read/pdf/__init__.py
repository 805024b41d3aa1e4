"""PDF banks with a text layer: lines in reading order, page furniture removed, read as text."""

MAGIC = b"%PDF-"  # how a PDF file starts; here so recognising one does not import pdfminer
