# python/cunp/_kernels/_reduction_kernel.py -- cunp.ReductionKernel: user map/reduce/post-map code run by
# the core's reduction engine (CuPy's class). The kernel is the core's: it parses the parameters
# once, and every call runs in C++.
"""cunp.ReductionKernel: a user-defined reduction (CuPy's class).

    l2 = cunp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    l2(cunp.arange(4.0))                   # -> array(3.74165739)
    l2(x, axis=1, keepdims=True)
"""
from cunp import _core
from cunp._kernels._elementwise_kernel import _parameter_infos


class ReductionKernel(_core._ReductionKernelCore):
    """User-defined reduction kernel (cupy.ReductionKernel).

    Args:
        in_params (str): input parameters, e.g. ``'T x, T y'``.
        out_params (str): output parameters, e.g. ``'T z'``.
        map_expr (str): the value each element contributes (an expression of the inputs; ``_j``
            is the element's C-order position within the reduced axes).
        reduce_expr (str): folds two values ``a`` and ``b`` (in any order and grouping).
        post_map_expr (str): statements writing the outputs from the fold ``a``.
        identity (str or None): the fold's starting value; None folds from the first element
            (an empty reduction is then an error).
        name (str): the kernel's name.
        reduce_type (str): the C++ type of the fold, or a placeholder such as ``'T'``.
        reduce_dims (bool): accepted for CuPy compatibility; layouts are always simplified.
        preamble (str): device code placed before the kernel.
        options (tuple of str): extra NVRTC options.

    Calling it with the inputs (and optionally the outputs, positionally or as ``out=``)
    broadcasts the inputs, reduces ``axis`` (None: all; an int or a tuple) and returns the
    outputs (kept axes as 1s with ``keepdims=True``); ``stream=`` runs it on that stream.
    ``_source(in_dtypes, out_dtypes, strategy, kept_ndim, reduced_ndim, vec)`` gives the CUDA
    source for these dtypes and layout (strategy 0 block, 1 warp, 2 thread, 3 tile).
    """

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='',
                 options=()):
        # The core parses and checks the parameters and the name (CuPy's errors).
        super().__init__(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                         name, reduce_type, preamble, [str(o) for o in options])
        self.in_params = _parameter_infos(self._in_params)
        self.out_params = _parameter_infos(self._out_params)
        self.params = self.in_params + self.out_params
        self.nin = len(self.in_params)
        self.nout = len(self.out_params)
        self.name = self.__name__ = name
        self.map_expr = map_expr
        self.reduce_expr = reduce_expr
        self.post_map_expr = post_map_expr
        self.identity = identity
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.options = tuple(options)

    def __repr__(self):
        return '<ReductionKernel %s>' % self.name
