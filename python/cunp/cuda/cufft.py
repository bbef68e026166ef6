"""cunp.cuda.cufft: cuFFT plans as cupy.cuda.cufft's Plan1d and PlanNd, over cunp's plan cache.

    plan = cunp.cuda.cufft.Plan1d(1024, cunp.cuda.cufft.CUFFT_C2C, batch=8)
    out = plan.get_output_array(a)
    plan.fft(a, out, cunp.cuda.cufft.CUFFT_FORWARD)   # unnormalized, as cuFFT computes it
    with plan:                                        # cunp.fft's transforms inside use it
        b = cunp.fft.fft(a)

A plan is the plan cache's plan for the layout (the one cunp.fft.config.get_fft_plan gives),
so a Plan1d and the cunp.fft call it stands for share one cuFFT plan. cunp's plans take their
work area from the memory pool on each execution's stream instead of owning one: `work_area`
is None and `work_area_size` says how many bytes an execution takes. The raw calls (create,
exec*, ...) are libcufft's, through the table below.
"""
import threading

from cunp import _core
from cunp.cuda import _libraries, _library_module

CUFFT_FORWARD, CUFFT_INVERSE = -1, 1
CUFFT_R2C, CUFFT_C2R, CUFFT_C2C = 0x2a, 0x2c, 0x29
CUFFT_D2Z, CUFFT_Z2D, CUFFT_Z2Z = 0x6a, 0x6c, 0x69
# cufftXtCallbackType
(CUFFT_CB_LD_COMPLEX, CUFFT_CB_LD_COMPLEX_DOUBLE, CUFFT_CB_LD_REAL, CUFFT_CB_LD_REAL_DOUBLE,
 CUFFT_CB_ST_COMPLEX, CUFFT_CB_ST_COMPLEX_DOUBLE, CUFFT_CB_ST_REAL,
 CUFFT_CB_ST_REAL_DOUBLE) = range(8)

_STATUSES = {0: 'CUFFT_SUCCESS', 1: 'CUFFT_INVALID_PLAN', 2: 'CUFFT_ALLOC_FAILED',
             3: 'CUFFT_INVALID_TYPE', 4: 'CUFFT_INVALID_VALUE', 5: 'CUFFT_INTERNAL_ERROR',
             6: 'CUFFT_EXEC_FAILED', 7: 'CUFFT_SETUP_FAILED', 8: 'CUFFT_INVALID_SIZE',
             9: 'CUFFT_UNALIGNED_DATA', 10: 'CUFFT_INCOMPLETE_PARAMETER_LIST',
             11: 'CUFFT_INVALID_DEVICE', 12: 'CUFFT_PARSE_ERROR', 13: 'CUFFT_NO_WORKSPACE',
             14: 'CUFFT_NOT_IMPLEMENTED', 15: 'CUFFT_LICENSE_ERROR', 16: 'CUFFT_NOT_SUPPORTED'}
CuFFTError = _library_module.status_error('CuFFTError', _STATUSES,
                                          'A cuFFT call failed; `status` is its cufftResult.')
CuFFTError.__module__ = __name__
check_result = _library_module.checker(CuFFTError)

# name: (cuFFT symbol, prototype as _ctypes_calls reads it); cufftHandle is an int.
_TABLE = {
    'getVersion': ('cufftGetVersion', '*i:version'),
    'create': ('cufftCreate', '*i:plan'),
    'setAutoAllocation': ('cufftSetAutoAllocation', 'i:plan i:autoAllocate'),
    '_setStream': ('cufftSetStream', 'i:plan p:stream'),
    'execC2C': ('cufftExecC2C', 'i:plan p:idata p:odata i:direction'),
    'execZ2Z': ('cufftExecZ2Z', 'i:plan p:idata p:odata i:direction'),
    'execR2C': ('cufftExecR2C', 'i:plan p:idata p:odata'),
    'execD2Z': ('cufftExecD2Z', 'i:plan p:idata p:odata'),
    'execC2R': ('cufftExecC2R', 'i:plan p:idata p:odata'),
    'execZ2D': ('cufftExecZ2D', 'i:plan p:idata p:odata'),
}
_calls = _library_module.define_calls({}, _TABLE, _libraries.cufft, check_result, __name__)
getVersion = _calls['getVersion']
create = _calls['create']
setAutoAllocation = _calls['setAutoAllocation']


def _exec_on_current_stream(call):
    # CuPy's exec* run on the current stream: the plan is bound to it first.
    def execute(plan, *args, **kwargs):
        from cunp.cuda import get_current_stream
        call.__signature__.bind(plan, *args, **kwargs)  # TypeError before any call
        _calls['_setStream'](plan, get_current_stream().ptr)
        return call(plan, *args, **kwargs)
    execute.__name__ = execute.__qualname__ = call.__name__
    execute.__signature__ = call.__signature__
    execute.__doc__ = call.__doc__ + ' Runs on the current stream.'
    execute.__module__ = __name__
    return execute


