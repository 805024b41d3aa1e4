"""Command line: ``study-guide {export,check,markdown,site,serve,pdf}`` (also ``python -m generator``).

Every command works on the guide project holding the current folder (a folder with
``mkdocs.yml`` and ``site_config/guide.yml``: its settings, glossary and theme), or, outside
one, on the guide this package carries, for the banks given on the command line.

Exit status: 0 when all is well, 1 when ``check`` finds errors (or warnings with
``--strict``), 2 when an input cannot be read or parsed, the command line is wrong or
the output folder is refused or cannot be written (argparse's usage errors are 2 too),
130 when interrupted.  Every such problem is a one-paragraph message on stderr saying
where, what and what to do, never a traceback.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .base.errors import GuideError
from .base.files import MB
from .base.project import Project, find_project
from .base.safe_text import for_terminal
from .base.settings import ORIGINAL, SCRIPTS, Settings, guide_settings
from .base.text import quoted
from .exports.formats import FORMATS
from .read.load import MAX_BANK_SIZE, corrected_bank, default_errata, load_bank, refuse_shared_slugs

# Each command imports what only it needs when it runs (formula checks, readers' reports, the
# glossary, the site's output folders): ``export --format json`` starts without them.
if TYPE_CHECKING:
    from .bank.model import Bank
    from .links.glossary import Glossary

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
        return int(args.run(args, find_project(Path.cwd())))
    except GuideError as error:
        print(for_terminal(f"error: {error}"), file=sys.stderr)
        return 2
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(for_terminal(f"error: {where}{error.strerror or error}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted()
    except Exception:
        if _Interrupt.received:  # the interrupt surfaced as another error
            return _interrupted()
        raise


def _interrupted() -> int:
    from .site.output_folder import REPLACED

    if REPLACED:  # the interrupt came as the previous build was being removed
        print(f"interrupted: {REPLACED[-1]} holds the new build, put in place before the interrupt", file=sys.stderr)
    else:
        print("interrupted: any output folder is left as it was", file=sys.stderr)
    return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="study-guide", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    export = sub.add_parser("export", help="the bank as JSON or a text dump (printed), or as an Anki deck, "
                            "a spreadsheet or CSV for exam apps (written to a file)")
    _bank_arguments(export)
    export.add_argument("--format", choices=FORMATS, default="json",
                        help="json and text print the model; anki (.apkg), xlsx and csv write BANK-NAME.EXT")
    export.add_argument("-o", "--out", type=Path, help="the file to write, - for standard output (default: "
                        "standard output for json and text, else the bank's name with the format's extension, here)")
    export.add_argument("--script", choices=SCRIPTS, help="script of the deck and tables (default: that of "
                        "site_config/guide.yml); json and text keep the bank's unless this is given")
    export.add_argument("--deck-name", help="the Anki deck's name (default: the guide's site_name for the "
                        "guide's own banks, else the bank's title)")
    export.add_argument("--force", action="store_true", help="replace the file to write if it exists "
                        "(never the bank or errata being read)")
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
    site.add_argument("--script", choices=SCRIPTS, help="guide's script (default: that of site_config/guide.yml)")
    _force_argument(site)
    _max_size_argument(site)
    site.set_defaults(run=_site)

    serve = sub.add_parser("serve", help="build the guide and preview it over http, service worker included")
    serve.add_argument("banks", nargs="*", type=Path, help="bank files (default: those of site_config/guide.yml)")
    serve.add_argument("-o", "--out", type=Path, default=Path("site"), help="folder to build into (default: site/)")
    serve.add_argument("--script", choices=SCRIPTS, help="guide's script (default: that of site_config/guide.yml)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1; "
                       "browsers allow service workers over plain http only on localhost)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default: 8000; 0 picks a free one)")
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
    parser.add_argument("--max-size", type=_size, metavar="SIZE", default=MAX_BANK_SIZE,
                        help=f"refuse banks larger than this: megabytes, or a number with K, M or G "
                        f"(default {MAX_BANK_SIZE // MB} MB; at most {MAX_SIZE_ARGUMENT // 2**30}G)")


_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMG]?)(?:I?B)?", re.IGNORECASE)
_UNITS = {"": MB, "K": 2**10, "M": MB, "G": 2**30}
MAX_SIZE_ARGUMENT = 2**40  # a terabyte: beyond any bank and any machine's memory
STANDARD_OUTPUT = Path("-")  # -o -: an export written to standard output, as most tools take it


def _size(text: str) -> int:
    """``--max-size``'s bytes: ``500`` (megabytes), ``100m``, ``512K``, ``1.5G``."""
    match = _SIZE.fullmatch(text.strip())
    size = int(float(match.group(1)) * _UNITS[match.group(2).upper()]) if match else 0
    if not match or size == 0:
        raise argparse.ArgumentTypeError(f"expected a size such as 500 (megabytes), 100M, 512K or 2G, found {text!r}")
    if size > MAX_SIZE_ARGUMENT:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_SIZE_ARGUMENT // 2**30}G, found {text!r}")
    return size


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535 (0: a free one), found {text!r}")
    return int(text)


