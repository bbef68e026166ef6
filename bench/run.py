#!/usr/bin/env python3
"""cunp vs CuPy vs PyTorch vs NumPy, measured in one run and reported as ratios.

    python3 bench/run.py [--quick] [--only SUBSTRING] [--part K/N] [--libs cunp,cupy,torch,numpy]

Prints a markdown table and writes bench.md and bench.json to $OUT (else bench/out/).
A library that is missing, has no GPU, or lacks an operation shows 'n/a' in that cell
('not yet' for an operation cunp does not have yet); the reasons are listed under the
table, and cunp's targets, met or missed, after them. See bench/README.md.
"""
from __future__ import annotations

import argparse
import datetime
import functools
import gc
import importlib
import importlib.util
import json
import math
import operator
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np

LIBS = ("cunp", "cupy", "torch", "numpy")
TITLE = {"cunp": "cunp", "cupy": "CuPy", "torch": "PyTorch", "numpy": "NumPy"}
# The copy-bandwidth reference prefers a mature library, so that cunp's own copy is
# judged against the hardware rather than against itself.
REFERENCE_ORDER = ("cupy", "torch", "cunp")
F32, F64 = np.float32, np.float64


class NotAvailable(Exception):
    """This library has no counterpart of the case."""


# What a library lacking an API raises; anything else is shown as 'err', since it is a bug.
MISSING = (AttributeError, TypeError, NotImplementedError, NotAvailable)


# --------------------------------------------------------------------------- libraries

class XpLib:
    """CuPy's API. cunp mirrors it, so one adapter serves both; arguments are NumPy's."""

    gpu = True

    def __init__(self, name: str, mod: Any):
        self.name, self.mod = name, mod
        self.version = str(getattr(mod, "__version__", "?"))

    def sync(self) -> None:
        try:
            self.mod.cuda.Device(0).synchronize()
        except AttributeError:  # a cunp still growing its cuda module: the stream will do
            self.mod.cuda.Stream.null.synchronize()

    def event(self) -> Any:
        return self.mod.cuda.Event()

    def elapsed_s(self, start: Any, end: Any) -> float:
        return self.mod.cuda.get_elapsed_time(start, end) / 1e3

    def release(self) -> None:
        # Pools of several libraries share one GPU: hand cached blocks back between cases.
        self.mod.get_default_memory_pool().free_all_blocks()

    def device_name(self) -> str:
        name = self.mod.cuda.runtime.getDeviceProperties(0)["name"]
        return name.decode() if isinstance(name, bytes) else str(name)

    def l2_bytes(self) -> int:
        return int(self.mod.cuda.runtime.getDeviceProperties(0)["l2CacheSize"])

    def empty(self, shape, dtype=F64):
        return self.mod.empty(shape, dtype=dtype)

    def zeros(self, shape, dtype=F64):
        return self.mod.zeros(shape, dtype=dtype)

    def ones(self, shape, dtype=F64):
        return self.mod.ones(shape, dtype=dtype)

    def full(self, shape, value, dtype=F64):
        return self.mod.full(shape, value, dtype=dtype)

    def arange(self, n, dtype):
        return self.mod.arange(n, dtype=dtype)

    def linspace(self, start, stop, n):
        return self.mod.linspace(start, stop, n)

    def h2d(self, a: np.ndarray):
        return self.mod.asarray(a)

    def d2h(self, x) -> np.ndarray:
        return self.mod.asnumpy(x)

    upload = h2d  # how a case's inputs get onto the device (untimed)

    device_kw: dict = {}

    def bound(self, fname: str, *args):
        """The library's own function with its arguments bound, so that a per-call
        timing loop pays for no adapter frames."""
        return functools.partial(getattr(self.mod, fname), *args, **self.device_kw)

    def copy(self, x):
        return x.copy()

    def astype(self, x, dtype):
        return x.astype(dtype)

    def kernel(self, spec: KernelSpec):
        """The library's user-defined elementwise kernel (CuPy's ElementwiseKernel)."""
        return self.mod.ElementwiseKernel(spec.in_params, spec.out_params, spec.body, spec.name)


class HostLib(XpLib):
    """NumPy: the CPU baseline. It has no device, so it is timed with the host clock."""

    gpu = False

    def sync(self) -> None:
        pass

    def event(self) -> Any:
        raise NotAvailable("host library")

    def release(self) -> None:
        pass

    def h2d(self, a):
        raise NotAvailable("host library: no device")

    d2h = h2d

    def upload(self, a):
        return a

    def kernel(self, spec: KernelSpec):
        return spec.host  # no user kernels on the host: the same expression, unfused


