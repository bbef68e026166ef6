"""cunp.ElementwiseKernel: user CUDA C++ run once per element of broadcast arrays (CuPy's class).

    add = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add')
    add(cunp.arange(3.0), 1.0)            # -> array([1., 2., 3.])

The kernel is the core's (cunp._core._ElementwiseKernelCore, C++ cunp::ElementwiseKernel): it
parses the parameters once, and every call runs in C++: argument checks, type resolution,
broadcasting, output allocation, launch.
"""
from cunp import _core


class ParameterInfo:
    """One parameter of a kernel, as the core parsed it: 'float32 x', 'T y', 'raw T z'.

    A one-character type is a placeholder resolved from the arguments' dtypes (CuPy's rule);
    anything longer is a NumPy dtype name, and ``ctype`` is its C++ spelling in kernels. An
    input whose type is a C struct name instead ('double3 v', or a struct the preamble defines)
    has ``dtype`` None and ``ctype`` that name: it takes a structured scalar by value.
    """

    __slots__ = ('name', 'dtype', 'ctype', 'raw', 'is_const')

    def __init__(self, name, dtype, ctype, raw, is_const):
        self.name = name
        if dtype is not None:
            import numpy

            dtype = numpy.dtype(dtype)
        self.dtype = dtype
        self.ctype = ctype
        self.raw = raw
        self.is_const = is_const

    def __repr__(self):
        return '<ParameterInfo name=%r dtype=%r ctype=%r raw=%r is_const=%r>' % (
            self.name, self.dtype, self.ctype, self.raw, self.is_const)


def _parameter_infos(params):
    return tuple(ParameterInfo(*p) for p in params)


class ElementwiseKernel(_core._ElementwiseKernelCore):
    """User-defined elementwise kernel (cupy.ElementwiseKernel).

    Args:
        in_params (str): input parameters, e.g. ``'float32 x, T y, raw T table'``. A non-raw
            input may name a C struct instead of a dtype: a CUDA vector type (``'double3 v'``)
            or a type the preamble defines (``'Vec3 v'``); it takes a structured NumPy scalar
            (``numpy.void``, or a one-element structured array) passed by value, whose
            itemsize must be the struct's size (ValueError otherwise).
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
        # The core parses and checks the parameters and the name (CuPy's errors).
        super().__init__(in_params, out_params, operation, name, preamble, loop_prep, after_loop,
                         [str(o) for o in options], bool(no_return), bool(return_tuple))
        self.in_params = _parameter_infos(self._in_params)
        self.out_params = _parameter_infos(self._out_params)
        self.params = self.in_params + self.out_params
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

    def __repr__(self):
        return '<ElementwiseKernel %s>' % self.name
