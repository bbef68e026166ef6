"""cunp.cuda.nccl: loading, ids and argument checks without a GPU; collectives on one device and,
where the machine has two, across two (in one process, and one process a rank)."""
import json
import os
import subprocess
import sys

import numpy
import pytest

import cunp
from cunp.cuda import nccl

gpu = pytest.mark.gpu
needs_nccl = pytest.mark.skipif(not nccl.available(), reason="libnccl is not installed")


two_gpus = pytest.mark.gpus(2)


def test_constants_are_nccls():
    assert (nccl.NCCL_INT8, nccl.NCCL_UINT8, nccl.NCCL_INT32, nccl.NCCL_UINT32, nccl.NCCL_INT64,
            nccl.NCCL_UINT64, nccl.NCCL_FLOAT16, nccl.NCCL_FLOAT32, nccl.NCCL_FLOAT64,
            nccl.NCCL_BFLOAT16) == tuple(range(10))
    assert (nccl.NCCL_SUM, nccl.NCCL_PROD, nccl.NCCL_MAX, nccl.NCCL_MIN, nccl.NCCL_AVG) == (
        0, 1, 2, 3, 4)
    assert nccl.NCCL_FLOAT == nccl.NCCL_FLOAT32 and nccl.NCCL_DOUBLE == nccl.NCCL_FLOAT64
    assert 'NCCL_SUM' in nccl.__all__ and 'NcclCommunicator' in nccl.__all__


@needs_nccl
def test_version_and_unique_ids():
    v = nccl.get_version()
    assert v >= 20000 and nccl.get_build_version() == v
    a, b = nccl.get_unique_id(), nccl.get_unique_id()
    assert isinstance(a, tuple) and len(a) == 128
    assert all(isinstance(c, int) and -128 <= c < 128 for c in a)
    assert a != b


def test_nccl_type():
    assert nccl.nccl_type(numpy.float32, 10) == (nccl.NCCL_FLOAT32, 10)
    assert nccl.nccl_type('int64', 3) == (nccl.NCCL_INT64, 3)
    assert nccl.nccl_type(numpy.float16, 3) == (nccl.NCCL_FLOAT16, 3)
    assert nccl.nccl_type(numpy.complex128, 4) == (nccl.NCCL_FLOAT64, 8)
    for bad in (numpy.bool_, numpy.int16, numpy.uint16):
        with pytest.raises(TypeError, match='NCCL has no data type'):
            nccl.nccl_type(bad, 1)


def test_bad_arguments_before_any_device_work():
    with pytest.raises(ValueError, match='128 bytes'):
        nccl.NcclCommunicator(1, (0,) * 5, 0)
    uid = (0,) * 128
    with pytest.raises(ValueError, match='outside'):
        nccl.NcclCommunicator(2, uid, 2)
    with pytest.raises(ValueError, match='at least one rank'):
        nccl.NcclCommunicator(0, uid, 0)
    with pytest.raises(TypeError, match='cunp array or a device address'):
        nccl._pointer('buffer')
    with pytest.raises(TypeError):
        nccl._pointer(1.5)
    assert nccl._pointer(1234) == 1234


@gpu
@needs_nccl
def test_one_rank_communicators():
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    assert (comm.device_id(), comm.rank_id(), comm.size()) == (0, 0, 1)
    x = cunp.arange(12, dtype=cunp.float32)
    y = cunp.zeros(12, dtype=cunp.float32)
    comm.allReduce(x, y, x.size, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, cunp.cuda.get_current_stream())
    numpy.testing.assert_array_equal(cunp.asnumpy(y), numpy.arange(12, dtype=numpy.float32))
    z = cunp.zeros(12, dtype=cunp.float32)
    comm.broadcast(x.data.ptr, z.data.ptr, 12, nccl.NCCL_FLOAT32, 0, None)  # raw addresses
    numpy.testing.assert_array_equal(cunp.asnumpy(z), cunp.asnumpy(x))
    comm.check_async_error()
    comm.destroy()
    with pytest.raises(ValueError, match='destroyed'):
        comm.size()
    comm.destroy()  # a second destroy is a no-op
    [only] = nccl.NcclCommunicator.initAll([0])
    assert only.size() == 1
    only.abort()


