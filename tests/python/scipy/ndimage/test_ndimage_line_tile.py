"""The weighted 1-D passes through shared-memory tiles (src/device/ndimage/ndi_line_tile.cuh;
correlate1d, convolve1d and the Gaussian's passes) against scipy.ndimage.

Without a GPU: the planner's choice (which axis the lines sit side by side along, which layout,
when the direct pass runs instead) and the tiles' indexing and arithmetic are modelled in
ndimage_model (line_tile_plan, line_tile) and checked against the pass's contract for every mode,
origin, partial tile, window wider than the line, layout and stride; the along layout's padded
row is checked to spread a warp's reads over the banks; the kernels are compiled (NVRTC); the
separable filters' passes, which now alternate between the output and one temporary, are
compared with SciPy through the model backend (in place, integer outputs, 1 to 3 passes).
On the GPU the public filters that reach the tiles are compared with SciPy: large images and
volumes, every mode, F-order and strided inputs, every window width the tiles take and the first
they do not."""
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
CODES = [2, 3, 0, 1, 4]  # reflect, mirror, nearest, wrap, constant (the grid- modes fold in)


def _compare_tile_with_line(x, axis, taps, start, mode, seed=0):
    w = numpy.random.default_rng(seed).standard_normal(taps)
    expected = numpy.empty(x.shape)
    ndimage_model.line(x, expected, w, axis, start, taps, mode, 0.75, "sum")
    for run in ndimage_model.LINE_RUNS.values():
        got = numpy.empty(x.shape)
        ndimage_model.line_tile(x, got, w, axis, start, taps, mode, 0.75, run)
        numpy.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("mode", CODES)
@pytest.mark.parametrize("taps,start", [(1, 0), (2, -1), (3, -2), (33, -16), (33, -20),
                                        (121, -60), (121, 0)])
def test_model_tiles_fold_the_passes_taps(mode, taps, start):
    rng = numpy.random.default_rng(taps)
    base = rng.standard_normal((37, 300))  # partial tiles along and across
    _compare_tile_with_line(base, 1, taps, start, mode)  # along (the innermost axis)
    _compare_tile_with_line(base, 0, taps, start, mode)  # across
    _compare_tile_with_line(base[:, :70], 0, taps, start, mode)  # a window wider than the line


@pytest.mark.parametrize("mode", CODES)
def test_model_tiles_layouts_and_strides(mode):
    rng = numpy.random.default_rng(3)
    base = rng.standard_normal((9, 40, 130))
    for x in (base, numpy.asfortranarray(base), base[::-1, 1::2, ::-1], base.transpose(2, 0, 1),
              rng.standard_normal(500), rng.standard_normal((3, 700))):
        for axis in range(x.ndim):
            if ndimage_model.line_tile_plan(x.shape, x.strides, axis, 9) is not None:
                _compare_tile_with_line(x, axis, 9, -4, mode)


def test_model_line_tile_plan():
    plan = ndimage_model.line_tile_plan
    c = numpy.empty((4096, 4096), numpy.float32)
    assert plan(c.shape, c.strides, 1, 33) == (0, 0)  # along the rows, rows side by side
    assert plan(c.shape, c.strides, 0, 33) == (1, 1)  # down the columns, columns side by side
    f = numpy.asfortranarray(c)
    assert plan(f.shape, f.strides, 0, 33) == (0, 1)
    assert plan(f.shape, f.strides, 1, 33) == (1, 0)
    v = numpy.empty((64, 64, 64), numpy.float32)
    assert [plan(v.shape, v.strides, a, 9) for a in range(3)] == [(1, 2), (1, 2), (0, 1)]
    r = v[:, :, ::-2]  # a negative stride counts by its size
    assert plan(r.shape, r.strides, 0, 9) == (1, 2)
    assert plan((500,), (8,), 0, 5) == (0, None)
    # The direct pass: windows beyond the tiles', short lines along, few lines across, 9 axes.
    assert plan(c.shape, c.strides, 1, ndimage_model.LINE_TILE_MAX_TAPS + 1) is None
    assert plan((1000, 63), (504, 8), 1, 5) is None
    assert plan((1000, 7), (56, 8), 0, 5) is None
    assert plan((2,) * 9, (8,) * 9, 0, 3) is None
    # An axis of one element is never the one the lines sit along.
    assert plan((100, 1, 200), (1600, 8, 8), 0, 3) == (1, 2)


