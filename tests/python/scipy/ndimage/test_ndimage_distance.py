"""cunp.scipy.ndimage.distance_transform_edt against scipy.ndimage: 1-D to 3-D, sampling,
return_distances / return_indices, distances= and indices= arrays, and the argument errors. CPU
tests run the function on the NumPy model of the backend; gpu tests the public function on cunp
arrays."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import edt_block_line, edt_line, numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _distance  # noqa: E402

gpu = pytest.mark.gpu

CASES = [((30,), None), ((13, 17), None), ((13, 17), [2.0, 0.7]), ((6, 7, 8), [1, 2, 3]),
         ((1, 9), 1.5)]


def _edt(*args, **kwargs):
    return _distance.distance_transform_edt(numpy_backend(), *args, **kwargs)


def _input(shape, seed=1):
    return numpy.random.default_rng(seed).random(shape) > 0.2


def _check_indices(x, sampling, indices, distances):
    # Where several zeros are equally near, any of them is a right answer: the indices must
    # name a zero at the reported distance.
    assert not x[tuple(indices)].any()
    steps = numpy.broadcast_to(numpy.asarray(1.0 if sampling is None else sampling,
                                             dtype=float), (x.ndim,))
    grid = numpy.indices(x.shape)
    d = numpy.sqrt(sum(((indices[k] - grid[k]) * steps[k]) ** 2 for k in range(x.ndim)))
    numpy.testing.assert_allclose(d, distances, rtol=1e-12)


@pytest.mark.parametrize("shape, sampling", CASES)
def test_edt(shape, sampling):
    x = _input(shape)
    a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
    b, bi = _edt(x, sampling, return_indices=True)
    numpy.testing.assert_allclose(a, b, rtol=1e-12)
    assert bi.dtype == ai.dtype and bi.shape == ai.shape
    _check_indices(x, sampling, bi, a)
    numpy.testing.assert_allclose(sn.distance_transform_edt(x, sampling), _edt(x, sampling),
                                  rtol=1e-12)


def test_edt_only_indices_and_outputs():
    x = _input((9, 11), 4)
    ai = sn.distance_transform_edt(x, return_distances=False, return_indices=True)
    bi = _edt(x, return_distances=False, return_indices=True)
    _check_indices(x, None, bi, sn.distance_transform_edt(x))
    assert ai.shape == bi.shape
    d = numpy.zeros(x.shape)
    i = numpy.zeros((2,) + x.shape, numpy.int32)
    assert _edt(x, distances=d, indices=i, return_indices=True) is None
    numpy.testing.assert_allclose(d, sn.distance_transform_edt(x), rtol=1e-12)
    _check_indices(x, None, i, d)
    r = _edt(x, distances=d, return_indices=True)
    assert r.shape == (2,) + x.shape


def test_edt_errors():
    x = _input((5, 6))
    with pytest.raises(RuntimeError):
        _edt(x, return_distances=False)
    with pytest.raises(RuntimeError):
        _edt(x, distances=numpy.zeros(x.shape, numpy.float32))
    with pytest.raises(RuntimeError):
        _edt(x, distances=numpy.zeros((2, 2)))
    with pytest.raises(RuntimeError):
        _edt(x, indices=numpy.zeros((2,) + x.shape, numpy.int64), return_indices=True)
    with pytest.raises(RuntimeError):
        _edt(x, indices=numpy.zeros((2,) + x.shape, numpy.int32))
    with pytest.raises(RuntimeError):
        _edt(x, sampling=[1, 2, 3])


@gpu
def test_gpu_edt():
    import cunp
    import cunp.scipy.ndimage as cn
    for shape, sampling in CASES + [((200, 300), [1.0, 0.5])]:
        x = _input(shape, 2)
        a = sn.distance_transform_edt(x, sampling)
        b, bi = cn.distance_transform_edt(cunp.asarray(x), sampling, return_indices=True)
        numpy.testing.assert_allclose(a, cunp.asnumpy(b), rtol=1e-12)
        _check_indices(x, sampling, cunp.asnumpy(bi), a)


@pytest.mark.parametrize("layout", ["fortran", "strided", "size1"])
def test_edt_layouts(layout):
    x = _input((12, 18), 6)
    x = {"fortran": numpy.asfortranarray(x), "strided": x[::2, ::-3], "size1": x[:, 5:6]}[layout]
    numpy.testing.assert_allclose(sn.distance_transform_edt(x, [1.0, 2.0]),
                                  _edt(x, [1.0, 2.0]), rtol=1e-12)


def _tie_inputs():
    """Inputs where many elements have several nearest zeros (zeros on lattices, a few zeros,
    many zeros), 1-D to 3-D, with the samplings to try them under."""
    rng = numpy.random.default_rng(21)
    out = []
    for shape in [(31,), (13, 17), (20, 20), (40, 3), (6, 7, 8)]:
        for k in range(4):
            x = numpy.ones(shape, dtype=bool)
            x[tuple(slice(k % 2, None, 3 + k) for _ in shape)] = False
            out.append(x)
        for p in (0.02, 0.5, 0.95):
            x = rng.random(shape) > p
            if not x.all():
                out.append(x)
    samplings = lambda n: [None, [2.0] + [1.0] * (n - 1), [0.5] * n, [1.5, 0.7, 3.0][:n]]  # noqa: E731
    return [(x, s) for x in out for s in samplings(x.ndim)]


def test_model_indices_are_scipys():
    """The pass's contract (among equally near zeros, the earliest along each axis in turn)
    picks SciPy's indices exactly, ties included."""
    for x, sampling in _tie_inputs():
        a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
        b, bi = _edt(x, sampling, return_indices=True)
        numpy.testing.assert_allclose(b, a, rtol=1e-13)
        numpy.testing.assert_array_equal(bi, ai)


