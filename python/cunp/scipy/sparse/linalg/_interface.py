"""LinearOperator: a matrix known only by its products (SciPy's abstract interface), with its
algebra (sums, products, scalar multiples, powers, transposes, adjoints) and
aslinearoperator. The products run on whatever arrays the operands give (cunp on the GPU;
NumPy where the tests swap the backend), so the algebra itself never moves data."""

import numbers

import numpy

from .. import _backend
from .._base import issparse

__all__ = ["LinearOperator", "aslinearoperator", "MatrixLinearOperator", "IdentityOperator"]


def _is_array(x):
    return _backend.is_device_array(x) or isinstance(x, numpy.ndarray)


def _as_array(x):
    """x as an array of the backend: device arrays stay, host arrays and lists are copied."""
    if _backend.is_device_array(x) or isinstance(x, _backend.xp.ndarray):
        return x
    return _backend.xp.asarray(x)


def _is_scalar(x):
    return isinstance(x, numbers.Number) or (numpy.isscalar(x) and not isinstance(x, str)) \
        or (_is_array(x) and x.ndim == 0)


class LinearOperator:
    """An M x N operator given by matvec (and optionally rmatvec, matmat, rmatmat, dtype).

    Subclasses define _matvec or _matmat (and _rmatvec/_rmatmat for the adjoint); calling
    LinearOperator(shape, matvec, ...) itself builds one from functions, as in SciPy."""

    ndim = 2
    # Below a NumPy/cunp array's priority handling: `x @ op` reaches __rmatmul__.
    __array_ufunc__ = None

    def __new__(cls, *args, **kwargs):
        if cls is LinearOperator:
            return super().__new__(_CustomLinearOperator)
        obj = super().__new__(cls)
        if type(obj)._matvec == LinearOperator._matvec \
                and type(obj)._matmat == LinearOperator._matmat:
            raise TypeError("LinearOperator subclass should implement at least one of "
                            "_matvec and _matmat.")
        return obj

    def __init__(self, dtype, shape):
        if dtype is not None:
            dtype = numpy.dtype(dtype)
        shape = tuple(shape)
        if len(shape) != 2 or not all(isinstance(s, (numbers.Integral, numpy.integer))
                                      and s >= 0 for s in shape):
            raise ValueError(f"invalid shape {shape!r} (must be 2-d)")
        self.dtype = dtype
        self.shape = (int(shape[0]), int(shape[1]))

    def _init_dtype(self):
        """The dtype of a product with a float64 vector, where none was given."""
        if self.dtype is None:
            self.dtype = self.matvec(_backend.xp.zeros(self.shape[-1])).dtype

    # --- the defaults: a matrix product column by column, a vector product as a matrix ---
    def _matmat(self, X):
        xp = _backend.xp
        cols = [self.matvec(X[:, j]).reshape(-1, 1) for j in range(X.shape[1])]
        return xp.hstack(cols) if cols else xp.zeros((self.shape[0], 0), self.dtype)

    def _matvec(self, x):
        return self.matmat(x.reshape(-1, 1))

    def _rmatvec(self, x):
        if type(self)._adjoint == LinearOperator._adjoint:
            raise NotImplementedError("rmatvec is not defined")
        return self.H.matvec(x)

    def _rmatmat(self, X):
        xp = _backend.xp
        if type(self)._adjoint == LinearOperator._adjoint:
            cols = [self.rmatvec(X[:, j]).reshape(-1, 1) for j in range(X.shape[1])]
            return xp.hstack(cols) if cols else xp.zeros((self.shape[1], 0), self.dtype)
        return self.H.matmat(X)

    # --- public products, with SciPy's shape checks ---
    def matvec(self, x):
        x = _as_array(x)
        M, N = self.shape
        if x.shape != (N,) and x.shape != (N, 1):
            raise ValueError("dimension mismatch")
        y = self._matvec(x)
        if x.ndim == 1:
            y = y.reshape(M)
        elif x.ndim == 2:
            y = y.reshape(M, 1)
        else:
            raise ValueError("invalid shape returned by user-defined matvec()")
        return y

    def rmatvec(self, x):
        x = _as_array(x)
        M, N = self.shape
        if x.shape != (M,) and x.shape != (M, 1):
            raise ValueError("dimension mismatch")
        y = self._rmatvec(x)
        if x.ndim == 1:
            y = y.reshape(N)
        elif x.ndim == 2:
            y = y.reshape(N, 1)
        else:
            raise ValueError("invalid shape returned by user-defined rmatvec()")
        return y

    def matmat(self, X):
        X = _as_array(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[1]:
            raise ValueError(f"dimension mismatch: {self.shape}, {X.shape}")
        return self._matmat(X)

    def rmatmat(self, X):
        X = _as_array(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[0]:
            raise ValueError(f"dimension mismatch: {self.shape}, {X.shape}")
        return self._rmatmat(X)

    def __call__(self, x):
        return self * x

    def __mul__(self, x):
        return self.dot(x)

    def __truediv__(self, other):
        if not _is_scalar(other):
            raise ValueError("Can only divide a linear operator by a scalar.")
        return _ScaledLinearOperator(self, 1.0 / other)

    def dot(self, x):
        """Operator @ operator, operator * scalar, or the product with a 1-D or 2-D array."""
        if isinstance(x, LinearOperator):
            return _ProductLinearOperator(self, x)
        if _is_scalar(x):
            return _ScaledLinearOperator(self, x)
        if issparse(x):
            raise TypeError("a sparse operand: wrap it with aslinearoperator() first")
        x = _as_array(x)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[1] == 1):
            return self.matvec(x)
        if x.ndim == 2:
            return self.matmat(x)
        raise ValueError(f"expected 1-d or 2-d array or matrix, got {x!r}")

    def __matmul__(self, other):
        if _is_scalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.__mul__(other)

    def __rmatmul__(self, other):
        if _is_scalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.__rmul__(other)

    def __rmul__(self, x):
        if _is_scalar(x):
            return _ScaledLinearOperator(self, x)
        return self._rdot(x)

    def _rdot(self, x):
        """x @ self for an operator or a 1-D or 2-D array x: (self^T x^T)^T."""
        if isinstance(x, LinearOperator):
            return _ProductLinearOperator(x, self)
        if _is_scalar(x):
            return _ScaledLinearOperator(self, x)
        x = _as_array(x)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[0] == 1):
            return self.T.matvec(x.T).T
        if x.ndim == 2:
            return self.T.matmat(x.T).T
        raise ValueError(f"expected 1-d or 2-d array or matrix, got {x!r}")

    def __pow__(self, p):
        if _is_scalar(p):
            return _PowerLinearOperator(self, p)
        return NotImplemented

    def __add__(self, x):
        if isinstance(x, LinearOperator):
            return _SumLinearOperator(self, x)
        return NotImplemented

    def __neg__(self):
        return _ScaledLinearOperator(self, -1)

    def __sub__(self, x):
        return self.__add__(-x)

    def __repr__(self):
        dt = "unspecified dtype" if self.dtype is None else "dtype=" + str(self.dtype)
        return f"<{self.shape[0]}x{self.shape[1]} {self.__class__.__name__} with {dt}>"

    def adjoint(self):
        """The Hermitian adjoint A^H (the conjugate transpose), lazily."""
        return self._adjoint()

    H = property(adjoint)

    def transpose(self):
        """The transpose A^T, lazily."""
        return self._transpose()

    T = property(transpose)

    def _adjoint(self):
        return _AdjointLinearOperator(self)

    def _transpose(self):
        return _TransposedLinearOperator(self)


