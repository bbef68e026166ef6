"""Device memory pool, allocator hooks, out-of-memory and 64-bit sizes."""

import gc
import os
import subprocess
import sys
import textwrap

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

MiB = 2**20


def test_pool_accounting(memory_pool):
    pool = memory_pool
    gc.collect()  # arrays of earlier tests that are only waiting for the collector
    used0 = pool.used_bytes()
    a = cunp.empty(10 * MiB, dtype=numpy.int8)
    assert pool.used_bytes() >= used0 + 10 * MiB
    assert pool.total_bytes() >= pool.used_bytes()
    assert pool.total_bytes() == pool.used_bytes() + pool.free_bytes()
    del a
    gc.collect()
    assert pool.used_bytes() == used0
    assert pool.free_bytes() >= 10 * MiB
    assert pool.n_free_blocks() >= 1
    total_before = pool.total_bytes()
    pool.free_all_blocks()
    # The freed 10 MiB goes back to the driver; what stays free is only the unused rest of
    # small-block segments that live arrays (of earlier tests, or cunp's own small buffers) pin.
    assert pool.total_bytes() <= total_before - 10 * MiB
    assert pool.total_bytes() == pool.used_bytes() + pool.free_bytes()
    assert pool.free_bytes() < 10 * MiB


def test_pool_reuses_freed_blocks(memory_pool):
    pool = memory_pool
    for _ in range(20):
        a = cunp.zeros(32 * MiB, dtype=numpy.uint8)
        del a
    assert pool.total_bytes() <= pool.used_bytes() + 2 * 32 * MiB + MiB


def test_view_keeps_memory_alive(memory_pool):
    a = cunp.arange(1 << 20, dtype=numpy.int32)
    v = a[::-3]
    used = memory_pool.used_bytes()
    del a
    gc.collect()
    assert memory_pool.used_bytes() == used
    n = 1 << 20
    assert cunp.asnumpy(v[:3]).tolist() == [n - 1, n - 4, n - 7]


def test_malloc(memory_pool):
    used0 = memory_pool.used_bytes()
    p = memory_pool.malloc(1000)
    assert isinstance(p.ptr, int) and p.ptr != 0
    assert p.size >= 1000
    assert p.device.id == cunp.cuda.Device().id
    assert memory_pool.used_bytes() >= used0 + 1000
    q = memory_pool.malloc(1000)
    assert q.ptr != p.ptr
    del p, q
    gc.collect()
    assert memory_pool.used_bytes() == used0


def test_array_pointers_are_distinct_and_aligned():
    arrays = [cunp.empty(n, dtype=numpy.float64) for n in (1, 3, 100, 4097)]
    ptrs = [a.data.ptr for a in arrays]
    assert len(set(ptrs)) == len(ptrs)
    # Vector loads in kernels rely on at least 256-byte aligned allocations.
    assert all(p % 256 == 0 for p in ptrs)


@pytest.mark.parametrize('how', ['empty', 'zeros', 'malloc'])
def test_out_of_memory(memory_pool, how):
    with pytest.raises(cunp.cuda.memory.OutOfMemoryError) as info:
        if how == 'malloc':
            memory_pool.malloc(2**50)
        else:
            getattr(cunp, how)(2**50, dtype=numpy.int8)
    assert isinstance(info.value, MemoryError)
    assert str(info.value)
    # The pool must stay usable after the failure.
    a = cunp.full(1000, 7, dtype=numpy.int16)
    assert cunp.asnumpy(a[-2:]).tolist() == [7, 7]


def test_out_of_memory_is_memory_error():
    assert issubclass(cunp.cuda.memory.OutOfMemoryError, MemoryError)


def test_set_limit_size(memory_pool):
    pool = memory_pool
    pool.set_limit(size=pool.used_bytes() + 64 * MiB)
    assert pool.get_limit() == pool.used_bytes() + 64 * MiB
    a = cunp.empty(32 * MiB, dtype=numpy.int8)
    with pytest.raises(cunp.cuda.memory.OutOfMemoryError):
        cunp.empty(48 * MiB, dtype=numpy.int8)
    del a
    gc.collect()
    b = cunp.empty(48 * MiB, dtype=numpy.int8)
    del b
    pool.set_limit(size=0)
    c = cunp.empty(128 * MiB, dtype=numpy.int8)
    del c


def test_set_limit_fraction(memory_pool):
    total = cunp.cuda.Device().mem_info[1]
    memory_pool.set_limit(fraction=0.25)
    assert abs(memory_pool.get_limit() - total * 0.25) <= MiB
    memory_pool.set_limit(fraction=1.0)
    assert abs(memory_pool.get_limit() - total) <= MiB


@pytest.mark.parametrize('kwargs', [{'size': 1024, 'fraction': 0.5},
                                    {'fraction': 1.5}, {'fraction': -0.1},
                                    {'size': -1}],
                         ids=str)
def test_set_limit_invalid(memory_pool, kwargs):
    with pytest.raises(ValueError):
        memory_pool.set_limit(**kwargs)


