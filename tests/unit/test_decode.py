"""Reading bank files in every encoding they arrive in, and refusing what is not text."""
import codecs

import pytest

from generator.bank.decode import decode
from generator.base.errors import DecodeError

TEXT = "一、單項選擇題\n1.（單選）數據\nA.甲B.乙\n答案：A\n"


@pytest.mark.parametrize(
    "data, encoding",
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16"),
        (TEXT.encode("gb18030"), "gb18030"),
        ("一、单项选择题\n1.（单选）数据\n".encode("gbk"), "gb18030"),
    ],
    ids=["utf8", "utf8-bom", "utf16le-bom", "utf16be-bom", "gb18030", "gbk"],
)
def test_encodings_decode_to_the_same_text(data, encoding):
    text, found = decode(data, "bank.txt")
    assert found == encoding
    assert text.startswith(("一、單項選擇題\n1.", "一、单项选择题\n1."))
    assert "\ufeff" not in text


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_crlf_and_cr_become_lf(ending):
    text, _ = decode(TEXT.replace("\n", ending).encode("utf-8"), "bank.txt")
    assert text == TEXT


@pytest.mark.parametrize(
    "data, found",
    [
        (b"", "an empty file"),
        (b"  \n\t\n", "only white space"),
        (b"\x00\x01\x02binary", "control byte 0x00"),
        (b"abc\x80\xffdef", "fit none of them"),
    ],
)
def test_unreadable_files_say_where_and_what(data, found):
    with pytest.raises(DecodeError) as error:
        decode(data, "bad.txt")
    assert "bad.txt" in str(error.value)
    assert found in str(error.value)


def test_a_utf16_file_with_control_characters_is_refused():
    with pytest.raises(DecodeError, match="U\\+0002"):
        decode(codecs.BOM_UTF16_LE + "1.題\x02目".encode("utf-16-le"), "x.txt")
