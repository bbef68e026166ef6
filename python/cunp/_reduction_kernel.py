# python/cunp/_reduction_kernel.py -- cunp.ReductionKernel: user map/reduce/post-map code run by
# the core's reduction engine (CuPy's class). Parameters are parsed here once per kernel.
"""cunp.ReductionKernel: a user-defined reduction (CuPy's class).

    l2 = cunp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    l2(cunp.arange(4.0))                   # -> array(3.74165739)
    l2(x, axis=1, keepdims=True)
"""
import re

from cunp import _core
from cunp._elementwise_kernel import _CTYPES, _parse_params
from cunp.cuda import compiler

_INDEX_USE = re.compile(r'\b_j\b')


def _axes(axis, ndim):
    if isinstance(axis, list):
        axis = tuple(axis)
    return sorted(_core._normalize_axes(axis, ndim))


class ReductionKernel:
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

    Calling it with the inputs (and optionally the outputs) broadcasts the inputs, reduces
    ``axis`` (None: all; an int or a tuple) and returns the outputs (kept axes as 1s with
    ``keepdims=True``).
    """

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='',
                 options=()):
        if not compiler.is_valid_kernel_name(name):
            raise ValueError('Invalid kernel name: "%s"' % name)
        self.in_params = _parse_params(in_params, True)
        self.out_params = _parse_params(out_params, False)
        self.params = self.in_params + self.out_params
        for p in self.params:
            if p.raw:
                raise NotImplementedError('raw parameters are not supported by ReductionKernel')
        names = [p.name for p in self.params]
        for n in names:
            if names.count(n) > 1:
                raise ValueError('Duplicate parameter name: "%s"' % n)
        if not self.in_params or not self.out_params:
            raise ValueError('ReductionKernel needs at least one input and one output')
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
        if reduce_type is None:
            reduce_type = self.out_params[0].ctype
        self.reduce_type = _CTYPES.get(reduce_type, reduce_type)
        # Each placeholder is typedef'd from the first operand that has it.
        aliases, operands = [], []
        for k, p in enumerate(self.params):
            if p.dtype is None and p.ctype not in aliases:
                aliases.append(p.ctype)
                operands.append(k)
        self._op = _core._ReductionOp(
            name, map_expr, reduce_expr, post_map_expr,
            None if identity is None else str(identity), self.reduce_type, preamble, names,
            aliases, operands, [str(o) for o in options],
            bool(_INDEX_USE.search(map_expr)))

    def __repr__(self):
        return '<ReductionKernel %s>' % self.name

    def _resolve(self, in_dtypes, out_dtypes):
        # CuPy's rule: arrays of a fixed-type param have that dtype; the arrays sharing a
        # placeholder agree (given outputs decide first).
        import numpy

        known = {}

        def bind(p, dt):
            if p.dtype is not None:
                if dt is not None and dt != p.dtype:
                    raise TypeError('Type is mismatched. %s %s %s' % (p.name, dt, p.dtype))
                return
            if dt is None:
                return
            if p.ctype in known and known[p.ctype] != dt:
                raise TypeError('Type is mismatched. %s %s %s %s' % (
                    p.name, dt, known[p.ctype], p.ctype))
            known.setdefault(p.ctype, dt)

        for p, dt in zip(self.out_params, out_dtypes):
            bind(p, dt)
        for p, dt in zip(self.in_params, in_dtypes):
            bind(p, dt)

        def typ(p):
            if p.dtype is not None:
                return p.dtype
            if p.ctype not in known:
                raise TypeError("Cannot determine the type of '%s' for parameter '%s'" % (
                    p.ctype, p.name))
            return numpy.dtype(known[p.ctype])

        return [typ(p) for p in self.in_params], [typ(p) for p in self.out_params]

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        nargs = len(args)
        if nargs not in (self.nin, self.nin + self.nout):
            raise TypeError("Wrong number of arguments for '%s'. It must be either %d or %d "
                            "(with outputs), but given %d." % (
                                self.name, self.nin, self.nin + self.nout, nargs))
        outs = list(args[self.nin:])
        if out is not None:
            if outs:
                raise ValueError('out is given both positionally and as a keyword')
            outs = [out] if self.nout == 1 else list(out)
        for o in outs:
            if not isinstance(o, _core.ndarray):
                raise TypeError('Output arguments type must be cunp.ndarray')
        ins = list(args[:self.nin])
        in_dtypes = [a.dtype if isinstance(a, _core.ndarray) else None for a in ins]
        in_types, out_types = self._resolve(in_dtypes, [o.dtype for o in outs] or
                                            [None] * self.nout)
        ins = [a if isinstance(a, _core.ndarray) else _core.array(a, dtype=t)
               for a, t in zip(ins, in_types)]
        from cunp._manipulation import broadcast_shapes

        shape = broadcast_shapes(*[a.shape for a in ins])
        axes = _axes(axis, len(shape))
        kept = tuple(1 if d in axes else e for d, e in enumerate(shape) if keepdims or d not in axes)
        if not outs:
            outs = [_core.empty(kept, dtype=t) for t in out_types]
        else:
            for o in outs:
                if o.shape != kept:
                    raise ValueError('Out shape is mismatched')
        if stream is not None:
            with stream:
                self._op(ins, outs, axes, shape)
        else:
            self._op(ins, outs, axes, shape)
        return outs[0] if self.nout == 1 else tuple(outs)

    def _source(self, in_dtypes, out_dtypes, strategy=0, kept_ndim=0, reduced_ndim=1, vec=1):
        """The CUDA source for these dtypes and layout (strategy 0 block, 1 warp, 2 thread)."""
        return self._op._source([str(d) for d in in_dtypes], [str(d) for d in out_dtypes],
                                strategy, kept_ndim, reduced_ndim, vec)