class TorchLib(XpLib):
    device_kw = {"device": "cuda"}

    def _dt(self, dtype):
        return getattr(self.mod, np.dtype(dtype).name)

    def sync(self) -> None:
        self.mod.cuda.synchronize()

    def event(self) -> Any:
        return self.mod.cuda.Event(enable_timing=True)

    def elapsed_s(self, start, end) -> float:
        return start.elapsed_time(end) / 1e3

    def release(self) -> None:
        self.mod.cuda.empty_cache()

    def device_name(self) -> str:
        return self.mod.cuda.get_device_name(0)

    def l2_bytes(self) -> int:
        return int(self.mod.cuda.get_device_properties(0).L2_cache_size)

    def empty(self, shape, dtype=F64):
        return self.mod.empty(shape, dtype=self._dt(dtype), device="cuda")

    def zeros(self, shape, dtype=F64):
        return self.mod.zeros(shape, dtype=self._dt(dtype), device="cuda")

    def ones(self, shape, dtype=F64):
        return self.mod.ones(shape, dtype=self._dt(dtype), device="cuda")

    def full(self, shape, value, dtype=F64):
        shape = (shape,) if isinstance(shape, int) else shape  # torch wants a tuple
        return self.mod.full(shape, value, dtype=self._dt(dtype), device="cuda")

    def arange(self, n, dtype):
        return self.mod.arange(n, dtype=self._dt(dtype), device="cuda")

    def linspace(self, start, stop, n):
        # torch defaults to float32; NumPy's (and so the byte count's) default is float64.
        return self.mod.linspace(start, stop, n, dtype=self.mod.float64, device="cuda")

    def h2d(self, a):
        return self.mod.from_numpy(a).cuda()

    def d2h(self, x):
        return x.cpu().numpy()

    upload = h2d

    def copy(self, x):
        return x.clone()

    def astype(self, x, dtype):
        return x.to(self._dt(dtype))

    def kernel(self, spec: KernelSpec):
        # PyTorch's run-time elementwise compiler: the fused counterpart of ElementwiseKernel.
        return importlib.import_module("torch.cuda.jiterator")._create_jit_fn(spec.torch_src)


def load(name: str) -> tuple[Optional[XpLib], str, str]:
    """(adapter or None, version, why it is unusable)."""
    if importlib.util.find_spec(name) is None:
        return None, "n/a", "not installed"
    try:
        mod = importlib.import_module(name)
    except Exception as e:  # a broken install should cost one column, not the run
        return None, "n/a", f"import failed: {type(e).__name__}: {e}"
    lib = {"numpy": HostLib, "torch": TorchLib}.get(name, XpLib)(name, mod)
    if lib.gpu:
        try:
            probe = lib.empty(16)  # a device, a driver and an allocator, all at once
            lib.sync()
            del probe
        except Exception as e:
            return None, lib.version, f"GPU probe failed: {type(e).__name__}: {e}"
    return lib, lib.version, ""


# --------------------------------------------------------------------------- cases

@dataclass(frozen=True)
class Target:
    """A figure cunp aims for in a case, checked after the run and listed under the table."""
    kind: str  # 'bw': share of copy BW >= value | 'vs': time over lib's <= value |
    # 'time': seconds <= value
    value: float
    lib: str = ""

    def text(self) -> str:
        if self.kind == "bw":
            return f">= {100 * self.value:.0f}% of copy BW"
        if self.kind == "vs":
            return f"<= {self.value:.2f}x {TITLE[self.lib]}'s time"
        return f"<= {num(self.value * 1e3)} ms"

    def check(self, case: Case, row: dict, copy_bw: Optional[dict]) -> tuple[Optional[bool], str]:
        """(met, the figure), or (None, why it cannot be judged)."""
        mine = row["cunp"]
        if mine["status"] != "ok":
            return None, f"cunp {mine['status']}"
        t = mine["seconds"]
        if self.kind == "bw":
            if not (copy_bw and case.nbytes):
                return None, "no copy bandwidth"
            share = case.nbytes / t / copy_bw["bytes_per_s"]
            return share >= self.value, f"{100 * share:.0f}%"
        if self.kind == "vs":
            other = row[self.lib]
            if other["status"] != "ok":
                return None, f"{TITLE[self.lib]} {other['status']}"
            r = t / other["seconds"]
            return r <= self.value, f"{r:.2f}x"
        return t <= self.value, f"{num(t * 1e3)} ms"