@pytest.mark.parametrize("taps", [1, 33, 121])
@pytest.mark.parametrize("accumulator", ["double", "float"])
def test_along_rows_spread_a_warps_reads_over_the_banks(taps, accumulator):
    # Lane l's run reads its window's i-th value at slot line_slot(run l + i). A warp's 64-bit
    # reads are served half a warp at a time, 16 lanes over 32 four-byte banks (16 eight-byte
    # ones); its 32-bit reads all at once, 32 lanes over 32 banks. Conflict-free when a group's
    # slots differ modulo its bank count. Slots are distinct and within the row
    # (kWidth + kWidth / run + 1 values).
    run = ndimage_model.LINE_RUNS[accumulator]
    group = 16 if accumulator == "double" else 32  # lanes served together = banks per value
    lanes = [range(g, g + group) for g in range(0, 32, group)]
    width = 32 * run + taps - 1
    slots = [ndimage_model.line_slot(e, run) for e in range(width)]
    assert len(set(slots)) == width and max(slots) < width + width // run + 1
    for i in range(run + taps - 1):
        for part in lanes:
            assert len({ndimage_model.line_slot(run * lane + i, run) % group
                        for lane in part}) == group
    # Staging into the row and storing from it: lanes on consecutive values, one padding slot
    # every run, so at most two lanes served together share a bank, against the runs'
    # run-fold (or all-lanes) conflicts unpadded.
    for t in range(width // 32):
        for part in lanes:
            banks = [ndimage_model.line_slot(32 * t + lane, run) % group for lane in part]
            assert max(banks.count(b) for b in banks) <= 2
            unpadded = [(run * lane) % group for lane in part]
            assert max(unpadded.count(b) for b in unpadded) >= 8


@pytest.mark.parametrize("layout", [0, 1])
@pytest.mark.parametrize("dtypes", [("float32", "float32"), ("float64", "float64"),
                                    ("uint8", "float32"), ("float16", "float16"),
                                    ("bool", "int64")])
def test_line_tile_kernels_compile(layout, dtypes):
    core = pytest.importorskip("cunp._core")
    accumulator = ndimage_model.line_accumulator(*dtypes)
    for taps in (1, 33, core.ndimage.line_tile_max_taps):
        src = core.ndimage.stencil_line_tile_source(dtypes[0], dtypes[1], taps, layout)
        assert f", {accumulator}, {taps}, {layout}>(p)" in src
        core.reduction.compile(src, "cunp_ndi_line_tile", 90)
    assert core.ndimage.line_tile_max_taps == ndimage_model.LINE_TILE_MAX_TAPS
    assert core.ndimage.line_tile_min_along == ndimage_model.LINE_TILE_MIN_ALONG
    assert core.ndimage.line_tile_min_across == ndimage_model.LINE_TILE_MIN_ACROSS
    with pytest.raises(ValueError):
        core.ndimage.stencil_line_tile_source("float32", "float32",
                                              core.ndimage.line_tile_max_taps + 1, layout)


# --- the separable filters' passes through the model backend ---

@pytest.mark.parametrize("name,args", [("gaussian_filter", (1.5,)), ("uniform_filter", (3,)),
                                       ("minimum_filter", (3,)), ("maximum_filter", (4,))])
@pytest.mark.parametrize("shape", [(20,), (9, 11), (5, 6, 7)])
def test_model_separable_passes_in_place_and_into_integers(name, args, shape):
    rng = numpy.random.default_rng(4)
    x = (rng.standard_normal(shape) * 40).astype(numpy.float64)
    expected = getattr(sn, name)(x, *args)
    y = x.copy()
    got = getattr(_filters, name)(numpy_backend(), y, *args, output=y)
    assert got is y
    numpy.testing.assert_allclose(y, expected, rtol=1e-12, atol=1e-12)
    # Each pass truncates into an integer output, as SciPy's do.
    expected = getattr(sn, name)(x, *args, output=numpy.int16)
    got = getattr(_filters, name)(numpy_backend(), x, *args, output=numpy.int16)
    assert got.dtype == numpy.int16
    numpy.testing.assert_array_equal(got, expected)
    # Passes along chosen axes only (one pass and two).
    for axes in ((0,), tuple(range(len(shape)))[-2:]):
        expected = getattr(sn, name)(x, *args, axes=axes)
        got = getattr(_filters, name)(numpy_backend(), x, *args, axes=axes)
        numpy.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


# --- on the GPU ---

def _device_views(base):
    """base on the device as is, F-ordered and strided with a negative step (views made on the
    device, so the kernels see those strides)."""
    import cunp
    d = cunp.asarray(base)
    yield base, d
    yield numpy.asfortranarray(base), cunp.asfortranarray(d)
    s = (slice(None, None, -1),) + (slice(None, None, 2),) * (base.ndim - 1)
    yield base[s], d[s]


@gpu
@pytest.mark.parametrize("mode", MODES)
def test_gaussian_filter_tiles_match_scipy(mode):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(21)
    for shape in [(300, 517), (70, 40, 150)]:
        base = (rng.standard_normal(shape) * 10).astype(numpy.float32)
        for view, d in _device_views(base):
            for sigma in (4.0, [1.0, 3.0] + [2.0] * (len(shape) - 2)):
                expected = sn.gaussian_filter(view, sigma, mode=mode, cval=0.5)
                got = cn.gaussian_filter(d, sigma, mode=mode, cval=0.5)
                assert got.dtype == expected.dtype
                numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-4, atol=1e-4)