def test_block_pass_is_the_contract():
    """The device's pass (band edges by bisection, then each band over its edges' range) gives
    the brute-force contract's values and positions bitwise: lines of one band, of several with
    a partial last one, and of more bands than a power of two; zeros sparse, dense, on lattices
    and absent; every sampling of the tie inputs."""
    rng = numpy.random.default_rng(5)
    cases = [(x, s) for x, s in _tie_inputs()]
    for shape in [(3, 97), (70, 5), (2, 300), (161,), (4, 33)]:
        for p in (0.001, 0.03, 0.5):
            cases.append((rng.random(shape) > p, None))
            cases.append((rng.random(shape) > p, [0.7] * len(shape)))
        cases.append((numpy.ones(shape, bool), None))
    for x, sampling in cases:
        steps = [1.0] * x.ndim if sampling is None else sampling
        f = numpy.where(x, numpy.inf, 0.0)
        feat = None
        for axis in range(x.ndim):
            want_f, want_g = numpy.empty_like(f), numpy.empty(f.shape, numpy.int64)
            got_f, got_g = numpy.empty_like(f), numpy.empty(f.shape, numpy.int64)
            edt_line(f, feat, want_f, want_g, None, axis, steps[axis])
            edt_block_line(f, feat, got_f, got_g, None, axis, steps[axis])
            numpy.testing.assert_array_equal(got_f, want_f)
            numpy.testing.assert_array_equal(got_g, want_g)
            f, feat = want_f, want_g


def test_block_model_is_scipys():
    """distance_transform_edt on the device algorithm's model: SciPy's distances bitwise (the
    square roots of the passes' sums) and its indices, ties included."""
    be = numpy_backend(edt_block_line)
    for x, sampling in _tie_inputs():
        a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
        b, bi = _distance.distance_transform_edt(be, x, sampling, return_indices=True)
        numpy.testing.assert_array_equal(b, a)
        numpy.testing.assert_array_equal(bi, ai)


@gpu
def test_gpu_edt_indices_are_scipys():
    import cunp
    import cunp.scipy.ndimage as cn
    for x, sampling in _tie_inputs():
        a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
        b, bi = cn.distance_transform_edt(cunp.asarray(x), sampling, return_indices=True)
        numpy.testing.assert_allclose(cunp.asnumpy(b), a, rtol=1e-13)
        numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)


