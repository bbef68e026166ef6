"""cunp in other processes: a child forked after CUDA was initialized refuses GPU work with an
error naming the 'spawn' start method; a 'spawn' Pool (seed 000 runs its work in a Pool) works."""
import multiprocessing
import os
import warnings

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


def _in_forked_child(work):
    """Runs work() in a child of os.fork(); returns what it returned, or its exception's type
    and message. The child never returns into pytest."""
    r, w = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork of a multi-threaded process
        pid = os.fork()
    if pid == 0:
        try:
            try:
                text = f"returned {work()!r}"
            except BaseException as e:  # noqa: BLE001 - reported to the parent
                text = f"{type(e).__name__}: {e}"
            os.write(w, text.encode())
        finally:
            os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    return b"".join(chunks).decode()


def test_fork_after_init_raises_naming_spawn():
    x = cunp.arange(10.0)
    assert float(x.sum()) == 45.0  # CUDA is initialized here
    for work in [lambda: float(cunp.ones(3).sum()),  # new work
                 lambda: float(x.sum()),             # an array from the parent
                 lambda: cunp.asnumpy(x).tolist()]:
        text = _in_forked_child(work)
        assert text.startswith("CUDARuntimeError") and "'spawn'" in text, text
    assert _in_forked_child(cunp.cuda.is_available) == "returned False"
    # The parent is unaffected.
    numpy.testing.assert_array_equal(cunp.asnumpy(x * 2), numpy.arange(10.0) * 2)


def _row_norms(seed):
    """Work for a 'spawn' pool: a GPU computation whose result returns as NumPy."""
    rng = cunp.random.default_rng(seed)
    a = rng.standard_normal((256, 64))
    return seed, cunp.asnumpy(cunp.linalg.norm(a, axis=1)), cunp.asnumpy(a)


def test_spawn_pool_works():
    float(cunp.ones(3).sum())  # the parent has initialized CUDA
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_row_norms, range(4))
    assert [seed for seed, _, _ in results] == list(range(4))
    for _, norms, a in results:
        numpy.testing.assert_allclose(norms, numpy.linalg.norm(a, axis=1), rtol=1e-12)
