"""Binary and grey erosion, dilation, opening and closing against scipy.ndimage on the shapes and
layouts the stencil's indexing has to get right: Fortran-order, negative-stride and strided
inputs, axes=, size-1 axes, footprints larger than the input, large footprints (15 x 15,
7 x 7 x 7), brute_force with iterations and masks, border_value and origins up to the
footprint's edges. CPU tests run the functions on the NumPy model of the stencil engine
(ndimage_model.py); gpu tests run the public functions on cunp arrays, laid out the same way."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
import ndimage_model  # noqa: E402
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _morphology  # noqa: E402
from cunp.scipy.ndimage import _ni_support as ns  # noqa: E402

gpu = pytest.mark.gpu

LAYOUTS = ["C", "F", "reversed", "strided"]


def _laid_out(a, layout, xp):
    """The values of a (NumPy) in xp, stored in the given layout: Fortran order, reversed along
    every axis (negative strides), or every other element of a twice-as-long array."""
    if layout == "F":
        return xp.asfortranarray(xp.asarray(a))
    if layout == "reversed":
        full = xp.asarray(numpy.ascontiguousarray(a[(slice(None, None, -1),) * a.ndim]))
        return full[(slice(None, None, -1),) * a.ndim]
    if layout == "strided":
        big = numpy.zeros([2 * n for n in a.shape], dtype=a.dtype)
        big[(slice(None, None, 2),) * a.ndim] = a
        return xp.asarray(big)[(slice(None, None, 2),) * a.ndim]
    return xp.asarray(a)


def _rng(seed):
    return numpy.random.default_rng(seed)


def _binary_input(shape, seed=21, scale=1.0, fraction=0.5):
    """Blobs about `scale` elements across covering about `fraction` of the input (smoothed
    noise, thresholded): structures both fit and miss them, so results are not all one value."""
    noise = _rng(seed).random(shape)
    if scale > 0 and noise.size:
        noise = sn.gaussian_filter(noise, scale, mode="wrap")
    return noise > numpy.quantile(noise, 1 - fraction) if noise.size else noise > 0.5


def _sparse_structure(ndim, n=7, seed=24):
    """An n^ndim structure with its centre and a few far elements true: taps that land well
    outside a small input."""
    st = numpy.zeros((n,) * ndim, bool)
    st[(n // 2,) * ndim] = True
    st[(0,) * ndim] = True
    st[(n - 1,) + (0,) * (ndim - 1)] = True
    st.flat[_rng(seed).integers(st.size)] = True
    return st


def _grey_input(shape, seed=22, dtype=numpy.float64):
    return (_rng(seed).random(shape) * 50).astype(dtype)


BINARY = ["binary_erosion", "binary_dilation", "binary_opening", "binary_closing"]
GREY = ["grey_erosion", "grey_dilation", "grey_opening", "grey_closing"]


def _cases():
    """(id, name, input, kwargs): NumPy arguments; the input is laid out per test."""
    rng = _rng(23)
    cases = []
    x2 = _binary_input((13, 11))
    x3 = _binary_input((6, 7, 5))
    g2 = _grey_input((13, 11))
    g3 = _grey_input((6, 7, 5))
    cross = sn.generate_binary_structure(2, 1)
    square = sn.generate_binary_structure(2, 2)
    odd = rng.random((3, 4)) > 0.4
    odd[1, 1] = True
    for name in BINARY:
        cases += [
            (f"{name}-default", name, x2, {}),
            (f"{name}-square-border1", name, x2, dict(structure=square, border_value=1)),
            (f"{name}-odd-origin", name, x2, dict(structure=odd, origin=(-1, 1))),
            (f"{name}-iter2", name, x2, dict(structure=cross, iterations=2)),
            (f"{name}-3d", name, x3, dict(structure=sn.generate_binary_structure(3, 2))),
            (f"{name}-axes02", name, x3, dict(structure=odd, axes=(0, 2), origin=(1, -2))),
            (f"{name}-axes-neg", name, x3, dict(axes=(-1,), iterations=2, border_value=1)),
        ]
    for name in GREY:
        cases += [
            (f"{name}-size", name, g2, dict(size=(3, 4))),
            (f"{name}-footprint-origin", name, g2, dict(footprint=odd, origin=(1, -1),
                                                        mode="constant", cval=7.0)),
            (f"{name}-structure", name, g2, dict(structure=rng.random((3, 2)) * 5,
                                                 mode="mirror")),
            (f"{name}-3d-wrap", name, g3, dict(size=(2, 3, 4), mode="wrap")),
            (f"{name}-axes12", name, g3, dict(size=(3, 2), axes=(1, 2), origin=(0, -1),
                                              mode="nearest")),
            (f"{name}-axes-fp", name, g3, dict(footprint=odd, axes=(2, 0), mode="reflect")),
        ]
    return cases


CASES = _cases()


def _call(f, name, x, kwargs):
    return getattr(f, name)(x, **kwargs)


class _Model:
    def __getattr__(self, name):
        f = getattr(_morphology, name)
        return lambda *a, **k: f(numpy_backend(), *a, **k)


def _check(got, expected):
    got = numpy.asarray(got)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_model_layouts_match_scipy(case, layout):
    _, name, x, kwargs = case
    a = _laid_out(x, layout, numpy)
    _check(_call(_Model(), name, a, kwargs), _call(sn, name, a, kwargs))


# Size-1 axes and footprints that overhang the input on every side.
SMALL = [
    ("size1-row", (1, 9)), ("size1-col", (8, 1)), ("size1-mid", (4, 1, 5)),
    ("size1-all", (1, 1, 1)), ("tiny", (2, 3)), ("tiny3", (2, 1, 3)),
]


def _small_cases():
    cases = []
    for sid, shape in SMALL:
        n = len(shape)
        big = _sparse_structure(n)
        for name in BINARY:
            cases += [(f"{sid}-{name}", name, _binary_input(shape, 25, scale=0), {}),
                      (f"{sid}-{name}-border1", name, _binary_input(shape, 25, scale=0),
                       dict(border_value=1)),
                      (f"{sid}-{name}-line", name, _binary_input(shape, 25, scale=0),
                       dict(structure=numpy.ones((1,) * (n - 1) + (2,), bool),
                            origin=(0,) * (n - 1) + (-1,))),
                      (f"{sid}-{name}-big", name, _binary_input(shape, 25, scale=0),
                       dict(structure=big, border_value=1)),
                      (f"{sid}-{name}-big-origin", name, _binary_input(shape, 25, scale=0),
                       dict(structure=big, origin=3))]
        for name in GREY:
            cases += [(f"{sid}-{name}", name, _grey_input(shape), dict(size=3)),
                      (f"{sid}-{name}-big", name, _grey_input(shape),
                       dict(footprint=big, mode="constant", cval=25.0)),
                      (f"{sid}-{name}-structure9", name, _grey_input(shape),
                       dict(structure=_rng(26).random((9,) * n) * 20, mode="mirror",
                            origin=-4))]
    return cases


SMALL_CASES = _small_cases()


@pytest.mark.parametrize("case", SMALL_CASES, ids=[c[0] for c in SMALL_CASES])
def test_model_size_one_axes_and_overhanging_footprints(case):
    _, name, x, kwargs = case
    _check(_call(_Model(), name, x, kwargs), _call(sn, name, x, kwargs))


def _large_cases():
    rng = _rng(26)
    disk = numpy.hypot(*numpy.indices((15, 15)) - 7) <= 7.2
    ball = numpy.sum((numpy.indices((7, 7, 7)) - 3) ** 2, axis=0) <= 9
    x2 = _binary_input((40, 37), 27, scale=4.0, fraction=0.4)
    x3 = _binary_input((13, 14, 12), 28, scale=4.0, fraction=0.75)
    g2 = _grey_input((24, 21))
    g3 = _grey_input((9, 11, 10))
    cases = []
    for name in BINARY:
        cases += [(f"{name}-disk15", name, x2, dict(structure=disk)),
                  (f"{name}-square15-origin", name, x2,
                   dict(structure=numpy.ones((15, 15), bool), origin=(-7, 6), border_value=1)),
                  (f"{name}-ball7", name, x3, dict(structure=ball))]
    for name in GREY:
        cases += [(f"{name}-size15", name, g2, dict(size=15)),
                  (f"{name}-disk15", name, g2, dict(footprint=disk, mode="constant", cval=3.0)),
                  (f"{name}-structure15", name, g2,
                   dict(structure=rng.random((15, 15)) * 4, mode="nearest")),
                  (f"{name}-size777", name, g3, dict(size=7, mode="wrap")),
                  (f"{name}-ball7-origin", name, g3, dict(footprint=ball, origin=(3, -3, 0)))]
    return cases


LARGE_CASES = _large_cases()


@pytest.mark.parametrize("case", LARGE_CASES, ids=[c[0] for c in LARGE_CASES])
def test_model_large_footprints(case):
    _, name, x, kwargs = case
    _check(_call(_Model(), name, x, kwargs), _call(sn, name, x, kwargs))


def _brute_cases():
    x = _binary_input((20, 22), 29, scale=3.0, fraction=0.5)
    mask = _rng(30).random(x.shape) > 0.25
    odd = numpy.array([[0, 1, 1], [1, 1, 0]], bool)
    cases = []
    for name in ("binary_erosion", "binary_dilation"):
        for iterations in (1, 2, 5, 0, -1):
            cases += [
                (f"{name}-it{iterations}", name, x, dict(iterations=iterations)),
                (f"{name}-it{iterations}-mask", name, x, dict(iterations=iterations, mask=mask)),
                (f"{name}-it{iterations}-mask-odd", name, x,
                 dict(iterations=iterations, mask=mask, structure=odd, origin=(0, -1),
                      border_value=1)),
            ]
    return cases


BRUTE_CASES = _brute_cases()


@pytest.mark.parametrize("brute_force", [False, True])
@pytest.mark.parametrize("case", BRUTE_CASES, ids=[c[0] for c in BRUTE_CASES])
def test_model_brute_force_iterations_and_masks(case, brute_force):
    """brute_force changes how SciPy iterates (every element each pass rather than the changed
    ones), never the answer: both equal SciPy's for every iteration count and mask."""
    _, name, x, kwargs = case
    kwargs = dict(kwargs, brute_force=brute_force)
    _check(_call(_Model(), name, x, kwargs), _call(sn, name, x, kwargs))


