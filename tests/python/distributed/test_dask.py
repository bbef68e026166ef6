"""Dask with cunp chunks (on a GPU machine with dask installed), and cunp.distributed's
one-worker-per-GPU cluster (its pinning is checked without a GPU)."""
import os
import pickle

import numpy
import pytest

import cunp

da = pytest.importorskip("dask.array")
gpu = pytest.mark.gpu


def test_visible_devices_follow_cuda_visible_devices(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3, 1,")
    assert cunp.distributed.visible_devices() == ["3", "1"]
    with pytest.raises(ValueError, match="at least one GPU"):
        cunp.distributed.local_cluster(devices=[])


def test_dask_sizeof_counts_device_bytes():
    from dask.sizeof import sizeof

    counted = sizeof.dispatch(cunp.ndarray)  # the package's dask.sizeof entry point
    assert counted is not sizeof.dispatch(object)

    class Fake:  # an object with nbytes, as the registered function reads it
        nbytes = 12345

    assert counted(Fake()) == 12345


def test_dask_array_lookups_use_cunp():
    # The defaults would count a mean's elements in a NumPy array, which cunp's divide refuses.
    from dask.array import backends, dispatch

    assert dispatch.numel_lookup.dispatch(cunp.ndarray) is backends._numel_arraylike
    assert dispatch.concatenate_lookup.dispatch(cunp.ndarray) is cunp.concatenate
    assert dispatch.to_numpy_dispatch.dispatch(cunp.ndarray) is cunp.asnumpy


def test_cluster_pins_one_gpu_per_worker():
    import dask

    distributed = pytest.importorskip("distributed")
    if not hasattr(distributed, "Client"):  # this test folder, seen as a namespace package
        pytest.skip("distributed is not installed")
    # Device "1" need not exist: the workers only report their pinning (and Distributed's GPU
    # monitor, which would ask NVML about a missing device, stays off).
    with dask.config.set({"distributed.diagnostics.nvml": False}), \
            cunp.distributed.local_cluster(devices=["0", "1"]) as cluster, \
            distributed.Client(cluster) as client:
        seen = client.run(lambda: os.environ.get("CUDA_VISIBLE_DEVICES"))
        assert sorted(seen.values()) == ["0", "1"]


def _host(n, m, seed=0):
    return numpy.random.default_rng(seed).standard_normal((n, m))


@gpu
def test_dask_array_of_cunp_chunks():
    a = _host(1000, 60)
    x = da.from_array(cunp.asarray(a), chunks=(250, 30), asarray=False)
    assert isinstance(x._meta, cunp.ndarray)
    checks = {
        "elementwise": ((x * 2 + 1).compute(), a * 2 + 1),
        "sum": (x.sum().compute(), a.sum()),
        "mean(axis=0)": (x.mean(axis=0).compute(), a.mean(axis=0)),
        "max(axis=1)": (x.max(axis=1).compute(), a.max(axis=1)),
        "matmul": ((x.T @ x).compute(), a.T @ a),
        "tensordot": (da.tensordot(x, x, axes=([0], [0])).compute(), a.T @ a),
        "concatenate": (da.concatenate([x, x], axis=0).compute(), numpy.concatenate([a, a])),
        "rechunk": (x.rechunk((100, 60)).compute(), a),
        "map_blocks": (x.map_blocks(cunp.sin).compute(), numpy.sin(a)),
        # The chunks' array API namespace, as array-API code written for any library uses it.
        "array API": (x.map_blocks(lambda b: b.__array_namespace__().sqrt(abs(b))).compute(),
                      numpy.sqrt(abs(a))),
    }
    for name, (got, want) in checks.items():
        assert isinstance(got, cunp.ndarray), name
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-9, atol=1e-9,
                                      err_msg=name)


