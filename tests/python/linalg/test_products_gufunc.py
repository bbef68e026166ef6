# tests/python/linalg/test_products_gufunc.py -- matmul, vecdot, matvec and vecmat as NumPy's gufuncs:
# their attributes and the methods a gufunc refuses (no GPU), then calls on the GPU with axes=,
# axis=, out=, dtype=, casting=, and their errors.
"""The attributes NumPy's gufuncs have, with NumPy's values (cunp's types list lacks long double
and object), and NumPy's exceptions for reduce/accumulate/reduceat/outer/at. Calls with NumPy's
gufunc keywords are compared with NumPy; values are products of small random matrices: float64
to 1e-12 relative, as test_products_matmul.py."""

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


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
    from cunp._kernels import _gufunc
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


@pytest.mark.parametrize("kw", [dict(axes=[(0, 1)] * 3, axis=0), dict(axis=0)])
def test_matmul_checks_axes_in_the_core(monkeypatch, kw):
    # cunp.matmul is the core's function; it handles axes=/axis= itself (no call back into the
    # Python gufunc layer). Scalar operands get as far as the checks without a device.
    from cunp._kernels import _gufunc
    monkeypatch.setattr(_gufunc, "_call_on_axes", lambda *a: pytest.fail("called back"))
    with pytest.raises(TypeError) as want:
        numpy.matmul(1.0, 2.0, **kw)
    with pytest.raises(TypeError) as got:
        cunp.matmul(1.0, 2.0, **kw)
    assert str(got.value) == str(want.value)


def test_matmul_is_the_core_function():
    # No Python frame per call: the object's __call__ is the core's builtin.
    call = type(cunp.matmul).__dict__["__call__"]
    assert isinstance(call, staticmethod) and call.__func__ is cunp._core.matmul


# --- on the GPU ---

def rand(shape, dtype='float64', seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


CALLS = [
    ("matmul", (2, 3, 4), (2, 4, 3), dict(axes=[(-2, -1), (-2, -1), (-2, -1)])),
    ("matmul", (3, 4, 2), (4, 5, 2), dict(axes=[(0, 1), (0, 1), (0, 1)])),
    ("matmul", (3, 4, 2), (4, 5, 2), dict(axes=[(0, 1), (0, 1), (1, 2)])),
    ("matmul", (4,), (2, 4, 3), dict(axes=[0, (1, 2), 1])),
    ("matmul", (4,), (2, 4, 3), dict(axes=[(0,), (1, 2), (0,)])),
    ("matmul", (2, 3, 4), (3,), dict(axes=[(2, 1), 0, 0])),
    ("vecdot", (2, 5, 3), (2, 5, 3), dict(axis=1)),
    ("vecdot", (2, 5, 3), (5, 3), dict(axes=[(1,), (0,)])),
    ("vecdot", (2, 5, 3), (5, 3), dict(axes=[1, 0, ()])),
    ("matvec", (3, 4, 2), (4,), dict(axes=[(0, 1), 0, 0])),
    ("vecmat", (4,), (3, 4, 5), dict(axes=[0, (1, 2), 0])),
    ("matmul", (2, 3, 4), (2, 4, 5), dict(dtype='complex128')),
    ("vecdot", (2, 3), (2, 3), dict(dtype='complex128', casting='same_kind')),
]


@gpu
@pytest.mark.parametrize("dtype", ['float32', 'float64', 'complex64', 'complex128'])
@pytest.mark.parametrize("name,sa,sb,kw", CALLS)
@testing.numpy_cunp_allclose(rtol={numpy.float32: 1e-5, numpy.complex64: 1e-5,
                                   'default': 1e-12}, contiguous_check=False)
def test_gufunc_keywords(xp, dtype, name, sa, sb, kw):
    a = xp.asarray(rand(sa, dtype, 1))
    b = xp.asarray(rand(sb, dtype, 2))
    return getattr(xp, name)(a, b, **kw)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-12, contiguous_check=False)
def test_matmul_axes_into_out(xp):
    a, b = xp.asarray(rand((2, 3, 4), seed=1)), xp.asarray(rand((2, 4, 3), seed=2))
    out = xp.zeros((3, 2, 3))
    r = xp.matmul(a, b, out=out, axes=[(1, 2), (1, 2), (0, 2)])
    assert r is out
    return out


