"""File and bytes I/O against NumPy: .npy/.npz written byte for byte as NumPy writes them,
truncated files refused, text files, raw binary and pickles. The tests without the gpu marker
need no device."""
import io
import pickle

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- what needs no GPU ---

def test_load_refuses_mmap(tmp_path):
    numpy.save(tmp_path / "a.npy", numpy.arange(3))
    with pytest.raises(ValueError, match="cannot memory-map"):
        cunp.load(tmp_path / "a.npy", mmap_mode="r")


def test_load_refuses_pickles_by_default(tmp_path):
    numpy.save(tmp_path / "o.npy", numpy.array([{1: 2}], dtype=object))
    with pytest.raises(ValueError, match="allow_pickle=False"):
        cunp.load(tmp_path / "o.npy")
    with pytest.raises(TypeError, match="cannot hold dtype object"):
        cunp.load(tmp_path / "o.npy", allow_pickle=True)


def test_genfromtxt_refuses_masks():
    with pytest.raises(NotImplementedError, match="masked"):
        cunp.genfromtxt(io.StringIO("1,2\n"), delimiter=",", usemask=True)


def test_structured_text_is_refused():
    with pytest.raises(TypeError, match="cannot hold dtype"):
        cunp.loadtxt(io.StringIO("1 2\n3 4\n"), dtype=[("a", "f8"), ("b", "i4")])


# --- on the device ---

def _arrays(dtype):
    h = testing.shaped_random((3, 4), numpy, dtype, scale=100)
    return [h, h.T, h[::-1, ::2], numpy.asarray(h[1, 2]), h[:0]]


_DTYPES = ["bool", "int8", "uint16", "int64", "float16", "float32", "float64", "complex64",
           "complex128"]


@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
def test_npy_round_trip_byte_for_byte(dtype, tmp_path):
    for i, h in enumerate(_arrays(dtype)):
        d = cunp.asarray(h)
        ref = io.BytesIO()
        numpy.save(ref, h)
        cunp.save(tmp_path / f"a{i}", d)  # '.npy' is appended, as in NumPy
        assert (tmp_path / f"a{i}.npy").read_bytes() == ref.getvalue()
        out = cunp.load(tmp_path / f"a{i}.npy")
        assert isinstance(out, cunp.ndarray) and out.dtype == h.dtype and out.shape == h.shape
        testing.assert_array_equal(out, h)
        buf = io.BytesIO()
        cunp.save(buf, d)
        buf.seek(0)
        testing.assert_array_equal(cunp.load(buf), h)


@gpu
@pytest.mark.parametrize("dtype", ["int8", "float32", "complex128"])
def test_truncated_npy_raises(dtype):
    h = testing.shaped_random((5, 7), numpy, dtype)
    buf = io.BytesIO()
    cunp.save(buf, cunp.asarray(h))
    data = buf.getvalue()
    for cut in (len(data) - 1, len(data) - h.itemsize, len(data) - h.nbytes, 60, 10, 0):
        with pytest.raises((ValueError, EOFError, OSError)):
            cunp.load(io.BytesIO(data[:cut]))


@gpu
@pytest.mark.parametrize("compressed", [False, True])
def test_npz(compressed, tmp_path):
    a, b = cunp.arange(6.0).reshape(2, 3), cunp.arange(4, dtype="i2")[::-1]
    f = tmp_path / "z.npz"
    (cunp.savez_compressed if compressed else cunp.savez)(f, a, b=b)
    with numpy.load(f) as ref:
        assert sorted(ref.files) == ["arr_0", "b"]
        testing.assert_array_equal(ref["b"], b)
    with cunp.load(f) as z:
        assert sorted(z.files) == ["arr_0", "b"] and "b" in z and len(z) == 2
        assert isinstance(z["arr_0"], cunp.ndarray)
        testing.assert_array_equal(z["arr_0"], a)
        testing.assert_array_equal(z["b"], b)
        assert z["b"].dtype == numpy.int16
        assert dict(z.items()).keys() == {"arr_0", "b"}


