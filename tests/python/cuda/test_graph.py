"""CUDA graphs: capture of cunp's own operations (elementwise, pool allocation, raw kernels),
replay results, and errors for what cannot be captured."""
import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


def test_capture_and_replay_elementwise():
    s = cunp.cuda.Stream(non_blocking=True)
    x = cunp.arange(1000, dtype=cunp.float64)
    with s:
        s.begin_capture()
        assert s.is_capturing()
        y = x * 2 + 1          # allocations from the pool and kernels, recorded only
        z = cunp.sin(y)
        g = s.end_capture()
    assert not s.is_capturing()
    assert isinstance(g, cunp.cuda.graph.Graph)
    assert g.num_nodes >= 3
    g.launch(s)
    s.synchronize()
    expect = numpy.sin(numpy.arange(1000.0) * 2 + 1)
    numpy.testing.assert_allclose(z.get(), expect)
    # Replays see the inputs' current values.
    x[...] = 1  # on the current (null) stream, which a non-blocking stream does not wait for
    cunp.cuda.Device().synchronize()
    g.upload(s)
    g.launch(s)
    s.synchronize()
    numpy.testing.assert_allclose(z.get(), numpy.sin(numpy.full(1000, 3.0)))


def test_replay_many_times_accumulates():
    s = cunp.cuda.Stream(non_blocking=True)
    x = cunp.zeros(10, dtype=cunp.int64)
    with s:
        s.begin_capture()
        cunp.add(x, 1, out=x)
        g = s.end_capture()
    for _ in range(5):
        g.launch(s)
    s.synchronize()
    assert x.get().tolist() == [5] * 10


def test_capture_raw_kernel():
    k = cunp.RawKernel(r'extern "C" __global__ void f(float* x) { x[threadIdx.x] *= 2; }', 'f')
    k.compile()
    x = cunp.ones(32, dtype=cunp.float32)
    s = cunp.cuda.Stream(non_blocking=True)
    s.begin_capture()
    k((1,), (32,), (x,), stream=s)
    g = s.end_capture()
    g.launch(s)
    g.launch(s)
    s.synchronize()
    assert (x.get() == 4).all()


def test_null_stream_cannot_capture():
    with pytest.raises(ValueError, match='null stream'):
        cunp.cuda.Stream.null.begin_capture()


def test_synchronizing_during_capture_is_an_error():
    s = cunp.cuda.Stream(non_blocking=True)
    x = cunp.arange(10.0)
    with s:
        s.begin_capture()
        y = x + 1
        with pytest.raises(cunp.cuda.runtime.CUDARuntimeError):
            y.get()            # a copy to host memory waits for the stream
        with pytest.raises(cunp.cuda.runtime.CUDARuntimeError, match='INVALIDATED|capture'):
            s.end_capture()
    s.synchronize()
    assert (x.get() == numpy.arange(10.0)).all()


def test_end_capture_without_begin():
    s = cunp.cuda.Stream(non_blocking=True)
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError):
        s.end_capture()


def test_temporaries_stay_reserved_while_other_work_allocates():
    # (a + b) is a temporary freed during the capture; its block must stay reserved for the
    # graph, or the same-sized arrays allocated between replays would be handed that block
    # and every replay would overwrite them.
    n = 1 << 16
    rng = numpy.random.default_rng(1)
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        a, b, c = (cunp.empty(n) for _ in range(3))
        s.begin_capture()
        out = (a + b) * c
        g = s.end_capture()
        kept = []
        for i in range(30):
            an, bn, cn = rng.random(n), rng.random(n), rng.random(n)
            a[...] = cunp.asarray(an)
            b[...] = cunp.asarray(bn)
            c[...] = cunp.asarray(cn)
            g.launch(s)
            # Other work on the same stream between replays, of the temporary's size.
            kept.append((cunp.full(n, float(i)), float(i)))
            tmp = a - b          # freed at once: an ordinary block, reused freely
            del tmp
            numpy.testing.assert_allclose(out.get(), (an + bn) * cn, rtol=1e-15)
        for arr, v in kept:
            assert (arr.get() == v).all()


def test_held_blocks_return_to_the_pool_with_the_graph():
    import gc
    pool = cunp.get_default_memory_pool()
    nbytes = 8 << 20
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        a = cunp.ones(nbytes // 8)
        gc.collect()
        used0 = pool.used_bytes()
        s.begin_capture()
        out = (a + a) * a
        g = s.end_capture()
        used1 = pool.used_bytes()
        assert used1 - used0 >= 2 * nbytes       # the result and the held temporary
        g.launch(s)
        assert (out.get() == 2).all()
        del g
        gc.collect()
        assert pool.used_bytes() <= used1 - nbytes
        assert (out.get() == 2).all()


def test_graph_replayed_on_another_stream_then_destroyed():
    # Held blocks go back only after replays on other streams have finished.
    import gc
    s = cunp.cuda.Stream(non_blocking=True)
    other = cunp.cuda.Stream(non_blocking=True)
    with s:
        x = cunp.arange(1 << 16, dtype=cunp.float64)
        s.synchronize()
        s.begin_capture()
        y = (x + 1) * 2
        g = s.end_capture()
    for _ in range(10):
        g.launch(other)
    del g
    gc.collect()
    other.synchronize()
    numpy.testing.assert_array_equal(y.get(), (numpy.arange(1 << 16) + 1.0) * 2)


def test_free_all_blocks_during_capture_keeps_the_capture():
    pool = cunp.get_default_memory_pool()
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        x = cunp.arange(100, dtype=cunp.float64)
        s.synchronize()
        s.begin_capture()
        y = x * 3
        pool.free_all_blocks()   # must neither synchronize nor free during the capture
        g = s.end_capture()
        g.launch(s)
        assert (y.get() == numpy.arange(100) * 3.0).all()


def test_pool_cannot_grow_during_a_global_capture():
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        s.begin_capture(mode=0)      # global: cuMemAlloc is not allowed
        try:
            with pytest.raises(cunp.cuda.OutOfMemoryError, match='capture'):
                cunp.empty(3 * 1000 * 1000 * 1000 + 12345, dtype=cunp.uint8)
        finally:
            s.end_capture()          # succeeds: the capture was not invalidated
    assert not s.is_capturing()
