"""cunp.cuda.device: devices (cupy.cuda.device).

    with cunp.cuda.Device(1):    # arrays made in the block live on GPU 1
        x = cunp.ones(3)
"""
from cunp import _core
from cunp._core import Device

__all__ = ["Device", "from_pointer", "get_compute_capability", "get_device_id"]


def get_device_id():
    """The current device's id."""
    return _core.getDevice()


def get_compute_capability():
    """The current device's compute capability as CuPy writes it ('90' for 9.0)."""
    return Device().compute_capability


def from_pointer(ptr):
    """The Device that holds the device memory at address `ptr`."""
    from cunp.cuda import runtime
    attributes = runtime.pointerGetAttributes(ptr)
    return Device(attributes.device)


# -- library handles (cupy.cuda.device's getters) ------------------------------------------

import threading as _threading  # noqa: E402

_handles = _threading.local()

# getter: (module under cunp.cuda, its create call)
_HANDLE_MAKERS = {
    'get_cublas_handle': ('cublas', 'create'),
    'get_cusolver_handle': ('cusolver', 'create'),
    'get_cusolver_sp_handle': ('cusolver', 'spCreate'),
    'get_cusparse_handle': ('cusparse', 'create'),
}


def _handle(getter):
    # One handle per thread and device, made on first use with cunp.cuda.<library>'s create
    # and kept for the thread's life, as CuPy's are. They are for cunp.cuda.<library>'s calls:
    # cunp's own operations keep their handles inside the core.
    import importlib
    cache = _handles.__dict__.setdefault('by_device', {})
    key = (getter, _core.getDevice())
    if key not in cache:
        module, create = _HANDLE_MAKERS[getter]
        cache[key] = getattr(importlib.import_module('cunp.cuda.' + module), create)()
    return cache[key]


def get_cublas_handle():
    """This thread's cuBLAS handle for the current device (for cunp.cuda.cublas's calls)."""
    return _handle('get_cublas_handle')


def get_cusolver_handle():
    """This thread's cuSOLVER dense handle for the current device."""
    return _handle('get_cusolver_handle')


def get_cusolver_sp_handle():
    """This thread's cuSOLVER sparse handle for the current device."""
    return _handle('get_cusolver_sp_handle')


def get_cusparse_handle():
    """This thread's cuSPARSE handle for the current device."""
    return _handle('get_cusparse_handle')


__all__ += list(_HANDLE_MAKERS)
