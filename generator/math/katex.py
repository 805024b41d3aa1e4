"""Typesetting at build time with KaTeX's own JavaScript, run by one long-lived Node.js process.

Pages then need no script to show mathematics and print exactly as they look.  KaTeX is not
part of this repository: ``npm ci`` installs the version pinned in ``package-lock.json`` into
``node_modules/``; the Node process (generator.math.node) loads ``katex.min.js`` from there,
and :func:`katex_assets` names the CSS and fonts the site must serve itself (no CDN).

Why Node: it is needed anyway to install KaTeX, and it typesets as fast as the embedded V8
(mini-racer, 82 MB) used before, with the same HTML byte for byte: ``python -m
benchmarks.bench_formulas`` measured, on 20,596 formulas of 5,000 questions (best of 3, CPU
of Python and Node together), 0.141 ms a formula in batches of ``BATCH`` against 0.155 ms
(0.14-0.16 against 0.13-0.16 over three runs of a loaded machine), 0.32 against 0.53 ms one
formula a call, and a cold start alike (the README's Benchmarks).
Formulas go to it ``BATCH`` at a time as a JSON line; the HTML comes back in UTF-16
(generator.math.node).

Choices, and why:

* ``output: "html"``: KaTeX's HTML with its own fonts looks the same on every screen and on
  paper, with no script.  MathML (``"htmlAndMathml"``) would roughly double each formula's
  weight; readers of screen readers and the search index get the formula's readable source
  text instead (see :func:`math_html`).
* ``throwOnError: true``: a formula KaTeX cannot typeset raises :class:`FormulaError` naming
  the LaTeX, instead of putting red source on the page.
* ``strict: "warn"``: LaTeX-incompatible input (for instance CJK outside ``\\text{}``) is
  logged as a warning on the ``generator.math.katex`` logger, so a strict build can fail on it;
  CJK inside ``\\text{}`` is valid for KaTeX and raises nothing.
* ``trust``: a function that trusts nothing, so no ``\\href``, ``\\url`` or ``\\includegraphics``
  from any formula, and records what was refused: such a formula is an error naming the
  command, not red source on the page.
* ``maxSize`` (:data:`MAX_SIZE` em) and ``maxExpand`` (:data:`MAX_EXPAND`): no rule or space
  in a formula covers the page (``\\rule{5000em}{5000em}`` is cut to 10em), and a macro that
  expands itself stops with an error instead of running on.
"""
from __future__ import annotations

import json
import logging
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable
from html import escape
from pathlib import Path

from ..base.errors import GuideError
from ..base.npm import npm_modules
from ..base.text import quote, quoted
from . import detect as formulas
from .detect import FormulaError, Math
from .node import ANSWER_JS, NodeProcess

log = logging.getLogger(__name__)

KATEX_DIST = Path("node_modules") / "katex" / "dist"
ASSET_URL = "assets/katex/"  # where the site serves KaTeX's CSS and fonts
CSS_URL = ASSET_URL + "katex.min.css"
FONT_URL = re.compile(r"url\((fonts/[^)\s]+)\)")
BATCH = 64  # formulas sent to Node in one line (one round trip each; measured: 16-64 alike, 256 on slower)
TIMEOUT = 60.0  # seconds Node may take to start or to typeset one batch before it is stopped
MAX_SIZE = 10  # em: the largest rule, space or box a formula may ask for
MAX_EXPAND = 1000  # macro expansions in one formula
# A token: the stash's nonce and a key; one of put_block_html ends in \ue002, and loses the
# paragraph Markdown wraps it in.
STASH_TOKEN = re.compile("\ue000([0-9a-f]{16})-(\\d+)[\ue001\ue002]")
BLOCK_PARAGRAPH = re.compile("<p>(\ue000([0-9a-f]{16})-\\d+\ue002)</p>")

# The wrapper of KaTeX's HTML must be an element KaTeX never emits itself: Material's search
# parser (material/plugins/search/plugin.py, Parser) compares elements by tag name only, so
# a <span data-search-exclude> stops excluding at the first inner </span> of KaTeX's HTML.
EXCLUDED_TAG = "sg-katex"

