"""Fault injection: each case runs in a process of its own, so a lost context stays there.

- ``oom_*``: the pool's limit is swept upwards from what the inputs hold, so that every
  allocation of the operation (outputs, matmul and sort temporaries, solver workspaces and info
  words) fails once in turn; each failure must be a MemoryError that leaves the pool's used
  bytes where they were and the inputs unchanged, and the first success the right result.
- ``interrupt``: SIGINT from a timer thread while the main thread waits in a synchronize for a
  2 s kernel; KeyboardInterrupt must reach Python and the process stay usable.
- ``cache_unwritable``: CUNP_CACHE_DIR below a regular file, so no directory or file can be
  created there by any user (root too); kernels still compile, load and compute.
- ``cache_full``: the file-size limit (RLIMIT_FSIZE, with SIGXFSZ ignored) makes every write of
  a cache file fail part way, as a full disk does; kernels still work, no temporary file stays,
  and a second process reading that directory gets correct kernels.
- ``cache_shared``: 16 processes compile the same kernels into one empty cache directory at
  once, then one more reads it; every result is correct.
- ``trap``: a user RawKernel executes ``trap``; the error names the kernel and says the context
  is lost, and the next call works or says the same.

    python tools/reliability/faults.py [--case NAME]

Prints one line per case and ``faults: ok (N cases)`` or ``faults: FAILED (names)`` last.
"""
import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time

import numpy
from process import run

HERE = os.path.abspath(__file__)
MiB = 1 << 20
PASSED = 'case passed'


def oom_sweep(cp, inputs_host, op, step=MiB, max_steps=400):
    """Runs op(*inputs) under growing pool limits; returns how many limits failed first."""
    pool = cp.get_default_memory_pool()
    inputs = [cp.asarray(h) for h in inputs_host]
    expected = cp.asnumpy(op(*inputs))
    cp.cuda.Device().synchronize()
    pool.free_all_blocks()
    used, held = pool.used_bytes(), pool.total_bytes()
    failures = 0
    try:
        for k in range(max_steps):
            pool.set_limit(size=held + k * step)
            try:
                result = op(*inputs)
                cp.cuda.Device().synchronize()
            except MemoryError:
                failures += 1
                if pool.used_bytes() != used:
                    raise AssertionError(f'limit {held + k * step}: {pool.used_bytes()} bytes in '
                                         f'use after the failure, {used} before') from None
                for h, x in zip(inputs_host, inputs):
                    numpy.testing.assert_array_equal(cp.asnumpy(x), h)
                continue
            numpy.testing.assert_allclose(cp.asnumpy(result), expected, rtol=1e-5, atol=1e-5)
            return failures
    finally:
        pool.set_limit(size=0)
    raise AssertionError(f'still out of memory at {held + max_steps * step} bytes')


def _rng():
    return numpy.random.default_rng(3)


def case_oom_matmul(cp):
    a, b = _rng().random((1024, 768), 'float32'), _rng().random((768, 1280), 'float32')
    return oom_sweep(cp, [a, b], lambda x, y: x @ y)


def case_oom_sort(cp):
    keys = _rng().random(3 << 20).astype('float32')
    return oom_sweep(cp, [keys], lambda x: cp.argsort(x, kind='stable'))


