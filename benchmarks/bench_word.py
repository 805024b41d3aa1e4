"""Reading Word banks at scale: ``python -m benchmarks.bench_word [--sizes 1000 20000]``.

Makes a .docx of N questions as people write them in Word (a heading per 50 questions,
automatic numbering for the questions and a second level for their four options, the
answer in a paragraph of its own) and prints, per size, the seconds to read the document
(paragraphs, numbering) and to read the whole bank (that plus the text parser).
"""
from __future__ import annotations

import argparse
import io
import tempfile
import time
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from generator.read.load import read_bank
from generator.read.word.paragraphs import read_docx

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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    args = parser.parse_args(argv)
    print(f"{'questions':>9} {'paragraphs':>10} {'read .docx s':>12} {'whole bank s':>12}")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            path = Path(folder) / f"bank-{size}.docx"
            path.write_bytes(word_bank(size))
            start = time.perf_counter()
            document = read_docx(path.read_bytes(), str(path), 2**31)
            read = time.perf_counter() - start
            start = time.perf_counter()
            bank = read_bank(path)
            whole = time.perf_counter() - start
            assert len(bank.questions) == size, (len(bank.questions), size)
            print(f"{size:>9} {len(document.blocks):>10} {read:>12.2f} {whole:>12.2f}")


if __name__ == "__main__":
    main()
