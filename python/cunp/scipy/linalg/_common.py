"""What cunp.scipy.linalg's functions share: SciPy's input checks and working dtypes."""
import numpy

import cunp as cp


def asarray_validated(a, check_finite, name="a"):
    """a as a cunp array; ValueError as SciPy's when check_finite and a holds NaN or inf
    (one device-to-host read)."""
    a = cp.asarray(a)
    if a.dtype.kind == "O":
        raise ValueError("object arrays are not supported")
    if check_finite and a.size and a.dtype.kind in "fc" and not bool(cp.isfinite(a).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def working_dtype(*dtypes):
    """LAPACK's dtype for the inputs: float32/complex64 stay single, everything else
    (integers, bool, float16 promoted up) becomes float64/complex128."""
    dt = numpy.result_type(*dtypes)
    if dt.kind == "c":
        return numpy.dtype(numpy.complex64 if dt == numpy.complex64 else numpy.complex128)
    if dt == numpy.float32 or dt == numpy.float16:
        return numpy.dtype(numpy.float32)
    return numpy.dtype(numpy.float64)


def require_square(a, name="a"):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"expected square matrix, got {name} with shape {a.shape}")
