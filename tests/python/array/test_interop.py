"""Interop: DLPack and the CUDA Array Interface both ways with cunp itself, NumPy, PyTorch, JAX,
Numba and CuPy (each skipped where not importable), stream ordering between a producer and a
consumer on different streams, NumPy dispatch, pickling, bad input.

The first part needs no GPU: capsule handling and its errors, the NumPy dispatch tables, the
array-API namespace check, the CUDA stream protocol, host passthroughs. The second part (marked
gpu) moves data; zero-copy is proven by writing through one view and reading through the other."""

import ctypes
import os
import pickle

import numpy
import pytest

import cunp
from cunp._array import _interop

gpu = pytest.mark.gpu


_capi = ctypes.pythonapi
_capi.PyCapsule_New.restype = ctypes.py_object
_capi.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_capi.PyCapsule_GetName.restype = ctypes.c_char_p
_capi.PyCapsule_GetName.argtypes = [ctypes.py_object]


def capsule_name(cap):
    return _capi.PyCapsule_GetName(cap).decode()


def test_array_priority_is_above_numpys():
    # As CuPy's: libraries that choose the leading array by priority (Dask's tensordot) choose
    # the device array over a NumPy one.
    assert cunp.ndarray.__array_priority__ == 100.0 > numpy.zeros(0).__array_priority__


def test_non_capsule_is_a_type_error():
    with pytest.raises(TypeError, match="DLPack capsule"):
        cunp._core.interop.from_dlpack_capsule(object())


def test_object_without_dlpack_is_a_type_error():
    with pytest.raises(TypeError, match="__dlpack__"):
        cunp.from_dlpack([1, 2, 3])


def test_used_capsule_is_refused_without_touching_it():
    # A capsule a consumer already took: a clear error, never a second deleter call.
    for name in (b"used_dltensor", b"used_dltensor_versioned"):
        cap = _capi.PyCapsule_New(0x1234, name, None)
        with pytest.raises(ValueError, match="consumed multiple times"):
            cunp._core.interop.from_dlpack_capsule(cap)
        with pytest.raises(ValueError, match="consumed multiple times"):
            cunp.from_dlpack(cap)


def test_foreign_capsule_name_is_refused():
    cap = _capi.PyCapsule_New(0x1234, b"not_a_tensor", None)
    with pytest.raises(ValueError, match="dltensor"):
        cunp._core.interop.from_dlpack_capsule(cap)


@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_cpu_capsule_is_refused_and_stays_unconsumed(max_version):
    # A host tensor's capsule cannot be viewed from the GPU; it must stay its producer's (its
    # destructor then frees it: no leak, no double free).
    host = numpy.arange(6.0)
    cap = host.__dlpack__() if max_version is None else host.__dlpack__(max_version=max_version)
    before = capsule_name(cap)
    with pytest.raises(ValueError, match="CUDA device memory"):
        cunp._core.interop.from_dlpack_capsule(cap)
    assert capsule_name(cap) == before
    del cap


def test_cpu_producer_with_copy_false_is_a_buffer_error():
    with pytest.raises(BufferError, match="copy"):
        cunp.from_dlpack(numpy.arange(3), copy=False)


def test_legacy_names_exist():
    from cunp.core.dlpack import fromDlpack, toDlpack

    assert fromDlpack is cunp.fromDlpack
    assert toDlpack is cunp.toDlpack
    with pytest.raises(TypeError):
        toDlpack(numpy.arange(3))


def test_numpy_module_mapping():
    assert _interop._cunp_namespace("numpy") is cunp
    assert _interop._cunp_namespace("numpy.linalg") is cunp.linalg
    assert _interop._cunp_namespace("numpy._core.fromnumeric") is cunp
    assert _interop._cunp_namespace("scipy.linalg") is None


def test_array_function_names_the_missing_function():
    with pytest.raises(TypeError,
                       match=r"no implementation found for 'numpy\.busday_count' on cunp"):
        _interop._array_function(None, numpy.busday_count, (cunp.ndarray,), (), {})


def test_array_function_refuses_numpy_arrays():
    assert _interop._array_function(None, numpy.concatenate, (cunp.ndarray, numpy.ndarray),
                                    (), {}) is NotImplemented


