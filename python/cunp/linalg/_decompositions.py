"""numpy.linalg's decompositions, solvers and norms on cuSOLVER and cuBLAS.

The factorizations run in the C++ core (``cunp._core.linalg``) on whole stacks ``(..., M, N)``
at once (batched cuSOLVER/cuBLAS routines, or one library call per matrix where no batched
routine exists); this module does NumPy's argument handling, dtype rules and result types.
"""
import math as _math
import operator as _operator
from collections import namedtuple as _namedtuple

from cunp import _core
from cunp._linalg import _errstate as _linalg_errstate
from cunp._array._layouts import relayout as _relayout
from cunp.linalg import _layout

__all__ = [
    'det', 'slogdet', 'inv', 'solve', 'lstsq', 'pinv', 'matrix_power',
    'tensorinv', 'tensorsolve', 'svd', 'svdvals', 'qr', 'cholesky', 'eigh', 'eigvalsh', 'eig',
    'eigvals', 'norm', 'vector_norm', 'matrix_norm', 'cond', 'matrix_rank',
    'set_svd_driver', 'get_svd_driver',
]



def _linalg_error(message):
    # numpy.linalg.LinAlgError itself (cunp.linalg.LinAlgError resolves to it on first use):
    # built here on demand so that importing cunp does not import NumPy.
    import numpy
    return numpy.linalg.LinAlgError(message)

SlogdetResult = _namedtuple('SlogdetResult', ['sign', 'logabsdet'])
QRResult = _namedtuple('QRResult', ['Q', 'R'])
SVDResult = _namedtuple('SVDResult', ['U', 'S', 'Vh'])
EighResult = _namedtuple('EighResult', ['eigenvalues', 'eigenvectors'])
EigResult = _namedtuple('EigResult', ['eigenvalues', 'eigenvectors'])


def _cp():
    import cunp
    return cunp


def _solver_array(a):
    """a as a cunp array in the dtype the solvers compute in (NumPy's linalg rules)."""
    cp = _cp()
    a = cp.asarray(a)
    name = a.dtype.name
    if name in ('float32', 'float64', 'complex64', 'complex128'):
        return a
    if name == 'float16':
        raise TypeError('array type float16 is unsupported in linalg')
    return a.astype('float64')  # bool and integers


def _assert_stacked_2d(a):
    if a.ndim < 2:
        raise _linalg_error('%d-dimensional array given. Array must be at least '
                          'two-dimensional' % a.ndim)


def _assert_stacked_square(a):
    if a.shape[-1] != a.shape[-2]:
        raise _linalg_error('Last 2 dimensions of the array must be square')


def _prepare_square(a):
    a = _cp().asarray(a)
    _assert_stacked_2d(a)  # NumPy checks the shape before the dtype
    _assert_stacked_square(a)
    return _solver_array(a)


def _as_gufunc(given, *results):
    """The results of a one-input gufunc of numpy.linalg on `given` (the input as the caller
    gave it) in NumPy's layout: stack axes in the iterator order of given's, each result's own
    core axes C-ordered innermost (cunp/linalg/_layout.py)."""
    cp = _cp()
    nloop = given.ndim - 2
    strides = _layout.gufunc_results(given.shape, given.strides, given.itemsize,
                                     [r.shape[nloop:] for r in results])
    return [_relayout(cp, r, s) for r, s in zip(results, strides)]


# --- determinants, inverses, solvers ---

def _nan_where_nan(a, *results):
    """NaN in each result whose matrix holds a NaN: cuBLAS's batched LU can skip updates by a
    zero multiplier and lose the NaN, where LAPACK (so NumPy) carries it through."""
    cp = _cp()
    has_nan = cp.isnan(a).any(axis=(-2, -1))
    return tuple(cp.where(has_nan, float('nan'), r) for r in results)


def det(a):
    """Determinant of each matrix of a stack (LU factorization)."""
    given = _cp().asarray(a)
    a = _prepare_square(given)
    return _as_gufunc(given, *_nan_where_nan(a, _core.linalg.det(a)))[0]


