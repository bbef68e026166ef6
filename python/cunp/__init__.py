"""cunp: NumPy-compatible arrays on NVIDIA GPUs.

    import cunp as cp
    x = cp.arange(6, dtype='f').reshape(2, 3)
    print(x.T, cp.asnumpy(x))

Importing cunp needs neither NumPy nor a GPU: NumPy is imported when an operation first needs
it, and the first operation that needs a device raises cunp.cuda.runtime.CUDARuntimeError
where there is none.
"""
import sys as _sys

from cunp import _core

# pip's CUDA wheels (nvidia/*/lib) are searched for under these directories when a library is
# first loaded; handing them over costs nothing at import.
_core.config.set_package_roots(_sys.path)

from cunp._core import ndarray, empty, zeros, ones, eye, array  # noqa: E402
from cunp._array import _ndarray  # noqa: E402,F401  (ndarray's Python-level methods)
from cunp._math import _ufuncs  # noqa: E402,F401  (the ufunc type's outer and at)
from cunp._namespace import AREAS as _AREAS, SUBMODULES as _SUBMODULES  # noqa: E402

__version__ = "0.1.0"

ndarray.__module__ = "cunp"

# The ufunc objects (cunp.add, cunp.sin, ...), one per entry of the core's ufunc table.
globals().update({_name: getattr(_core, _name) for _name in _core.elementwise.ufunc_names})
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
    # NumPy 1's (NumPy 2 dropped them, CuPy 14 has them): cunp._misc._numpy1 gives the values.
    "Inf", "Infinity", "infty", "PINF", "NINF", "NAN", "NaN", "PZERO", "NZERO", "cfloat",
    "singlecomplex",
}


# Every other name's module, imported when the name is first read (cunp._namespace).
_WHERE = {_n: _m for _m, _names in _AREAS.items() for _n in _names.split()}


def _public_names():
    """What `from cunp import *` binds: cunp's own functions and types."""
    names = {n for n in globals() if not n.startswith("_")} - _NUMPY_NAMES - set(_SUBMODULES)
    return sorted(names | set(_WHERE))


def __dir__():
    return sorted(set(globals()) | set(_WHERE) | set(_SUBMODULES) | _NUMPY_NAMES)


def __getattr__(name):
    module = _WHERE.get(name)
    if module is not None:
        import importlib

        value = getattr(importlib.import_module(module), name)
    elif name in _SUBMODULES:
        import importlib

        value = importlib.import_module(f"cunp.{name}")
    elif name in _NUMPY_NAMES:
        import numpy

        try:
            value = getattr(numpy, name)
        except AttributeError:  # a NumPy 1 name (float_, NaN, ...): cunp keeps it
            from cunp._misc import _numpy1

            value = _numpy1.numpy1_value(name)
    elif name == "__all__":
        return _public_names()
    else:
        raise AttributeError(f"module 'cunp' has no attribute '{name}'")
    globals()[name] = value
    return value


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


def _install_signatures():
    """inspect.signature and help() for what is bound in C++: `__signature__` properties on
    nanobind's function, method and bound-method types and on the ufunc type, whose getters
    (cunp._signatures) are imported on the first read, so importing cunp loads nothing more."""
    def lazy(name):
        def get(obj):
            from cunp import _signatures

            return getattr(_signatures, name)(obj)
        return property(get)

    method = _core.ndarray.__dict__["copy"]
    # (method.__get__(0) is a bound method, made for its type only: nanobind binds any object)
    for sample, getter in ((_core.zeros, "signature_of"), (method, "method_signature_of"),
                           (method.__get__(0), "bound_signature_of")):
        _core.signatures.install_property(sample, lazy(getter))
    _core.ufunc.__signature__ = lazy("ufunc_signature")


_install_signatures()
del _install_signatures