@gpu
@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64"])
def test_text_round_trip(dtype, tmp_path):
    h = testing.shaped_random((4, 3), numpy, dtype)
    d = cunp.asarray(h)[::-1].T
    f1, f2 = tmp_path / "c.txt", tmp_path / "n.txt"
    kw = dict(fmt="%.6g", delimiter=",", header="head", footer="foot")
    cunp.savetxt(f1, d, **kw)
    numpy.savetxt(f2, h[::-1].T, **kw)
    assert f1.read_text() == f2.read_text()
    if dtype != "complex64":
        out = cunp.loadtxt(f1, delimiter=",")
        assert isinstance(out, cunp.ndarray)
        testing.assert_array_equal(out, numpy.loadtxt(f2, delimiter=","))
        cols = cunp.loadtxt(f1, delimiter=",", usecols=(0, 2), unpack=True, ndmin=2)
        testing.assert_array_equal(cols, numpy.loadtxt(f2, delimiter=",", usecols=(0, 2),
                                                       unpack=True, ndmin=2))


@gpu
def test_genfromtxt_and_fromregex():
    text = "1,2,3\n4,,6\n# c\n7,8,x\n"
    kw = dict(delimiter=",", filling_values=-1, invalid_raise=False)
    testing.assert_array_equal(cunp.genfromtxt(io.StringIO(text), **kw),
                               numpy.genfromtxt(io.StringIO(text), **kw))
    text = "x=1 y=2.5\nx=3 y=4.5\n"
    dt = [("x", "i8"), ("y", "f8")]
    want = numpy.fromregex(io.StringIO(text), r"x=(\d+) y=([\d.]+)", dt)
    x, y = cunp.fromregex(io.StringIO(text), r"x=(\d+) y=([\d.]+)", dt)
    testing.assert_array_equal(x, want["x"])
    testing.assert_array_equal(y, want["y"])
    assert x.dtype == numpy.int64


@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
def test_bytes_and_raw_files(dtype, tmp_path):
    for h in _arrays(dtype):
        d = cunp.asarray(h)
        for order in ("C", "F", "A", "K"):
            assert d.tobytes(order) == h.tobytes(order)
        d.tofile(tmp_path / "r.bin")
        h.tofile(tmp_path / "s.bin")
        assert (tmp_path / "r.bin").read_bytes() == (tmp_path / "s.bin").read_bytes()
        out = cunp.fromfile(tmp_path / "r.bin", dtype=dtype)
        testing.assert_array_equal(out, numpy.fromfile(tmp_path / "s.bin", dtype=dtype))
    h = numpy.arange(5.0)
    cunp.asarray(h).tofile(tmp_path / "t.txt", sep=",", format="%.2f")
    h.tofile(tmp_path / "u.txt", sep=",", format="%.2f")
    assert (tmp_path / "t.txt").read_text() == (tmp_path / "u.txt").read_text()
    testing.assert_array_equal(cunp.fromfile(tmp_path / "t.txt", sep=","), h)
    testing.assert_array_equal(cunp.fromfile(tmp_path / "r.bin", dtype=dtype, count=2,
                                             offset=h.itemsize),
                               numpy.fromfile(tmp_path / "s.bin", dtype=dtype, count=2,
                                              offset=h.itemsize))


@gpu
def test_dump_and_dumps(tmp_path):
    d = cunp.arange(6.0).reshape(2, 3).T
    back = pickle.loads(d.dumps())
    assert isinstance(back, cunp.ndarray)
    testing.assert_array_equal(back, d)
    d.dump(tmp_path / "p.pkl")
    testing.assert_array_equal(cunp.load(tmp_path / "p.pkl", allow_pickle=True), d)
    with open(tmp_path / "q.pkl", "wb") as f:
        d.dump(f)
    with open(tmp_path / "q.pkl", "rb") as f:
        testing.assert_array_equal(pickle.load(f), d)
