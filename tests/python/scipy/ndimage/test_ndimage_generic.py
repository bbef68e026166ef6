"""cunp.scipy.ndimage's generic filters against scipy.ndimage, and the 1-D pass engine.

generic_filter and generic_filter1d take device code (CuPy's forms): on the GPU they are
compared with SciPy's generic filters given the equivalent Python function. Without a GPU the
filters run on the NumPy model (ndimage_model.py), whose user function is a Python callable, so
footprints, origins, modes, axes= and output= are checked against SciPy; the conversion of
kernels to the engine's parts and the TypeError for Python callables are checked on the host.
The model's 1-D passes (stencil_line's contract) are checked against its n-D stencil."""
import os
import sys
import warnings

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
import ndimage_model  # noqa: E402
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _filters, _generic  # noqa: E402
from cunp.scipy.ndimage import _ni_support as ns  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["reflect", "mirror", "nearest", "wrap", "constant", "grid-wrap", "grid-constant",
         "grid-mirror"]


def _data(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    if numpy.dtype(dtype).kind in "iu":
        return rng.integers(0, 100, size=shape).astype(dtype)
    return (rng.standard_normal(shape) * 10).astype(dtype)


def _range(values):
    return values.max() - values.min()


def _weighted(values):  # order-sensitive: checks the footprint's C order
    return float(numpy.dot(values, numpy.arange(1, len(values) + 1)))


# (positional args after input and function, keyword args) of generic_filter.
FILTER_CASES = [
    ((), dict(size=3)),
    ((), dict(size=(2, 3))),
    ((), dict(footprint=numpy.array([[1, 0, 1], [0, 1, 1]], bool))),
    ((), dict(size=3, origin=(1, -1))),
    ((), dict(size=(4, 1), origin=(-2, 0))),
    ((), dict(size=3, axes=(1,))),
    ((), dict(footprint=numpy.array([True, False, True, True]), axes=0, origin=1)),
]


@pytest.mark.parametrize("case", range(len(FILTER_CASES)))
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("function", [_range, _weighted])
def test_model_generic_filter_matches_scipy(case, mode, function):
    args, kwargs = FILTER_CASES[case]
    x = _data((7, 9), "float64")
    expected = sn.generic_filter(x, function, *args, mode=mode, cval=2.5, **kwargs)
    got = _generic.generic_filter(numpy_backend(), x, function, *args, mode=mode, cval=2.5,
                                  **kwargs)
    numpy.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dtype", ["uint8", "int32", "float32", "float64"])
def test_model_generic_filter_dtypes_and_output(dtype):
    x = _data((6, 5), dtype)
    be = numpy_backend()
    expected = sn.generic_filter(x, numpy.mean, size=3)
    got = _generic.generic_filter(be, x, numpy.mean, size=3)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, rtol=1e-6)
    out = numpy.zeros((6, 5), numpy.float64)
    res = _generic.generic_filter(be, x, numpy.mean, size=3, output=out)
    assert res is out
    numpy.testing.assert_allclose(out, sn.generic_filter(x, numpy.mean, size=3, output=float))
    # In place: the footprint reads the input before the output overwrites it.
    y = x.copy()
    _generic.generic_filter(be, y, _range, size=3, output=y)
    numpy.testing.assert_array_equal(y, sn.generic_filter(x, _range, size=3))


def _shift_sum(iline, oline):  # out[k] = in[k] + in[k + size - 1]
    oline[...] = iline[:len(oline)] + iline[len(iline) - len(oline):]


