"""The offline app's icons, made from the guide's one square image."""
from __future__ import annotations

import pytest
from PIL import Image

from generator.site.pwa import ICONS, OfflineAppError, write_icons


def _image(path, width: int, height: int):
    Image.new("RGBA", (width, height), (200, 30, 30, 255)).save(path)
    return path


def test_each_icon_has_its_size_and_a_second_site_gets_the_same_files(tmp_path):
    source = _image(tmp_path / "icon.png", 600, 600)
    entries = write_icons(source, tmp_path / "one", "#4051b5")
    for entry in entries:
        width, height = map(int, entry["sizes"].split("x"))
        with Image.open(tmp_path / "one" / entry["src"]) as icon:
            assert icon.size == (width, height)
    assert write_icons(source, tmp_path / "two", "#4051b5") == entries
    one, two = ({p.name: p.read_bytes() for p in (tmp_path / site / ICONS).iterdir()} for site in ("one", "two"))
    assert one == two and len(one) == 4
    with Image.open(tmp_path / "two" / ICONS / "apple-touch-icon.png") as touch:
        assert touch.mode == "RGB"  # opaque: iOS crops it itself


def test_an_edited_image_makes_new_icons(tmp_path):
    source = _image(tmp_path / "icon.png", 512, 512)
    write_icons(source, tmp_path / "one", "#4051b5")
    Image.new("RGBA", (512, 512), (0, 0, 0, 255)).save(source)
    write_icons(source, tmp_path / "two", "#4051b5")
    with Image.open(tmp_path / "two" / ICONS / "icon-192.png") as icon:
        assert icon.convert("RGBA").getpixel((96, 96)) == (0, 0, 0, 255)


@pytest.mark.parametrize(("make", "expected", "found"), [
    (lambda p: _image(p, 600, 400), "a square image at least 512 pixels wide", "600×400 pixels"),
    (lambda p: _image(p, 256, 256), "a square image at least 512 pixels wide", "256×256 pixels"),
    (lambda p: p.write_bytes(b"not a picture"), "a square PNG image", "cannot identify image file"),
])
def test_an_unusable_image_is_named_with_what_was_expected(tmp_path, make, expected, found):
    source = tmp_path / "icon.png"
    make(source)
    with pytest.raises(OfflineAppError) as error:
        write_icons(source, tmp_path / "site", "#4051b5")
    assert str(source) in str(error.value) and expected in str(error.value) and found in str(error.value)


def test_a_missing_image_is_named(tmp_path):
    with pytest.raises(OfflineAppError) as error:
        write_icons(tmp_path / "icon.png", tmp_path / "site", "#4051b5")
    assert str(tmp_path / "icon.png") in str(error.value)
