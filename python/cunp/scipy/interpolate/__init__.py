"""cunp.scipy.interpolate: scipy.interpolate on cunp arrays. Evaluation runs on the device
(interval searches, gathers and Horner's rule as cunp operations); CubicSpline's tridiagonal
slope system, the B-spline collocation and least-squares systems, BPoly.from_derivatives and
the interpolating polynomials' weights and divided differences are computed on the host."""
from cunp.scipy.interpolate._bpoly import BPoly
from cunp.scipy.interpolate._bspline import BSpline, make_interp_spline, make_lsq_spline
from cunp.scipy.interpolate._cubic import (
    Akima1DInterpolator, CubicHermiteSpline, CubicSpline, PchipInterpolator, pchip_interpolate,
)
from cunp.scipy.interpolate._interp1d import interp1d
from cunp.scipy.interpolate._fitpack import splantider, splder
from cunp.scipy.interpolate._fitpack2 import (
    InterpolatedUnivariateSpline, LSQUnivariateSpline, UnivariateSpline,
)
from cunp.scipy.interpolate._ndbspline import NdBSpline
from cunp.scipy.interpolate._ndppoly import NdPPoly
from cunp.scipy.interpolate._polyint import (
    BarycentricInterpolator, KroghInterpolator, approximate_taylor_polynomial,
    barycentric_interpolate, krogh_interpolate,
)
from cunp.scipy.interpolate._ppoly import PPoly
from cunp.scipy.interpolate._rgi import RegularGridInterpolator, interpn

pchip = PchipInterpolator

__all__ = [
    "PPoly", "CubicHermiteSpline", "CubicSpline", "PchipInterpolator", "pchip",
    "pchip_interpolate", "Akima1DInterpolator", "interp1d", "RegularGridInterpolator",
    "interpn", "BSpline", "make_interp_spline", "make_lsq_spline", "BPoly", "splder",
    "splantider", "BarycentricInterpolator", "barycentric_interpolate", "KroghInterpolator",
    "krogh_interpolate", "approximate_taylor_polynomial", "UnivariateSpline",
    "InterpolatedUnivariateSpline", "LSQUnivariateSpline", "NdPPoly", "NdBSpline",
]

# Scattered data: RBFs, the triangulation interpolators and griddata.
from cunp.scipy.interpolate._ndgriddata import (  # noqa: E402
    CloughTocher2DInterpolator, LinearNDInterpolator, NearestNDInterpolator, griddata,
)
from cunp.scipy.interpolate._rbfinterp import RBFInterpolator  # noqa: E402

__all__ += ["RBFInterpolator", "LinearNDInterpolator", "NearestNDInterpolator",
            "CloughTocher2DInterpolator", "griddata"]
