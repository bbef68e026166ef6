"""The array module the sparse classes compute with (cunp), the host copy, and whether the
products can go to cuSPARSE. The one place that names cunp's array module, so the tests can
run the same logic on NumPy where no GPU is present (as cunp.scipy.fft's do)."""

import numpy

import cunp as _cunp

xp = _cunp


def to_host(a):
    """A NumPy copy of a device array; anything else through numpy.asarray."""
    if isinstance(a, _cunp.ndarray):
        return _cunp.asnumpy(a)
    return numpy.asarray(a)


def is_device_array(a):
    return isinstance(a, _cunp.ndarray)


def cusparse_matmul():
    """_core.sparse.matmul where cuSPARSE loads, else None (the products are composed from the
    array engines instead). Off for now: the generic SpMV/SpMM calls crash the process on the
    GPU machine (a host-side fault inside the library, not yet explained), and the composed
    products give the same results."""
    return None
