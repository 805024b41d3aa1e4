"""Word banks made for tests and benchmarks: automatically numbered questions, as people write them."""
from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

_W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
_LEVELS = ('<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
           '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%2."/></w:lvl>')


def word_bank(questions: int) -> bytes:
    """A .docx of ``questions`` automatically numbered questions (python-docx's blank document,
    its body and numbering written directly: adding paragraphs one by one is quadratic)."""
    import docx

    buffer = io.BytesIO()
    docx.Document().save(buffer)
    source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    body = []
    for i in range(questions):
        if i % 50 == 0:
            body.append(_paragraph(f"第{i // 50 + 1}章 第{i // 50 + 1}组", style="Heading1"))
        body.append(_paragraph(f"下列关于第{i + 1}个模型的说法，哪一项是正确的？", ilvl=0))
        body.extend(_paragraph(f"说法{letter}：学习率为 0.{i % 9 + 1}", ilvl=1) for letter in "甲乙丙丁")
        body.append(_paragraph(f"答案：{'ABCD'[i % 4]}"))
    document = source.read("word/document.xml").decode()
    start = document.index("<w:body>") + len("<w:body>")
    document = document[:start] + "".join(body) + document[document.index("<w:sectPr", start):]
    numbering = (f'<w:numbering {_W}><w:abstractNum w:abstractNumId="1">{_LEVELS}</w:abstractNum>'
                 '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num></w:numbering>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            parts = {"word/document.xml": document, "word/numbering.xml": numbering}
            target.writestr(info.filename, parts.get(info.filename) or source.read(info.filename))
    return out.getvalue()


def _paragraph(text: str, ilvl: int | None = None, style: str | None = None) -> str:
    properties = (f'<w:pStyle w:val="{style}"/>' if style else "") + (
        f'<w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="1"/></w:numPr>' if ilvl is not None else "")
    return (f"<w:p>{f'<w:pPr>{properties}</w:pPr>' if properties else ''}"
            f'<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>')
