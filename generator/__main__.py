import os
import signal
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    # Importing MkDocs and the generator takes a moment and writes nothing: leave at once.
    # (A KeyboardInterrupt there may surface as another error, or make CPython exit by SIGINT.)
    print("interrupted", file=sys.stderr, flush=True)
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted_while_starting)
from .cli import main, on_interrupt  # noqa: E402

signal.signal(signal.SIGINT, on_interrupt)  # from here on Ctrl-C cleans up (exit 130)
raise SystemExit(main())
