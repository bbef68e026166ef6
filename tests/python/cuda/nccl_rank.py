"""One rank of an NCCL communicator across processes, as test_nccl.py starts it:

    python nccl_rank.py RANK NRANKS UNIQUE_ID_JSON

The rank uses device RANK, makes the communicator from the id rank 0's parent drew, runs an
allReduce (sum) and an allGather of `RANK + 1` repeated, and prints what it received as JSON."""
import json
import sys

import cunp
from cunp.cuda import nccl

N = 1000


def main():
    rank, nranks, uid = int(sys.argv[1]), int(sys.argv[2]), tuple(json.loads(sys.argv[3]))
    cunp.cuda.Device(rank).use()
    comm = nccl.NcclCommunicator(nranks, uid, rank)
    x = cunp.full(N, rank + 1, dtype=cunp.float32)
    total = cunp.zeros(N, dtype=cunp.float32)
    gathered = cunp.zeros(N * nranks, dtype=cunp.float32)
    comm.allReduce(x, total, N, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, None)
    comm.allGather(x, gathered, N, nccl.NCCL_FLOAT32, None)
    cunp.cuda.Device().synchronize()
    comm.check_async_error()
    comm.destroy()
    print(json.dumps({"rank": rank, "device": total.device.id, "size": N,
                      "total": sorted(set(total.get().tolist())),
                      "gathered": gathered.get()[::N].tolist()}))


if __name__ == "__main__":
    main()