@gpu
@testing.numpy_cunp_allclose(rtol=1e-12, contiguous_check=False)
def test_vecdot_out_and_casting(xp):
    a, b = xp.asarray(rand((4, 3), seed=1)), xp.asarray(rand((4, 3), seed=2))
    out = xp.zeros(4, dtype=numpy.complex128)
    r = xp.vecdot(a, b, out=out)
    assert r is out
    return out


@gpu
@pytest.mark.parametrize('f', [
    lambda xp, a, b: xp.matmul(a, b, axes=[(0, 1), (0, 1)]),
    lambda xp, a, b: xp.matmul(a, b, axes=[(0, 1, 2), (0, 1), (0, 1)]),
    lambda xp, a, b: xp.matmul(a, b, axes=[0, (0, 1), (0, 1)]),
    lambda xp, a, b: xp.matmul(a, b, axes=[(0, 5), (0, 1), (0, 1)]),
    lambda xp, a, b: xp.matmul(a, b, axes=[(0, 0), (0, 1), (0, 1)]),
    lambda xp, a, b: xp.matmul(a, b, axes=((1, 2), (1, 2), (1, 2))),
    lambda xp, a, b: xp.matmul(a, b, axis=0),
    lambda xp, a, b: xp.matmul(a, b, axes=[(1, 2), (1, 2), (1, 2)], axis=1),
    lambda xp, a, b: xp.vecdot(a, a, axis=5),
    lambda xp, a, b: xp.vecdot(a, a, axes=[1, 1, 0]),
    lambda xp, a, b: xp.matvec(a, a[0, 0], axis=0),
])
@testing.numpy_cunp_raises()
def test_gufunc_keyword_errors(xp, f):
    a = xp.ones((2, 3, 4))
    b = xp.ones((2, 4, 3))
    return f(xp, a, b)


@gpu
def test_gufunc_casting_checked_before_core_dims():
    # NumPy resolves the loop before it compares core sizes, so the casting error wins. NumPy's
    # class is a private TypeError subclass (_UFuncInputCastingError); cunp raises TypeError, as
    # its ufuncs do.
    a, b = cunp.ones((2, 3, 4)), cunp.ones((2, 4, 3))
    for f in (cunp.vecdot, cunp.matvec, cunp.vecmat):
        with pytest.raises(TypeError, match="Cannot cast ufunc .* with casting rule 'no'"):
            f(a, b, casting='no', dtype=numpy.float32)


@gpu
def test_matmul_is_still_the_operator():
    a = cunp.asarray(rand((3, 4), seed=1))
    b = cunp.asarray(rand((4, 2), seed=2))
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.matmul(a, b)), cunp.asnumpy(a @ b))


@gpu
def test_einsum_plan_is_cached_and_replayed():
    from cunp import _core
    a = cunp.asarray(rand((4, 5, 6), 'float32', 1))
    b = cunp.asarray(rand((4, 6, 3), 'float32', 2))
    _core.einsum.clear_plan_cache()
    first = cunp.asnumpy(cunp.einsum('bij,bjk->bik', a, b))
    plans = _core.einsum.plan_cache_size()
    second = cunp.asnumpy(cunp.einsum('bij,bjk->bik', a, b))
    assert _core.einsum.plan_cache_size() == plans
    numpy.testing.assert_array_equal(first, second)
    numpy.testing.assert_array_equal(first, cunp.asnumpy(a @ b))
    # Another shape or dtype is another plan.
    cunp.einsum('bij,bjk->bik', a.astype('float64'), b.astype('float64'))
    assert _core.einsum.plan_cache_size() == plans + 1


@gpu
@pytest.mark.parametrize("optimize", [False, True, 'greedy', 'optimal', ('greedy', 20),
                                      ['einsum_path', (1, 2), (0, 1)]])
@testing.numpy_cunp_allclose(rtol=1e-12, contiguous_check=False)
def test_einsum_optimize(xp, optimize):
    ops = [xp.asarray(rand(s, seed=k)) for k, s in enumerate([(3, 4), (4, 5), (5, 2)])]
    return xp.einsum('ij,jk,kl->il', *ops, optimize=optimize)


@gpu
def test_einsum_path_on_device_arrays():
    shapes = [(3, 4), (4, 50), (50, 2), (2, 6)]
    ops_np = [numpy.ones(s) for s in shapes]
    ops = [cunp.asarray(x) for x in ops_np]
    for opt in ('greedy', 'optimal'):
        got = cunp.einsum_path('ij,jk,kl,lm->im', *ops, optimize=opt)[0]
        assert got == numpy.einsum_path('ij,jk,kl,lm->im', *ops_np, optimize=opt)[0]


