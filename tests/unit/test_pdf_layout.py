"""The reading-order rules of PDF pages (generator.read.pdf.reading_order), each on its own,
over lines placed by hand: 1 em = 10 pt, A4 (595 × 842 pt)."""
import pytest

from generator.read.pdf.reading_order import PAGE_NUMBER, Line, PageText, column_gutter, read_pages, reading_order

W, H = 595.0, 842.0


def line(text, x, top, size=10.0):
    return Line(text, x, x + size * len(text), top, top + size)


def stack(texts, x, top=100.0, leading=16.0):
    return [line(t, x, top + k * leading) for k, t in enumerate(texts)]


@pytest.mark.parametrize("text", ["3", "- 3 -", "— 12 —", "第 3 页", "第3頁", "3 / 12", "3/12", "Page 3",
                                  "page 3 of 12", "第 3 页 共 12 页", "·3·"])
def test_page_numbers_in_their_usual_forms(text):
    assert PAGE_NUMBER.match(text)


@pytest.mark.parametrize("text", ["3. 下列哪个正确", "A. 3", "答案：3", "共 3 题", "2024 年真题"])
def test_text_that_only_holds_a_number_is_no_page_number(text):
    assert not PAGE_NUMBER.match(text)


def test_running_headers_footers_and_page_numbers_are_removed_body_lines_kept():
    pages = [PageText(W, H, (line("高级人工智能训练师 题库", 60, 30), *stack([f"{n}. 题干", "A. 甲", "答案：A"], 60),
                             line(f"第 {n} 页", 280, 800)))
             for n in range(1, 5)]
    read = read_pages(pages)
    assert [page.lines for page in read] == [(f"{n}. 题干", "A. 甲", "答案：A") for n in range(1, 5)]
    assert [page.furniture for page in read] == [2] * 4


def test_a_top_line_on_one_page_only_is_the_banks_own_text():
    """A title at the top of page 1 is no running header: it stands on one page of three."""
    pages = [PageText(W, H, (line("一、单项选择题", 60, 30), *stack(["1. 题干"], 60))),
             PageText(W, H, tuple(stack(["2. 题干"], 60))), PageText(W, H, tuple(stack(["3. 题干"], 60)))]
    assert read_pages(pages)[0].lines == ("一、单项选择题", "1. 题干")


def test_a_line_repeated_in_the_body_is_kept():
    """Only the top and bottom bands hold furniture: an answer line repeated on every page stays."""
    pages = [PageText(W, H, tuple(stack([f"{n}. 题干", "答案：A"], 60))) for n in range(1, 4)]
    assert all(page.lines[1] == "答案：A" for page in read_pages(pages))


def two_columns(left, right, title=None):
    lines = stack(left, 40, top=120) + stack(right, 310, top=120)
    return ([line(title, 60, 90)] if title else []) + lines


# A column 25 em wide (40–290 pt, the right one 310–560 pt): a long stem wraps at its edge.
COLUMN_LEFT = ["1. 第一题的题干很长一直写到这一栏的右边为止", "呢。", "A. 甲", "B. 乙", "2. 第二题", "A. 丙", "B. 丁"]
COLUMN_RIGHT = ["3. 第三题的题干很长一直写到这一栏的右边为止", "呢。", "A. 戊", "B. 己", "4. 第四题", "A. 庚", "B. 辛"]


def test_two_columns_read_left_then_right_a_title_across_them_first():
    title = "一、单项选择题（本大题共四题，每题一分，共四分，限时十分钟）"
    lines = two_columns(COLUMN_LEFT, COLUMN_RIGHT, title=title)
    gutter = column_gutter(W, lines)
    assert gutter is not None and 40 + 10 * len(COLUMN_LEFT[0]) <= gutter <= 310
    assert reading_order(lines, gutter) == (title, *COLUMN_LEFT, *COLUMN_RIGHT)


def test_a_heading_across_both_columns_splits_them_where_it_stands():
    top = two_columns(COLUMN_LEFT, COLUMN_RIGHT)
    heading = line("二、多项选择题（本大题共四题，每题二分，共八分）", 180, 250)  # centred
    bottom = [line(t, 40, 270 + 16 * k) for k, t in enumerate(["5. 第五题", "A. 甲"])] + \
             [line(t, 310, 270 + 16 * k) for k, t in enumerate(["6. 第六题", "A. 乙"])]
    lines = [*top, heading, *bottom]
    assert reading_order(lines, column_gutter(W, lines)) == (
        *COLUMN_LEFT, *COLUMN_RIGHT, heading.text, "5. 第五题", "A. 甲", "6. 第六题", "A. 乙")


LONG_STEM = "下列关于人工智能训练师职业的说法中，正确的是哪一项呢（ ）"


def test_options_side_by_side_under_long_stems_are_one_column_joined_by_tabs():
    lines = []
    for n in range(4):
        top = 100 + 50 * n
        lines += [line(f"{n + 1}. {LONG_STEM}", 60, top),
                  line("A. 甲", 60, top + 16), line("B. 乙", 300, top + 16)]
    assert column_gutter(W, lines) is None
    assert reading_order(lines, None)[:2] == (f"1. {LONG_STEM}", "A. 甲\tB. 乙")


