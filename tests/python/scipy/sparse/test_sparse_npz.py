"""save_npz/load_npz: files go both ways between cunp and SciPy, for every format and both
APIs."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dia"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("compressed", [True, False])
def test_round_trips(backend, tmp_path, fmt, kind, compressed):
    dense = numpy.array([[1.0, 0, 2], [0, 0, 3], [4, 5, 0]], dtype=numpy.float32)
    s, c = getattr(sps, f"{fmt}_{kind}")(dense), getattr(cs, f"{fmt}_{kind}")(dense)
    cs.save_npz(tmp_path / "c.npz", c, compressed=compressed)
    sps.save_npz(tmp_path / "s.npz", s, compressed=compressed)
    from_c = sps.load_npz(tmp_path / "c.npz")
    assert type(from_c) is type(s)
    numpy.testing.assert_array_equal(from_c.toarray(), dense)
    for path in ["c.npz", "s.npz"]:
        r = cs.load_npz(tmp_path / path)
        assert type(r) is type(c) and r.dtype == c.dtype
        numpy.testing.assert_array_equal(numpy.asarray(_backend.to_host(r.toarray())), dense)


def test_not_sparse(backend, tmp_path):
    numpy.savez(tmp_path / "x.npz", a=numpy.ones(3))
    with pytest.raises(ValueError):
        cs.load_npz(tmp_path / "x.npz")