class _CustomLinearOperator(LinearOperator):
    """An operator from user functions."""

    def __init__(self, shape, matvec, rmatvec=None, matmat=None, dtype=None, rmatmat=None):
        super().__init__(dtype, shape)
        self.args = ()
        self.__matvec_impl = matvec
        self.__rmatvec_impl = rmatvec
        self.__rmatmat_impl = rmatmat
        self.__matmat_impl = matmat
        self._init_dtype()

    def _matmat(self, X):
        if self.__matmat_impl is not None:
            return self.__matmat_impl(X)
        return super()._matmat(X)

    def _matvec(self, x):
        return self.__matvec_impl(x)

    def _rmatvec(self, x):
        if self.__rmatvec_impl is None:
            raise NotImplementedError("rmatvec is not defined")
        return self.__rmatvec_impl(x)

    def _rmatmat(self, X):
        if self.__rmatmat_impl is not None:
            return self.__rmatmat_impl(X)
        return super()._rmatmat(X)

    def _adjoint(self):
        return _CustomLinearOperator(shape=(self.shape[1], self.shape[0]),
                                     matvec=self.__rmatvec_impl, rmatvec=self.__matvec_impl,
                                     matmat=self.__rmatmat_impl, rmatmat=self.__matmat_impl,
                                     dtype=self.dtype)