# axes=/axis= on device operands of several layouts: values, dtype, shape and the result's
# layout (strides in elements, C/F contiguity) as NumPy's (issue 37). NumPy allocates the
# output with the loop dimensions first and the core ones last, then moves the core ones to
# where axes= puts them, so the result is a non-contiguous view for most selections.
AXES_LAYOUT_CALLS = [
    ("matmul", (3, 2, 4), (2, 4, 5), dict(axes=[(-3, -1), (-2, -1), (-3, -1)])),
    ("matmul", (3, 2, 4), (5, 2, 4), dict(axes=[(0, 2), (2, 0), (1, 0)])),
    ("matmul", (2, 3, 4, 6), (2, 4, 6, 5), dict(axes=[(1, 3), (-2, -1), (0, -1)])),
    ("matmul", (2, 3, 4, 6), (4, 6, 5), dict(axes=[(1, 3), (-2, -1), (-1, 0)])),
    ("matmul", (6,), (2, 6, 5), dict(axes=[0, (-2, 0), 0])),
    ("matmul", (6,), (2, 6, 5), dict(axes=[0, (1, 2), 0])),
    ("matmul", (3, 6, 2), (6,), dict(axes=[(0, 1), 0, 0])),
    ("vecdot", (5, 3, 4), (5, 3, 4), dict(axis=0)),
    ("vecdot", (5, 3, 4), (3, 4), dict(axis=-2)),
    ("vecdot", (2, 5, 3), (5, 3), dict(axes=[(1,), (0,), ()])),
    ("vecdot", (2, 5, 3), (5, 1), dict(axis=1)),  # a core size mismatch: ValueError
    ("matvec", (4, 2, 3), (4,), dict(axes=[(-1, -3), 0, -1])),
    ("matvec", (4, 2, 3), (2, 4), dict(axes=[(2, 0), 1, 0])),
    ("vecmat", (2, 4), (5, 4, 2), dict(axes=[-1, (1, 0), 0])),
    ("vecmat", (4, 2), (3, 4, 5), dict(axes=[0, (1, 2), 1])),  # loop shapes differ: ValueError
]


def _laid_out(xp, a, layout):
    """a (on the host) as a device (or NumPy) array of the layout: 'C', 'F', 'strided' (every
    other element of a larger array) or 'reversed' (negative strides)."""
    if layout == 'C':
        return xp.asarray(a)
    if layout == 'F':
        return xp.asfortranarray(xp.asarray(a))
    if layout == 'strided':
        big = numpy.zeros(tuple(2 * n for n in a.shape), a.dtype)
        big[tuple(slice(None, None, 2) for _ in a.shape)] = a
        return xp.asarray(big)[tuple(slice(None, None, 2) for _ in a.shape)]
    return xp.asarray(numpy.ascontiguousarray(a[(slice(None, None, -1),) * a.ndim]))[
        (slice(None, None, -1),) * a.ndim]


@gpu
@pytest.mark.parametrize("layout", ['C', 'F', 'strided', 'reversed'])
@pytest.mark.parametrize("dtype", ['float64', 'complex64', 'int64'])
@pytest.mark.parametrize("name,sa,sb,kw", AXES_LAYOUT_CALLS)
def test_gufunc_axes_values_and_layout(name, sa, sb, kw, dtype, layout):
    a, b = rand(sa, dtype, 1), rand(sb, dtype, 2)
    if dtype == 'int64':
        a, b = (rand(sa, 'float64', 1) * 4).astype(dtype), (rand(sb, 'float64', 2) * 4).astype(dtype)
    try:
        want = getattr(numpy, name)(_laid_out(numpy, a, layout), _laid_out(numpy, b, layout), **kw)
    except Exception as e:  # noqa: BLE001 - the same exception type is demanded of cunp
        with pytest.raises(type(e)):
            getattr(cunp, name)(_laid_out(cunp, a, layout), _laid_out(cunp, b, layout), **kw)
        return
    got = getattr(cunp, name)(_laid_out(cunp, a, layout), _laid_out(cunp, b, layout), **kw)
    assert isinstance(got, cunp.ndarray)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    strides = tuple(s // got.itemsize for s in got.strides)
    assert strides == tuple(s // want.itemsize for s in want.strides), (strides, want.strides)
    assert (got.flags.c_contiguous, got.flags.f_contiguous) == (want.flags.c_contiguous,
                                                                want.flags.f_contiguous)
    rtol = 1e-5 if dtype == 'complex64' else 1e-12
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=rtol, atol=rtol)
