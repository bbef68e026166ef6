"""rotate of volumes (ndim >= 3) with splines of order > 1, against scipy.ndimage.

SciPy rotates such a volume plane by plane; cunp filters and samples the whole volume at once
(one prefilter, one run of the sampler), filtering the axes off the plane too so that the
spline reproduces each plane's samples there. The tests without the gpu marker run that
composition on the NumPy model of the sampler and prefilter (ndimage_model.py); the gpu tests run
the public function on cunp arrays."""
import itertools
import os
import sys
import warnings

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _interpolation, _ni_support  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["constant", "grid-constant", "nearest", "mirror", "reflect", "grid-mirror", "wrap",
         "grid-wrap"]
AXES = [(0, 1), (1, 2), (0, 2), (2, 0), (-1, -3)]
SHAPE = (4, 6, 5)


class _Model:
    def __getattr__(self, name):
        f = getattr(_interpolation, name)
        return lambda *a, **k: f(numpy_backend(), *a, **k)


def _old_scipy():
    import scipy
    return tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 18)


def _skip_half_sample_prefilter(mode, order, prefilter=True):
    """SciPy 1.17's reflect-family prefilter started from another sum (1.18 fixed it, and cunp
    follows 1.18): compare there only with 1.18."""
    if _old_scipy() and prefilter and order >= 2 and mode in ("reflect", "grid-mirror",
                                                             "nearest"):
        pytest.skip("SciPy 1.17's half-sample prefilter")


def _tol(order, dtype=numpy.float64):
    if numpy.dtype(dtype) == numpy.float32:
        return dict(rtol=2e-6, atol=2e-5)
    return dict(rtol=1e-12, atol=1e-12) if order <= 1 else dict(rtol=1e-9, atol=1e-9)


def _volume(shape=SHAPE, seed=5, dtype=numpy.float64):
    return (numpy.random.default_rng(seed).random(shape) * 10).astype(dtype)


def _layouts(x):
    """The same values as C order, Fortran order and reversed (negative strides on every axis,
    read back in place)."""
    return {"C": x, "F": numpy.asfortranarray(x),
            "reversed": numpy.ascontiguousarray(x[::-1, ::-1, ::-1])[::-1, ::-1, ::-1]}


def _quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


@pytest.mark.parametrize("reshape", [True, False])
@pytest.mark.parametrize("axes", AXES)
@pytest.mark.parametrize("order", range(6))
@pytest.mark.parametrize("mode", MODES)
def test_model_volume_matches_scipy(mode, order, axes, reshape):
    _skip_half_sample_prefilter(mode, order)
    x = _volume()
    kw = dict(axes=axes, reshape=reshape, order=order, mode=mode, cval=-2.5)
    expected = _quiet(sn.rotate, x, 37.0, **kw)
    got = _quiet(_Model().rotate, x, 37.0, **kw)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, **_tol(order))


@pytest.mark.parametrize("axes", AXES[:3])
@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_model_volume_without_prefilter_matches_scipy(mode, order, axes):
    """prefilter=False: the plane's axes read the input as coefficients, the other axes are
    still filtered (or their samples would blur into their neighbours')."""
    x = _volume()
    kw = dict(axes=axes, order=order, mode=mode, cval=1.5, prefilter=False)
    expected = _quiet(sn.rotate, x, -52.0, **kw)
    got = _quiet(_Model().rotate, x, -52.0, **kw)
    assert got.shape == expected.shape
    numpy.testing.assert_allclose(got, expected, **_tol(order))


def _plane_by_plane(be, x, angle, axes, reshape, order, mode, cval, prefilter):
    """SciPy's algorithm on the model: rotate each 2-D plane on its own."""
    ndim = x.ndim
    axes = sorted(a % ndim for a in axes)
    planes = [[slice(None)] if a in axes else range(x.shape[a]) for a in range(ndim)]
    first = _interpolation.rotate(be, x[tuple(0 if a not in axes else slice(None)
                                              for a in range(ndim))],
                                  angle, reshape=reshape, order=order, mode=mode, cval=cval,
                                  prefilter=prefilter)
    shape = list(x.shape)
    shape[axes[0]], shape[axes[1]] = first.shape
    out = numpy.empty(shape, dtype=first.dtype)
    for index in itertools.product(*planes):
        out[index] = _interpolation.rotate(be, x[index], angle, reshape=reshape, order=order,
                                           mode=mode, cval=cval, prefilter=prefilter)
    return out