for _name in [n for n in _TABLE if n.startswith('exec')]:
    globals()[_name] = _exec_on_current_stream(_calls[_name])
del _name

# fft_type: (kind code of cunp's core: 0 C2C, 1 R2C, 2 C2R; input dtype; output dtype)
_TYPES = {
    CUFFT_C2C: (0, 'complex64', 'complex64'), CUFFT_Z2Z: (0, 'complex128', 'complex128'),
    CUFFT_R2C: (1, 'float32', 'complex64'), CUFFT_D2Z: (1, 'float64', 'complex128'),
    CUFFT_C2R: (2, 'complex64', 'float32'), CUFFT_Z2D: (2, 'complex128', 'float64'),
}

_local = threading.local()


def _stack():
    if not hasattr(_local, 'plans'):
        _local.plans = []
    return _local.plans


def get_current_plan():
    """The Plan1d or PlanNd of the innermost `with plan:` block of this thread, else None."""
    plans = _stack()
    return plans[-1] if plans else None


def _type_of(fft_type):
    if fft_type not in _TYPES:
        raise ValueError('fft_type must be one of CUFFT_C2C, CUFFT_Z2Z, CUFFT_R2C, CUFFT_D2Z, '
                         'CUFFT_C2R or CUFFT_Z2D, not %r' % (fft_type,))
    return _TYPES[fft_type]


def _positive(value, what):
    import operator
    value = operator.index(value)
    if value < 1:
        raise ValueError('%s must be positive, got %d' % (what, value))
    return value


class _Plan:
    """What Plan1d and PlanNd share: the cached plan, `with`, fft and the output array."""

    work_area = None  # cunp's plans take their work area from the pool per execution
    gpus = None       # one device: cunp has no multi-GPU plans

    def _make(self, in_shape, axes, lengths, order):
        import cunp
        kind, in_dtype, self._out_dtype = _type_of(self.fft_type)
        self._kind, self._in_dtype = kind, in_dtype
        self._axes, self._lengths = tuple(axes), tuple(lengths)
        # The cache plans from an array's layout: an empty array of the planned layout
        # names it.
        layout = cunp.empty(in_shape, dtype=in_dtype, order=order)
        self.plan = _core.fft.plan(layout, list(lengths), list(axes), kind)
        self._in_shape = tuple(in_shape)
        self.order = order

    @property
    def work_area_size(self):
        """The bytes of work area one execution takes from the memory pool."""
        return self.plan.work_area_size

    def __enter__(self):
        self.plan.__enter__()
        _stack().append(self)
        return self

    def __exit__(self, *exc):
        _stack().pop()
        self.plan.__exit__(*exc)

    def _output_shape(self, a):
        shape = list(a.shape)
        last = self._axes[-1]
        if self._kind == 1:    # R2C: the last axis keeps n // 2 + 1 frequencies
            shape[last] = self._lengths[-1] // 2 + 1
        elif self._kind == 2:  # C2R: the real length
            shape[last] = self._lengths[-1]
        return tuple(shape)

    def get_output_array(self, a, order='C'):
        """A new cunp array for fft(a, ...) to write."""
        import cunp
        return cunp.empty(self._output_shape(a), dtype=self._out_dtype, order=order)

    def check_output_array(self, a, out):
        """Raises ValueError unless `out` can hold the transform of `a`."""
        import numpy
        if tuple(out.shape) != self._output_shape(a):
            raise ValueError('out has the shape %s; the transform gives %s'
                             % (tuple(out.shape), self._output_shape(a)))
        if numpy.dtype(out.dtype) != numpy.dtype(self._out_dtype):
            raise ValueError('out has the dtype %s; the transform gives %s'
                             % (out.dtype, self._out_dtype))

    def fft(self, a, out, direction):
        """Runs the plan on `a` into `out` (get_output_array's), unnormalized as cuFFT is:
        CUFFT_FORWARD or CUFFT_INVERSE for C2C; R2C is forward and C2R inverse."""
        import numpy
        if direction not in (CUFFT_FORWARD, CUFFT_INVERSE):
            raise ValueError('direction must be CUFFT_FORWARD or CUFFT_INVERSE')
        forward = direction == CUFFT_FORWARD
        if self._kind == 1 and not forward or self._kind == 2 and forward:
            raise ValueError('an R2C plan runs forward and a C2R plan inverse')
        if numpy.dtype(a.dtype) != numpy.dtype(self._in_dtype):
            raise ValueError('a has the dtype %s; the plan takes %s' % (a.dtype, self._in_dtype))
        self.check_output_array(a, out)
        # No scaling either way: "backward" leaves the forward transform unscaled, "forward"
        # the inverse one.
        norm = 'backward' if forward else 'forward'
        with self.plan:
            if len(self._axes) == 1:
                _core.fft.fft(a, self._lengths[0], self._axes[0], norm, out, self._kind, forward)
            else:
                _core.fft.fftn(a, list(self._lengths), list(self._axes), norm, out, self._kind,
                               forward)
        return out

    def __repr__(self):
        return '<%s %s>' % (type(self).__name__, self.plan.key)


