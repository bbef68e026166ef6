"""Every `_core.name` and `_core.<area>.name` that cunp's Python modules, its tests, benchmarks
and tools read exists in the extension, so a renamed or removed binding fails here, on a machine
without a GPU, rather than on a GPU path. Needs no GPU."""
import pathlib
import re

import cunp
from cunp import _core

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Where the extension is read: the package itself and the code that calls it directly.
READERS = [ROOT / "python" / "cunp", ROOT / "tests" / "python", ROOT / "bench", ROOT / "tools"]
# `_core.a.b.c` or `cunp._core.a.b.c` (not numpy._core): the whole dotted path, resolved below.
# Only the Python that reads it counts; dunder attributes (`_core.__file__`) are Python's.
USE = re.compile(r"(?<![\w.])(?:cunp\.)?_core((?:\.[A-Za-z_]\w*)+)")


def _resolves(path):
    obj = _core
    for part in path:
        if part.startswith("__"):
            return True
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return False
    return True


def test_every_core_name_python_reads_exists():
    assert cunp._core is _core
    missing = {}
    for top in READERS:
        for path in top.rglob("*.py"):
            if path == pathlib.Path(__file__).resolve():
                continue
            for dotted in set(USE.findall(path.read_text())):
                if not _resolves(dotted.lstrip(".").split(".")):
                    missing.setdefault("_core" + dotted, []).append(str(path.relative_to(ROOT)))
    assert not missing, f"names read from cunp._core that it does not define: {missing}"



def test_private_entry_points_live_in_areas():
    # Private functions are grouped in submodules (`_core.math.interp`), never flat `_core._x`;
    # private classes (`_core._FusionCore`) and the public names stay at the top.
    flat = [n for n in dir(_core) if n.startswith("_") and not n.startswith("__")
            and not n[1:2].isupper()]
    assert not flat, f"private entry points outside an area: {flat}"