GREY_DTYPES = ["bool", "uint8", "int16", "int32", "uint64", "float32", "float64"]


def _grey_dtype_cases(dtype):
    """An input of dtype and calls whose values it holds: SciPy's integer grey morphology casts
    a result outside the dtype (x - structure, or a cval) to it in C, where that is undefined,
    so the values stay inside (data 10 to 59, structure 0 to 5, cvals 7 and 100)."""
    x = _grey_input((7, 9), dtype=numpy.float64) + 10
    if dtype == "bool":
        return x > 35, [dict(size=(3, 2), mode="constant", cval=1.0),
                        dict(footprint=numpy.eye(3, dtype=bool), mode="constant", cval=0.0),
                        dict(footprint=numpy.eye(3, dtype=bool), mode="wrap")]
    return x.astype(dtype), [dict(size=(3, 2), mode="constant", cval=7.0),
                             dict(structure=numpy.arange(6.0).reshape(2, 3), mode="nearest"),
                             dict(footprint=numpy.eye(3, dtype=bool), mode="constant",
                                  cval=100.0)]


@pytest.mark.parametrize("layout", ["F", "reversed"])
@pytest.mark.parametrize("dtype", GREY_DTYPES)
@pytest.mark.parametrize("name", GREY)
def test_model_grey_dtypes_structures_and_cvals(name, dtype, layout):
    """Integer, bool and float inputs in other layouts, with flat footprints, a non-flat
    structure and cvals."""
    x, calls = _grey_dtype_cases(dtype)
    a = _laid_out(x, layout, numpy)
    for kwargs in calls:
        _check(_call(_Model(), name, a, kwargs), _call(sn, name, a, kwargs))


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("border_value", [0, 1, 2, True])
def test_model_border_value(name, border_value):
    """Any nonzero border_value reads as true past the edge."""
    x = _binary_input((7, 9), 31)
    kwargs = dict(structure=numpy.ones((3, 5), bool), border_value=border_value)
    _check(_call(_Model(), name, x, kwargs), _call(sn, name, x, kwargs))


