# python/cunp/_cupyx/_syncdetect.py -- cupyx.allow_synchronize and DeviceSynchronized.
"""``with cunp.allow_synchronize(False):`` forbids, in the current thread, the operations that
make the host wait for the device; one that does raises cunp.DeviceSynchronized. CuPy marks this
API deprecated (detection cannot be complete: synchronizations outside the library are never
seen) and warns on each use; cunp warns the same way.

Where cunp checks: every copy of device data to the host that waits for it (ndarray.get, item,
tolist, printing, bool/int/float of an array, cunp.asnumpy, and the sizes that operations such
as nonzero read back). The switch is kept per thread in the core, which checks it before the
copy. Asynchronous copies (get(stream, out=pinned, blocking=False), MemoryPointer's *_async
copies) and explicit synchronize() calls are not flagged."""
import contextlib
import warnings

from cunp import _core

__all__ = ["allow_synchronize", "DeviceSynchronized"]

# The core raises it (from any of its copies to the host); its message is CuPy's.
DeviceSynchronized = _core.DeviceSynchronized
DeviceSynchronized.__module__ = "cunp"
DeviceSynchronized.__doc__ = ("Raised when the device is synchronized while "
                              "``allow_synchronize(False)`` forbids it.")


def _init(self, message=None):
    RuntimeError.__init__(self, message if message is not None else
                          "Device synchronization was detected while disallowed.")


DeviceSynchronized.__init__ = _init


def _is_allowed():
    """Whether the current thread may synchronize with the device (True unless forbidden)."""
    return _core.sync.allowed()


def _declare_synchronize():
    """Called where cunp is about to wait for the device: raises DeviceSynchronized where the
    current thread forbids it."""
    if not _is_allowed():
        raise DeviceSynchronized("Device synchronization was detected while disallowed.")


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allows (True) or forbids (False) device synchronization in the current thread for the
    block; the previous setting comes back on exit. Detection is best-effort: see the module's
    notes."""
    warnings.warn("cunp.allow_synchronize (cupyx.allow_synchronize) will be removed in future "
                  "releases as it is not possible to reliably detect synchronizations.",
                  stacklevel=3)
    old = _is_allowed()
    _core.sync.set_allowed(bool(allow))
    try:
        yield
    finally:
        _core.sync.set_allowed(old)
