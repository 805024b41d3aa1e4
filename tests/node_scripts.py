"""Scripts the build writes for the pages, run by Node as a page would run them, for the
Python tests that check what Python writes (the front end's own tests are in tests/node)."""
from __future__ import annotations

import json
import subprocess
from typing import Any

# Each step runs in one fresh global scope, which is also `window` and `self`; the value of
# each comes back as JSON (null for what JSON cannot hold: undefined, the window itself).
_RUN = r"""
const vm = require("node:vm");
const steps = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const context = vm.createContext({});
vm.runInContext("var window = globalThis, self = globalThis;", context);
const json = (value) => { try { return JSON.stringify(value) ?? "null"; } catch { return "null"; } };
process.stdout.write("[" + steps.map((step) => json(vm.runInContext(step, context))).join(",") + "]");
"""


def run_scripts(*steps: str) -> list[Any]:
    """The value of each of ``steps``, run one after another in one page's global scope."""
    result = subprocess.run(["node", "-e", _RUN], input=json.dumps(steps), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
