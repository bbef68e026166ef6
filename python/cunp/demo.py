"""The CuPy tutorials' workloads, timed with NumPy (CPU) and cunp (GPU).

    python -m cunp.demo [--small] [--repeat N]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

# What a cunp that lacks an operation raises; the row then reads 'not yet'.
NOT_YET = (AttributeError, TypeError, NotImplementedError)


def random_vector(xp, n, seed):
    """Random float64 inputs; made outside the clock, on the host if cunp has no random yet."""
    host = np.random.default_rng(seed).random(n)
    if xp is np:
        return host
    try:
        return xp.random.random(n)
    except NOT_YET:
        return xp.asarray(host)


def scale(xp, x):
    x *= 5


def chain(xp, x):
    x *= 5
    x *= x
    x += x


def add(xp, ab):
    return ab[0] + ab[1]


def ones_times(xp, shape):
    x = xp.ones(shape)
    y = 5 * x
    return y * y


def workloads(small):
    """(label, setup(xp) -> state, run(xp, state), bytes moved if it is a transfer, else 0)."""
    k = 100 if small else 1
    cube = (1000 // k, 500, 500)  # seed 001's 2 GB array
    slab = (100 // k, 1000, 1000)  # seed 003's test.py
    n = int(5e7) // k  # seed 002's vector add
    ones_cube = lambda xp: xp.ones(cube)  # noqa: E731
    return [
        (f"x = ones({cube})", None, lambda xp, _: xp.ones(cube), 0),
        ("x *= 5", ones_cube, scale, 0),
        ("x *= 5; x *= x; x += x", ones_cube, chain, 0),
        (f"a + b, {n:,} random float64",
         lambda xp: (random_vector(xp, n, 1), random_vector(xp, n, 2)), add, 0),
        (f"x = ones({slab}); 5*x; x*x", None, lambda xp, _: ones_times(xp, slab), 0),
        (f"host -> device, {cube} float64", lambda xp: np.ones(cube),
         lambda xp, a: xp.asarray(a), 8 * np.prod(cube)),
        (f"device -> host, {cube} float64", lambda xp: xp.asarray(np.ones(cube)),
         lambda xp, x: xp.asnumpy(x), 8 * np.prod(cube)),
    ]


def best_time(xp, sync, setup, run, repeat):
    """Best of `repeat` after one warm-up (the first call compiles kernels, fills the pool)."""
    state = setup(xp) if setup else None
    sync()
    times = []
    for _ in range(repeat + 1):
        t0 = time.perf_counter()
        out = run(xp, state)
        sync()  # GPU work is asynchronous: the clock stops only when it is done
        times.append(time.perf_counter() - t0)
        del out
    return min(times[1:])


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


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m cunp.demo", description=__doc__.splitlines()[0])
    ap.add_argument("--small", action="store_true", help="sizes 100x smaller (smoke test)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per workload (best kept)")
    args = ap.parse_args(argv)
    args.repeat = max(1, args.repeat)

    cp, sync, device = load_cunp()
    print("The CuPy tutorials' workloads on the CPU (NumPy) and the GPU (cunp): best of "
          f"{args.repeat} after a warm-up, GPU synchronized before the clock stops.")
    print(f"{device}; NumPy {np.__version__}\n")

    rows = [("workload", "NumPy", "cunp", "speedup")]
    for label, setup, run, transfer_bytes in workloads(args.small):
        # A transfer has no NumPy counterpart: its rate stands in for the speedup.
        t_np = None if transfer_bytes else best_time(np, lambda: None, setup, run, args.repeat)
        cp_cell, speedup = "no GPU", "-"
        if cp is not None:
            try:
                t_cp = best_time(cp, sync, setup, run, args.repeat)
                cp_cell = seconds(t_cp)
                speedup = (f"{transfer_bytes / t_cp / 1e9:.1f} GB/s" if transfer_bytes
                           else f"{t_np / t_cp:.1f}x")
            except NOT_YET:
                cp_cell = "not yet"
            except Exception as e:
                cp_cell = f"error: {type(e).__name__}"
                print(f"{label}: cunp failed: {type(e).__name__}: {e}")
            finally:
                try:
                    cp.get_default_memory_pool().free_all_blocks()
                except Exception:
                    pass
        rows.append((label, "-" if t_np is None else seconds(t_np), cp_cell, speedup))

    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for i, r in enumerate(rows):
        print("  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
