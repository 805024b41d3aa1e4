"""Chapter PDFs of a built site through headless Chromium: a practice and an answer edition.

One browser (Debian's ``/usr/bin/chromium`` driven by Playwright, never a downloaded
one) prints every chapter page of the site: the page is loaded once, switched to each
edition the way the page's own switch does it (``<html data-guide-edition>``, see
``overrides/assets/stylesheets/print.css``), and printed with a running header (guide,
chapter, edition) and page numbers.  Text stays text, in Noto Sans CJK, so it can be
searched and copied.

Chapter pages link their PDFs through a manifest: :func:`write_manifest` rewrites the
site's ``assets/javascripts/pdf-manifest.js``, which ``overrides/src/reader/pdf-links.js`` reads.  A rebuild of
the site empties ``site/`` and the manifest with it, so a page never links a PDF that
is gone.
"""
from __future__ import annotations

import html
import json
import logging
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict
from urllib.parse import quote

from ..base.errors import GuideError
from ..pages.editions import EDITIONS

if TYPE_CHECKING:  # Playwright is the optional pdf extra: its types only for the type checker
    from playwright.sync_api import Browser, Page
    from playwright.sync_api._context_manager import PlaywrightContextManager

log = logging.getLogger(__name__)

CHROMIUM_ENV = "GUIDE_CHROMIUM"  # another Chromium binary, e.g. for a test of the missing one
DEFAULT_CHROMIUM = Path("/usr/bin/chromium")
INSTALL_HINT = "sudo apt-get install chromium fonts-noto-cjk"
PDF_EXTRA_INSTALL = "pip install 'study-guide-generator[pdf]'"  # brings Playwright
LAUNCH_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run")
MANIFEST_JS = Path("assets/javascripts/pdf-manifest.js")
MANIFEST_JSON = "manifest.json"

CHAPTER_HTML = re.compile(r"^(?P<bank>[^/]+)/chapter-(?P<number>\d+)\.html$")  # pages.paths.chapter_path, built
UNSAFE_IN_FILE_NAME = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f\s]+')
PDF_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
NOT_A_FILE = re.compile(r"^(?!file:)")  # any URL but file://

# Margins leave room for the running header and the page numbers; print.css's @page agrees.
PAGE: dict[str, Any] = {"format": "A4", "margin": {"top": "16mm", "bottom": "15mm", "left": "14mm", "right": "14mm"}}
_PX_PER_MM = 96 / 25.4


class _Size(TypedDict):  # as Playwright's ViewportSize
    width: int
    height: int


# The printable area of that page in CSS pixels: the browser lays pages out at this size.
PRINTABLE = _Size(width=round((210 - 14 - 14) * _PX_PER_MM), height=round((297 - 16 - 15) * _PX_PER_MM))
# The header and footer are separate little documents: they get their font (the page's
# script first, TC or SC) and size here, and never see print.css.
_TEMPLATE_STYLE = ("box-sizing:border-box;width:100%;padding:0 14mm;display:flex;"
                   "font-family:{fonts},sans-serif;font-size:7.5pt;color:#666")
_FONTS = {True: "'Noto Sans CJK TC','Noto Sans CJK SC'", False: "'Noto Sans CJK SC','Noto Sans CJK TC'"}
HEADER = (f'<div style="{_TEMPLATE_STYLE};justify-content:space-between">'
          '<span>{guide}</span><span style="margin-left:2em">{chapter} · {edition}</span></div>')
FOOTER = (f'<div style="{_TEMPLATE_STYLE};justify-content:center">'
          '<span class="pageNumber"></span>&nbsp;/&nbsp;<span class="totalPages"></span></div>')

