"""Interop logic that needs no GPU: capsule handling and its errors, the NumPy dispatch tables,
the array-API namespace check, the CUDA stream protocol, host passthroughs."""
import ctypes
import pickle

import numpy
import pytest

import cunp
from cunp import _interop

_capi = ctypes.pythonapi
_capi.PyCapsule_New.restype = ctypes.py_object
_capi.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_capi.PyCapsule_GetName.restype = ctypes.c_char_p
_capi.PyCapsule_GetName.argtypes = [ctypes.py_object]


def capsule_name(cap):
    return _capi.PyCapsule_GetName(cap).decode()


def test_non_capsule_is_a_type_error():
    with pytest.raises(TypeError, match="DLPack capsule"):
        cunp._core._from_dlpack_capsule(object())


def test_object_without_dlpack_is_a_type_error():
    with pytest.raises(TypeError, match="__dlpack__"):
        cunp.from_dlpack([1, 2, 3])


def test_used_capsule_is_refused_without_touching_it():
    # A capsule a consumer already took: a clear error, never a second deleter call.
    for name in (b"used_dltensor", b"used_dltensor_versioned"):
        cap = _capi.PyCapsule_New(0x1234, name, None)
        with pytest.raises(ValueError, match="consumed multiple times"):
            cunp._core._from_dlpack_capsule(cap)
        with pytest.raises(ValueError, match="consumed multiple times"):
            cunp.from_dlpack(cap)


def test_foreign_capsule_name_is_refused():
    cap = _capi.PyCapsule_New(0x1234, b"not_a_tensor", None)
    with pytest.raises(ValueError, match="dltensor"):
        cunp._core._from_dlpack_capsule(cap)


@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_cpu_capsule_is_refused_and_stays_unconsumed(max_version):
    # A host tensor's capsule cannot be viewed from the GPU; it must stay its producer's (its
    # destructor then frees it: no leak, no double free).
    host = numpy.arange(6.0)
    cap = host.__dlpack__() if max_version is None else host.__dlpack__(max_version=max_version)
    before = capsule_name(cap)
    with pytest.raises(ValueError, match="CUDA device memory"):
        cunp._core._from_dlpack_capsule(cap)
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
    assert cunp.ndarray.__array_namespace__ is _interop._array_namespace


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


def test_reduce_is_wired_for_pickle():
    assert cunp.ndarray.__reduce__ is _interop._reduce
    # the unpickling callable is importable by name
    assert pickle.loads(pickle.dumps(cunp.asarray)) is cunp.asarray