def test_array_namespace_versions():
    assert _interop._array_namespace(None) is cunp
    assert _interop._array_namespace(None, api_version="2023.12") is cunp
    with pytest.raises(ValueError, match="not supported"):
        _interop._array_namespace(None, api_version="2099.01")
    assert cunp.ndarray.__array_namespace__(None, api_version="2023.12") is cunp


def test_ndarray_protocol_methods_are_bound():
    for name in ("__dlpack__", "__dlpack_device__", "__array_function__", "__array_ufunc__",
                 "__reduce__", "__cuda_array_interface__", "toDlpack"):
        assert hasattr(cunp.ndarray, name), name


def test_cuda_stream_protocol():
    assert cunp.cuda.Stream.null.__cuda_stream__() == (0, 0)
    assert cunp.cuda.Stream.ptds.__cuda_stream__() == (0, 2)
    s = cunp.cuda.Stream.from_external(0x5000)
    assert s.__cuda_stream__() == (0, 0x5000)
    assert s.ptr == 0x5000


def test_asnumpy_and_get_array_module_pass_numpy_through():
    a = numpy.arange(4)
    assert cunp.asnumpy(a) is a
    assert cunp.get_array_module(a) is numpy
    assert cunp.get_array_module(1, 2.0) is numpy


def test_reduce_is_wired_for_pickle(monkeypatch):
    monkeypatch.setattr(_interop, "_reduce", lambda self: ("rebuilt by", self))
    assert cunp.ndarray.__reduce__(None) == ("rebuilt by", None)
    # the unpickling callable is importable by name
    assert pickle.loads(pickle.dumps(cunp.asarray)) is cunp.asarray


# --- on the GPU ---

# JAX would otherwise reserve most of the GPU's memory at import.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

ALL_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
              "float16", "float32", "float64", "complex64", "complex128"]


def ptr(a):
    return a.__cuda_array_interface__["data"][0]


def host_values(dtype, shape=(3, 4)):
    n = int(numpy.prod(shape))
    v = numpy.arange(1, n + 1).reshape(shape)
    if dtype == "bool":
        return (v % 2).astype(bool)
    if dtype.startswith("complex"):
        return (v + 1j * v).astype(dtype)
    return v.astype(dtype)


class CAI:
    """A minimal foreign producer: any device array's interface dict, optionally edited."""

    def __init__(self, arr, **changes):
        d = dict(arr.__cuda_array_interface__)
        d.update(changes)
        self.__cuda_array_interface__ = d
        self.keep = arr


def _capsule_pointer(cap, name):
    api = ctypes.pythonapi
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return api.PyCapsule_GetPointer(cap, name)


def _slow_kernel():
    # Each thread spins for about a millisecond before writing x + 1: a consumer that does
    # not wait for it reads the old contents.
    return cunp.ElementwiseKernel(
        "float32 x, int64 cycles", "float32 y",
        "long long t0 = clock64(); while (clock64() - t0 < cycles) {} y = x + 1;",
        "cunp_test_slow_add_one")


# --- the CUDA Array Interface ---

@gpu
def test_cai_export_fields():
    x = cunp.arange(12, dtype="float32").reshape(3, 4)
    d = x.__cuda_array_interface__
    assert d["version"] == 3
    assert d["shape"] == (3, 4)
    assert d["typestr"] == "<f4"
    assert d["strides"] is None
    assert d["data"] == (x.data.ptr, False)
    assert d["stream"] == 1  # the legacy default stream
    t = x.T.__cuda_array_interface__
    assert t["strides"] == (4, 16)
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        assert x.__cuda_array_interface__["stream"] == s.ptr
    assert cunp.zeros(3, dtype=bool).__cuda_array_interface__["typestr"] == "|b1"
    assert d["descr"] == [("", "<f4")]  # version 3: a list of (name, typestr) tuples


@gpu
def test_asnumpy_of_a_foreign_device_array():
    x = cunp.arange(12, dtype="float32").reshape(3, 4)
    for foreign in (CAI(x), CAI(x.T), CAI(x[:, ::2])):
        want = cunp.asnumpy(foreign.keep)
        got = cunp.asnumpy(foreign)
        assert got.dtype == numpy.float32 and got.shape == want.shape
        numpy.testing.assert_array_equal(got, want)
    out = numpy.empty((3, 4), numpy.float32)
    assert cunp.asnumpy(CAI(x), out=out) is out
    numpy.testing.assert_array_equal(out, x.get())


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_cai_import_is_zero_copy(dtype):
    x = cunp.asarray(host_values(dtype))
    src = CAI(x)
    y = cunp.asarray(src)
    assert isinstance(y, cunp.ndarray)
    assert y.dtype == numpy.dtype(dtype)
    assert ptr(y) == ptr(x)
    assert y.base is src
    y[0, 0] = 0
    assert x[0, 0].item() == 0


