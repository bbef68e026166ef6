# python/cunp/_cupyx/_syncdetect.py -- cupyx.allow_synchronize and DeviceSynchronized.
"""``with cunp.allow_synchronize(False):`` forbids, in the current thread, the operations that
make the host wait for the device; one that does raises cunp.DeviceSynchronized. CuPy marks this
API deprecated (detection cannot be complete: synchronizations outside the library are never
seen) and warns on each use; cunp warns the same way.

Where cunp checks: cunp.asnumpy (the documented way to bring data to the host). The core's own
device-to-host paths (ndarray.get, item, tolist, printing, bool/int/float of an array) do not
consult the flag yet: that needs a hook in the C++ transfer code (src/ops/creation/transfer.cpp), which
would read `_is_allowed` through the binding."""
import contextlib
import threading
import warnings

__all__ = ["allow_synchronize", "DeviceSynchronized"]

_state = threading.local()


class DeviceSynchronized(RuntimeError):
    """Raised when the device is synchronized while ``allow_synchronize(False)`` forbids it."""

    def __init__(self, message=None):
        super().__init__(message if message is not None else
                         "Device synchronization was detected while disallowed.")


def _is_allowed():
    """Whether the current thread may synchronize with the device (True unless forbidden)."""
    return getattr(_state, "allowed", True)


def _declare_synchronize():
    """Called where cunp is about to wait for the device: raises DeviceSynchronized where the
    current thread forbids it."""
    if not _is_allowed():
        raise DeviceSynchronized()


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allows (True) or forbids (False) device synchronization in the current thread for the
    block; the previous setting comes back on exit. Detection is best-effort: see the module's
    notes."""
    warnings.warn("cunp.allow_synchronize (cupyx.allow_synchronize) will be removed in future "
                  "releases as it is not possible to reliably detect synchronizations.",
                  stacklevel=3)
    old = _is_allowed()
    _state.allowed = bool(allow)
    try:
        yield
    finally:
        _state.allowed = old