# One result a formula: the HTML, or NUL + error, or SOH + JSON [html, warnings]; __render_all
# typesets a list of [latex, display] in one call.  It needs the globals ``katex`` and
# ``__warnings`` (which KaTeX's strict-mode warnings, sent to console.warn, must fill).
RENDER_JS = """
var __untrusted = [];
function __trust(context) { __untrusted.push(context.command); return false; }
function __render(tex, display) {
  __warnings = [];
  __untrusted = [];
  var html;
  try {
    html = katex.renderToString(tex, {displayMode: display, throwOnError: true, output: "html",
                                      strict: "warn", trust: __trust, maxSize: MAX_SIZE,
                                      maxExpand: MAX_EXPAND});
  } catch (e) {
    return "\\u0000" + String(e && e.message || e);
  }
  if (__untrusted.length)
    return "\\u0000" + __untrusted.join(", ") + " is not allowed in a formula (no links, images or HTML)";
  return __warnings.length ? "\\u0001" + JSON.stringify([html, __warnings]) : html;
}
function __render_all(items) {
  return items.map(function (item) { return __render(item[0], item[1]); });
}
""".replace("MAX_SIZE", str(MAX_SIZE)).replace("MAX_EXPAND", str(MAX_EXPAND))

# The Node process: katex.min.js (its path is the one argument), then the results for each
# JSON line of [latex, display] read.  Stdout carries answers only.
_NODE_MAIN = """
var katex = require(process.argv[1]);
var __warnings = [];
console.warn = console.error = function (m) { __warnings.push(String(m)); };
console.log = console.info = console.debug = console.trace = console.dir = function () {};
""" + RENDER_JS + ANSWER_JS + """
require("readline").createInterface({input: process.stdin, crlfDelay: Infinity}).on("line", function (line) {
  __answer(__render_all(JSON.parse(line)));
});
"""


class KatexMissingError(GuideError):
    """KaTeX's files are not installed: ``npm ci`` has not been run."""


