"""3-D volumes through the stencil's shared-memory tiles (src/device/ndimage/ndi_tile3.cuh)
against scipy.ndimage.

Without a GPU: the tile's indexing (blocks of depth x 8 x 32 outputs, the halo staged through the
boundary transform, each tap's offset inside the tile) is modelled in ndimage_model.tile3 and
checked against the model's elementwise stencil for every mode, depth, partial block, origin,
layout and footprints larger than the volume (and the 2-D tile's, which reads its taps the same
way, in ndimage_model.tile2); the planner's depth for a footprint's extent too.
On the GPU the public filters that reach the tile (correlate and convolve with 3-D weights, the
rank filters and grey morphology over 3-D footprints) are compared with SciPy."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
import ndimage_model  # noqa: E402

from cunp.scipy.ndimage import _footprints  # noqa: E402
from cunp.scipy.ndimage import _ni_support as ns  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["reflect", "mirror", "nearest", "wrap", "constant", "grid-wrap", "grid-constant",
         "grid-mirror"]


def _footprint(shape, seed):
    f = numpy.random.default_rng(seed).random(shape) > 0.4
    f.flat[0] = True
    return f


def _compare_tile_with_stencil(x, footprint, origins, mode, fold, depth, rank=0):
    """The tile model (depth: the 3-D tile's; None: the 2-D tile) against the stencil model."""
    values = numpy.random.default_rng(1).standard_normal(footprint.shape)
    if fold == "rank":
        values[...] = 0
    offsets, w = _footprints.table(footprint, values, origins)
    extent = [int(v) for v in ns.interior_table(offsets, x.shape, x.strides)[len(w):]]
    code = ns.mode_code(mode, is_filter=True)
    expected = numpy.empty(x.shape)
    ndimage_model.stencil(x, expected, offsets.reshape(-1), w, code, 0.5, fold, rank)
    got = numpy.empty(x.shape)
    if depth is None:
        ndimage_model.tile2(x, got, offsets.reshape(-1), w, extent, code, 0.5, fold, rank)
    else:
        ndimage_model.tile3(x, got, offsets.reshape(-1), w, extent, code, 0.5, fold, rank, depth)
    numpy.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("depth", [1, 2, 8])
def test_model_tile_reads_the_stencils_taps(mode, depth):
    rng = numpy.random.default_rng(2)
    x = rng.standard_normal((11, 10, 35))  # partial blocks along every axis
    _compare_tile_with_stencil(x, _footprint((3, 3, 3), 3), (0, 0, 0), mode, "sum", depth)
    _compare_tile_with_stencil(x, _footprint((3, 4, 2), 4), (1, -2, 0), mode, "min", depth)
    _compare_tile_with_stencil(x, numpy.ones((5, 5, 5), bool), (0, 0, 0), mode, "rank", depth,
                               rank=62)


@pytest.mark.parametrize("mode", ["reflect", "mirror", "wrap", "constant", "nearest"])
def test_model_tile_layouts_and_footprints_larger_than_the_volume(mode):
    rng = numpy.random.default_rng(5)
    base = rng.standard_normal((6, 9, 40))
    for x in (numpy.asfortranarray(base), base[::-1, 1::2, ::3], base[:2, :3, :4]):
        _compare_tile_with_stencil(x, _footprint((3, 5, 3), 6), (0, 1, -1), mode, "max", 4)
        _compare_tile_with_stencil(x, _footprint((7, 5, 9), 7), (2, -2, 3), mode, "sum", 1)


@pytest.mark.parametrize("mode", MODES)
def test_model_2d_tile_reads_the_stencils_taps(mode):
    # The 2-D tile's taps are read at offsets computed once per block, as the 3-D tile's.
    rng = numpy.random.default_rng(8)
    base = rng.standard_normal((45, 70))
    for x in (base, numpy.asfortranarray(base), base[::-2, 1::3], base[:3, :2]):
        _compare_tile_with_stencil(x, _footprint((3, 4), 9), (1, -2), mode, "sum", None)
        _compare_tile_with_stencil(x, numpy.ones((7, 7), bool), (0, 2), mode, "rank", None,
                                   rank=24)


def test_model_tile_depth_fits_the_shared_memory():
    # extent: smallest and largest offset along each axis; taps: the footprint's.
    assert ndimage_model.tile3_depth([-1, 1] * 3, 27) == 8
    assert ndimage_model.tile3_depth([-2, 2] * 3, 125) == 8
    assert ndimage_model.tile3_depth([-3, 3] * 3, 343) == 4
    assert ndimage_model.tile3_depth([-4, 4] * 3, 729) == 1
    assert ndimage_model.tile3_depth([-5, 5] * 3, 1331) is None  # the elementwise stencil
    # The rank folds' 32-bit keys take half the room.
    assert ndimage_model.tile3_depth([-4, 4] * 3, 729, staged=4) == 8
    assert ndimage_model.tile3_depth([-5, 5] * 3, 1331, staged=4) == 4


# --- on the GPU ---

def _views(x):
    yield x
    yield numpy.asfortranarray(x)
    yield x[::-1, :, ::2]


def _ball(radius):
    r = numpy.indices((2 * radius + 1,) * 3) - radius
    return (r ** 2).sum(axis=0) <= radius * radius


@gpu
@pytest.mark.parametrize("shape", [(1, 1, 1), (3, 5, 7), (9, 17, 33), (20, 9, 70)])
@pytest.mark.parametrize("mode", MODES)
def test_tiled_3d_stencils_match_scipy(shape, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(11)
    x = (rng.standard_normal(shape) * 10).astype(numpy.float32)
    weights = rng.standard_normal((3, 4, 2))
    footprint = _footprint((3, 3, 3), 12)
    structure = rng.standard_normal((3, 3, 3))
    calls = [
        ("correlate", (weights,), dict(origin=(0, 1, 0))),
        ("convolve", (rng.standard_normal((5, 5, 5)),), dict(origin=(-1, 0, 2))),
        ("median_filter", (), dict(size=3)),
        ("median_filter", (), dict(size=5)),
        ("rank_filter", (4,), dict(footprint=footprint, origin=(1, 0, -1))),
        ("percentile_filter", (20,), dict(footprint=_ball(2))),
        ("maximum_filter", (), dict(footprint=footprint)),
        ("grey_erosion", (), dict(structure=structure)),
        ("grey_dilation", (), dict(footprint=_ball(2), origin=(0, -1, 1))),
    ]
    for view in _views(x):
        d = cunp.asarray(view)
        for name, args, kwargs in calls:
            expected = getattr(sn, name)(view, *args, mode=mode, cval=0.5, **kwargs)
            got = getattr(cn, name)(d, *args, mode=mode, cval=0.5, **kwargs)
            assert got.dtype == expected.dtype, name
            numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-4,
                                          err_msg=name)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float64"])
def test_tiled_3d_dtypes_outputs_and_wide_halos(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(13)
    if dtype == "bool":
        x = rng.random((14, 19, 37)) > 0.3
        d = cunp.asarray(x)
        s = sn.generate_binary_structure(3, 1)
        for iterations in (1, 2):
            numpy.testing.assert_array_equal(
                cunp.asnumpy(cn.binary_erosion(d, s, iterations=iterations)),
                sn.binary_erosion(x, s, iterations=iterations))
        numpy.testing.assert_array_equal(cunp.asnumpy(cn.binary_dilation(d, _ball(2))),
                                         sn.binary_dilation(x, _ball(2)))
        return
    x = (rng.standard_normal((14, 19, 37)) * 50).astype(dtype)
    d = cunp.asarray(x)
    # Halos that fit at depths 8, 4 and 1, and one that does not (the elementwise stencil).
    for size in ((3, 3, 3), (7, 7, 7), (9, 9, 9), (11, 11, 11)):
        w = rng.random(size)
        expected = sn.correlate(x, w, output=numpy.float64)
        got = cn.correlate(d, w, output=numpy.float64)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-10, atol=1e-8)
    expected = sn.median_filter(x, size=5, output=numpy.float32)
    got = cn.median_filter(d, size=5, output=numpy.float32)
    assert got.dtype == numpy.float32
    numpy.testing.assert_array_equal(cunp.asnumpy(got), expected)
    expected = sn.grey_erosion(x, footprint=_ball(1))
    out = cunp.zeros(x.shape, dtype)
    assert cn.grey_erosion(d, footprint=_ball(1), output=out) is out
    numpy.testing.assert_array_equal(cunp.asnumpy(out), expected)
    cn.grey_erosion(d, footprint=_ball(1), output=d)  # in place
    numpy.testing.assert_array_equal(cunp.asnumpy(d), expected)


@gpu
def test_tiled_3d_axes_and_4d_stay_general():
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(17)
    x = rng.standard_normal((5, 6, 7, 8)).astype(numpy.float32)
    d = cunp.asarray(x)
    w = rng.standard_normal((3, 3, 3))
    numpy.testing.assert_allclose(cunp.asnumpy(cn.correlate(d, w, axes=(0, 2, 3))),
                                  sn.correlate(x, w, axes=(0, 2, 3)), rtol=1e-5, atol=1e-5)
    numpy.testing.assert_array_equal(cunp.asnumpy(cn.median_filter(d, size=3)),
                                     sn.median_filter(x, size=3))