@gpu
def test_cai_import_honours_strides():
    x = cunp.arange(24, dtype="float64").reshape(4, 6)
    v = x[::2, 1::2]
    y = cunp.asarray(CAI(v))
    assert y.strides == v.strides
    numpy.testing.assert_array_equal(y.get(), v.get())
    assert cunp.asarray(CAI(x)).flags.c_contiguous


def _cai_layouts():
    x = cunp.arange(1, 49, dtype="float32").reshape(6, 8)
    return {"c": x, "f": cunp.asfortranarray(x), "strided": x[::2, 1::3], "reversed": x[::-1, ::-2],
            "column": x[:, 2:3], "empty": x[:0]}


@gpu
@pytest.mark.parametrize("layout", ["c", "f", "strided", "reversed", "column", "empty"])
@pytest.mark.parametrize("strides", ["given", "none", "absent"])
def test_operations_on_cai_imports(layout, strides):
    # CuPy's compliance cases: strides given, None or absent (both mean C order) on a foreign
    # object, which ufuncs, user kernels and reductions take as a device array in place.
    v = _cai_layouts()[layout]
    if strides != "given" and not v.flags.c_contiguous:
        pytest.skip("strides may be left out only for C-ordered data")
    changes = {} if strides == "given" else {"strides": None}
    obj = CAI(v, **changes)
    if strides == "absent":
        del obj.__cuda_array_interface__["strides"]
    elif strides == "given":
        obj.__cuda_array_interface__["strides"] = v.strides
    h = v.get()
    numpy.testing.assert_array_equal(cunp.asarray(obj).get(), h)
    numpy.testing.assert_array_equal(cunp.add(obj, 1).get(), h + 1)
    numpy.testing.assert_array_equal((cunp.asarray(obj) * 2).get(), h * 2)
    numpy.testing.assert_allclose(cunp.sum(cunp.asarray(obj), axis=0).get(), h.sum(axis=0))
    twice = cunp.ElementwiseKernel("T x", "T y", "y = x * 2", "cunp_test_cai_twice")
    numpy.testing.assert_array_equal(twice(obj).get(), h * 2)
    total = cunp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "cunp_test_cai_sum")
    numpy.testing.assert_allclose(total(obj, axis=1).get(), h.sum(axis=1))
    # A writable foreign array as a kernel's output is written in place.
    out = cunp.zeros_like(v)
    twice(obj, CAI(out))
    numpy.testing.assert_array_equal(out.get(), h * 2)


@gpu
def test_kernel_refuses_read_only_cai_output():
    x = cunp.arange(5.0)
    twice = cunp.ElementwiseKernel("T x", "T y", "y = x * 2", "cunp_test_cai_twice")
    with pytest.raises(TypeError, match="Output arguments"):
        twice(x, CAI(x, data=(ptr(x), True)))


@gpu
def test_cai_readonly_is_copied():
    x = cunp.arange(5.0)
    y = cunp.asarray(CAI(x, data=(ptr(x), True)))
    assert ptr(y) != ptr(x)
    numpy.testing.assert_array_equal(y.get(), numpy.arange(5.0))
    with pytest.raises(ValueError):
        cunp.asarray(CAI(x, data=(ptr(x), True)), copy=False)


@gpu
def test_cai_bad_input():
    x = cunp.arange(4.0)
    with pytest.raises(ValueError, match="stream"):
        cunp.asarray(CAI(x, stream=0))
    with pytest.raises(NotImplementedError):
        cunp.asarray(CAI(x, mask=object()))
    with pytest.raises(ValueError, match="big-endian"):
        cunp.asarray(CAI(x, typestr=">f8"))
    with pytest.raises(ValueError):
        cunp.asarray(CAI(x, data=(12345, False)))  # not device memory


# --- DLPack with cunp on both sides ---

@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dlpack_round_trip_is_zero_copy(dtype):
    x = cunp.asarray(host_values(dtype))
    y = cunp.from_dlpack(x)
    assert ptr(y) == ptr(x)
    assert y.dtype == x.dtype and y.shape == x.shape
    y[1, 1] = 0
    assert x[1, 1].item() == 0


