"""Every public function of cunp shows NumPy's signature under inspect.signature: the same
parameter names, in the same order, of the same kinds, with defaults that mean the same. The
functions bound in C++ (nanobind functions, the ufuncs) get theirs from cunp._signatures.
CuPy's own names (those NumPy lacks: cupyx's, cupy.testing's, cupy.cuda's Python ones) show
CuPy's signatures, pinned in data/cupy_signatures.json by tools/cupy-names. Differences that
are decisions are in data/signature_exclusions.json, each with its reason. Runs without a GPU.
"""
import importlib
import inspect
import json
import os
import pydoc

import numpy
import pytest

import cunp

_DATA = os.path.join(os.path.dirname(__file__), "data")
with open(os.path.join(_DATA, "signature_exclusions.json")) as _f:
    _EXCLUDED = json.load(_f)
EXCLUSIONS, CUPY_EXCLUSIONS = _EXCLUDED["functions"], _EXCLUDED["cupy"]
with open(os.path.join(_DATA, "cupy_signatures.json")) as _f:
    CUPY_SIGNATURES = json.load(_f)["signatures"]

# cunp's namespace -> NumPy's.
NAMESPACES = {"cunp": "numpy", "cunp.linalg": "numpy.linalg", "cunp.fft": "numpy.fft",
              "cunp.random": "numpy.random"}


