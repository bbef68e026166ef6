"""cunp: NumPy-compatible arrays on NVIDIA GPUs.

    import cunp as cp
    x = cp.arange(6, dtype='f').reshape(2, 3)
    print(x.T, cp.asnumpy(x))

Importing cunp needs neither NumPy nor a GPU: NumPy is imported when an operation first needs
it, and the first operation that needs a device raises cunp.cuda.runtime.CUDARuntimeError
where there is none.
"""
import os as _os


def _find_cuda_libraries():
    # The core finds NVRTC, cuBLAS, cuSOLVER, ... in the CUDA toolkit and on the library path;
    # failing those, point it at the copies pip installs with the CUDA wheels (a few stat and
    # listdir calls, no imports).
    if _os.path.exists("/usr/local/cuda/lib64/libnvrtc.so") or \
            _os.environ.get("CUNP_CUDA_LIBRARY_DIRS"):
        return
    import sys

    dirs = []
    for base in sys.path:
        root = _os.path.join(base, "nvidia")
        if not _os.path.isdir(root):
            continue
        for package in sorted(_os.listdir(root)):
            lib = _os.path.join(root, package, "lib")
            if _os.path.isdir(lib):
                dirs.append(lib)
    if dirs:
        _os.environ["CUNP_CUDA_LIBRARY_DIRS"] = ":".join(dirs)
        for d in dirs:
            for name in ("libnvrtc.so.13", "libnvrtc.so.12"):
                if not _os.environ.get("CUNP_NVRTC_PATH") and \
                        _os.path.exists(_os.path.join(d, name)):
                    _os.environ["CUNP_NVRTC_PATH"] = _os.path.join(d, name)


_find_cuda_libraries()

from cunp import _core  # noqa: E402
from cunp._core import ndarray, empty, zeros, ones, eye, array  # noqa: E402
from cunp import cuda  # noqa: E402
from cunp._kernels._elementwise_kernel import ElementwiseKernel  # noqa: E402
from cunp._creation._basic import (
    asarray, ascontiguousarray, asfortranarray, copy, full, empty_like, zeros_like, ones_like,
    full_like, arange, linspace, logspace, geomspace, identity, asnumpy, meshgrid,
)
from cunp._manipulation._shapes import (
    reshape, ravel, transpose, swapaxes, moveaxis, squeeze, expand_dims, broadcast_to,
    broadcast_arrays, broadcast_shapes, real, imag, shape, ndim, size, flip, fliplr, flipud,
    roll,
)
from cunp._math._ufuncs import ufunc  # noqa: E402
from cunp._math._elementwise import (  # noqa: E402
    clip, where, nan_to_num, around, round, angle, isreal, iscomplex, isrealobj, iscomplexobj,
    isclose, allclose, array_equal, array_equiv,
)
# Each area's module lists its public names in __all__.
from cunp._manipulation._joining import *  # noqa: E402,F401,F403
from cunp._indexing._routines import *  # noqa: E402,F401,F403
from cunp._indexing._index_tricks import *  # noqa: E402,F401,F403
from cunp._math._reductions import *  # noqa: E402,F401,F403
from cunp._math._scans import *  # noqa: E402,F401,F403
from cunp._statistics._averages import *  # noqa: E402,F401,F403
from cunp._sorting._sort import *  # noqa: E402,F401,F403
from cunp._sorting._sorted_compositions import *  # noqa: E402,F401,F403
from cunp._linalg._products import *  # noqa: E402,F401,F403
from cunp._kernels._raw_kernel import *  # noqa: E402,F401,F403
from cunp._array._interop import *  # noqa: E402,F401,F403
from cunp._array._array_api import *  # noqa: E402,F401,F403
from cunp._math._differences import *  # noqa: E402,F401,F403
from cunp._creation._triangles import *  # noqa: E402,F401,F403
from cunp._io._files import *  # noqa: E402,F401,F403
from cunp._array import _ndarray  # noqa: E402,F401  (ndarray's Python-level methods)
from cunp._array._config import show_config  # noqa: E402
from cunp._array._dtypes import result_type, promote_types, can_cast, min_scalar_type, common_type
from cunp.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool

__version__ = "0.1.0"

ndarray.__module__ = "cunp"

# The ufunc objects (cunp.add, cunp.sin, ...), one per entry of the core's ufunc table.
globals().update({_name: getattr(_core, _name) for _name in _core._ufunc_names})
# The array API standard's names for some of them (NumPy 2 has the same aliases).
_UFUNC_ALIASES = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atan2": "arctan2", "atanh": "arctanh", "pow": "power",
    "bitwise_invert": "invert", "bitwise_left_shift": "left_shift",
    "bitwise_right_shift": "right_shift",
}
globals().update({_alias: globals()[_name] for _alias, _name in _UFUNC_ALIASES.items()})

# The version of the array API standard the namespace implements.
__array_api_version__ = "2025.12"

# NumPy's scalar types and constants, resolved from NumPy on first use (keeps import cheap).
_NUMPY_NAMES = {
    "bool_", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "byte", "ubyte", "short",
    "ushort", "intc", "uintc", "int_", "uint", "intp", "uintp", "longlong", "ulonglong", "half",
    "single", "double", "float_", "cdouble", "csingle", "complex_", "longdouble", "dtype",
    "number", "integer", "signedinteger", "unsignedinteger", "floating", "complexfloating",
    "inexact", "generic", "pi", "e", "inf", "nan", "newaxis", "euler_gamma", "typecodes",
    "sctypeDict", "ScalarType", "False_", "True_", "long", "ulong",
}


# Submodules imported on first use, so that `import cunp` stays cheap; likewise the modules of
# a few names (fuse's tracer is about 0.8 ms of import).
_LAZY_SUBMODULES = {"linalg", "random", "profiler", "testing", "core", "polynomial", "fft",
                    "scipy", "distributed"}
_LAZY_NAMES = {"fuse": "cunp._kernels._fusion"}


# Areas imported on the first use of any name they hold: rarely called functions whose modules
# together would cost more import time than the rest of the package. Each lists its names in
# __all__.
_LAZY_AREAS = ["_math._extras", "_math._windows", "_creation._diagonals",
               "_manipulation._rearranging", "_manipulation._padding", "_array._types",
               "_io._printing", "_creation._extras", "_math._polynomial", "_indexing._iterators",
               "_functional._tools", "_math._interpolation", "_statistics._histograms",
               "_sorting._sets", "_statistics._order_statistics"]


def _load_lazy_areas():
    import importlib

    while _LAZY_AREAS:
        module = importlib.import_module("cunp." + _LAZY_AREAS.pop())
        for n in module.__all__:
            globals().setdefault(n, getattr(module, n))


def __dir__():
    _load_lazy_areas()
    return sorted(globals())


def __getattr__(name):
    if _LAZY_AREAS and not name.startswith("__"):
        _load_lazy_areas()
        if name in globals():
            return globals()[name]
    if name in _LAZY_SUBMODULES or name in _LAZY_NAMES:
        import importlib

        module = importlib.import_module(_LAZY_NAMES.get(name, f"cunp.{name}"))
        value = getattr(module, name) if name in _LAZY_NAMES else module
        globals()[name] = value
        return value
    if name in _NUMPY_NAMES:
        import numpy

        value = getattr(numpy, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cunp' has no attribute '{name}'")


def get_array_module(*args):
    """cunp if any argument is a cunp array, else numpy (for CPU/GPU-agnostic code)."""
    for a in args:
        if isinstance(a, ndarray):
            import cunp

            return cunp
    import numpy

    return numpy


def is_available():
    return _core.is_available()
