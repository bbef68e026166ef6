"""The array module the sparse classes compute with (cunp), the host copy, and whether the
products can go to cuSPARSE (and the switch that keeps them off it). The one place that names
cunp's array module, so the tests can run the same logic on NumPy where no GPU is present (as
cunp.scipy.fft's do)."""

import os

import numpy

import cunp as _cunp
from cunp import _core

xp = _cunp


def to_host(a):
    """A NumPy copy of a device array; anything else through numpy.asarray."""
    if isinstance(a, _cunp.ndarray):
        return _cunp.asnumpy(a)
    return numpy.asarray(a)


def is_device_array(a):
    return isinstance(a, _cunp.ndarray)


# CUNP_SPARSE_COMPOSED=1 (read at import) or setting this flag sends every sparse @ dense
# product down the composed path: the tests compare the two routes, and a user can step
# around a library fault without a new release.
composed_only = os.environ.get("CUNP_SPARSE_COMPOSED", "0") not in ("", "0")


def cusparse_matmul():
    """_core.sparse.matmul where cuSPARSE loads and the composed path is not forced, else None
    (the products are then composed from the array engines). Only for cunp arrays: the NumPy
    backend of the CPU tests has no device to hand to the library."""
    if composed_only or xp is not _cunp or not _core.sparse.available():
        return None
    return _core.sparse.matmul


def line_kernels():
    """_core.sparse where the per-line kernels run (cunp arrays: they need no library), else
    None (the NumPy backend of the CPU tests runs _lines.py's model of them)."""
    if xp is not _cunp:
        return None
    return _core.sparse


def cusparse_spgemm():
    """_core.sparse.spgemm where cuSPARSE runs sparse @ sparse (as cusparse_matmul decides for
    sparse @ dense), else None."""
    if cusparse_matmul() is None:
        return None
    return _core.sparse.spgemm
