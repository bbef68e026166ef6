"""cunp's top level loads its areas on first use from the table in cunp._namespace: the table
must name every area's exports (its __all__) and nothing else, and `import cunp` must load none of
the areas. Runs without a GPU."""
import importlib
import subprocess
import sys

import cunp
from cunp import _namespace


def test_each_area_lists_its_exports():
    for module, names in _namespace.AREAS.items():
        mod = importlib.import_module(module)
        listed = names.split()
        assert len(set(listed)) == len(listed), f"{module}: a name listed twice"
        for name in listed:
            assert hasattr(mod, name), f"{module} has no {name}"
        if hasattr(mod, "__all__"):
            assert set(listed) == set(mod.__all__), f"{module}: table differs from __all__"


def test_no_name_in_two_areas():
    seen = {}
    for module, names in _namespace.AREAS.items():
        for name in names.split():
            assert name not in seen, f"{name} in {seen.get(name)} and {module}"
            seen[name] = module


def test_names_resolve_and_stay():
    for names in _namespace.AREAS.values():
        for name in names.split():
            value = getattr(cunp, name)
            assert vars(cunp)[name] is value  # later reads are plain attribute reads
    for name in _namespace.SUBMODULES:
        assert getattr(cunp, name).__name__ == f"cunp.{name}"


def test_dir_and_star_import():
    names = set(dir(cunp))
    for area in _namespace.AREAS.values():
        assert set(area.split()) <= names
    assert {"linalg", "fft", "float32", "sum", "add"} <= names
    star = {}
    exec("from cunp import *", star)
    assert {"sum", "median", "add", "asarray"} <= set(star)
    assert "float32" not in star and "_core" not in star


def test_unknown_name_raises_attribute_error():
    try:
        cunp.no_such_function
    except AttributeError as e:
        assert "no_such_function" in str(e)
    else:
        raise AssertionError("no AttributeError")


def test_import_loads_no_area():
    code = ("import sys, cunp; print(' '.join(m for m in sys.modules if m.startswith('cunp.')))")
    loaded = set(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                text=True).stdout.split())
    # _core's native submodules (_core.ndimage) are part of the extension: no import cost.
    assert loaded <= {"cunp._core", "cunp._core.ndimage", "cunp._array", "cunp._array._ndarray",
                      "cunp._lazy", "cunp._namespace", "cunp._math", "cunp._math._ufuncs"}, \
        sorted(loaded)