def _force_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--force", action="store_true",
                        help="replace an output folder that holds files no earlier build wrote")


def _inputs(banks: tuple[Path, ...] | list[Path]) -> tuple[Path, ...]:
    """The banks and their errata: what no output may replace."""
    return tuple(p for bank in banks for p in (bank, default_errata(bank)) if p)


def _settings(project: Project, banks: list[Path] | None = None, max_size: int | None = None) -> Settings:
    """The project's settings, with the banks and size limit of the command line in place of theirs."""
    settings = guide_settings(project.settings_file, banks or (), max_bank_size=max_size)
    if not settings.banks:
        raise GuideError("the command line", "the bank files to build (outside a guide project, which names its own)",
                         "no bank", "study-guide site my-bank.txt -o my-guide")
    refuse_shared_slugs(settings.banks)
    return settings


def _bank_project(bank: Path, here: Project) -> Project:
    """The guide project holding ``bank`` (its glossary and name are the bank's), else ``here``'s."""
    own = find_project(bank.parent)
    return here if own.bundled else own


def _check_math(latex: str, display: bool, where: str) -> None:
    """An errata formula checked by KaTeX (imported only for a bank with errata)."""
    from .math.editor_latex import check_editor_latex

    check_editor_latex(latex, display, where)


def _load(args: argparse.Namespace) -> Bank:
    return load_bank(args.bank, errata=args.errata, use_errata=not args.no_errata, check_math=_check_math,
                     limit=args.max_size)


def _export(args: argparse.Namespace, project: Project) -> int:
    from .exports.common import left_out
    from .exports.formats import Export, refuse_overwrite, write_export, write_pictures
    from .pages.script import convert_bank, convert_strings, interface_script
    from .pages.strings import UI
    from .read.load import sources_modified

    format = FORMATS[args.format]
    # The bank and its errata (the ones beside it even when --no-errata leaves them unread).
    inputs = tuple(p for p in (args.bank, args.errata, default_errata(args.bank)) if p)
    if args.out is not None and args.out != STANDARD_OUTPUT:
        refuse_overwrite(args.out, inputs, args.force)  # said before the bank is read, not after
    bank = _load(args)
    if format.model_dump:  # the model as read, in its own script unless asked
        bank = convert_bank(bank, args.script) if args.script else bank
        out = args.out
        how = Export(ORIGINAL)
    else:  # a file for other tools, in the guide's script, named and tagged as the guide is
        project = _bank_project(args.bank, project)
        settings = guide_settings(project.settings_file)
        script = args.script or settings.script
        bank = convert_bank(bank, script)
        out = args.out or Path(f"{bank.slug}.{format.extension}")
        interface = interface_script(script, [bank])
        how = Export(interface, sources_modified(args.bank, None if args.no_errata else args.errata),
                     args.deck_name or _deck_name(project, settings, args.bank, bank, interface),
                     convert_strings(UI, interface), _glossary(settings))
    if out is None or out == STANDARD_OUTPUT:
        if format.binary and sys.stdout.isatty():
            raise GuideError("-o -", f"a pipe or a file on standard output for the {format.name} file",
                             "a terminal", f"redirect it (> {bank.slug}.{format.extension}) or give -o FILE")
        sys.stdout.flush()
        sys.stdout.buffer.write(format.make(bank, how))
        sys.stdout.flush()
        if format.model_dump and any(p.data for p in bank.pictures):
            _say(f"note: {bank.source}: its pictures' files are not printed: give -o FILE to write them beside it",
                 file=sys.stderr)
        return 0
    write_export(format.name, bank, out, how, inputs=inputs, replace=args.force)
    if format.model_dump and (pictures := write_pictures(bank, out.parent, inputs, args.force)):
        print(f"wrote {pictures} picture file(s) beside it, as its [alt: file] references name them", file=sys.stderr)
    for question, reason in () if format.model_dump else left_out(bank):
        _say(f"warning: {bank.source}:{question.position.line}:{question.position.column}: {question.id}: "
              f"left out of the {format.name} export ({reason})", file=sys.stderr)
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _deck_name(project: Project, settings: Settings, path: Path, bank: Bank, interface: str) -> str:
    """The guide's site_name for a bank of the guide; another bank's own title."""
    import yaml

    from .base.yaml_file import YAML_LOADER
    from .pages.script import convert_interface

    if path.resolve() in {p.resolve() for p in settings.banks}:
        try:
            name = yaml.load(project.mkdocs_file.read_text(encoding="utf-8"), Loader=YAML_LOADER).get("site_name")
        except (OSError, yaml.YAMLError, AttributeError):
            name = None
        if isinstance(name, str) and name.strip():
            return convert_interface(name, interface)
    return bank.title or bank.slug


