"""A random array larger than one GPU's memory, spread over every GPU of this host with Dask,
then (x * 2).sum(), x.mean(axis=0) and x.T @ x computed where the chunks live.

    python examples/python/dask_multi_gpu.py [--scale 1.1] [--devices 0,1]

--scale is the array's size in units of one GPU's memory (the default needs at least two GPUs
to hold it); each worker process owns one GPU (cunp.distributed.local_cluster), and Dask starts
spilling a worker's chunks to disk past 60% of its GPU's memory (its memory limit), so two
GPUs hold 1.1 GPUs' worth without spilling. Needs dask and distributed.
"""
import argparse
import time

import dask.array as da
import numpy
from dask.distributed import Client, wait

import cunp

COLUMNS = 1024


def random_block(seed, rows, block_id=None):
    """One chunk, drawn on the worker's GPU from a seed of its own."""
    rng = cunp.random.default_rng(seed + block_id[0])
    return rng.standard_normal((rows, COLUMNS), dtype=cunp.float32)


def gpu_memory_bytes():
    return cunp.cuda.Device(0).mem_info[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.1)
    parser.add_argument("--devices", default=None, help="comma-separated device ids")
    parser.add_argument("--chunk-mib", type=int, default=512)
    args = parser.parse_args()
    devices = args.devices.split(",") if args.devices else None

    with cunp.distributed.local_cluster(devices=devices) as cluster, Client(cluster) as client:
        workers = len(client.scheduler_info()["workers"])
        per_gpu = client.submit(gpu_memory_bytes, pure=False).result()
        rows_per_chunk = args.chunk_mib * 2**20 // (4 * COLUMNS)
        chunks = max(workers, int(args.scale * per_gpu // (4 * COLUMNS * rows_per_chunk)) + 1)
        x = da.map_blocks(random_block, 0, rows_per_chunk, dtype=numpy.float32,
                          chunks=((rows_per_chunk,) * chunks, (COLUMNS,)),
                          meta=cunp.empty((0, 0), dtype=cunp.float32))
        print(f"{workers} GPUs of {per_gpu / 2**30:.1f} GiB; x: {x.shape} float32, "
              f"{x.nbytes / 2**30:.1f} GiB in {chunks} chunks")
        t0 = time.perf_counter()
        x = x.persist()
        wait(x)
        print(f"generated on the GPUs in {time.perf_counter() - t0:.1f} s")
        for name, expr in [("(x * 2).sum()", (x * 2).sum()), ("x.mean(axis=0)", x.mean(axis=0)),
                           ("x.T @ x", x.T @ x)]:
            t0 = time.perf_counter()
            value = expr.compute()
            head = float(value) if value.ndim == 0 else value.ravel()[:3]
            print(f"{name}: {type(value).__module__}.{type(value).__name__} {value.shape}, "
                  f"starts {head}, {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
