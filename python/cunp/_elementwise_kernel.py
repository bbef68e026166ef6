"""cunp.ElementwiseKernel: user CUDA C++ run once per element of broadcast arrays (CuPy's class).

    add = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add')
    add(cunp.arange(3.0), 1.0)            # -> array([1., 2., 3.])

The parameter strings are parsed here, once per kernel; every call runs in C++
(cunp._core._ElementwiseKernelCore): type resolution, broadcasting, output allocation, launch.
"""
import re

from cunp import _core
from cunp.cuda import compiler

# `i` (the element's C-order position) or `_ind` in user code: the loop must then keep C order.
_INDEX_USE = re.compile(r'\b(?:i|_ind)\b')
_IDENTIFIER = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')

# The C++ spelling of each supported dtype in kernels (ParameterInfo.ctype of fixed types).
_CTYPES = {
    'bool': 'bool', 'int8': 'signed char', 'uint8': 'unsigned char', 'int16': 'short',
    'uint16': 'unsigned short', 'int32': 'int', 'uint32': 'unsigned int', 'int64': 'long long',
    'uint64': 'unsigned long long', 'float16': 'float16', 'float32': 'float', 'float64': 'double',
    'complex64': 'complex<float>', 'complex128': 'complex<double>',
}


class ParameterInfo:
    """One parameter of a kernel: 'float32 x', 'T y', 'raw T z'.

    A one-character type is a placeholder resolved from the arguments' dtypes (CuPy's rule);
    anything longer is a NumPy dtype name.
    """

    __slots__ = ('name', 'dtype', 'ctype', 'raw', 'is_const')

    def __init__(self, param, is_const):
        words = param.split()
        if len(words) < 2:
            raise ValueError('Syntax error: %s' % param)
        self.raw = False
        self.is_const = is_const
        for word in words[:-2]:
            if word == 'raw':
                self.raw = True
            elif word == '_non_const':
                self.is_const = False
            else:
                raise ValueError('Unknown keyword "%s"' % word)
        t, self.name = words[-2:]
        if not _IDENTIFIER.match(self.name):
            raise ValueError('Invalid parameter name: "%s"' % self.name)
        if len(t) == 1:
            self.dtype = None
            self.ctype = t
        else:
            import numpy

            self.dtype = numpy.dtype(t)
            ctype = _CTYPES.get(self.dtype.name)
            if ctype is None:
                raise TypeError('Unsupported dtype %s for parameter %s' % (self.dtype, self.name))
            self.ctype = ctype
        if not self.is_const and not self.raw and is_const:
            raise NotImplementedError(
                "'_non_const' is supported on raw parameters only (parameter %s)" % self.name)

    def __repr__(self):
        return '<ParameterInfo name=%r dtype=%r ctype=%r raw=%r is_const=%r>' % (
            self.name, self.dtype, self.ctype, self.raw, self.is_const)


def _parse_params(params, is_const):
    if len(params) == 0:
        return ()
    return tuple(ParameterInfo(p, is_const) for p in params.strip().split(','))


def _core_params(params):
    return [(p.name, p.dtype, p.ctype, p.raw, not p.is_const) for p in params]


class ElementwiseKernel(_core._ElementwiseKernelCore):
    """User-defined elementwise kernel (cupy.ElementwiseKernel).

    Args:
        in_params (str): input parameters, e.g. ``'float32 x, T y, raw T table'``.
        out_params (str): output parameters, e.g. ``'T z'``.
        operation (str): CUDA C++ run for each element; reads the inputs, assigns the outputs
            (references to the output elements), and may use ``i`` (the element's C-order
            position) and ``_ind.size()`` (the number of elements). ``raw`` parameters are
            whole arrays: ``table[j]`` indexes by C-order position, ``table.size()``,
            ``table.shape()[d]``.
        name (str): the kernel's name (a C identifier).
        reduce_dims (bool): accepted for CuPy compatibility; layouts are always simplified.
        preamble (str): code placed before the kernel (helper functions, constants).
        no_return (bool): calls return None.
        return_tuple (bool): calls return a tuple even for one output.
        options (tuple of str): extra NVRTC options.
        loop_prep (str): code each thread runs before its loop.
        after_loop (str): code each thread runs after its loop.

    Calling it with the inputs (and optionally the outputs) broadcasts the non-raw arrays,
    allocates missing outputs with the broadcast shape (or ``size=`` when every array is raw),
    compiles on first use for the argument dtypes, and launches on the current stream.
    """

    def __init__(self, in_params, out_params, operation, name='kernel', reduce_dims=True,
                 preamble='', no_return=False, return_tuple=False, *, options=(),
                 loop_prep='', after_loop=''):
        if not compiler.is_valid_kernel_name(name):
            raise ValueError('Invalid kernel name: "%s"' % name)
        self.in_params = _parse_params(in_params, True)
        self.out_params = _parse_params(out_params, False)
        self.params = self.in_params + self.out_params
        names = [p.name for p in self.params]
        if 'i' in names:
            raise ValueError("Can not use 'i' as a parameter name")
        for n in names:
            if names.count(n) > 1:
                raise ValueError('Duplicate parameter name: "%s"' % n)
        self.nin = len(self.in_params)
        self.nout = len(self.out_params)
        self.nargs = self.nin + self.nout
        self.operation = operation
        self.name = name
        self.__name__ = name
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.no_return = no_return
        self.return_tuple = return_tuple
        self.kwargs = {'options': tuple(options), 'loop_prep': loop_prep,
                       'after_loop': after_loop}
        uses_index = bool(_INDEX_USE.search('\n'.join((operation, loop_prep, after_loop,
                                                         preamble))))
        super().__init__(_core_params(self.in_params), _core_params(self.out_params), operation,
                         name, preamble, loop_prep, after_loop, [str(o) for o in options],
                         bool(no_return), bool(return_tuple), uses_index)

    def __repr__(self):
        return '<ElementwiseKernel %s>' % self.name