def _check(args: argparse.Namespace, project: Project) -> int:
    from .bank.disputed import disputed_lines
    from .bank.model import Severity
    from .links.terms import suggest_terms
    from .read.reading_report import pdf_lines, picture_lines, section_lines
    from .read.text.layout import describe

    project = _bank_project(args.bank, project)
    bank = _load(args)
    counts = {s: 0 for s in Severity}
    _say(f"{bank.source}: {len(bank.questions)} questions in {len(bank.chapters)} chapters "
          f"({bank.encoding}, {bank.repairs} certain repairs)")
    for line in describe(bank) + pdf_lines(bank) + picture_lines(bank) + section_lines(bank):
        _say(line)
    counts[Severity.WARNING] += len(bank.unread)  # a question-like line read as none
    for q in bank.questions:
        for flag in q.flags:
            counts[flag.severity] += 1
            _say(f"{bank.source}:{q.position.line}:{q.position.column}: {q.id}: "
                  f"{flag.severity.value}: [{flag.code}] {flag.message}")
    for stray in bank.stray:
        _say(f"{bank.source}:{stray.position.line}:{stray.position.column}: info: [stray] "
              f"{stray.reason}: {quoted(stray.text)}")
    for line in disputed_lines(bank):
        _say(line)
    glossary = _glossary(guide_settings(project.settings_file))
    if glossary is not None:
        suggestions = suggest_terms(bank, glossary)
        if suggestions:
            _say("terms missing from the glossary: " + ", ".join(f"{term} ×{n}" for term, n in suggestions))
    _say(", ".join(f"{n} {s.value}{'s' if n != 1 else ''}" for s, n in counts.items()))
    failing = counts[Severity.ERROR] + (counts[Severity.WARNING] if args.strict else 0)
    return 1 if failing else 0


def _say(text: str, file: TextIO | None = None) -> None:
    """Print a line that may quote the bank: what a terminal would act on shown escaped."""
    print(for_terminal(text), file=file or sys.stdout)


def _glossary(settings: Settings) -> Glossary | None:
    """The guide's glossary, for suggestions and the deck's topics; a broken one is an error as anywhere."""
    from .links.glossary import load_glossary

    return load_glossary(settings.glossary) if settings.glossary else None


def _markdown(args: argparse.Namespace, project: Project) -> int:
    from .pages.compose import build_guide
    from .pages.pictures import picture_files
    from .site.output_folder import Protected, check_output, staged

    settings = _settings(project, args.banks, args.max_size)
    protected = Protected(project.root, _inputs(settings.banks))
    check_output(args.out, protected, args.force)
    guide = build_guide(settings, typeset=False)  # formulas as their text: Markdown to read as it is
    with staged(args.out, protected, args.force) as folder:
        for page in guide.pages:
            target = folder / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page.markdown, encoding="utf-8")
        for path, data in picture_files(guide.banks).items():  # where the pages' <img> point
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_bytes(data)
    print(f"wrote {len(guide.pages)} pages to {args.out}")
    return 0


