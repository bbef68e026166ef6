# tests/python/test_products_gufunc_cpu.py -- matmul, vecdot, matvec and vecmat as NumPy's
# gufunc objects, without a GPU: attributes and the methods a gufunc refuses.
"""The attributes NumPy's gufuncs have, with NumPy's values (cunp's types list lacks long double
and object), and NumPy's exceptions for reduce/accumulate/reduceat/outer/at."""
import numpy
import pytest

import cunp

NAMES = ["matmul", "vecdot", "matvec", "vecmat"]


@pytest.mark.parametrize("name", NAMES)
def test_attributes_as_numpy(name):
    mine, theirs = getattr(cunp, name), getattr(numpy, name)
    assert mine.__name__ == theirs.__name__ == name
    assert mine.signature == theirs.signature
    assert (mine.nin, mine.nout, mine.nargs) == (theirs.nin, theirs.nout, theirs.nargs)
    assert mine.identity is None and theirs.identity is None
    assert set(mine.types) <= set(theirs.types)
    assert set(theirs.types) - set(mine.types) == {'gg->g', 'GG->G', 'OO->O'}
    assert mine.ntypes == len(mine.types)
    assert repr(mine) == repr(theirs)
    assert callable(mine)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("method,args,exc", [
    ("reduce", (1,), RuntimeError), ("accumulate", (1,), RuntimeError),
    ("reduceat", (1, [0]), RuntimeError), ("outer", (1, 2), TypeError),
    ("at", (1, [0], 2), TypeError)])
def test_refused_methods(name, method, args, exc):
    np_args = tuple(numpy.ones((2, 2)) if a == 1 or a == 2 else a for a in args)
    with pytest.raises(exc) as want:
        getattr(getattr(numpy, name), method)(*np_args)
    with pytest.raises(exc) as got:
        getattr(getattr(cunp, name), method)(*args)
    assert str(got.value) == str(want.value)


def test_matmul_signature_string():
    assert cunp.matmul.signature == '(n?,k),(k,m?)->(n?,m?)'


@pytest.fixture
def on_numpy(monkeypatch):
    """The axes=/axis= layer over NumPy's matmul-based products (no device needed)."""
    from cunp import _gufunc
    monkeypatch.setattr(_gufunc, "_as_array", numpy.asarray)
    monkeypatch.setattr(_gufunc, "_array_type", lambda: numpy.ndarray)

    def impl(fn):
        return lambda x1, x2, out=None, *, casting='same_kind', dtype=None: fn(
            x1, x2, out=out, casting=casting, dtype=dtype)
    return {name: _gufunc.ufunc(name, getattr(numpy, name).signature,
                                impl(getattr(numpy, name))) for name in NAMES}


AXES_CALLS = [
    ("matmul", (2, 3, 4), (2, 4, 3), dict(axes=[(-2, -1), (-2, -1), (-2, -1)])),
    ("matmul", (3, 4, 2), (4, 5, 2), dict(axes=[(0, 1), (0, 1), (0, 1)])),
    ("matmul", (3, 4, 2), (4, 5, 2), dict(axes=[(0, 1), (0, 1), (1, 2)])),
    ("matmul", (3, 4, 2), (3, 5, 2), dict(axes=[(1, 0), (0, 1), (2, 0)])),
    ("matmul", (4,), (2, 4, 3), dict(axes=[0, (1, 2), 1])),
    ("matmul", (4,), (2, 4, 3), dict(axes=[(0,), (1, 2), (0,)])),
    ("matmul", (2, 3, 4), (3,), dict(axes=[(2, 1), 0, 0])),
    ("matmul", (4,), (4,), dict(axes=[0, 0, ()])),
    ("vecdot", (2, 5, 3), (2, 5, 3), dict(axis=1)),
    ("vecdot", (2, 5, 3), (5, 3), dict(axes=[(1,), (0,)])),
    ("vecdot", (2, 5, 3), (5, 3), dict(axes=[1, 0, ()])),
    ("matvec", (3, 4, 2), (4,), dict(axes=[(0, 1), 0, 0])),
    ("matvec", (3, 4, 2), (2, 4), dict(axes=[(0, 1), 1, 1])),
    ("vecmat", (4,), (3, 4, 5), dict(axes=[0, (1, 2), 0])),
]


@pytest.mark.parametrize("name,sa,sb,kw", AXES_CALLS)
def test_axes_as_numpy(on_numpy, name, sa, sb, kw):
    rng = numpy.random.default_rng(0)
    a, b = rng.standard_normal(sa), rng.standard_normal(sb)
    want = getattr(numpy, name)(a, b, **kw)
    got = on_numpy[name](a, b, **kw)
    assert got.shape == want.shape
    numpy.testing.assert_allclose(got, want, rtol=1e-12)
    # The same through out=: written in place, out returned.
    out = numpy.zeros(want.shape)
    assert on_numpy[name](a, b, out=out, **kw) is out
    numpy.testing.assert_allclose(out, want, rtol=1e-12)


@pytest.mark.parametrize("name,kw", [
    ("matmul", dict(axes=[(0, 1), (0, 1)])),
    ("matmul", dict(axes=[(0, 1, 2), (0, 1), (0, 1)])),
    ("matmul", dict(axes=[0, (0, 1), (0, 1)])),
    ("matmul", dict(axes=[(0, 5), (0, 1), (0, 1)])),
    ("matmul", dict(axes=[(0, 0), (0, 1), (0, 1)])),
    ("matmul", dict(axes=((1, 2), (1, 2), (1, 2)))),
    ("matmul", dict(axis=0)),
    ("matmul", dict(axes=[(1, 2), (1, 2), (1, 2)], axis=1)),
    ("vecdot", dict(axis=5)),
    ("vecdot", dict(axes=[1, 1, 0])),
    ("vecdot", dict(axes=[1, 1, (0,)])),
    ("matvec", dict(axis=0)),
])
def test_axes_errors_as_numpy(on_numpy, name, kw):
    a = numpy.ones((2, 3, 3))
    b = numpy.ones((2, 3, 3))
    with pytest.raises(Exception) as want:
        getattr(numpy, name)(a, b, **kw)
    with pytest.raises(type(want.value)) as got:
        on_numpy[name](a, b, **kw)
    assert str(got.value) == str(want.value)