def _line_reverse(iline, oline):  # order-sensitive over the whole extended line
    oline[...] = iline[::-1][:len(oline)] * 2 + iline[:len(oline)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size,origin", [(1, 0), (3, 0), (3, 1), (4, -2), (4, 1), (6, 0)])
@pytest.mark.parametrize("axis", [0, -1])
def test_model_generic_filter1d_matches_scipy(mode, size, origin, axis):
    x = _data((5, 8), "float64")
    for function in (_shift_sum, _line_reverse):
        expected = sn.generic_filter1d(x, function, size, axis=axis, mode=mode, cval=-3.0,
                                       origin=origin)
        got = _generic.generic_filter1d(numpy_backend(), x, function, size, axis=axis,
                                        mode=mode, cval=-3.0, origin=origin)
        numpy.testing.assert_allclose(got, expected, rtol=1e-12)


def test_model_generic_filter1d_dtypes_and_layouts():
    be = numpy_backend()
    x = _data((4, 6, 5), "int16")
    for axis in (0, 1, 2):
        expected = sn.generic_filter1d(x, _shift_sum, 3, axis=axis, output=numpy.float32)
        got = _generic.generic_filter1d(be, x, _shift_sum, 3, axis=axis, output=numpy.float32)
        assert got.dtype == numpy.float32
        numpy.testing.assert_allclose(got, expected)
    xf = numpy.asfortranarray(_data((6, 7), "float64"))[::-1, ::2]
    numpy.testing.assert_allclose(_generic.generic_filter1d(be, xf, _shift_sum, 4),
                                  sn.generic_filter1d(xf, _shift_sum, 4))


def _derivative2(input, axis, output, mode, cval, scale=1.0):
    return sn.correlate1d(input, [scale, -2.0 * scale, scale], axis, output, mode, cval, 0)


@pytest.mark.parametrize("mode", ["reflect", "constant", ["wrap", "nearest"]])
def test_model_generic_laplace_and_gradient_match_scipy(mode):
    be = numpy_backend()
    x = _data((6, 7), "float64")

    def d2(input, axis, output, m, cval, scale=1.0):
        return _filters.correlate1d(be, input, [scale, -2.0 * scale, scale], axis, output, m,
                                    cval, 0)

    def d1(input, axis, output, m, cval):
        return _filters.correlate1d(be, input, [-1.0, 0.0, 1.0], axis, output, m, cval, 0)

    def d1_scipy(input, axis, output, m, cval):
        return sn.correlate1d(input, [-1.0, 0.0, 1.0], axis, output, m, cval, 0)

    expected = sn.generic_laplace(x, _derivative2, mode=mode, cval=1.0,
                                  extra_arguments=(2.0,))
    got = _generic.generic_laplace(be, x, d2, mode=mode, cval=1.0, extra_arguments=(2.0,))
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)
    expected = sn.generic_laplace(x, _derivative2, mode=mode, extra_keywords={"scale": 3.0})
    got = _generic.generic_laplace(be, x, d2, mode=mode, extra_keywords={"scale": 3.0})
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)
    expected = sn.generic_gradient_magnitude(x, d1_scipy, mode=mode, cval=1.0)
    got = _generic.generic_gradient_magnitude(be, x, d1, mode=mode, cval=1.0)
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)
    # axes=: only those axes' derivatives; none: a copy.
    expected = sn.generic_gradient_magnitude(x, d1_scipy, axes=(1,))
    got = _generic.generic_gradient_magnitude(be, x, d1, axes=(1,))
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("call,exc", [
    (lambda m, x: m.generic_filter(x, _range), RuntimeError),  # no size or footprint
    (lambda m, x: m.generic_filter(x, _range, size=(3, 3, 3)), RuntimeError),
    (lambda m, x: m.generic_filter(x, _range, size=3, origin=2), ValueError),
    (lambda m, x: m.generic_filter(x, _range, size=3, mode="bogus"), RuntimeError),
    (lambda m, x: m.generic_filter(x, _range, size=3, axes=(0, 0)), ValueError),
    (lambda m, x: m.generic_filter(x.astype(complex), _range, size=3), TypeError),
    (lambda m, x: m.generic_filter(x, _range, footprint=numpy.ones(3, bool)), RuntimeError),
    (lambda m, x: m.generic_filter(x, _range, size=3, output=numpy.zeros((2, 2))),
     RuntimeError),
    (lambda m, x: m.generic_filter1d(x, _shift_sum, 0), RuntimeError),
    (lambda m, x: m.generic_filter1d(x, _shift_sum, 3, origin=2), ValueError),
    (lambda m, x: m.generic_filter1d(x, _shift_sum, 3, axis=2), ValueError),
    (lambda m, x: m.generic_filter1d(x, _shift_sum, 3, mode="bogus"), RuntimeError),
    (lambda m, x: m.generic_filter1d(x.astype(complex), _shift_sum, 3), TypeError),
])
def test_model_errors_match_scipy(call, exc):
    x = _data((5, 6), "float64")
    with pytest.raises(exc):
        call(sn, x)

    class Model:
        def __getattr__(self, name):
            f = getattr(_generic, name)
            return lambda *a, **k: f(numpy_backend(), *a, **k)

    with pytest.raises(exc):
        call(Model(), x)


