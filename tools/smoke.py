"""A quick end-to-end look at the basics on a GPU; prints what it sees."""
import time

t0 = time.perf_counter()
import cunp as cp  # noqa: E402

print("import", round(time.perf_counter() - t0, 3), "s")
import numpy as np  # noqa: E402

print(cp.cuda.runtime.getDeviceCount(), cp.cuda.Device(0).compute_capability, cp.cuda.Device(0).mem_info)
x = cp.arange(6, dtype="f").reshape(2, 3)
print(repr(x), x.T.strides, x.flags.c_contiguous)
print(cp.linspace(0, 1, 5), cp.eye(3, k=1, dtype=int))
a = np.random.rand(4, 5)
g = cp.asarray(a)
assert (cp.asnumpy(g) == a).all()
assert (cp.asnumpy(g[::-1, 1::2]) == a[::-1, 1::2]).all()
assert (cp.asnumpy(g.T.astype(np.float32)) == a.T.astype(np.float32)).all()
g[1:3] = 7
print(g)
big = np.random.rand(1 << 27)
t0 = time.perf_counter()
d = cp.asarray(big)
cp.cuda.Device().synchronize()
t1 = time.perf_counter()
back = cp.asnumpy(d)
t2 = time.perf_counter()
assert (back == big).all()
print(f"H2D {big.nbytes / (t1 - t0) / 1e9:.1f} GB/s  D2H {big.nbytes / (t2 - t1) / 1e9:.1f} GB/s")
pool = cp.get_default_memory_pool()
print("pool", pool.used_bytes(), pool.total_bytes(), pool.n_free_blocks())
print("smoke ok")