@dataclass(frozen=True)
class KernelSpec:
    """A user-defined elementwise kernel, written once for each library that can compile one."""
    in_params: str
    out_params: str
    body: str  # CuPy's ElementwiseKernel body
    name: str
    torch_src: str  # the same operation for torch.cuda.jiterator
    host: Callable  # NumPy: the expression, unfused


# The CuPy documentation's first kernel, and seed 002's vector add.
SQUARED_DIFF = KernelSpec(
    "float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff",
    "template <typename T> T squared_diff(T x, T y) { return (x - y) * (x - y); }",
    lambda x, y: np.square(x - y))
ADD_VEC_ELEM = KernelSpec(
    "float64 x, float64 y", "float64 z", "z = x + y", "add_vec_elem",
    "template <typename T> T add_vec_elem(T x, T y) { return x + y; }", np.add)


@dataclass
class Case:
    what: str
    run: Optional[Callable[[XpLib, Any], Any]]  # the timed work, given setup's state;
    # for 'percall' the state itself is the zero-argument callable timed
    setup: Optional[Callable[[XpLib], Any]] = None  # untimed; called again per rotated copy
    nbytes: int = 0  # bytes an ideal kernel moves (inputs + outputs): gives GB/s and % of copy BW
    clock: str = "event"  # event: device events | host: sync + host clock | percall | import |
    # first-call: setup, then run once, in a new process per sample (see first_call_samples) |
    # burst: percall's host time for a short burst right after a synchronize, so the launch
    # queue never fills and the GPU's pace does not enter (the host cost of a call alone)
    gpu_only: bool = False
    calls: int = 1  # calls per sample, for 'percall' and 'burst'
    note: str = ""  # printed under the table: what the figures do not show
    libs: tuple = LIBS  # the libraries timed; the others read n/a, and `note` says why
    cache: str = ""  # first-call: 'cold' (a new, empty kernel cache dir per sample) or 'warm'
    targets: tuple = ()  # cunp's goals in this case


SKIPPED = "not timed in this case (see notes)"
BW95, BEATS_TORCH = Target("bw", 0.95), Target("vs", 1.0, "torch")


_host_cache: dict = {}


def host_array(n: int, dtype, seed: Optional[int] = None) -> np.ndarray:
    """Host inputs shared by all libraries of a case (ones, or random for a seed); untimed."""
    key = (n, np.dtype(dtype).str, seed)
    if key not in _host_cache:
        _host_cache[key] = (np.ones(n, dtype) if seed is None else
                            np.random.default_rng(seed).random(n).astype(dtype, copy=False))
    return _host_cache[key]


def scale5(L, x):
    x *= 5


def square_double(L, x):
    x *= x
    x += x


def chain(L, x):  # seed 001's three operators in a row
    x *= 5
    x *= x
    x += x


def add(L, ab):
    return ab[0] + ab[1]


def times_transposed(L, ab):
    return ab[0] * ab[1].T


def call(fname: str) -> Callable:
    """Run the library's own function `fname` (cp.sin, torch.exp, np.sin) on the state's arrays."""
    return lambda L, args: getattr(L.mod, fname)(*args)


def launch(L, state):
    """state: (kernel, *inputs), from setup."""
    return state[0](*state[1:])


def sin_3x_plus_x(L, args):
    x = args[0]
    return L.mod.sin(x) * 3 + x


def random_pair(L, n, dtype=F64):
    return L.upload(host_array(n, dtype, seed=1)), L.upload(host_array(n, dtype, seed=2))


def pair(L, shape, dtype):
    """Two device inputs made on the device: ones and twos (values do not matter to add/mul)."""
    return L.ones(shape, dtype), L.full(shape, 2.0, dtype)


def bound_op(op: Callable, n: int, other=None) -> Callable[[XpLib], Callable]:
    """Setup of a per-call case: `op` bound to its device operands, so the loop times only it."""
    def setup(L):
        a = L.upload(host_array(n, F32, seed=1))
        b = L.upload(host_array(n, F32, seed=2)) if other is None else other
        return functools.partial(op, a, b)
    return setup


def short(dtype) -> str:
    return f"f{8 * np.dtype(dtype).itemsize}"


def gb(nbytes: int) -> str:
    return f"{nbytes / 1e9:.2g} GB"


def binary(nbytes: int) -> str:
    return f"{nbytes / 2**30:g} GiB" if nbytes >= 2**30 else f"{nbytes / 2**20:g} MiB"


def area_cases(quick: bool) -> list[Case]:
    """Cases of one area each (reductions, linalg, random ...), from bench/cases/<area>.py: a
    module with `cases(quick, h)`, where h is this module (Case, Target, host_array ...)."""
    found = []
    folder = Path(__file__).resolve().parent / "cases"
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"bench_cases_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found += module.cases(quick, sys.modules[__name__])
    return found