@gpu
def test_from_delayed_and_meta():
    import dask

    part = dask.delayed(lambda: cunp.arange(10, dtype=cunp.float32))()
    x = da.from_delayed(part, shape=(10,), dtype=numpy.float32, meta=cunp.empty((0,), "f4"))
    y = (x + 1).compute()
    assert isinstance(y, cunp.ndarray)
    numpy.testing.assert_array_equal(cunp.asnumpy(y), numpy.arange(1, 11, dtype=numpy.float32))


@gpu
def test_chunks_cross_processes_through_pickle():
    x = cunp.arange(12.0).reshape(3, 4)
    buffers = []
    y = pickle.loads(pickle.dumps(x, protocol=5, buffer_callback=buffers.append), buffers=buffers)
    assert isinstance(y, cunp.ndarray) and buffers
    numpy.testing.assert_array_equal(cunp.asnumpy(y), cunp.asnumpy(x))


@gpu
def test_distributed_workers_compute_on_their_gpus():
    distributed = pytest.importorskip("distributed")
    if not hasattr(distributed, "Client"):  # this test folder, seen as a namespace package
        pytest.skip("distributed is not installed")
    devices = cunp.distributed.visible_devices()[:2]
    with cunp.distributed.local_cluster(devices=devices) as cluster, \
            distributed.Client(cluster) as client:
        # A worker's limit is its GPU's memory (Dask's default share of host memory made it
        # spill chunks to disk while the GPU had room); Dask caps any limit at the host's memory.
        limits = client.run(lambda dask_worker: dask_worker.memory_manager.memory_limit)
        runtime = cunp.cuda.runtime
        gpu_bytes = min(runtime.getDeviceProperties(d)["totalGlobalMem"]
                        for d in range(runtime.getDeviceCount()))
        from distributed.system import MEMORY_LIMIT
        assert set(limits.values()) == {min(gpu_bytes, MEMORY_LIMIT)}
        a = _host(4000, 50)
        x = da.from_array(a, chunks=(500, 50)).map_blocks(cunp.asarray)
        total = (x * 2).sum().compute()
        means = x.mean(axis=0).compute()
        gram = (x.T @ x).compute()
    assert isinstance(means, cunp.ndarray)
    numpy.testing.assert_allclose(float(total), 2 * a.sum(), rtol=1e-9)
    numpy.testing.assert_allclose(cunp.asnumpy(means), a.mean(axis=0), rtol=1e-9)
    numpy.testing.assert_allclose(cunp.asnumpy(gram), a.T @ a, rtol=1e-9)


@gpu
@pytest.mark.gpus(2)
def test_two_workers_each_on_its_own_gpu():
    distributed = pytest.importorskip("distributed")
    if not hasattr(distributed, "Client"):  # this test folder, seen as a namespace package
        pytest.skip("distributed is not installed")
    devices = cunp.distributed.visible_devices()[:2]
    with cunp.distributed.local_cluster(devices=devices) as cluster, \
            distributed.Client(cluster) as client:
        buses = client.run(lambda: cunp.cuda.Device(0).pci_bus_id)
        assert len(set(buses.values())) == 2, buses
        a = _host(8000, 64, seed=3)
        x = da.from_array(a, chunks=(500, 64)).map_blocks(cunp.asarray).persist()
        distributed.wait(x)
        holders = {w for ws in client.who_has(x).values() for w in ws}
        assert len(holders) == 2  # the chunks are spread over both GPUs
        total = (x * 2).sum().compute()
        means = x.mean(axis=0).compute()
        gram = (x.T @ x).compute()
    assert isinstance(total, cunp.ndarray) and isinstance(gram, cunp.ndarray)
    numpy.testing.assert_allclose(float(total), 2 * a.sum(), rtol=1e-9)
    numpy.testing.assert_allclose(cunp.asnumpy(means), a.mean(axis=0), rtol=1e-9)
    numpy.testing.assert_allclose(cunp.asnumpy(gram), a.T @ a, rtol=1e-9)