def _public(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return names


def _pairs():
    out = []
    for ours, theirs in NAMESPACES.items():
        cm, nm = importlib.import_module(ours), importlib.import_module(theirs)
        for name in _public(cm):
            f, g = getattr(cm, name, None), getattr(nm, name, None)
            if (f is None or g is None or not callable(f) or isinstance(f, type)
                    or isinstance(g, type) or inspect.ismodule(f)):
                continue
            try:
                inspect.signature(g)
            except (TypeError, ValueError):
                continue  # NumPy shows none either
            out.append(f"{ours}.{name}")
    return out


PAIRS = _pairs()


def _methods():
    out = []
    for name in dir(numpy.ndarray):
        if name.startswith("_") or not hasattr(cunp.ndarray, name):
            continue
        if not callable(getattr(numpy.ndarray, name)):
            continue
        try:
            inspect.signature(getattr(numpy.ndarray, name))
        except (TypeError, ValueError):
            continue
        out.append(f"cunp.ndarray.{name}")
    return out


METHODS = _methods()


def _objects(qualified):
    module, _, name = qualified.rpartition(".")
    return (getattr(importlib.import_module(module), name),
            getattr(importlib.import_module(NAMESPACES[module]), name))


def _not_given(default):
    # NumPy's <no value> and a private `object()` sentinel both mean "not given".
    return repr(default) == "<no value>" or type(default) is object


def _same_default(name, ours, theirs):
    if theirs is inspect.Parameter.empty:
        return True  # required in NumPy: cunp may give it a default (it accepts more calls)
    if ours is inspect.Parameter.empty:
        return False  # optional in NumPy, required in cunp: a NumPy call fails
    if _not_given(theirs) or _not_given(ours):
        return True  # the behaviour without the argument, whatever cunp's default is
    if name == "dtype":
        try:
            return (numpy.dtype(float if ours is None else ours)
                    == numpy.dtype(float if theirs is None else theirs))
        except TypeError:
            pass
    try:
        return bool(ours == theirs)
    except Exception:  # noqa: BLE001 - arrays and such
        return ours is theirs


_P = inspect.Parameter
_POSITIONAL = (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD)
_BY_NAME = (_P.POSITIONAL_OR_KEYWORD, _P.KEYWORD_ONLY)


def differences(qualified):
    """Where cunp's signature of a function differs from NumPy's (empty: none); the rules are
    _signature_differences'."""
    if qualified.startswith("cunp.ndarray."):
        name = qualified.rpartition(".")[2]
        f, g = getattr(cunp.ndarray, name), getattr(numpy.ndarray, name)
    else:
        f, g = _objects(qualified)
    try:
        ours = inspect.signature(f)
    except (TypeError, ValueError) as e:
        return [f"no signature ({e})"]
    return _signature_differences(ours, inspect.signature(g))


def _signature_differences(ours, theirs, who="NumPy"):
    """Where signature `ours` differs from `theirs` (NumPy's or CuPy's). The rules:
    NumPy's positional parameters in NumPy's order, with NumPy's names where NumPy lets them
    be passed by name; NumPy's keyword parameters, by name (their order is free); *args and
    **kwargs where NumPy has them; defaults that mean the same (NumPy's <no value> matches any;
    a default where NumPy requires the argument is fine); and parameters of cunp's own (CuPy's
    dtype=, device=, ...) after NumPy's, with defaults. A parameter NumPy takes positionally
    only may also be named in cunp."""
    a, b = list(ours.parameters.values()), list(theirs.parameters.values())
    problems = []
    a_pos = [p for p in a if p.kind in _POSITIONAL]
    b_pos = [p for p in b if p.kind in _POSITIONAL]
    if len(a_pos) < len(b_pos):
        problems.append(f"{len(a_pos)} positional parameters, {who} has {len(b_pos)}")
    for p, q in zip(a_pos, b_pos):
        if q.kind == _P.POSITIONAL_OR_KEYWORD and (p.name != q.name or p.kind != q.kind):
            problems.append(f"positional parameter {p.name} ({p.kind.description}) where "
                            f"{who} has {q.name} ({q.kind.description})")
        if not _same_default(q.name, p.default, q.default):
            problems.append(f"default of {q.name}: {p.default!r} != {who}'s {q.default!r}")
    by_name = {p.name: p for p in a if p.kind in _BY_NAME}
    for q in b:
        if q.kind != _P.KEYWORD_ONLY:
            continue
        p = by_name.get(q.name)
        if p is None:
            problems.append(f"no keyword parameter {q.name}")
        elif not _same_default(q.name, p.default, q.default):
            problems.append(f"default of {q.name}: {p.default!r} != {who}'s {q.default!r}")
    takes_kwargs = any(p.kind == _P.VAR_KEYWORD for p in a)
    if takes_kwargs:  # NumPy's keywords reach cunp's **kwargs
        problems = [m for m in problems if not m.startswith("no keyword parameter")]
    for kind in (_P.VAR_POSITIONAL, _P.VAR_KEYWORD):
        if any(q.kind == kind for q in b) and not any(p.kind == kind for p in a):
            problems.append(f"no {kind.description} parameter")
    known = {q.name for q in b} | {p.name for p in a_pos[:len(b_pos)]}
    for p in a:
        if (p.name not in known and p.kind in (*_POSITIONAL, _P.KEYWORD_ONLY)
                and p.default is _P.empty):
            problems.append(f"{p.name}, which {who} does not have, is required")
    return problems


def test_there_are_functions_to_compare():
    assert len(PAIRS) > 400
    assert "cunp.sum" in PAIRS and "cunp.add" in PAIRS


@pytest.mark.parametrize("qualified", [p for p in PAIRS if p not in EXCLUSIONS])
def test_signature_is_numpys(qualified):
    assert not differences(qualified), (
        f"{qualified}: {differences(qualified)}; match NumPy's signature (cunp._signatures "
        "for functions bound in C++) or add it, with a reason, to "
        "tests/python/data/signature_exclusions.json")


@pytest.mark.parametrize("qualified", [m for m in METHODS if m not in EXCLUSIONS])
def test_method_signature_is_numpys(qualified):
    assert not differences(qualified), (
        f"{qualified}: {differences(qualified)}; match numpy.ndarray's signature or add it, "
        "with a reason, to tests/python/data/signature_exclusions.json")


def test_methods_bound_in_cpp_show_numpys_self_and_drop_it_when_bound():
    from cunp import _core

    method = _core.ndarray.__dict__["copy"]
    sig = inspect.signature(method)
    assert list(sig.parameters)[0] == "self"
    assert next(iter(sig.parameters.values())).kind == inspect.Parameter.POSITIONAL_ONLY
    bound = method.__get__(0)  # any object: only the signature is read
    assert list(inspect.signature(bound).parameters) == list(sig.parameters)[1:]


def test_exclusions_have_reasons_and_exist():
    for qualified, reason in EXCLUSIONS.items():
        assert reason.strip(), f"{qualified}: an exclusion without a reason"
        if qualified.startswith("cunp.ndarray."):
            assert hasattr(cunp.ndarray, qualified.rpartition(".")[2]), qualified
            continue
        module, _, name = qualified.rpartition(".")
        assert module in NAMESPACES, f"{qualified}: not in a compared namespace"
        assert hasattr(importlib.import_module(module), name), f"{qualified}: no such function"


def test_functions_bound_in_cpp_have_signatures():
    from cunp import _core

    nb_func = type(_core.zeros)
    bound = [q for q in PAIRS if type(_objects(q)[0]) in (nb_func, _core.ufunc)]
    assert len(bound) > 100
    missing = []
    for q in bound:
        try:
            inspect.signature(_objects(q)[0])
        except (TypeError, ValueError):
            missing.append(q)
    assert not missing


def test_sum_shows_numpys_parameters():
    sig = inspect.signature(cunp.sum)
    assert list(sig.parameters) == list(inspect.signature(numpy.sum).parameters)
    text = pydoc.render_doc(cunp.sum)
    for name in ("axis", "dtype", "out", "keepdims", "initial", "where"):
        assert name in text


def test_ufunc_signatures_follow_nin_and_nout():
    assert str(inspect.signature(cunp.add)) == str(inspect.signature(numpy.add))
    assert str(inspect.signature(cunp.sin)) == str(inspect.signature(numpy.sin))
    assert str(inspect.signature(cunp.divmod)) == str(inspect.signature(numpy.divmod))


def test_signature_property_leaves_calls_alone():
    # The property is read by inspect only; the function still calls as it did, and a
    # nanobind function cunp has no signature for stays as nanobind left it.
    from cunp import _signatures

    assert _signatures.signature_of(cunp.promote_types) == inspect.signature(
        cunp.promote_types)
    assert str(inspect.signature(cunp.promote_types)) == "(type1, type2, /)"
    assert cunp.promote_types("f4", "f8") == numpy.float64


def test_every_cpp_function_of_the_core_has_a_signature():
    # Each nanobind function with one overload, public or not, reads as a Python signature.
    import types

    from cunp import _core, _signatures

    nb_func, seen, missing = type(_core.zeros), set(), []

    def walk(module):
        seen.add(module)
        for name, value in vars(module).items():
            if type(value) is nb_func and len(value.__nb_signature__) == 1:
                if _signatures.signature_of(value) is None:
                    missing.append(f"{module.__name__}.{name}")
            elif isinstance(value, types.ModuleType) and value not in seen and \
                    value.__name__.startswith("cunp._core"):
                walk(value)

    walk(_core)
    assert not missing


def test_the_package_ships_stubs_and_py_typed():
    root = os.path.dirname(cunp.__file__)
    assert os.path.isfile(os.path.join(root, "py.typed"))
    stub = os.path.join(root, "_core", "__init__.pyi")
    assert os.path.isfile(stub), "the build writes cunp/_core/*.pyi (cmake/stubgen.py)"
    with open(stub) as f:
        assert "def zeros(" in f.read()


# CuPy's namespaces whose names NumPy shares (those are compared with NumPy's above).
_NUMPY_OF = {"cupy": "numpy", "cupyx": "numpy", "cupy.linalg": "numpy.linalg",
             "cupy.fft": "numpy.fft", "cupy.random": "numpy.random",
             "cupy.lib.stride_tricks": "numpy.lib.stride_tricks"}


def _cunp_module(cupy_namespace):
    """cunp's home of a CuPy namespace (DESIGN 15: cupy.X and cupyx.X are cunp.X)."""
    root, _, rest = cupy_namespace.partition(".")
    return importlib.import_module("cunp" + ("." + rest if rest else ""))


def _cupy_only():
    out = []
    for key in sorted(CUPY_SIGNATURES):
        namespace, name = key.split(":")
        if namespace.startswith("cupyx.scipy"):
            continue  # cunp.scipy follows SciPy's signatures
        numpy_namespace = _NUMPY_OF.get(namespace)
        if numpy_namespace and hasattr(importlib.import_module(numpy_namespace), name):
            continue
        if hasattr(_cunp_module(namespace), name):  # missing ones: test_cupy_coverage.py's
            out.append(key)
    return out


CUPY_ONLY = _cupy_only()
_ANY_DEFAULT = object()  # CuPy's data says only whether a parameter has a default


def cupy_differences(key):
    namespace, name = key.split(":")
    try:
        ours = inspect.signature(getattr(_cunp_module(namespace), name))
    except (TypeError, ValueError) as e:
        return [f"no signature ({e})"]
    theirs = inspect.Signature([
        inspect.Parameter(p, getattr(_P, kind), default=_ANY_DEFAULT if has else _P.empty)
        for p, kind, has in CUPY_SIGNATURES[key]])
    return _signature_differences(ours, theirs, "CuPy")


def test_there_are_cupy_names_to_compare():
    assert len(CUPY_ONLY) > 80
    assert "cupyx:scatter_add" in CUPY_ONLY and "cupy.testing:numpy_cupy_allclose" in CUPY_ONLY


@pytest.mark.parametrize("key", [k for k in CUPY_ONLY if k not in CUPY_EXCLUSIONS])
def test_cupy_only_signature_is_cupys(key):
    assert not cupy_differences(key), (
        f"{key}: {cupy_differences(key)}; match CuPy's signature or add it, with a reason, to "
        "the 'cupy' table of tests/python/data/signature_exclusions.json")


def test_cupy_exclusions_have_reasons_and_exist():
    for key, reason in CUPY_EXCLUSIONS.items():
        assert reason.strip(), f"{key}: an exclusion without a reason"
        assert key in CUPY_ONLY, f"{key}: not one of CuPy's own names cunp has"