@pytest.mark.parametrize("name", BINARY + GREY)
def test_model_every_origin(name):
    """Every origin the footprint allows, per axis, on an even and an odd length."""
    x = _binary_input((8, 9), 32) if name in BINARY else _grey_input((8, 9))
    fp = numpy.ones((4, 3), bool)
    fp[0, 0] = False
    key = "structure" if name in BINARY else "footprint"
    for o0 in range(-2, 2):
        for o1 in range(-1, 2):
            kwargs = {key: fp, "origin": (o0, o1)}
            _check(_call(_Model(), name, x, kwargs), _call(sn, name, x, kwargs))


@pytest.mark.parametrize("origin", [2, -2, (0, 2), (-3, 0)])
@pytest.mark.parametrize("name", GREY)
def test_model_grey_origin_past_the_footprint_raises(name, origin):
    x = _grey_input((8, 9))
    with pytest.raises(ValueError):
        _call(sn, name, x, dict(size=3, origin=origin))
    with pytest.raises(ValueError):
        _call(_Model(), name, x, dict(size=3, origin=origin))


@pytest.mark.parametrize("origin", [2, -2, (0, 2), (-3, 0)])
@pytest.mark.parametrize("name", BINARY)
def test_model_binary_origin_past_the_structure_raises(name, origin):
    """SciPy has no check here (1.17 raises IndexError reading the structure's centre for some
    origins and crashes for others, so it is not called); cunp raises the ValueError its grey
    morphology and filters raise."""
    with pytest.raises(ValueError, match="invalid origin"):
        _call(_Model(), name, _binary_input((8, 9), 32), dict(origin=origin))