class KatexRenderer:
    """KaTeX in one Node process, started at the first formula (once per Python process), with a cache.

    ``root`` holds KaTeX's node_modules (generator.base.npm), ``node`` is the program run
    (found on ``PATH``), ``timeout`` the seconds it may take to start or to typeset one batch;
    a missing or failing ``node`` is a :class:`~generator.math.node.NodeError`.
    """

    def __init__(self, root: Path | None = None, cache_size: int = 8192, node: str = "node",
                 timeout: float = TIMEOUT) -> None:
        self.root = root = root or npm_modules()
        self.script = root / KATEX_DIST / "katex.min.js"
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[str, bool], str] = OrderedDict()
        self.node = NodeProcess(_NODE_MAIN, [str(self.script.resolve())], node, timeout,
                                "typeset formulas with KaTeX")
        self._lock = threading.Lock()

    def render(self, latex: str, display: bool, where: str = "", warn: bool = True) -> str:
        """KaTeX's HTML for ``latex``; :class:`FormulaError` (naming ``where``) if it has none.
        ``warn=False`` leaves KaTeX's warnings unlogged (a check before the page logs them)."""
        return self.render_all([(latex, display, where)], warn)[0]

    def check(self, latex: str, display: bool, where: str) -> None:
        """:class:`FormulaError` at ``where`` when KaTeX rejects ``latex`` or warns about it (what
        a strict build fails on), so errata are refused as they load, by ``check`` as by a build."""
        with self._lock:
            if (latex, display) in self._cache:
                return  # only formulas typeset without a warning are cached
            result = self._typeset([(latex, display)])[0]
        if result.startswith("\x01"):
            warning = json.loads(result[1:])[1][0]
            raise FormulaError(where or "formula", "LaTeX that KaTeX typesets without a warning",
                               f"{quoted(latex, 80)}: {quote(warning)} (words inside a formula go in "
                               r"\text{…}: $\text{速度}=5$)")
        self._finish(latex, display, result, where)

    def render_all(self, formulas: Iterable[tuple[str, bool, str]], warn: bool = True) -> list[str]:
        """KaTeX's HTML for each ``(latex, display, where)``, in order, as :meth:`render` gives it.

        What the cache lacks is typeset, ``BATCH`` formulas to a round trip to Node.  A formula
        KaTeX rejects raises :class:`FormulaError` (the first in order); warnings are logged
        in order, once for each occurrence.
        """
        formulas = list(formulas)
        with self._lock:
            known: dict[tuple[str, bool], str] = {}
            for latex, display, _ in formulas:
                key = (latex, display)
                if key not in known and key in self._cache:
                    self._cache.move_to_end(key)
                    known[key] = self._cache[key]
            todo = list(dict.fromkeys((latex, display) for latex, display, _ in formulas
                                      if (latex, display) not in known))
            typeset: dict[tuple[str, bool], str] = {}
            for start in range(0, len(todo), BATCH):
                batch = todo[start:start + BATCH]
                rendered = self._typeset(batch)
                typeset.update(zip(batch, rendered, strict=True))
        out = []
        for latex, display, where in formulas:
            html = known.get((latex, display))
            out.append(html if html is not None else self._finish(latex, display, typeset[latex, display], where, warn))
        return out

    def _finish(self, latex: str, display: bool, result: str, where: str, warn: bool = True) -> str:
        """The HTML of KaTeX's ``result`` for one occurrence: cached, or raised, or logged."""
        if result.startswith("\x00"):
            raise FormulaError(where or "formula", "LaTeX that KaTeX can typeset",
                               f"{quoted(latex, 80)}, which KaTeX rejects: {quote(result[1:])}",
                               "give the formula's LaTeX explicitly in the bank's errata.yml")
        if result.startswith("\x01"):  # not cached, so that every build (and occurrence) warns again
            result, warnings = json.loads(result[1:])
            for warning in warnings if warn else ():
                log.warning("%s: KaTeX warns about %r: %s", where or "a formula", latex, warning)
            return result
        with self._lock:
            self._cache[(latex, display)] = result
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return result

    def start(self) -> None:
        """Start Node now rather than at the first formula: it loads KaTeX while Python goes on."""
        with self._lock:
            self._engine()

    def cached(self, latex: str, display: bool) -> bool:
        """Whether KaTeX's HTML for ``latex`` is in the cache (it was typeset without warnings)."""
        with self._lock:
            return (latex, display) in self._cache

    def close(self) -> None:
        """Stop the Node process (a later ``render`` starts another)."""
        with self._lock:
            self.node.close()

    def _typeset(self, batch: list[tuple[str, bool]]) -> list[str]:
        """KaTeX's result (see ``RENDER_JS``) for each ``(latex, display)``; the lock is held."""
        return self._engine().request(batch)

    def _engine(self) -> NodeProcess:
        if self.node.pid is None:  # not started, stopped, or started by the process this was forked from
            if not self.script.is_file():
                raise KatexMissingError(str(self.script), "KaTeX installed from the npm registry",
                                        "no such file", "run `npm ci` in the repository root")
            self.node.start()
        return self.node


_default: KatexRenderer | None = None


def default_renderer() -> KatexRenderer:
    """The process-wide renderer (KaTeX is loaded on its first formula)."""
    global _default
    if _default is None:
        _default = KatexRenderer()
    return _default


def math_html(segment: Math, renderer: KatexRenderer | None = None, where: str = "") -> str:
    """The HTML a page shows for ``segment``: KaTeX's typesetting, hidden from the search index
    and from screen readers, followed by the formula's source text for both.

    Display math is a block that scrolls sideways when it is wider than the screen (the
    ``.sg-math`` rules of ``overrides/assets/stylesheets/guide.css``); it is a ``<span>``
    styled as a block, so it may stand inside a paragraph.
    """
    return _page_html(segment, (renderer or default_renderer()).render(segment.latex, segment.display, where))


