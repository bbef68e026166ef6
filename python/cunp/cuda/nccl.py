"""cunp.cuda.nccl: NCCL collectives across the GPUs of a host, with CuPy's names.

    comms = nccl.NcclCommunicator.initAll([0, 1])     # one communicator per device
    nccl.groupStart()
    for comm, x in zip(comms, arrays):                 # x on comm's device
        comm.allReduce(x, x, x.size, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, None)
    nccl.groupEnd()

Across processes, rank 0 calls get_unique_id() and sends it to the others; each builds
NcclCommunicator(nranks, uid, rank) on its own device. Buffers are cunp arrays or device
addresses (ints, as CuPy takes them); `stream` is a cunp Stream, a handle (int), or None for
the current stream of the communicator's device. Calls are enqueued and return at once.

libnccl is loaded on first use: CUNP_NCCL_PATH, the CUDA toolkit, CUNP_CUDA_LIBRARY_DIRS, then
pip's nvidia-nccl wheel.
"""
import os as _os
import sys as _sys

from cunp import _core

NcclError = _core.NcclError

# NCCL's data types and reduction operators (its own values).
NCCL_INT8 = NCCL_CHAR = 0
NCCL_UINT8 = 1
NCCL_INT32 = NCCL_INT = 2
NCCL_UINT32 = 3
NCCL_INT64 = 4
NCCL_UINT64 = 5
NCCL_FLOAT16 = NCCL_HALF = 6
NCCL_FLOAT32 = NCCL_FLOAT = 7
NCCL_FLOAT64 = NCCL_DOUBLE = 8
NCCL_BFLOAT16 = 9
NCCL_SUM = 0
NCCL_PROD = 1
NCCL_MAX = 2
NCCL_MIN = 3
NCCL_AVG = 4

_located = False


def _load():
    """Names pip's nvidia-nccl wheel to the core's loader (once, before NCCL first loads)."""
    global _located
    if not _located:
        _located = True
        found = []
        for base in _sys.path:
            path = _os.path.join(base, "nvidia", "nccl", "lib", "libnccl.so.2")
            if _os.path.exists(path):
                found.append(path)
        _core.nccl.add_library_candidates(found)


def available():
    """Whether libnccl can be loaded."""
    _load()
    return _core.nccl.available()


def get_version():
    """NCCL's version as one int: major * 10000 + minor * 100 + patch (2.28.3 -> 22803)."""
    _load()
    return _core.nccl.version()


def get_build_version():
    """The version of the NCCL in use (cunp is built without NCCL and loads it at run time)."""
    return get_version()


def get_unique_id():
    """A new communicator id: a tuple of 128 ints, to hand to every rank."""
    _load()
    return _core.nccl.unique_id()


def groupStart():  # noqa: N802 - CuPy's spelling
    """Starts a group: the calls up to groupEnd() are launched together (several devices from
    one thread, or send and recv pairs)."""
    _load()
    _core.nccl.group_start()


def groupEnd():  # noqa: N802
    _load()
    _core.nccl.group_end()


def _pointer(buffer):
    if isinstance(buffer, _core.ndarray):
        return buffer.data.ptr
    if isinstance(buffer, bool) or not isinstance(buffer, int):
        raise TypeError("an NCCL buffer is a cunp array or a device address (int), not "
                        f"{type(buffer).__name__}")
    return buffer


class NcclCommunicator:
    """One rank of an NCCL communicator, on the device that was current when it was made."""

    def __init__(self, ndev, commId, rank):  # noqa: N803 - CuPy's parameter names
        _load()
        self._comm = _core._NcclCommunicator(ndev, tuple(commId), rank)

    @staticmethod
    def initAll(devices):  # noqa: N802
        """One communicator per device of `devices` (an int n means devices 0 .. n-1), all in
        this process."""
        if isinstance(devices, int):
            devices = list(range(devices))
        comms = []
        _load()
        for raw in _core._NcclCommunicator.init_all(list(devices)):
            comm = NcclCommunicator.__new__(NcclCommunicator)
            comm._comm = raw
            comms.append(comm)
        return comms

    def _stream(self, stream):
        if stream is None:
            from cunp import cuda

            with cuda.Device(self._comm.device_id()):
                return cuda.get_current_stream().ptr
        if isinstance(stream, int) and not isinstance(stream, bool):
            return stream
        return stream.ptr

    def device_id(self):
        return self._comm.device_id()

    def rank_id(self):
        return self._comm.rank_id()

    def size(self):
        return self._comm.size()

    def destroy(self):
        """Frees the communicator after its pending operations."""
        self._comm.destroy()

    def abort(self):
        """Frees the communicator, dropping its pending operations."""
        self._comm.abort()

    def check_async_error(self):
        """Raises NcclError if an operation of this communicator failed asynchronously."""
        self._comm.check_async_error()

    def allReduce(self, sendbuf, recvbuf, count, datatype, op, stream=None):  # noqa: N802
        self._comm.all_reduce(_pointer(sendbuf), _pointer(recvbuf), count, datatype, op,
                              self._stream(stream))

    def reduce(self, sendbuf, recvbuf, count, datatype, op, root, stream=None):
        self._comm.reduce(_pointer(sendbuf), _pointer(recvbuf), count, datatype, op, root,
                          self._stream(stream))

    def broadcast(self, sendbuf, recvbuf, count, datatype, root, stream=None):
        self._comm.broadcast(_pointer(sendbuf), _pointer(recvbuf), count, datatype, root,
                             self._stream(stream))

    def bcast(self, buff, count, datatype, root, stream=None):
        """broadcast in place."""
        self.broadcast(buff, buff, count, datatype, root, stream)

    def allGather(self, sendbuf, recvbuf, count, datatype, stream=None):  # noqa: N802
        self._comm.all_gather(_pointer(sendbuf), _pointer(recvbuf), count, datatype,
                              self._stream(stream))

    def reduceScatter(self, sendbuf, recvbuf, recvcount, datatype, op, stream=None):  # noqa: N802
        self._comm.reduce_scatter(_pointer(sendbuf), _pointer(recvbuf), recvcount, datatype, op,
                                  self._stream(stream))

    def send(self, sendbuf, count, datatype, peer, stream=None):
        self._comm.send(_pointer(sendbuf), count, datatype, peer, self._stream(stream))

    def recv(self, recvbuf, count, datatype, peer, stream=None):
        self._comm.recv(_pointer(recvbuf), count, datatype, peer, self._stream(stream))


def nccl_type(dtype, count):
    """(datatype, NCCL element count) of `count` items of `dtype`; complex numbers travel as
    pairs of floats (sums stay exact part by part; max/min/prod of complex have no meaning)."""
    return _core.nccl.data_type(dtype, count)


__all__ = ["NcclCommunicator", "NcclError", "available", "get_build_version", "get_unique_id",
           "get_version", "groupEnd", "groupStart", "nccl_type"] + \
    [name for name in globals() if name.startswith("NCCL_")]
