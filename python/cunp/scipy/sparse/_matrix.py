"""spmatrix: the matrix API's marker, where `*` is the matrix product and `**` the matrix power
(as for numpy.matrix)."""

import numpy

from ._sputils import isscalarlike

__all__ = ["spmatrix"]


class spmatrix:
    """Sparse matrix classes derive from this first, so its operators take precedence."""

    def __mul__(self, other):
        return self._matmul_dispatch(other)

    def __rmul__(self, other):
        if isscalarlike(other):
            return self._mul_scalar(other)
        return self.__rmatmul__(other)

    def __pow__(self, other):
        # The matrix API's ** is the matrix power (numpy.matrix's meaning).
        from .linalg._matfuncs import matrix_power

        return matrix_power(self, other)

    def getformat(self):
        return self.format

    def get_shape(self):
        return self.shape

    def getH(self):
        return self.conjugate().transpose()

    def asfptype(self):
        for t in "fdFD":
            if numpy.can_cast(self.dtype, t):
                return self.astype(t)
        raise ValueError(f"cannot upcast [{self.dtype.name}] to a floating point format")
