# python/cunp/_math/_reductions.py -- the public reduction names: sum, prod, max/amax, min/amin,
# argmax, argmin, all, any (bound in C++ with their ndarray methods) and ReductionKernel.
"""Reductions: sum, prod, max, min, argmax, argmin, all, any; ufunc.reduce; ReductionKernel."""
from cunp import _core
from cunp._kernels._reduction_kernel import ReductionKernel

sum = _core.sum  # noqa: A001 - NumPy's names
prod = _core.prod
amax = _core.amax
amin = _core.amin
max = _core.max  # noqa: A001
min = _core.min  # noqa: A001
argmax = _core.argmax
argmin = _core.argmin
all = _core.all  # noqa: A001
any = _core.any  # noqa: A001

__all__ = [
    "sum", "prod", "amax", "amin", "max", "min", "argmax", "argmin", "all", "any",
    "ReductionKernel",
]