def slogdet(a):
    """(sign, logabsdet) of each matrix's determinant."""
    given = _cp().asarray(a)
    a = _prepare_square(given)
    sign, logdet = _as_gufunc(given, *_nan_where_nan(a, *_core.linalg.slogdet(a)))
    return SlogdetResult(sign, logdet)


def inv(a):
    """Inverse of each matrix; LinAlgError("Singular matrix") when one has none (unless
    cunp.errstate(linalg='ignore'): then inf/nan, without the check's device sync)."""
    given = _cp().asarray(a)
    return _as_gufunc(given, _core.linalg.inv(_prepare_square(given),
                                              _linalg_errstate.checked()))[0]


def solve(a, b):
    """x with a @ x == b. As NumPy 2: b is a stack of vectors only when b.ndim == 1.
    LinAlgError("Singular matrix") unless cunp.errstate(linalg='ignore')."""
    cp = _cp()
    a = cp.asarray(a)
    b = cp.asarray(b)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    given = a, b
    dt = _common_type(a, b)
    a = a.astype(dt, copy=False)
    b = b.astype(dt, copy=False)
    n = a.shape[-1]
    if b.ndim == 1:
        if b.shape[0] != n:
            raise ValueError(
                'solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc '
                'signature (m,m),(m)->(m) (size %d is different from %d)' % (b.shape[0], n))
        x = _core.linalg.solve(a, b.reshape(n, 1), _linalg_errstate.checked())
        return _solve_layout(given, x.reshape(x.shape[:-1]))
    if b.shape[-2] != n:
        raise ValueError(
            'solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc '
            'signature (m,m),(m,n)->(m,n) (size %d is different from %d)' % (b.shape[-2], n))
    return _solve_layout(given, _core.linalg.solve(a, b, _linalg_errstate.checked()))


def _solve_layout(given, x):
    """solve's result in NumPy's gufunc layout, from the inputs as given (the solver hands
    back column-major matrices): one relayout at the end."""
    a, b = given
    strides = _layout.solve_strides(a.shape, a.strides, a.itemsize, b.shape, b.strides,
                                    b.itemsize)
    return _relayout(_cp(), x, strides)


def _common_type(*arrays):
    """The dtype several arrays are solved in, by NumPy's linalg rule (not result_type): bool
    and integers count as float64, float16 is refused, and the widest precision wins, complex
    if any input is (int16 with float32 gives float64)."""
    double = cplx = False
    for a in arrays:
        dt = a.dtype
        if dt.kind in 'fc':
            if dt.name == 'float16':
                raise TypeError('array type float16 is unsupported in linalg')
            double |= dt.itemsize == (8 if dt.kind == 'f' else 16)
            cplx |= dt.kind == 'c'
        else:
            double = True
    if cplx:
        return 'complex128' if double else 'complex64'
    return 'float64' if double else 'float32'


def _solver_dtype(dt):
    if dt.name == 'float16':
        raise TypeError('array type float16 is unsupported in linalg')
    if dt.kind in 'fc':
        return dt
    return 'float64'


def cholesky(a, /, *, upper=False):
    """Lower (or upper) Cholesky factor; LinAlgError when not positive definite (unless
    cunp.errstate(linalg='ignore'))."""
    given = _cp().asarray(a)
    r = _core.linalg.cholesky(_prepare_square(given), bool(upper), _linalg_errstate.checked())
    # The factor comes back as a view of the library's column-major buffer; NumPy's is the
    # gufunc's layout (one copy, small beside the factorization).
    return _as_gufunc(given, r)[0]


def matrix_power(a, n):
    """a raised to the integer power n (negative n through inv), by repeated squaring."""
    cp = _cp()
    a = cp.asarray(a)
    _assert_stacked_2d(a)
    _assert_stacked_square(a)
    try:
        n = _operator.index(n)
    except TypeError as e:
        raise TypeError('exponent must be an integer') from e
    if n == 0:
        out = cp.empty_like(a)
        out[...] = cp.eye(a.shape[-2], dtype=a.dtype)
        return out
    if n < 0:
        a = inv(a)
        n = -n
    if n == 1:
        return a
    if n == 2:
        return cp.matmul(a, a)
    if n == 3:
        return cp.matmul(cp.matmul(a, a), a)
    z = result = None
    while n > 0:
        z = a if z is None else cp.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else cp.matmul(result, z)
    return result


