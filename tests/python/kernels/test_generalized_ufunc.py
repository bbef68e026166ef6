"""cupyx.GeneralizedUFunc at cunp's top level: a Python function run over the core dimensions of
a signature, looping over (or handing over, when batched) the broadcast loop dimensions. The
machinery is checked on the CPU with NumPy's arrays standing in for the device's; the gpu tests
run it on cunp arrays against NumPy's own gufuncs."""
import numpy
import pytest

import cunp
from cunp._kernels import _generalized_ufunc as gu

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(15)


@pytest.fixture
def host_arrays(monkeypatch):
    """The machinery's array operations replaced by NumPy's (its logic is host code)."""
    monkeypatch.setattr(gu, "_asarray", numpy.asarray)
    monkeypatch.setattr(gu, "_is_array", lambda a: isinstance(a, numpy.ndarray))
    monkeypatch.setattr(gu, "_empty", lambda shape, dtype, order: numpy.empty(shape, dtype, order))
    monkeypatch.setattr(gu, "_result_type", numpy.result_type)
    monkeypatch.setattr(gu, "_broadcast_shapes", numpy.broadcast_shapes)
    monkeypatch.setattr(gu, "_broadcast_to", numpy.broadcast_to)
    return numpy


def _matmul(batched=False):
    return cunp.GeneralizedUFunc(lambda a, b: a @ b, "(m,n),(n,p)->(m,p)",
                                 supports_batched=batched)


# --- no GPU ---

def test_attributes_and_signature_parsing():
    g = cunp.GeneralizedUFunc(numpy.add, " ( i , j ) , ( j ) -> ( i ) ", name="mv", doc="d")
    assert (g.__name__, g.__doc__, g.nin, g.nout, g.nargs) == ("mv", "d", 2, 1, 3)
    assert "mv" in repr(g)

    def f(x):
        """doc of f"""
    g = cunp.GeneralizedUFunc(f, "(n)->()", signatures=["f->f", ("d->d", f)])
    assert g.__name__ == "f" and g.__doc__ == "doc of f" and g.types == ["f->f", "d->d"]
    for bad in ("", "(i)", "(i)->", "(i->(i)", "(i)->(i)->(i)", "(i,)->(i)", "(i j)->()",
                "(i)->(k?)"):
        with pytest.raises(ValueError):
            cunp.GeneralizedUFunc(f, bad)
    with pytest.raises(TypeError):
        cunp.GeneralizedUFunc(f, None)
    with pytest.raises(TypeError):
        cunp.GeneralizedUFunc(1, "()->()")
    with pytest.raises(ValueError):
        cunp.GeneralizedUFunc(f, "(n)->()", signatures=["ff->f"])


def test_call_argument_errors_come_before_any_array_work():
    g = _matmul()
    with pytest.raises(ValueError, match="input arguments"):
        g(1)
    with pytest.raises(TypeError, match="axis"):
        g(1, 2, axis=0, axes=[0, 0, 0])
    with pytest.raises(ValueError, match="order"):
        g(1, 2, order="X")
    with pytest.raises(ValueError, match="scalar outputs"):
        g(1, 2, keepdims=True)
    with pytest.raises(TypeError, match="cunp arrays"):
        g(1, 2, out=numpy.zeros(3))


def test_loops_match_numpy_matmul(host_arrays):
    a, b = _rng.random((4, 2, 3)), _rng.random((3, 5))
    b3 = _rng.random((1, 3, 3, 5))  # loop dimensions (4, 1) and (1, 3) broadcast
    for g in (_matmul(), _matmul(batched=True)):
        numpy.testing.assert_allclose(g(a, b), a @ b)
        numpy.testing.assert_allclose(g(a[:, None], b3), a[:, None] @ b3)
    g = _matmul()
    a2, b2 = _rng.random((3, 4, 2)), _rng.random((2, 5))
    axes = [(0, 2), (0, 1), (1, 0)]
    numpy.testing.assert_allclose(g(a2, b2, axes=axes), numpy.matmul(a2, b2, axes=axes))
    a2, b2 = _rng.random((2, 3, 4)), _rng.random((3, 6, 4))  # the GPU test's case
    axes = [(0, 2), (2, 1), (1, 0)]
    numpy.testing.assert_allclose(g(a2, b2, axes=axes), numpy.matmul(a2, b2, axes=axes))
    out = numpy.empty((4, 2, 5))
    assert g(a, b, out=out) is out
    numpy.testing.assert_allclose(out, a @ b)
    out = numpy.empty((4, 2, 5))
    g(a, b, out)  # outputs as extra positional arguments
    numpy.testing.assert_allclose(out, a @ b)
    assert g(a, b, order="F").flags.f_contiguous
    assert g(numpy.ones((0, 2, 3)), b).shape == (0, 2, 5)
    with pytest.raises(ValueError, match="mismatch in its core dimension n"):
        g(numpy.ones((2, 3)), numpy.ones((4, 5)))
    with pytest.raises(ValueError, match="output operand 0 has shape"):
        g(a, b, out=numpy.empty((4, 2, 4)))
    with pytest.raises(ValueError, match="needs 2"):
        g(numpy.ones(3), b)