# Runs in the chapter page laid out for print: choose the edition as the switch does, open
# every answer for the answer edition (page.pdf fires no beforeprint), keep a paragraph that
# ends in a colon with what it introduces, number the questions
# 1…n within the chapter when asked (headings and answer key; the first number in a heading
# is its question number, see strings.UI["question"]), and read the titles the reader sees.
_PREPARE = """([edition, perChapter]) => {
  document.documentElement.setAttribute("data-guide-edition", edition);
  document.querySelectorAll(".md-content details").forEach((d) => { d.open = edition === "answers"; });
  const content = document.querySelector(".md-content");
  // A paragraph ending in a colon (解析：, 示例代码如下：) introduces what follows: it is
  // kept with it rather than left alone at the foot of a page.
  document.querySelectorAll(".md-content .question p").forEach((p) => {
    p.classList.toggle("leads-on", /[：:]\\s*$/.test(p.textContent));
  });
  if (perChapter && content && !content.dataset.numberedPerChapter) {
    content.dataset.numberedPerChapter = "yes";
    const local = new Map();
    content.querySelectorAll(".question-heading[id]").forEach((h, i) => {
      local.set(h.id, i + 1);
      const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (/\\d+/.test(node.data)) { node.data = node.data.replace(/\\d+/, String(i + 1)); break; }
      }
    });
    const keyed = ".answer-key li > a[href^='#'], .answer-key__written strong > a[href^='#']";
    content.querySelectorAll(keyed).forEach((a) => {
      const n = local.get(decodeURIComponent(a.getAttribute("href").slice(1)));
      if (n) a.textContent = a.textContent.replace(/\\d+/, String(n));
    });
  }
  const h1 = document.querySelector(".md-content h1");
  const own = h1 ? [...h1.childNodes].filter((n) => !(n.classList && n.classList.contains("headerlink"))) : [];
  const site = document.querySelector(".md-header__topic .md-ellipsis");
  const label = document.querySelector(`.edition-switch input[value="${edition}"]`);
  return {
    chapter: own.map((n) => n.textContent).join("").trim() || document.title,
    guide: site ? site.textContent.trim() : "",
    edition: label ? label.parentNode.textContent.trim() : edition,
    traditional: /^zh-(hant|tw|hk|mo)\b/i.test(document.documentElement.lang),
  };
}"""


class ChromiumMissingError(GuideError):
    """No Chromium where the generator looks for one; the message says how to install it."""

    def __init__(self, path: Path, found: str) -> None:
        super().__init__(f"Chromium at {path}", "an executable Chromium browser to print PDFs with", found)
        self.args = (f"{self.args[0]}\n  install it with: {INSTALL_HINT}"
                     f"\n  or set ${CHROMIUM_ENV} to the path of another Chromium binary",)


class PdfError(GuideError):
    """Chromium or the site could not produce a PDF."""


@dataclass(frozen=True)
class ChapterPage:
    """A built chapter page: ``key`` is its site path without ``.html`` (``ai-trainer/chapter-1``)."""

    key: str
    bank: str
    number: int
    html: Path


@dataclass(frozen=True)
class ChapterPdf:
    """One written PDF, with what the benchmark and the manifest need to know about it."""

    chapter: ChapterPage
    edition: str  # "answers" or "practice"
    path: Path
    title: str  # the chapter's title as printed
    pages: int
    seconds: float


def find_chapter_pages(site_dir: Path) -> tuple[ChapterPage, ...]:
    """The chapter pages of a built site, by bank and chapter number."""
    pages = []
    for path in site_dir.glob("*/chapter-*.html"):
        match = CHAPTER_HTML.match(path.relative_to(site_dir).as_posix())
        if match:
            key = path.relative_to(site_dir).with_suffix("").as_posix()
            pages.append(ChapterPage(key, match["bank"], int(match["number"]), path))
    return tuple(sorted(pages, key=lambda p: (p.bank, p.number)))


def pdf_file_name(number: int, title: str, edition_label: str) -> str:
    """``01-機器學習與深度學習基礎-答案版.pdf``: sorts by chapter, says what it is, safe on any disk."""
    safe = UNSAFE_IN_FILE_NAME.sub("-", title).strip("-.")[:60] or "chapter"
    return f"{number:02d}-{safe}-{UNSAFE_IN_FILE_NAME.sub('-', edition_label)}.pdf"


