"""cunp.scipy.ndimage's measurements against scipy.ndimage: label (default and full structures,
1-D to 3-D, output= forms), find_objects, value_indices, the per-region statistics over no
labels, labels without an index, scalar and repeated-label indices, positions, median,
center_of_mass, histogram and labeled_comprehension. CPU tests run the functions on the NumPy
model of the backend; gpu tests run the public functions on cunp arrays."""
import os
import sys
import warnings

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _measurements  # noqa: E402

gpu = pytest.mark.gpu

STATS = ["sum_labels", "sum", "mean", "variance", "standard_deviation", "minimum", "maximum",
         "median", "minimum_position", "maximum_position", "center_of_mass", "extrema"]


class _Model:
    """The generic functions bound to the NumPy backend, under SciPy's names."""

    def __getattr__(self, name):
        generic = getattr(_measurements, name)
        return lambda *a, **k: generic(numpy_backend(), *a, **k)


def _data(dtype=numpy.float64):
    rng = numpy.random.default_rng(5)
    x = (rng.random((7, 9)) * 20).astype(dtype)
    labels = rng.integers(0, 5, (7, 9))
    return x, labels


def _close(a, b):
    if isinstance(a, tuple) and len(a) == 4 and isinstance(a[2], (tuple, list)):  # extrema
        for p, q in zip(a, b):
            _close(p, q)
        return
    numpy.testing.assert_allclose(numpy.asarray(a, dtype=numpy.float64),
                                  numpy.asarray(b, dtype=numpy.float64), rtol=1e-12)


@pytest.mark.parametrize("name", STATS)
@pytest.mark.parametrize("case", ["none", "labels", "index", "scalar", "repeated"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32])
def test_statistics(name, case, dtype):
    x, labels = _data(dtype)
    args = {"none": (x,), "labels": (x, labels), "index": (x, labels, [1, 2, 3, 4]),
            "scalar": (x, labels, 3), "repeated": (x, labels, [4, 1, 4, 2])}[case]
    _close(getattr(sn, name)(*args), getattr(_Model(), name)(*args))


@pytest.mark.parametrize("name", ["sum_labels", "mean", "minimum", "maximum",
                                  "minimum_position", "maximum_position", "center_of_mass"])
def test_statistics_missing_label(name):
    # A label absent from labels: sums 0, means and centres nan, extremes and positions 0.
    x, labels = _data()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        _close(getattr(sn, name)(x, labels, [1, 9]), getattr(_Model(), name)(x, labels, [1, 9]))


def test_complex_sum():
    # SciPy sums complex input without labels (its per-label bincount refuses complex).
    x, _ = _data()
    z = x + 1j * x[::-1]
    a, b = sn.sum_labels(z), _Model().sum_labels(z)
    _close(a.real, b.real)
    _close(a.imag, b.imag)


def test_bool_extremes():
    x, labels = _data()
    b = x > 10
    _close(sn.maximum(b, labels, [1, 2]), _Model().maximum(b, labels, [1, 2]))
    _close(sn.minimum(b, labels, [1, 2]), _Model().minimum(b, labels, [1, 2]))


def _binary(shape, seed, p=0.5):
    return numpy.random.default_rng(seed).random(shape) > p


@pytest.mark.parametrize("shape", [(40,), (13, 17), (6, 7, 8)])
@pytest.mark.parametrize("full", [False, True])
def test_label(shape, full):
    x = _binary(shape, len(shape))
    st = sn.generate_binary_structure(len(shape), len(shape)) if full else None
    a, n = sn.label(x, st)
    b, m = _Model().label(x, st)
    assert n == m and b.dtype == a.dtype
    numpy.testing.assert_array_equal(a, b)


def test_label_structure_without_centre():
    x = _binary((13, 17), 6)
    st = numpy.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    a, n = sn.label(x, st)
    b, m = _Model().label(x, st)
    assert n == m
    numpy.testing.assert_array_equal(a, b)


def test_label_winding():
    # A serpentine component: one label, however many rounds the propagation takes.
    x = numpy.zeros((9, 9), bool)
    x[::2, :] = True
    x[1::4, -1] = True
    x[3::4, 0] = True
    a, n = sn.label(x)
    b, m = _Model().label(x)
    assert n == m == 1
    numpy.testing.assert_array_equal(a, b)


def test_label_output_forms():
    x = _binary((11, 12), 3)
    out = numpy.zeros(x.shape, numpy.int64)
    assert _Model().label(x, output=out) == sn.label(x)[1]
    numpy.testing.assert_array_equal(out, sn.label(x)[0])
    b, _ = _Model().label(x, output=numpy.uint16)
    assert b.dtype == numpy.uint16
    with pytest.raises(ValueError):
        _Model().label(x, numpy.ones((2, 2)))
    with pytest.raises(TypeError):
        _Model().label(x.astype(complex))
    with pytest.raises(RuntimeError):
        _Model().label(numpy.ones(600, bool)[::2] * numpy.arange(300) % 2, output=numpy.int8)


def test_find_objects():
    labels, _ = sn.label(_binary((6, 7, 8), 4, 0.6))
    assert sn.find_objects(labels) == _Model().find_objects(labels)
    assert sn.find_objects(labels, max_label=4) == _Model().find_objects(labels, 4)
    gaps = numpy.array([[0, 3, 3], [0, 0, 1]])
    assert sn.find_objects(gaps) == _Model().find_objects(gaps)
    with pytest.raises(TypeError):
        _Model().find_objects(numpy.array([1.5]))


