"""Command line: ``python -m generator {export,check,markdown,site,serve,pdf}``.

Exit status: 0 when all is well, 1 when ``check`` finds errors (or warnings with
``--strict``), 2 when an input cannot be read or parsed, the command line is wrong or
the output folder is refused or cannot be written (argparse's usage errors are 2 too),
130 when interrupted.  Every such problem is a one-paragraph message on stderr saying
where, what and what to do, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .bank import load as bank_files
from .bank.disputed import disputed_lines
from .bank.export import dump_text, dumps_json
from .bank.layout import describe
from .bank.load import MB, default_errata, load_bank
from .bank.model import Bank, Severity
from .base.errors import GuideError
from .base.text import quoted
from .links.glossary import Glossary, load_glossary
from .links.terms import suggest_terms
from .math.editor_latex import check_editor_latex
from .pages.script import ORIGINAL, SCRIPTS, convert_bank, edition_script
from .site.output_folder import Protected, check_output, is_build, staged

# Export formats and the extension of the file each writes.
EXPORT_FORMATS = {"json": "json", "text": "txt", "anki": "apkg", "xlsx": "xlsx", "csv": "csv"}

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "site_config" / "guide.yml"


class _Interrupt:
    """The SIGINT handler of ``python -m generator`` once started: a KeyboardInterrupt, remembered.

    Ctrl-C during a library's import (opencc's, say) can surface as an ImportError instead of
    a KeyboardInterrupt; remembering it lets :func:`main` still say "interrupted", exit 130.
    """

    received = False

    def __call__(self, signum: int, frame: object) -> None:
        _Interrupt.received = True
        raise KeyboardInterrupt


on_interrupt = _Interrupt()


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if getattr(args, "max_size", None):
            bank_files.max_bank_size = args.max_size * MB
        return args.run(args)
    except GuideError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted()
    except Exception:
        if _Interrupt.received:  # the interrupt surfaced as another error
            return _interrupted()
        raise


def _interrupted() -> int:
    print("interrupted: any output folder is left as it was", file=sys.stderr)
    return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    export = sub.add_parser("export", help="the bank as JSON or a text dump (printed), or as an Anki deck, "
                            "a spreadsheet or CSV for exam apps (written to a file)")
    _bank_arguments(export)
    export.add_argument("--format", choices=EXPORT_FORMATS, default="json",
                        help="json and text print the model; anki (.apkg), xlsx and csv write BANK-NAME.EXT")
    export.add_argument("-o", "--out", type=Path, help="the file to write (default: stdout for json and text, "
                        "else the bank's name with the format's extension, here)")
    export.add_argument("--script", choices=SCRIPTS, help="script of the deck and tables (default: that of "
                        "site_config/guide.yml); json and text keep the bank's unless this is given")
    export.add_argument("--deck-name", help="the Anki deck's name (default: the guide's site_name for the "
                        "guide's own banks, else the bank's title)")
    export.set_defaults(run=_export)

    check = sub.add_parser("check", help="report the flags of a bank; exit 1 on errors")
    _bank_arguments(check)
    check.add_argument("--strict", action="store_true", help="also exit 1 on warnings")
    check.set_defaults(run=_check)

    markdown = sub.add_parser("markdown", help="write the generated Markdown pages to a folder")
    markdown.add_argument("banks", nargs="*", type=Path, help="bank files (default: those of site_config/guide.yml)")
    markdown.add_argument("-o", "--out", type=Path, default=Path("generated"))
    _force_argument(markdown)
    _max_size_argument(markdown)
    markdown.set_defaults(run=_markdown)

    site = sub.add_parser("site", help="build a study-guide site for any bank file(s)")
    site.add_argument("banks", nargs="+", type=Path)
    site.add_argument("-o", "--out", type=Path, default=Path("site"))
    site.add_argument("--script", choices=SCRIPTS, help="edition's script (default: that of site_config/guide.yml)")
    _force_argument(site)
    _max_size_argument(site)
    site.set_defaults(run=_site)

    serve = sub.add_parser("serve", help="build the guide and preview it over http, service worker included")
    serve.add_argument("banks", nargs="*", type=Path, help="bank files (default: those of site_config/guide.yml)")
    serve.add_argument("-o", "--out", type=Path, default=ROOT / "site", help="folder to build into (default: site/)")
    serve.add_argument("--script", choices=SCRIPTS, help="edition's script (default: that of site_config/guide.yml)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1; "
                       "browsers allow service workers over plain http only on localhost)")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
    _force_argument(serve)
    _max_size_argument(serve)
    serve.set_defaults(run=_serve)

    pdf = sub.add_parser("pdf", help="print each chapter to PDF, practice and answer editions (Chromium)")
    pdf.add_argument("--edition", choices=("practice", "answers", "both"), default="both")
    pdf.add_argument("-o", "--out", type=Path, help="folder for the PDFs (default: pdf/ in the site, "
                     "which chapter pages link)")
    pdf.add_argument("--site", type=Path, help="print this built site (default: site/, built first if "
                     "missing or older than its sources)")
    pdf.add_argument("--number-per-chapter", action="store_true", help="number the questions 1…n within each "
                     "chapter (for handouts) instead of by their number in the bank")
    _force_argument(pdf)
    pdf.set_defaults(run=_pdf)
    return parser


def _bank_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bank", type=Path, help="the raw bank file")
    parser.add_argument("--errata", type=Path, help="corrections to apply (default: the errata.yml beside the bank)")
    parser.add_argument("--no-errata", action="store_true", help="show the bank without corrections")
    _max_size_argument(parser)


def _max_size_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-size", type=_megabytes, metavar="MB", default=bank_files.max_bank_size // MB,
                        help=f"refuse banks larger than this (default {bank_files.max_bank_size // MB} MB)")


def _megabytes(text: str) -> int:
    if not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of megabytes such as 500, found {text!r}")
    return int(text)


def _force_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--force", action="store_true",
                        help="replace an output folder that holds files no earlier build wrote")


def _inputs(banks) -> tuple[Path, ...]:
    """The banks and their errata: what no output may replace."""
    return tuple(p for bank in banks for p in (bank, default_errata(bank)) if p)


def _protected(banks) -> Protected:
    return Protected(ROOT, _inputs(banks))


def _load(args) -> Bank:
    return load_bank(args.bank, errata=args.errata, use_errata=not args.no_errata, check_math=check_editor_latex)


def _export(args) -> int:
    from .bank.export import ExportError, left_out

    bank = _load(args)
    if args.format in ("json", "text"):
        if args.script:
            bank = convert_bank(bank, args.script)
        text = dumps_json(bank) if args.format == "json" else dump_text(bank)
        if args.out is None:
            sys.stdout.write(text)
            return 0
    script = args.script or _settings_script()
    bank = convert_bank(bank, script)
    out = args.out or Path(f"{bank.slug}.{EXPORT_FORMATS[args.format]}")
    try:
        if args.format in ("json", "text"):
            out.write_text(text, encoding="utf-8")
        else:
            _write_export(args, bank, out, edition_script(script, [bank]))
    except OSError as error:
        raise ExportError(str(out), "a file that can be written", error.strerror or str(error),
                          "-o a path in a folder that exists and is writable") from None
    for question, reason in left_out(bank) if args.format not in ("json", "text") else ():
        print(f"warning: {bank.source}:{question.position.line}:{question.position.column}: {question.id}: "
              f"left out of the {args.format} export ({reason})", file=sys.stderr)
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _write_export(args, bank: Bank, out: Path, interface: str) -> None:
    """The deck, the spreadsheet or the CSV, written to ``out``."""
    from .bank.export import write_csv, write_xlsx
    from .bank.load import sources_modified

    modified = sources_modified(args.bank, None if args.no_errata else args.errata)
    if args.format == "xlsx":
        write_xlsx(bank, out, interface, modified)
    elif args.format == "csv":
        write_csv(bank, out, interface)
    else:
        from .pages.anki import write_deck
        from .pages.script import convert_strings
        from .pages.strings import UI

        write_deck(bank, out, args.deck_name or _deck_name(args.bank, bank, interface), convert_strings(UI, interface),
                   _glossary(), interface, modified)


def _settings_script() -> str:
    from .base.settings import load_settings

    return load_settings(SETTINGS).script if SETTINGS.is_file() else ORIGINAL


def _deck_name(path: Path, bank: Bank, interface: str) -> str:
    """The guide's site_name for a bank of the guide; another bank's own title."""
    import yaml

    from .base.settings import load_settings
    from .base.yaml_file import YAML_LOADER
    from .pages.script import convert_interface

    if SETTINGS.is_file() and path.resolve() in {p.resolve() for p in load_settings(SETTINGS).banks}:
        try:
            name = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=YAML_LOADER).get("site_name")
        except (OSError, yaml.YAMLError, AttributeError):
            name = None
        if isinstance(name, str) and name.strip():
            return convert_interface(name, interface)
    return bank.title or bank.slug


def _check(args) -> int:
    bank = _load(args)
    counts = {s: 0 for s in Severity}
    print(f"{bank.source}: {len(bank.questions)} questions in {len(bank.chapters)} chapters "
          f"({bank.encoding}, {bank.repairs} certain repairs)")
    for line in describe(bank):
        print(line)
    for q in bank.questions:
        for flag in q.flags:
            counts[flag.severity] += 1
            print(f"{bank.source}:{q.position.line}:{q.position.column}: {q.id}: "
                  f"{flag.severity.value}: [{flag.code}] {flag.message}")
    for stray in bank.stray:
        print(f"{bank.source}:{stray.position.line}:{stray.position.column}: info: [stray] "
              f"{stray.reason}: {quoted(stray.text)}")
    for line in disputed_lines(bank):
        print(line)
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

    from .base.settings import load_settings
    from .pages.compose import build_guide

    settings = load_settings(SETTINGS)
    if args.banks:
        settings = replace(settings, banks=tuple(args.banks))
    check_output(args.out, _protected(settings.banks), args.force)
    guide = build_guide(settings, typeset=False)  # formulas as their text: Markdown to read as it is
    with staged(args.out, _protected(settings.banks), args.force) as folder:
        for page in guide.pages:
            target = folder / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page.markdown, encoding="utf-8")
    print(f"wrote {len(guide.pages)} pages to {args.out}")
    return 0


def _site(args) -> int:
    _build(args.banks, args.out, args.script, args.force)
    print(f"built {args.out}/index.html")
    return 0


def _build(banks: list[Path], out: Path, script: str | None, force: bool) -> None:
    """Build the guide for ``banks`` (the configured ones when empty) into ``out``, which
    ``force`` lets replace a folder no build wrote."""
    from .base.settings import load_settings
    from .site.build import build_site

    inputs = tuple(p.resolve() for p in _inputs(banks or load_settings(SETTINGS).banks))
    check_output(out, Protected(ROOT, inputs), force)  # before any work
    for bank in banks:  # fail early, with the parser's message, before MkDocs starts
        load_bank(bank, check_math=check_editor_latex)
    build_site(ROOT / "mkdocs.yml", [p.resolve() for p in banks], out.resolve(), script, force=force, inputs=inputs)


def _serve(args) -> int:
    from .site.preview import site_server

    try:  # the address first: a busy port is said before a build
        server = site_server(args.out.resolve(), args.host, args.port)
    except OSError as error:
        raise GuideError(f"--host {args.host} --port {args.port}", "a free address to serve the guide on",
                         error.strerror or str(error), "python -m generator serve --port 8001") from None
    _build(args.banks, args.out, args.script, args.force)
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"serving {args.out} at http://{host}:{port}/ (Ctrl-C stops; run again after a change)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _pdf(args) -> int:
    from dataclasses import replace

    from .base.settings import load_settings
    from .pages.editions import EDITIONS
    from .printing.pdf import playwright_api, progress_line, render_pdfs, site_is_stale, write_manifest

    playwright_api()  # without the pdf extra, say so before building anything
    site = (args.site or ROOT / "site").resolve()
    out = (args.out or site / "pdf").resolve()
    banks = list(load_settings(SETTINGS).banks)
    # pdf/ in the site is the site's own (each site build replaces it): no --force needed there.
    replace_any = args.force or (args.out is None and is_build(site))
    check_output(out, _protected(banks), replace_any)
    sources = [ROOT / name for name in ("content", "generator", "overrides", "site_config", "mkdocs.yml")]
    if args.site is None and site_is_stale(site, sources):
        from .site.build import build_site

        print(f"building {site} ...", file=sys.stderr)
        build_site(ROOT / "mkdocs.yml", banks, site, force=args.force, inputs=_inputs(banks))
    live = sys.stderr.isatty()  # a progress bar redrawn in place, or one line per PDF in logs

    def progress(done, total, pdf):
        print(("\r\x1b[K" if live else "") + progress_line(done, total, pdf), end="" if live and done < total else "\n",
              file=sys.stderr, flush=True)

    # Written beside `out` and swapped in whole; earlier PDFs (another edition) carried over.
    with staged(out, _protected(banks), replace_any, keep=True) as folder:
        pdfs = render_pdfs(site, folder, EDITIONS if args.edition == "both" else (args.edition,),
                           on_progress=progress, number_per_chapter=args.number_per_chapter)
    pdfs = tuple(replace(pdf, path=out / pdf.path.relative_to(folder)) for pdf in pdfs)
    write_manifest(site, out, pdfs)
    print(f"wrote {len(pdfs)} PDFs ({sum(p.pages for p in pdfs)} pages) to {out}")
    return 0
