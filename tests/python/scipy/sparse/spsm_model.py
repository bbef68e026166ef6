"""A NumPy model of _core.sparse.triangular_solve (cuSPARSE's SpSM), swapped in on the CPU so
the tests check what the Python side hands the library: the contract of
include/cunp/sparse/triangular.hpp (dtypes, canonical CSR holding one triangle only, b and x
(n,) contiguous or (n, k) Fortran-ordered and distinct), then the solve, written into x."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")
sla = pytest.importorskip("scipy.sparse.linalg")

calls = []


def triangular_solve(data, indices, indptr, n, b, x, lower, unit_diagonal):
    assert isinstance(b, numpy.ndarray) and isinstance(x, numpy.ndarray)
    assert data.dtype == b.dtype == x.dtype and data.dtype.char in "fdFD"
    assert indices.dtype == indptr.dtype and indices.dtype in (numpy.int32, numpy.int64)
    assert data.ndim == indices.ndim == indptr.ndim == 1 and indptr.shape == (n + 1,)
    assert data.flags.c_contiguous and indices.flags.c_contiguous and indptr.flags.c_contiguous
    assert b.shape == x.shape and b.ndim in (1, 2) and b.shape[0] == n
    if b.ndim == 1:
        assert b.flags.c_contiguous and x.flags.c_contiguous
    else:
        assert b.flags.f_contiguous and x.flags.f_contiguous
    assert not numpy.shares_memory(b, x)
    T = sps.csr_array((data, indices, indptr), shape=(n, n))
    assert T.has_canonical_format
    row = numpy.repeat(numpy.arange(n), numpy.diff(indptr))
    assert bool((indices <= row).all() if lower else (indices >= row).all())
    calls.append((lower, unit_diagonal, b.shape))
    x[...] = sla.spsolve_triangular(T, b, lower=lower, unit_diagonal=unit_diagonal)