def make_cases(quick: bool) -> list[Case]:
    return core_cases(quick) + area_cases(quick)


def core_cases(quick: bool) -> list[Case]:
    big = 2**22 if quick else 2**28  # elements of the copy / astype / arange / linspace cases
    p = int(math.log2(big))
    cube = (16, 500, 500) if quick else (1000, 500, 500)  # the tutorials' 2 GB array
    ncube = math.prod(cube)
    vec = 10**6 if quick else 5 * 10**7  # the tutorials' a + b
    xfer = 2**22 if quick else 2**28  # float32 elements: 1 GiB when full
    side = 2**11 if quick else 2**14  # square float32 matrices of the strided multiply
    nk = 2**20 if quick else 2**26  # float32 elements of the ElementwiseKernel case
    small = 1000  # per-call cases: the launch path, not the bandwidth
    small_calls = 2000 if quick else 20000
    ones_cube = lambda L: L.ones(cube)  # noqa: E731
    ones_big = lambda L: L.ones(big)  # noqa: E731
    first_x = 2**20  # float32 elements of the first-call cases: the compile is what is timed
    # A host-to-device copy: no kernel runs before the timed first call.
    first_setup = lambda L: (L.h2d(host_array(first_x, F32, seed=3)),)  # noqa: E731
    first_what = "first call sin(x)*3 + x, 2^20 f32, new process"
    return [
        Case("import", run=None, clock="import"),
        Case(f"H2D pageable {binary(4 * xfer)} f32 (asarray)", clock="host", gpu_only=True,
             setup=lambda L: host_array(xfer, F32), run=lambda L, a: L.h2d(a), nbytes=4 * xfer),
        Case(f"D2H {binary(4 * xfer)} f32 (asnumpy)", clock="host", gpu_only=True,
             setup=lambda L: L.h2d(host_array(xfer, F32)), run=lambda L, x: L.d2h(x),
             nbytes=4 * xfer),
        Case("empty(1000) per call", clock="percall", calls=2000 if quick else 20000,
             setup=lambda L: L.bound("empty", 1000), run=None),
        Case(f"ones{cube} f64", run=lambda L, _: L.ones(cube), nbytes=8 * ncube),
        Case(f"zeros{cube} f64", run=lambda L, _: L.zeros(cube), nbytes=8 * ncube,
             note="NumPy's zeros gets lazily zeroed pages from the OS and writes nothing yet"),
        Case(f"full({cube}, 3.0) f64", run=lambda L, _: L.full(cube, 3.0), nbytes=8 * ncube),
        Case(f"copy 2^{p} f64", setup=ones_big, run=lambda L, x: L.copy(x),
             nbytes=16 * big),
        Case(f"copy 2^{p} f32", setup=lambda L: L.ones(big, F32),
             run=lambda L, x: L.copy(x), nbytes=8 * big),
        Case(f"astype 2^{p} f64->f32", setup=ones_big,
             run=lambda L, x: L.astype(x, F32), nbytes=12 * big),
        # Elementwise: binary operators at full bandwidth, in both float widths (same bytes).
        *[Case(f"a + b, 2^{int(math.log2(n))} {short(dt)}",
               setup=lambda L, n=n, dt=dt: pair(L, n, dt), run=add,
               nbytes=3 * n * np.dtype(dt).itemsize, targets=(BW95, BEATS_TORCH))
          for dt, n in ((F32, big), (F64, big // 2))],
        Case(f"a * b.T, ({side}, {side}) f32", setup=lambda L: pair(L, (side, side), F32),
             run=times_transposed, nbytes=12 * side * side, libs=("cunp", "cupy", "torch"),
             targets=(Target("vs", 1.0, "cupy"),),
             note="b.T is a strided view; NumPy not timed (a transposed walk costs seconds)"),
        *[Case(f"{fn}(x), 2^{p} f32", setup=lambda L: (L.ones(big, F32),), run=call(fn),
               nbytes=8 * big, libs=("cunp", "cupy", "torch"),
               note="NumPy not timed (seconds per call)") for fn in ("sin", "exp")],
        Case(f"a + b, {small} f32, per call", clock="percall", calls=small_calls,
             setup=bound_op(operator.add, small), run=None, targets=(Target("vs", 0.6, "cupy"),)),
        Case(f"a + 1.0, {small} f32, per call", clock="percall", calls=small_calls,
             setup=bound_op(operator.add, small, 1.0), run=None),
        Case(f"a + b, {small} f32, host cost per call", clock="burst", calls=32,
             setup=bound_op(operator.add, small), run=None,
             note="bursts of 32 calls right after a synchronize: the host's work alone"),
        # The tutorials' operators on their 2 GB array (seed 001), then seed 002's a + b.
        Case(f"x *= 5, x{cube} f64", setup=ones_cube, run=scale5, nbytes=16 * ncube),
        # Two kernels, each reading and writing x: what an unfused library must move.
        Case(f"x *= x; x += x, x{cube} f64", setup=ones_cube, run=square_double,
             nbytes=32 * ncube),
        Case(f"x *= 5; x *= x; x += x, x{cube} f64", setup=ones_cube, run=chain,
             nbytes=48 * ncube, targets=(Target("vs", 1.0, "cupy"),)),
        Case(f"a + b, {vec:.0e} f64 random", setup=lambda L: random_pair(L, vec), run=add,
             nbytes=24 * vec),
        Case(f"ElementwiseKernel squared_diff, 2^{int(math.log2(nk))} f32",
             setup=lambda L: (L.kernel(SQUARED_DIFF), *pair(L, nk, F32)), run=launch,
             nbytes=12 * nk,
             note="PyTorch: torch.cuda.jiterator, its run-time elementwise compiler; "
                  "NumPy: the same expression, unfused"),
        Case(f"ElementwiseKernel add_vec_elem, {vec:.0e} f64 random",
             setup=lambda L: (L.kernel(ADD_VEC_ELEM), *random_pair(L, vec)), run=launch,
             nbytes=24 * vec, note="the tutorials' vector add; PyTorch: jiterator; NumPy: np.add"),
        Case(f"arange(2^{p}, f32)", run=lambda L, _: L.arange(big, F32),
             nbytes=4 * big),
        Case(f"linspace(0, 1, 2^{p}) f64", run=lambda L, _: L.linspace(0, 1, big), nbytes=8 * big),
        # Start-up cost of the JIT: the first call in a new process, import and context excluded.
        Case(f"{first_what}, empty kernel cache", clock="first-call", cache="cold",
             setup=first_setup, run=sin_3x_plus_x, gpu_only=True, targets=(Target("time", 0.2),),
             note="a new process per sample with a new, empty CUNP_CACHE_DIR / CUPY_CACHE_DIR; "
                  "timed from before the first operation to after a synchronize (import, CUDA "
                  "context and the upload of x excluded)"),
        Case(f"{first_what}, warm disk cache", clock="first-call", cache="warm",
             setup=first_setup, run=sin_3x_plus_x, gpu_only=True, libs=("cunp", "cupy"),
             targets=(Target("time", 0.002),),
             note="as above, in processes that find the cache a first one filled; PyTorch "
                  "compiles nothing at run time, so its figure is the cold row's"),
    ]


# --------------------------------------------------------------------------- timing

# Inputs smaller than this many L2s are rotated so that a sample does not read from cache.
ROTATE_OVER_L2 = 4
L2_FALLBACK = 50 * 2**20


def state_bytes(state) -> int:
    items = state if isinstance(state, tuple) else (state,)
    return sum(int(getattr(x, "nbytes", 0) or 0) for x in items)


def make_states(lib: XpLib, case: Case, l2: int) -> list:
    if case.setup is None:
        return [None]
    states = [case.setup(lib)]
    size = state_bytes(states[0])
    if case.clock == "event" and lib.gpu and 0 < size < ROTATE_OVER_L2 * l2:
        states += [case.setup(lib) for _ in range(min(8, math.ceil(ROTATE_OVER_L2 * l2 / size)) - 1)]
    return states


def measure(lib: XpLib, case: Case, states: list, warmup: int, repeats: int) -> list[float]:
    """Seconds per call of each sample after the warm-ups; the caller takes the median."""
    clock = case.clock
    if clock == "event":
        try:
            start, end = lib.event(), lib.event()
        except MISSING:
            clock = "host"  # no events (NumPy, or a cunp without them): sync + host clock
    samples = []
    for i in range(warmup + repeats):
        state = states[i % len(states)]
        lib.sync()
        if clock == "event":
            start.record()
            out = case.run(lib, state)
            end.record()
            end.synchronize()
            t = lib.elapsed_s(start, end)
        elif clock == "percall":
            t0 = time.perf_counter()
            for _ in range(case.calls):
                out = state()
            lib.sync()
            t = (time.perf_counter() - t0) / case.calls
        elif clock == "burst":
            t0 = time.perf_counter()
            for _ in range(case.calls):
                out = state()
            t = (time.perf_counter() - t0) / case.calls
        else:
            t0 = time.perf_counter()
            out = case.run(lib, state)
            lib.sync()
            t = time.perf_counter() - t0
        del out  # results of the big cases are GBs: free before the next sample
        if i >= warmup:
            samples.append(t)
    return samples


def import_samples(name: str, n: int) -> list[float]:
    """A fresh interpreter per sample, timing its own `import name` (the interpreter's start-up,
    the same for every library and noisier than most imports, stays out)."""
    code = f"import time; t = time.perf_counter(); import {name}; print(time.perf_counter() - t)"

    def once() -> float:
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                             text=True).stdout
        return float(out.split()[-1])

    once()  # fills the page cache, as any second import would find it
    return [once() for _ in range(n)]


# Environment variables naming each library's on-disk kernel cache.
CACHE_ENV = ("CUNP_CACHE_DIR", "CUPY_CACHE_DIR")
CHILD_TIMEOUT_S = 120


def first_call_samples(case: Case, name: str, n: int, quick: bool) -> list[float]:
    """Seconds of the first call of `case.run` in each of n new processes (see child_main).
    'cold': each process gets a new, empty cache dir; 'warm': one process fills a dir first,
    untimed, and the n timed ones find it full."""
    samples = []
    with tempfile.TemporaryDirectory(prefix="cunp-bench-cache-") as root:
        fill = case.cache == "warm"
        cache_dir = ""
        for i in range(n + fill):
            if not cache_dir or case.cache == "cold":
                cache_dir = tempfile.mkdtemp(dir=root)
            env = {**os.environ, **{k: cache_dir for k in CACHE_ENV}}
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child", case.what,
                   "--libs", name] + (["--quick"] if quick else [])
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                  timeout=CHILD_TIMEOUT_S)
            reply = next((line for line in reversed(proc.stdout.splitlines())
                          if line.startswith("{")), None)
            if reply is None:
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
                raise RuntimeError(f"child exited {proc.returncode}: {tail[0]}")
            r = json.loads(reply)
            if r["status"] == "missing":
                raise NotAvailable(r["note"])
            if r["status"] != "ok":
                raise RuntimeError(r["note"])
            if i >= fill:
                samples.append(r["seconds"])
    return samples