@pytest.mark.parametrize("name", BINARY + GREY)
def test_model_output_arrays_in_other_layouts(name):
    """A caller's output in Fortran order or with negative strides is written in place."""
    x = _binary_input((9, 10), 33) if name in BINARY else _grey_input((9, 10))
    kwargs = dict(structure=numpy.ones((2, 3), bool)) if name in BINARY else dict(size=(2, 3))
    expected = _call(sn, name, x, kwargs)
    dtype = numpy.uint8 if name in BINARY else numpy.float64
    for layout in ("F", "reversed", "strided"):
        out = _laid_out(numpy.zeros(x.shape, dtype), layout, numpy)
        assert _call(_Model(), name, _laid_out(x, layout, numpy), dict(kwargs, output=out)) is out
        numpy.testing.assert_array_equal(out, expected.astype(dtype))


# --- the device's shared-memory tiles, modelled ---

_TILE_BYTES = 48 * 1024  # src/ops/ndimage/stencil_tile.cpp's kTileBytes


def _tiled_backend(used):
    """The model with the engine's dispatch (cunp_backend's stencil and stencil_tile's planner):
    2-D images and 3-D volumes whose footprint's halo fits the shared memory go through the
    tile models (ndimage_model.tile2, tile3), the rest through the elementwise stencil. `used`
    counts the tiles run."""
    model = numpy_backend()

    def stencil(input, output, offsets, weights, mode, cval, fold, rank):
        taps = len(weights)
        extent = [int(v) for v in ns.interior_table(offsets, input.shape, input.strides)[taps:]]
        if input.ndim == 2 and taps:
            staged = (32 + extent[1] - extent[0]) * (32 + extent[3] - extent[2]) * 8 + taps * 4
            if staged <= _TILE_BYTES:
                used["tile2"] += 1
                return ndimage_model.tile2(input, output, offsets, weights, extent, mode, cval,
                                           fold, rank)
        if input.ndim == 3 and taps:
            depth = ndimage_model.tile3_depth(extent, taps)
            if depth is not None:
                used["tile3"] += 1
                return ndimage_model.tile3(input, output, offsets, weights, extent, mode, cval,
                                           fold, rank, depth)
        return ndimage_model.stencil(input, output, offsets, weights, mode, cval, fold, rank)

    return ns.Backend(numpy, stencil, model.to_host, model._sample, model.spline)


TILED = [c for c in CASES + LARGE_CASES if numpy.ndim(c[2]) in (2, 3)]


@pytest.mark.parametrize("layout", ["C", "F", "reversed"])
@pytest.mark.parametrize("case", TILED, ids=[c[0] for c in TILED])
def test_model_tiles_match_scipy(case, layout):
    """The same calls through the modelled tiles, as the device runs them (15 x 15 and
    7 x 7 x 7 footprints included: their halos still fit, at a shallower 3-D depth)."""
    _, name, x, kwargs = case
    used = {"tile2": 0, "tile3": 0}
    be = _tiled_backend(used)
    a = _laid_out(x, layout, numpy)
    got = getattr(_morphology, name)(be, a, **kwargs)
    _check(got, _call(sn, name, a, kwargs))
    assert used["tile2" if x.ndim == 2 else "tile3"] > 0


# --- on the GPU ---

def _on_device(kwargs):
    """The keyword arguments with every array (mask, structure, footprint) on the device."""
    import cunp
    return {k: cunp.asarray(v) if isinstance(v, numpy.ndarray) else v
            for k, v in kwargs.items()}


