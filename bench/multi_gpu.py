"""The multi-GPU figures, on a machine with two or more GPUs, each against its reference from
the same run:

- NCCL allReduce of 1 GiB float32 over every GPU, one process a rank: cunp.cuda.nccl against
  PyTorch's torch.distributed.all_reduce (NCCL backend). Bus bandwidth as nccl-tests count it:
  bytes / time * 2 (n - 1) / n. Target: cunp >= 95% of PyTorch.
- A 1 GiB peer-to-peer copy each way: cunp.asarray(x) under the other device against
  cudaMemcpyPeer (through CuPy's runtime, on the same buffers). Target: >= 90%.
- Dask (x * 2).sum() over 64 GiB of float32 drawn on the workers' GPUs: one worker a GPU
  (cunp.distributed.local_cluster) against the same graph on one GPU. Target: >= 1.8x. Each
  chunk size also runs the same graph with empty chunks: its time is Dask's own cost for that
  many tasks (the floor), and the table gives the speedup the floor allows.

    python bench/multi_gpu.py [--only nccl,p2p,dask] [--dask-gib 64] [--json FILE]

The table goes to stdout, every sample to --json. NVLink multicast (NVLS) stays off: it is
switched off here for every process this script starts.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

# NVLS can take a shared host's GPUs out of service; nothing here needs it.
for _name, _value in [("NCCL_NVLS_ENABLE", "0"), ("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1"),
                      ("NVSHMEM_DISABLE_NVLS", "1")]:
    os.environ[_name] = _value

GIB = 1 << 30
WARMUP, REPEATS = 5, 20


def busbw(nbytes, seconds, nranks):
    return nbytes / seconds * 2 * (nranks - 1) / nranks / 1e9 if nranks > 1 else 0.0


# -- allReduce, one process a rank ----------------------------------------------------------------

def cunp_rank(rank, nranks, rendezvous, nbytes):
    import cunp
    from cunp.cuda import nccl

    cunp.cuda.Device(rank).use()
    comm = nccl.NcclCommunicator(nranks, tuple(json.loads(rendezvous)), rank)
    x = cunp.ones(nbytes // 4, dtype=cunp.float32)
    stream = cunp.cuda.get_current_stream()

    def op():
        comm.allReduce(x, x, x.size, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, stream)

    times = timed(op, cunp.cuda.Event, stream.synchronize)
    comm.destroy()
    return times


def torch_rank(rank, nranks, rendezvous, nbytes):
    import torch
    import torch.distributed as dist

    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method=rendezvous, rank=rank, world_size=nranks,
                            device_id=torch.device("cuda", rank))
    x = torch.ones(nbytes // 4, dtype=torch.float32, device="cuda")

    def op():
        dist.all_reduce(x)

    times = timed(op, lambda: torch.cuda.Event(enable_timing=True), torch.cuda.synchronize)
    dist.destroy_process_group()
    return times


def timed(op, make_event, sync):
    """Seconds per call of op: one event pair around each of REPEATS calls, after WARMUP."""
    for _ in range(WARMUP):
        op()
    sync()
    samples = []
    for _ in range(REPEATS):
        start, end = make_event(), make_event()
        start.record()
        op()
        end.record()
        end.synchronize()
        samples.append(elapsed_s(start, end))
    return samples


def elapsed_s(start, end):
    try:
        import cunp

        if isinstance(start, cunp.cuda.Event):
            return cunp.cuda.get_elapsed_time(start, end) / 1e3
    except ImportError:
        pass
    return start.elapsed_time(end) / 1e3


def run_ranks(lib, nranks, nbytes):
    """Starts nranks processes of this script (--rank), returns rank 0's samples."""
    if lib == "cunp":
        from cunp.cuda import nccl

        rendezvous = json.dumps(list(nccl.get_unique_id()))
    else:  # a file that does not exist yet, in a folder of our own
        rendezvous = "file://" + os.path.join(tempfile.mkdtemp(prefix="cunp-bench-"), "rdv")
    procs = [subprocess.Popen([sys.executable, __file__, "--rank", lib, str(rank), str(nranks),
                               rendezvous, str(nbytes)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for rank in range(nranks)]
    outs = []
    try:
        for p in procs:
            out, err = p.communicate(timeout=300)
            if p.returncode != 0:
                raise RuntimeError(f"{lib} rank failed (rc {p.returncode}): {err[-2000:]}")
            outs.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in procs:
            p.kill()
    return outs[0]


def bench_allreduce(nranks, nbytes):
    rows = {}
    for lib in ("cunp", "torch"):
        try:
            samples = run_ranks(lib, nranks, nbytes)
        except Exception as e:  # noqa: BLE001 - reported in the table
            rows[lib] = {"error": str(e)[-500:]}
            continue
        t = statistics.median(samples)
        rows[lib] = {"seconds": t, "samples": samples, "algbw_GBps": nbytes / t / 1e9,
                     "busbw_GBps": busbw(nbytes, t, nranks)}
    ratio = None
    if "seconds" in rows.get("cunp", {}) and "seconds" in rows.get("torch", {}):
        ratio = rows["torch"]["seconds"] / rows["cunp"]["seconds"]
    return {"kind": "allreduce", "rows": rows,
            "case": f"allReduce {nbytes / GIB:g} GiB float32, {nranks} ranks",
            "cunp_over_reference": ratio, "target": 0.95}


# -- peer-to-peer copies ----------------------------------------------------------------------------

def bench_p2p(src, dst, nbytes):
    import cunp

    with cunp.cuda.Device(src):
        x = cunp.ones(nbytes // 4, dtype=cunp.float32)
    with cunp.cuda.Device(dst):
        y = cunp.empty(nbytes // 4, dtype=cunp.float32)
    devices = [cunp.cuda.Device(src), cunp.cuda.Device(dst)]

    def sync():
        for d in devices:
            d.synchronize()

    def wall(op, repeats=10):
        for _ in range(2):
            op()
        sync()
        samples = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            op()
            sync()
            samples.append(time.perf_counter() - t0)
        return samples

    def cunp_copy():
        with cunp.cuda.Device(dst):
            cunp.asarray(x)

    rows = {"cunp": wall(cunp_copy)}
    try:
        from cupy.cuda import runtime

        rows["cudaMemcpyPeer"] = wall(
            lambda: runtime.memcpyPeer(y.data.ptr, dst, x.data.ptr, src, nbytes))
    except ImportError as e:
        rows["cudaMemcpyPeer"] = {"error": f"CuPy is needed for the reference: {e}"}
    out = {}
    for name, samples in rows.items():
        if isinstance(samples, dict):
            out[name] = samples
            continue
        t = statistics.median(samples)
        out[name] = {"seconds": t, "samples": samples, "GBps": nbytes / t / 1e9}
    ratio = None
    if "seconds" in out["cunp"] and "seconds" in out["cudaMemcpyPeer"]:
        ratio = out["cudaMemcpyPeer"]["seconds"] / out["cunp"]["seconds"]
    return {"kind": "p2p", "rows": out,
            "case": f"peer copy {nbytes / GIB:g} GiB, device {src} -> {dst}",
            "cunp_over_reference": ratio, "target": 0.90}


# -- Dask over the GPUs -----------------------------------------------------------------------------

COLUMNS = 1024


def uniform_block(seed, rows, block_id=None):
    import cunp

    rng = cunp.random.default_rng(seed + block_id[0])
    return rng.random((rows, COLUMNS), dtype=cunp.float32)


def empty_block(seed, rows, block_id=None):
    """The scheduling floor's chunk: one row of zeros, so the graph keeps its shape (the same
    tasks and dependencies) while the GPU has next to nothing to do."""
    import cunp

    return cunp.zeros((1, COLUMNS), dtype=cunp.float32)


def released(client, timeout=60):
    """Waits until the workers hold no data (a released array's chunks go asynchronously)."""
    deadline = time.monotonic() + timeout
    while any(client.has_what().values()) and time.monotonic() < deadline:
        time.sleep(0.05)


def dask_times(devices, gib, chunk_mibs, repeats):
    """For each chunk size: seconds for (x * 2).sum() of a gib-GiB float32 array drawn on the
    workers' GPUs, as one graph (draw, scale, reduce) and again over x persisted in the GPUs'
    memory; and the same two graphs with empty chunks (the scheduling floor). One cluster."""
    import dask
    import dask.array as da
    import numpy
    from dask.distributed import Client, wait

    import cunp

    out = {}
    # One worker holds all 64 GiB when persisted: past Dask's spill thresholds of an 80 GB card,
    # where spilling would time the disk, not the GPU. The workers inherit this configuration.
    no_spill = {f"distributed.worker.memory.{k}": False for k in ("target", "spill", "pause")}
    with dask.config.set(no_spill), cunp.distributed.local_cluster(devices=devices) as cluster, \
            Client(cluster) as client:
        def timed_compute(x):
            samples = []
            for k in range(repeats + 1):  # the first one compiles the workers' kernels
                t0 = time.perf_counter()
                value = float((x * 2).sum().compute())
                if k:
                    samples.append(time.perf_counter() - t0)
            return samples, value

        for chunk_mib in chunk_mibs:
            rows = chunk_mib * (1 << 20) // (4 * COLUMNS)
            nchunks = int(gib * GIB // (4 * COLUMNS * rows))
            for label, block, block_rows in [("", uniform_block, rows), ("floor_", empty_block, 1)]:
                def graph():
                    return da.map_blocks(block, 7, rows, dtype=numpy.float32,
                                         chunks=((block_rows,) * nchunks, (COLUMNS,)),
                                         meta=cunp.empty((0, 0), dtype=cunp.float32))

                r = out.setdefault(chunk_mib, {"devices": devices, "chunks": nchunks,
                                               "chunk_MiB": chunk_mib})
                r[label + "graph_samples"], r[label + "graph_value"] = timed_compute(graph())
                x = graph().persist()
                wait(x)
                r[label + "persisted_samples"], r[label + "persisted_value"] = timed_compute(x)
                del x
                released(client)  # the next persisted array must not meet this one's chunks
                for key in ("graph", "persisted"):
                    r[label + key + "_seconds"] = statistics.median(r[label + key + "_samples"])
    return out


def bench_dask(devices, gib, chunk_mibs, repeats):
    try:
        one = dask_times(devices[:1], gib, chunk_mibs, repeats)
        many = dask_times(devices, gib, chunk_mibs, repeats)
    except ImportError as e:
        return [{"kind": "dask", "case": "dask", "error": f"dask and distributed are needed: {e}"}]
    results = []
    for chunk_mib in chunk_mibs:
        o, m = one[chunk_mib], many[chunk_mib]
        r = {"kind": "dask", "one_gpu": o, "all_gpus": m, "target": 1.8,
             "case": f"Dask (x * 2).sum(), {gib:g} GiB float32 in {o['chunks']} chunks of "
                     f"{chunk_mib} MiB, {len(devices)} GPUs vs 1"}
        for key in ("graph", "persisted"):
            r["speedup_" + key] = o[key + "_seconds"] / m[key + "_seconds"]
            # The best the engine allows: the GPU work (time above the floor) split over the
            # GPUs, on top of the floor that the same graph with empty chunks costs there.
            work = max(o[key + "_seconds"] - o["floor_" + key + "_seconds"], 0.0)
            r["bound_" + key] = o[key + "_seconds"] / (
                m["floor_" + key + "_seconds"] + work / len(devices))
        results.append(r)
    return results


# -- report -----------------------------------------------------------------------------------------

def verdict(ratio, target):
    if ratio is None:
        return "not judged"
    return f"{ratio:.3f} ({'met' if ratio >= target else 'MISSED'}, target >= {target})"


def cell(v, rate):
    """A row's time and rate (its key `rate`), or its error."""
    if "seconds" not in v:
        return f"error: {v.get('error', '?')[:200]}"
    return f"{v['seconds'] * 1e3:.2f} ms, {v[rate]:.1f} GB/s"


def report(results):
    lines = ["| case | cunp | reference | cunp vs reference |", "|---|---|---|---|"]
    for r in results:
        if "error" in r:
            lines.append(f"| {r['case']} | error: {r['error']} | | |")
        elif r["kind"] == "allreduce":
            c, t = r["rows"].get("cunp", {}), r["rows"].get("torch", {})
            lines.append(f"| {r['case']} | {cell(c, 'busbw_GBps')} bus | PyTorch: "
                         f"{cell(t, 'busbw_GBps')} bus | "
                         f"{verdict(r['cunp_over_reference'], r['target'])} |")
        elif r["kind"] == "p2p":
            c, p = r["rows"]["cunp"], r["rows"]["cudaMemcpyPeer"]
            lines.append(f"| {r['case']} | {cell(c, 'GBps')} | cudaMemcpyPeer: "
                         f"{cell(p, 'GBps')} | {verdict(r['cunp_over_reference'], r['target'])} |")
        else:
            one, many = r["one_gpu"], r["all_gpus"]
            for key, label in [("graph", "drawn in the graph"), ("persisted", "x persisted")]:
                lines.append(f"| {r['case']}, {label} | {many[key + '_seconds']:.3f} s "
                             f"(floor {many['floor_' + key + '_seconds']:.3f} s) | "
                             f"one GPU: {one[key + '_seconds']:.3f} s "
                             f"(floor {one['floor_' + key + '_seconds']:.3f} s) | speedup "
                             f"{verdict(r['speedup_' + key], r['target'])}; bound at the "
                             f"floor {r['bound_' + key]:.2f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rank", nargs=5, help=argparse.SUPPRESS)  # internal: one rank
    parser.add_argument("--only", default="nccl,p2p,dask")
    parser.add_argument("--nccl-gib", type=float, default=1)
    parser.add_argument("--p2p-gib", type=float, default=1)
    parser.add_argument("--dask-gib", type=float, default=64)
    parser.add_argument("--dask-chunk-mib", default="1024,4096",
                        help="chunk sizes in MiB, comma-separated: one table row each")
    parser.add_argument("--dask-repeats", type=int, default=5)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if args.rank:
        lib, rank, nranks, rendezvous, nbytes = args.rank
        run = cunp_rank if lib == "cunp" else torch_rank
        samples = run(int(rank), int(nranks), rendezvous, int(nbytes))
        print(json.dumps(samples))
        return

    import cunp

    ndev = cunp.cuda.runtime.getDeviceCount()
    name = cunp.cuda.runtime.getDeviceProperties(0)["name"]
    name = name.decode() if isinstance(name, bytes) else name
    print(f"{ndev} GPUs: {name}", flush=True)
    if ndev < 2:
        print("multi_gpu.py measures two or more GPUs; this machine has one (the figures below "
              "are the one-GPU paths, for checking the script)", flush=True)
    parts = set(args.only.split(","))
    results = []
    if "nccl" in parts:
        results.append(bench_allreduce(ndev, int(args.nccl_gib * GIB)))
        print(report(results[-1:]), flush=True)
    if "p2p" in parts and ndev >= 2:
        for src, dst in [(0, 1), (1, 0)]:
            results.append(bench_p2p(src, dst, int(args.p2p_gib * GIB)))
            print(report(results[-1:]), flush=True)
    if "dask" in parts:
        devices = [str(d) for d in range(ndev)]
        chunk_mibs = [int(c) for c in args.dask_chunk_mib.split(",")]
        dask_rows = bench_dask(devices, args.dask_gib, chunk_mibs, args.dask_repeats)
        results.extend(dask_rows)
        print(report(dask_rows), flush=True)
    print()
    print(report(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
