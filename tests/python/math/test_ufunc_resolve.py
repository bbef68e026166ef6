"""Ufunc type resolution equals NumPy 2's, for every ufunc and every operand dtype (CPU only).

``ufunc.resolve_dtypes`` runs the same resolution as a call, without data, so every dtype
combination -- with Python int/float/complex standing for weak scalars (NEP 50) -- is compared
with NumPy's answer here, on machines without a GPU too.
"""
import itertools

import numpy
import pytest

import cunp

DTYPES = [numpy.dtype(c) for c in "?bBhHiIlLefdFD"]
WEAK = [int, float, complex]
KNOWN = set()  # (ufunc, dtypes) where cunp knowingly differs from NumPy


def _ufunc_names():
    return sorted(set(cunp._core.elementwise.ufunc_names))


def _resolve(mod, name, dtypes, **kw):
    try:
        return tuple(numpy.dtype(d) for d in getattr(mod, name).resolve_dtypes(dtypes, **kw))
    except (TypeError, OverflowError) as e:  # UFuncTypeError is a TypeError
        return "OverflowError" if isinstance(e, OverflowError) else "TypeError"


def _operand_sets(nin):
    strong = [[d] for d in DTYPES]
    if nin == 1:
        return strong
    pairs = list(itertools.product(DTYPES, DTYPES))
    pairs += [(d, w) for d in DTYPES for w in WEAK] + [(w, d) for d in DTYPES for w in WEAK]
    return [list(p) for p in pairs]


@pytest.mark.parametrize("name", _ufunc_names())
def test_resolve_dtypes_matches_numpy(name):
    u = getattr(cunp, name)
    mismatches = []
    for ins in _operand_sets(u.nin):
        dtypes = tuple(ins) + (None,) * u.nout
        if (name, dtypes) in KNOWN:
            continue
        expected = _resolve(numpy, name, dtypes)
        got = _resolve(cunp, name, dtypes)
        if expected != got:
            mismatches.append(f"{dtypes}: numpy {expected}, cunp {got}")
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])


@pytest.mark.parametrize("name", ["add", "true_divide", "less", "maximum", "ldexp"])
@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_resolve_with_output_dtype_and_casting(name, casting):
    mismatches = []
    for a, b, out in itertools.product(DTYPES[::2], DTYPES[::2], DTYPES[::3]):
        dtypes = (a, b, out)
        expected = _resolve(numpy, name, dtypes, casting=casting)
        got = _resolve(cunp, name, dtypes, casting=casting)
        if expected != got:
            mismatches.append(f"{dtypes}: numpy {expected}, cunp {got}")
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])


def test_resolve_with_signature():
    assert cunp.add.resolve_dtypes((DTYPES[1], DTYPES[1], None), signature=(None, None, numpy.float32)) == \
        tuple(numpy.add.resolve_dtypes((DTYPES[1], DTYPES[1], None), signature=(None, None, numpy.float32)))


@pytest.mark.parametrize("name", ["add", "bitwise_and", "maximum", "left_shift", "true_divide",
                                  "logical_and", "less", "equal", "power", "fmod", "arctan2",
                                  "copysign", "gcd", "heaviside"])
@pytest.mark.parametrize("casting", ["no", "safe", "same_kind", "unsafe"])
def test_resolve_python_scalars_with_dtype(name, casting):
    """dtype=T (signature (None, None, T)) beside Python scalars: a scalar goes into the loop by
    its kind (no int into bool, no float into an integer, no complex into a real type); the
    comparisons and logical functions still choose by their inputs. ('equiv' is left out: NumPy
    2.4's resolve_dtypes crashes on it with a Python int.)"""
    mismatches = []
    operands = [(d, w) for d in DTYPES for w in WEAK] + [(w, d) for d in DTYPES for w in WEAK]
    # Two Python scalars: NumPy's logical functions take the bool loop and its comparisons,
    # under 'no', the object loop; cunp compares them as their default dtypes.
    if name not in ("logical_and", "less", "equal"):
        operands += [(w1, w2) for w1 in WEAK for w2 in WEAK]
    for ins, out in itertools.product(operands, DTYPES):
        dtypes = tuple(ins) + (None,)
        kw = {"signature": (None, None, out), "casting": casting}
        expected = _resolve(numpy, name, dtypes, **kw)
        got = _resolve(cunp, name, dtypes, **kw)
        if expected != got:
            mismatches.append(f"{dtypes} -> {out}: numpy {expected}, cunp {got}")
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
