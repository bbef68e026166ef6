"""permute_dims, swapaxes, matrix_transpose and safely_cast_index_arrays against SciPy's (on
NumPy on the CPU and on cunp under the gpu marker, see conftest.py)."""
import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

pytestmark = pytest.mark.usefixtures("backend")


def _pair(fmt="csr", kind="array"):
    rng = numpy.random.default_rng(2)
    dense = rng.random((5, 7)) * (rng.random((5, 7)) > 0.6)
    s = getattr(sps, f"{fmt}_{kind}")(dense)
    return getattr(cs, f"{fmt}_{kind}")(s), s


def _dense(x):
    return numpy.asarray(_backend.to_host(x.toarray()))


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dia"])
@pytest.mark.parametrize("axes", [None, (1, 0), (0, 1), [-1, -2], (-2, 1)])
@pytest.mark.parametrize("copy", [False, True])
def test_permute_dims(fmt, axes, copy):
    c, s = _pair(fmt)
    got, want = cs.permute_dims(c, axes, copy), sps.permute_dims(s, axes, copy=copy)
    assert got.shape == want.shape and got.format == want.format
    numpy.testing.assert_array_equal(_dense(got), want.toarray())
    if list(axes or (1, 0)) in ([0, 1], [-2, 1]) and not copy:
        assert got is c


@pytest.mark.parametrize("a1, a2", [(0, 1), (1, 0), (-1, 0), (1, 1), (-2, -2)])
def test_swapaxes_and_matrix_transpose(a1, a2):
    c, s = _pair("csr")
    got, want = cs.swapaxes(c, a1, a2), sps.swapaxes(s, a1, a2)
    assert got.shape == want.shape and got.format == want.format and got is not c
    numpy.testing.assert_array_equal(_dense(got), want.toarray())
    for kind in ("array", "matrix"):
        c, s = _pair("csc", kind)
        t = cs.matrix_transpose(c)
        assert t.shape == (7, 5) and isinstance(t, cs.sparray) == (kind == "array")
        numpy.testing.assert_array_equal(_dense(t), s.toarray().T)


def test_axis_errors():
    c, _ = _pair()
    with pytest.raises(ValueError, match="Invalid axis"):
        cs.swapaxes(c, 0, 2)
    with pytest.raises(ValueError, match="duplicate"):
        cs.permute_dims(c, (1, 1))
    with pytest.raises(ValueError, match="out of range"):
        cs.permute_dims(c, (0, 3))
    with pytest.raises(TypeError):
        cs.permute_dims(c, (0, 1.5))
    with pytest.raises(TypeError, match="sparse"):
        cs.matrix_transpose(numpy.eye(2))


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dia"])
def test_safely_cast_index_arrays(fmt):
    c, s = _pair(fmt)
    got, want = cs.safely_cast_index_arrays(c), sps.safely_cast_index_arrays(s)
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == numpy.int32
        numpy.testing.assert_array_equal(numpy.asarray(_backend.to_host(g)), w)
    # Values past the dtype: indptr always checked, indices only when a dimension is that long.
    if fmt in ("csr", "csc"):  # 400 entries: indptr's last value is past int8
        full = getattr(cs, f"{fmt}_array")(getattr(sps, f"{fmt}_array")(numpy.ones((20, 20))))
        with pytest.raises(ValueError, match="indptr values too large for SuperLU"):
            cs.safely_cast_index_arrays(full, numpy.int8, msg="SuperLU")
    big = cs.coo_array((_backend.xp.asarray([1.0]), (_backend.xp.asarray([300]),
                                                      _backend.xp.asarray([0]))), shape=(400, 2))
    with pytest.raises(ValueError, match="coords values too large for dtype"):
        cs.safely_cast_index_arrays(big, numpy.int8)
