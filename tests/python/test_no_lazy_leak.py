"""Nothing lazy leaks (DESIGN decision 17): the public attributes of cunp, its public submodules,
ndarray, the ufunc type and every public class are the same in a fresh interpreter as in one
that imported every module of the package first. Needs no GPU."""
import json
import subprocess
import sys

# Runs in a child interpreter; prints {object name: its public attributes} as JSON. With
# `warm`, every module of the package is imported before anything is recorded.
_RECORD = r'''
import importlib, inspect, json, pkgutil, sys
import cunp

warm = sys.argv[1] == "warm"
if warm:
    for info in pkgutil.walk_packages(cunp.__path__, "cunp."):
        if info.name in ("cunp.demo", "cunp.__main__"):  # programs (python -m ...), not the API
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional dependency (dask, scipy) that is not installed
            pass

def public(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))

seen, record = set(), {}

def visit(name, obj):
    if id(obj) in seen:
        return
    seen.add(id(obj))
    record[name] = public(obj)
    if inspect.ismodule(obj) or inspect.isclass(obj):
        for attr in record[name]:
            try:
                value = getattr(obj, attr)
            except Exception as e:  # noqa: BLE001 - recorded: the same name must fail the same way
                record[f"{name}.{attr}"] = f"raises {type(e).__name__}"
                continue
            if inspect.ismodule(value):
                if value.__name__.startswith("cunp.") and not value.__name__.startswith(name + "._"):
                    visit(value.__name__, value)
            elif inspect.isclass(value) and (value.__module__ or "").startswith("cunp"):
                visit(f"{value.__module__}.{value.__qualname__}", value)

# The objects a program meets first, recorded before anything else is touched.
visit("cunp.ndarray", cunp.ndarray)
visit("cunp.ufunc", type(cunp.add))
record["cunp.add"] = public(cunp.add)
visit("cunp", cunp)
print(json.dumps(record))
'''


def _record(mode):
    out = subprocess.run([sys.executable, "-c", _RECORD, mode], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_fresh_interpreter_has_every_public_attribute():
    fresh, warm = _record("fresh"), _record("warm")
    assert {"cunp", "cunp.ndarray", "cunp.ufunc", "cunp.add"} <= set(fresh)
    for must in ("at", "outer", "reduce", "accumulate", "reduceat"):
        assert must in fresh["cunp.add"], must
    missing = {name: sorted(set(warm[name]) - set(fresh.get(name, [])))
               for name in warm if not isinstance(warm[name], str)}
    missing = {k: v for k, v in missing.items() if v}
    only_warm = sorted(set(warm) - set(fresh))
    assert not missing and not only_warm, (
        f"attributes that exist only after an area module is imported: {missing}; "
        f"objects reached only then: {only_warm}")
    changed = {k: (fresh[k], warm[k]) for k in fresh if k in warm and fresh[k] != warm[k]}
    assert not changed, f"attributes that differ between a fresh and a warmed interpreter: {changed}"
