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
