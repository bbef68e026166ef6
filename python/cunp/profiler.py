"""cunp.profiler: timing GPU work (benchmark) and NVTX ranges (time_range), as cupyx.profiler.

    from cunp.profiler import benchmark, time_range
    print(benchmark(lambda: x * 2, n_repeat=100))
    with time_range('step'):        # an NVTX range in Nsight Systems
        step()
"""
import functools as _functools
import math as _math
import time as _time

from cunp import _core

__all__ = ["benchmark", "time_range", "profile"]


class _PerfCaseResult:
    """What benchmark() measured: per run, the host time of the call (``cpu_times``) and the
    time between events recorded around it on each device's current stream (``gpu_times``, one
    row per device), in seconds."""

    def __init__(self, name, ts, devices):
        self.name = name
        self._ts = ts
        self._devices = devices

    @property
    def cpu_times(self):
        return self._ts[0]

    @property
    def gpu_times(self):
        return self._ts[1:]

    @property
    def devices(self):
        return self._devices

    @staticmethod
    def _to_str_per_item(device_name, t):
        assert t.ndim == 1
        assert t.size > 0
        t_us = t * 1e6
        s = '    {}:{:9.03f} us'.format(device_name, t_us.mean())
        if t.size > 1:
            s += '   +/- {:6.03f} (min:{:9.03f} / max:{:9.03f}) us'.format(
                t_us.std(), t_us.min(), t_us.max())
        return s

    def to_str(self, show_gpu=False):
        results = [self._to_str_per_item('CPU', self._ts[0])]
        if show_gpu:
            for i, d in enumerate(self._devices):
                results.append(self._to_str_per_item('GPU-{}'.format(d), self._ts[1 + i]))
        return '{:<20s}:{}'.format(self.name, ' '.join(results))

    def __str__(self):
        return self.to_str(show_gpu=True)

    def __repr__(self):
        return '<_PerfCaseResult {}>'.format(self.to_str(show_gpu=True))


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,
              max_duration=_math.inf, devices=None):
    """Times ``func(*args, **kwargs)`` as cupyx.profiler.benchmark does.

    Runs it ``n_warmup`` times, then up to ``n_repeat`` times (stopping once ``max_duration``
    seconds have passed). Each run records an event on every device's current stream before
    and after the call: ``gpu_times`` is the time between them, ``cpu_times`` the host time of
    the call itself. ``devices`` defaults to the current device.
    """
    import numpy

    from cunp import cuda

    if name is None:
        name = getattr(func, '__name__', 'benchmark')
    if not callable(func):
        raise ValueError('`func` should be a callable object.')
    if not isinstance(args, tuple):
        raise ValueError('`args` should be of tuple type.')
    if not isinstance(kwargs, dict):
        raise ValueError('`kwargs` should be of dict type.')
    if not isinstance(n_repeat, int) or n_repeat < 1:
        raise ValueError('`n_repeat` should be a positive integer.')
    if not isinstance(n_warmup, int) or n_warmup < 0:
        raise ValueError('`n_warmup` should be a non-negative integer.')
    if devices is None:
        devices = (cuda.runtime.getDevice(),)
    devices = tuple(int(d) for d in devices)

    prev = cuda.runtime.getDevice()
    try:
        starts, ends = [], []
        for d in devices:
            cuda.runtime.setDevice(d)
            starts.append(cuda.Event())
            ends.append(cuda.Event())
        for _ in range(n_warmup):
            func(*args, **kwargs)
        for d, e in zip(devices, ends):
            cuda.runtime.setDevice(d)
            e.record()
            e.synchronize()

        cpu_times = []
        gpu_times = [[] for _ in devices]
        duration = 0.0
        perf_counter = _time.perf_counter
        for _ in range(n_repeat):
            for d, e in zip(devices, starts):
                cuda.runtime.setDevice(d)
                e.record()
            cuda.runtime.setDevice(prev)
            t1 = perf_counter()
            func(*args, **kwargs)
            t2 = perf_counter()
            cpu_times.append(t2 - t1)
            for d, e in zip(devices, ends):
                cuda.runtime.setDevice(d)
                e.record()
            for d, e in zip(devices, ends):
                cuda.runtime.setDevice(d)
                e.synchronize()
            for i, (s, e) in enumerate(zip(starts, ends)):
                gpu_times[i].append(cuda.get_elapsed_time(s, e) * 1e-3)
            cuda.runtime.setDevice(prev)
            duration += perf_counter() - t1
            if duration > max_duration:
                break
    finally:
        cuda.runtime.setDevice(prev)
    ts = numpy.asarray([cpu_times] + gpu_times, dtype=numpy.float64)
    return _PerfCaseResult(name, ts, devices)


class time_range:  # noqa: N801 - cupyx's spelling
    """An NVTX range named `message` around a block (``with time_range('x'):``) or a function
    (``@time_range()`` names it after the function). ``color_id`` picks one of CuPy's colors,
    ``argb_color`` gives one; no-ops unless a profiler is attached."""

    def __init__(self, message=None, color_id=None, argb_color=None, *, sync=False):
        if color_id is not None and argb_color is not None:
            raise ValueError('Only either color_id or argb_color can be specified')
        self.message = message
        self.color_id = -1 if color_id is None else int(color_id)
        self.argb_color = -1 if argb_color is None else int(argb_color)
        self.sync = sync

    def _push(self, message):
        if self.sync:
            from cunp import cuda
            cuda.get_current_stream().synchronize()
        _core._nvtx_range_push(message, self.color_id, self.argb_color)

    def _pop(self):
        if self.sync:
            from cunp import cuda
            cuda.get_current_stream().synchronize()
        _core._nvtx_range_pop()

    def __enter__(self):
        if self.message is None:
            raise ValueError('when used as a context manager, the message argument cannot '
                             'be None')
        self._push(self.message)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self._pop()

    def __call__(self, func):
        message = self.message if self.message is not None else func.__name__

        @_functools.wraps(func)
        def inner(*args, **kwargs):
            self._push(message)
            try:
                return func(*args, **kwargs)
            finally:
                self._pop()
        return inner


class profile:  # noqa: N801
    """``with profile():`` enables the profiler's collection for the block
    (cuProfilerStart/Stop)."""

    def __enter__(self):
        _core._profiler_start()
        return self

    def __exit__(self, *exc):
        _core._profiler_stop()