def case_oom_linalg(cp):
    a = _rng().random((300, 300)) + 300 * numpy.eye(300)
    return oom_sweep(cp, [a], lambda x: cp.linalg.svd(x, compute_uv=False), step=MiB // 4)


def case_oom_solve(cp):
    a = _rng().random((8, 120, 120)) + 120 * numpy.eye(120)
    b = _rng().random((8, 120, 3))
    return oom_sweep(cp, [a, b], cp.linalg.solve, step=MiB // 4)


SPIN_SOURCE = r'''
extern "C" __global__ void spin_for(unsigned long long nanoseconds) {
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < nanoseconds);
}
'''


def case_interrupt(cp):
    spin = cp.RawKernel(SPIN_SOURCE, 'spin_for')
    spin((1,), (1,), (numpy.uint64(10**6),))  # compiles and loads it before timing anything
    cp.cuda.Device().synchronize()
    main = threading.main_thread().ident
    notes = []
    waits = {'Device.synchronize': cp.cuda.Device().synchronize,
             'Stream.synchronize': cp.cuda.get_current_stream().synchronize}
    for what, wait in waits.items():
        spin((1,), (1,), (numpy.uint64(2 * 10**9),))
        threading.Timer(0.3, signal.pthread_kill, (main, signal.SIGINT)).start()
        t0 = time.perf_counter()
        try:
            wait()
            time.sleep(3)  # the interrupt is delivered at the latest here
            raise AssertionError(f'{what}: no KeyboardInterrupt')
        except KeyboardInterrupt:
            notes.append(f'{what}: KeyboardInterrupt after '
                         f'{time.perf_counter() - t0:.2f} s')
        x = cp.arange(1000, dtype='int64')
        if int((x * 2).sum()) != 999000:
            raise AssertionError('wrong result after the interrupt')
    return '; '.join(notes)


def _kernel_workload(cp):
    """Kernels of three kinds (a ufunc loop, an ElementwiseKernel, a RawKernel), checked."""
    x = numpy.arange(257, dtype='float32')
    numpy.testing.assert_allclose(cp.asnumpy(cp.sqrt(cp.asarray(x)) * 3), numpy.sqrt(x) * 3,
                                  rtol=1e-6)
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x * x - (T)2', 'fault_square')
    numpy.testing.assert_array_equal(cp.asnumpy(k(cp.arange(50, dtype='int32'))),
                                     numpy.arange(50) ** 2 - 2)
    raw = cp.RawKernel(r'''extern "C" __global__ void fault_iota(int* y, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = 3 * i; }''', 'fault_iota')
    y = cp.empty(300, 'int32')
    raw((3,), (128,), (y, numpy.int32(300)))
    numpy.testing.assert_array_equal(cp.asnumpy(y), 3 * numpy.arange(300))


def case_cache_unwritable(cp):
    _kernel_workload(cp)
    return f'cache dir {os.environ["CUNP_CACHE_DIR"]} (cannot exist)'


def case_cache_full(cp):
    _kernel_workload(cp)
    cache = os.environ['CUNP_CACHE_DIR']
    left = [f for f in os.listdir(cache) if '.tmp.' in f] if os.path.isdir(cache) else []
    if left:
        raise AssertionError(f'temporary files left in the cache: {left}')
    return f'{len(os.listdir(cache)) if os.path.isdir(cache) else 0} files small enough to be kept'


def case_cache_worker(cp):
    _kernel_workload(cp)


def case_trap(cp):
    trap = cp.RawKernel(r'extern "C" __global__ void user_trap_kernel(int* x) '
                        r'{ if (threadIdx.x == 5) asm("trap;"); x[threadIdx.x] = 1; }',
                        'user_trap_kernel')
    x = cp.zeros(32, 'int32')
    try:
        trap((1,), (32,), (x,))
        cp.cuda.Device().synchronize()
        raise AssertionError('the trap raised nothing')
    except cp.cuda.runtime.CUDARuntimeError as e:
        first = str(e)
    for word in ('user_trap_kernel', 'context is lost'):
        if word not in first:
            raise AssertionError(f'the error does not say {word!r}: {first}')
    try:
        after = 'next call worked' if int(cp.arange(5).sum()) == 10 else 'WRONG'
    except Exception as e:  # noqa: BLE001 - any error must say the context is lost
        if 'context is lost' not in str(e):
            raise AssertionError(f'the next call raised an unclear error: {e!r}') from None
        after = f'next call: {type(e).__name__} (context lost)'
    return f'{first.splitlines()[0][:160]} ... ; {after}'


def _unwritable_dir():
    blocker = tempfile.NamedTemporaryFile(prefix='cunp-not-a-dir-', delete=False)
    blocker.close()
    return os.path.join(blocker.name, 'cache')


def _limit_file_size():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def child(case, env=None, preexec=None, timeout=240):
    """Runs one case in a new process; (exit status, output)."""
    rc, out, _ = run([sys.executable, HERE, '--case', case], timeout, env, preexec_fn=preexec)
    return rc, out


def run_cache_shared(env):
    procs = [subprocess.Popen([sys.executable, HERE, '--case', 'cache_worker'], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(16)]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    bad = [i for i, p in enumerate(procs) if p.returncode != 0 or PASSED not in outs[i]]
    if bad:
        return 1, f'workers {bad} failed:\n' + outs[bad[0]]
    return child('cache_worker', env)


def parent_cases():
    """(name, runner) pairs; a runner returns (exit status, output) of its child(ren)."""
    def env(**extra):
        return dict(os.environ, PYTHONFAULTHANDLER='1', **extra)

    def fresh():
        return tempfile.mkdtemp(prefix='cunp-fault-cache-')

    yield 'oom_matmul', lambda: child('oom_matmul', env())
    yield 'oom_sort', lambda: child('oom_sort', env())
    yield 'oom_linalg', lambda: child('oom_linalg', env())
    yield 'oom_solve', lambda: child('oom_solve', env())
    yield 'interrupt', lambda: child('interrupt', env())
    yield 'cache_unwritable', lambda: child('cache_unwritable', env(CUNP_CACHE_DIR=_unwritable_dir()))

    def cache_full():
        d = fresh()
        rc, out = child('cache_full', env(CUNP_CACHE_DIR=d), preexec=_limit_file_size)
        if rc != 0:
            return rc, out
        rc2, out2 = child('cache_worker', env(CUNP_CACHE_DIR=d))  # reads what was kept
        return rc2, out + out2
    yield 'cache_full', cache_full
    yield 'cache_shared', lambda: run_cache_shared(env(CUNP_CACHE_DIR=fresh()))
    yield 'trap', lambda: child('trap', env())


def run_case_here(name):
    import cunp
    note = globals()['case_' + name](cunp)
    print(f'{PASSED}: {name}' + (f' ({note})' if note not in (None, '') else ''), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--case', help='run one case in this process (what the parent does)')
    parser.add_argument('--only', default='', help='run the cases whose name contains this')
    args = parser.parse_args(argv)
    if args.case:
        run_case_here(args.case)
        return 0
    failed, count = [], 0
    for name, runner in parent_cases():
        if args.only not in name:
            continue
        count += 1
        t0 = time.perf_counter()
        rc, out = runner()
        passed = [line for line in out.splitlines() if line.startswith(PASSED)]
        ok = rc == 0 and passed
        print(f'{name}: {"ok" if ok else f"FAILED (rc {rc})"} ({time.perf_counter() - t0:.1f} s)'
              + (f' {passed[-1][len(PASSED) + 2 + len(name):]}' if passed else ''), flush=True)
        if not ok:
            failed.append(name)
            print('    ' + out[-3000:].replace('\n', '\n    '), flush=True)
    print(f'faults: ok ({count} cases)' if not failed else f'faults: FAILED ({", ".join(failed)})',
          flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