def _page_html(segment: Math, html: str) -> str:
    """:func:`math_html` of ``segment`` whose KaTeX HTML is ``html``."""
    kind = "sg-math sg-math--display" if segment.display else "sg-math"
    readable = escape(formulas.readable(segment), quote=False)
    return (f'<span class="{kind}"><{EXCLUDED_TAG} data-search-exclude aria-hidden="true">{html}'
            f'</{EXCLUDED_TAG}><span class="sg-math-text">{readable}</span></span>')


class MathStash:
    """Keeps formula HTML out of Markdown's way, and out of the search index's.

    Python-Markdown runs its inline patterns over the text between the tags of raw inline
    HTML, and KaTeX's HTML is full of such text (``max_len``, ``*``).  So a page's Markdown
    carries a token per formula (:meth:`put`), made of private-use characters that neither
    escaping nor Markdown touch, and the converted HTML gets the formulas back in two steps:
    :meth:`shells` puts each formula's page HTML (:func:`math_html`) with its token where
    KaTeX's HTML goes, which is what search indexes, and :meth:`fill` then puts KaTeX's HTML
    in (:meth:`restore` does both).  Search never reads the thousands of tags of KaTeX's HTML.

    Formulas are typeset together, when :meth:`typeset` is called or a page is filled: KaTeX
    takes many formulas to a call far faster than one at a time.
    """

    def __init__(self, renderer: KatexRenderer | None = None, keep: bool = False) -> None:
        self.renderer = renderer
        # Without ``keep`` a token's HTML is let go once it is put in (a build puts each once);
        # a stash kept for a session's builds (pages.page_cache) keeps it for a page made again.
        self.keep = keep
        self._shell: dict[int, str] = {}  # token key -> the formula's page HTML around its token
        self._katex: dict[int, str] = {}  # token key -> KaTeX's HTML, once typeset
        self._made: dict[Math, str] = {}  # each formula's KaTeX HTML, made once however often it occurs
        self._pending: list[tuple[int, Math, str]] = []  # (key, formula, where) not typeset yet
        self._blocks: set[int] = set()  # keys of put_block_html, let go once put in, kept or not
        self._next = 0
        # A bank may hold private-use characters too; a random nonce per build makes a
        # token that no bank can forge.
        self._nonce = secrets.token_hex(8)

    def put(self, segment: Math, where: str = "") -> str:
        """A token standing for :func:`math_html` of ``segment`` in Markdown text."""
        key, self._next = self._next, self._next + 1
        token = f"\ue000{self._nonce}-{key}\ue001"
        self._shell[key] = _page_html(segment, token)
        html = self._made.get(segment)
        if html is None:
            self._pending.append((key, segment, where))
        else:
            self._katex[key] = html
        return token

    def put_html(self, html: str) -> str:
        """A token standing for ``html``, prose the page shows without Markdown reading it
        (generator.pages.prose: a long paragraph's text).  :meth:`shells` puts it in."""
        return f"\ue000{self._nonce}-{self._put_html(html)}\ue001"

    def put_block_html(self, html: str) -> str:
        """A token standing for ``html``, a block of HTML (a table of thousands of rows) that
        Markdown would otherwise parse tag by tag, only to pass it through: written as a
        paragraph of its own, it stands for ``html`` in the page without the paragraph.  Such a
        page (the question index, the glossary) is made at every build: even a stash that keeps
        its tokens lets this one go once put in."""
        key = self._put_html(html)
        self._blocks.add(key)
        return f"\ue000{self._nonce}-{key}\ue002"

    def _put_html(self, html: str) -> int:
        key, self._next = self._next, self._next + 1
        self._shell[key], self._katex[key] = html, ""  # nothing of KaTeX's to fill in
        return key

    def typeset(self) -> None:
        """Typeset every formula put since the last call: :class:`FormulaError` names the first
        that KaTeX rejects, and each warning is logged where its formula occurs."""
        pending, self._pending = self._pending, []
        if not pending:  # a page taken from a session's cache put none
            return
        renderer = self.renderer or default_renderer()
        typeset = renderer.render_all((segment.latex, segment.display, where) for _, segment, where in pending)
        for (key, segment, _), html in zip(pending, typeset, strict=True):
            # One KaTeX warns about is not kept, so that it warns, naming its place, each time.
            if renderer.cached(segment.latex, segment.display):
                self._made.setdefault(segment, html)
            self._katex[key] = html

    def shells(self, html: str) -> str:
        """``html`` with every token in the formula's page HTML, KaTeX's part still a token
        (and every token of :meth:`put_html` in its HTML)."""
        if "\ue002" in html:
            html = BLOCK_PARAGRAPH.sub(lambda m: m.group(1) if m.group(2) == self._nonce else m.group(), html)
        html, used = self._replace(html, self._shell)
        prose = [key for key in used if self._katex.get(key) == ""]
        if not self.keep:
            for key in prose:  # done once its HTML is in
                del self._katex[key]
        if prose:  # a paragraph's HTML holds the tokens of its formulas
            html, _ = self._replace(html, self._shell)
        for key in used & self._blocks:
            self._blocks.discard(key)
            self._shell.pop(key, None)
            self._katex.pop(key, None)
        return html

    def fill(self, html: str) -> str:
        """``html`` with every token replaced by KaTeX's HTML."""
        if self._pending:
            self.typeset()
        return self._replace(html, self._katex)[0]

    def restore(self, html: str) -> str:
        """``html`` with every token replaced by its formula's whole page HTML."""
        return self.fill(self.shells(html))

    def drain(self) -> dict[int, tuple[str, str]]:
        """Every formula put so far, typeset and taken out: token key -> (shell, KaTeX's HTML).

        :meth:`absorb` gives them to the stash that the pages' HTML is restored with, when
        the pages were rendered in another process (generator.site.prerender).
        """
        if self._pending:
            self.typeset()
        drained = {key: (self._shell.pop(key), html) for key, html in self._katex.items()}
        self._katex.clear()
        self._blocks.clear()  # the stash that absorbs them puts them in
        return drained

    def absorb(self, formulas: dict[int, tuple[str, str]]) -> None:
        """Take the formulas that another stash with the same tokens gave out (:meth:`drain`)."""
        for key, (shell, html) in formulas.items():
            self._shell[key], self._katex[key] = shell, html

    def _replace(self, html: str, table: dict[int, str]) -> tuple[str, set[int]]:
        """``html`` with each of this stash's tokens in ``table`` replaced, wherever it stands
        (a page may write a text twice), and the keys used, which are then taken out of ``table``
        unless the stash keeps them."""
        used: set[int] = set()
        if "\ue000" not in html:
            return html, used

        def replace(match: re.Match[str]) -> str:
            key = int(match.group(2))
            if match.group(1) != self._nonce or key not in table:
                return match.group()
            used.add(key)
            return table[key]

        html = STASH_TOKEN.sub(replace, html)
        if not self.keep:
            for key in used:
                del table[key]
        return html, used


def katex_assets(root: Path | None = None, formats: tuple[str, ...] = ("woff2",)) -> list[tuple[Path, str]]:
    """(file on disk, site-relative URL) of ``katex.min.css`` and the fonts it names.

    Only the ``formats`` given are served: every current browser takes the first source of an
    ``@font-face`` it supports, which in KaTeX's CSS is woff2, so woff and ttf are never asked for.
    """
    dist = (root or npm_modules()) / KATEX_DIST
    css = dist / "katex.min.css"
    if not css.is_file():
        raise KatexMissingError(str(css), "KaTeX installed from the npm registry", "no such file",
                                "run `npm ci` in the repository root")
    assets = [(css, CSS_URL)]
    for name in dict.fromkeys(FONT_URL.findall(css.read_text(encoding="utf-8"))):
        if name.rsplit(".", 1)[-1] in formats:
            path = dist / name
            if not path.is_file():
                raise KatexMissingError(str(path), f"the font {name} that katex.min.css names", "no such file",
                                        "run `npm ci` in the repository root")
            assets.append((path, ASSET_URL + name))
    return assets
