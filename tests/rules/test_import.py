"""The rules engine stands alone: importing it loads no part of Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CODE = (
    "import sys, kalooki_ledger.rules; "
    "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
    "assert not loaded, loaded; print('ok')"
)


def test_import_kalooki_ledger_rules_works_without_django():
    done = subprocess.run(
        [sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