@gpu
@pytest.mark.parametrize("view", ["T", "step", "neg", "zero_d", "empty"])
def test_dlpack_layouts(view):
    x = cunp.arange(24, dtype="int32").reshape(4, 6)
    v = {"T": x.T, "step": x[::2, 1::3], "neg": x[::-1], "zero_d": x[1, 2],
         "empty": x[:0]}[view]
    # A cunp array is viewed directly; its capsule goes the way of every other producer's.
    for y in (cunp.from_dlpack(v), cunp.from_dlpack(v.__dlpack__(max_version=(1, 0))),
              cunp.from_dlpack(v.__dlpack__())):
        assert y.shape == v.shape and y.strides == v.strides
        numpy.testing.assert_array_equal(y.get(), v.get())
    c = cunp.from_dlpack(v, copy=True)
    assert c.strides == v.copy(order="K").strides
    numpy.testing.assert_array_equal(c.get(), v.get())


@gpu
def test_dlpack_capsule_kinds_and_device():
    x = cunp.arange(3.0)
    assert x.__dlpack_device__() == (2, x.device.id)
    assert "dltensor_versioned" in repr(x.__dlpack__(max_version=(1, 0)))
    assert "dltensor_versioned" in repr(x.__dlpack__(max_version=(1, 2)))
    assert '"dltensor"' in repr(x.__dlpack__())
    assert '"dltensor"' in repr(x.__dlpack__(max_version=(0, 8)))


@gpu
def test_dlpack_capsule_consumed_twice():
    x = cunp.arange(3.0)
    cap = x.__dlpack__(max_version=(1, 0))
    y = cunp.from_dlpack(cap)
    with pytest.raises(ValueError, match="consumed multiple times"):
        cunp.from_dlpack(cap)
    del cap  # the used capsule's destructor must not free the tensor again
    numpy.testing.assert_array_equal(y.get(), [0.0, 1.0, 2.0])


@gpu
def test_dlpack_unconsumed_capsule_is_freed():
    x = cunp.arange(3.0)
    for _ in range(100):
        x.__dlpack__(max_version=(1, 0))
        x.__dlpack__()


@gpu
def test_dlpack_copy_and_stream_arguments():
    x = cunp.arange(4.0)
    y = cunp.from_dlpack(x, copy=True)
    assert ptr(y) != ptr(x)
    assert ptr(cunp.from_dlpack(x, copy=False)) == ptr(x)
    with pytest.raises(ValueError, match="stream"):
        x.__dlpack__(stream=0)
    x.__dlpack__(stream=-1)
    x.__dlpack__(stream=1)
    x.__dlpack__(stream=2)
    s = cunp.cuda.Stream(non_blocking=True)
    x.__dlpack__(stream=s.ptr)
    with pytest.raises(BufferError):
        x.__dlpack__(dl_device=(1, 0), copy=False)  # the host needs a copy
    with pytest.raises(BufferError):
        x.__dlpack__(dl_device=(3, 0))
    x.__dlpack__(dl_device=(2, x.device.id))
    with pytest.raises(TypeError):
        x.__dlpack__(1)  # keyword-only


@gpu
def test_dlpack_readonly_flag_is_honoured():
    x = cunp.arange(4.0)
    cap = x.__dlpack__(max_version=(1, 0))
    flags = ctypes.c_uint64.from_address(_capsule_pointer(cap, b"dltensor_versioned") + 24)
    flags.value |= 1  # DLPACK_FLAG_BITMASK_READ_ONLY
    y = cunp.from_dlpack(cap)
    assert ptr(y) != ptr(x)  # copied: cunp arrays are always writable
    numpy.testing.assert_array_equal(y.get(), numpy.arange(4.0))
    cap = x.__dlpack__(max_version=(1, 0))
    flags = ctypes.c_uint64.from_address(_capsule_pointer(cap, b"dltensor_versioned") + 24)
    flags.value |= 1
    with pytest.raises(BufferError, match="read-only"):
        cunp._core.interop.from_dlpack_capsule(cap, False)


@gpu
def test_dlpack_from_numpy_copies():
    h = numpy.arange(6.0).reshape(2, 3)
    y = cunp.from_dlpack(h)
    numpy.testing.assert_array_equal(y.get(), h)
    with pytest.raises(BufferError):
        cunp.from_dlpack(h, copy=False)