def test_axis_keepdims_and_optional_dimensions(host_arrays):
    inner = cunp.GeneralizedUFunc(lambda x, y: (x * y).sum(-1), "(i),(i)->()")
    x, y = _rng.random((3, 4)), _rng.random((3, 4))
    numpy.testing.assert_allclose(inner(x, y), numpy.vecdot(x, y))
    numpy.testing.assert_allclose(inner(x, y, axis=0), numpy.vecdot(x, y, axis=0))
    numpy.testing.assert_allclose(inner(x, y, axis=0, keepdims=True),
                                  numpy.vecdot(x, y, axis=0, keepdims=True))
    assert inner(x, y, keepdims=True).shape == (3, 1)
    mm = cunp.GeneralizedUFunc(numpy.matmul, "(n?,k),(k,m?)->(n?,m?)")
    v, m = _rng.random(3), _rng.random((3, 4))
    numpy.testing.assert_allclose(mm(v, m), v @ m)
    numpy.testing.assert_allclose(mm(m.T, v), m.T @ v)
    numpy.testing.assert_allclose(mm(_rng.random((2, 5, 3)), m).shape, (2, 5, 4))
    cross = cunp.GeneralizedUFunc(numpy.cross, "(3),(3)->(3)")
    numpy.testing.assert_allclose(cross(numpy.ones((2, 3)), numpy.eye(3)[:1]),
                                  numpy.cross(numpy.ones((2, 3)), numpy.eye(3)[:1]))
    with pytest.raises(ValueError, match="size 2 is different from 3"):
        cross(numpy.ones(2), numpy.ones(2))
    with pytest.raises(TypeError, match="single shared core dimension"):
        _matmul()(x, y, axis=0)


def test_dtypes_from_signatures_dtype_and_inputs(host_arrays):
    add = cunp.GeneralizedUFunc(lambda a, b: a + b, "(),()->()",
                                signatures=["ii->i", "dd->d"])
    assert add(numpy.int8([1]), numpy.int16([3])).dtype == numpy.int32
    assert add(numpy.float32([1]), numpy.float32([2])).dtype == numpy.float64
    assert add(numpy.int8([1]), numpy.int8([3]), dtype="float64").dtype == numpy.float64
    assert add(numpy.int8([1]), numpy.int8([3]), signature="dd->d").dtype == numpy.float64
    assert add(numpy.int8([1]), numpy.int8([3]), signature=("f8", "f8", "f8")).dtype == "f8"
    with pytest.raises(TypeError, match="No loop"):
        add(numpy.int8([1]), numpy.int8([3]), signature="ff->f")
    plain = cunp.GeneralizedUFunc(lambda a, b: a + b, "(),()->()")
    assert plain(numpy.int8([1]), numpy.float32([2])).dtype == numpy.float32
    assert plain(numpy.int8([1]), numpy.int8([2]), dtype="int64").dtype == numpy.int64
    with pytest.raises(TypeError, match="Cannot cast"):
        plain(numpy.float64([1]), numpy.float64([2]), out=numpy.zeros(1, "int32"))
    other = []
    two = cunp.GeneralizedUFunc(lambda a, b: a, "(),()->()",
                                signatures=[("ff->f", lambda a, b: other.append(1) or b)])
    numpy.testing.assert_array_equal(two(numpy.float32([1]), numpy.float32([2])), [2])
    assert other