def _run_python(code, **env):
    full_env = dict(os.environ)
    # Same module search order as this process, so the child imports the
    # cunp under test.
    full_env['PYTHONPATH'] = os.pathsep.join(p for p in sys.path if p)
    full_env.update(env)
    proc = subprocess.run([sys.executable, '-c', textwrap.dedent(code)],
                          env=full_env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.split()


_LIMIT_PROBE = '''
    import cunp
    pool = cunp.get_default_memory_pool()
    total = cunp.cuda.Device().mem_info[1]
    small = cunp.ones(1024, dtype='int8')
    try:
        big = cunp.empty(pool.get_limit() + 2**20, dtype='int8')
        outcome = 'allocated'
    except cunp.cuda.memory.OutOfMemoryError:
        outcome = 'oom'
    print(pool.get_limit(), total, outcome, int(small[-1]))
'''


def test_memory_limit_env_bytes():
    limit, _, outcome, check = _run_python(
        _LIMIT_PROBE, CUNP_GPU_MEMORY_LIMIT=str(256 * MiB))
    assert int(limit) == 256 * MiB
    assert outcome == 'oom'
    assert check == '1'


def test_memory_limit_env_percent():
    limit, total, outcome, _ = _run_python(
        _LIMIT_PROBE, CUNP_GPU_MEMORY_LIMIT='50%')
    assert abs(int(limit) - int(total) * 0.5) <= MiB
    assert outcome == 'oom'


def test_custom_allocator():
    pool = cunp.get_default_memory_pool()
    sizes = []

    def allocator(size):
        sizes.append(size)
        return pool.malloc(size)

    cunp.cuda.set_allocator(allocator)
    try:
        a = cunp.zeros(1000, dtype=numpy.float64)
        b = a.copy()
    finally:
        cunp.cuda.set_allocator(pool.malloc)
    assert len(sizes) >= 2
    assert max(sizes) >= 8000
    assert cunp.asnumpy(b).sum() == 0


def test_allocator_none():
    pool = cunp.get_default_memory_pool()
    cunp.cuda.set_allocator(None)
    try:
        a = cunp.full((256, 256), 3.0)
        b = a[::2].copy()
        del a
        gc.collect()
        assert cunp.asnumpy(b)[-1, -1] == 3.0
        del b
    finally:
        cunp.cuda.set_allocator(pool.malloc)
    c = cunp.ones(10)
    assert cunp.asnumpy(c).sum() == 10


def test_pinned_pool():
    pinned = cunp.get_default_pinned_memory_pool()
    for _ in range(3):
        host = cunp.asnumpy(cunp.ones(4 * MiB, dtype=numpy.int8))
        cunp.asarray(host)
    assert pinned.n_free_blocks() >= 0
    pinned.free_all_blocks()
    assert pinned.n_free_blocks() == 0


def test_nbytes_itemsize_size():
    @testing.for_all_dtypes()
    @testing.numpy_cunp_array_equal()
    def check(xp, dtype):
        out = []
        for shape in [(), (0,), (3,), (2, 5), (4, 0, 2)]:
            a = xp.zeros(shape, dtype=dtype)
            out.append((a.nbytes, a.itemsize, a.size, a.ndim))
            v = xp.broadcast_to(a, (3,) + shape)
            out.append((v.nbytes, v.size))
        return out
    check()


@pytest.mark.slow
def test_more_than_2_31_elements():
    n = 2**31 + 4096
    free = cunp.cuda.Device().mem_info[0]
    if free < 3 * n:
        pytest.skip('needs {:.1f} GB of free device memory'.format(
            3 * n / 1e9))

    a = cunp.zeros(n, dtype=numpy.int8)
    assert a.size == n and a.nbytes == n and a.shape == (n,)
    a[2**31 - 2:2**31 + 2] = [1, 2, 3, 4]
    a[-1] = 7
    a[2**31 + 100::1000] = 5
    assert cunp.asnumpy(a[2**31 - 3:2**31 + 3]).tolist() == [0, 1, 2, 3, 4, 0]
    assert int(a[-1]) == 7
    assert int(a[::-1][0]) == 7

    b = a.reshape(2, -1)
    assert b.shape == (2, n // 2)
    assert int(b[1, -1]) == 7
    assert b.strides == (n // 2, 1)

    host = cunp.asnumpy(a)
    assert host.shape == (n,)
    assert host[2**31 - 1] == 2 and host[-1] == 7
    expected_fives = len(range(2**31 + 100, n, 1000))
    assert int(numpy.count_nonzero(host == 5)) == expected_fives
    del host, a, b
    gc.collect()

    c = cunp.ones(n, dtype=numpy.bool_)
    c[2**31::2**20] = False
    tail = cunp.asnumpy(c[2**31 - 2:])
    assert tail[:2].tolist() == [True, True]
    assert not tail[2]
    assert int(numpy.count_nonzero(~tail)) == len(range(2**31, n, 2**20))
    c.fill(False)
    assert not bool(c[-1]) and not bool(c[2**31])