class Plan1d(_Plan):
    """A batch of `batch` 1-D transforms of `nx` points of type `fft_type` (CUFFT_C2C, ...),
    over C-contiguous (batch, nx) arrays (for C2R the input holds nx // 2 + 1 points)."""

    def __init__(self, nx, fft_type, batch, devices=None, out_size=None):
        if devices is not None and len(list(devices)) > 1:
            raise NotImplementedError('multi-GPU cuFFT plans are not supported by cunp')
        self.nx = _positive(nx, 'nx')
        self.batch = _positive(batch, 'batch')
        self.fft_type = fft_type
        kind = _type_of(fft_type)[0]
        n_in = self.nx // 2 + 1 if kind == 2 else self.nx
        self.batch_share = None
        self._make((self.batch, n_in), (-1,), (self.nx,), 'C')


class PlanNd(_Plan):
    """A batch of n-D transforms (n = len(shape), 1 to 3) of type `fft_type` over arrays laid
    out as CuPy's PlanNd takes them: contiguous in `order` ('C' or 'F'), the transformed axes
    last (C) or first (F), `batch` transforms one after the other. For R2C and C2R,
    `last_axis` is the halved axis and `last_size` its real length. cunp's plans follow the
    array's layout, so embeddings, strides and distances other than the contiguous ones
    raise NotImplementedError."""

    def __init__(self, shape, inembed, istride, idist, onembed, ostride, odist, fft_type,
                 batch, order, last_axis, last_size):
        shape = tuple(_positive(n, 'shape') for n in shape)
        if not 1 <= len(shape) <= 3:
            raise ValueError('a plan transforms 1 to 3 axes, not %d' % len(shape))
        if order not in ('C', 'F'):
            raise ValueError("order must be 'C' or 'F', not %r" % (order,))
        self.shape, self.fft_type, self.batch = shape, fft_type, _positive(batch, 'batch')
        self.last_axis, self.last_size = last_axis, last_size
        kind = _type_of(fft_type)[0]
        # The real shape is `shape`; the complex side of R2C/C2R halves its last axis.
        real = list(shape)
        if kind and last_size is not None:
            real[-1] = last_size
        complex_side = real[:-1] + [real[-1] // 2 + 1]
        in_dims = complex_side if kind == 2 else real
        out_dims = complex_side if kind == 1 else real
        size_in = 1
        for n in in_dims:
            size_in *= n
        size_out = 1
        for n in out_dims:
            size_out *= n
        contiguous = (inembed in (None, tuple(in_dims), list(in_dims)) and
                      onembed in (None, tuple(out_dims), list(out_dims)) and
                      istride == 1 and ostride == 1 and
                      idist in (size_in, None) and odist in (size_out, None))
        if not contiguous:
            raise NotImplementedError(
                'cunp plans follow the array layout: PlanNd takes contiguous arrays only '
                '(inembed/onembed None or the shape, strides 1, distances the sizes); '
                'transform a strided view with cunp.fft instead')
        self.inembed, self.istride, self.idist = inembed, istride, idist
        self.onembed, self.ostride, self.odist = onembed, ostride, odist
        nd = len(shape)
        if order == 'C':
            in_shape = (self.batch,) + tuple(in_dims) if self.batch > 1 else tuple(in_dims)
            axes = tuple(range(-nd, 0))
        else:
            in_shape = tuple(in_dims) + ((self.batch,) if self.batch > 1 else ())
            axes = tuple(range(nd))
        self._make(in_shape, axes, real, order)


# What to use instead of each name cunp does not provide: {instead: names}.
_INSTEAD = {
    'multi-GPU cuFFT (cufftXt) plans are not supported by cunp; transforms run on their '
    "array's device": 'XtPlanNd XtExec multi_gpu_execC2C multi_gpu_execZ2Z',
    'use cunp.fft.config.set_cufft_callbacks (legacy callbacks need a static cuFFT cunp does '
    'not link; LTO callbacks are set per plan by cunp)': 'setCallback setJITCallback',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