class _AdjointLinearOperator(LinearOperator):
    """A^H of an operator, through its rmatvec/rmatmat."""

    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return self.A._rmatvec(x)

    def _rmatvec(self, x):
        return self.A._matvec(x)

    def _matmat(self, X):
        return self.A._rmatmat(X)

    def _rmatmat(self, X):
        return self.A._matmat(X)


class _TransposedLinearOperator(LinearOperator):
    """A^T = conj(A^H): products through rmatvec of the conjugated operand."""

    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return self.A._rmatvec(x.conj()).conj()

    def _rmatvec(self, x):
        return self.A._matvec(x.conj()).conj()

    def _matmat(self, X):
        return self.A._rmatmat(X.conj()).conj()

    def _rmatmat(self, X):
        return self.A._matmat(X.conj()).conj()


def _get_dtype(operators, dtypes=None):
    dtypes = list(dtypes or [])
    dtypes += [op.dtype for op in operators if op is not None and op.dtype is not None]
    return numpy.result_type(*dtypes) if dtypes else None


class _SumLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if not isinstance(A, LinearOperator) or not isinstance(B, LinearOperator):
            raise ValueError("both operands have to be a LinearOperator")
        if A.shape != B.shape:
            raise ValueError(f"cannot add {A} and {B}: shape mismatch")
        self.args = (A, B)
        super().__init__(_get_dtype([A, B]), A.shape)

    def _matvec(self, x):
        return self.args[0].matvec(x) + self.args[1].matvec(x)

    def _rmatvec(self, x):
        return self.args[0].rmatvec(x) + self.args[1].rmatvec(x)

    def _matmat(self, X):
        return self.args[0].matmat(X) + self.args[1].matmat(X)

    def _rmatmat(self, X):
        return self.args[0].rmatmat(X) + self.args[1].rmatmat(X)

    def _adjoint(self):
        A, B = self.args
        return A.H + B.H


class _ProductLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if not isinstance(A, LinearOperator) or not isinstance(B, LinearOperator):
            raise ValueError("both operands have to be a LinearOperator")
        if A.shape[1] != B.shape[0]:
            raise ValueError(f"cannot multiply {A} and {B}: shape mismatch")
        super().__init__(_get_dtype([A, B]), (A.shape[0], B.shape[1]))
        self.args = (A, B)

    def _matvec(self, x):
        return self.args[0].matvec(self.args[1].matvec(x))

    def _rmatvec(self, x):
        return self.args[1].rmatvec(self.args[0].rmatvec(x))

    def _matmat(self, X):
        return self.args[0].matmat(self.args[1].matmat(X))

    def _rmatmat(self, X):
        return self.args[1].rmatmat(self.args[0].rmatmat(X))

    def _adjoint(self):
        A, B = self.args
        return B.H * A.H