def child_main(what: str, name: str, quick: bool) -> int:
    """In a new process: set up, then time the first run of the case; one JSON line out."""
    case = next((c for c in make_cases(quick) if c.what == what), None)
    lib, _, why = load(name) if case else (None, "", f"no case named {what!r}")
    if lib is None:
        reply = {"status": "err", "note": why}
    else:
        try:
            state = case.setup(lib) if case.setup else None
            lib.sync()
            t0 = time.perf_counter()
            out = case.run(lib, state)
            lib.sync()
            reply = {"status": "ok", "seconds": time.perf_counter() - t0}
            del out
        except MISSING as e:
            reply = {"status": "missing", "note": f"{type(e).__name__}: {e}"}
        except Exception as e:
            reply = {"status": "err", "note": f"{type(e).__name__}: {e}"}
    print(json.dumps(reply), flush=True)
    return 0


def run_case(case: Case, name: str, lib: Optional[XpLib], why: str, quick: bool, l2: int) -> dict:
    if name not in case.libs:
        return {"status": "n/a", "note": SKIPPED}
    if case.clock == "import":
        if importlib.util.find_spec(name) is None:
            return {"status": "n/a", "note": "not installed"}
    elif lib is None:
        return {"status": "n/a", "note": why}
    elif case.gpu_only and not lib.gpu:
        return {"status": "n/a", "note": "host library"}
    states = None
    try:
        if case.clock == "import":
            samples = import_samples(name, 3 if quick else 5)  # torch: ~5 s a sample
        elif case.clock == "first-call":  # PyTorch: one sample; it compiles nothing, and
            # each new process pays its ~4 s import
            samples = first_call_samples(case, name, 1 if quick or name == "torch" else 3, quick)
        else:
            states = make_states(lib, case, l2)
            if case.clock == "event" and lib.gpu:
                warmup, repeats = (1, 3) if quick else (2, 10)
            elif case.clock == "burst":  # short samples: many, for a stable median
                warmup, repeats = 5, 51
            else:  # host clock: transfers of a GiB, or NumPy on GB arrays; each is slow
                warmup, repeats = (1, 2) if quick else (1, 5 if lib.gpu else 3)
            samples = measure(lib, case, states, warmup, repeats)
        return {"status": "ok", "seconds": statistics.median(samples), "samples": samples}
    except MISSING as e:  # cunp is being built: what it lacks is work to come, not a gap
        return {"status": "not yet" if name == "cunp" else "n/a",
                "note": f"{type(e).__name__}: {e}"}
    except Exception as e:
        return {"status": "err", "note": f"{type(e).__name__}: {e}"}
    finally:
        del states
        gc.collect()
        if lib is not None:
            try:
                lib.release()
            except Exception:
                pass


