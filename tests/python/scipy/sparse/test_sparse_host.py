"""Host-side rules of cunp.scipy.sparse that need no device: SciPy's index dtype choice, the
supported data dtypes, shape and axis checks, and cuSPARSE's availability query."""

import numpy
import pytest

import cunp
from cunp import _core
from cunp.scipy import sparse as cs
from cunp.scipy.sparse import _sputils


@pytest.mark.parametrize("arrays,maxval,check,expected", [
    ((), None, False, numpy.int32),
    ((), 2**31 - 1, False, numpy.int32),
    ((), 2**31, False, numpy.int64),
    ((numpy.array([1, 2], numpy.int64),), None, False, numpy.int64),
    ((numpy.array([1, 2], numpy.int64),), None, True, numpy.int32),
    ((numpy.array([2**31], numpy.int64),), None, True, numpy.int64),
    ((numpy.array([-2**31 - 1], numpy.int64),), None, True, numpy.int64),
    ((numpy.zeros(0, numpy.int64),), None, True, numpy.int32),
    ((numpy.array([1], numpy.int16), numpy.array([1], numpy.uint8)), None, False, numpy.int32),
    ((numpy.array([1], numpy.uint32),), None, True, numpy.int32),
    ((numpy.array([1], numpy.uint32),), None, False, numpy.int64),
])
def test_get_index_dtype(arrays, maxval, check, expected):
    assert cs.get_index_dtype(arrays, maxval=maxval, check_contents=check) == expected


def test_get_index_dtype_matches_scipy():
    sps = pytest.importorskip("scipy.sparse")
    for arrays in [(), (numpy.array([3], numpy.int64),), (numpy.array([3], numpy.int32),)]:
        for maxval in [None, 10, 2**40]:
            for check in [False, True]:
                assert cs.get_index_dtype(arrays, maxval, check) == \
                    sps.get_index_dtype(arrays, maxval, check)


@pytest.mark.parametrize("dtype", ["?", "i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "f4",
                                   "f8", "c8", "c16"])
def test_supported_dtypes(dtype):
    assert _sputils.getdtype(dtype) == numpy.dtype(dtype)


@pytest.mark.parametrize("dtype", ["f2", "U3", "M8[s]"])
def test_unsupported_dtypes(dtype):
    with pytest.raises(ValueError, match="does not support dtype"):
        _sputils.getdtype(dtype)
    with pytest.raises(ValueError, match="object dtype"):
        _sputils.getdtype(object)
    with pytest.raises(TypeError):
        _sputils.getdtype(None)


def test_shapes_and_axes():
    assert _sputils.check_shape(((3, 4),)) == (3, 4)
    assert _sputils.check_shape((numpy.int64(2), 5)) == (2, 5)
    with pytest.raises(ValueError):
        _sputils.check_shape(((3, -1),))
    with pytest.raises(ValueError):
        _sputils.check_shape(((3, 4, 5),))
    assert _sputils.isshape((3, 4)) and not _sputils.isshape((3, 4.0))
    assert not _sputils.isshape([3, 4]) and not _sputils.isshape((1, 2, 3))
    assert _sputils.validateaxis(None) is None
    assert _sputils.validateaxis(-1) == 1 and _sputils.validateaxis(-2) == 0
    with pytest.raises(ValueError):
        _sputils.validateaxis(2)
    with pytest.raises(TypeError):
        _sputils.validateaxis((0,))
    with pytest.raises(TypeError):
        _sputils.validateaxis(1.5)


def test_sum_dtype():
    assert _sputils.get_sum_dtype(numpy.int8) == numpy.int64
    assert _sputils.get_sum_dtype(numpy.uint16) == numpy.uint64
    assert _sputils.get_sum_dtype(numpy.bool_) == numpy.int64
    assert _sputils.get_sum_dtype(numpy.float32) == numpy.float32


def test_cusparse_query_without_gpu():
    # Never raises: the library is found (or not) without touching a device.
    ok = _core.sparse.available()
    assert isinstance(ok, bool)
    assert (_core.sparse.unavailable_reason() == "") == ok


def test_namespace():
    assert "sparse" in dir(cunp.scipy)
    assert cunp.scipy.sparse is cs
    for name in cs.__all__:
        assert hasattr(cs, name), name
    assert issubclass(cs.csr_matrix, cs.spmatrix) and issubclass(cs.csr_array, cs.sparray)
    assert not issubclass(cs.csr_array, cs.spmatrix)
    assert not cs.issparse(numpy.eye(2)) and not cs.isspmatrix_csr(None)