def test_several_outputs_and_out_support(host_arrays):
    dm = cunp.GeneralizedUFunc(lambda a, b: (a // b, a % b), "(),()->(),()")
    q, r = dm(numpy.arange(10), 3)
    numpy.testing.assert_array_equal(q, numpy.arange(10) // 3)
    numpy.testing.assert_array_equal(r, numpy.arange(10) % 3)
    calls = []

    def into(a, out):
        calls.append(a.shape)
        out[...] = a * 2

    g = cunp.GeneralizedUFunc(into, "(n)->(n)", supports_out=True, supports_batched=True)
    numpy.testing.assert_array_equal(g(numpy.ones((2, 3))), numpy.full((2, 3), 2.0))
    assert calls == [(2, 3)]
    bad = cunp.GeneralizedUFunc(lambda a: (a, a), "(n)->(n)")
    with pytest.raises(ValueError, match="returned 2 outputs"):
        bad(numpy.ones(3))


# --- GPU ---

@gpu
@pytest.mark.parametrize("batched", [False, True])
def test_on_cunp_arrays_against_numpy(batched):
    def mm(a, b):
        return cunp.matmul(a, b)
    g = cunp.GeneralizedUFunc(mm, "(m,n),(n,p)->(m,p)", supports_batched=batched)
    a, b = _rng.random((3, 2, 4)), _rng.random((2, 4, 5))[:1]
    got = g(cunp.asarray(a), cunp.asarray(b))
    assert isinstance(got, cunp.ndarray)
    numpy.testing.assert_allclose(cunp.asnumpy(got), a @ b, rtol=1e-12)
    axes = [(0, 2), (2, 1), (1, 0)]
    a2, b2 = _rng.random((2, 3, 4)), _rng.random((3, 6, 4))
    got = g(cunp.asarray(a2), cunp.asarray(b2), axes=axes)
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.matmul(a2, b2, axes=axes),
                                  rtol=1e-12)
    out = cunp.empty((3, 2, 5))
    assert g(cunp.asarray(a), cunp.asarray(b), out=out) is out
    numpy.testing.assert_allclose(cunp.asnumpy(out), a @ b, rtol=1e-12)


@gpu
def test_scalar_core_outputs_and_keepdims_on_cunp_arrays():
    inner = cunp.GeneralizedUFunc(lambda x, y: (x * y).sum(axis=-1), "(i),(i)->()",
                                  signatures=["ff->f", "dd->d"])
    x, y = _rng.random((4, 6)), _rng.random((4, 6))
    got = inner(cunp.asarray(x), cunp.asarray(y), axis=0, keepdims=True)
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.vecdot(x, y, axis=0, keepdims=True),
                                  rtol=1e-12)
    got = inner(cunp.asarray(x.astype("float32")), cunp.asarray(y.astype("int16")))
    assert got.dtype == numpy.float32


# --- axes= selection as CuPy's gufunc tests draw it (issue 37) ----------------------------------

@pytest.mark.parametrize("axes", [((-1, -2), (-1, -2)), ((0, 1), (0, 1)), ((0, 1), (-1, -2)),
                                  ((1, 2), (-1, -2)), ((1, 2), (1, 2)), ((1, 2), (2, 3)),
                                  ((2, 3), (-1, -2)), ((2, 3), (0, 1)), ((2, 3), (1, 2)),
                                  ((0, 3), (1, 2)), ((0, 3), (2, 0))])
def test_axes_selection(host_arrays, axes):
    x = numpy.arange(120).reshape(2, 3, 4, 5)
    g = cunp.GeneralizedUFunc(lambda v: v, "(i,j)->(i,j)")
    numpy.testing.assert_array_equal(g(x, axes=list(axes)), numpy.moveaxis(x, *axes))


@pytest.mark.parametrize("axes", [(-1, -2), (0, 1), (1, 2), (2, 3), (0, 2), (0, 3), (1, 3), (3, 0),
                                  (2, 0), (2, 1), (1, 0)])
def test_axes_selection_single_core_dimension(host_arrays, axes):
    x = numpy.arange(120).reshape(2, 3, 4, 5)
    g = cunp.GeneralizedUFunc(lambda v: v, "(i)->(i)")
    numpy.testing.assert_array_equal(g(x, axes=list(axes)), numpy.moveaxis(x, *axes))


@pytest.mark.parametrize("axis", [0, 1, 2, 3, -1])
def test_axis_scalar_output(host_arrays, axis):
    x = numpy.arange(120).reshape(2, 3, 4, 5)
    g = cunp.GeneralizedUFunc(lambda v: v.sum(-1), "(i)->()")
    numpy.testing.assert_array_equal(g(x, axis=axis), x.sum(axis=axis))


def test_try_fastcall_func_runs_first():
    # Its result is the gufunc's unless it returns NotImplemented; it sees every keyword.
    calls = []

    def fast(*args, **kwargs):
        calls.append((args, sorted(kwargs)))
        return "fast" if args[0] == "take" else NotImplemented

    g = gu.GeneralizedUFunc(lambda x: x, "(i)->(i)", try_fastcall_func=fast)
    assert g("take") == "fast"
    assert calls[0][1] == ["axes", "axis", "casting", "dtype", "keepdims", "order", "out",
                           "signature"]
    with pytest.raises(ValueError, match="input arguments"):
        g("pass", "a", "b")  # NotImplemented: the gufunc's own checks run
