"""cunp.distributed: Dask clusters whose workers each own one GPU.

    from dask.distributed import Client
    import dask.array as da
    import cunp

    with cunp.distributed.local_cluster() as cluster, Client(cluster):
        x = da.random.default_rng(0).standard_normal((200_000, 1_000), chunks=(10_000, 1_000))
        x = x.map_blocks(cunp.asarray)      # chunks become cunp arrays on the workers' GPUs
        print((x * 2).sum().compute(), x.mean(axis=0).compute())

Each worker runs in its own process with CUDA_VISIBLE_DEVICES set to one device, so cunp in
that process sees that GPU as device 0. Chunks travel between workers through host memory
(cunp arrays pickle as NumPy arrays, out of band with protocol 5). dask-cuda's
LocalCUDACluster does the same and more (UCX, spilling); local_cluster uses it when asked.
There is no scheduler of cunp's own: Dask's does the work.
"""
import os

__all__ = ["local_cluster", "visible_devices"]


def visible_devices():
    """The device ids this process may hand to workers: CUDA_VISIBLE_DEVICES's entries where it
    is set, else 0 .. n-1 for the n devices the driver reports."""
    listed = os.environ.get("CUDA_VISIBLE_DEVICES")
    if listed is not None:
        return [d.strip() for d in listed.split(",") if d.strip()]
    from cunp.cuda import runtime

    return [str(d) for d in range(runtime.getDeviceCount())]


def _gpu_memory_limit():
    """A worker's memory limit: its GPU's memory, where the chunks it holds live (Dask counts a
    cunp chunk by its device bytes). Dask's default, a share of host memory by thread count,
    made workers spill chunks to disk far below what their GPU holds. "auto" (Dask's default)
    where no GPU can be asked."""
    from cunp.cuda import runtime

    try:
        return min(runtime.getDeviceProperties(d)["totalGlobalMem"]
                   for d in range(runtime.getDeviceCount()))
    except Exception:  # noqa: BLE001 - no driver or no device here: Dask decides
        return "auto"


def local_cluster(devices=None, *, threads_per_worker=1, use_dask_cuda=False, **kwargs):
    """A Dask cluster on this host with one worker process per GPU of `devices` (default:
    visible_devices()), each pinned to its GPU by CUDA_VISIBLE_DEVICES.

    use_dask_cuda=True builds dask_cuda.LocalCUDACluster(CUDA_VISIBLE_DEVICES=devices) instead
    (ImportError when dask-cuda is not installed). `memory_limit` (default: one GPU's memory;
    Dask caps it at the host's) is each worker's, as Dask's workers take it: Dask spills chunks
    to disk past 70% of it. Other keyword arguments go to the cluster (for example
    `dashboard_address=":8787"`); close it, or use it in a `with` block."""
    devices = [str(d) for d in (visible_devices() if devices is None else devices)]
    if not devices:
        raise ValueError("local_cluster needs at least one GPU (no devices were given or found)")
    if use_dask_cuda:
        from dask_cuda import LocalCUDACluster

        return LocalCUDACluster(CUDA_VISIBLE_DEVICES=",".join(devices),
                                threads_per_worker=threads_per_worker, **kwargs)
    from distributed import Nanny, Scheduler, SpecCluster

    scheduler_options = {"dashboard_address": kwargs.pop("dashboard_address", None)}
    memory_limit = kwargs.pop("memory_limit", None) or _gpu_memory_limit()
    workers = {
        f"gpu-{device}": {
            "cls": Nanny,
            "options": {"nthreads": threads_per_worker, "memory_limit": memory_limit,
                        "env": {"CUDA_VISIBLE_DEVICES": device}},
        }
        for device in devices
    }
    return SpecCluster(scheduler={"cls": Scheduler, "options": scheduler_options},
                       workers=workers, **kwargs)