@gpu
def test_gpu_edt_layouts_outputs_and_edges():
    import cunp
    import cunp.scipy.ndimage as cn
    x = _input((40, 50), 7)
    for v in (numpy.asfortranarray(x), x[::2, ::-3], x[:, 5:6], x[3:4, :]):
        a, ai = sn.distance_transform_edt(v, [1.0, 2.0], return_indices=True)
        b, bi = cn.distance_transform_edt(cunp.asarray(v), [1.0, 2.0], return_indices=True)
        numpy.testing.assert_allclose(cunp.asnumpy(b), a, rtol=1e-13)
        numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)
    # distances= and indices= arrays of any layout, filled in place.
    d = cunp.zeros((50, 40), dtype=cunp.float64).T
    i = cunp.zeros((2, 40, 50), dtype=cunp.int32)[:, :, ::-1]
    assert cn.distance_transform_edt(cunp.asarray(x), distances=d, indices=i,
                                     return_indices=True) is None
    a, ai = sn.distance_transform_edt(x, return_indices=True)
    numpy.testing.assert_allclose(cunp.asnumpy(d), a, rtol=1e-13)
    numpy.testing.assert_array_equal(cunp.asnumpy(i), ai)
    # Only indices; an empty input; all zeros; a large image against SciPy.
    bi = cn.distance_transform_edt(cunp.asarray(x), return_distances=False, return_indices=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)
    e = cn.distance_transform_edt(cunp.zeros((0, 4), dtype=bool))
    assert e.shape == (0, 4) and e.dtype == numpy.float64
    z = cn.distance_transform_edt(cunp.zeros((3, 4)))
    numpy.testing.assert_array_equal(cunp.asnumpy(z), numpy.zeros((3, 4)))
    big = numpy.random.default_rng(8).random((600, 700)) > 0.001
    a, ai = sn.distance_transform_edt(big, return_indices=True)
    b, bi = cn.distance_transform_edt(cunp.asarray(big), return_indices=True)
    numpy.testing.assert_allclose(cunp.asnumpy(b), a, rtol=1e-13)
    numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)


@gpu
def test_gpu_edt_no_zero_is_infinite():
    """No zero anywhere: inf distances and indices 0 (docs/differences.md; SciPy measures to a
    point outside the array)."""
    import cunp
    import cunp.scipy.ndimage as cn
    d, i = cn.distance_transform_edt(cunp.ones((3, 4)), return_indices=True)
    assert numpy.isinf(cunp.asnumpy(d)).all()
    numpy.testing.assert_array_equal(cunp.asnumpy(i), numpy.zeros((2, 3, 4)))


def _block_path_inputs():
    """Inputs for each way the pass lays out its blocks (src/ops/ndimage/edt.cpp): short lines
    sharing a block (a last block part empty), lines of several bands (counts not powers of
    two), lines too long for shared memory (read in place) and far longer (band edges in
    scratch); along contiguous and strided axes, with lines without zeros among them."""
    rng = numpy.random.default_rng(12)
    out = []
    for shape, p in [((9, 13), 0.1), ((5, 3, 40), 0.05), ((130, 7), 0.02), ((3, 97, 5), 0.01),
                     ((2048, 64), 0.01), ((64, 2048), 0.01), ((7000, 3), 0.001),
                     ((3, 7000), 0.0005), ((400001,), 0.00001), ((45, 61, 70), 0.002)]:
        x = rng.random(shape) > p
        if x.ndim > 1:
            x[(0,) * (x.ndim - 1)] = True  # a line with no zero (along the last axis)
        out.append((x, None))
        out.append((x, [1.5, 0.7, 3.0][:x.ndim]))
    return out


def test_block_model_block_paths():
    """The device algorithm's model on the block-layout inputs: SciPy's answers bitwise (the
    GPU test below runs the same inputs through the kernel)."""
    be = numpy_backend(edt_block_line)
    for x, sampling in _block_path_inputs():
        a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
        b, bi = _distance.distance_transform_edt(be, x, sampling, return_indices=True)
        numpy.testing.assert_array_equal(b, a)
        numpy.testing.assert_array_equal(bi, ai)
        numpy.testing.assert_array_equal(
            _distance.distance_transform_edt(be, x, sampling), a)


@gpu
def test_gpu_edt_block_paths():
    import cunp
    import cunp.scipy.ndimage as cn
    for x, sampling in _block_path_inputs():
        a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
        b, bi = cn.distance_transform_edt(cunp.asarray(x), sampling, return_indices=True)
        numpy.testing.assert_allclose(cunp.asnumpy(b), a, rtol=1e-13)
        numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)


@gpu
def test_gpu_edt_bench_image():
    """The benchmark's case: a 2048 x 2048 image with 1% zeros, distances only and both."""
    import cunp
    import cunp.scipy.ndimage as cn
    x = numpy.random.default_rng(49).random((2048, 2048)) > 0.01
    g = cunp.asarray(x)
    numpy.testing.assert_allclose(cunp.asnumpy(cn.distance_transform_edt(g)),
                                  sn.distance_transform_edt(x), rtol=1e-13)
    a, ai = sn.distance_transform_edt(x[::-1, :], return_indices=True)
    b, bi = cn.distance_transform_edt(g[::-1, :], return_indices=True)
    numpy.testing.assert_allclose(cunp.asnumpy(b), a, rtol=1e-13)
    numpy.testing.assert_array_equal(cunp.asnumpy(bi), ai)