@gpu
def test_legacy_spelling():
    from cunp.core.dlpack import fromDlpack, toDlpack

    x = cunp.arange(5, dtype="int16")
    y = fromDlpack(toDlpack(x))
    assert ptr(y) == ptr(x)


# --- stream ordering ---

@gpu
def test_dlpack_producer_orders_before_consumer_stream():
    slow = _slow_kernel()
    s1 = cunp.cuda.Stream(non_blocking=True)
    s2 = cunp.cuda.Stream(non_blocking=True)
    x = cunp.arange(1 << 16, dtype="float32")
    expected = float(numpy.arange(1 << 16, dtype="float64").sum() + (1 << 16))
    cunp.cuda.Device().synchronize()
    for _ in range(10):
        with s1:
            y = cunp.empty_like(x)
            y.fill(-1e6)
            slow(x, 2_000_000, y)
            cap = y.__dlpack__(stream=s2.ptr, max_version=(1, 0))
        with s2:
            z = cunp.from_dlpack(cap)
            got = (z.astype("float64") * 1).get(stream=s2)
        assert float(got.sum()) == expected


@gpu
def test_cai_consumer_waits_for_producer_stream():
    slow = _slow_kernel()
    s1 = cunp.cuda.Stream(non_blocking=True)
    s2 = cunp.cuda.Stream(non_blocking=True)
    x = cunp.arange(1 << 16, dtype="float32")
    expected = float(numpy.arange(1 << 16, dtype="float64").sum() + (1 << 16))
    cunp.cuda.Device().synchronize()
    for _ in range(10):
        with s1:
            y = cunp.empty_like(x)
            y.fill(-1e6)
            slow(x, 2_000_000, y)
            src = CAI(y)  # stream: s1
        assert src.__cuda_array_interface__["stream"] == s1.ptr
        with s2:
            z = cunp.asarray(src)
            got = (z.astype("float64") * 1).get(stream=s2)
        assert float(got.sum()) == expected


# --- NumPy dispatch ---

@gpu
def test_array_ufunc():
    x = cunp.arange(4.0)
    r = numpy.add(x, 1)
    assert isinstance(r, cunp.ndarray)
    numpy.testing.assert_array_equal(r.get(), numpy.arange(4.0) + 1)
    assert isinstance(numpy.exp(x), cunp.ndarray)
    with pytest.raises(TypeError):
        numpy.add(x, numpy.ones(4))


@gpu
@pytest.mark.parametrize("method", ["reduce", "accumulate"])
def test_array_ufunc_methods(method):
    if not hasattr(cunp.add, method):
        pytest.skip(f"cunp.add.{method} not implemented yet")
    x = cunp.arange(1, 7, dtype="float64").reshape(2, 3)
    r = getattr(numpy.add, method)(x, axis=0)
    assert isinstance(r, cunp.ndarray)
    numpy.testing.assert_allclose(r.get(), getattr(numpy.add, method)(x.get(), axis=0))


@gpu
@pytest.mark.parametrize("call", [
    ("sum", lambda np, x: np.sum(x)),
    ("mean", lambda np, x: np.mean(x, axis=0)),
    ("concatenate", lambda np, x: np.concatenate([x, x])),
    ("transpose", lambda np, x: np.transpose(x)),
    ("reshape", lambda np, x: np.reshape(x, (3, 2))),
    ("where", lambda np, x: np.where(x > 2, x, 0)),
    ("clip", lambda np, x: np.clip(x, 1, 4)),
])
def test_array_function_dispatch(call):
    name, fn = call
    if not hasattr(cunp, name):
        pytest.skip(f"cunp.{name} not implemented yet")
    x = cunp.arange(6.0).reshape(2, 3)
    r = fn(numpy, x)
    assert isinstance(r, cunp.ndarray)
    numpy.testing.assert_allclose(r.get(), fn(numpy, x.get()))


@gpu
def test_array_function_linalg_svd():
    if not hasattr(cunp.linalg, "svd"):
        pytest.skip("cunp.linalg.svd not implemented yet")
    x = cunp.asarray(numpy.random.default_rng(0).standard_normal((5, 4)))
    u, s, vt = numpy.linalg.svd(x)  # seed 001
    assert isinstance(s, cunp.ndarray)
    numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(x.get())[1], rtol=1e-10)


