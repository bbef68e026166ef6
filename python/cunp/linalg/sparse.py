# python/cunp/linalg/sparse.py -- cupyx.linalg.sparse (DESIGN decision 15: cupyx.linalg.X is
# cunp.linalg.X): lschol, a sparse Cholesky solve on cuSOLVER's csrlsvchol.
"""lschol(A, b): x with A @ x == b for a sparse symmetric positive-definite A, factored as
L L^T on the device without densifying A (cusolverSp's csrlsvchol, with fill-reducing
reordering)."""
import numpy

__all__ = ['lschol']


def lschol(A, b):
    """Solves ``A @ x == b`` by a sparse Cholesky factorisation of A.

    A is an (N, N) real symmetric positive-definite matrix: a cunp.scipy.sparse CSR matrix, or
    anything csr_matrix takes (converted, as CuPy does); b is a cunp vector of length N. The
    solve runs in float32 or float64 (the common type of A, b and float32) and x comes back
    as float64, as SciPy's solvers return it. Complex data raises TypeError (csrlsvchol's real
    routines only, as CuPy's). Where CuPy returns an unchecked vector, a matrix that is not
    positive definite raises LinAlgError."""
    import cunp
    from cunp.linalg._decompositions import _assert_stacked_square
    from cunp.scipy import sparse
    from cunp.scipy.sparse.linalg._dsolve import _qr

    if not (sparse.issparse(A) and A.format == 'csr'):
        A = sparse.csr_matrix(A)
    _assert_stacked_square(A)
    if not isinstance(b, cunp.ndarray):
        raise numpy.linalg.LinAlgError('cunp.linalg.sparse.lschol takes a cunp.ndarray b, not %s'
                                       % type(b).__name__)
    n = A.shape[0]
    if b.ndim != 1 or len(b) != n:
        raise ValueError('b must be 1-d array whose size is same as A')
    dtype = numpy.result_type(A.dtype, b.dtype, numpy.float32)
    if dtype.char not in 'fd':
        raise TypeError('Invalid dtype (actual: {}, {}): lschol solves real systems only'
                        .format(A.dtype, b.dtype))
    rhs = b.astype(dtype)
    if n == 0:
        return cunp.zeros(0, dtype=numpy.float64)
    call = _qr.device_solver()
    if call is None:  # no cusolverSp: the dense factor serves (its cholesky raises likewise)
        c = cunp.linalg.cholesky(A.toarray().astype(dtype))
        return cunp.linalg.cho_solve((c, True), rhs).astype(numpy.float64)
    x, singular = _qr.solve(A, rhs, dtype, call, method='cholesky')
    if singular:
        raise numpy.linalg.LinAlgError('Matrix is not positive definite')
    return x.astype(numpy.float64)