def tensorinv(a, ind=2):
    """Inverse of a tensor under tensordot with `ind` leading axes."""
    cp = _cp()
    a = cp.asarray(a)
    oldshape = a.shape
    if ind <= 0:
        raise ValueError('Invalid ind argument.')
    invshape = oldshape[ind:] + oldshape[:ind]
    prod = 1
    for k in oldshape[ind:]:
        prod *= k
    ia = inv(a.reshape(prod, -1))
    return ia.reshape(*invshape)


def tensorsolve(a, b, axes=None):
    """x with tensordot(a, x, x.ndim) == b."""
    cp = _cp()
    a = cp.asarray(a)
    b = cp.asarray(b)
    an = a.ndim
    if axes is not None:
        allaxes = list(range(an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        a = a.transpose(allaxes)
    oldshape = a.shape[-(an - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if a.size != prod ** 2:
        raise _linalg_error('Input arrays must satisfy the requirement '
                          'prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])')
    res = solve(a.reshape(prod, prod), b.ravel())
    return res.reshape(oldshape)


# --- decompositions ---

def qr(a, mode='reduced'):
    """QR factorization: mode 'reduced', 'complete', 'r' or 'raw', as NumPy."""
    if mode not in ('reduced', 'complete', 'r', 'raw'):
        raise ValueError("Unrecognized mode '%s'" % (mode,))
    cp = _cp()
    given = cp.asarray(a)
    _assert_stacked_2d(given)  # NumPy checks the shape before the dtype
    a = _solver_array(given)
    from cunp.linalg import _qr_batched
    m, n = a.shape[-2:]
    if a.ndim > 2 and _qr_batched.use_batched(a.size // max(m * n, 1), m, n):
        # Many small matrices: batched Householder steps instead of a library call per matrix.
        out = _qr_batched.householder_qr(a, mode, _cp())
    else:
        out = _core.linalg.qr(a, mode)
    # NumPy's layouts (its gufuncs' and triu's), from the input as given.
    strides = _layout.qr_strides(given.shape, given.strides, given.itemsize, mode)
    if mode == 'r':
        return _relayout(cp, out[0], strides)
    out = [_relayout(cp, r, s) for r, s in zip(out, strides)]
    if mode == 'raw':
        return out[0], out[1]
    return QRResult(out[0], out[1])


def _uplo(UPLO):
    if UPLO not in ('L', 'U'):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO == 'L'


def eigh(a, UPLO='L'):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices."""
    lower = _uplo(UPLO)
    given = _cp().asarray(a)
    w, v = _core.linalg.eigh(_prepare_square(given), lower, vectors=True)
    return EighResult(*_as_gufunc(given, w, v))


def eigvalsh(a, UPLO='L'):
    lower = _uplo(UPLO)
    given = _cp().asarray(a)
    return _as_gufunc(given, _core.linalg.eigh(_prepare_square(given), lower, vectors=False)[0])[0]


def _eig_layout(given, results):
    """eig's and eigvals' results (complex, as NumPy 2.5's even where every eigenvalue is
    real) in the layouts NumPy's gufunc allocates."""
    strides = _layout.eig_strides(given.shape, given.strides, given.itemsize, len(results) == 2)
    return [_relayout(_cp(), r, st) for r, st in zip(results, strides)]


def eig(a):
    """Eigenvalues and right eigenvectors of general matrices (complex results)."""
    given = _cp().asarray(a)
    w, v = _core.linalg.eig(_prepare_square(given), vectors=True)
    return EigResult(*_eig_layout(given, (w, v)))


def eigvals(a):
    given = _cp().asarray(a)
    return _eig_layout(given, _core.linalg.eig(_prepare_square(given), vectors=False)[:1])[0]


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition. hermitian=True goes through eigh as NumPy does: s = |w|
    in descending order, u the matching eigenvectors, vh = (u * sign(w))^H, sign(0) = +1."""
    cp = _cp()
    given = cp.asarray(a)
    _assert_stacked_2d(given)  # NumPy checks the shape before the dtype
    if hermitian:
        _assert_stacked_square(given)  # NumPy's eigh: squareness too, before the dtype
    a = _solver_array(given)
    if hermitian:
        return _svd_hermitian(given, a, bool(compute_uv))
    out = _core.linalg.svd(a, bool(full_matrices), bool(compute_uv))
    # The gufunc's layouts: stack axes in the iterator order of the input as given.
    strides = _layout.svd_strides(given.shape, given.strides, given.itemsize,
                                  bool(full_matrices), bool(compute_uv))
    if not compute_uv:
        return _relayout(cp, out[0], strides)
    return SVDResult(*(_relayout(cp, r, s) for r, s in zip(out, strides)))


def _svd_hermitian(given, a, compute_uv):
    cp = _cp()
    _assert_stacked_square(a)
    res = _core.linalg.eigh(a, lower=True, vectors=compute_uv)
    w = res[0]
    # The order is found on the host: w is one vector per matrix, already synchronized by
    # eigh's convergence check. NumPy's own order: argsort of |w|, reversed.
    import numpy
    order = numpy.argsort(numpy.abs(cp.asnumpy(w)), axis=-1)[..., ::-1]
    idx = cp.asarray(numpy.ascontiguousarray(order))
    s = cp.take_along_axis(cp.abs(w), idx, axis=-1)
    strides = _layout.svd_hermitian_strides(given.shape, given.strides, given.itemsize,
                                            compute_uv)
    if not compute_uv:
        # NumPy's s here is sort(|w|)[..., ::-1]: a reversed view of a copy in eigvalsh's
        # layout.
        return _relayout(cp, s[..., ::-1], strides)[..., ::-1]
    # NumPy 2.5 gives a zero eigenvalue the sign +1 (vh's row is u's, not zeros).
    sgn = cp.take_along_axis(cp.where(w < 0, -1.0, 1.0), idx, axis=-1)
    u = cp.take_along_axis(res[1], idx[..., None, :], axis=-1)
    # Singular values carry no sign: it moves into vh's rows.
    vh = cp.swapaxes(u * sgn[..., None, :].astype(u.dtype), -1, -2)
    if vh.dtype.kind == 'c':
        vh = vh.conj()
    return SVDResult(*(_relayout(cp, r, st) for r, st in zip((u, s, vh), strides)))


def svdvals(x, /):
    return svd(x, compute_uv=False, hermitian=False)


def set_svd_driver(name):
    """Chooses the cuSOLVER routine that svd uses for matrices larger than 32x32: 'gesvdj'
    (Jacobi, the default) or 'gesvd' (QR iteration). Stacks of matrices up to 32x32 always
    take batched Jacobi. ValueError for any other name."""
    if not isinstance(name, str):
        raise TypeError("svd driver must be a str, not %s" % type(name).__name__)
    _core.linalg.set_svd_driver(name)


def get_svd_driver():
    """The cuSOLVER routine svd uses for matrices larger than 32x32 (see set_svd_driver)."""
    return _core.linalg.svd_driver()


def _eps(dtype):
    import numpy
    return float(numpy.finfo(numpy.dtype(str(dtype))).eps)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    cp = _cp()
    A = cp.asarray(A)
    if A.ndim < 2:
        return int(not bool((A == 0).all()))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * _eps(S.dtype)
        else:
            rtol = cp.asarray(rtol)[..., None]
        tol = S.max(axis=-1, keepdims=True, initial=0) * rtol  # initial: empty matrices
    else:
        tol = cp.asarray(tol)[..., None]
    return (S > tol).sum(axis=-1)


class _NoValue:
    pass


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    """Moore-Penrose pseudo-inverse through the SVD."""
    cp = _cp()
    given = cp.asarray(a)
    # NumPy's order: rcond from rtol (rtol=None reads the input's own eps, so integers and
    # 0-d input are a ValueError), the empty-matrix answer, then svd's checks (the shape, with
    # hermitian=True squareness, and only then the dtype).
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(given.shape[-2:]) * _eps(given.dtype)
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    rcond = cp.asarray(rcond)
    if given.size == 0 and _math.prod(given.shape[-2:]) == 0:
        m, n = given.shape[-2:]  # a 1-D input does not unpack: NumPy's ValueError
        return cp.empty(given.shape[:-2] + (n, m), dtype=given.dtype)  # the input's dtype
    # As NumPy: the SVD of a.conjugate(), which is `a` itself (not a cast copy) unless complex,
    # so that the SVD's layouts follow the input as given.
    u, s, vh = svd(given.conj() if given.dtype.kind == 'c' else given, full_matrices=False,
                   hermitian=hermitian)
    cutoff = rcond[..., None] * s.max(axis=-1, keepdims=True)
    large = s > cutoff
    s_inv = cp.where(large, 1 / cp.where(large, s, 1), 0).astype(s.dtype)
    return cp.matmul(cp.swapaxes(vh, -1, -2), s_inv[..., None] * cp.swapaxes(u, -1, -2))


def lstsq(a, b, rcond=None):
    """Least-squares solution of a @ x == b: (x, residuals, rank, s), as NumPy."""
    cp = _cp()
    a = cp.asarray(a)
    b = cp.asarray(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    _assert_stacked_2d(a)
    if a.ndim != 2:
        raise _linalg_error('%d-dimensional array given. Array must be two-dimensional' % a.ndim)
    m, n = a.shape[-2:]
    m2, k = b.shape[-2:]
    if m != m2:
        raise _linalg_error('Incompatible dimensions')
    dt = _common_type(a, b)
    a = a.astype(dt, copy=False)
    b = b.astype(dt, copy=False)
    real = str(cp.empty(0, dtype=dt).real.dtype)
    if rcond is None:
        rcond = _eps(real) * max(n, m)
    if m == 0 or n == 0:
        x = cp.zeros((n, k), dtype=dt)
        s = cp.empty((0,), dtype=real)
        resids = cp.zeros((k,), dtype=real) if m > n or n == 0 else cp.empty((0,), dtype=real)
        if m == 0 or n == 0:
            resids = (cp.abs(b) ** 2).sum(axis=0) if n == 0 else cp.empty((0,), dtype=real)
        rank = 0
    else:
        u, s, vh = svd(a, full_matrices=False)
        cutoff = rcond * s.max()
        large = s > cutoff
        rank = int(large.sum())
        s_inv = cp.where(large, 1 / cp.where(large, s, 1), 0).astype(real)
        uhb = cp.matmul(cp.swapaxes(u, -1, -2).conj(), b)
        x = cp.matmul(cp.swapaxes(vh, -1, -2).conj(), s_inv[:, None] * uhb)
        if rank == n and m > n:
            r = b - cp.matmul(a, x)
            resids = (cp.abs(r) ** 2).sum(axis=0).astype(real)
        else:
            resids = cp.empty((0,), dtype=real)
    if is_1d:
        x = x.reshape(x.shape[:-1])
    import numpy
    return x, resids, numpy.int32(rank), s


# --- norms and conditioning ---

def _inf():
    return float('inf')


def norm(x, ord=None, axis=None, keepdims=False):
    """Vector or matrix norm, as numpy.linalg.norm (every ord, axis, keepdims)."""
    cp = _cp()
    x = cp.asarray(x)
    if x.dtype.kind not in 'fc':
        x = x.astype('float64')
    inf = _inf()
    if axis is None:
        ndim = x.ndim
        if ord is None or (ord in ('f', 'fro') and ndim == 2) or (ord == 2 and ndim == 1):
            xr = x.ravel()
            sq = (xr.conj() * xr).real if x.dtype.kind == 'c' else xr * xr
            ret = cp.sqrt(sq.sum())
            if keepdims:
                ret = ret.reshape(ndim * [1])
            return ret
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception as e:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from e
        axis = (axis,)

    if len(axis) == 1:
        if ord == inf:
            return cp.abs(x).max(axis=axis, keepdims=keepdims)
        if ord == -inf:
            return cp.abs(x).min(axis=axis, keepdims=keepdims)
        if ord == 0:
            return (x != 0).astype(x.real.dtype).sum(axis=axis, keepdims=keepdims)
        if ord == 1:
            return cp.abs(x).sum(axis=axis, keepdims=keepdims)
        if ord is None or ord == 2:
            s = (x.conj() * x).real
            return cp.sqrt(s.sum(axis=axis, keepdims=keepdims))
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        absx = cp.abs(x)
        absx = absx ** ord
        ret = absx.sum(axis=axis, keepdims=keepdims)
        return ret ** (1.0 / ord)
    if len(axis) == 2:
        row_axis, col_axis = axis
        row_axis = _core.axes.normalize_axis(row_axis, nd)
        col_axis = _core.axes.normalize_axis(col_axis, nd)
        if row_axis == col_axis:
            raise ValueError('Duplicate axes given.')
        if ord == 2:
            ret = _multi_svd_norm(x, row_axis, col_axis, 'max', initial=0)
        elif ord == -2:
            ret = _multi_svd_norm(x, row_axis, col_axis, 'min')
        elif ord == 1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = cp.abs(x).sum(axis=row_axis).max(axis=col_axis, initial=0)
        elif ord == inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = cp.abs(x).sum(axis=col_axis).max(axis=row_axis, initial=0)
        elif ord == -1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = cp.abs(x).sum(axis=row_axis).min(axis=col_axis)
        elif ord == -inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = cp.abs(x).sum(axis=col_axis).min(axis=row_axis)
        elif ord in (None, 'fro', 'f'):
            ret = cp.sqrt((x.conj() * x).real.sum(axis=axis))
        elif ord == 'nuc':
            ret = _multi_svd_norm(x, row_axis, col_axis, 'sum')
        else:
            raise ValueError('Invalid norm order for matrices.')
        if keepdims:
            ret_shape = list(x.shape)
            ret_shape[axis[0]] = 1
            ret_shape[axis[1]] = 1
            ret = ret.reshape(ret_shape)
        return ret
    raise ValueError('Improper number of dimensions to norm.')


def _multi_svd_norm(x, row_axis, col_axis, op, **reduce_kwargs):
    # NumPy gives the proper norms (ord 2, 1, inf) of empty matrices as 0 through initial=0;
    # the negative orders still raise there, as min() has no identity.
    cp = _cp()
    y = cp.moveaxis(x, (row_axis, col_axis), (-2, -1))
    s = svd(y, compute_uv=False)
    return getattr(s, op)(axis=-1, **reduce_kwargs)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    cp = _cp()
    x = cp.asarray(x)
    shape = list(x.shape)
    if axis is None:
        x = x.ravel()
        _axis = 0
    elif isinstance(axis, tuple):
        norm_axes = tuple(_core.axes.normalize_axis(i, x.ndim) for i in axis)
        rest = tuple(i for i in range(x.ndim) if i not in norm_axes)
        newshape = norm_axes + rest
        size = 1
        for i in norm_axes:
            size *= x.shape[i]
        x = x.transpose(newshape).reshape(size, *[x.shape[i] for i in rest])
        _axis = 0
    else:
        _axis = axis
    res = norm(x, axis=_axis, ord=ord)
    if keepdims:
        axes = range(len(shape)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
        for i in axes:
            shape[_core.axes.normalize_axis(i, len(shape))] = 1
        res = res.reshape(tuple(shape))
    return res


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    # No shape check of its own: as NumPy, axis=(-2, -1) raises AxisError below 2 dimensions.
    x = _cp().asarray(x)
    return norm(x, axis=(-2, -1), keepdims=keepdims, ord=ord)


def cond(x, p=None):
    """Condition number in norm p (None/2/-2 through the SVD, others through inv)."""
    cp = _cp()
    x = cp.asarray(x)
    if x.ndim >= 2 and (x.shape[-1] == 0 or x.shape[-2] == 0):
        raise _linalg_error('cond is not defined on empty arrays')
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        if p == -2:
            r = s[..., -1] / s[..., 0]
        else:
            r = s[..., 0] / s[..., -1]
    else:
        x = _prepare_square(x)
        invx = _core.linalg.inv(x, check=False)
        r = norm(x, p, axis=(-2, -1)) * norm(invx, p, axis=(-2, -1))
    # NaN (a singular matrix: 0/0 or inf * 0) becomes inf unless x itself held NaNs, for every
    # p, as NumPy; r keeps its layout.
    nan = cp.isnan(r)
    if bool(nan.any()):
        nan &= ~cp.isnan(x).any(axis=(-2, -1))
        cp.copyto(r, _inf(), where=nan)
    return r