def _check_device(got, expected):
    import cunp
    assert isinstance(got, cunp.ndarray)
    _check(cunp.asnumpy(got), expected)


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_layouts_match_scipy(case, layout):
    import cunp
    from cunp.scipy import ndimage as cn
    _, name, x, kwargs = case
    expected = _call(sn, name, _laid_out(x, layout, numpy), kwargs)
    _check_device(_call(cn, name, _laid_out(x, layout, cunp), _on_device(kwargs)), expected)


@gpu
@pytest.mark.parametrize("case", SMALL_CASES, ids=[c[0] for c in SMALL_CASES])
def test_size_one_axes_and_overhanging_footprints(case):
    import cunp
    from cunp.scipy import ndimage as cn
    _, name, x, kwargs = case
    expected = _call(sn, name, x, kwargs)
    for layout in ("C", "F", "reversed"):
        _check_device(_call(cn, name, _laid_out(x, layout, cunp), _on_device(kwargs)),
                      expected)


@gpu
@pytest.mark.parametrize("layout", ["C", "F", "reversed"])
@pytest.mark.parametrize("case", LARGE_CASES, ids=[c[0] for c in LARGE_CASES])
def test_large_footprints(case, layout):
    """15 x 15 and 7 x 7 x 7 footprints: past the shared-memory tile's halo and the register
    selection's capacity, so the engine's fallbacks run too."""
    import cunp
    from cunp.scipy import ndimage as cn
    _, name, x, kwargs = case
    expected = _call(sn, name, x, kwargs)
    _check_device(_call(cn, name, _laid_out(x, layout, cunp), _on_device(kwargs)), expected)


@gpu
@pytest.mark.parametrize("brute_force", [False, True])
@pytest.mark.parametrize("case", BRUTE_CASES, ids=[c[0] for c in BRUTE_CASES])
def test_brute_force_iterations_and_masks(case, brute_force):
    import cunp
    from cunp.scipy import ndimage as cn
    _, name, x, kwargs = case
    kwargs = dict(kwargs, brute_force=brute_force)
    expected = _call(sn, name, x, kwargs)
    _check_device(_call(cn, name, cunp.asarray(x), _on_device(kwargs)), expected)


@gpu
@pytest.mark.parametrize("name", BINARY + GREY)
def test_every_origin_and_border_value(name):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _binary_input((8, 9), 32) if name in BINARY else _grey_input((8, 9))
    fp = numpy.ones((4, 3), bool)
    fp[0, 0] = False
    key = "structure" if name in BINARY else "footprint"
    for o0 in range(-2, 2):
        for o1 in range(-1, 2):
            kwargs = {key: fp, "origin": (o0, o1)}
            if name in BINARY:
                kwargs["border_value"] = (o0 + o1) & 1
            _check_device(_call(cn, name, _laid_out(x, "reversed", cunp), kwargs),
                          _call(sn, name, x, kwargs))


@gpu
@pytest.mark.parametrize("layout", ["F", "reversed"])
@pytest.mark.parametrize("dtype", GREY_DTYPES)
@pytest.mark.parametrize("name", GREY)
def test_grey_dtypes_structures_and_cvals(name, dtype, layout):
    import cunp
    from cunp.scipy import ndimage as cn
    x, calls = _grey_dtype_cases(dtype)
    for kwargs in calls:
        expected = _call(sn, name, _laid_out(x, layout, numpy), kwargs)
        _check_device(_call(cn, name, _laid_out(x, layout, cunp), _on_device(kwargs)), expected)


@gpu
@pytest.mark.parametrize("name", BINARY + GREY)
def test_output_arrays_in_other_layouts(name):
    """A caller's output in Fortran order or with negative strides is written in place."""
    import cunp
    from cunp.scipy import ndimage as cn
    x = _binary_input((9, 10), 33) if name in BINARY else _grey_input((9, 10))
    kwargs = dict(structure=numpy.ones((2, 3), bool)) if name in BINARY else dict(size=(2, 3))
    expected = _call(sn, name, x, kwargs)
    dtype = numpy.uint8 if name in BINARY else numpy.float64
    for layout in ("F", "reversed", "strided"):
        out = _laid_out(numpy.zeros(x.shape, dtype), layout, cunp)
        got = _call(cn, name, cunp.asarray(x), dict(kwargs, output=out))
        assert got is out
        numpy.testing.assert_array_equal(cunp.asnumpy(out), expected.astype(dtype))