@gpu
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("taps", [1, 2, 33, 120, 121, 122])
def test_correlate1d_tiles_every_width_and_origin(mode, taps):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(taps)
    x = rng.standard_normal((90, 333))
    w = rng.standard_normal(taps)
    d = cunp.asarray(x)
    for axis in (0, 1):
        for origin in sorted({-(taps // 2), 0, (taps - 1) // 2}):
            expected = sn.correlate1d(x, w, axis=axis, mode=mode, cval=-1.5, origin=origin)
            got = cn.correlate1d(d, w, axis=axis, mode=mode, cval=-1.5, origin=origin)
            numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10, atol=1e-10)
        expected = sn.convolve1d(x, w, axis=axis, mode=mode)
        got = cn.convolve1d(d, w, axis=axis, mode=mode)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10, atol=1e-10)


@gpu
@pytest.mark.parametrize("dtype,out", [("uint8", None), ("int16", "float32"),
                                       ("float16", None), ("float64", "float32"),
                                       ("float32", numpy.float64), ("int32", "int32")])
def test_gaussian_filter_tiles_dtypes(dtype, out):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(5)
    x = (rng.random((130, 260)) * 200).astype(dtype)
    try:
        expected = sn.gaussian_filter(x, 2.5, output=out)
    except RuntimeError as e:  # SciPy's linear filters refuse float16
        pytest.skip(f"SciPy: {e}")
    got = cn.gaussian_filter(cunp.asarray(x), 2.5, output=out)
    assert got.dtype == expected.dtype
    kind = numpy.dtype(expected.dtype).kind
    tol = dict(rtol=0, atol=1) if kind in "iu" else (
        dict(rtol=1e-2, atol=1e-2) if expected.dtype == numpy.float16 else
        dict(rtol=1e-4, atol=1e-4))
    numpy.testing.assert_allclose(cunp.asnumpy(got).astype(float), expected.astype(float), **tol)


@gpu
def test_gaussian_filter_tiles_in_place_and_output_views():
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(6)
    x = rng.standard_normal((40, 200, 70)).astype(numpy.float32)
    expected = sn.gaussian_filter(x, 3.0)
    d = cunp.asarray(x)
    got = cn.gaussian_filter(d, 3.0, output=d)
    assert got is d
    numpy.testing.assert_allclose(cunp.asnumpy(d), expected, rtol=1e-4, atol=1e-4)
    out = cunp.zeros((40, 200, 140), numpy.float32)[:, :, ::2]
    cn.gaussian_filter(cunp.asarray(x), 3.0, output=out)
    numpy.testing.assert_allclose(cunp.asnumpy(out), expected, rtol=1e-4, atol=1e-4)


@gpu
@pytest.mark.parametrize("shape", [(4096, 4096), (256, 256, 256)])
def test_gaussian_filter_tiles_large(shape):
    # The benchmark's sizes (its volume is 512^3; SciPy's time bounds this one).
    import cunp
    from cunp.scipy import ndimage as cn
    x = numpy.random.default_rng(7).random(shape, dtype=numpy.float32)
    expected = sn.gaussian_filter(x, 4.0)
    got = cn.gaussian_filter(cunp.asarray(x), 4.0)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-6)
