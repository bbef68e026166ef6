"""cunp.scipy.signal.windows: every window of scipy.signal.windows, as cunp arrays.

The formulas run on the host in float64 (windows/_host.py) and the result moves to the device
in one copy; `xp=` (an array namespace, NumPy say) and `device=` are SciPy's keywords."""
import functools
import inspect

from cunp.scipy.signal.windows import _host

__all__ = sorted(_host.NAMES)


def _to_namespace(value, xp, device):
    if xp is None:
        import cunp

        xp = cunp
    if isinstance(value, tuple):
        return tuple(_to_namespace(v, xp, device) for v in value)
    if device is None or xp.__name__ == "numpy":
        return xp.asarray(value)
    return xp.asarray(value, device=device)


def _public(host):
    @functools.wraps(host)
    def window(*args, xp=None, device=None, **kwargs):
        return _to_namespace(host(*args, **kwargs), xp, device)

    signature = inspect.signature(host)
    extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None)
             for n in ("xp", "device")]
    window.__signature__ = signature.replace(parameters=list(signature.parameters.values())
                                             + extra)
    window.__module__ = __name__
    window.__doc__ = (f"scipy.signal.windows.{host.__name__} as a cunp array (float64), "
                      "computed on the host.")
    return window


for _name in __all__:
    globals()[_name] = _public(getattr(_host, _name))
del _name