class _ScaledLinearOperator(LinearOperator):
    def __init__(self, A, alpha):
        if not isinstance(A, LinearOperator):
            raise ValueError("LinearOperator expected as A")
        if not _is_scalar(alpha):
            raise ValueError("scalar expected as alpha")
        if isinstance(A, _ScaledLinearOperator):
            # A scaled scaled operator folds its factors (one multiply per product).
            A, alpha = A.args[0], A.args[1] * alpha
        if _is_array(alpha):
            alpha = alpha.item()
        super().__init__(_get_dtype([A], [numpy.result_type(A.dtype or "f8", alpha)]),
                         A.shape)
        self.args = (A, alpha)

    def _matvec(self, x):
        return self.args[1] * self.args[0].matvec(x)

    def _rmatvec(self, x):
        return numpy.conj(self.args[1]) * self.args[0].rmatvec(x)

    def _rmatmat(self, X):
        return numpy.conj(self.args[1]) * self.args[0].rmatmat(X)

    def _matmat(self, X):
        return self.args[1] * self.args[0].matmat(X)

    def _adjoint(self):
        A, alpha = self.args
        return A.H * numpy.conj(alpha)


class _PowerLinearOperator(LinearOperator):
    def __init__(self, A, p):
        if not isinstance(A, LinearOperator):
            raise ValueError("LinearOperator expected as A")
        if A.shape[0] != A.shape[1]:
            raise ValueError(f"square LinearOperator expected, got {A!r}")
        if not isinstance(p, (numbers.Integral, numpy.integer)) or p < 0:
            raise ValueError("non-negative integer expected as p")
        super().__init__(_get_dtype([A]), A.shape)
        self.args = (A, int(p))

    def _power(self, fun, x):
        res = x.copy()
        for _ in range(self.args[1]):
            res = fun(res)
        return res

    def _matvec(self, x):
        return self._power(self.args[0].matvec, x)

    def _rmatvec(self, x):
        return self._power(self.args[0].rmatvec, x)

    def _rmatmat(self, X):
        return self._power(self.args[0].rmatmat, X)

    def _matmat(self, X):
        return self._power(self.args[0].matmat, X)

    def _adjoint(self):
        A, p = self.args
        return A.H ** p


class MatrixLinearOperator(LinearOperator):
    """A dense array or sparse matrix seen as an operator: products are A @ X."""

    def __init__(self, A):
        super().__init__(A.dtype, A.shape)
        self.A = A
        self.__adj = None
        self.args = (A,)

    def _matmat(self, X):
        return self.A @ X

    def _matvec(self, x):
        return self.A @ x

    def _adjoint(self):
        if self.__adj is None:
            self.__adj = _AdjointMatrixOperator(self.A)
        return self.__adj


class _AdjointMatrixOperator(MatrixLinearOperator):
    def __init__(self, adjoint_array):
        A = adjoint_array.T.conj()
        super().__init__(A)
        self.shape = (adjoint_array.shape[1], adjoint_array.shape[0])

    def _adjoint(self):
        return MatrixLinearOperator(self.A.T.conj())


class IdentityOperator(LinearOperator):
    def __init__(self, shape, dtype=None):
        super().__init__(dtype, shape)

    def _matvec(self, x):
        return x

    def _rmatvec(self, x):
        return x

    def _rmatmat(self, X):
        return X

    def _matmat(self, X):
        return X

    def _adjoint(self):
        return self


def aslinearoperator(A):
    """A as a LinearOperator: operators unchanged, dense arrays (cunp or NumPy, at most 2-D)
    and sparse matrices wrapped, objects with shape and matvec (and optionally rmatvec,
    rmatmat, dtype) adapted. TypeError for anything else."""
    if isinstance(A, LinearOperator):
        return A
    if _is_array(A):
        if A.ndim > 2:
            raise ValueError("array must have ndim <= 2")
        A = _as_array(A)
        if A.ndim < 2:
            # numpy.atleast_2d's shapes, as SciPy: a vector is one row.
            A = A.reshape(1, -1)
        return MatrixLinearOperator(A)
    if issparse(A):
        return MatrixLinearOperator(A)
    if hasattr(A, "shape") and hasattr(A, "matvec"):
        return LinearOperator(A.shape, A.matvec, rmatvec=getattr(A, "rmatvec", None),
                              rmatmat=getattr(A, "rmatmat", None),
                              dtype=getattr(A, "dtype", None))
    raise TypeError("type not understood")
