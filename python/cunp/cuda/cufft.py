"""cunp.cuda.cufft: cuFFT plans as cupy.cuda.cufft's Plan1d and PlanNd, over cunp's plan cache.

    plan = cunp.cuda.cufft.Plan1d(1024, cunp.cuda.cufft.CUFFT_C2C, batch=8)
    out = plan.get_output_array(a)
    plan.fft(a, out, cunp.cuda.cufft.CUFFT_FORWARD)   # unnormalized, as cuFFT computes it
    with plan:                                        # cunp.fft's transforms inside use it
        b = cunp.fft.fft(a)

A Plan1d, and a PlanNd of a packed layout, is the plan cunp.fft's transform of a contiguous
array of that layout runs (the one cunp.fft.config.get_fft_plan gives), so `with plan:` serves
those transforms; a PlanNd of any other layout (embeds, strides, distances) is made as given,
and its fft() runs on the buffers it is handed. As CuPy's, a plan holds its work area
(`work_area`, `work_area_size` bytes from cunp's memory pool; `set_work_area` hands it another).
The raw calls (create, exec*, ...) are libcufft's, through the table below.
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
    """What Plan1d and PlanNd share: the core plan, `with`, the work area, fft and the output
    array. `_in_dims`/`_out_dims` are the operands' logical extents in cuFFT's (row-major)
    order, `_in_layout`/`_out_layout` their (embeds, stride, distance), `batch` the count."""

    gpus = None  # one device: cunp has no multi-GPU plans

    def _types(self, fft_type):
        self.fft_type = fft_type
        self._kind, self._in_dtype, self._out_dtype = _type_of(fft_type)

    def _make_from_layout(self, in_shape, axes, lengths, order):
        # The plan cunp.fft's transform of a contiguous `in_shape` array in `order` runs, so
        # that `with plan:` serves those transforms; None where that transform runs other than
        # one cuFFT plan (length-1 axes, several plans).
        import cunp
        layout = cunp.empty(in_shape, dtype=self._in_dtype, order=order)
        try:
            return _core.fft.plan(layout, list(lengths), list(axes), self._kind)
        except ValueError:
            return None

    def _make(self, layout_plan):
        # The core plan: `layout_plan` when given, else one of the explicit layout.
        if self.batch == 0:
            self.plan = None  # nothing to transform (CuPy makes no cuFFT plan either)
            return
        if layout_plan is None:
            (inembed, istride, idist), (onembed, ostride, odist) = self._in_layout, \
                self._out_layout
            layout_plan = _core.fft.make_plan(self.fft_type, list(self._n), list(inembed),
                                              istride, idist, list(onembed), ostride, odist,
                                              self.batch)
        self.plan = layout_plan

    @property
    def work_area(self):
        """The plan's work area (a MemoryPointer from the memory pool), None when it needs
        none."""
        return None if self.plan is None else self.plan.work_area

    @property
    def work_area_size(self):
        """The bytes of work area one execution needs."""
        return 0 if self.plan is None else self.plan.work_area_size

    def set_work_area(self, work_area):
        """Makes the plan use `work_area` (a MemoryPointer to at least work_area_size bytes
        on the plan's device), which it keeps alive; None takes a new area from the pool."""
        if self.plan is not None:
            self.plan.set_work_area(work_area)

    def __enter__(self):
        if self.plan is not None:
            self.plan.__enter__()
        _stack().append(self)
        return self

    def __exit__(self, *exc):
        _stack().pop()
        if self.plan is not None:
            self.plan.__exit__(*exc)

    def _output_dtype_and_shape(self, a):
        shape = list(a.shape)
        if self._kind and shape:
            shape[self.last_axis] = self.last_size
        return tuple(shape), self._out_dtype

    def get_output_array(self, a, order='C'):
        """A new cunp array for fft(a, ...) to write."""
        import cunp
        shape, dtype = self._output_dtype_and_shape(a)
        return cunp.empty(shape, dtype=dtype, order=order)

    def check_output_array(self, a, out):
        """Raises ValueError unless `out` can hold the transform of `a` (CuPy's checks: the
        shape, with last_size along last_axis for R2C/C2R, the dtype and the contiguity)."""
        import numpy
        if out is a:
            return
        shape, dtype = self._output_dtype_and_shape(a)
        if tuple(out.shape) != shape:
            raise ValueError('out has the shape %s; the transform gives %s'
                             % (tuple(out.shape), shape))
        if numpy.dtype(out.dtype) != numpy.dtype(dtype):
            raise ValueError('out has the dtype %s; the transform gives %s' % (out.dtype, dtype))
        if (out.flags.c_contiguous, out.flags.f_contiguous) != \
                (a.flags.c_contiguous, a.flags.f_contiguous):
            raise ValueError('output contiguity mismatch')

    def _check_operand(self, x, what, dtype, dims, layout):
        import numpy
        if numpy.dtype(x.dtype) != numpy.dtype(dtype):
            raise ValueError('%s has the dtype %s; the plan takes %s' % (what, x.dtype, dtype))
        if not (x.flags.c_contiguous or x.flags.f_contiguous):
            raise ValueError('%s must be contiguous: the plan reads and writes its buffer in '
                             'its own layout' % what)
        needed = _span(dims, layout, self.batch)
        if x.size < needed:
            raise ValueError('%s holds %d elements; the plan\'s layout spans %d'
                             % (what, x.size, needed))
        if x.device.id != self.plan.device:
            raise ValueError('%s is on device %d; the plan is on device %d'
                             % (what, x.device.id, self.plan.device))

    def fft(self, a, out, direction):
        """Runs the plan from `a`'s buffer into `out`'s (both contiguous, of the plan's dtypes
        and spanning its layout) on the current stream, unnormalized as cuFFT is: CUFFT_FORWARD
        or CUFFT_INVERSE for C2C; R2C is forward and C2R inverse (C2R overwrites `a`, as
        cuFFT's does)."""
        if direction not in (CUFFT_FORWARD, CUFFT_INVERSE):
            raise ValueError('direction must be CUFFT_FORWARD or CUFFT_INVERSE')
        forward = direction == CUFFT_FORWARD
        if self._kind == 1 and not forward or self._kind == 2 and forward:
            raise ValueError('an R2C plan runs forward and a C2R plan inverse')
        if self.plan is None:
            return out
        self._check_operand(a, 'a', self._in_dtype, self._in_dims, self._in_layout)
        self._check_operand(out, 'out', self._out_dtype, self._out_dims, self._out_layout)
        if a.size and out.size:
            self.plan.execute(a.data.ptr, out.data.ptr, forward)
        return out

    def __repr__(self):
        return '<%s %s>' % (type(self).__name__, self.plan.key if self.plan else 'batch=0')


def _span(dims, layout, batch):
    """The elements a buffer of `batch` transforms of logical extents `dims` laid out as
    `layout` (embeds, stride, distance) spans: its last element's offset + 1 (0 for none)."""
    if batch == 0:
        return 0
    embeds, stride, dist = layout
    last = 0
    for k, n in enumerate(dims):
        last = last * (embeds[k] if k else 1) + (n - 1)
    return (batch - 1) * dist + stride * last + 1


def _operand_dims(n, kind):
    # The logical extents of the input and output of a transform of real shape `n`.
    n = tuple(n)
    half = n[:-1] + (n[-1] // 2 + 1,)
    return (half if kind == 2 else n), (half if kind == 1 else n)


def _packed(dims):
    size = 1
    for d in dims:
        size *= d
    return tuple(dims), 1, size


class Plan1d(_Plan):
    """A batch of `batch` 1-D transforms of `nx` points of type `fft_type` (CUFFT_C2C, ...),
    over contiguous (batch, nx) buffers (for C2R the input holds nx // 2 + 1 points per
    transform, for R2C the output). The plan is the one cunp.fft's transform of such an array
    runs, so `with plan:` serves it."""

    def __init__(self, nx, fft_type, batch, devices=None, out=None):
        if devices is not None and len(list(devices)) > 1:
            raise NotImplementedError('multi-GPU cuFFT plans are not supported by cunp')
        self.nx = _positive(nx, 'nx')
        self.batch = _positive(batch, 'batch')
        self._types(fft_type)
        self.batch_share = None
        self._n = (self.nx,)
        self._in_dims, self._out_dims = _operand_dims(self._n, self._kind)
        self._in_layout, self._out_layout = _packed(self._in_dims), _packed(self._out_dims)
        self.last_axis = -1
        self.last_size = self._out_dims[-1]
        self.order = 'C'
        self._make(self._make_from_layout((self.batch, self._in_dims[0]), (-1,), self._n, 'C'))


class PlanNd(_Plan):
    """A batch of n-D transforms (n = len(shape), 1 to 3) of type `fft_type`, with CuPy's
    PlanNd arguments, which are cufftMakePlanMany's: `shape` the logical (real) extents in
    row-major order; for each operand its embeds (None: packed, and then its stride and
    distance are ignored, as cuFFT ignores them for a NULL embed), stride and distance in
    elements; `batch` transforms (0: an empty plan). `order` ('C' or 'F') is the order of
    the arrays the plan serves; `last_axis` is the axis of the arrays that R2C halves and
    C2R restores, and `last_size` its output length (by default shape[-1] // 2 + 1 for R2C
    and shape[-1] for C2R). fft(a, out, direction) runs on `a`'s and `out`'s buffers, which
    must span the layout."""

    def __init__(self, shape, inembed, istride, idist, onembed, ostride, odist, fft_type,
                 batch, order, last_axis, last_size):
        import operator
        shape = tuple(_positive(n, 'shape') for n in shape)
        if not 1 <= len(shape) <= 3:
            raise ValueError('a plan transforms 1 to 3 axes, not %d' % len(shape))
        if order not in ('C', 'F'):
            raise ValueError("order must be 'C' or 'F', not %r" % (order,))
        self._types(fft_type)
        self.shape, self.order = shape, order
        self.batch = operator.index(batch)
        if self.batch < 0:
            raise ValueError('batch must be >= 0, got %d' % self.batch)
        self._n = shape
        self._in_dims, self._out_dims = _operand_dims(shape, self._kind)
        self._in_layout = _layout(inembed, istride, idist, self._in_dims, 'input')
        self._out_layout = _layout(onembed, ostride, odist, self._out_dims, 'output')
        self.inembed, self.istride, self.idist = inembed, istride, idist
        self.onembed, self.ostride, self.odist = onembed, ostride, odist
        self.last_axis = operator.index(last_axis if last_axis is not None else -1)
        self.last_size = self._out_dims[-1] if last_size is None else operator.index(last_size)
        layout_plan = None
        packed = (self._in_layout == _packed(self._in_dims) and
                  self._out_layout == _packed(self._out_dims))
        if packed and self.batch and not (self._kind == 2 and len(shape) > 1):
            # The packed layout is a contiguous array's: the plan cunp.fft runs for it, so
            # that `with plan:` serves its transforms. (An n-D C2R is one cuFFT plan here but
            # a C2C plan and a 1-D C2R in cunp.fft, which does not assume NumPy's Hermitian
            # input: it takes a plan of its own.)
            nd = len(shape)
            if order == 'C':
                in_shape, axes = (self.batch,) + self._in_dims, tuple(range(-nd, 0))
            else:  # the transformed axes first, reversed to be row-major in memory
                in_shape = tuple(reversed(self._in_dims)) + (self.batch,)
                axes = tuple(reversed(range(nd)))
            layout_plan = self._make_from_layout(in_shape, axes, shape, order)
        self._make(layout_plan)


def _layout(embed, stride, dist, dims, what):
    # One operand's (embeds, stride, distance), embed None meaning packed as cuFFT reads a
    # NULL embed; ValueError for a layout cuFFT could not address.
    import operator
    if embed is None:
        return _packed(dims)
    embed = tuple(operator.index(e) for e in embed)
    if len(embed) != len(dims):
        raise ValueError('the %s embed %s has %d extents; the plan transforms %d axes'
                         % (what, embed, len(embed), len(dims)))
    for k in range(1, len(dims)):
        if embed[k] < dims[k]:
            raise ValueError('the %s embed %s is smaller than the %s extents %s'
                             % (what, embed, what, tuple(dims)))
    stride, dist = _positive(stride, what + ' stride'), _positive(dist, what + ' distance')
    return embed, stride, dist


# What to use instead of each name cunp does not provide: {instead: names}.
_INSTEAD = {
    'multi-GPU cuFFT (cufftXt) plans are not supported by cunp; transforms run on their '
    "array's device": 'XtPlanNd XtExec multi_gpu_execC2C multi_gpu_execZ2Z',
    'use cunp.fft.config.set_cufft_callbacks (legacy callbacks need a static cuFFT cunp does '
    'not link; LTO callbacks are set per plan by cunp)': 'setCallback setJITCallback',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