# --------------------------------------------------------------------------- report

def num(v: float) -> str:
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}" if v >= 1 else f"{v:.3g}"


def cell(case: Case, r: dict) -> str:
    if r["status"] != "ok":
        return r["status"]
    t = r["seconds"]
    if case.nbytes:
        return f"{num(case.nbytes / t / 1e9)} GB/s"
    if case.clock in ("percall", "burst"):
        return f"{num(t * 1e6)} µs"
    return f"{num(t * 1e3)} ms"


def ratio(row: dict, a: str, b: str) -> str:
    ra, rb = row[a], row[b]
    if ra["status"] == "ok" and rb["status"] == "ok" and rb["seconds"] > 0:
        return f"{ra['seconds'] / rb['seconds']:.2f}"
    return "n/a"


def copy_bw_cell(case: Case, row: dict, copy_bw: Optional[dict]) -> str:
    if not (case.nbytes and case.clock == "event" and copy_bw):
        return ""
    parts = [f"{TITLE[n]} {100 * case.nbytes / row[n]['seconds'] / copy_bw['bytes_per_s']:.0f}%"
             for n in ("cunp", "cupy", "torch") if row[n]["status"] == "ok"]
    return ", ".join(parts) or "n/a"


def target_results(case: Case, row: dict, copy_bw: Optional[dict]) -> list[dict]:
    out = []
    for t in case.targets:
        met, figure = t.check(case, row, copy_bw)
        out.append({"target": t.text(), "met": met, "figure": figure})
    return out


