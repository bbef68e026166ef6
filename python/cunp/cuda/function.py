"""cunp.cuda.function: modules of compiled kernels (cupy.cuda.function's Module and Function).

    mod = cunp.cuda.function.Module()
    mod.load_file("kernels.cubin")            # cubin, PTX or fatbin
    f = mod.get_function("saxpy")
    f((blocks,), (threads,), (a, x, y, n))    # the arguments as RawKernel takes them
"""
import os as _os
import tempfile as _tempfile

from cunp import _core

__all__ = ["Function", "LinkState", "Module"]


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