@pytest.mark.parametrize("prefilter", [True, False])
@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_model_volume_equals_its_planes(mode, order, prefilter):
    """Independent of SciPy's version: one pass over the volume gives what each plane gives on
    its own (every mode, the reflect family included)."""
    be = numpy_backend()
    x = _volume((3, 5, 4, 6), seed=8)
    for axes in [(1, 3), (0, 2)]:
        kw = dict(reshape=True, order=order, mode=mode, cval=0.5, prefilter=prefilter)
        got = _quiet(_interpolation.rotate, be, x, 23.0, axes=axes, **kw)
        expected = _quiet(_plane_by_plane, be, x, 23.0, axes, **kw)
        numpy.testing.assert_allclose(got, expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("layout", ["C", "F", "reversed"])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("order", range(6))
def test_model_volume_dtypes_and_layouts(order, dtype, layout):
    x = _layouts(_volume(dtype=dtype))[layout]
    kw = dict(axes=(0, 2), order=order, mode="mirror")
    expected = sn.rotate(x, 61.0, **kw)
    got = _Model().rotate(x, 61.0, **kw)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    numpy.testing.assert_allclose(got, expected, **_tol(order, dtype))


def test_model_volume_is_one_sampler_run():
    """The batched path: the planes stacked (the plane's axes last), one prefilter pass per
    plane axis and one run of the sampler with a batch axis, whatever the number of planes
    (SciPy's loop runs one a plane)."""
    model = numpy_backend()
    runs = {"sample": 0, "spline": 0}
    read = []

    def sample(*a, **k):
        runs["sample"] += 1
        read.append((a[0].shape, k.get("lead", False)))
        return model._sample(*a, **k)

    def spline(coefficients, axis, order, mode):
        runs["spline"] += 1
        assert axis in (1, 2)  # never along the batch axis
        return model.spline(coefficients, axis, order, mode)

    be = _ni_support.Backend(numpy, model._stencil, model.to_host, sample, spline)
    x = _volume((9, 5, 6, 2))
    got = _interpolation.rotate(be, x, 15.0, axes=(1, 2), order=3, mode="grid-constant")
    numpy.testing.assert_allclose(
        got, sn.rotate(x, 15.0, axes=(1, 2), order=3, mode="grid-constant"), rtol=1e-9,
        atol=1e-9)
    assert runs == {"sample": 1, "spline": 2}
    # 9 x 2 planes, each padded by 12 as SciPy pads it.
    assert read[-1] == ((18, 5 + 24, 6 + 24), True)
    runs.update(sample=0, spline=0)
    _interpolation.rotate(be, x, 15.0, axes=(1, 2), order=3, prefilter=False)
    assert runs == {"sample": 1, "spline": 0}
    assert read[-1] == ((18, 5, 6), True)
    out = _interpolation.rotate(be, x, 15.0, axes=(2, 3), order=5, mode="nearest",
                                prefilter=False)
    assert read[-1] == ((45, 6, 2), True) and out.flags.c_contiguous


@pytest.mark.parametrize("order", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("mode", ["constant", "mirror", "grid-wrap"])
def test_model_planes_do_not_mix(mode, order):
    """A NaN, an infinity or a huge value in one plane leaves the other planes as SciPy leaves
    them (a prefilter along the batch axis would spread it to every plane)."""
    x = _volume((5, 7, 6), seed=12)
    x[1, 3, 2] = numpy.nan
    x[3, 0, 0] = numpy.inf
    x[4] *= 1e250
    kw = dict(axes=(1, 2), order=order, mode=mode)
    expected = _quiet(sn.rotate, x, 28.0, **kw)
    got = _quiet(_Model().rotate, x, 28.0, **kw)
    assert numpy.isfinite(got[[0, 2]]).all()
    numpy.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("shape", [(1, 5, 4), (5, 1, 4), (3, 4, 1), (0, 4, 5), (2, 1, 1)])
@pytest.mark.parametrize("order", [0, 2, 3, 5])
def test_model_volume_size_one_and_empty_axes(shape, order):
    x = _volume(shape)
    # (An empty plane rotated to a non-empty one is left out: SciPy returns unwritten memory.)
    for axes in [(1, 2)] if 0 in shape else [(0, 1), (1, 2)]:
        expected = sn.rotate(x, 40.0, axes=axes, order=order, mode="wrap")
        got = _Model().rotate(x, 40.0, axes=axes, order=order, mode="wrap")
        assert got.shape == expected.shape
        numpy.testing.assert_allclose(got, expected, **_tol(order))


def test_model_volume_complex_and_output_arguments():
    x = _volume() + 1j * _volume(seed=6)
    kw = dict(axes=(0, 1), order=3, mode="constant", cval=1 - 2j)
    numpy.testing.assert_allclose(_quiet(_Model().rotate, x, 30.0, **kw),
                                  _quiet(sn.rotate, x, 30.0, **kw), rtol=1e-9, atol=1e-9)
    y = _volume()
    for output in [numpy.float32, numpy.int16]:
        expected = sn.rotate(y, 30.0, axes=(1, 2), order=4, output=output)
        got = _Model().rotate(y, 30.0, axes=(1, 2), order=4, output=output)
        assert got.dtype == expected.dtype
        numpy.testing.assert_allclose(got, expected, rtol=2e-6, atol=2e-5)
    expected = sn.rotate(y, 30.0, axes=(1, 2), order=2, reshape=False)
    out = numpy.empty_like(y)
    assert _Model().rotate(y, 30.0, axes=(1, 2), order=2, reshape=False, output=out) is out
    numpy.testing.assert_allclose(out, expected, rtol=1e-9, atol=1e-9)


# --- on the GPU ---

def _on_device(x, layout):
    import cunp
    d = cunp.asarray(numpy.ascontiguousarray(x))
    if layout == "F":
        return cunp.asfortranarray(d)
    if layout == "reversed":
        return cunp.ascontiguousarray(d[::-1, ::-1, ::-1])[::-1, ::-1, ::-1]
    return d


@gpu
@pytest.mark.parametrize("reshape", [True, False])
@pytest.mark.parametrize("axes", AXES)
@pytest.mark.parametrize("order", range(6))
@pytest.mark.parametrize("mode", MODES)
def test_volume_matches_scipy(mode, order, axes, reshape):
    _skip_half_sample_prefilter(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume()
    kw = dict(axes=axes, reshape=reshape, order=order, mode=mode, cval=-2.5)
    expected = _quiet(sn.rotate, x, 37.0, **kw)
    got = _quiet(cn.rotate, cunp.asarray(x), 37.0, **kw)
    assert isinstance(got, cunp.ndarray)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(order))


@gpu
@pytest.mark.parametrize("axes", AXES[:3])
@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_volume_without_prefilter_matches_scipy(mode, order, axes):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume()
    kw = dict(axes=axes, order=order, mode=mode, cval=1.5, prefilter=False)
    expected = _quiet(sn.rotate, x, -52.0, **kw)
    got = _quiet(cn.rotate, cunp.asarray(x), -52.0, **kw)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(order))


@gpu
@pytest.mark.parametrize("layout", ["C", "F", "reversed"])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("order", range(6))
@pytest.mark.parametrize("axes", AXES[:3])
def test_volume_dtypes_and_layouts(axes, order, dtype, layout):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume(dtype=dtype)
    kw = dict(axes=axes, order=order, mode="mirror")
    expected = sn.rotate(_layouts(x)[layout], 61.0, **kw)
    got = cn.rotate(_on_device(x, layout), 61.0, **kw)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(order, dtype))