def _site(args: argparse.Namespace, project: Project) -> int:
    _build(project, args.banks, args.out, args.script, args.force, args.max_size)
    print(f"built {args.out}/index.html")
    return 0


def _build(project: Project, banks: list[Path], out: Path, script: str | None, force: bool, max_size: int) -> None:
    """Build the guide for ``banks`` (the project's when empty) into ``out``, which
    ``force`` lets replace a folder no build wrote."""
    from .site.build import build_site
    from .site.output_folder import Protected, check_output

    settings = _settings(project, banks, max_size)
    inputs = tuple(p.resolve() for p in _inputs(settings.banks))
    check_output(out, Protected(project.root, inputs), force)  # before any work
    # Fail early, with the parser's or the errata's message, before MkDocs starts (which reads
    # them again); not linted here: lint raises no error, and the build lints them beside MkDocs.
    loaded = [corrected_bank(bank, check_math=_check_math, limit=settings.max_bank_size) for bank in banks]
    # The bundled guide is named after its bank, not after the project it was built from.
    name = (loaded[0].title or loaded[0].slug) if project.bundled and loaded else None
    build_site(project.mkdocs_file, [p.resolve() for p in banks], out.resolve(), script, force=force, inputs=inputs,
               max_bank_size=settings.max_bank_size, site_name=name)


def _serve(args: argparse.Namespace, project: Project) -> int:
    from .site.preview import site_server

    try:  # the address first: a busy port is said before a build
        server = site_server(args.out.resolve(), args.host, args.port)
    except OSError as error:
        raise GuideError(f"--host {args.host} --port {args.port}", "a free address to serve the guide on",
                         error.strerror or str(error), "study-guide serve --port 8001") from None
    _build(project, args.banks, args.out, args.script, args.force, args.max_size)
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"serving {args.out} at http://{host}:{port}/ (Ctrl-C stops; run again after a change)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _pdf(args: argparse.Namespace, project: Project) -> int:
    from .pages.editions import EDITIONS
    from .printing.pdf import ChapterPdf, playwright_api, progress_line, render_pdfs, site_is_stale, write_manifest
    from .site.output_folder import Protected, check_output, is_build, staged

    playwright_api()  # without the pdf extra, say so before building anything
    if project.bundled and args.site is None:
        raise GuideError("the command line", "--site, the built guide to print (outside a guide project)",
                         "no --site", "study-guide pdf --site my-guide")
    site = (args.site or project.root / "site").resolve()
    out = (args.out or site / "pdf").resolve()
    banks = list(guide_settings(project.settings_file).banks)
    protected = Protected(project.root, _inputs(banks))
    # pdf/ in the site is the site's own (each site build replaces it): no --force needed there.
    replace_any = args.force or (args.out is None and is_build(site))
    check_output(out, protected, replace_any)
    sources = [project.root / name for name in ("content", "generator", "overrides", "site_config", "mkdocs.yml")]
    if args.site is None and site_is_stale(site, sources):
        from .site.build import build_site

        print(f"building {site} ...", file=sys.stderr)
        build_site(project.mkdocs_file, banks, site, force=args.force, inputs=_inputs(banks))
    live = sys.stderr.isatty()  # a progress bar redrawn in place, or one line per PDF in logs

    def progress(done: int, total: int, pdf: ChapterPdf) -> None:
        print(("\r\x1b[K" if live else "") + progress_line(done, total, pdf), end="" if live and done < total else "\n",
              file=sys.stderr, flush=True)

    # Written beside `out` and swapped in whole; earlier PDFs (another edition) carried over.
    with staged(out, protected, replace_any, keep=True) as folder:
        pdfs = render_pdfs(site, folder, EDITIONS if args.edition == "both" else (args.edition,),
                           on_progress=progress, number_per_chapter=args.number_per_chapter)
    pdfs = tuple(replace(pdf, path=out / pdf.path.relative_to(folder)) for pdf in pdfs)
    write_manifest(site, out, pdfs)
    print(f"wrote {len(pdfs)} PDFs ({sum(p.pages for p in pdfs)} pages) to {out}")
    return 0