def chromium_executable(explicit: str | Path | None = None) -> Path:
    """The Chromium to drive: ``explicit``, else ``$GUIDE_CHROMIUM``, else Debian's."""
    path = Path(explicit or os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM)
    if not (path.is_file() and os.access(path, os.X_OK)):
        found = "a file that is not executable" if path.is_file() else "no such file"
        raise ChromiumMissingError(path, found)
    return path


def site_is_stale(site_dir: Path, sources: Iterable[Path]) -> bool:
    """True when ``site_dir`` was never built or a source file changed after the last build."""
    built = site_dir / "index.html"
    if not built.is_file():
        return True
    stamp = built.stat().st_mtime
    for source in sources:
        files = [source] if source.is_file() else source.rglob("*") if source.is_dir() else []
        for path in files:
            if path.is_file() and "__pycache__" not in path.parts and path.stat().st_mtime > stamp:
                return True
    return False


def render_pdfs(site_dir: Path, out_dir: Path, editions: Iterable[str] = EDITIONS, *,
                chromium: str | Path | None = None, chapters: Iterable[ChapterPage] | None = None,
                on_progress: Callable[[int, int, ChapterPdf], None] | None = None,
                number_per_chapter: bool = False, browser: Browser | None = None) -> tuple[ChapterPdf, ...]:
    """Print every chapter page of ``site_dir`` in each of ``editions`` into ``out_dir/<bank>/``.

    One browser serves all PDFs: ``browser`` when given (a caller already driving Chromium,
    as the tests do: Playwright's sync API runs one driver at a time), else Chromium started
    here.  ``on_progress(done, total, pdf)`` is called after each.  With
    ``number_per_chapter`` questions are numbered 1…n within each chapter (for handouts)
    instead of by their number in the bank.
    """
    editions = tuple(editions)
    unknown = set(editions) - set(EDITIONS)
    if unknown:
        raise PdfError("--edition", "one of " + ", ".join(EDITIONS), ", ".join(sorted(unknown)))
    chapters = tuple(find_chapter_pages(site_dir) if chapters is None else chapters)
    if not chapters:
        raise PdfError(str(site_dir), "a built study-guide site with chapter pages (<bank>/chapter-<n>.html)",
                       "no chapter page", "python -m generator pdf builds site/ itself when run without --site")
    executable = chromium_executable(chromium)
    sync_playwright, playwright_error = playwright_api()

    def print_all(browser: Browser) -> tuple[ChapterPdf, ...]:
        total, done, results = len(chapters) * len(editions), 0, []
        try:
            context = browser.new_context(color_scheme="light", viewport=PRINTABLE)
            try:
                # The site is printed as it is on disk: a request for the network would only
                # make the PDF wait on (or depend on) a server.
                context.route(NOT_A_FILE, lambda route: route.abort())
                page = context.new_page()
                page.emulate_media(media="print")  # measure questions as they will be printed
                for chapter in chapters:
                    page.goto(chapter.html.resolve().as_uri(), wait_until="load")
                    for edition in editions:
                        pdf = _print(page, chapter, edition, out_dir, number_per_chapter)
                        results.append(pdf)
                        done += 1
                        if on_progress:
                            on_progress(done, total, pdf)
            finally:
                context.close()
        except playwright_error as error:
            raise PdfError(str(site_dir), "chapter pages Chromium can print",
                           str(error).strip().splitlines()[0]) from None
        return tuple(results)

    if browser is not None:
        return print_all(browser)
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=str(executable), args=list(LAUNCH_ARGS))
        except playwright_error as error:
            raise PdfError(f"Chromium at {executable}", "a browser that starts headless",
                           str(error).strip().splitlines()[0], f"reinstall it with `{INSTALL_HINT}`") from None
        try:
            return print_all(launched)
        finally:
            launched.close()


