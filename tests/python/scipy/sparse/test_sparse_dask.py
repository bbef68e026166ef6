"""Dask arrays with cunp sparse chunks: the lookups cunp registers join blocks with
vstack/hstack and contract them with the sparse product (skipped where Dask is absent)."""

import numpy
import pytest

da = pytest.importorskip("dask.array")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402


def host(x):
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def dense(m=6, n=5, seed=0):
    rng = numpy.random.default_rng(seed)
    return rng.random((m, n)) * (rng.random((m, n)) < 0.4)


def test_lookups_are_registered(backend):
    from dask.array import dispatch

    c = cs.csr_matrix(dense())
    join = dispatch.concatenate_lookup.dispatch(type(c))
    contract = dispatch.tensordot_lookup.dispatch(type(c))
    assert join.__module__ == contract.__module__ == "cunp.scipy.sparse._dask"
    assert dispatch.concatenate_lookup.dispatch(cs.coo_array) is join


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_blocks_join_and_contract(backend, fmt, kind):
    d = dense()
    c = getattr(cs, f"{fmt}_{kind}")(d)
    x = da.from_array(c, chunks=(4, 2), asarray=False, fancy=False)
    joined = x.compute()
    assert cs.issparse(joined) and joined.format == fmt
    numpy.testing.assert_array_equal(host(joined), d)
    v = numpy.arange(5.0)
    y = da.tensordot(x, da.from_array(v, chunks=2), axes=1).compute()
    numpy.testing.assert_allclose(host(y), d @ v)
    w = numpy.random.default_rng(1).random((6, 3))
    z = da.tensordot(x, da.from_array(w, chunks=(4, 3)), axes=((0,), (0,))).compute()
    numpy.testing.assert_allclose(host(z), d.T @ w)


def test_direct_calls(backend):
    from cunp.scipy.sparse import _dask

    a, b = cs.csr_array(dense(4, 3)), cs.csr_array(dense(4, 3, seed=2))
    numpy.testing.assert_array_equal(host(_dask._concatenate([a, b], axis=1)),
                                     numpy.hstack([host(a), host(b)]))
    numpy.testing.assert_allclose(host(_dask._tensordot(a, b, axes=((1,), (1,)))),
                                  host(a) @ host(b).T)
    with pytest.raises(ValueError):
        _dask._concatenate([a, b], axis=2)
    with pytest.raises(ValueError):
        _dask._tensordot(a, b, axes=((0, 1), (0, 1)))
    with pytest.raises(ValueError):
        _dask._tensordot(a, b, axes=((1,), (0,)))
