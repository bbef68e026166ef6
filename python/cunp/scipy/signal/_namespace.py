"""The array namespace a function of cunp.scipy.signal runs on: cunp for the public functions,
NumPy in the CPU tests (the compositions are written once, over `xp`)."""
import numpy as np


def to_host(xp, a):
    """a as a NumPy array (one device-to-host copy for cunp arrays): for the small coefficient
    arrays whose values steer the host's work."""
    if xp is np or not hasattr(xp, "asnumpy"):
        return np.asarray(a)
    if isinstance(a, xp.ndarray):
        return xp.asnumpy(a)
    return np.asarray(a)


def float_dtype(*dtypes):
    """The floating or complex dtype a filter or transform computes in: the promoted dtype,
    with integers and bool in float64 and float16 in float32, as SciPy's routines do."""
    dtype = np.result_type(*dtypes)
    if dtype.kind in "biu":
        return np.dtype(np.float64)
    if dtype == np.float16:
        return np.dtype(np.float32)
    return dtype
