"""Pages and blocks that tie a bank together: glossary, question index, tags, related questions.

All of it is derived once per build from the banks and the glossary (:class:`CrossLinks`);
the renderer then asks it for the Markdown under each question and for the index pages.
Bank text goes through ``escape``; glossary text is the guide's own but is escaped too.
"""
from __future__ import annotations

import html
import posixpath
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..bank.model import Bank, Chapter, Page, Question
from ..base.text import clip
from ..links.glossary import Glossary, spelling_key
from ..links.related import related_questions
from ..links.terms import question_terms
from ..math.detect import readable_text
from .chapter import shown_title
from .escape import ROWS_UNFOLDED, as_is, escape, escape_html, folded, table_html
from .paths import GLOSSARY_PAGE, INDEX_PAGE, TAGS_PAGE, chapter_path, question_link
from .prose import page_url

TOPIC_TAGS = 3  # topic tags per question, besides its type
# Questions a glossary term names before the rest fold away: in a large bank a common term is in
# hundreds of questions, a wall of links that the page (megabytes of them) takes seconds to lay out.
USES_SHOWN = 10
# A page's address from a folder: few pairs, asked for by every question's footer.
_relative = lru_cache(maxsize=4096)(posixpath.relpath)


@dataclass(frozen=True)
class CrossLinks:
    """Everything one build links: per question its terms, tags and related questions."""

    banks: tuple[Bank, ...]
    glossary: Glossary
    terms: dict[str, dict[str, tuple[str, ...]]]  # bank slug -> question id -> term slugs
    related: dict[str, dict[str, tuple[str, ...]]]  # bank slug -> question id -> related ids
    convert: Callable[[str], str]  # into the guide's script (glossary text)
    ui: dict[str, str]

    @classmethod
    def build(cls, banks: tuple[Bank, ...], glossary: Glossary, convert: Callable[[str], str],
              ui: dict[str, str]) -> CrossLinks:
        terms = {b.slug: question_terms(b, glossary) for b in banks}
        return cls(banks, glossary, terms, {b.slug: related_questions(b, glossary, terms=terms[b.slug]) for b in banks},
                   convert, ui)

    # -- per question ---------------------------------------------------------
    def topics(self, bank: Bank, question: Question) -> list[str]:
        """Slugs of the question's topics: terms it shares with at least one other question."""
        used = self._usage[bank.slug]
        return [s for s in self.terms[bank.slug][question.id] if used[s] > 1][:TOPIC_TAGS]

    def tags(self, bank: Bank, question: Question) -> tuple[str, ...]:
        """The question's tags: its type, then its topics."""
        terms = (self._term_name(s) for s in self.topics(bank, question))
        return (self.ui[f"type_{question.type.value}"], *terms)

    def footer(self, bank: Bank, question: Question) -> str:
        """Tag chips and related questions, shown under the question.

        A topic chip links to the term's glossary entry, which lists every question that
        uses it; Material's tags plugin indexes the chapter pages by the same tags.
        """
        page = chapter_path(bank, self._where[bank.slug][question.id][0])
        chips = [f'<span class="tag-chip">{escape(self.ui[f"type_{question.type.value}"])}</span>']
        chips += [f"[{escape(self._term_name(s))}](../{GLOSSARY_PAGE}#{s}){{ .tag-chip }}"
                  for s in self.topics(bank, question)]
        # Kept out of search: it repeats other questions' openings and would crowd results.
        lines = [f'<div class="question-footer answer-only" data-search-exclude markdown>\n\n{" ".join(chips)}']
        related = self.related[bank.slug][question.id]
        if related:
            links = [self._question_link(bank, qid, page) for qid in related]
            lines.append(f"**{self.ui['related']}：** " + " · ".join(links))
        return "\n\n".join(lines) + "\n\n</div>"

    def footer_html(self, bank: Bank, question: Question) -> str:
        """:meth:`footer` as the HTML Markdown makes of it, its links to the ``.html`` pages
        (generator.pages.prose: Markdown passes a block of HTML through untouched)."""
        page = chapter_path(bank, self._where[bank.slug][question.id][0])
        folder = posixpath.dirname(page)
        chips = [f'<span class="tag-chip">{escape_html(self.ui[f"type_{question.type.value}"])}</span>']
        chips += [f'<a class="tag-chip" href="{page_url(_relative(GLOSSARY_PAGE, folder))}#{s}">'
                  f"{escape_html(self._term_name(s))}</a>" for s in self.topics(bank, question)]
        lines = ['<div class="question-footer answer-only" data-search-exclude>', f'<p>{" ".join(chips)}</p>']
        related = self.related[bank.slug][question.id]
        if related:
            links = []
            for qid in related:
                chapter, other = self._where[bank.slug][qid]
                href = page_url(_relative(chapter_path(bank, chapter), folder)) + f"#{other.id}"
                links.append(f'<a href="{html.escape(href)}">{self._label_html(other)}</a>')
            lines.append(f"<p><strong>{self.ui['related']}：</strong> " + " · ".join(links) + "</p>")
        return "\n".join(lines) + "\n</div>"

    def _question_link(self, bank: Bank, qid: str, from_path: str, short: bool = False) -> str:
        """A Markdown link to the question, labelled by its number and opening words, or with
        ``short`` its number alone (a term's folded questions: hundreds in a large bank)."""
        chapter, question = self._where[bank.slug][qid]
        numbered = self.ui["question"].format(number=question.number)
        if short:
            return f"[{numbered}]({question_link(bank, chapter, question, from_path)})"
        # The glossary page links a question once per term it uses: its label is made once.
        label = self._labels.get((bank.slug, qid))
        if label is None:
            label = self._labels[bank.slug, qid] = numbered + " " + escape(_first_words(question.stem, 18))
        return f"[{label}]({question_link(bank, chapter, question, from_path)})"

    def _question_anchor(self, bank: Bank, qid: str, short: bool = False) -> str:
        """The glossary page's :meth:`_question_link` as the HTML Markdown makes of it (made once)."""
        anchor = self._anchors.get((bank.slug, qid, short))
        if anchor is None:
            chapter, question = self._where[bank.slug][qid]
            href = html.escape(page_url(question_link(bank, chapter, question, GLOSSARY_PAGE)))
            label = self.ui["question"].format(number=question.number) if short else self._label_html(question)
            anchor = self._anchors[bank.slug, qid, short] = f'<a href="{href}">{label}</a>'
        return anchor

    def _label_html(self, question: Question) -> str:
        """A link's label for a question, as HTML: its number and opening words."""
        return _question_label(self.ui["question"], question.number, question.stem)

    def _term_name(self, slug: str) -> str:
        """The term's display form in the guide's script (converted once per term)."""
        name = self._names.get(slug)
        if name is None:
            term = self.glossary.get(slug)
            assert term is not None, slug  # topics and "see" name only the glossary's own terms
            name = self._names[slug] = self.convert(term.term)
        return name

    @cached_property
    def _labels(self) -> dict[tuple[str, str], str]:
        """(bank slug, question id) -> the label of a link to the question."""
        return {}

    @cached_property
    def _anchors(self) -> dict[tuple[str, str, bool], str]:
        """(bank slug, question id, short) -> the glossary page's link to the question, as HTML."""
        return {}

    @cached_property
    def _names(self) -> dict[str, str]:
        """Term slug -> the term in the guide's script."""
        return {}

    @cached_property
    def _usage(self) -> dict[str, Counter[str]]:
        """Bank slug -> how many questions use each term."""
        return {b: Counter(s for slugs in terms.values() for s in slugs) for b, terms in self.terms.items()}

    @cached_property
    def _where(self) -> dict[str, dict[str, tuple[Chapter, Question]]]:
        """Bank slug -> question id -> (chapter, question)."""
        return {b.slug: {q.id: (c, q) for c in b.chapters for q in c.questions} for b in self.banks}

    # -- pages ----------------------------------------------------------------
    def chapter_tags(self, bank: Bank, chapter: Chapter) -> list[str]:
        """Tags of a chapter page (front matter): every tag of its questions, in order."""
        return list(dict.fromkeys(t for q in chapter.questions for t in self.tags(bank, q)))

    def glossary_page(self, html_links: bool = False, block: Callable[[str], str] = as_is) -> Page:
        """Each term used, with its definition, other names, related terms and the questions
        using it; with ``html_links`` (pages as ``.html`` files) those questions' links go as the
        HTML Markdown makes of them, each paragraph through ``block`` (generator.math.katex's
        put_block_html: Markdown need not parse it): they are most of the page, thousands in a
        large bank."""
        ui = self.ui
        parts = [f"# {ui['glossary_title']}", ui["glossary_intro"]]
        uses: dict[str, list[tuple[Bank, str]]] = {t.slug: [] for t in self.glossary}
        for bank in self.banks:
            for qid, slugs in self.terms[bank.slug].items():
                for slug in slugs:
                    uses[slug].append((bank, qid))
        shown = {t.slug for t in self.glossary if uses[t.slug]}
        for term in self.glossary:
            if term.slug not in shown:
                continue
            parts.append(f"## {escape(self.convert(term.term))} {{ #{term.slug} }}")
            parts.append(escape(self.convert(term.definition)))
            key = spelling_key(term.term)
            aliases = [a for a in dict.fromkeys(self.convert(a) for a in term.aliases) if spelling_key(a) != key]
            if aliases:
                parts.append(f"{ui['aliases']}：" + "、".join(escape(a) for a in aliases))
            see = [f"[{escape(self._term_name(s))}](#{s})" for s in term.see if s in shown]
            if see:
                parts.append(f"{ui['see_also']}：" + "、".join(see))
            # Kept out of search: it repeats the opening of every question using the term.
            # The folded ones by their numbers alone: hundreds of openings would weigh megabytes.
            used, more = uses[term.slug][:USES_SHOWN], uses[term.slug][USES_SHOWN:]
            summary = ui["more_uses"].format(count=len(more))
            if html_links:
                named = (f"<p data-search-exclude>{ui['used_in']}："
                         + " · ".join(self._question_anchor(b, qid) for b, qid in used) + "</p>")
                if more:
                    rest = " · ".join(self._question_anchor(b, qid, short=True) for b, qid in more)
                    named += "\n" + folded("term-uses", summary, f"<p>{rest}</p>", searched=False)
                parts.append(block(named))
            else:
                named = " · ".join(self._question_link(b, qid, GLOSSARY_PAGE) for b, qid in used)
                parts.append(f"{ui['used_in']}：{named}\n{{ data-search-exclude }}")
                if more:
                    rest = " · ".join(self._question_link(b, qid, GLOSSARY_PAGE, short=True) for b, qid in more)
                    parts.append(folded("term-uses", summary, rest, markdown=True, searched=False))
        return Page(GLOSSARY_PAGE, ui["glossary_title"], "\n\n".join(parts) + "\n")

    def index_page(self, html_links: bool = False, block: Callable[[str], str] = as_is) -> Page:
        """Every question in one table per chapter: number, type, opening words, flags; with
        ``html_links`` (pages as ``.html`` files) each table goes as the HTML Markdown makes of
        it, through ``block`` (as :meth:`glossary_page`)."""
        ui = self.ui
        parts = [f"# {ui['index_title']}", ui["index_intro"]]
        for bank in self.banks:
            level = "###" if len(self.banks) > 1 else "##"
            if len(self.banks) > 1:
                parts.append(f"## {escape(shown_title(bank.title or bank.slug))}")
            for chapter in bank.chapters:
                table = self._index_html(bank, chapter) if html_links else self._index_markdown(bank, chapter)
                if len(chapter.questions) > ROWS_UNFOLDED:
                    summary = ui["index_rows"].format(count=len(chapter.questions))
                    table = folded("index-rows", summary, table, markdown=not html_links)
                parts += [f"{level} {chapter.number}. {escape(shown_title(chapter.title))}",
                          block(table) if html_links else table]
        return Page(INDEX_PAGE, ui["index_title"], "\n\n".join(parts) + "\n")

    def _index_markdown(self, bank: Bank, chapter: Chapter) -> str:
        ui = self.ui
        rows = [f"| {ui['number']} | {ui['type']} | {ui['stem']} | {ui['flags_title']} |\n| ---: | --- | --- | --- |"]
        for q in chapter.questions:
            link = f"[{q.number}]({question_link(bank, chapter, q, INDEX_PAGE)})"
            flags = " ".join(f"`{f.code}`" for f in q.flags)
            stem = escape(_first_words(q.stem, 40))
            rows.append(f"| {link} | {ui[f'type_{q.type.value}']} | {stem} | {flags} |")
        return "\n".join(rows)

    def _index_html(self, bank: Bank, chapter: Chapter) -> str:
        """:meth:`_index_markdown` as the HTML Markdown's tables make of it."""
        ui = self.ui
        rows = []
        for q in chapter.questions:
            href = html.escape(page_url(question_link(bank, chapter, q, INDEX_PAGE)))
            flags = " ".join(f"<code>{escape_html(f.code)}</code>" for f in q.flags)
            rows.append([f'<a href="{href}">{q.number}</a>', escape_html(ui[f"type_{q.type.value}"]),
                         escape_html(_first_words(q.stem, 40)), flags])
        header = [escape_html(ui[key]) for key in ("number", "type", "stem", "flags_title")]
        return table_html(header, rows, right=frozenset({0}))

    def tags_page(self) -> Page:
        ui = self.ui
        markdown = f"# {ui['tags_title']}\n\n{ui['tags_intro']}\n\n<!-- material/tags -->\n"
        return Page(TAGS_PAGE, ui["tags_title"], markdown)


# A question's label is made once a session: each of its related questions' footers shows it,
# and `mkdocs serve` makes every footer again at each rebuild, to find the pages that changed.
@lru_cache(maxsize=50_000)
def _question_label(numbered: str, number: int, stem: str) -> str:
    return f"{numbered.format(number=number)} {escape_html(_first_words(stem, 18))}"


def _first_words(text: str, length: int) -> str:
    """The start of a stem as plain one-line text, for link labels and the index."""
    flat = " ".join(readable_text(text).split())
    return clip(flat, length)
