"""cunp.cuda.function: modules of compiled kernels (cupy.cuda.function's Module and Function).

    mod = cunp.cuda.function.Module()
    mod.load_file("kernels.cubin")            # cubin, PTX or fatbin
    f = mod.get_function("saxpy")
    f((blocks,), (threads,), (a, x, y, n))    # the arguments as RawKernel takes them

CuPy's kernel-argument wrappers are here too, as values that the launch (RawKernel, RawModule,
Function) takes by value: CIntptr(v) (an intptr_t), CUIntMax(v) (a uintmax_t), CNumpyArray(a)
(the bytes of a NumPy array or scalar, e.g. a struct) and their base CPointer(p) (the argument's
bytes read from the host address p when the kernel is launched).
"""
import ctypes as _ctypes
import operator as _operator
import os as _os
import sys as _sys
import tempfile as _tempfile

import numpy as _numpy

from cunp import _core

__all__ = ["CIntptr", "CNumpyArray", "CPointer", "CUIntMax", "Function", "LinkState", "Module"]


class Module:
    """A loaded CUDA module: load_file(path) or load(image bytes), then get_function(name) and
    get_global_var(name)."""

    def __init__(self):
        self._raw = None

    def load_file(self, filename):
        """Loads the cubin, PTX or fatbin file `filename`."""
        if not isinstance(filename, (str, bytes, _os.PathLike)):
            raise TypeError("filename must be a path, not %s" % type(filename).__name__)
        self._raw = _core.RawModule(path=_os.fsdecode(filename))

    def load(self, cubin):
        """Loads a module image given as bytes (cubin, PTX or fatbin)."""
        if isinstance(cubin, str):
            cubin = cubin.encode()
        if not isinstance(cubin, (bytes, bytearray, memoryview)):
            raise TypeError("cubin must be bytes, not %s" % type(cubin).__name__)
        fd, path = _tempfile.mkstemp(suffix=".cubin")
        try:
            with _os.fdopen(fd, "wb") as f:
                f.write(bytes(cubin))
            self._raw = _core.RawModule(path=path)
            self._raw.compile()  # read the file now: it is removed below
        finally:
            _os.remove(path)

    def _module(self):
        if self._raw is None:
            raise RuntimeError("the module has nothing loaded (call load_file or load first)")
        return self._raw

    def get_function(self, name):
        """The kernel `name` (its mangled name for C++ kernels) as a Function."""
        return Function(self, name)

    def get_global_var(self, name):
        """The device variable `name`, as a MemoryPointer."""
        return self._module().get_global(name)

    get_global = get_global_var


class Function:
    """The kernel `funcname` of `module`; call it as f(grid, block, args, shared_mem=0,
    stream=None), arguments as RawKernel takes them."""

    def __init__(self, module, funcname):
        if not isinstance(module, Module):
            raise TypeError("module must be a cunp.cuda.function.Module, not %s"
                            % type(module).__name__)
        self.module = module
        self._kernel = module._module().get_function(funcname)

    def __call__(self, grid, block, args, shared_mem=0, stream=None, enable_cooperative_groups=False):
        self._kernel(grid, block, args, shared_mem=shared_mem, stream=stream,
                     enable_cooperative_groups=enable_cooperative_groups)

    @property
    def ptr(self):
        return self._kernel.kernel

    def __getattr__(self, name):  # attributes, num_regs, max_threads_per_block, ...
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._kernel, name)


class LinkState:
    """A driver link (cuLinkCreate): add PTX, cubin, fatbin, object or library images with
    add_ptr_data / add_ptr_file (input types: cunp.cuda.driver.CU_JIT_INPUT_*), then complete()
    returns the linked cubin, for Module.load. Relocatable code from
    compile_using_nvcc(..., separate_compilation=True) links this way."""

    def __init__(self):
        from cunp.cuda import driver
        self._driver = driver
        self.ptr = driver.linkCreate()

    def add_ptr_data(self, data, name, input_type):
        """Adds the image `data` (bytes; str for PTX), named `name` in the linker's messages."""
        self._driver.linkAddData(self.ptr, input_type, data, name)

    def add_ptr_file(self, path, input_type):
        """Adds the file at `path`."""
        self._driver.linkAddFile(self.ptr, input_type, path)

    def complete(self):
        """The linked cubin, as bytes."""
        return self._driver.linkComplete(self.ptr)

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr:
            try:
                self._driver.linkDestroy(ptr)
            except Exception:  # at interpreter exit the driver may be gone already
                pass



# --- kernel-argument wrappers (CuPy's CPointer family) ---

_ARG_BYTES = 8  # what a CPointer reads: the launch takes it as one 64-bit value