def _on_each(comms, make):
    out = []
    for comm in comms:
        with cunp.cuda.Device(comm.device_id()):
            out.append(make(comm))
    return out


@gpu
@needs_nccl
@two_gpus
def test_collectives_across_two_devices():
    comms = nccl.NcclCommunicator.initAll(2)
    assert [c.rank_id() for c in comms] == [0, 1] and [c.device_id() for c in comms] == [0, 1]
    n = 1000
    xs = _on_each(comms, lambda c: cunp.full(n, c.rank_id() + 1, dtype=cunp.float64))
    ys = _on_each(comms, lambda c: cunp.zeros(n, dtype=cunp.float64))

    def group(call):
        nccl.groupStart()
        for comm, x, y in zip(comms, xs, ys):
            call(comm, x, y)
        nccl.groupEnd()
        for comm in comms:
            cunp.cuda.Device(comm.device_id()).synchronize()

    group(lambda c, x, y: c.allReduce(x, y, n, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, None))
    for y in ys:
        numpy.testing.assert_array_equal(cunp.asnumpy(y), numpy.full(n, 3.0))
    group(lambda c, x, y: c.reduce(x, y, n, nccl.NCCL_FLOAT64, nccl.NCCL_MAX, 1, None))
    numpy.testing.assert_array_equal(cunp.asnumpy(ys[1]), numpy.full(n, 2.0))
    group(lambda c, x, y: c.bcast(x, n, nccl.NCCL_FLOAT64, 0, None))
    for x in xs:
        numpy.testing.assert_array_equal(cunp.asnumpy(x), numpy.full(n, 1.0))

    gathered = _on_each(comms, lambda c: cunp.zeros(2 * n, dtype=cunp.float64))
    sources = _on_each(comms, lambda c: cunp.full(n, 10.0 * c.rank_id()))
    nccl.groupStart()
    for comm, s, g in zip(comms, sources, gathered):
        comm.allGather(s, g, n, nccl.NCCL_FLOAT64, None)
    nccl.groupEnd()
    for g in gathered:
        numpy.testing.assert_array_equal(cunp.asnumpy(g), numpy.repeat([0.0, 10.0], n))

    halves = _on_each(comms, lambda c: cunp.zeros(n, dtype=cunp.float64))
    nccl.groupStart()
    for comm, g, h in zip(comms, gathered, halves):
        comm.reduceScatter(g, h, n, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, None)
    nccl.groupEnd()
    numpy.testing.assert_array_equal(cunp.asnumpy(halves[0]), numpy.zeros(n))
    numpy.testing.assert_array_equal(cunp.asnumpy(halves[1]), numpy.full(n, 20.0))

    # send/recv: rank 0's buffer to rank 1.
    payload = _on_each(comms, lambda c: cunp.arange(n, dtype=cunp.int32) * (1 - c.rank_id()))
    nccl.groupStart()
    comms[0].send(payload[0], n, nccl.NCCL_INT32, 1, None)
    comms[1].recv(payload[1], n, nccl.NCCL_INT32, 0, None)
    nccl.groupEnd()
    cunp.cuda.Device(1).synchronize()
    numpy.testing.assert_array_equal(cunp.asnumpy(payload[1]), numpy.arange(n, dtype=numpy.int32))
    for comm in comms:
        comm.check_async_error()
        comm.destroy()


def _run_ranks(nranks):
    """nranks processes, one a device, joined by an id drawn here (nccl_rank.py)."""
    script = os.path.join(os.path.dirname(__file__), "nccl_rank.py")
    uid = json.dumps(list(nccl.get_unique_id()))
    procs = [subprocess.Popen([sys.executable, script, str(rank), str(nranks), uid],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for rank in range(nranks)]
    results = []
    try:
        for p in procs:
            out, err = p.communicate(timeout=180)
            assert p.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in procs:
            p.kill()
    return results


@gpu
@needs_nccl
@pytest.mark.parametrize("nranks", [1, pytest.param(2, marks=two_gpus)])
def test_collectives_across_processes(nranks):
    results = _run_ranks(nranks)
    want_total = [float(sum(range(1, nranks + 1)))]
    for rank, r in enumerate(results):
        assert (r["rank"], r["device"]) == (rank, rank)
        assert r["total"] == want_total
        assert r["gathered"] == [float(k + 1) for k in range(nranks)]