def test_size_ignored_with_footprint_warns():
    x = _data((5, 6), "float64")
    with pytest.warns(UserWarning, match="ignoring size"):
        got = _generic.generic_filter(numpy_backend(), x, _range, size=2,
                                      footprint=numpy.ones((3, 3), bool))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = sn.generic_filter(x, _range, size=2, footprint=numpy.ones((3, 3), bool))
    numpy.testing.assert_allclose(got, expected)


# --- the device function's forms, checked on the host ---

RANGE_SOURCE = r'''
extern "C" __global__ void value_range(double* values, int count, double* result) {
    double lo = values[0], hi = values[0];
    for (int k = 1; k < count; ++k) {
        lo = values[k] < lo ? values[k] : lo;
        hi = values[k] > hi ? values[k] : hi;
    }
    *result = hi - lo;
}
'''

SHIFT_SOURCE = r'''
extern "C" __global__ void shift_sum(double* in, ptrdiff_t in_length, double* out,
                                     ptrdiff_t out_length) {
    for (ptrdiff_t k = 0; k < out_length; ++k)
        out[k] = in[k] + in[k + in_length - out_length];
}
'''


def test_user_kernels_become_engine_parts():
    import cunp
    k = ns._user_kernel(cunp.RawKernel(RANGE_SOURCE, "value_range"), "generic_filter")
    assert k.kind == "raw" and k.parts[1] == "value_range" and "value_range" in k.parts[0]
    k = ns._user_kernel(SHIFT_SOURCE, "generic_filter1d")
    assert k.kind == "raw" and k.parts[:2] == (SHIFT_SOURCE, "shift_sum")
    red = cunp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_sq")
    k = ns._user_kernel(red, "generic_filter")
    assert k.kind == "reduction"
    params, map_expr, reduce_expr, post, identity, reduce_type, preamble, options = k.parts
    assert params == ["x", "T", "y", "T"]
    assert (map_expr, reduce_expr, post, identity) == ("x * x", "a + b", "y = a", "0")
    red = cunp.ReductionKernel("float64 v", "float32 r", "v", "max(a, b)", "r = a", None, "m",
                               reduce_type="double")
    params, _, _, _, identity, reduce_type, _, _ = ns._user_kernel(red, "generic_filter").parts
    assert params[1] == "double" and params[3] == "float" and identity == ""
    assert reduce_type == "double"


@pytest.mark.parametrize("caller", ["generic_filter", "generic_filter1d"])
def test_python_callables_are_refused_with_what_to_pass(caller):
    from cunp.scipy import ndimage as cn
    x = numpy.zeros((4, 4))  # refused before the input is looked at: no device needed
    call = ((lambda f: cn.generic_filter(x, f, size=3)) if caller == "generic_filter"
            else (lambda f: cn.generic_filter1d(x, f, 3)))
    with pytest.raises(TypeError, match="RawKernel") as info:
        call(numpy.mean)
    assert "Python function" in str(info.value)
    if caller == "generic_filter":
        assert "ReductionKernel" in str(info.value)
    with pytest.raises(TypeError):
        call(3)
    with pytest.raises(ValueError, match="exactly one __global__"):
        call("__device__ double f(double x) { return x; }")


