"""Command line: ``python -m generator {export,check,markdown,site,pdf}``.

Exit status: 0 when all is well, 1 when ``check`` finds errors (or warnings with
``--strict``), 2 when an input cannot be read or parsed.  Every input problem is a
one-paragraph message on stderr, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .base.errors import GuideError
from .bank.export import dump_text, dumps_json
from .links.glossary import Glossary, load_glossary
from .links.terms import suggest_terms
from .bank.model import Bank, Severity
from .bank.load import load_bank
from .pages.script import SCRIPTS

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "site_config" / "guide.yml"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except GuideError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: {error.filename or ''}: {error.strerror}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    export = sub.add_parser("export", help="print the parsed bank as JSON or as a text dump")
    _bank_arguments(export)
    export.add_argument("--format", choices=("json", "text"), default="json")
    export.set_defaults(run=_export)

    check = sub.add_parser("check", help="report the flags of a bank; exit 1 on errors")
    _bank_arguments(check)
    check.add_argument("--strict", action="store_true", help="also exit 1 on warnings")
    check.set_defaults(run=_check)

    markdown = sub.add_parser("markdown", help="write the generated Markdown pages to a folder")
    markdown.add_argument("banks", nargs="*", type=Path, help="bank files (default: those of site_config/guide.yml)")
    markdown.add_argument("-o", "--out", type=Path, default=Path("generated"))
    markdown.set_defaults(run=_markdown)

    site = sub.add_parser("site", help="build a study-guide site for any bank file(s)")
    site.add_argument("banks", nargs="+", type=Path)
    site.add_argument("-o", "--out", type=Path, default=Path("site"))
    site.add_argument("--script", choices=SCRIPTS, help="edition's script (default: that of site_config/guide.yml)")
    site.set_defaults(run=_site)

    pdf = sub.add_parser("pdf", help="print each chapter to PDF, practice and answer editions (Chromium)")
    pdf.add_argument("--edition", choices=("practice", "answers", "both"), default="both")
    pdf.add_argument("-o", "--out", type=Path, help="folder for the PDFs (default: pdf/ in the site, "
                     "which chapter pages link)")
    pdf.add_argument("--site", type=Path, help="print this built site (default: site/, built first if "
                     "missing or older than its sources)")
    pdf.set_defaults(run=_pdf)
    return parser


def _bank_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bank", type=Path, help="the raw bank file")
    parser.add_argument("--errata", type=Path, help="corrections to apply (default: the errata.yml beside the bank)")
    parser.add_argument("--no-errata", action="store_true", help="show the bank without corrections")


def _load(args) -> Bank:
    return load_bank(args.bank, errata=args.errata, use_errata=not args.no_errata)


def _export(args) -> int:
    bank = _load(args)
    sys.stdout.write(dumps_json(bank) if args.format == "json" else dump_text(bank))
    return 0


def _check(args) -> int:
    bank = _load(args)
    counts = {s: 0 for s in Severity}
    print(f"{bank.source}: {len(bank.questions)} questions in {len(bank.chapters)} chapters "
          f"({bank.encoding}, {bank.repairs} certain repairs)")
    for q in bank.questions:
        for flag in q.flags:
            counts[flag.severity] += 1
            print(f"{bank.source}:{q.position.line}:{q.position.column}: {q.id}: "
                  f"{flag.severity.value}: [{flag.code}] {flag.message}")
    for stray in bank.stray:
        print(f"{bank.source}:{stray.position.line}:{stray.position.column}: info: [stray] "
              f"{stray.reason}: {stray.text!r}")
    glossary = _glossary()
    if glossary is not None:
        suggestions = suggest_terms(bank, glossary)
        if suggestions:
            print("terms missing from the glossary: " + ", ".join(f"{term} ×{n}" for term, n in suggestions))
    print(", ".join(f"{n} {s.value}{'s' if n != 1 else ''}" for s, n in counts.items()))
    failing = counts[Severity.ERROR] + (counts[Severity.WARNING] if args.strict else 0)
    return 1 if failing else 0


def _glossary() -> Glossary | None:
    """The guide's glossary (site_config/), for suggestions; a broken one is an error as anywhere."""
    from .base.settings import load_settings

    if not SETTINGS.is_file():  # installed without the repository: no glossary to compare with
        return None
    path = load_settings(SETTINGS).glossary
    return load_glossary(path) if path else None


def _markdown(args) -> int:
    from dataclasses import replace

    from .pages.compose import build_guide
    from .base.settings import load_settings

    settings = load_settings(SETTINGS)
    if args.banks:
        settings = replace(settings, banks=tuple(args.banks))
    guide = build_guide(settings, typeset=False)  # formulas as their text: Markdown to read as it is
    for page in guide.pages:
        target = args.out / page.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page.markdown, encoding="utf-8")
    print(f"wrote {len(guide.pages)} pages to {args.out}")
    return 0


def _site(args) -> int:
    from .site.plugin import build_site

    for bank in args.banks:  # fail early, with the parser's message, before MkDocs starts
        load_bank(bank)
    build_site(ROOT / "mkdocs.yml", [p.resolve() for p in args.banks], args.out.resolve(), args.script)
    print(f"built {args.out}/index.html")
    return 0


def _pdf(args) -> int:
    from .pages.editions import EDITIONS
    from .printing.pdf import progress_line, render_pdfs, site_is_stale, write_manifest

    site = (args.site or ROOT / "site").resolve()
    sources = [ROOT / name for name in ("content", "generator", "overrides", "site_config", "mkdocs.yml")]
    if args.site is None and site_is_stale(site, sources):
        from .site.plugin import build_site
        from .base.settings import load_settings

        print(f"building {site} ...", file=sys.stderr)
        build_site(ROOT / "mkdocs.yml", list(load_settings(SETTINGS).banks), site)
    out = (args.out or site / "pdf").resolve()
    live = sys.stderr.isatty()  # a progress bar redrawn in place, or one line per PDF in logs

    def progress(done, total, pdf):
        print(("\r\x1b[K" if live else "") + progress_line(done, total, pdf), end="" if live and done < total else "\n",
              file=sys.stderr, flush=True)

    pdfs = render_pdfs(site, out, EDITIONS if args.edition == "both" else (args.edition,), on_progress=progress)
    write_manifest(site, out, pdfs)
    print(f"wrote {len(pdfs)} PDFs ({sum(p.pages for p in pdfs)} pages) to {out}")
    return 0
