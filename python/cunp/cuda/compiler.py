"""cunp.cuda.compiler: the kernel compiler's names as cupy.cuda.compiler has them.

CompileException is raised when NVRTC rejects a kernel; it carries the compiler's log
(``.log``) and the full source (``.source``).
"""
from cunp import _core
from cunp._core import CompileException


def is_valid_kernel_name(name):
    """Whether `name` can name a kernel (a C identifier)."""
    return isinstance(name, str) and _core.kernels.is_valid_kernel_name(name)


def _numbered(source):
    return ''.join('%4d %s\n' % (n, line) for n, line in enumerate(source.splitlines(), 1))


def _get_message(self):
    return str(self)


def _dump(self, f):
    """Writes the error, then the numbered source, to the text stream `f`."""
    f.write('NVRTC compilation error: %s\n' % self)
    f.write('-----\n')
    f.write('CUDA source:\n')
    f.write(_numbered(getattr(self, 'source', '')))
    f.write('-----\n')


CompileException.get_message = _get_message
CompileException.dump = _dump


class NVCCException(Exception):
    """nvcc failed (compile_with_cache with backend='nvcc')."""


class JitifyException(Exception):
    """Jitify's preprocessing failed (jitify=True)."""


def compile_with_cache(source, options=(), arch=None, cache_dir=None, extra_source=None,
                       backend="nvrtc", *, enable_cooperative_groups=False,
                       name_expressions=None, log_stream=None, jitify=False):
    """Compiles `source` for the current device (or reuses cunp's compile cache) and returns
    a loaded cunp.cuda.function.Module. `arch` and `cache_dir` are accepted for CuPy's
    signature; cunp compiles for the current device's architecture into its own cache
    ($CUNP_CACHE_DIR)."""
    from cunp.cuda.function import Module
    if not isinstance(source, str):
        raise TypeError("source must be a str, not %s" % type(source).__name__)
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError("backend must be 'nvrtc' or 'nvcc', not %r" % (backend,))
    if isinstance(options, str):
        options = (options,)
    if extra_source is not None:
        source = extra_source + "\n" + source
    raw = _core.RawModule(code=source, options=tuple(options), backend=backend,
                          enable_cooperative_groups=enable_cooperative_groups,
                          name_expressions=name_expressions, jitify=jitify)
    raw.compile(log_stream)
    module = Module()
    module._raw = raw
    return module


__all__ = ["CompileException", "JitifyException", "NVCCException", "compile_with_cache",
           "is_valid_kernel_name"]