@gpu
def test_array_function_missing_and_refused():
    x = cunp.arange(4.0)
    with pytest.raises(TypeError, match="numpy.busday_count"):
        numpy.busday_count(x, x)
    if hasattr(cunp, "concatenate"):
        with pytest.raises(TypeError):
            numpy.concatenate([x, numpy.ones(2)])


@gpu
def test_implicit_host_conversion_fails_loudly():
    x = cunp.arange(3)
    with pytest.raises(TypeError, match="get"):
        numpy.asarray(x)
    with pytest.raises(TypeError):
        numpy.array(x)


@gpu
def test_namespace_and_get_array_module():
    x = cunp.arange(3)
    assert x.__array_namespace__() is cunp
    assert x.__array_namespace__(api_version="2023.12") is cunp
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="1999.01")
    assert cunp.get_array_module(x) is cunp
    assert cunp.get_array_module(numpy.arange(3), x) is cunp


# --- pickling ---

@gpu
@pytest.mark.parametrize("dtype", ["bool", "int32", "float16", "complex128"])
def test_pickle_round_trip(dtype):
    x = cunp.asarray(host_values(dtype))
    for v in (x, x.T, x[::2], x[1, 1]):
        y = pickle.loads(pickle.dumps(v))
        assert isinstance(y, cunp.ndarray)
        assert y.dtype == v.dtype and y.shape == v.shape
        assert y.device.id == cunp.cuda.Device().id
        numpy.testing.assert_array_equal(y.get(), v.get())


@gpu
def test_pickle_protocol_5_moves_the_data_out_of_band():
    # What dask's distributed serialization relies on: the host copy travels as a buffer of its
    # own, not inside the pickle's bytes.
    x = cunp.arange(1 << 16, dtype=cunp.float64).reshape(256, 256)
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    assert len(data) < 1024 and sum(memoryview(b).nbytes for b in buffers) == x.nbytes
    y = pickle.loads(data, buffers=buffers)
    assert isinstance(y, cunp.ndarray)
    numpy.testing.assert_array_equal(y.get(), x.get())


# --- PyTorch ---

def _torch():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA")
    return torch


@gpu
def test_torch_round_trip_zero_copy():
    torch = _torch()
    x = cunp.arange(6, dtype="float32")
    t = torch.from_dlpack(x)
    assert t.data_ptr() == ptr(x)
    t[0] = 42
    torch.cuda.synchronize()
    assert x[0].item() == 42
    u = torch.arange(6, dtype=torch.float64, device="cuda")
    y = cunp.from_dlpack(u)
    assert ptr(y) == u.data_ptr()
    y[1] = -1
    assert u[1].item() == -1
    z = cunp.asarray(u)  # through __cuda_array_interface__
    assert ptr(z) == u.data_ptr()
    z[2] = -2
    assert u[2].item() == -2


@gpu
def test_torch_seed_snippet():
    torch = _torch()
    from torch.utils.dlpack import from_dlpack, to_dlpack

    from cunp.core.dlpack import fromDlpack, toDlpack

    tensor_data = torch.arange(5, device="cuda")
    cupy_data = fromDlpack(to_dlpack(tensor_data))
    assert ptr(cupy_data) == tensor_data.data_ptr()
    back = from_dlpack(toDlpack(cupy_data))
    assert back.data_ptr() == tensor_data.data_ptr()


@gpu
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "int32", "int64",
                                   "float16", "float32", "float64", "complex64", "complex128"])
def test_torch_dtypes(dtype):
    torch = _torch()
    x = cunp.asarray(host_values(dtype))
    t = torch.from_dlpack(x)
    numpy.testing.assert_array_equal(t.cpu().numpy(), x.get())
    y = cunp.from_dlpack(t)
    assert y.dtype == x.dtype
    numpy.testing.assert_array_equal(y.get(), x.get())


@gpu
def test_torch_non_contiguous():
    torch = _torch()
    u = torch.arange(12, dtype=torch.float32, device="cuda").reshape(3, 4).t()[::2]
    y = cunp.from_dlpack(u)
    assert y.strides == tuple(s * 4 for s in u.stride())
    numpy.testing.assert_array_equal(y.get(), u.cpu().numpy())
    z = cunp.asarray(u)
    numpy.testing.assert_array_equal(z.get(), u.cpu().numpy())