def test_reduction_kernel_shape_and_generic_filter1d_form_refused():
    import cunp
    two_in = cunp.ReductionKernel("T x, T w", "T y", "x * w", "a + b", "y = a", "0", "dot")
    with pytest.raises(TypeError, match="one input"):
        ns._user_kernel(two_in, "generic_filter")
    one = cunp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "s")
    with pytest.raises(TypeError, match="cannot call a ReductionKernel: pass a cunp.RawKernel"):
        ns._user_kernel(one, "generic_filter1d")
    add = cunp.ElementwiseKernel("T x", "T y", "y = x", "copy")
    with pytest.raises(TypeError, match="cannot call an ElementwiseKernel"):
        ns._user_kernel(add, "generic_filter")


# --- the 1-D passes: the model's stencil_line against its n-D stencil of a line table ---

@pytest.mark.parametrize("fold", ["sum", "mean", "min", "max"])
@pytest.mark.parametrize("mode", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("taps,start", [(1, 0), (3, -1), (5, -2), (5, -4), (6, 0), (9, -3)])
def test_model_line_matches_line_table(fold, mode, taps, start):
    x = _data((4, 7, 6), "float64")
    weights = numpy.random.default_rng(3).random(taps)
    for axis in range(3):
        got = numpy.zeros_like(x)
        ndimage_model.line(x, got, weights, axis, start, taps, mode, 1.5, fold)
        offsets = numpy.zeros((taps, 3), numpy.int64)
        offsets[:, axis] = numpy.arange(taps) + start
        w = {"sum": weights, "mean": numpy.full(taps, 1.0 / taps)}.get(fold, numpy.zeros(taps))
        expected = numpy.zeros_like(x)
        ndimage_model.stencil(x, expected, offsets.reshape(-1), w, mode, 1.5,
                              "sum" if fold == "mean" else fold, 0)
        numpy.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


# --- on the GPU: users' kernels against SciPy's Python functions ---

def _cunp_kernels():
    import cunp
    return dict(
        raw_range=(cunp.RawKernel(RANGE_SOURCE, "value_range"), _range),
        source_range=(RANGE_SOURCE, _range),
        sum_squares=(cunp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "ssq"),
                     lambda v: float((v * v).sum())),
        max_no_identity=(cunp.ReductionKernel("T x", "T y", "x", "a > b ? a : b", "y = a", None,
                                              "mx"), numpy.max),
        index_weighted=(cunp.ReductionKernel("float64 x", "float64 y", "x * (_j + 1)", "a + b",
                                             "y = a", "0", "iw"), _weighted),
    )


@gpu
@pytest.mark.parametrize("kernel", ["raw_range", "source_range", "sum_squares",
                                    "max_no_identity", "index_weighted"])
@pytest.mark.parametrize("case", range(len(FILTER_CASES)))
@pytest.mark.parametrize("mode", MODES)
def test_generic_filter_matches_scipy(kernel, case, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    function, python = _cunp_kernels()[kernel]
    args, kwargs = FILTER_CASES[case]
    x = _data((13, 17), "float64")
    expected = sn.generic_filter(x, python, *args, mode=mode, cval=2.5, **kwargs)
    got = cn.generic_filter(cunp.asarray(x), function, *args, mode=mode, cval=2.5, **kwargs)
    assert isinstance(got, cunp.ndarray) and got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10, atol=1e-10)


@gpu
@pytest.mark.parametrize("dtype", ["uint8", "int16", "int64", "float32", "float64"])
def test_generic_filter_dtypes_layouts_and_output(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    raw = cunp.RawKernel(RANGE_SOURCE, "value_range")
    x = _data((12, 10, 3), dtype)
    for view in (x, x[::-1, ::2], numpy.asfortranarray(x), x.transpose(2, 0, 1)):
        expected = sn.generic_filter(view, _range, size=(3, 2, 1))
        got = cn.generic_filter(cunp.asarray(view), raw, size=(3, 2, 1))
        assert got.dtype == expected.dtype
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-6)
    expected = sn.generic_filter(x, _range, size=3, output=numpy.float32)
    got = cn.generic_filter(cunp.asarray(x), raw, size=3, output=numpy.float32)
    assert got.dtype == numpy.float32
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-6)
    out = cunp.zeros((12, 10, 3), numpy.float64)
    assert cn.generic_filter(cunp.asarray(x), raw, size=2, output=out) is out
    numpy.testing.assert_allclose(cunp.asnumpy(out),
                                  sn.generic_filter(x, _range, size=2, output=numpy.float64))
    y = cunp.asarray(x)
    cn.generic_filter(y, raw, size=3, output=y)  # in place
    numpy.testing.assert_allclose(cunp.asnumpy(y), sn.generic_filter(x, _range, size=3))
    empty = cn.generic_filter(cunp.zeros((0, 4), dtype), raw, size=3)
    assert empty.shape == (0, 4)


