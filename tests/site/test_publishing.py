"""Publishing the guide: site_url, sitemap, canonical links, share metadata, the web app
manifest and the service worker's precache, as a built site holds them."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image

from generator.base.errors import ConfigError, GuideError
from generator.base.settings import load_settings
from generator.site import pwa
from generator.site.share import first_question_text
from tests.offline_site import ENV, SITE_URL
from tests.paths import ROOT


class _Head(HTMLParser):
    """The <meta> and <link> elements of a page's head, as a browser reads their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta":
            key = attributes.get("property") or attributes.get("name")
            if key:
                self.meta[key] = attributes.get("content") or ""
        elif tag == "link" and attributes.get("rel"):
            self.links[attributes["rel"]] = attributes.get("href") or ""


def head(page: Path) -> _Head:
    parser = _Head()
    text = page.read_text(encoding="utf-8")
    parser.feed(text[:text.index("</head>")])
    return parser


def pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


# ---- settings ----

def write_settings(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site_config" / "guide.yml"
    path.parent.mkdir()
    path.write_text("banks: [content/banks/ai-trainer/bank.txt]\n" + text, encoding="utf-8")
    return path


def test_site_url_gets_its_trailing_slash(tmp_path):
    assert load_settings(write_settings(tmp_path, "site_url: https://a.example/guide\n")).site_url == \
        "https://a.example/guide/"



def test_without_site_url_the_guide_has_no_public_address(tmp_path):
    assert load_settings(write_settings(tmp_path, "script: hans\n")).site_url is None


@pytest.mark.parametrize("value", ["guide.example.org", "ftp://a.example/", "https://a.example/?x=1", "[1, 2]"])
def test_a_bad_site_url_says_where_and_what(tmp_path, value):
    with pytest.raises(ConfigError) as error:
        load_settings(write_settings(tmp_path, f"site_url: {value}\n"))
    message = str(error.value)
    assert "guide.yml: site_url" in message and "http or https" in message and "for example" in message


# ---- sitemap, canonical links, share metadata ----

@pytest.mark.slow
def test_the_sitemap_lists_every_page_at_the_public_address(published_site):
    tree = ElementTree.parse(published_site / "sitemap.xml")
    locations = sorted(e.text or "" for e in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc"))
    assert locations == sorted(SITE_URL + page for page in pages(published_site))


@pytest.mark.slow
def test_every_page_has_its_canonical_link_and_share_metadata(published_site):
    for page in pages(published_site):
        found = head(published_site / page)
        assert found.links["canonical"] == SITE_URL + page
        assert found.meta["og:url"] == SITE_URL + page
        assert found.meta["og:site_name"] == "高级人工智能训练师 备考指南"
        assert found.meta["og:title"] and found.meta["og:description"]
        assert found.meta["og:image"] == SITE_URL + "assets/images/icons/icon-512.png"
        assert (published_site / found.meta["og:image"].removeprefix(SITE_URL)).is_file()
    # Links between pages stay relative: the folder still reads from a disk.
    chapter = (published_site / "ai-trainer" / "chapter-2.html").read_text(encoding="utf-8")
    body = chapter.split("</head>")[1]
    assert 'href="chapter-3.html"' in chapter and SITE_URL + "ai-trainer/chapter-3.html\"" not in body


@pytest.mark.slow
def test_a_chapter_is_shared_with_its_first_question(published_site):
    found = head(published_site / "ai-trainer" / "chapter-1.html")
    assert found.meta["og:title"] == "机器学习与深度学习基础"
    assert found.meta["og:description"].startswith("在ImageNet-1k上训练ResNet-50，若使用混合精度训练")
    assert found.meta["og:description"].endswith("下列关于LARS优化器的说法正确的是")
    # Pages without questions say what the guide is.
    assert head(published_site / "glossary.html").meta["og:description"].startswith("由题库生成的学习指南")


@pytest.mark.slow
def test_share_metadata_is_text_never_markup(published_site):
    page = next(published_site.glob("hostile/chapter-1.html"))
    raw = page.read_text(encoding="utf-8").split("</head>")[0]
    description = head(page).meta["og:description"]
    assert description.startswith(
        "<script>alert(1)</script>与<img src=x onerror=alert(2)>与[点我](javascript:alert(3))")
    assert "<script>alert" not in raw and "<img src=x" not in raw


def test_the_first_question_is_read_as_a_screen_reader_reads_it():
    html = ('<h1>x</h1><div class="question"><h2 class="question-heading" id="q1">第1題</h2>'
            '<p>求 <span class="sg-math"><sg-katex aria-hidden="true"><span>drawn<br>η</span></sg-katex>'
            '<span class="sg-math-text">η_l</span></span> &amp; 說明' + "很長" * 200 + '</p>'
            '<div class="options"><ul><li>A. 甲</li></ul></div></div>')
    text = first_question_text(html)
    assert text is not None and text.startswith("求 η_l & 說明很長") and "drawn" not in text and "甲" not in text
    assert len(text) == 160 and text.endswith("…")
    assert first_question_text("<h1>術語表</h1><p>沒有題目</p>") is None


# ---- web app manifest and service worker ----

@pytest.mark.slow
def test_the_manifest_validates_and_its_icons_exist(published_site):
    manifest = json.loads((published_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "高级人工智能训练师 备考指南"
    assert 0 < len(manifest["short_name"]) <= 12 and manifest["name"].startswith(manifest["short_name"])
    assert (published_site / manifest["start_url"]).is_file() and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    purposes = set()
    for icon in manifest["icons"]:
        width, height = map(int, icon["sizes"].split("x"))
        with Image.open(published_site / icon["src"]) as image:
            assert image.size == (width, height) and image.format == "PNG" == icon["type"].split("/")[1].upper()
        purposes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= purposes


@pytest.mark.slow
def test_the_service_worker_precaches_the_shell_search_and_katex(published_site):
    worker = (published_site / "sw.js").read_text(encoding="utf-8")
    precached = re.findall(r'url:"([^"]+)"', worker)
    assert precached and all((published_site / url).is_file() for url in precached)
    for wanted in ("search/search_index.json", "assets/katex/katex.min.css", "assets/javascripts/reader.js",
                   "assets/javascripts/lunr/min/lunr.zh.min.js", "manifest.webmanifest", "offline.json"):
        assert wanted in precached
    assert any(re.fullmatch(r"assets/javascripts/bundle\.[0-9a-f]+\.min\.js", url) for url in precached)
    assert any(url.startswith("assets/katex/fonts/") and url.endswith(".woff2") for url in precached)
    assert not any(url.endswith(".html") for url in precached)  # pages: as visited, or "download all"
    index = json.loads((published_site / "offline.json").read_text(encoding="utf-8"))
    assert [p["url"] for p in index["pages"]] == pages(published_site)
    assert index["bytes"] == sum((published_site / p).stat().st_size for p in pages(published_site))
    assert index["cache"] in worker and index["strings"]["download"] == "离线下载全部章节"


def test_no_node_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(GuideError, match=r"Node\.js on the PATH"):
        pwa.run_workbox(tmp_path, {})


def test_no_workbox_build_says_to_run_npm_ci(tmp_path):
    with pytest.raises(GuideError) as error:
        pwa.run_workbox(tmp_path, {"runtimeCaching": []})  # a folder without node_modules
    assert "no workbox-build in node_modules" in str(error.value) and "npm ci" in str(error.value)


@pytest.mark.parametrize("size", [(256, 256), (600, 500)])
def test_an_icon_source_too_small_or_not_square_is_a_clear_error(tmp_path, size):
    source = tmp_path / "icon.png"
    Image.new("RGBA", size, "#123456").save(source)
    with pytest.raises(GuideError, match=r"icon\.png: expected a square image at least 512 pixels wide"):
        pwa.write_icons(source, tmp_path / "site", "#4051b5")


def test_the_short_name_fits_a_home_screen():
    assert pwa.short_name("備考指南") == "備考指南"
    assert pwa.short_name("高級人工智能訓練師 備考指南") == "高級人工智能訓練師"


# ---- python -m generator serve ----

@pytest.mark.slow
def test_serve_builds_and_serves_the_guide_over_http(tmp_path):
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    out = tmp_path / "site"
    process = subprocess.Popen([sys.executable, "-m", "generator", "serve", "-o", str(out), "--port", str(port)],
                               cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert f"at http://127.0.0.1:{port}/" in line, process.stderr.read() if process.poll() is not None else line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as response:
            assert "高级人工智能训练师" in response.read().decode("utf-8")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/manifest.webmanifest") as response:
            assert response.headers["Content-Type"] == "application/manifest+json"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/sw.js") as response:
            assert b"precacheAndRoute" in response.read()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_serve_on_a_busy_port_says_so(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "generator", "serve", "-o", str(tmp_path / "site"),
                                 "--port", str(port)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and not (tmp_path / "site").exists()  # said before building
    assert f"--port {port}: expected a free address to serve the guide on" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_theme_colour_is_material_s_own_and_a_changed_material_is_reported(tmp_path, monkeypatch):
    warnings = []  # (the generator's logger may not reach pytest's: the plugin routes it to MkDocs)
    monkeypatch.setattr(pwa.log, "warning", lambda message, *args: warnings.append(message % args))
    sheets = tmp_path / "assets" / "stylesheets"
    sheets.mkdir(parents=True)
    (sheets / "palette.abc.min.css").write_text(
        "[data-md-color-primary=deep-purple]{--md-primary-fg-color:#7e56c2;--x:1}", encoding="utf-8")
    assert pwa.theme_colour(tmp_path, "deep purple") == "#7e56c2"
    assert pwa.theme_colour(tmp_path, "#123abc") == "#123abc"
    assert pwa.theme_colour(tmp_path, "teal") == pwa.DEFAULT_THEME_COLOUR
    assert len(warnings) == 1 and "no longer defines the primary colour 'teal'" in warnings[0]
