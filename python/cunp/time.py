"""cunp.time: cupyx.time's repeat, the timing helper CuPy moved to cupyx.profiler.benchmark (and
warns about). It checks its arguments as CuPy's does, then runs cunp.profiler.benchmark:

    from cunp.time import repeat
    print(repeat(lambda a: a * 2, (x,), n_repeat=100))   # CPU and GPU times, per run
"""
import math as _math
import numbers as _numbers
import warnings as _warnings

__all__ = ["repeat"]


def repeat(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,
           max_duration=_math.inf, devices=None):
    """Times ``func(*args, **kwargs)``: `n_warmup` untimed calls, then up to `n_repeat` timed
    ones (fewer once `max_duration` seconds have passed), each measured on the host (cpu_times)
    and by events on each of `devices`' current streams (gpu_times; default: the current
    device). Returns the result object of cunp.profiler.benchmark (name, cpu_times,
    gpu_times, devices, to_str(); printing it shows the means, spreads and extremes in us).

    Deprecated as in CuPy (a warning on each call): use cunp.profiler.benchmark."""
    _warnings.warn("cupyx.time.repeat (cunp.time.repeat) has been moved to "
                   "cupyx.profiler.benchmark (cunp.profiler.benchmark) since CuPy v10. Access "
                   "through cunp.time is deprecated and will be removed in the future.",
                   stacklevel=2)
    if not callable(func):
        raise ValueError("`func` should be a callable object.")
    if name is None:
        name = func.__name__
    if not isinstance(args, tuple):
        raise ValueError("`args` should be of tuple type.")
    if not isinstance(kwargs, dict):
        raise ValueError("`kwargs` should be of dict type.")
    if not isinstance(n_repeat, int):
        raise ValueError("`n_repeat` should be an integer.")
    if not isinstance(name, str):
        raise ValueError("`name` should be a string.")
    if not isinstance(n_warmup, int):
        raise ValueError("`n_warmup` should be an integer.")
    if not isinstance(max_duration, _numbers.Real):
        raise ValueError("`max_duration` should be given in seconds")
    if devices is not None and not isinstance(devices, tuple):
        raise ValueError("`devices` should be of tuple type")
    from cunp.profiler import benchmark

    return benchmark(func, args, kwargs, n_repeat, name=name, n_warmup=n_warmup,
                     max_duration=max_duration, devices=devices)