def render(meta: dict, cases: list[Case], rows: list[dict]) -> str:
    cb = meta["copy_bandwidth"]
    cb_text = (f"{cb['bytes_per_s'] / 1e9:.0f} GB/s ({TITLE[cb['library']]}, copy of "
               f"{gb(cb['nbytes'] // 2)}, bytes read + written)" if cb else "not measured")
    lines = [
        f"# cunp benchmark, {meta['date']}{' (quick)' if meta['quick'] else ''}",
        "",
        f"- device: {meta['device']}; copy bandwidth: {cb_text}",
        "- versions: " + ", ".join(f"{TITLE[n]} {v}" for n, v in meta["versions"].items())
        + f", Python {meta['python']}",
        "- cells: GB/s where bytes are counted (device cases: ideal bytes moved), else time "
        "per call; median of repeats after warm-up",
        "- cunp/X: cunp's time over X's, same run (< 1: cunp is faster); "
        "% of copy BW: achieved GB/s over the copy bandwidth above",
        "",
        "| what | cunp | CuPy | PyTorch | NumPy | cunp/CuPy | cunp/PyTorch | % of copy BW |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case, row in zip(cases, rows):
        cells = [cell(case, row[n]) for n in LIBS]
        lines.append(f"| {case.what} | " + " | ".join(cells) + f" | {ratio(row, 'cunp', 'cupy')} | "
                     f"{ratio(row, 'cunp', 'torch')} | {copy_bw_cell(case, row, cb)} |")
    unusable = {n: why for n, why in meta["unusable"].items() if why}
    notes = [f"- {TITLE[n]}: {why}" for n, why in unusable.items()]
    for case, row in zip(cases, rows):
        for n in LIBS:
            r = row[n]
            quiet = n in unusable or r.get("note") in ("host library", SKIPPED)
            if r["status"] != "ok" and not quiet:
                notes.append(f"- {case.what}, {TITLE[n]}: {r['status']}: {r['note'][:160]}")
    if notes:
        lines += ["", "Not measured:", *notes]
    verdict = {True: "met", False: "MISSED", None: "not judged"}
    goals = [f"- {case.what}: " + "; ".join(f"{g['target']}: {verdict[g['met']]} ({g['figure']})"
                                            for g in target_results(case, row, cb))
             for case, row in zip(cases, rows) if case.targets]
    if goals:
        lines += ["", "cunp's targets:", *goals]
    remarks = [f"- {c.what}: {c.note}" for c in cases if c.note]
    if remarks:
        lines += ["", "Notes:", *remarks]
    return "\n".join(lines) + "\n"


def measure_copy_bw(libs: dict, quick: bool, l2: int) -> Optional[dict]:
    n = 2**24 if quick else 2**28
    ref = Case("device copy (reference)", setup=lambda L: L.ones(n), run=lambda L, x: L.copy(x),
               nbytes=16 * n)
    for name in REFERENCE_ORDER:
        if libs.get(name) is not None:
            r = run_case(ref, name, libs[name], "", quick, l2)
            if r["status"] == "ok":
                return {"library": name, "nbytes": ref.nbytes, "seconds": r["seconds"],
                        "bytes_per_s": ref.nbytes / r["seconds"], "samples": r["samples"]}
    return None


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats (smoke run)")
    ap.add_argument("--only", default="",
                    help="run the cases whose name contains this (or any of a |-separated list)")
    ap.add_argument("--libs", default=",".join(LIBS), help="comma-separated subset of " + ",".join(LIBS))
    ap.add_argument("--part", default="1/1", metavar="K/N",
                    help="run only the K-th of N equal slices of the chosen cases (to split a long run)")
    ap.add_argument("--child", metavar="CASE", help=argparse.SUPPRESS)  # first-call cases' worker
    args = ap.parse_args(argv)
    if args.child:
        return child_main(args.child, args.libs, args.quick)
    wanted = {s.strip() for s in args.libs.split(",") if s.strip()}
    if wanted - set(LIBS):
        ap.error(f"unknown library in --libs: {', '.join(sorted(wanted - set(LIBS)))}")
    wanted_cases = [w.strip().lower() for w in args.only.split("|")]
    cases = [c for c in make_cases(args.quick) if any(w in c.what.lower() for w in wanted_cases)]
    if not cases:
        ap.error(f"no case matches --only {args.only!r}")
    try:
        k, n = (int(v) for v in args.part.split("/"))
        if not 1 <= k <= n:
            raise ValueError
    except ValueError:
        ap.error(f"--part wants K/N with 1 <= K <= N, not {args.part!r}")
    cases = cases[len(cases) * (k - 1) // n:len(cases) * k // n]

    libs, versions, unusable = {}, {}, {}
    for name in LIBS:
        libs[name], versions[name], unusable[name] = (
            load(name) if name in wanted else (None, "n/a", "not requested"))
    versions["numpy"] = np.__version__  # the runner's own, whether or not it is timed
    gpu_libs = [libs[n] for n in REFERENCE_ORDER if libs[n] is not None]
    device, l2 = "no usable GPU", L2_FALLBACK
    for lib in gpu_libs:
        try:
            device = lib.device_name()
            l2 = lib.l2_bytes() or L2_FALLBACK
            break
        except Exception:
            continue

    needs_bw = any(c.nbytes and c.clock == "event" for c in cases)
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731  progress, not results
    log(f"device: {device}; " + ", ".join(f"{n}: {unusable[n] or 'ok'}" for n in LIBS))
    copy_bw = measure_copy_bw(libs, args.quick, l2) if needs_bw else None
    if copy_bw:
        log(f"copy bandwidth: {copy_bw['bytes_per_s'] / 1e9:.0f} GB/s ({copy_bw['library']})")

    rows = []
    for case in cases:
        row = {}
        for name in LIBS:
            t0 = time.perf_counter()
            row[name] = run_case(case, name, libs[name], unusable[name], args.quick, l2)
            if row[name].get("note") not in ("not requested", "not installed", SKIPPED):
                # the figure too, so a run cut off at its time limit still reports what it measured
                log(f"  {case.what} / {name}: {cell(case, row[name])} ({time.perf_counter() - t0:.1f} s)")
        rows.append(row)
        _host_cache.clear()

    meta = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "quick": args.quick, "only": args.only, "part": args.part, "device": device, "l2_bytes": l2,
        "versions": versions, "unusable": unusable, "python": platform.python_version(),
        "host": platform.node(), "copy_bandwidth": copy_bw,
    }
    md = render(meta, cases, rows)
    print(md)
    out = Path(os.environ.get("OUT") or Path(__file__).resolve().parent / "out")
    out.mkdir(parents=True, exist_ok=True)
    (out / "bench.md").write_text(md, encoding="utf-8")
    raw = {**meta, "cases": [{"what": c.what, "clock": c.clock, "nbytes": c.nbytes, "calls": c.calls,
                              "results": row, "targets": target_results(c, row, copy_bw)}
                             for c, row in zip(cases, rows)]}
    (out / "bench.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {out / 'bench.md'} and {out / 'bench.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