def test_options_side_by_side_under_short_stems_are_one_column():
    """Short stems cross no gutter, but the left options end far from where B starts."""
    lines = []
    for n in range(4):
        top = 100 + 50 * n
        lines += [line(f"{n + 1}. 哪个对", 60, top), line("A. 甲", 60, top + 16), line("B. 乙", 300, top + 16),
                  line("C. 丙", 60, top + 32), line("D. 丁", 300, top + 32)]
    assert column_gutter(W, lines) is None
    assert reading_order(lines, None)[:3] == ("1. 哪个对", "A. 甲\tB. 乙", "C. 丙\tD. 丁")


def test_a_first_body_line_of_the_same_shape_on_every_page_under_a_header_is_kept():
    """Questions written from one template (``N. 关于第N项…``) open each page just under a
    running header, inside the top band: the header goes, the questions stay."""
    pages = [PageText(W, H, (line("题库（2026 版）", 230, 16), line(f"{n}. 关于第{n}项任务的说法", 52, 72),
                             *stack(["A. 甲", "答案：A"], 52, top=90)))
             for n in range(1, 5)]
    assert [page.lines[0] for page in read_pages(pages)] == [f"{n}. 关于第{n}项任务的说法" for n in range(1, 5)]


def test_kangxi_radicals_a_font_maps_common_characters_to_read_as_those_characters():
    from generator.read.pdf.reader import common_characters

    assert common_characters("\u2f08\u2f2f智能（\u2f00）") == "人工智能（一）"


def picture(name, x, top, width=80.0, height=60.0):
    return Line(name, x, x + width, top, top + height, picture=True)


def test_a_picture_under_a_line_is_read_after_it_before_the_lines_under_the_picture():
    lines = [line("1. 看图：", 60, 100), picture("图一", 60, 115), *stack(["A. 甲", "B. 乙"], 60, top=180)]
    assert reading_order(lines, None) == ("1. 看图：", "图一", "A. 甲", "B. 乙")


def test_a_picture_beside_a_line_is_read_after_that_lines_text_and_takes_no_more_lines():
    options = stack(["1. 看图：", "A. 甲", "B. 乙"], 60, top=100)
    # its top edge half a line above option A's: it begins the row, which takes option A only
    assert reading_order([*options, picture("图一", 200, 112)], None) == ("1. 看图：", "A. 甲 图一", "B. 乙")
    assert reading_order([*options, picture("图一", 200, 135)], None) == ("1. 看图：", "A. 甲", "B. 乙 图一")


def test_a_picture_in_the_top_band_of_every_page_is_running_furniture_one_on_one_page_is_kept():
    pages = [PageText(W, H, (line("高级人工智能训练师 题库", 60, 30), *stack([f"{n}. 题干", "A. 甲", "答案：A"], 60)),
                      (picture("标志", 400, 20, 40, 20), *[picture("题图", 60, 10, 40, 20)] * (n == 1)))
             for n in range(1, 4)]
    read = read_pages(pages)
    assert [page.lines for page in read] == [(*["题图"] * (n == 1), f"{n}. 题干", "A. 甲", "答案：A")
                                             for n in (1, 2, 3)]
    assert [page.furniture for page in read] == [2, 2, 2]


def test_pictures_stay_in_their_column_and_take_no_part_in_finding_columns():
    body = two_columns(COLUMN_LEFT, COLUMN_RIGHT)
    gutter = column_gutter(W, body)
    assert gutter is not None
    read_in = reading_order([*body, picture("左图", 150, 133, 100, 30)], gutter)  # beside 呢。, left column
    assert read_in == (*COLUMN_LEFT[:1], "呢。 左图", *COLUMN_LEFT[2:], *COLUMN_RIGHT)


def test_bullets_icons_and_rules_drawn_as_pictures_are_set_aside_and_counted_a_small_figure_is_kept():
    """16 px is 12 pt at the page's scale, 4 px is 3 pt."""
    stem, option = line("1. 看图：", 60, 100), line("A. 甲", 72, 200)
    bullet = picture("圆点", 60, 200, 6, 6)  # before option A
    icon = picture("图标", 300, 100, 11.5, 11.5)
    rule = picture("横线", 60, 180, 400, 1.5)  # a line under the picture, drawn as an image
    small = picture("小图", 60, 120, 12.5, 12.5)  # a figure the size of a character: a reader sees it
    strip = picture("长条", 60, 150, 400, 3.5)
    page = PageText(W, H, (stem, option), (bullet, icon, rule, small, strip))
    read, = read_pages([page])
    assert read.lines == ("1. 看图：", "小图", "长条", "A. 甲") and read.decorations == 3
    # set aside before logos are looked for: a bullet on every page's top band is no logo, nor counted twice
    pages = [PageText(W, H, (stem,), (picture("圆点", 60, 20, 6, 6),))] * 3
    assert [(page.decorations, page.furniture) for page in read_pages(pages)] == [(1, 0)] * 3
