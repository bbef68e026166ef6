# python/cunp/linalg/_qr_batched.py -- QR of stacks of small matrices: LAPACK's Householder
# algorithm column by column, each step one set of batched array operations on the whole stack.
"""qr for many small matrices at once. cuSOLVER's geqrf/orgqr take one matrix per call, so a
stack of 10,000 8x8 matrices costs 20,000 library calls; here each of the min(M, N) columns is
a handful of batched operations on the whole stack (norms, the reflector, one batched product
to apply it), and Q is accumulated from the reflectors the same way.

The reflectors follow LAPACK's geqrf conventions (beta = -sign(Re alpha) * norm, tau =
(beta - alpha) / beta, v = x / (alpha - beta) with v[0] = 1, H = I - tau v v^H; tau = 0 when
there is nothing to reflect), so mode='raw' gives NumPy's (h, tau) up to rounding.

Everything is written against an array namespace `xp` (cunp, or NumPy for the CPU tests)."""

__all__ = []


def use_batched(count, m, n):
    """Whether a stack of `count` (m, n) matrices goes this way: many small matrices, where a
    library call per matrix costs more than ~20 launches per column."""
    if count < 2 or m == 0 or n == 0:
        return False
    k = min(m, n)
    return max(m, n) <= 64 and count >= 2 * k


def _vector(xp, head, tail):
    """[head, *tail] along the last axis (head a scalar 1)."""
    v = xp.empty(tail.shape[:-1] + (tail.shape[-1] + 1,), dtype=tail.dtype)
    v[..., 0] = head
    v[..., 1:] = tail
    return v


def _factor(a, xp):
    """(A, tau): A holds R on and above the diagonal and the reflectors below, as geqrf."""
    m, n = a.shape[-2:]
    k = min(m, n)
    is_complex = a.dtype.kind == 'c'
    A = a.copy()
    tau = xp.zeros(a.shape[:-2] + (k,), dtype=a.dtype)
    for j in range(k):
        alpha = A[..., j, j].copy()
        tail = A[..., j + 1:, j].copy()
        if is_complex:
            ar, ai = alpha.real, alpha.imag
            xnorm2 = (tail.real * tail.real + tail.imag * tail.imag).sum(axis=-1)
            trivial = (xnorm2 == 0) & (ai == 0)
            norm = xp.sqrt(ar * ar + ai * ai + xnorm2)
        else:
            ar = alpha
            xnorm2 = (tail * tail).sum(axis=-1)
            trivial = xnorm2 == 0
            norm = xp.sqrt(ar * ar + xnorm2)
        beta = -xp.copysign(norm, ar)
        one = xp.ones_like(alpha)
        # Nothing to reflect: H = I (tau = 0), the column left as it is.
        beta_c = beta.astype(a.dtype) if is_complex else beta
        t = xp.where(trivial, xp.zeros_like(alpha), (beta_c - alpha) / xp.where(trivial, one,
                                                                                 beta_c))
        scale = xp.where(trivial, one, alpha - beta_c)
        v_tail = tail / scale[..., None]
        if j + 1 < n:
            # Apply H^H = I - conj(tau) v v^H to the columns right of j (geqr2's update).
            v = _vector(xp, 1, v_tail)
            C = A[..., j:, j + 1:]
            w = xp.matmul(v.conj()[..., None, :], C)
            A[..., j:, j + 1:] = C - (t.conj()[..., None, None] * v[..., :, None]) * w
        A[..., j, j] = xp.where(trivial, alpha, beta_c)
        A[..., j + 1:, j] = v_tail
        tau[..., j] = t
    return A, tau


def _form_q(A, tau, cols, xp):
    """The first `cols` columns of Q = H(0) H(1) ... H(k-1), accumulated from the last."""
    m = A.shape[-2]
    k = tau.shape[-1]
    rows = xp.arange(m)[:, None]
    eye = (rows == xp.arange(cols)[None, :]).astype(A.dtype)
    Q = xp.zeros(A.shape[:-2] + (m, cols), dtype=A.dtype) + eye
    for j in range(k - 1, -1, -1):
        v = _vector(xp, 1, A[..., j + 1:, j])
        sub = Q[..., j:, :]
        w = xp.matmul(v.conj()[..., None, :], sub)
        Q[..., j:, :] = sub - (tau[..., j][..., None, None] * v[..., :, None]) * w
    return Q


def householder_qr(a, mode, xp):
    """NumPy's qr of a stack (..., M, N) in a solver dtype, by mode: 'reduced' [Q, R],
    'complete' [Q, R], 'r' [R], 'raw' [h, tau] (h of shape (..., N, M) as NumPy gives it)."""
    m, n = a.shape[-2:]
    k = min(m, n)
    A, tau = _factor(a, xp)
    if mode == 'raw':
        return [xp.swapaxes(A, -1, -2).copy(), tau]
    rows = m if mode == 'complete' else k
    upper = xp.arange(rows)[:, None] <= xp.arange(n)[None, :]
    r = xp.where(upper, A[..., :rows, :], xp.zeros((), dtype=A.dtype))
    if mode == 'r':
        return [r]
    return [_form_q(A, tau, m if mode == 'complete' else k, xp), r]
