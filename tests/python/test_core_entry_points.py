"""Every `_core.name` that cunp's Python modules read exists in the extension, so a renamed or
removed binding fails here, on a machine without a GPU, rather than on a GPU path. Needs no GPU."""
import pathlib
import re

from cunp import _core

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "python" / "cunp"
USE = re.compile(r"(?<![\w.])_core\.([A-Za-z_]\w*)")


def test_every_core_name_python_reads_exists():
    missing = {}
    for path in PACKAGE.rglob("*.py"):
        for name in set(USE.findall(path.read_text())):
            if not hasattr(_core, name):
                missing.setdefault(name, []).append(str(path.relative_to(PACKAGE)))
    assert not missing, f"names read from cunp._core that it does not define: {missing}"