@gpu
def test_torch_cpu_tensor():
    torch = _torch()
    c = torch.arange(4.0)
    numpy.testing.assert_array_equal(cunp.from_dlpack(c).get(), c.numpy())
    with pytest.raises(BufferError):
        cunp.from_dlpack(c, copy=False)
    numpy.testing.assert_array_equal(cunp.asarray(c).get(), c.numpy())


@gpu
def test_torch_stream_ordering():
    torch = _torch()
    slow = _slow_kernel()
    s1 = cunp.cuda.Stream(non_blocking=True)
    ts = torch.cuda.Stream()
    x = cunp.arange(1 << 16, dtype="float32")
    expected = float(numpy.arange(1 << 16, dtype="float64").sum() + (1 << 16))
    torch.cuda.synchronize()
    for _ in range(10):
        with s1:
            y = cunp.empty_like(x)
            y.fill(-1e6)
            slow(x, 2_000_000, y)
            with torch.cuda.stream(ts):
                t = torch.from_dlpack(y)  # passes ts: s1's work is ordered before it
                total = t.double().sum()
        ts.synchronize()
        assert total.item() == expected


@gpu
def test_other_gpu_tensor():
    torch = _torch()
    if torch.cuda.device_count() < 2 or cunp.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two GPUs")
    u = torch.arange(4.0, device="cuda:1")
    y = cunp.from_dlpack(u)
    assert y.device.id == 1 and ptr(y) == u.data_ptr()
    with pytest.raises(ValueError):
        cunp.from_dlpack(u, device=cunp.cuda.Device(0), copy=False)
    with cunp.cuda.Device(0):
        z = cunp.asarray(u)  # moved to the current device
        assert z.device.id == 0
        numpy.testing.assert_array_equal(z.get(), [0.0, 1.0, 2.0, 3.0])


# --- JAX ---

def _jax():
    jax = pytest.importorskip("jax")
    try:
        if not jax.devices("gpu"):
            pytest.skip("jax has no GPU")
    except RuntimeError:
        pytest.skip("jax has no GPU")
    return jax


@gpu
def test_jax_to_cunp_zero_copy():
    _jax()
    import jax.numpy as jnp

    a = jnp.arange(8, dtype=jnp.float32)
    a.block_until_ready()
    y = cunp.from_dlpack(a)
    assert ptr(y) == a.unsafe_buffer_pointer()
    numpy.testing.assert_array_equal(y.get(), numpy.arange(8, dtype="float32"))


@gpu
def test_cunp_to_jax_zero_copy():
    jax = _jax()
    x = cunp.arange(8, dtype="float32")
    a = jax.dlpack.from_dlpack(x)
    x[0] = 42  # write through cunp, read in JAX
    cunp.cuda.Device().synchronize()
    assert numpy.asarray(a)[0] == 42


# --- Numba (CUDA Array Interface) ---

def _numba_cuda():
    pytest.importorskip("numba")
    from numba import cuda

    if not cuda.is_available():
        pytest.skip("numba sees no GPU")
    return cuda


@gpu
def test_numba_both_ways():
    cuda = _numba_cuda()
    x = cunp.arange(6, dtype="float32")
    d = cuda.as_cuda_array(x)
    assert d.__cuda_array_interface__["data"][0] == ptr(x)
    # Written through cunp, read through numba (numba's own kernels may fail to compile where
    # numba_cuda and NumPy are out of step, so no numba kernel is launched here).
    x[0] = 42
    assert d.copy_to_host()[0] == 42
    h = cuda.to_device(numpy.arange(5, dtype="int64"))
    y = cunp.asarray(h)
    assert ptr(y) == h.__cuda_array_interface__["data"][0]
    y[1] = -1
    cunp.cuda.Device().synchronize()
    assert h.copy_to_host()[1] == -1


# --- CuPy ---

@gpu
def test_cupy_both_ways():
    cupy = pytest.importorskip("cupy")
    x = cunp.arange(6, dtype="float64")
    c = cupy.asarray(x)  # CAI
    assert c.data.ptr == ptr(x)
    c[0] = 42
    assert x[0].item() == 42
    c2 = cupy.from_dlpack(x)
    assert c2.data.ptr == ptr(x)
    u = cupy.arange(4, dtype=cupy.int32)
    y = cunp.asarray(u)
    assert ptr(y) == u.data.ptr
    y[1] = -1
    assert int(u[1]) == -1
    z = cunp.from_dlpack(u)
    assert ptr(z) == u.data.ptr