@pytest.mark.parametrize("ignore", [None, 0, 3])
def test_value_indices(ignore):
    _, labels = _data()
    a = sn.value_indices(labels, ignore_value=ignore)
    b = _Model().value_indices(labels, ignore_value=ignore)
    assert list(a) == list(b)
    for k in a:
        for p, q in zip(a[k], b[k]):
            numpy.testing.assert_array_equal(p, q)
    with pytest.raises(ValueError):
        _Model().value_indices(numpy.ones(3))


def test_histogram():
    x, labels = _data()
    numpy.testing.assert_array_equal(sn.histogram(x, 2, 17.5, 7),
                                     _Model().histogram(x, 2, 17.5, 7))
    edges = numpy.array([0.0, 2.5, 5.0, 10.0, 7.5])  # values on the edges
    numpy.testing.assert_array_equal(sn.histogram(edges, 0, 10, 4),
                                     _Model().histogram(edges, 0, 10, 4))
    a = sn.histogram(x, 0, 20, 5, labels, [1, 9, 3])
    b = _Model().histogram(x, 0, 20, 5, labels, [1, 9, 3])
    assert b[1] is None and a[1] is None
    numpy.testing.assert_array_equal(a[0], b[0])
    numpy.testing.assert_array_equal(a[2], b[2])
    numpy.testing.assert_array_equal(sn.histogram(x, 0, 20, 5, labels, 2),
                                     _Model().histogram(x, 0, 20, 5, labels, 2))


def test_labeled_comprehension():
    x, labels = _data()
    for args in [(x, labels, [1, 2, 9, 1], numpy.mean, float, -1.0),
                 (x, labels, 2, numpy.max, float, 0),
                 (x, labels, None, numpy.sum, float, 0),
                 (x, None, None, numpy.sum, float, 0)]:
        _close(sn.labeled_comprehension(*args), _Model().labeled_comprehension(*args))
    weighted = (x, labels, [1, 3], lambda v, p: (v * p).sum(), float, -1, True)
    _close(sn.labeled_comprehension(*weighted), _Model().labeled_comprehension(*weighted))
    with pytest.raises(ValueError):
        _Model().labeled_comprehension(x, None, [1], numpy.sum, float, 0)


@gpu
def test_gpu_measurements():
    import cunp
    import cunp.scipy.ndimage as cn
    x, labels = _data()
    cx, cl = cunp.asarray(x), cunp.asarray(labels)
    for name in STATS:
        a = getattr(sn, name)(x, labels, [1, 4, 2, 4])
        b = getattr(cn, name)(cx, cl, [1, 4, 2, 4])
        if isinstance(b, cunp.ndarray):
            b = cunp.asnumpy(b)
        elif isinstance(b, tuple) and len(b) == 4:
            b = tuple(cunp.asnumpy(v) if isinstance(v, cunp.ndarray) else v for v in b)
        _close(a, b)
    for shape, full in [((13, 17), False), ((6, 7, 8), True), ((300,), False)]:
        xb = _binary(shape, 7)
        st = sn.generate_binary_structure(len(shape), len(shape)) if full else None
        a, n = sn.label(xb, st)
        b, m = cn.label(cunp.asarray(xb), st)
        assert n == m
        numpy.testing.assert_array_equal(a, cunp.asnumpy(b))
        assert sn.find_objects(a) == cn.find_objects(cunp.asarray(a))
    va = sn.value_indices(labels, ignore_value=0)
    vb = cn.value_indices(cl, ignore_value=0)
    assert [int(k) for k in va] == [int(k) for k in vb]
    for k in va:
        for p, q in zip(va[k], vb[k]):
            numpy.testing.assert_array_equal(p, cunp.asnumpy(q))
    numpy.testing.assert_array_equal(sn.histogram(x, 0, 20, 6, labels, 2),
                                     cunp.asnumpy(cn.histogram(cx, 0, 20, 6, cl, 2)))
    _close(sn.labeled_comprehension(x, labels, [1, 3], numpy.mean, float, -1),
           cunp.asnumpy(cn.labeled_comprehension(cx, cl, [1, 3], cunp.mean, float, -1)))


@pytest.mark.parametrize("layout", ["fortran", "strided", "size1"])
def test_layouts(layout):
    x, labels = _data()
    b = _binary((12, 18), 8)
    if layout == "fortran":
        x, labels, b = numpy.asfortranarray(x), numpy.asfortranarray(labels), \
            numpy.asfortranarray(b)
    elif layout == "strided":
        x, labels, b = x[::2, ::-1], labels[::2, ::-1], b[::2, ::-3]
    else:
        x, labels, b = x[:1], labels[:1], b[:, :1]
    index = [k for k in numpy.unique(labels) if k > 0]  # present labels (median: see docs)
    for name in STATS:
        _close(getattr(sn, name)(x, labels, index), getattr(_Model(), name)(x, labels, index))
    a, n = sn.label(b)
    c, m = _Model().label(b)
    assert n == m
    numpy.testing.assert_array_equal(a, c)
    assert sn.find_objects(a) == _Model().find_objects(a)