@gpu
def test_generic_filter_large_footprints():
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((40, 50), "float32")
    ssq = cunp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "ssq")
    expected = sn.generic_filter(x, lambda v: (v.astype(numpy.float32) ** 2).sum(),
                                 size=(25, 30))
    got = cn.generic_filter(cunp.asarray(x), ssq, size=(25, 30))
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-4)
    raw = cunp.RawKernel(RANGE_SOURCE, "value_range")
    with pytest.raises(ValueError, match="larger"):
        cn.generic_filter(cunp.asarray(x), raw, size=(70, 70))


@gpu
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size,origin", [(1, 0), (3, 0), (3, 1), (4, -2), (6, 0)])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_generic_filter1d_matches_scipy(mode, size, origin, axis):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((6, 9, 5), "float64")
    for function in (cunp.RawKernel(SHIFT_SOURCE, "shift_sum"), SHIFT_SOURCE):
        expected = sn.generic_filter1d(x, _shift_sum, size, axis=axis, mode=mode, cval=-3.0,
                                       origin=origin)
        got = cn.generic_filter1d(cunp.asarray(x), function, size, axis=axis, mode=mode,
                                  cval=-3.0, origin=origin)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-12)


@gpu
def test_generic_filter1d_dtypes_layouts_and_output():
    import cunp
    from cunp.scipy import ndimage as cn
    k = cunp.RawKernel(SHIFT_SOURCE, "shift_sum")
    x = _data((7, 8), "int32")
    for view in (x, x[::-1, 1::2], numpy.asfortranarray(x)):
        for axis in (0, 1):
            expected = sn.generic_filter1d(view, _shift_sum, 3, axis=axis)
            got = cn.generic_filter1d(cunp.asarray(view), k, 3, axis=axis)
            assert got.dtype == expected.dtype
            numpy.testing.assert_array_equal(cunp.asnumpy(got), expected)
    out = cunp.zeros((7, 8), cunp.float64)
    assert cn.generic_filter1d(cunp.asarray(x), k, 4, output=out) is out
    numpy.testing.assert_allclose(cunp.asnumpy(out),
                                  sn.generic_filter1d(x, _shift_sum, 4, output=numpy.float64))
    y = cunp.asarray(x)
    cn.generic_filter1d(y, k, 3, output=y)
    numpy.testing.assert_array_equal(cunp.asnumpy(y), sn.generic_filter1d(x, _shift_sum, 3))


@gpu
@pytest.mark.parametrize("mode", ["reflect", "constant", ["wrap", "nearest"]])
def test_generic_laplace_and_gradient_magnitude_match_scipy(mode):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((9, 11), "float32")

    def d2(input, axis, output, m, cval, scale=1.0):
        return cn.correlate1d(input, [scale, -2.0 * scale, scale], axis, output, m, cval, 0)

    def d1(input, axis, output, m, cval):
        return cn.correlate1d(input, [-1.0, 0.0, 1.0], axis, output, m, cval, 0)

    def d1_scipy(input, axis, output, m, cval):
        return sn.correlate1d(input, [-1.0, 0.0, 1.0], axis, output, m, cval, 0)

    expected = sn.generic_laplace(x, _derivative2, mode=mode, extra_arguments=(2.0,))
    got = cn.generic_laplace(cunp.asarray(x), d2, mode=mode, extra_arguments=(2.0,))
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-4)
    expected = sn.generic_gradient_magnitude(x, d1_scipy, mode=mode, output=numpy.float64)
    got = cn.generic_gradient_magnitude(cunp.asarray(x), d1, mode=mode, output=numpy.float64)
    assert got.dtype == numpy.float64
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-4)


