"""cunp.scipy.ndimage's morphology against scipy.ndimage: binary erosion, dilation, opening and
closing (structures, origins, iterations including until-stable, masks, border_value), grey
erosion, dilation, opening and closing (sizes, footprints, structures, modes), the gradient, the
Laplace and the top-hats. CPU tests run the functions on the
NumPy model of the stencil engine; gpu tests run the public functions on cunp arrays."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _morphology  # noqa: E402

gpu = pytest.mark.gpu

SHAPES = [(15,), (9, 11), (5, 6, 7)]


def _calls(ndim):
    rng = numpy.random.default_rng(11)
    shape = SHAPES[ndim - 1]
    x = rng.random(shape) > 0.4
    xf = rng.random(shape) * 10
    full = sn.generate_binary_structure(ndim, ndim)
    even = rng.random((2,) * ndim) > 0.3
    even.flat[0] = True
    mask = rng.random(shape) > 0.3
    st3 = rng.random((3,) * ndim)
    st2 = rng.random((2,) * ndim)
    return [
        ("binary_erosion", lambda f: f.binary_erosion(x)),
        ("binary_dilation", lambda f: f.binary_dilation(x)),
        ("erosion_border", lambda f: f.binary_erosion(x, full, iterations=2, border_value=1)),
        ("dilation_even", lambda f: f.binary_dilation(x, even)),
        ("dilation_origin", lambda f: f.binary_dilation(x, even, origin=-1, iterations=3)),
        ("erosion_stable", lambda f: f.binary_erosion(x, full, iterations=0)),
        ("dilation_stable_mask", lambda f: f.binary_dilation(x, iterations=0, mask=mask)),
        ("erosion_mask", lambda f: f.binary_erosion(x, iterations=2, mask=mask)),
        ("dilation_float", lambda f: f.binary_dilation(xf - 5, border_value=1)),
        ("opening", lambda f: f.binary_opening(x, full)),
        ("closing", lambda f: f.binary_closing(x, iterations=2)),
        ("opening_origin", lambda f: f.binary_opening(x, even, origin=-1, border_value=1)),
        ("iterate_structure", lambda f: f.iterate_structure(full, 3)),
        ("iterate_origin", lambda f: f.iterate_structure(
            sn.generate_binary_structure(ndim, 1), 2, origin=1)[1]),
        ("generate", lambda f: f.generate_binary_structure(ndim, 1)),
        ("grey_erosion", lambda f: f.grey_erosion(xf, size=3)),
        ("grey_dilation", lambda f: f.grey_dilation(xf, size=[2] * ndim)),
        ("grey_erosion_fp", lambda f: f.grey_erosion(xf, footprint=even, mode="constant",
                                                     cval=2)),
        ("grey_dilation_fp", lambda f: f.grey_dilation(xf, footprint=even, origin=-1,
                                                       mode="mirror")),
        ("grey_erosion_st", lambda f: f.grey_erosion(xf, structure=st3)),
        ("grey_dilation_st", lambda f: f.grey_dilation(xf, structure=st2, mode="constant",
                                                       cval=-1)),
        ("grey_dilation_both", lambda f: f.grey_dilation(xf, footprint=even, structure=st2,
                                                         mode="wrap")),
        ("hit_or_miss", lambda f: f.binary_hit_or_miss(x)),
        ("hit_or_miss_origins", lambda f: f.binary_hit_or_miss(x, full, even, origin1=1,
                                                                origin2=-1)),
        ("propagation", lambda f: f.binary_propagation(x & mask, mask=mask | x)),
        ("propagation_border", lambda f: f.binary_propagation(x & ~mask, full, mask=x,
                                                               border_value=1)),
        ("fill_holes", lambda f: f.binary_fill_holes(x)),
        ("fill_holes_full", lambda f: f.binary_fill_holes(~x, full)),
        ("grey_opening", lambda f: f.grey_opening(xf, size=3, mode="nearest")),
        ("grey_closing", lambda f: f.grey_closing(xf, footprint=even, origin=-1)),
        ("gradient", lambda f: f.morphological_gradient(xf, size=3)),
        ("laplace", lambda f: f.morphological_laplace(xf, structure=st3, mode="constant")),
        ("white_tophat", lambda f: f.white_tophat(xf, size=[3] * ndim)),
        ("black_tophat", lambda f: f.black_tophat(xf, footprint=even)),
        ("white_tophat_bool", lambda f: f.white_tophat(x, size=3)),
        ("black_tophat_bool", lambda f: f.black_tophat(x, size=2)),
        ("gradient_int", lambda f: f.morphological_gradient((xf * 10).astype(numpy.int16),
                                                             size=3)),
    ]


CASES = [(n, k) for n in (1, 2, 3) for k in range(len(_calls(n)))]


def _case_id(c):
    return f"{c[0]}d-{_calls(c[0])[c[1]][0]}"


class _Model:
    def __getattr__(self, name):
        f = getattr(_morphology, name)
        return lambda *a, **k: f(numpy_backend(), *a, **k)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_model_matches_scipy(case):
    name, call = _calls(case[0])[case[1]]
    expected = numpy.asarray(call(sn))
    got = numpy.asarray(call(_Model()))
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("call,exc", [
    (lambda f, x: f.binary_erosion(x, numpy.ones(3)), RuntimeError),
    (lambda f, x: f.binary_erosion(x, iterations=1.5), TypeError),
    (lambda f, x: f.binary_dilation(x, mask=numpy.ones((2, 2))), RuntimeError),
    (lambda f, x: f.binary_erosion(x + 1j), TypeError),
    (lambda f, x: f.grey_erosion(x), ValueError),
    (lambda f, x: f.grey_dilation(x), ValueError),
    (lambda f, x: f.grey_erosion(x, size=3, mode="bogus"), RuntimeError),
])
def test_model_errors_match_scipy(call, exc):
    x = numpy.random.default_rng(12).random((5, 6)) > 0.5
    with pytest.raises(exc):
        call(_Model(), x)
    with pytest.raises(exc):
        call(sn, x)


@gpu
@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_matches_scipy(case):
    import cunp
    from cunp.scipy import ndimage as cn

    class OnDevice:  # the same calls with every array argument on the device
        def __getattr__(self, name):
            f = getattr(cn, name)

            def call(*a, **k):
                a = [cunp.asarray(v) if isinstance(v, numpy.ndarray) else v for v in a]
                k = {n: cunp.asarray(v) if isinstance(v, numpy.ndarray) else v
                     for n, v in k.items()}
                return f(*a, **k)
            return call

    name, call = _calls(case[0])[case[1]]
    expected = numpy.asarray(call(sn))
    got = call(OnDevice())
    got = cunp.asnumpy(got) if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float32", "float64"])
def test_dtypes_layouts_and_output(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(13)
    x = (rng.random((12, 14)) * 4).astype(dtype)
    xs = x[::2, ::-1]
    g = cunp.asarray(x)[::2, ::-1]
    for name, kw in [("binary_erosion", {}), ("binary_dilation", dict(iterations=2)),
                     ("grey_erosion", dict(size=3)), ("grey_dilation", dict(size=(2, 3)))]:
        e = getattr(sn, name)(xs, **kw)
        c = getattr(cn, name)(g, **kw)
        assert c.dtype == e.dtype
        numpy.testing.assert_allclose(cunp.asnumpy(c), e, rtol=1e-6)
    out = cunp.zeros(xs.shape, dtype=cunp.int8)
    r = cn.binary_erosion(g, output=out)
    assert r is out
    numpy.testing.assert_array_equal(cunp.asnumpy(out), sn.binary_erosion(xs).astype(numpy.int8))
