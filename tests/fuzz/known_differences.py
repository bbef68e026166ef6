"""Inputs where cunp differs from NumPy on purpose (docs/differences.md): the fuzz tests leave
them out with hypothesis.assume, so that what fails is news."""
import numpy

POWER = {'power', 'pow'}


def _is_int(x):
    return numpy.asarray(x).dtype.kind in 'biu' and not isinstance(x, (float, complex))


def integer_power_negative_exponent(name, base, exponent):
    """Integer power with a negative exponent: 0 in cunp, ValueError in NumPy."""
    if name not in POWER or not (_is_int(base) and _is_int(exponent)):
        return False
    return bool(numpy.any(numpy.asarray(exponent) < 0))


def unrepresentable_cast(a, dtype):
    """Float to integer casts of NaN, inf or out-of-range values: platform-defined."""
    dtype = numpy.dtype(dtype)
    if a.dtype.kind not in 'fc' or dtype.kind not in 'iu':
        return False
    values = numpy.real(a) if a.dtype.kind == 'c' else a
    info = numpy.iinfo(dtype)
    with numpy.errstate(all='ignore'):
        return bool(not numpy.isfinite(values).all() or (values < info.min).any() or
                    (values > info.max).any())


def fft_not_finite(arrays):
    """FFT inputs holding inf or NaN, or values so large that the transform's sums may
    overflow: cuFFT's order of operations leaves other inf/NaN patterns than pocketfft's
    (docs/differences.md, `fft` of non-finite values)."""
    for a in arrays:
        a = numpy.asarray(a)
        if a.dtype.kind not in 'fc' or not a.size:
            continue
        with numpy.errstate(all='ignore'):
            if not numpy.isfinite(a).all():
                return True
            work = numpy.float32 if a.dtype.char in 'efF' else numpy.float64
            if float(numpy.abs(a).max()) * a.size >= float(numpy.finfo(work).max) / 4:
                return True
    return False
