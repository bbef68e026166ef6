"""cunp.scipy.special: scipy.special on cunp arrays.

The special functions are cunp ufuncs (rows of the special ufunc table, device code in
src/device/special/): SciPy's loops and type resolution, broadcasting, out=, where=, and
``scipy.special.erf(x_gpu)`` runs here through ``__array_ufunc__``. Real loops, and SciPy's
complex loops where cunp has them (the error functions through Faddeeva's w, the gamma family,
expm1, log1p, exp1, expi, sici, shichi, spence, fresnel, xlogy, xlog1py, lambertw, sph_harm_y;
docs/differences.md lists the rest); a float32 (complex64) loop computes in double and rounds
once, as most of SciPy's do, except gammaln's and i0e's, mostly float arithmetic with double
for the steps whose rounding shows (within 1 ulp of the double result). lambertw and the spherical Bessel functions wrap private ufuncs as
SciPy's do; errstate/geterr/seterr keep SciPy's settings (the GPU loops do not report
conditions). zeta, polygamma, multigammaln, logsumexp, softmax, log_softmax and softplus are
compositions, as in SciPy.
"""
from cunp import _core
from cunp._math._extras import sinc
from cunp.scipy.special._compositions import (
    log_softmax, logsumexp, multigammaln, polygamma, softmax, zeta)
from cunp.scipy.special._errstate import (
    SpecialFunctionError, SpecialFunctionWarning, errstate, geterr, seterr)
from cunp.scipy.special._wrappers import (
    lambertw, softplus, sph_harm, sph_harm_y, spherical_in, spherical_jn, spherical_kn,
    spherical_yn)

_ufuncs = {name: getattr(_core.special, name) for name in _core.special._ufunc_names}
for _name, _ufunc in _ufuncs.items():
    _ufunc.__module__ = "cunp.scipy.special"
    if not _name.startswith("_"):
        globals()[_name] = _ufunc
digamma = psi  # noqa: F821 -- SciPy's two names of one ufunc
del _name, _ufunc

__all__ = sorted([n for n in _ufuncs if not n.startswith("_")] + [
    "digamma", "sinc", "zeta", "polygamma", "multigammaln", "logsumexp", "softmax",
    "log_softmax", "lambertw", "spherical_yn", "sph_harm_y", "sph_harm", "errstate", "geterr",
    "seterr", "SpecialFunctionWarning", "SpecialFunctionError", "spherical_jn", "spherical_in",
    "spherical_kn", "softplus"])
