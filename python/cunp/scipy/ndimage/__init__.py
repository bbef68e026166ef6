"""cunp.scipy.ndimage: scipy.ndimage on cunp arrays (SciPy is the spec).

The filters run on one stencil engine (cunp/ops/ndimage/stencil.hpp, device code in
src/device/ndimage/): each output element folds the values its footprint's taps read through
SciPy's boundary modes. So far: the linear filters (correlate, convolve and their 1-D forms,
the Gaussian family, uniform, sobel, prewitt, laplace) and the order filters (minimum, maximum,
median, rank, percentile). Interpolation (map_coordinates, affine_transform, shift, zoom,
rotate; orders 0 to 5 over every mode) runs on a sampler that reads B-spline coefficients from
the prefilter (spline_filter, spline_filter1d). Morphology: binary erosion, dilation, opening,
closing, hit-or-miss, propagation and hole filling, and the grey operations (erosion, dilation,
opening, closing, gradient, Laplace, top-hats) on the stencil. Complex data go through the
linear filters and interpolation as SciPy splits them (real and imaginary parts); morphology
refuses complex input, as SciPy does. Measurements (label, find_objects, value_indices and the
per-region statistics) and the Fourier-domain filters are compositions of array operations
(sort, unique, bincount, cumsum, ufunc.at, elementwise kernels). The exact Euclidean distance
transform is a kernel per axis, a thread a line building the lower envelope of parabolas
(O(n) a line). The generic filters take device
code in CuPy's forms (generic_filter: a ReductionKernel or a RawKernel; generic_filter1d: a
RawKernel), not Python functions; generic_laplace and generic_gradient_magnitude call Python
derivative functions, as SciPy's do.
"""
import inspect

from cunp.scipy.ndimage import (_distance, _filters, _fourier, _generic, _interpolation,
                                 _measurements, _morphology)
from cunp.scipy.ndimage._ni_support import cunp_backend

_PUBLIC = (_filters.FILTERS + _generic.GENERIC + _interpolation.INTERPOLATION + _morphology.MORPHOLOGY
           + _measurements.MEASUREMENTS + _fourier.FOURIER + _distance.DISTANCE)
__all__ = [f.__name__ for f in _PUBLIC]


def _on_cunp(generic):
    """`generic(be, ...)` with be = cunp's stencil engine, under SciPy's signature."""
    def public(*args, **kwargs):
        return generic(cunp_backend(), *args, **kwargs)

    signature = inspect.signature(generic)
    public.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])
    public.__name__ = public.__qualname__ = generic.__name__
    public.__doc__ = generic.__doc__
    public.__module__ = __name__
    return public


for _function in _PUBLIC:
    globals()[_function.__name__] = _on_cunp(_function)
del _function
