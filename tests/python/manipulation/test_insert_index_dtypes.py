"""insert with unsigned index arrays: NumPy wraps negative indices in the indices' own dtype
(`indices[indices < 0] += N` with an intp N), which fails its same_kind cast for an unsigned
array of other than one element; cunp raises the same error."""

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


def _outcome(xp, arr, idx, values, axis):
    try:
        r = xp.insert(arr, idx, values, axis=axis)
    except TypeError as e:
        return 'TypeError', str(e)
    return 'ok', (r.get() if isinstance(r, cunp.ndarray) else r)


@pytest.mark.parametrize('idx_dtype', ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int64'])
@pytest.mark.parametrize('idx', [[], [1], [1, 2], [0, 3, 3], 1])
@pytest.mark.parametrize('axis', [None, 0])
def test_index_dtypes(idx_dtype, idx, axis):
    h = numpy.arange(5)
    hi = numpy.array(idx, idx_dtype)
    values = numpy.arange(hi.size) + 10 if hi.ndim else 10
    want = _outcome(numpy, h, hi, values, axis)
    got = _outcome(cunp, cunp.asarray(h), cunp.asarray(hi), values, axis)
    assert got[0] == want[0]
    if want[0] == 'ok':
        numpy.testing.assert_array_equal(got[1], want[1])
    else:
        assert got[1] == want[1]


def test_empty_bool_with_empty_uint8_indices():
    """The harness's case."""
    args = numpy.array([], bool), numpy.array([], numpy.uint8), numpy.array([], bool)
    with pytest.raises(TypeError) as np_err:
        numpy.insert(*args)
    with pytest.raises(TypeError) as cp_err:
        cunp.insert(*[cunp.asarray(a) for a in args])
    assert str(cp_err.value) == str(np_err.value)
