"""The iterative solvers of cunp.scipy.sparse.linalg."""

from ._gmres import gmres
from ._iterative import bicg, bicgstab, cg, cgs
from ._lgmres import lgmres
from ._lsmr import lsmr
from ._lsqr import lsqr
from ._minres import minres
from ._qmr import qmr
from ._tfqmr import tfqmr

__all__ = ["bicg", "bicgstab", "cg", "cgs", "gmres", "lgmres", "lsmr", "lsqr", "minres", "qmr", "tfqmr"]
