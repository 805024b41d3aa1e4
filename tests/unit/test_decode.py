"""Reading bank files in every encoding they arrive in, and refusing what is not text."""
import codecs

import pytest

from generator.base.decode import decode
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


# -- legacy East Asian encodings: told apart, read (Big5) or refused by name -----------------

TRADITIONAL = ("一、單項選擇題\n1.（單選）下列關於機器學習的說法，正確的是\nA.監督學習需要標註數據\n"
               "B.無監督學習不需要數據\n答案：A\n解析：監督學習使用標註數據。\n")
JAPANESE = ("一、単項選択問題\n1.（単選）機械学習について正しいものはどれか\n"
            "A.教師あり学習はラベル付きデータが必要\n答案：A\n")
KOREAN = "1. 다음 중 기계 학습에 대한 설명으로 옳은 것은?\nA. 지도 학습은 레이블이 필요하다\n답: A\n"


@pytest.mark.parametrize("text", [TRADITIONAL, "一、單項選擇題\n1.（單選）數據\nA.甲B.乙\n答案：A\n"],
                         ids=["long", "short"])
def test_a_big5_bank_reads_right(text):
    decoded, encoding = decode(text.encode("big5"), "big5.txt")
    assert (decoded, encoding) == (text, "big5")


def test_big5_read_as_gb18030_would_be_private_use():
    """The sign the detector relies on: Big5 bytes land in GBK's user-defined area."""
    assert any("\ue000" <= c <= "\uf8ff" for c in TRADITIONAL.encode("big5").decode("gb18030"))


@pytest.mark.parametrize("text, encoding, named", [
    (JAPANESE, "shift_jis", "Shift-JIS"),
    (JAPANESE, "euc_jp", "EUC-JP"),
    (KOREAN, "euc_kr", "EUC-KR"),
])
def test_japanese_and_korean_encodings_are_refused_by_name(text, encoding, named):
    with pytest.raises(DecodeError) as error:
        decode(text.encode(encoding), "jp.txt")
    message = str(error.value)
    assert "jp.txt" in message and named in message and "iconv -f" in message


def test_gb18030_banks_that_other_encodings_also_decode_stay_gb18030():
    for text in (TEXT, "一、单项选择题\n1.（单选）下列关于机器学习的说法，正确的是\nA.监督学习需要标注数据\n答案：A\n"):
        assert decode(text.encode("gb18030"), "gb.txt") == (text, "gb18030")


def test_bytes_that_gb18030_reads_only_as_private_use_are_refused():
    data = "1.（單選）".encode("gb18030") + b"\xaa\xa1\xaa\xa2\xfe\xfe" + "\n答案：A\n".encode("gb18030")
    with pytest.raises(DecodeError, match="private-use character U\\+E000"):
        decode(data, "odd.txt")


@pytest.mark.parametrize("text, encoding", [
    ("1. 甲\nA. x\nB. y\n答案：A\n", "gb18030"),  # charset-normalizer alone reads it as Big5: 答案： -> 湘偶ㄩ
    ("1. 乙\nA. x\nB. y\n答案：B\n", "gb18030"),
    ("1. 數據\nA. x\nB. y\n答案：A\n", "big5"),
])
def test_a_bank_of_a_few_lines_in_a_chinese_encoding_reads_right(text, encoding):
    assert decode(text.encode(encoding), "few.txt") == (text, encoding)
