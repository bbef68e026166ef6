"""cunp.cuda.runtime: device queries with CuPy's names, and CUDARuntimeError."""
from cunp._core import (  # noqa: F401
    CUDARuntimeError, getDeviceCount, getDevice, setDevice, deviceSynchronize,
    getDeviceProperties, memGetInfo, is_available,
)