def _print(page: Page, chapter: ChapterPage, edition: str, out_dir: Path, number_per_chapter: bool) -> ChapterPdf:
    start = time.perf_counter()
    titles = page.evaluate(_PREPARE, [edition, number_per_chapter])
    page.evaluate("document.fonts.ready.then(() => true)")
    fonts = _FONTS[titles["traditional"]]
    header = HEADER.format(fonts=fonts, **{key: html.escape(titles[key]) for key in ("guide", "chapter", "edition")})
    data = page.pdf(**PAGE, print_background=True, display_header_footer=True,
                    header_template=header, footer_template=FOOTER.format(fonts=fonts))
    target = out_dir / chapter.bank / pdf_file_name(chapter.number, titles["chapter"], titles["edition"])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    pages = len(PDF_PAGE_OBJECT.findall(data))
    return ChapterPdf(chapter, edition, target, titles["chapter"], pages, time.perf_counter() - start)


def playwright_api() -> tuple[Callable[[], PlaywrightContextManager], type[Exception]]:
    """Playwright's ``sync_playwright`` and ``Error``.  Playwright is the optional ``pdf`` extra,
    imported only here, so that the rest of the generator runs without it."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        raise PdfError("the Python package playwright", "it installed, to drive Chromium", "it is not importable",
                       f"{PDF_EXTRA_INSTALL} (no `playwright install`: Debian's Chromium is used)") from None
    return sync_playwright, Error


def write_manifest(site_dir: Path, out_dir: Path, pdfs: Iterable[ChapterPdf]) -> Path:
    """Record ``pdfs`` in ``out_dir/manifest.json`` (merged with earlier runs) and, when
    ``out_dir`` is inside the site, in the site's ``pdf-manifest.js`` so chapter pages link them.

    A PDF that replaced an older file of the same chapter and edition deletes it.
    """
    record = out_dir / MANIFEST_JSON
    entries: dict[str, dict[str, str]] = {}
    if record.is_file():
        try:
            entries = json.loads(record.read_text(encoding="utf-8"))
        except ValueError:
            log.warning("%s: not JSON, starting a new manifest", record)
    for pdf in pdfs:
        name = pdf.path.relative_to(out_dir).as_posix()
        old = entries.setdefault(pdf.chapter.key, {}).get(pdf.edition)
        if old and old != name and (out_dir / old).is_file():
            (out_dir / old).unlink()
        entries[pdf.chapter.key][pdf.edition] = name
    entries = {key: {e: name for e, name in found.items() if (out_dir / name).is_file()}
               for key, found in sorted(entries.items())}
    record.write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    site, out = site_dir.resolve(), out_dir.resolve()
    if out.is_relative_to(site):
        prefix = out.relative_to(site).as_posix()
        links = {key: {e: quote(f"{prefix}/{name}") for e, name in found.items()}
                 for key, found in entries.items() if found}
        (site / MANIFEST_JS).parent.mkdir(parents=True, exist_ok=True)
        (site / MANIFEST_JS).write_text(
            "/* Written by `python -m generator pdf`: the chapter PDFs of this guide (see reader/pdf-links.js). */\n"
            'window.studyGuide.pdfs = { base: new URL("../../", document.currentScript.src).href, chapters: '
            + json.dumps(links, indent=1) + " };\n", encoding="utf-8")
    else:
        log.info("%s is outside the site %s: chapter pages will not link these PDFs", out, site)
    return record


def progress_line(done: int, total: int, pdf: ChapterPdf, width: int = 24) -> str:
    """``[########........] 3/10  01-….pdf  7 pages  0.41 s``: one line of the command's progress bar."""
    filled = round(width * done / total) if total else width
    return (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  {pdf.chapter.bank}/{pdf.path.name}"
            f"  {pdf.pages} pages  {pdf.seconds:.2f} s")
