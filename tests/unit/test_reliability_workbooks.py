"""Damaged and lying Office files (issue 30): each is one message naming the file and the part,
exit 2, never a traceback; a zip that lies about its sizes is refused at the limit, never read
past it."""
from __future__ import annotations

import io
import re
import zipfile

import pytest

from generator.base.errors import GuideError
from generator.cli import main
from generator.read.load import load_bank

HEADER = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' \
         '<c r="D1" t="s"><v>3</v></c></row>'
ROW = '<row r="2"><c r="A2" t="s"><v>4</v></c><c r="B2" t="s"><v>5</v></c><c r="C2" t="s"><v>6</v></c>' \
      '<c r="D2" t="s"><v>7</v></c></row>'
STRINGS = ["题干", "选项A", "选项B", "答案", "数据", "甲", "乙", "A"]
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def sheet(rows: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'


def shared(strings: list[str]) -> str:
    items = "".join(f"<si><t>{s}</t></si>" for s in strings)
    return f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="{len(strings)}">{items}</sst>'


PARTS = {
    "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
    'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml"'
    ' ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName='
    '"/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet'
    '+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
    'spreadsheetml.sharedStrings+xml"/></Types>',
    "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PKG}"><Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
    '<sheet name="题库" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PKG}">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    "xl/worksheets/sheet1.xml": sheet(HEADER + ROW),
    "xl/sharedStrings.xml": shared(STRINGS),
}


def workbook(**changed: str) -> bytes:
    """The workbook of :data:`PARTS`, with the parts named (``sheet``, ``strings``, ``book``) changed."""
    names = {"sheet": "xl/worksheets/sheet1.xml", "strings": "xl/sharedStrings.xml", "book": "xl/workbook.xml",
             "rels": "xl/_rels/workbook.xml.rels", "types": "[Content_Types].xml"}
    parts = {**PARTS, **{names[k]: v for k, v in changed.items()}}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return out.getvalue()


DAMAGED = {
    "sheet-cut-short": (workbook(sheet=sheet(HEADER + ROW)[:-60]), "sheet1.xml"),
    "shared-strings-cut-short": (workbook(strings=shared(STRINGS)[:-30]), "sharedStrings.xml"),
    "shared-string-index-out-of-range": (workbook(sheet=sheet(HEADER + ROW.replace("<v>7</v>", "<v>99</v>"))),
                                         "sheet1.xml"),
    "shared-string-index-not-a-number": (workbook(sheet=sheet(HEADER + ROW.replace("<v>7</v>", "<v>x</v>"))),
                                         "sheet1.xml"),
    # read as the cell's text ("7"), which the answer column then refuses, naming the row
    "cell-type-out-of-range": (workbook(sheet=sheet(HEADER + ROW.replace('D2" t="s"', 'D2" t="q"'))), "row 2"),
    "number-cell-not-a-number": (workbook(sheet=sheet(HEADER + ROW.replace('D2" t="s"><v>7', 'D2" t="n"><v>abc'))),
                                 "sheet1.xml"),
    "date-cell-not-a-date": (workbook(sheet=sheet(HEADER + ROW.replace('D2" t="s"><v>7', 'D2" t="d"><v>abc'))),
                             "sheet1.xml"),
    "row-number-not-a-number": (workbook(sheet=sheet(HEADER + ROW.replace('row r="2"', 'row r="x"'))), "sheet1.xml"),
    "cell-reference-garbled": (workbook(sheet=sheet(HEADER + ROW.replace('r="B2"', 'r="??"'))), "sheet1.xml"),
    "workbook-cut-short": (workbook(book=PARTS["xl/workbook.xml"][:-20]), "workbook.xml"),
}


def test_the_undamaged_workbook_reads(tmp_path):
    path = tmp_path / "bank.xlsx"
    path.write_bytes(workbook())
    assert [q.stem for q in load_bank(path).questions] == ["数据"]


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_workbook_is_one_message_naming_file_and_part(tmp_path, capsys, name):
    data, part = DAMAGED[name]
    path = tmp_path / "bank.xlsx"
    path.write_bytes(data)
    with pytest.raises(GuideError) as error:
        load_bank(path)
    assert str(path) in str(error.value) and part in str(error.value), str(error.value)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}") and part in err and "Traceback" not in err


# -- 11. a zip that lies about its sizes -----------------------------------------------------

def lying_zip(real: int, declared: int) -> bytes:
    """A workbook whose sheet unpacks to ``real`` bytes while its headers declare ``declared``."""
    data = bytearray(workbook(sheet=sheet(HEADER + ROW) + " " * real))
    name = b"xl/worksheets/sheet1.xml"
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local header, central directory
        for match in re.finditer(re.escape(signature), bytes(data)):
            start = match.start()
            name_at = start + (30 if signature == b"PK\x03\x04" else 46)
            if data[name_at:name_at + len(name)] == name:
                data[start + offset:start + offset + 4] = declared.to_bytes(4, "little")
    return bytes(data)


def test_a_zip_lying_about_its_size_is_refused_at_the_limit(tmp_path, capsys):
    path = tmp_path / "bank.xlsx"
    path.write_bytes(lying_zip(real=3 * 2**20, declared=1000))
    assert main(["check", str(path), "--max-size", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}") and "Traceback" not in err
    assert "part xl/worksheets/sheet1.xml" in err and "declared size" in err