@gpu
@pytest.mark.parametrize("order", [2, 3, 5])
@pytest.mark.parametrize("mode", ["constant", "nearest", "grid-wrap"])
def test_large_volume_and_four_dimensions(order, mode):
    """Many planes (the case the batched path is for) and a 4-D array rotated in its outer
    axes."""
    _skip_half_sample_prefilter(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume((40, 33, 29), seed=9, dtype=numpy.float32)
    expected = sn.rotate(x, 12.5, axes=(1, 2), order=order, mode=mode)
    got = cn.rotate(cunp.asarray(x), 12.5, axes=(1, 2), order=order, mode=mode)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=2e-6, atol=5e-5)
    y = _volume((5, 3, 6, 4), seed=10)
    expected = sn.rotate(y, -80.0, axes=(0, 3), order=order, mode=mode)
    got = cn.rotate(cunp.asarray(y), -80.0, axes=(0, 3), order=order, mode=mode)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(order))


@gpu
def test_volume_complex_output_and_empty():
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume() + 1j * _volume(seed=6)
    kw = dict(axes=(0, 1), order=3, cval=1 - 2j)
    numpy.testing.assert_allclose(cunp.asnumpy(_quiet(cn.rotate, cunp.asarray(x), 30.0, **kw)),
                                  _quiet(sn.rotate, x, 30.0, **kw), rtol=1e-9, atol=1e-9)
    y = _volume()
    out = cunp.empty(y.shape)
    assert cn.rotate(cunp.asarray(y), 30.0, axes=(1, 2), order=2, reshape=False,
                     output=out) is out
    numpy.testing.assert_allclose(cunp.asnumpy(out),
                                  sn.rotate(y, 30.0, axes=(1, 2), order=2, reshape=False),
                                  rtol=1e-9, atol=1e-9)
    got = cn.rotate(cunp.asarray(y), 30.0, axes=(1, 2), order=4, output=numpy.int16)
    numpy.testing.assert_allclose(cunp.asnumpy(got),
                                  sn.rotate(y, 30.0, axes=(1, 2), order=4, output=numpy.int16),
                                  atol=1)
    z = numpy.zeros((0, 4, 5))
    assert cn.rotate(cunp.asarray(z), 40.0, axes=(1, 2)).shape == sn.rotate(
        z, 40.0, axes=(1, 2)).shape


@gpu
@pytest.mark.parametrize("order", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("mode", ["constant", "nearest", "grid-wrap"])
def test_planes_do_not_mix(mode, order):
    _skip_half_sample_prefilter(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    x = _volume((5, 7, 6), seed=12)
    x[1, 3, 2] = numpy.nan
    x[3, 0, 0] = numpy.inf
    x[4] *= 1e250
    for axes in [(1, 2), (0, 2)]:
        kw = dict(axes=axes, order=order, mode=mode)
        expected = _quiet(sn.rotate, x, 28.0, **kw)
        got = cunp.asnumpy(_quiet(cn.rotate, cunp.asarray(x), 28.0, **kw))
        numpy.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-9)
