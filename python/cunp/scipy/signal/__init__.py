"""cunp.scipy.signal: scipy.signal on cunp arrays (SciPy's behaviour is the spec).

Functions that process signals are written once over an array namespace (`xp`) and run here
with xp = cunp; filter design and the other maths on a few coefficients run on the host in
NumPy (as SciPy does) and return cunp arrays. Windows are in `windows`.
"""
import functools
import inspect

import cunp
from cunp.scipy.signal import _convolve, windows
from cunp.scipy.signal.windows import get_window

__all__ = ["windows", "get_window"]


def _on_cunp(generic):
    """The function `generic(xp, ...)` with xp = cunp, under SciPy's signature."""
    @functools.wraps(generic)
    def public(*args, **kwargs):
        return generic(cunp, *args, **kwargs)

    signature = inspect.signature(generic)
    public.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])
    public.__module__ = __name__
    public.__doc__ = generic.__doc__ or f"scipy.signal.{generic.__name__} on cunp arrays."
    return public


def _export(functions, wrap):
    for fn in functions:
        globals()[fn.__name__] = wrap(fn)
        __all__.append(fn.__name__)


_export(_convolve.FUNCTIONS, _on_cunp)
