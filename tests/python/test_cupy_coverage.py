"""CuPy's public names, namespace by namespace, exist in cunp (DESIGN decision 15: `cupy.X` and
`cupyx.X` are `cunp.X`), except the committed exclusions, each with its reason. The names are
pinned in data/cupy_names.json (written by tools/cupy-names from a CuPy release); the exclusions
are in data/cupy_names_exclusions.json. An exclusion whose reason starts with "pending:" is work
still to do; any other is a decision (HIP-only, deprecated, ...). Runs without a GPU.

    python tests/python/test_cupy_coverage.py     # prints the coverage table
"""
import importlib
import json
import os
import warnings

import pytest

_DATA = os.path.join(os.path.dirname(__file__), "data")


def _load(name):
    with open(os.path.join(_DATA, name)) as f:
        return json.load(f)


NAMES = _load("cupy_names.json")
EXCLUSIONS = _load("cupy_names_exclusions.json")["namespaces"]

# The library modules of cunp.cuda keep their decisions in a table of their own (the names they
# do not provide, each with what to use instead), which their __getattr__ raises from; those
# tables are exclusions here too, so the two cannot disagree.
DECISION_TABLES = ("cub", "cublas", "cufft", "cusolver", "cusparse", "thrust")


def _decision_tables():
    out = {}
    for name in DECISION_TABLES:
        module = importlib.import_module(f"cunp.cuda.{name}")
        out[f"cupy.cuda.{name}"] = {n: f"not provided: {why}"
                                    for n, why in module._NOT_PROVIDED.items()}
    return out


for _ns, _decided in _decision_tables().items():
    _twice = sorted(set(_decided) & set(EXCLUSIONS.get(_ns, {})))
    assert not _twice, f"{_ns}: {_twice} are decided in both the JSON file and the module"
    EXCLUSIONS.setdefault(_ns, {}).update(_decided)


def cunp_namespace(cupy_namespace):
    """The cunp module a CuPy namespace maps to: cupy.X and cupyx.X are cunp.X."""
    parts = cupy_namespace.split(".")
    return ".".join(["cunp"] + parts[1:])


def _module(cupy_namespace):
    try:
        return importlib.import_module(cunp_namespace(cupy_namespace))
    except ImportError:
        return None


def _has(module, name):
    if module is None:
        return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            getattr(module, name)
        except AttributeError:
            return False
    return True


def coverage():
    """{namespace: (names, present, missing and not excluded, pending, excluded, stale)}."""
    table = {}
    for ns, names in NAMES["namespaces"].items():
        module = _module(ns)
        excluded = EXCLUSIONS.get(ns, {})
        present = [n for n in names if _has(module, n)]
        absent = [n for n in names if n not in present]
        pending = [n for n in absent if excluded.get(n, "").startswith("pending:")]
        decided = [n for n in absent if n in excluded and n not in pending]
        missing = [n for n in absent if n not in excluded]
        stale = sorted(n for n in excluded if n in present)
        table[ns] = (names, present, missing, pending, decided, stale)
    return table


_TABLE = coverage()


def test_data_files_are_consistent():
    assert NAMES["cupy_version"] and NAMES["source"]
    for ns, excluded in EXCLUSIONS.items():
        assert ns in NAMES["namespaces"], f"exclusions for unknown namespace {ns}"
        unknown = sorted(set(excluded) - set(NAMES["namespaces"][ns]))
        assert not unknown, f"{ns}: exclusions of names CuPy does not have: {unknown}"
        empty = sorted(n for n, reason in excluded.items() if not reason.strip())
        assert not empty, f"{ns}: exclusions without a reason: {empty}"


@pytest.mark.parametrize("namespace", sorted(NAMES["namespaces"]))
def test_every_cupy_name_is_present_or_excluded(namespace):
    missing = _TABLE[namespace][2]
    assert not missing, (
        f"{cunp_namespace(namespace)} lacks CuPy's {namespace} names {missing}: implement them "
        "or add them, with a reason, to tests/python/data/cupy_names_exclusions.json")


@pytest.mark.parametrize("namespace", sorted(NAMES["namespaces"]))
def test_no_decided_exclusion_is_stale(namespace):
    # A name that exists is not excluded: its entry goes. (Pending entries that have been done
    # are reported by test_pending_exclusions_are_current instead.)
    excluded = EXCLUSIONS.get(namespace, {})
    stale = [n for n in _TABLE[namespace][5] if not excluded[n].startswith("pending:")]
    assert not stale, (f"{namespace}: {stale} exist in {cunp_namespace(namespace)}; remove them "
                       "from cupy_names_exclusions.json")


def test_pending_exclusions_are_current():
    done = {ns: [n for n in row[5] if EXCLUSIONS[ns][n].startswith("pending:")]
            for ns, row in _TABLE.items()}
    done = {ns: names for ns, names in done.items() if names}
    if done:
        warnings.warn(f"pending CuPy names that cunp now has (remove them from "
                      f"cupy_names_exclusions.json): {done}", stacklevel=1)


def format_table(table=None):
    table = table or _TABLE
    lines = ["| CuPy namespace | names | in cunp | pending | excluded | missing |",
             "|---|---|---|---|---|---|"]
    for ns, (names, present, missing, pending, decided, _) in table.items():
        lines.append(f"| `{ns}` | {len(names)} | {len(present)} "
                     f"({100.0 * len(present) / max(len(names), 1):.1f}%) | {len(pending)} | "
                     f"{len(decided)} | {len(missing)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(f"CuPy {NAMES['cupy_version']}")
    print(format_table())
