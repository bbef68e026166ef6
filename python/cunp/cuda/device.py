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
