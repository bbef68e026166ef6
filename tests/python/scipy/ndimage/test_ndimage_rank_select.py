"""The median, rank and percentile filters beyond 3x3 (the register row of
src/device/ndimage/ndi_select.cuh, and in the shared-memory tiles the sorting networks pruned to
one rank, whose steps tests/cpp/ndimage/test_select_network.cpp runs on the host) against
scipy.ndimage.

Without a GPU: the network's model (ndimage_model.select_network: order-preserving keys, a sorted
row that forgets what falls off its end, complemented keys for the upper half) is checked against
numpy.sort for every row size, rank, ties, infinities, signed zeros and NaN, and the filters'
argument handling for large footprints runs on the NumPy model of the engine. On the GPU the
public functions are compared with SciPy in 1-D, 2-D and 3-D, every mode, origins and layouts.
SciPy leaves windows holding NaN undefined (its quickselect's order decides); the network gives
numpy.sort's value there (NaN after +inf), and windows without NaN are exact."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
import ndimage_model  # noqa: E402
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _filters  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["reflect", "mirror", "nearest", "wrap", "constant", "grid-wrap", "grid-constant",
         "grid-mirror"]


def _values(taps, count, narrow, seed):
    """count windows of taps values with ties, infinities, signed zeros and some NaN."""
    rng = numpy.random.default_rng(seed)
    v = rng.integers(-5, 6, size=(taps, count)).astype(numpy.float64)  # ties
    v[:, : count // 2] = rng.standard_normal((taps, count // 2)) * 1e3
    special = numpy.array([numpy.inf, -numpy.inf, 0.0, -0.0, numpy.nan, 1e-45, -1e-300])
    pick = rng.random((taps, count)) < 0.15
    v[pick] = rng.choice(special, size=pick.sum())
    return v.astype(numpy.float32) if narrow else v


def _scipy(name, x, *args, **kwargs):
    """SciPy's n-D rank filter. For 1-D input SciPy takes a separate fast path, which in mirror
    mode differs from its n-D filter where the footprint outgrows the input (a 1-D line of
    5 with size 9, origin -1): the reference is the n-D filter over the line as a 1 x n image."""
    if x.ndim != 1:
        return getattr(sn, name)(x, *args, **kwargs)
    for key, fill in (("size", 1), ("origin", 0)):
        if key in kwargs:
            v = kwargs[key]
            kwargs[key] = (fill,) + (tuple(v) if isinstance(v, (tuple, list)) else (v,))
    return getattr(sn, name)(x[None], *args, **kwargs)[0]


def _sorted_rank(v, rank):
    return numpy.sort(v, axis=0)[rank]  # NaN last


@pytest.mark.parametrize("taps", [10, 25, 27, 49, 125])
@pytest.mark.parametrize("narrow", [True, False])
def test_model_select_network_matches_sort(taps, narrow):
    v = _values(taps, 400, narrow, taps)
    ranks = sorted({0, 1, taps // 2, taps // 2 - 1, taps - 2, taps - 1, taps // 3, 2 * taps // 3})
    for rank in ranks:
        if ndimage_model.select_capacity(taps, rank) is None:
            continue
        got = ndimage_model.select_network(v, rank, narrow)
        numpy.testing.assert_array_equal(got, _sorted_rank(v.astype(numpy.float64), rank),
                                         err_msg=f"rank {rank}")


@pytest.mark.parametrize("cap", ndimage_model.SELECT_CAPACITIES)
def test_model_every_row_size_is_exact_up_to_its_limit(cap):
    # The farthest rank each row size takes, from either end, with the row no larger than that.
    taps = 2 * cap + 7
    v = _values(taps, 300, True, cap)
    for rank in (cap - 1, taps - cap):
        got = ndimage_model.select_network(v, rank, True, cap=cap)
        numpy.testing.assert_array_equal(got, _sorted_rank(v.astype(numpy.float64), rank))
    # One further and the row is too short: the kept side loses the value (what the planner's
    # capacities guard against).
    rng = numpy.random.default_rng(1)
    w = rng.permutation(taps).astype(numpy.float32)[:, None]
    assert ndimage_model.select_network(w, cap, True, cap=cap)[0] != cap


def test_model_select_keys_preserve_order():
    ordered = numpy.array([-numpy.inf, -3e38, -1.0, -1e-45, -0.0, 0.0, 1e-45, 1.0, 3e38,
                           numpy.inf, numpy.nan], dtype=numpy.float32)
    for narrow in (True, False):
        keys, ftype, sign = ndimage_model._select_keys(ordered, narrow)
        assert (numpy.diff(keys.astype(object)) > 0).all()
        back = ndimage_model._select_value(keys, ftype, sign)
        numpy.testing.assert_array_equal(back, ordered.astype(numpy.float64))
        assert numpy.signbit(back[4]) and not numpy.signbit(back[5])


def test_model_planner_capacities():
    assert ndimage_model.select_capacity(25, 12) == 16
    assert ndimage_model.select_capacity(49, 24) == 32
    assert ndimage_model.select_capacity(125, 62) == 64
    assert ndimage_model.select_capacity(125, 120) == 8
    assert ndimage_model.select_capacity(129, 64) is None  # the quickselect


# --- the filters' arguments for large footprints, on the NumPy model ---

@pytest.mark.parametrize("shape,size,origin", [
    ((40,), 7, 2), ((40,), 9, -4), ((5,), 9, -1), ((13, 17), 5, (1, -2)), ((13, 17), (7, 3), (0, 1)),
    ((6, 7, 8), 5, (0, 1, -1)), ((3, 4), 9, 0), ((2, 3, 2), (5, 7, 3), (2, -3, 1)),
])
@pytest.mark.parametrize("mode", MODES)
def test_model_large_rank_filters_match_scipy(shape, size, origin, mode):
    be = numpy_backend()
    x = numpy.random.default_rng(3).standard_normal(shape).astype(numpy.float32)
    for name, args in (("median_filter", ()), ("rank_filter", (3,)), ("rank_filter", (-4,)),
                       ("percentile_filter", (30,)), ("percentile_filter", (-20,))):
        kwargs = dict(size=size, mode=mode, cval=0.25, origin=origin)
        expected = _scipy(name, x, *args, **kwargs)
        got = getattr(_filters, name)(be, x, *args, **kwargs)
        numpy.testing.assert_array_equal(got, expected, err_msg=name)


# --- on the GPU ---

def _views(x):
    yield x
    yield numpy.asfortranarray(x)
    yield x[(slice(None, None, -1),) * x.ndim]


@gpu
@pytest.mark.parametrize("shape,size", [
    ((300,), 7), ((300,), 25), ((5,), 9), ((70, 45), 5), ((70, 45), 7), ((37, 33), (5, 9)),
    ((12, 11, 10), 3), ((12, 11, 10), 5), ((4, 3), 9), ((3, 2, 4), 5),
])
@pytest.mark.parametrize("mode", MODES)
def test_large_median_rank_percentile_match_scipy(shape, size, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    x = numpy.random.default_rng(5).standard_normal(shape).astype(numpy.float32)
    origin = tuple(1 - (k % 3) for k in range(x.ndim))
    for view in _views(x):
        d = cunp.asarray(view)
        for name, args in (("median_filter", ()), ("rank_filter", (2,)),
                           ("rank_filter", (-3,)), ("percentile_filter", (70,))):
            for kwargs in (dict(size=size), dict(size=size, origin=origin)):
                expected = _scipy(name, view, *args, mode=mode, cval=0.5, **kwargs)
                got = getattr(cn, name)(d, *args, mode=mode, cval=0.5, **kwargs)
                numpy.testing.assert_array_equal(cunp.asnumpy(got), expected,
                                                 err_msg=f"{name}{args} {kwargs}")


@gpu
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "uint8", "int16", "int32",
                                   "uint64"])
def test_large_median_dtypes_and_cval(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(6)
    if numpy.dtype(dtype).kind in "iu":
        x = rng.integers(0, 200, size=(41, 29)).astype(dtype)
    else:
        x = (rng.standard_normal((41, 29)) * 10).astype(dtype)
    d = cunp.asarray(x)
    # 0.1 is no float: float32 data then ranks as doubles; 0.5 is, and ranks as floats.
    for cval in (0.1, 0.5) + ((1e300,) if x.dtype.kind == "f" else ()):
        for size in (5, 7, (3, 11)):
            kwargs = dict(size=size, mode="constant", cval=cval)
            if dtype == "float16":
                expected = sn.median_filter(x.astype(numpy.float32), **kwargs).astype(dtype)
            else:
                expected = sn.median_filter(x, **kwargs)
            got = cn.median_filter(d, **kwargs)
            assert got.dtype == x.dtype
            numpy.testing.assert_array_equal(cunp.asnumpy(got), expected, err_msg=f"{cval}")
            out = cn.median_filter(d, output=numpy.float64, **kwargs)
            numpy.testing.assert_array_equal(
                cunp.asnumpy(out), sn.median_filter(x.astype(numpy.float64), **kwargs))


@gpu
def test_large_median_footprints_layouts_and_in_place():
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(7)
    x = rng.standard_normal((30, 40, 20)).astype(numpy.float32)
    r = numpy.indices((5, 5, 5)) - 2
    ball = (r ** 2).sum(axis=0) <= 4
    cross = numpy.zeros((7, 7), bool)
    cross[3, :] = cross[:, 3] = True
    for view in (x, x[::2, 1::3, ::-1], numpy.asfortranarray(x)):
        d = cunp.asarray(view)
        numpy.testing.assert_array_equal(cunp.asnumpy(cn.median_filter(d, footprint=ball)),
                                         sn.median_filter(view, footprint=ball))
        numpy.testing.assert_array_equal(
            cunp.asnumpy(cn.rank_filter(d, 5, footprint=cross, axes=(0, 2))),
            sn.rank_filter(view, 5, footprint=cross, axes=(0, 2)))
    d = cunp.asarray(x)
    expected = sn.median_filter(x, size=5)
    assert cn.median_filter(d, size=5, output=d) is d
    numpy.testing.assert_array_equal(cunp.asnumpy(d), expected)


@gpu
@pytest.mark.parametrize("shape,size", [((60, 50), 5), ((60, 50), 7), ((20, 18, 16), (5, 5, 5)),
                                        ((400,), 25), ((6, 7, 5, 8), 3)])
def test_windows_with_nan(shape, size):
    """Windows without NaN equal SciPy's values; windows holding NaN give numpy.sort's rank-th
    value (NaN after +inf), where SciPy's is undefined (tiles and the elementwise networks)."""
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(8)
    x = rng.standard_normal(shape).astype(numpy.float32)
    x[rng.random(shape) < 0.02] = numpy.nan
    got = cunp.asnumpy(cn.median_filter(cunp.asarray(x), size=size))
    expected = _scipy("median_filter", x, size=size)
    clean = ~sn.maximum_filter(numpy.isnan(x), size=size, mode="reflect")
    numpy.testing.assert_array_equal(got[clean], expected[clean])
    model = numpy.empty(shape, numpy.float32)
    footprint = numpy.ones(size if isinstance(size, tuple) else (size,) * x.ndim, bool)
    be = numpy_backend()
    _filters.median_filter(be, x, footprint=footprint, output=model)
    numpy.testing.assert_array_equal(got, model)
