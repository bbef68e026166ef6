"""The array API standard's namespace: inspection, device=, the standard's names, copy= and
DLPack, each against NumPy where NumPy has the same function. Tests without the gpu marker run
anywhere."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
           "float16", "float32", "float64", "complex64", "complex128"]


# --- what needs no GPU ---

def test_version_and_namespace_info():
    assert cunp.__array_api_version__ == "2025.12"
    info = cunp.__array_namespace_info__()
    assert info.capabilities() == {"boolean indexing": True, "data-dependent shapes": True,
                                   "max dimensions": 64}
    assert info.default_dtypes() == {"real floating": numpy.float64,
                                      "complex floating": numpy.complex128,
                                      "integral": numpy.int64, "indexing": numpy.int64}
    assert list(info.dtypes(kind="bool")) == ["bool"]
    assert list(info.dtypes(kind=("real floating", "complex floating"))) == [
        "float32", "float64", "complex64", "complex128"]
    assert len(info.dtypes()) == 13  # the standard's dtypes: no float16


@pytest.mark.parametrize("kind", ["bool", "signed integer", "unsigned integer", "integral",
                                  "real floating", "complex floating", "numeric"])
@pytest.mark.parametrize("dtype", _DTYPES)
def test_isdtype_matches_numpy(dtype, kind):
    assert cunp.isdtype(numpy.dtype(dtype), kind) is numpy.isdtype(numpy.dtype(dtype), kind)
    assert cunp.isdtype(numpy.dtype(dtype), (kind, "bool")) is \
        numpy.isdtype(numpy.dtype(dtype), (kind, "bool"))


def test_isdtype_bad_kind():
    with pytest.raises(ValueError, match="kind argument"):
        cunp.isdtype(numpy.float32, "floating")
    assert cunp.isdtype(numpy.float32, numpy.float32)
    assert not cunp.isdtype(numpy.float32, numpy.float64)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_fields_are_python_scalars(dtype):
    f, ref = cunp.finfo(dtype), numpy.finfo(dtype)
    for name in ("eps", "max", "min", "smallest_normal", "tiny", "resolution"):
        assert type(getattr(f, name)) is float
        assert getattr(f, name) == float(getattr(ref, name))
    assert type(f.bits) is int and f.bits == ref.bits
    assert f.dtype == ref.dtype  # complex64 -> float32
    assert f.nmant == ref.nmant  # NumPy's other fields pass through


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint32", "int64", "uint64"])
def test_iinfo_fields_are_python_ints(dtype):
    i, ref = cunp.iinfo(dtype), numpy.iinfo(dtype)
    assert (type(i.min), type(i.max), type(i.bits)) == (int, int, int)
    assert (i.min, i.max, i.bits, i.dtype) == (ref.min, ref.max, ref.bits, ref.dtype)


def test_ufunc_aliases_are_the_same_objects():
    for alias, name in [("acos", "arccos"), ("acosh", "arccosh"), ("asin", "arcsin"),
                        ("asinh", "arcsinh"), ("atan", "arctan"), ("atan2", "arctan2"),
                        ("atanh", "arctanh"), ("pow", "power"), ("bitwise_invert", "invert"),
                        ("bitwise_left_shift", "left_shift"),
                        ("bitwise_right_shift", "right_shift")]:
        assert getattr(cunp, alias) is getattr(cunp, name)


def test_the_standards_names_exist():
    for name in ("astype", "isdtype", "permute_dims", "matrix_transpose", "unstack", "concat",
                 "flip", "roll", "diff", "meshgrid", "tril", "triu", "broadcast_arrays",
                 "finfo", "iinfo", "cumulative_sum", "cumulative_prod", "vecdot",
                 "take_along_axis", "count_nonzero", "from_dlpack"):
        assert callable(getattr(cunp, name)), name


def test_bad_devices_and_versions_raise_value_error():
    with pytest.raises(ValueError, match="CUDA devices"):
        cunp.zeros(3, device="cpu")
    with pytest.raises(TypeError, match="device must be"):
        cunp.empty(3, device=1.5)
    with pytest.raises(ValueError, match="not supported"):
        cunp.ndarray.__array_namespace__(None, api_version="2019.01")


def test_namespace_versions():
    for v in (None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
        assert cunp.ndarray.__array_namespace__(None, api_version=v) is cunp


# --- on the GPU ---

@gpu
def test_device_objects_round_trip():
    x = cunp.arange(4)
    assert x.device == cunp.cuda.Device(0) == cunp.__array_namespace_info__().default_device()
    assert x.to_device(x.device) is x
    for make in (lambda d: cunp.empty(3, device=d), lambda d: cunp.zeros((2, 2), device=d),
                 lambda d: cunp.ones(2, device=d), lambda d: cunp.full(2, 7, device=d),
                 lambda d: cunp.arange(5, device=d), lambda d: cunp.linspace(0, 1, 5, device=d),
                 lambda d: cunp.eye(3, device=d), lambda d: cunp.asarray([1, 2], device=d),
                 lambda d: cunp.empty_like(x, device=d), lambda d: cunp.zeros_like(x, device=d),
                 lambda d: cunp.ones_like(x, device=d), lambda d: cunp.full_like(x, 2, device=d),
                 lambda d: cunp.from_dlpack(x, device=d)):
        assert make(x.device).device == x.device
        assert make(0).device == x.device
        assert make(None).device == x.device
    n = cunp.cuda.runtime.getDeviceCount()
    assert cunp.__array_namespace_info__().devices() == tuple(cunp.cuda.Device(i) for i in range(n))
    with pytest.raises(ValueError, match="does not exist"):
        cunp.zeros(3, device=n)
    with pytest.raises(ValueError, match="does not exist"):
        cunp.asarray([1], device=cunp.cuda.Device(n))


@gpu
def test_other_device_allocates_there():
    if cunp.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two GPUs")
    x = cunp.arange(6.0)
    y = cunp.asarray(x, device=1)
    assert y.device.id == 1 and cunp.cuda.Device().id == 0
    numpy.testing.assert_array_equal(y.get(), x.get())
    assert cunp.zeros(3, device=1).device.id == 1
    assert x.to_device(cunp.cuda.Device(1)).device.id == 1
    assert cunp.astype(x, "float32", device=1).device.id == 1
    with pytest.raises(ValueError, match="copy"):
        cunp.asarray(x, device=1, copy=False)


@gpu
def test_astype_copy_semantics():
    x = cunp.arange(6, dtype="float32")
    assert cunp.astype(x, "float32", copy=False) is x
    y = cunp.astype(x, "float32")
    assert y is not x and y.dtype == numpy.float32
    z = cunp.astype(x, "int16", copy=False)
    numpy.testing.assert_array_equal(z.get(), numpy.arange(6, dtype="int16"))
    assert cunp.asarray(x, copy=False) is x
    with pytest.raises(ValueError, match="copy"):
        cunp.asarray(x, dtype="float64", copy=False)
    with pytest.raises(ValueError, match="copy"):
        cunp.asarray([1, 2], copy=False)


@gpu
def test_reshape_copy_argument():
    x = cunp.arange(12.0).reshape(3, 4)
    v = cunp.reshape(x, (4, 3), copy=False)
    v[0, 0] = 5
    assert float(x[0, 0]) == 5
    c = cunp.reshape(x, (4, 3), copy=True)
    c[0, 0] = 7
    assert float(x[0, 0]) == 5
    c = x.reshape(12, copy=True)
    c[1] = 9
    assert float(x[0, 1]) == 1
    with pytest.raises(ValueError, match="copy"):
        cunp.reshape(x.T, 12, copy=False)
    numpy.testing.assert_array_equal(cunp.reshape(x.T, (12,)).get(),
                                     numpy.reshape(x.get().T, 12))
    assert cunp.reshape(x, newshape=(2, 6)).shape == (2, 6)
    assert cunp.reshape(x, shape=(6, -1)).shape == (6, 2)
    with pytest.raises(TypeError):
        cunp.reshape(x, (2, 6), newshape=(2, 6))


@gpu
def test_transposes_and_unstack():
    h = numpy.random.default_rng(0).standard_normal((2, 3, 4))
    x = cunp.asarray(h)
    numpy.testing.assert_array_equal(cunp.permute_dims(x, (2, 0, 1)).get(),
                                     numpy.permute_dims(h, (2, 0, 1)))
    numpy.testing.assert_array_equal(cunp.matrix_transpose(x).get(), numpy.matrix_transpose(h))
    with pytest.raises(ValueError):
        cunp.matrix_transpose(x[0, 0])
    for axis in (0, 1, -1):
        parts = cunp.unstack(x, axis=axis)
        assert isinstance(parts, tuple)
        for p, q in zip(parts, numpy.unstack(h, axis=axis)):
            numpy.testing.assert_array_equal(p.get(), q)
    assert isinstance(cunp.broadcast_arrays(x, x[0]), tuple)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "int8", "float16", "float32", "complex128"])
def test_flip(dtype):
    h = (numpy.random.default_rng(1).standard_normal((3, 4, 5)) * 3).astype(dtype)
    x = cunp.asarray(h)
    for axis in (None, 0, 1, -1, (0, 2), ()):
        numpy.testing.assert_array_equal(cunp.flip(x, axis).get(), numpy.flip(h, axis))
    numpy.testing.assert_array_equal(cunp.fliplr(x).get(), numpy.fliplr(h))
    numpy.testing.assert_array_equal(cunp.flipud(x[:, ::2]).get(), numpy.flipud(h[:, ::2]))
    numpy.testing.assert_array_equal(cunp.flip(x[0, 0, 0]).get(), numpy.flip(h[0, 0, 0]))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.flip(x, 3)
    with pytest.raises(ValueError):
        cunp.fliplr(x[0, 0])


@gpu
@pytest.mark.parametrize("shift,axis", [(2, None), (-7, None), (1, 0), (-1, 1), (3, -1),
                                        ((1, 2), (0, 2)), (4, (0, 1)), ((1, -1), (1, 1)),
                                        (0, 0), (13, 2)])
def test_roll(shift, axis):
    h = numpy.arange(60).reshape(3, 4, 5)
    x = cunp.asarray(h)
    numpy.testing.assert_array_equal(cunp.roll(x, shift, axis).get(), numpy.roll(h, shift, axis))
    t = h.transpose(2, 0, 1)[::-1]
    numpy.testing.assert_array_equal(cunp.roll(cunp.asarray(h).transpose(2, 0, 1)[::-1], shift,
                                               axis).get(), numpy.roll(t, shift, axis))


@gpu
def test_roll_edge_cases():
    e = numpy.zeros((0, 3))
    numpy.testing.assert_array_equal(cunp.roll(cunp.asarray(e), 2, 0).get(), numpy.roll(e, 2, 0))
    numpy.testing.assert_array_equal(cunp.roll(cunp.asarray(5.0), 3).get(), numpy.roll(5.0, 3))
    with pytest.raises(ValueError):
        cunp.roll(cunp.arange(6).reshape(2, 3), (1, 2, 3), (0, 1))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.roll(cunp.arange(3), 1, 1)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float32", "complex64"])
@pytest.mark.parametrize("n,axis", [(1, -1), (2, 0), (3, 1), (0, -1), (7, -1)])
def test_diff(dtype, n, axis):
    h = (numpy.random.default_rng(2).standard_normal((4, 6)) * 5).astype(dtype)
    x = cunp.asarray(h)
    numpy.testing.assert_array_equal(cunp.diff(x, n, axis).get(), numpy.diff(h, n, axis))
    numpy.testing.assert_array_equal(cunp.diff(x[:, ::-2], n, axis).get(),
                                     numpy.diff(h[:, ::-2], n, axis))


@gpu
def test_diff_prepend_append_and_errors():
    h = numpy.array([1.0, 4.0, 9.0, 16.0])
    x = cunp.asarray(h)
    numpy.testing.assert_array_equal(cunp.diff(x, prepend=0.0, append=[20.0, 30.0]).get(),
                                     numpy.diff(h, prepend=0.0, append=[20.0, 30.0]))
    m = numpy.arange(6.0).reshape(2, 3)
    numpy.testing.assert_array_equal(cunp.diff(cunp.asarray(m), axis=0, prepend=-1).get(),
                                     numpy.diff(m, axis=0, prepend=-1))
    with pytest.raises(ValueError, match="non-negative"):
        cunp.diff(x, -1)
    with pytest.raises(ValueError, match="at least one dimensional"):
        cunp.diff(x[0])


@gpu
@pytest.mark.parametrize("dtype", ["bool", "int16", "float32", "complex128"])
@pytest.mark.parametrize("k", [-2, -1, 0, 1, 3])
def test_tril_triu(dtype, k):
    h = (numpy.random.default_rng(3).standard_normal((2, 4, 5)) * 4).astype(dtype)
    x = cunp.asarray(h)
    numpy.testing.assert_array_equal(cunp.tril(x, k).get(), numpy.tril(h, k))
    numpy.testing.assert_array_equal(cunp.triu(x, k).get(), numpy.triu(h, k))
    numpy.testing.assert_array_equal(cunp.tril(x[0].T, k).get(), numpy.tril(h[0].T, k))
    numpy.testing.assert_array_equal(cunp.triu(x[0, 0], k).get(), numpy.triu(h[0, 0], k))
    numpy.testing.assert_array_equal(cunp.tri(3, 5, k, dtype=dtype).get(),
                                     numpy.tri(3, 5, k, dtype=dtype))


@gpu
@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(indexing, sparse):
    vs = [numpy.arange(3.0), numpy.linspace(0, 1, 4), numpy.array([5, 6])]
    for k in range(4):
        got = cunp.meshgrid(*[cunp.asarray(v) for v in vs[:k]], indexing=indexing, sparse=sparse)
        want = numpy.meshgrid(*vs[:k], indexing=indexing, sparse=sparse)
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            numpy.testing.assert_array_equal(g.get(), w)
    with pytest.raises(ValueError, match="indexing"):
        cunp.meshgrid(cunp.arange(2), indexing="xx")


@gpu
def test_dlpack_to_the_host():
    x = cunp.arange(6, dtype="float32").reshape(2, 3)
    for kw in ({}, {"max_version": (1, 0)}, {"max_version": (1, 0), "copy": True}):
        cap = x.__dlpack__(dl_device=(1, 0), **kw)
        host = numpy.from_dlpack(_Capsule(cap, (1, 0)))
        numpy.testing.assert_array_equal(host, x.get())
    with pytest.raises(BufferError, match="copy=False"):
        x.__dlpack__(dl_device=(1, 0), copy=False)


class _Capsule:
    """A DLPack producer that hands out one capsule (numpy.from_dlpack takes producers)."""

    def __init__(self, capsule, device):
        self.capsule, self.device = capsule, device

    def __dlpack__(self, **kw):
        return self.capsule

    def __dlpack_device__(self):
        return self.device
