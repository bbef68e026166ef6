"""The CuPy tutorials' workloads, timed with NumPy (CPU) and cunp (GPU).

    python -m cunp.demo [--small] [--repeat N]

A workload that needs an operation cunp does not have yet reads 'not yet'; the others run,
and each result is compared with NumPy's ('check'). Exits 1 if a result differs or cunp fails.
Where no GPU is present only NumPy's column is timed, the cunp column reads 'no GPU', and it
exits 0: nothing failed.

Memory: at the tutorials' sizes the largest array is 8 GiB (seed 002's random float64 array), in
host memory for NumPy and on the GPU for cunp; --small needs a hundredth of that.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np

# What a cunp that lacks an operation raises (a missing operator is a TypeError); the row
# then reads 'not yet'.
NOT_YET = (AttributeError, TypeError, NotImplementedError)

# Results are compared on at most this many evenly spaced elements: a check, not a test suite.
CHECK_SAMPLES = 10**6


@dataclass
class Row:
    label: str
    run: Callable[[Any, Any], Any]  # run(xp, state) -> result; in-place work returns its array
    setup: Optional[Callable[[Any], Any]] = None  # setup(xp) -> state, untimed
    numpy_run: Optional[Callable[[Any, Any], Any]] = None  # NumPy's counterpart, where not `run`
    transfer: int = 0  # bytes moved, for a transfer: it has no NumPy time, its rate is shown
    compare: bool = True  # False where the results differ by design (random streams)


# User kernels of the tutorials, as (in_params, out_params, body, name) for ElementwiseKernel.
ADD_VEC_ELEM = ("float64 x, float64 y", "float64 z", "z = x + y", "add_vec_elem")  # seed 002
MY_KERNEL = ("float32 x, float32 y", "float32 z",  # seed 000: a branch, and broadcasting
             "if (x - 2 > y) {\n  z = x * y;\n} else {\n  z = x + y;\n}", "my_kernel")


def kernel(xp, spec):
    """The ElementwiseKernel on the GPU; NumPy has none (its row brings `numpy_run`)."""
    return None if xp is np else xp.ElementwiseKernel(*spec)


def upload(xp, host):
    """The same inputs for both libraries, so results can be compared; made outside the clock."""
    return host if xp is np else xp.asarray(host)


def random_vector(xp, shape, seed):
    return upload(xp, np.random.default_rng(seed).random(shape))


def scale(xp, x):
    x *= 5
    return x


def chain(xp, x):
    x *= 5
    x *= x
    x += x
    return x


def triple_square(xp, x):  # seed 002's "something big"
    x *= 3
    x *= x
    return x


def add(xp, ab):
    return ab[0] + ab[1]


def launch(xp, state):
    return state[0](*state[1:])


def ones_times(xp, shape):  # seed 003's test.py
    x = xp.ones(shape)
    y = 5 * x
    return y * y


def softplus(xp, x):  # seed 004: log(1 + exp(x)) without overflow
    return xp.maximum(0, x) + xp.log1p(xp.exp(-abs(x)))


# Seed 002's raw kernels: the product over z of a (Z, Y, X) stack, accumulated in global memory
# (mul) or in a register (mulReg).
MUL_KERNELS = {
    "mul": "out[y*X+x] = 1.;\n for (int z = 0; z < Z; z++)\n"
           "  out[y*X+x] = out[y*X+x] * in[z*Y*X+y*X+x];",
    "mulReg": "double tmp = 1.;\n for (int z = 0; z < Z; z++)\n  tmp = tmp * in[z*Y*X+y*X+x];\n"
              " out[y*X+x] = tmp;",
}


def raw_mul(xp, name):
    """seed 002's RawKernel `name`, launched as the seed does: 32x32 blocks over (Y, X)."""
    code = ('extern "C" __global__ void ' + name + '(const double* in, double* out, const int Z, '
            'const int Y, const int X) {\n int x = blockDim.x * blockIdx.x + threadIdx.x;\n'
            ' int y = blockDim.y * blockIdx.y + threadIdx.y;\n if (x < X && y < Y) {\n' +
            MUL_KERNELS[name] + "\n }\n}\n")
    kernel = xp.RawKernel(code, name)

    def run(stack):
        z, y, x = stack.shape
        out = xp.empty((y, x), dtype=xp.float64)
        kernel(((x + 31) // 32, (y + 31) // 32), (32, 32), (stack, out, z, y, x))
        return out
    return run


def raw_row(name, stack_shape):
    return Row(f"RawKernel {name}, product over z of {stack_shape}",
               lambda xp, s: s[0](s[1]),
               lambda xp: (None if xp is np else raw_mul(xp, name),
                           upload(xp, 1 + np.random.default_rng(4).random(stack_shape) / 1e3)),
               numpy_run=lambda xp, s: np.prod(s[1], axis=0))


def workloads(small):
    k = 100 if small else 1
    cube = (1000 // k, 500, 500)  # seed 001's 2 GB array
    slab = (100 // k, 1000, 1000)  # seed 003's test.py
    big = (1024 // k, 1024, 1024)  # seed 002's 8 GiB random array
    n = int(5e7) // k  # seed 002's vector add
    ones_cube = lambda xp: xp.ones(cube)  # noqa: E731
    vectors = lambda xp: (random_vector(xp, n, 1), random_vector(xp, n, 2))  # noqa: E731
    return [
        Row(f"x = ones({cube})", lambda xp, _: xp.ones(cube)),
        Row("x *= 5", scale, ones_cube),
        Row("x *= 5; x *= x; x += x", chain, ones_cube),
        Row(f"a + b, {n:,} random float64", add, vectors),
        Row(f"ElementwiseKernel add_vec_elem(a, b), {n:,}", launch,
            lambda xp: (kernel(xp, ADD_VEC_ELEM), *vectors(xp)),
            numpy_run=lambda xp, s: np.add(s[1], s[2])),
        Row(f"x *= 3; x *= x, random {big}", triple_square, lambda xp: random_vector(xp, big, 3)),
        Row(f"x = ones({slab}); 5*x; x*x", lambda xp, _: ones_times(xp, slab)),
        Row(f"softplus(x), linspace(-5, 5, {n:,})", softplus,
            lambda xp: upload(xp, np.linspace(-5, 5, n))),
        Row("ElementwiseKernel my_kernel(x, y), (2, 3) and (3,) float32", launch,
            lambda xp: (kernel(xp, MY_KERNEL), upload(xp, np.arange(6, dtype="f").reshape(2, 3)),
                        upload(xp, np.arange(3, dtype="f"))),
            numpy_run=lambda xp, s: np.where(s[1] - 2 > s[2], s[1] * s[2], s[1] + s[2])),
        Row("x.sum(axis=1), arange(6).reshape(2, 3)", lambda xp, x: x.sum(axis=1),
            lambda xp: upload(xp, np.arange(6, dtype="f").reshape(2, 3))),
        Row(f"x.sum(), random {cube}", lambda xp, x: x.sum(), lambda xp: random_vector(xp, cube, 5)),
        Row(f"random.random({big}) float64", lambda xp, _: xp.random.random(big),
            compare=False),
        Row(f"random.random({n:,}, dtype=float64)",
            lambda xp, _: xp.random.random(n, dtype=xp.float64),
            numpy_run=lambda xp, _: np.random.random(n), compare=False),
        Row("linalg.norm(x), random (100000, 1000)", lambda xp, x: xp.linalg.norm(x),
            lambda xp: random_vector(xp, (100000 // k, 1000), 6)),
        Row("linalg.svd(x) singular values, random (1000, 1000)",
            lambda xp, x: xp.linalg.svd(x)[1], lambda xp: random_vector(xp, (1000, 1000), 7)),
        Row("linalg.det(vstack([1..5] * 5) + 0.5 * eye)",
            lambda xp, x: xp.linalg.det(xp.vstack([x] * 5) + 0.5 * xp.eye(5)),
            lambda xp: upload(xp, np.arange(1.0, 6.0))),
        raw_row("mul", (4096 // k, 512, 512)),
        raw_row("mulReg", (4096 // k, 512, 512)),
        Row(f"host -> device, {cube} float64", lambda xp, a: xp.asarray(a),
            lambda xp: np.ones(cube), transfer=8 * int(np.prod(cube))),
        Row(f"device -> host, {cube} float64", lambda xp, x: xp.asnumpy(x),
            lambda xp: xp.asarray(np.ones(cube)), transfer=8 * int(np.prod(cube))),
    ]


def best_time(xp, sync, setup, run, repeat):
    """(best of `repeat` after one warm-up, the last result). The warm-up compiles kernels and
    fills the pool."""
    state = setup(xp) if setup else None
    sync()
    times, out = [], None
    for _ in range(repeat + 1):
        out = None  # results of the big workloads are GBs: free before the next run
        t0 = time.perf_counter()
        out = run(xp, state)
        sync()  # GPU work is asynchronous: the clock stops only when it is done
        times.append(time.perf_counter() - t0)
    return min(times[1:]), out


def sampled(a):
    flat = np.asarray(a).reshape(-1)
    return flat[:: max(1, flat.size // CHECK_SAMPLES)]


def check(cp, mine, ref) -> str:
    """'ok' if cunp's result matches NumPy's (evenly spaced samples), else why not."""
    try:
        got = cp.asnumpy(mine)
    except Exception as e:  # noqa: BLE001 - a failed copy is a finding, not a crash
        return f"asnumpy failed: {type(e).__name__}"
    ref = np.asarray(ref)
    if got.shape != ref.shape or got.dtype != ref.dtype:
        return f"got {got.dtype}{got.shape}, NumPy {ref.dtype}{ref.shape}"
    same = np.allclose(sampled(got), sampled(ref), rtol=1e-5, equal_nan=True)
    return "ok" if same else "MISMATCH"


def load_cunp():
    """(module, sync, device line), or (None, None, why not) when cunp cannot run here."""
    try:
        import cunp as cp

        probe = cp.ones(4)
        cp.cuda.Stream.null.synchronize()
        del probe
    except Exception as e:  # no GPU, no driver, or a broken build: still show NumPy
        return None, None, f"cunp unavailable ({type(e).__name__}: {e})"
    try:
        name = cp.cuda.runtime.getDeviceProperties(0)["name"]
        name = name.decode() if isinstance(name, bytes) else name
    except Exception:
        name = "GPU 0"
    return cp, cp.cuda.Stream.null.synchronize, f"GPU: {name}, cunp {getattr(cp, '__version__', '?')}"


def seconds(t):
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    return f"{t * 1e3:.3g} ms" if t < 1 else f"{t:.2f} s"


def run_row(row, cp, sync, repeat, problems):
    """One table line: (label, NumPy time, cunp time, speedup, check)."""
    t_np = ref = None
    if not row.transfer:  # a transfer has no NumPy counterpart: its rate stands in for the speedup
        t_np, ref = best_time(np, lambda: None, row.setup, row.numpy_run or row.run, repeat)
    if cp is None:
        return row.label, seconds(t_np) if t_np else "-", "no GPU", "-", "-"
    cp_cell, speedup, verdict = "not yet", "-", "-"
    try:
        t_cp, mine = best_time(cp, sync, row.setup, row.run, repeat)
        cp_cell = seconds(t_cp)
        if row.transfer:
            speedup = f"{row.transfer / t_cp / 1e9:.1f} GB/s"
        else:
            speedup = f"{t_np / t_cp:.1f}x"
            verdict = check(cp, mine, ref) if row.compare else "-"
            if verdict not in ("ok", "-"):
                problems.append(f"{row.label}: cunp failed: result differs from NumPy's: {verdict}")
                verdict = "MISMATCH"
        del mine
    except NOT_YET as e:
        problems.append(f"{row.label}: not yet: {type(e).__name__}: {e}")
    except Exception as e:
        cp_cell = f"error: {type(e).__name__}"
        problems.append(f"{row.label}: cunp failed: {type(e).__name__}: {e}")
    finally:
        try:
            cp.get_default_memory_pool().free_all_blocks()
        except Exception:
            pass
    return row.label, "-" if t_np is None else seconds(t_np), cp_cell, speedup, verdict


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m cunp.demo", description=__doc__.splitlines()[0])
    ap.add_argument("--small", action="store_true", help="sizes 100x smaller (smoke test)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per workload (best kept)")
    args = ap.parse_args(argv)
    args.repeat = max(1, args.repeat)

    cp, sync, device = load_cunp()
    print("The CuPy tutorials' workloads on the CPU (NumPy) and the GPU (cunp): best of "
          f"{args.repeat} after a warm-up, GPU synchronized before the clock stops.")
    print(f"{device}; NumPy {np.__version__}")
    # Most of the time is NumPy's, at the seeds' sizes.
    print("This takes " + ("about 10 seconds" if args.small else "about two minutes") +
          "; each row prints as it completes." +
          ("" if args.small else " The largest array is 8 GiB, in host memory for NumPy (and on "
           "the GPU for cunp): --small needs a hundredth of that.") + "\n")

    rows = workloads(args.small)
    # Rows print as they complete, so the columns are sized up front.
    widths = [max(len("workload"), *(len(r.label) for r in rows)), 9, 12, 12, 8]
    line = lambda cells: "  ".join(  # noqa: E731
        c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(cells, widths)))
    print(line(("workload", "NumPy", "cunp", "speedup", "check")))
    print("  ".join("-" * w for w in widths), flush=True)
    problems = []
    for row in rows:
        print(line(run_row(row, cp, sync, args.repeat, problems)), flush=True)
    if problems:
        print()
        print("\n".join(problems))
    # 'not yet' is work to come; a wrong result or an error is a bug, and fails the run.
    return 1 if any("cunp failed:" in p for p in problems) else 0


if __name__ == "__main__":
    raise SystemExit(main())
