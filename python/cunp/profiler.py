"""cunp.profiler: timing GPU work (benchmark) and NVTX ranges (time_range), as cupyx.profiler.

    from cunp.profiler import benchmark, time_range
    print(benchmark(lambda: x * 2, n_repeat=100))
    with time_range('step'):        # an NVTX range in Nsight Systems
        step()

In IPython, ``%load_ext cunp.profiler`` adds the ``%gpu_timeit`` line and ``%%gpu_timeit`` cell
magics, which run benchmark on the code (``%gpu_timeit -n 100 x.sum()``).
"""
import functools as _functools
import math as _math
import time as _time

from cunp import _core

__all__ = ["benchmark", "time_range", "profile", "load_ipython_extension"]


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

    def __init__(self, message=None, color_id=None, argb_color=None, sync=False):
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
        _core.profiler.nvtx_range_push(message, self.color_id, self.argb_color)

    def _pop(self):
        if self.sync:
            from cunp import cuda
            cuda.get_current_stream().synchronize()
        _core.profiler.nvtx_range_pop()

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
        _core.profiler.start()
        return self

    def __exit__(self, *exc):
        _core.profiler.stop()


# --- %gpu_timeit ------------------------------------------------------------------------------

_TIMEIT_OPTIONS = {"-n": "n_repeat", "--n-repeat": "n_repeat", "-w": "n_warmup",
                   "--n-warmup": "n_warmup", "--max-duration": "max_duration"}
_TIMEIT_USAGE = ("usage: %gpu_timeit [-n N_REPEAT] [-w N_WARMUP] [--max-duration SECONDS] "
                 "statement  (or %%gpu_timeit [options] with the code in the cell)")


def _parse_timeit_line(line):
    """(benchmark keyword arguments, the code after the options) of a %gpu_timeit line. The
    options come first (-n 5, -n5, --n-repeat 5, --n-repeat=5); the rest of the line, spacing
    kept, is the code. ValueError with the usage for a bad option or value."""
    import re

    options = {}
    rest = line.lstrip()
    while rest.startswith("-"):
        m = re.match(r"(--[\w-]+|-\w)(=|\s*)(\S+)?", rest)
        flag = m.group(1) if m else None
        if flag not in _TIMEIT_OPTIONS:
            if flag is not None and flag.startswith("--"):
                raise ValueError(f"%gpu_timeit: unknown option {flag!r}\n{_TIMEIT_USAGE}")
            break  # '-x.sum()', '-1 + a': the code itself starts with a minus sign
        if m.group(3) is None:
            raise ValueError(f"%gpu_timeit: option {flag} needs a value\n{_TIMEIT_USAGE}")
        key = _TIMEIT_OPTIONS[flag]
        try:
            options[key] = float(m.group(3)) if key == "max_duration" else int(m.group(3))
        except ValueError:
            raise ValueError(f"%gpu_timeit: bad value {m.group(3)!r} for {flag}\n"
                             f"{_TIMEIT_USAGE}") from None
        rest = rest[m.end():].lstrip()
    return options, rest


def _timeit_magic(shell):
    """The %gpu_timeit / %%gpu_timeit function registered with the IPython `shell`."""

    def gpu_timeit(line, cell=None, local_ns=None):
        """Times code with cunp.profiler.benchmark (CPU and GPU times per run):
        %gpu_timeit [-n N_REPEAT] [-w N_WARMUP] [--max-duration SECONDS] statement, or
        %%gpu_timeit [options] with the code in the cell."""
        import textwrap

        options, code = _parse_timeit_line(line)
        namespace = shell.user_ns
        if cell is None:
            code = code.strip()
            if not code:
                raise ValueError("%gpu_timeit: no statement to time\n" + _TIMEIT_USAGE)
            compiled = compile(code, "<gpu_timeit>", "eval")

            def run():
                return eval(compiled, namespace, local_ns)
        else:
            if code.strip():
                raise ValueError("%%gpu_timeit: the code goes in the cell, not after the "
                                 "options\n" + _TIMEIT_USAGE)
            compiled = compile(textwrap.dedent(cell), "<gpu_timeit>", "exec")

            def run():
                exec(compiled, namespace, local_ns)
        run.__name__ = "run"
        print(benchmark(run, **options))

    gpu_timeit.needs_local_scope = True  # IPython passes the caller's locals as local_ns
    return gpu_timeit


def load_ipython_extension(ipython):
    """Registers the %gpu_timeit line magic and %%gpu_timeit cell magic with `ipython` (an
    IPython InteractiveShell); ``%load_ext cunp.profiler`` calls it. IPython is not imported:
    the shell given is all it uses."""
    ipython.register_magic_function(_timeit_magic(ipython), magic_kind="line_cell",
                                    magic_name="gpu_timeit")
