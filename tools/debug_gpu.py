"""Exercises the paths the benchmark takes, one by one, printing each result or error."""
import faulthandler
import traceback

faulthandler.enable()
import numpy as np  # noqa: E402
import cunp as cp  # noqa: E402


def step(name, fn):
    try:
        r = fn()
        cp.cuda.Device().synchronize()
        print("ok  ", name, getattr(r, "shape", ""), flush=True)
        return r
    except Exception:
        print("FAIL", name, flush=True)
        traceback.print_exc()


step("ones small", lambda: cp.ones(10))
step("ones vec", lambda: cp.ones(4096))
step("ones big", lambda: cp.ones((16, 500, 500)))
step("ones big dtype", lambda: cp.ones((16, 500, 500), dtype=np.float64))
step("full", lambda: cp.full((16, 500, 500), 3.0, dtype=np.float64))
x = step("ones 2^22", lambda: cp.ones(1 << 22))
step("copy", lambda: x.copy())
step("astype", lambda: x.astype(np.float32))
step("asarray", lambda: cp.asarray(np.random.rand(1 << 22)))
step("asnumpy", lambda: cp.asnumpy(x))
step("free", lambda: cp.get_default_memory_pool().free_all_blocks())
e1, e2 = cp.cuda.Event(), cp.cuda.Event()
step("events", lambda: (e1.record(), e2.record(), e2.synchronize(), cp.cuda.get_elapsed_time(e1, e2)))
print("debug done", flush=True)