def _page_size():
    try:
        return _os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return 4096


_PAGE = _page_size()
_libc = None


def _mapped(page):
    """Whether the page at `page` is mapped (msync fails with ENOMEM where it is not)."""
    global _libc
    if _libc is None:
        _libc = _ctypes.CDLL(None, use_errno=True)
        _libc.msync.argtypes = [_ctypes.c_void_p, _ctypes.c_size_t, _ctypes.c_int]
    return _libc.msync(page, 1, 1) == 0  # MS_ASYNC: checks the mapping, writes nothing


def _read_argument(address):
    """The 8 bytes at the host `address`, as the unsigned value the launch stores. Bytes on a
    following page that is not mapped cannot belong to the argument: they read as zero."""
    room = _PAGE - address % _PAGE
    if room >= _ARG_BYTES or _mapped(address + room):
        data = _ctypes.string_at(address, _ARG_BYTES)
    else:
        data = _ctypes.string_at(address, room) + bytes(_ARG_BYTES - room)
    return int.from_bytes(data, _sys.byteorder)


class CPointer:
    """CuPy's kernel argument given by where its bytes are: `p` is the host address of the
    argument's value (a ctypes object's addressof, a NumPy array's .ctypes.data), read when the
    kernel is launched. cunp takes it as one value of up to 8 bytes (a pointer, an integer, a
    float or double; a larger parameter is refused); for larger values, such as structs, use
    CNumpyArray. Its subclasses CIntptr, CUIntMax and CNumpyArray carry their value themselves."""

    def __init__(self, p=0):
        if isinstance(p, bool) or not hasattr(p, "__index__"):
            raise TypeError("p must be an int (an address), not %s" % type(p).__name__)
        p = _operator.index(p)
        if not -(1 << 63) <= p < (1 << 64):
            raise OverflowError("p does not fit a pointer: %d" % p)
        self._address = p % (1 << 64)

    def __index__(self):
        # The launch reads an object that is neither a number nor an array through __index__,
        # as a 64-bit value: here, the bytes at the address.
        if not self._address:
            raise ValueError("a CPointer to address 0 cannot be a kernel argument")
        return _read_argument(self._address)

    def __repr__(self):
        return "%s(0x%x)" % (type(self).__name__, self._address)


def _integer(v, lo, hi, what):
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError("%s takes an integer, not %s" % (what, type(v).__name__))
    v = _operator.index(v)
    if not lo <= v <= hi:
        raise OverflowError("%d is out of the range of %s" % (v, what))
    return v


class CIntptr(_numpy.intp, CPointer):
    """An intptr_t kernel argument: the signed 64-bit value `v` (a NumPy intp)."""

    def __new__(cls, v):
        return _numpy.intp.__new__(cls, _integer(v, -(1 << 63), (1 << 63) - 1, "intptr_t"))

    def __init__(self, v):
        pass

    __index__ = _numpy.intp.__index__
    __repr__ = _numpy.intp.__repr__


class CUIntMax(_numpy.uint64, CPointer):
    """A uintmax_t kernel argument: the unsigned 64-bit value `v` (a NumPy uint64), as CuPy
    passes texture and surface objects."""

    def __new__(cls, v):
        return _numpy.uint64.__new__(cls, _integer(v, 0, (1 << 64) - 1, "uintmax_t"))

    def __init__(self, v):
        pass

    __index__ = _numpy.uint64.__index__
    __repr__ = _numpy.uint64.__repr__


class CNumpyArray(_numpy.void, CPointer):
    """A kernel argument passed by value from the bytes of the NumPy array or scalar `v` (its
    first element for a parameter of one element's size: a struct as a one-element structured
    array, a float4 as a float32 array of 4). The bytes are copied when it is made (CuPy reads
    them from `v` at launch time: make it after the last change to `v`)."""

    def __new__(cls, v):
        if not hasattr(v, "__array_interface__"):
            raise TypeError("CNumpyArray takes a NumPy array or scalar, not %s"
                            % type(v).__name__)
        a = _numpy.asarray(v)
        if a.dtype.hasobject:
            raise TypeError("an array of Python objects cannot be a kernel argument")
        if a.nbytes == 0:
            raise ValueError("CNumpyArray takes an array with at least one byte")
        if not a.flags.c_contiguous:
            a = _numpy.ascontiguousarray(a)
        raw = a.reshape(-1).view(_numpy.uint8)
        return raw.view(_numpy.dtype((cls, "V%d" % a.nbytes)))[0]

    def __init__(self, v):
        pass

    def __index__(self):
        raise TypeError("a CNumpyArray is not an integer")

    __repr__ = _numpy.void.__repr__