# --- on the GPU: the 1-D pass kernels (running sums, van Herk blocks, direct folds) ---

@gpu
@pytest.mark.parametrize("name", ["uniform_filter1d", "minimum_filter1d", "maximum_filter1d"])
@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 16, 33, 128, 129])
@pytest.mark.parametrize("mode", ["reflect", "mirror", "nearest", "wrap", "constant"])
def test_line_passes_match_scipy(name, size, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((37, 150), "float64")
    for axis in (0, 1):
        for origin in {0, -(size // 2), (size - 1) // 2}:
            expected = getattr(sn, name)(x, size, axis=axis, mode=mode, cval=0.5, origin=origin)
            got = getattr(cn, name)(cunp.asarray(x), size, axis=axis, mode=mode, cval=0.5,
                                    origin=origin)
            numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-9, atol=1e-9)


@gpu
@pytest.mark.parametrize("taps", [1, 2, 5, 33])
@pytest.mark.parametrize("mode", ["reflect", "mirror", "nearest", "wrap", "constant"])
def test_weighted_line_passes_match_scipy(taps, mode):
    # Along the innermost axis one output a thread; along the others runs of outputs.
    import cunp
    from cunp.scipy import ndimage as cn
    weights = numpy.random.default_rng(7).standard_normal(taps)
    x = _data((19, 40, 23), "float64")
    for view in (x, x.transpose(2, 0, 1), x[::-2, 3:, ::-1]):
        for axis in range(3):
            for origin in {0, -(taps // 2), (taps - 1) // 2}:
                expected = sn.correlate1d(view, weights, axis, mode=mode, cval=0.5,
                                          origin=origin)
                got = cn.correlate1d(cunp.asarray(view), weights, axis, mode=mode, cval=0.5,
                                     origin=origin)
                numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10,
                                              atol=1e-10)
    expected = sn.gaussian_filter(x, 4.0, mode=mode)
    got = cn.gaussian_filter(cunp.asarray(x), 4.0, mode=mode)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10, atol=1e-10)


@gpu
@pytest.mark.parametrize("dtype", ["uint8", "int16", "float16", "float32", "float64"])
def test_line_passes_layouts_and_dtypes(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((20, 9, 31), dtype)
    for view in (x, x[::-1, :, ::3], numpy.asfortranarray(x)):
        for name, kwargs in (("uniform_filter", dict(size=7)), ("maximum_filter", dict(size=5)),
                             ("minimum_filter", dict(size=(9, 1, 6)))):
            if dtype == "float16" and name == "uniform_filter":
                continue  # SciPy's linear filters refuse float16
            try:
                expected = getattr(sn, name)(view, **kwargs)
            except RuntimeError as e:
                pytest.skip(f"SciPy: {e}")
            got = getattr(cn, name)(cunp.asarray(view), **kwargs)
            assert got.dtype == expected.dtype
            tol = dict(rtol=0, atol=1) if x.dtype.kind in "iu" else dict(rtol=2e-3, atol=2e-3)
            numpy.testing.assert_allclose(cunp.asnumpy(got).astype(float),
                                          expected.astype(float), **tol)


# --- the n-D stencil's interior table (host maths) ---

@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative"])
def test_interior_table_reads_the_footprint(layout):
    base = _data((9, 10, 11), "float32")
    x = {"C": base, "F": numpy.asfortranarray(base), "strided": base[::2, 1::3, ::-1],
         "negative": base[::-1, :, ::-2]}[layout]
    footprint = numpy.random.default_rng(5).random((3, 2, 4)) > 0.3
    footprint[0, 0, 0] = True
    from cunp.scipy.ndimage import _footprints
    offsets, _ = _footprints.table(footprint, numpy.zeros(footprint.shape), (0, -1, 1))
    table = ns.interior_table(offsets, x.shape, x.strides)
    taps = len(offsets)
    assert table.dtype == numpy.int64 and len(table) == taps + 2 * x.ndim
    extent = table[taps:].reshape(x.ndim, 2)
    numpy.testing.assert_array_equal(extent[:, 0], offsets.min(axis=0))
    numpy.testing.assert_array_equal(extent[:, 1], offsets.max(axis=0))
    # An element whose footprint lies inside reads tap k at its own byte offset + table[k].
    owner = x.base if x.base is not None else x
    inside = [tuple(n // 2 for n in x.shape), tuple(-e for e in extent[:, 0])]
    for c in inside:
        assert all(0 <= c[d] + extent[d, 0] and c[d] + extent[d, 1] < x.shape[d]
                   for d in range(x.ndim))
        for k in range(taps):
            read = numpy.ndarray((), dtype=x.dtype, buffer=owner,
                                 offset=_byte_offset(x, c) + int(table[k]))
            assert read == x[tuple(c[d] + offsets[k, d] for d in range(x.ndim))]


def _byte_offset(x, c):
    """The byte offset of x[c] from the start of the buffer x views."""
    owner = x.base if x.base is not None else x
    start = x.__array_interface__["data"][0] - owner.__array_interface__["data"][0]
    return start + sum(v * s for v, s in zip(c, x.strides))


# --- on the GPU: 2-D images through the shared-memory tiles (and the wide-halo fallback) ---

@gpu
@pytest.mark.parametrize("shape", [(1, 1), (5, 70), (33, 31), (64, 96), (100, 3)])
@pytest.mark.parametrize("mode", ["reflect", "mirror", "nearest", "wrap", "constant"])
def test_tiled_2d_stencils_match_scipy(shape, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(11)
    x = _data(shape, "float32")
    weights = rng.standard_normal((3, 4))
    footprint = numpy.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], bool)
    for view in (x, numpy.asfortranarray(x), x[::-1, ::-1]):
        d = cunp.asarray(view)
        calls = [
            ("correlate", (weights,), dict(origin=(0, 1))),
            ("median_filter", (), dict(size=3)),
            ("rank_filter", (2,), dict(footprint=footprint)),
            ("maximum_filter", (), dict(footprint=footprint, origin=(1, 0))),
            ("grey_erosion", (), dict(structure=weights[:, :3])),
        ]
        for name, args, kwargs in calls:
            expected = getattr(sn, name)(view, *args, mode=mode, cval=0.5, **kwargs)
            got = getattr(cn, name)(d, *args, mode=mode, cval=0.5, **kwargs)
            assert got.dtype == expected.dtype, name
            numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-5,
                                          err_msg=name)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float64"])
def test_tiled_2d_dtypes_outputs_and_wide_halos(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((45, 77), dtype) if dtype != "bool" else _data((45, 77), "float64") > 0
    d = cunp.asarray(x)
    if dtype == "bool":
        for iterations in (1, 3):
            expected = sn.binary_erosion(x, numpy.ones((3, 3)), iterations=iterations)
            got = cn.binary_erosion(d, numpy.ones((3, 3)), iterations=iterations)
            numpy.testing.assert_array_equal(cunp.asnumpy(got), expected)
        expected = sn.binary_dilation(x, numpy.ones((2, 5)), border_value=1)
        got = cn.binary_dilation(d, numpy.ones((2, 5)), border_value=1)
        numpy.testing.assert_array_equal(cunp.asnumpy(got), expected)
        return
    # A halo that fits (25 x 25) and one that does not (60 x 61: the elementwise stencil).
    for size in ((25, 25), (60, 61)):
        w = numpy.random.default_rng(2).random(size)
        expected = sn.correlate(x, w, output=numpy.float64)
        got = cn.correlate(d, w, output=numpy.float64)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10)
    expected = sn.median_filter(x, size=3, output=numpy.float32)
    got = cn.median_filter(d, size=3, output=numpy.float32)
    assert got.dtype == numpy.float32
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected)
    out = cunp.zeros((45, 77), dtype)[:, :]
    assert cn.median_filter(d, size=3, output=out) is out
    numpy.testing.assert_allclose(cunp.asnumpy(out), sn.median_filter(x, size=3))
    cn.median_filter(d, size=3, output=d)  # in place
    numpy.testing.assert_allclose(cunp.asnumpy(d), sn.median_filter(x, size=3))
