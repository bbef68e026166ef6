"""Every failure the fuzzer found, kept as a regression case: (id, function of the array
module[, options of differential.check: flags=True compares C/F contiguity, normwise=True
rounds relative to the whole result]). test_corpus.py runs each through the same check."""

_LAYOUT = {'flags': True}
_ROUNDING = {'normwise': True}


def _put(xp, a, ind, v):
    """a after put(a, ind, v): put's result is the array it writes."""
    xp.put(a, ind, v)
    return a


def _diagonal_stack(xp):
    """A (3, 2) stack of 2x2 diagonal matrices whose stack axes lie in F order in memory."""
    return (xp.eye(2) * (xp.arange(6.0).reshape(2, 3, 1, 1) + 1)).transpose(1, 0, 2, 3)


def _broadcast(xp, values, shape, dtype=None):
    return xp.broadcast_to(xp.asarray(values, dtype=dtype), shape)


def _set_mask_beside_newaxis(xp):
    """a after a[None, mask] = v: the general path, not x[mask]'s 1-D value rule."""
    a = xp.asarray([False, True])
    a[None, xp.asarray([True, False])] = xp.asarray([[True]])
    return a


def _ufunc_at(xp, name, a, index, *b):
    """a after getattr(xp, name).at(a, index, *b): at returns None and writes a."""
    getattr(xp, name).at(a, index, *b)
    return a


def _put_method(xp, a, *args, **kw):
    """a after a.put(...): the method, whose checks come in NumPy's order."""
    a.put(*args, **kw)
    return a


def _sorted_method(xp, a, name, *args, **kw):
    """a after the in-place a.sort(...) or a.partition(...)."""
    getattr(a, name)(*args, **kw)
    return a


def _set(xp, a, key, value):
    """a after a[key] = value."""
    a[key] = value
    return a
def _fill_diagonal(xp, a, val):
    """a after fill_diagonal(a, val), which writes a in place."""
    xp.fill_diagonal(a, val)
    return a


def _partition_runs(xp, result, kth):
    """A 1-D partition result with the runs between its kth places sorted: what partition
    specifies, and nothing it leaves open."""
    result = result.copy()
    start = 0
    for stop in sorted({k % result.shape[0] for k in kth}) + [result.shape[0]]:
        if stop - start > 1:
            result[start:stop] = xp.sort(result[start:stop])
        start = stop + 1
    return result


def _polyval_complex_overflow(xp, x_imag):
    """polynomial.polyval of 1 + 2j at 2 + x_imag j: the second product's imaginary part meets
    inf - inf, NaN in NumPy (an FMA over 2 * 2**1023 instead keeps it exact and gives -inf)."""
    x = xp.asarray([2 + x_imag * 1j])
    return xp.polynomial.polynomial.polyval(x, xp.asarray([0, 0, 1 + 2j]))


CASES = [
    # ('short-id', lambda xp: <the failing call, inputs built with xp and numpy>),
    # A length past intp's range raises ValueError for either sign of the span.
    ('arange-tiny-step-negative-span', lambda xp: xp.arange(0, -1, 1.0025334093806639e-93)),
    ('arange-tiny-step-positive-span', lambda xp: xp.arange(0, 1, 1.0025334093806639e-93)),
    # A step the span divides to zero still yields start.
    ('arange-step-beyond-span', lambda xp: xp.arange(0, 1, float('inf'))),
    ('arange-bool-length-3', lambda xp: xp.arange(0, -3, -1, dtype=bool)),
    # An integer arange's first two values must fit the dtype (OverflowError); later ones wrap.
    ('arange-start-below-unsigned', lambda xp: xp.arange(-1, 1, dtype='uint8')),
    ('arange-second-value-beyond', lambda xp: xp.arange(255, 258, dtype='uint8')),
    ('arange-wraps-after-two', lambda xp: xp.arange(250, 260, dtype='uint8')),
    # dtype=None means float64, as numpy.dtype(None).
    ('tri-dtype-none', lambda xp: xp.tri(0, None, 0, dtype=None)),
    ('astype-none', lambda xp: xp.arange(3).astype(None)),
    # From the signature fuzzer (every public function drawn by its NumPy signature).
    ('roots-0d', lambda xp: xp.roots(xp.asarray(False))),
    ('polyval-0d-coefficients', lambda xp: xp.polyval(xp.asarray(False), xp.asarray(False))),
    ('pinv-empty-keeps-dtype', lambda xp: xp.linalg.pinv(xp.zeros((0, 0), dtype=bool))),
    ('matrix-rank-empty', lambda xp: xp.linalg.matrix_rank(xp.zeros((0, 0), dtype=bool))),
    ('matrix-rank-empty-stack', lambda xp: xp.linalg.matrix_rank(xp.zeros((2, 0, 3)))),
    ('vecdot-axis-none', lambda xp: xp.linalg.vecdot(xp.ones(3), xp.ones(3), axis=None)),
    ('slogdet-0d-float16', lambda xp: xp.linalg.slogdet(xp.asarray(0.0, dtype='float16'))),
    ('svd-hermitian-zero', lambda xp: xp.linalg.svd(xp.zeros((1, 1)), full_matrices=False,
                                                    hermitian=True)),
    ('choose-uint64-indices', lambda xp: xp.choose(xp.asarray(0, dtype='uint64'),
                                                   [xp.asarray(False)])),
    ('choose-bool-indices', lambda xp: xp.choose(xp.asarray([True, False]),
                                                 [xp.zeros(2), xp.ones(2)])),
    ('resize-0d-shape', lambda xp: xp.resize(xp.asarray(False), xp.asarray(0, dtype='int8'))),
    ('resize-empty-shape', lambda xp: xp.resize(xp.zeros(0, bool), xp.zeros(0, bool))),
    ('histogramdd-no-dimensions', lambda xp: xp.histogramdd(xp.zeros((0, 0), dtype=bool))),
    ('histogramdd-empty-1d', lambda xp: xp.histogramdd(xp.zeros(0, dtype=bool))),
    ('hsplit-zero-sections', lambda xp: xp.hsplit(xp.zeros(0, dtype=bool), 0)),
    ('hsplit-one-section', lambda xp: xp.hsplit(xp.zeros(0, dtype=bool), 1)),
    ('split-0d', lambda xp: xp.split(xp.asarray(False), 0)),
    ('unravel-index-empty-into-0d', lambda xp: xp.unravel_index(xp.zeros(0, bool), ())),
    ('ravel-multi-index-no-dims', lambda xp: xp.ravel_multi_index(xp.zeros(0, bool),
                                                                  xp.zeros(0, bool))),
    ('permute-dims-default-axes', lambda xp: xp.permute_dims(xp.ones((2, 3)))),
    ('trimseq-2d-empty-rows', lambda xp: xp.polynomial.polyutils.trimseq(
        xp.zeros((1, 0), dtype=bool))),
    ('rfft-pad-empty-to-one', lambda xp: xp.fft.rfft(xp.zeros(0, dtype=bool), n=1)),
    ('nonzero-broadcast-2d', lambda xp: xp.nonzero(xp.broadcast_to(xp.ones((1,), 'int8'),
                                                                   (2, 1)))),
    ('i0-broadcast', lambda xp: xp.i0(xp.broadcast_to(xp.asarray([0.5, 2.0]), (3, 2)))),
    ('indices-dtype-none', lambda xp: xp.indices((2, 3), dtype=None)),
    ('choose-uint64-before-broadcast', lambda xp: xp.choose(xp.zeros((0, 2), dtype='uint64'),
                                                            [xp.zeros(3)])),
    ('put-into-empty', lambda xp: xp.put(xp.zeros(0), xp.asarray([0, 1]), xp.ones(2))),
    ('fft-zero-points-before-axis', lambda xp: xp.fft.ifft(xp.ones(3), n=0, axis=None)),
    ('rfft-0d-axis-before-norm', lambda xp: xp.fft.rfft(xp.asarray(1.0), norm='bad')),
    # Fuzz run 15. put converts its indices by the 'safe' rule before looking at sizes, and an
    # element written twice keeps the last write.
    ('put-uint64-index-into-empty', lambda xp: xp.put(
        xp.zeros(0, dtype=bool), xp.asarray(0, dtype='uint64'), xp.zeros(0, dtype='uint64'))),
    ('put-uint64-index-no-values', lambda xp: xp.put(
        xp.asarray(False), xp.asarray(0, dtype='uint64'), xp.zeros(0, dtype='uint64'))),
    ('put-bool-indices-last-write', lambda xp: _put(
        xp, xp.asarray(False), xp.asarray([False, False]), xp.asarray([0.0, 1.0], 'float16'))),
    # linalg: the gufuncs' layouts (stack axes in the input's iterator order, matrices C-ordered),
    # the shape checked before the dtype, cond's NaN read as inf.
    ('qr-broadcast-row', lambda xp: xp.linalg.qr(_broadcast(xp, [False, False], (2, 2))),
     _LAYOUT),
    ('qr-r-transposed', lambda xp: xp.linalg.qr(
        xp.arange(12.0).reshape(2, 3, 2).transpose(2, 1, 0) + 1, mode='r'), _LAYOUT),
    ('svd-broadcast-column', lambda xp: xp.linalg.svd(_broadcast(xp, [False], (2, 1)),
                                                     full_matrices=True), _LAYOUT),
    ('svdvals-transposed-stack', lambda xp: xp.linalg.svdvals(
        xp.zeros((2, 2, 1, 1), dtype=bool).transpose(1, 0, 2, 3)), _LAYOUT),
    ('inv-transposed-stack', lambda xp: xp.linalg.inv(_diagonal_stack(xp)), _LAYOUT),
    ('det-transposed-stack', lambda xp: xp.linalg.det(_diagonal_stack(xp)), _LAYOUT),
    ('eigh-transposed-stack', lambda xp: xp.linalg.eigh(_diagonal_stack(xp)), _LAYOUT),
    ('svdvals-singular-int32', lambda xp: xp.linalg.svdvals(
        _broadcast(xp, [-2**31, -2**31], (2, 2), 'int32')), _ROUNDING),
    ('svd-complex-1x1', lambda xp: xp.linalg.svd(xp.asarray([[20 + 1j]])), _ROUNDING),
    ('svd-0d-float16', lambda xp: xp.linalg.svd(xp.asarray(0.0, dtype='float16'))),
    ('qr-0d-float16', lambda xp: xp.linalg.qr(xp.asarray(0.0, dtype='float16'))),
    ('cond-zero-matrix-inf', lambda xp: xp.linalg.cond(_broadcast(xp, [False], (1, 1)))),
    ('cond-singular-reciprocal', lambda xp: 1 / xp.linalg.cond(
        _broadcast(xp, [True, True], (2, 2)))),
    # fft: NumPy's result layouts (each 1-D step's output allocated like its input), its order of
    # argument errors, and rounding relative to the whole result.
    ('rfftn-broadcast-layout', lambda xp: xp.fft.rfftn(_broadcast(xp, [False, False], (2, 2))),
     _LAYOUT),
    ('rfft2-broadcast-layout', lambda xp: xp.fft.rfft2(_broadcast(xp, [False, False], (2, 2))),
     _LAYOUT),
    ('fft-transposed-layout', lambda xp: xp.fft.fft(xp.ones((3, 4), dtype='complex64').T),
     _LAYOUT),
    ('irfftn-transposed-stack-layout', lambda xp: xp.fft.irfftn(
        xp.ones((2, 3, 4), dtype='complex128').transpose(2, 0, 1), axes=(0, 2)), _LAYOUT),
    ('hfft-broadcast-layout', lambda xp: xp.fft.hfft(_broadcast(xp, [1.0, 2.0], (3, 2))),
     _LAYOUT),
    ('fft-norm-before-axis', lambda xp: xp.fft.fft(xp.asarray(False), n=1, axis=None,
                                                   norm='bad')),
    ('rfft-norm-before-axis', lambda xp: xp.fft.rfft(xp.asarray(False), n=1, axis=None,
                                                     norm='bad')),
    ('hfft-shape-before-norm', lambda xp: xp.fft.hfft(xp.asarray(False), axis=None,
                                                      norm='bad')),
    ('ihfft-length-before-dtype', lambda xp: xp.fft.ihfft(xp.zeros((0, 0), dtype='complex64'))),
    ('rfftn-complex-length-before-dtype', lambda xp: xp.fft.rfftn(
        xp.zeros((2, 0), dtype='complex64'))),
    ('fft2-int8-ortho', lambda xp: xp.fft.fft2(xp.ones((2, 2), dtype='int8'), norm='ortho')),
    ('rfft-int8', lambda xp: xp.fft.rfft(xp.asarray([3, 0, 0, 3, 3], dtype='int8'))),
    ('ifft-int8', lambda xp: xp.fft.ifft(xp.full(5, 127, dtype='int8')), _ROUNDING),
    # ufuncs allocate in NumPy's iterator order over all their operands (what linalg's inputs,
    # made by the fuzzer's nan_to_num and `+ eye`, then inherit).
    ('add-c-and-f-operands', lambda xp: xp.add(xp.ones((3, 4)), xp.asfortranarray(
        xp.ones((3, 4)))), _LAYOUT),
    ('negative-broadcast-rows', lambda xp: xp.negative(_broadcast(xp, [1.0, 2.0, 3.0], (2, 3))),
     _LAYOUT),
    ('svd-of-broadcast-stack-plus-eye', lambda xp: xp.linalg.svd(
        _broadcast(xp, [[1.0, 2.0], [3.0, 4.0]], (3, 2, 2)) + 40 * xp.eye(2)), _LAYOUT),
    ('irfft2-int32-extremes', lambda xp: xp.fft.irfft2(xp.asarray(
        [[0, 1], [-2**31, -2**31], [-2**31, -2**31]], dtype='int32')), _ROUNDING),
    # full copies its value with NumPy's unsafe cast; a Python int goes through a C long.
    ('full-inf-into-int8', lambda xp: xp.full((), float('inf'), dtype='int8')),
    ('full-like-inf-into-int8', lambda xp: xp.full_like(xp.zeros((), 'int8'), float('inf'))),
    ('full-python-int-past-c-long-into-bool', lambda xp: xp.full((), 2**64 - 1, dtype=bool)),
    # A Python int past int64 refused by a bool loop.
    ('logical-and-python-int-past-int64', lambda xp: xp.logical_and(2**64 - 1, False)),
    ('logical-or-array-and-int-past-int64', lambda xp: xp.logical_or(xp.ones(2), 2**63)),
    # dtype= fixes every output: frexp's int exponent has no float16 loop.
    ('frexp-dtype-float16', lambda xp: xp.frexp(xp.asarray(False), dtype='float16')),
    # The key's indices are counted (IndexError) before a zero step is refused.
    ('getitem-zero-step-on-0d', lambda xp: xp.asarray(False)[(slice(None, None, 0),)]),
    ('ravel-multi-index-of-0d', lambda xp: xp.ravel_multi_index(xp.asarray(False), ())),
    ('linalg-vecdot-0d-operand-axis-none', lambda xp: xp.linalg.vecdot(
        _broadcast(xp, False, (0,)), xp.asarray(False), axis=None)),
    ('stack-unequal-shapes-axis-none', lambda xp: xp.stack(
        [_broadcast(xp, False, (0,)), xp.asarray(False)], axis=None, casting='no')),
    ('around-complex-transposed-layout', lambda xp: xp.around(
        xp.zeros((5, 2), dtype='complex64').T), _LAYOUT),
    ('around-complex-broadcast-layout', lambda xp: xp.around(
        _broadcast(xp, xp.zeros((2, 1, 5), dtype='complex64'), (2, 3, 5))), _LAYOUT),
    ('setitem-mask-beside-newaxis', _set_mask_beside_newaxis),
    ('absolute-near-dbl-max', lambda xp: xp.absolute(xp.asarray(1 + 1.7976931348623157e308j))),
    ('sign-near-dbl-max', lambda xp: xp.sign(xp.asarray(1 + 1.7976931348623157e308j))),
    # ufunc.at casts the loop's result back into a with casting='unsafe' (sqrt of bool is
    # float16, add of bool and a Python int int64), b typed as np.asarray types it.
    ('at-unary-result-cast-unsafe', lambda xp: _ufunc_at(
        xp, 'sqrt', xp.asarray([False, True]), xp.asarray([0, 1]))),
    ('at-basic-index-result-cast-unsafe', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([False, True]), slice(None), 0)),
    ('at-int8-python-int-wraps', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([1, 2], dtype='int8'), xp.asarray([0]), 1000)),
    ('at-python-int-uint64', lambda xp: _ufunc_at(
        xp, 'subtract', xp.asarray([False]), xp.asarray([0]), 2**64 - 1)),
    ('at-python-int-uint64-empty-index', lambda xp: _ufunc_at(
        xp, 'subtract', xp.asarray([False]), xp.asarray([], dtype='int64'), 2**64 - 1)),
    # The index is checked (IndexError) before the value, even one no dtype holds.
    ('at-index-before-python-int', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([False]), xp.asarray([1]), 2**64 - 1)),
    ('at-index-before-python-int-past-uint64', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([False]), xp.asarray([1]), 2**70)),
    ('at-python-int-past-uint64-empty-index', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([1.5]), xp.asarray([], dtype='int64'), 2**70)),
    # b must broadcast to a[index] without growing it, even for an empty index.
    ('at-operand-not-broadcastable-empty-index', lambda xp: _ufunc_at(
        xp, 'add', xp.asarray([False]), xp.asarray([], dtype='int64'), xp.zeros(3, bool))),
    ('at-operand-not-broadcastable-int-index', lambda xp: _ufunc_at(
        xp, 'add', xp.zeros(2), 0, xp.ones(1))),
    ('at-operand-not-broadcastable-slice', lambda xp: _ufunc_at(
        xp, 'add', xp.zeros(2), slice(None), xp.ones((2, 1)))),
    ('at-operand-broadcasts-over-trailing-axis', lambda xp: _ufunc_at(
        xp, 'add', xp.zeros((2, 3)), xp.asarray([0, 0]), xp.ones((1, 3)))),
    ('at-index-before-operand-shape', lambda xp: _ufunc_at(
        xp, 'add', xp.zeros(2), xp.asarray([5]), xp.ones(3))),
    # The loop is resolved (TypeError) before the index is read.
    ('at-loop-before-index', lambda xp: _ufunc_at(
        xp, 'left_shift', xp.ones(2), 7, 1)),
    # Arity and outputs come first: outer of a unary ufunc, at of a ufunc with two outputs.
    ('outer-unary-ufunc-one-operand', lambda xp: xp.isnan.outer(xp.asarray(False))),
    ('at-two-output-ufunc', lambda xp: _ufunc_at(xp, 'frexp', xp.ones(2), 0)),
    # reduceat/accumulate check the axis and the indices' range before the loop; dtype= picks
    # the loop (the input cast to it).
    ('reduceat-multiple-axes-before-loop', lambda xp: xp.subtract.reduceat(
        _broadcast(xp, [False], (0, 1)), xp.asarray([], dtype='int64'), axis=None, dtype=bool,
        out=xp.asarray(False))),
    ('reduceat-index-range-before-loop', lambda xp: xp.left_shift.reduceat(
        _broadcast(xp, [False], (0, 1)), xp.asarray([0]), dtype=bool)),
    ('reduceat-dtype-picks-loop', lambda xp: xp.bitwise_or.reduceat(
        xp.asarray([0, 1.5, 2], dtype='float16'), xp.asarray([0, 1]), dtype=bool)),
    ('reduceat-comparison-dtype-bool', lambda xp: xp.equal.reduceat(
        xp.asarray([0, 1, 2], dtype='int8'), xp.asarray([0, 1]), dtype=bool)),
    ('accumulate-multiple-axes-before-loop', lambda xp: xp.subtract.accumulate(
        xp.zeros((2, 2), bool), axis=None)),
    ('accumulate-dtype-picks-loop', lambda xp: xp.bitwise_xor.accumulate(
        xp.asarray([0, 1.5, 2.5], dtype='float16'), dtype=bool)),
    # reduceat broadcasts the operand into out= (its length-1 axes grow, even to 0).
    ('reduceat-out-broadcasts-operand', lambda xp: xp.add.reduceat(
        xp.arange(3).reshape(3, 1), xp.asarray([0, 1]), axis=0, out=xp.zeros((2, 3), 'int64'))),
    ('reduceat-empty-out-broadcasts-operand', lambda xp: xp.divide.reduceat(
        _broadcast(xp, [False], (0, 1)), xp.asarray([], dtype='int64'),
        out=xp.zeros((0, 0), bool))),
    ('reduceat-out-axis-length-1-not-grown', lambda xp: xp.add.reduceat(
        xp.arange(3).reshape(3, 1), xp.asarray([0, 1]), axis=0, out=xp.zeros((1, 1), 'int64'))),
    # A comparison's loop into out= of another dtype: NumPy retries with the first operand of
    # the loop's result type (bool), so bool input runs the bool loop and casts into out.
    ('reduceat-comparison-bool-into-int8-out', lambda xp: xp.greater_equal.reduceat(
        xp.asarray([[True], [False], [True]]), xp.asarray([0, 1]), axis=0,
        out=xp.zeros((2, 1), 'int8'))),
    ('reduceat-comparison-0d-out-shape', lambda xp: xp.equal.reduceat(
        _broadcast(xp, [False], (0, 1)), xp.asarray([], dtype='int64'), axis=0,
        out=xp.zeros((), 'int8'))),
    ('accumulate-comparison-bool-into-int8-out', lambda xp: xp.equal.accumulate(
        xp.asarray([True, False, False]), out=xp.zeros(3, 'int8'))),
    ('reduceat-comparison-int8-into-bool-out', lambda xp: xp.equal.reduceat(
        xp.asarray([1, 2, 3], 'int8'), xp.asarray([0]), out=xp.zeros(1, bool))),
    # gcd and lcm have no bool loop (their elementwise TypeError), checked before the axes'
    # reorderability and out='s shape.
    ('reduce-gcd-bool-no-loop', lambda xp: xp.gcd.reduce(xp.asarray([False]), initial=0)),
    ('reduce-lcm-bool-loop-before-reorderable', lambda xp: xp.lcm.reduce(
        xp.zeros((2, 2), bool), axis=None, initial=0)),
    ('reduce-gcd-bool-loop-before-out-shape', lambda xp: xp.gcd.reduce(
        xp.asarray([False]), axis=None, keepdims=True, out=xp.asarray(False))),
    ('reduce-lcm-int8-not-reorderable', lambda xp: xp.lcm.reduce(
        xp.ones((2, 2), 'int8'), axis=None)),
    # ldexp.reduce: NumPy's checks after its (mixed) loop come before cunp's TypeError.
    ('reduce-ldexp-bool-not-reorderable', lambda xp: xp.ldexp.reduce(
        _broadcast(xp, [False], (0, 1)), axis=None, initial=0)),
    ('reduce-ldexp-int8-out-shape', lambda xp: xp.ldexp.reduce(
        xp.ones(3, 'int8'), out=xp.zeros(4, 'float16'))),
    ('reduce-ldexp-int32-empty-no-identity', lambda xp: xp.ldexp.reduce(
        xp.zeros(0, 'int32'))),
    ('reduce-ldexp-float32-no-loop', lambda xp: xp.ldexp.reduce(
        xp.ones((2, 2), 'float32'), axis=None)),
    # std of a 0-d result casts the root unsafely into an integer dtype= (NumPy's scalar path);
    # an array result refuses it (sqrt's same_kind out=).
    ('std-int8-dtype-0d-result', lambda xp: xp.asarray(False).std(dtype='int8')),
    ('std-int16-dtype-of-floats', lambda xp: xp.asarray([1.0, 2.0, 3.0, 4.5]).std(dtype='int16')),
    ('std-bool-dtype-keepdims-of-0d', lambda xp: xp.asarray(3.0).std(dtype=bool, keepdims=True)),
    ('std-int8-dtype-axis-kept', lambda xp: xp.ones((2, 3)).std(axis=0, dtype='int8')),
    ('std-int8-out-0d', lambda xp: xp.ones((2, 3)).std(out=xp.zeros((), 'int8'))),
    # The methods read axis as a C int (None: TypeError); the functions flatten for None.
    ('sort-method-axis-none', lambda xp: _sorted_method(
        xp, xp.zeros((0, 1), bool), 'sort', axis=None)),
    ('sort-method-axis-none-0d', lambda xp: _sorted_method(xp, xp.asarray(False), 'sort',
                                                           axis=None)),
    ('partition-method-axis-none', lambda xp: _sorted_method(
        xp, xp.asarray(False), 'partition', 1, axis=None)),
    ('sort-function-axis-none', lambda xp: xp.sort(xp.asarray([[3, 1], [2, 0]]), axis=None)),
    # put: mode= first, then the empty array, then the values (range-checked), then the indices.
    ('put-method-python-int-past-int8', lambda xp: _put_method(
        xp, xp.zeros((), 'int8'), xp.asarray(0), 2**63 - 1)),
    ('put-method-bad-mode-before-empty', lambda xp: _put_method(
        xp, xp.zeros(0, bool), 0, False, mode='bad')),
    ('put-method-values-before-bounds', lambda xp: _put_method(
        xp, xp.zeros(3, 'int8'), [5], [300])),
    ('put-method-array-values-cast', lambda xp: _put_method(
        xp, xp.zeros(3, 'int8'), [0, 2], xp.asarray([2.7, -1.5]))),
    # A negative repeat count is refused only where there is an element to repeat.
    ('repeat-negative-count-empty', lambda xp: _broadcast(xp, False, (0,)).repeat(-1)),
    ('repeat-negative-count-0d', lambda xp: xp.asarray(False).repeat(-1)),
    ('repeat-negative-count-empty-axis', lambda xp: xp.zeros((0, 3)).repeat(-1, axis=0)),
    ('repeat-negative-count-axis-of-empty', lambda xp: xp.zeros((0, 3)).repeat(-1, axis=1)),
    # A single integer axis 0 or -1 squeezes a 0-d array (a tuple of them does not).
    ('squeeze-0d-axis-0', lambda xp: xp.asarray(False).squeeze(axis=0)),
    ('squeeze-0d-axis-minus-1', lambda xp: xp.squeeze(xp.asarray(2.0), axis=-1)),
    ('squeeze-0d-axis-1', lambda xp: xp.asarray(False).squeeze(axis=1)),
    ('squeeze-0d-axis-tuple', lambda xp: xp.asarray(False).squeeze(axis=(0,))),
    # A Python int no integer type holds is searched as an exact object comparison.
    ('searchsorted-int-past-uint64-bool', lambda xp: xp.asarray([False, True]).searchsorted(
        1_180_591_620_717_411_303_424)),
    ('searchsorted-negative-int-past-int64', lambda xp: xp.asarray([1, 2], 'uint64').searchsorted(
        -2**70, side='right')),
    ('searchsorted-int-past-uint64-complex', lambda xp: xp.asarray(
        [0j], 'complex64').searchsorted(1_180_591_620_717_411_303_424)),
    ('searchsorted-int-past-uint64-float32', lambda xp: xp.asarray(
        [1.0, 2.0**70, 2.0**71], 'float32').searchsorted(2**70 + 1)),
    ('searchsorted-int-past-uint64-float64-right', lambda xp: xp.asarray(
        [1.0, 2.0**70, 2.0**71]).searchsorted(2**70, side='right')),
    # full makes its array before it copies the value in: the shape's error comes first.
    ('full-negative-shape-before-fill', lambda xp: xp.full(-1, -1, dtype='uint8')),
    ('full-negative-shape-before-big-fill', lambda xp: xp.full((2, -1), 2**70, dtype='uint8')),
    # A Python float stored into an integer type is int(v), range-checked as a Python int.
    ('setitem-negative-float-into-uint8', lambda xp: _set(xp, xp.zeros((), 'uint8'), (), -1.0)),
    ('setitem-negative-int-into-uint8', lambda xp: _set(xp, xp.zeros((), 'uint8'), (), -1)),
    ('setitem-float-past-int8', lambda xp: _set(xp, xp.zeros(3, 'int8'), 0, -129.0)),
    ('setitem-float-truncated-into-int8', lambda xp: _set(xp, xp.zeros(3, 'int8'), 0, -128.9)),
    ('fill-negative-float-into-uint8', lambda xp: xp.zeros(2, 'uint8').fill(-1.0)),
    ('asarray-negative-float-into-uint8', lambda xp: xp.asarray([-1.0, 2.0], dtype='uint8')),
    # partition fixes only the kth places: compared with the runs between them sorted.
    ('partition-complex-kth-0-runs', lambda xp: _partition_runs(xp, xp.partition(
        xp.asarray([0, 0, 1j, 0], dtype='complex64'), 0), [0])),
    ('argpartition-int8-ties-runs', lambda xp: _partition_runs(xp, xp.asarray(
        [0, -128, -128], dtype='int8')[xp.argpartition(xp.asarray([0, -128, -128], dtype='int8'),
                                                       0)], [0])),
    # bincount casts x to intp under 'same_kind': uint64 passes, past INT64_MAX it is negative.
    ('bincount-uint64-empty', lambda xp: xp.bincount(xp.zeros(0, dtype='uint64'))),
    ('bincount-uint64', lambda xp: xp.bincount(xp.asarray([3, 1], dtype='uint64'))),
    ('bincount-uint64-past-int64', lambda xp: xp.bincount(xp.asarray([2**64 - 1],
                                                                     dtype='uint64'))),
    ('bincount-negative-before-weights', lambda xp: xp.bincount(
        xp.asarray([-1, 2]), weights=xp.asarray([1j, 2j]))),
    # lexsort converts axis to an int first; a 0-d array is not a sequence of keys.
    ('lexsort-axis-none', lambda xp: xp.lexsort(xp.asarray([1, 2]), axis=None)),
    ('lexsort-0d-keys', lambda xp: xp.lexsort(xp.asarray(False))),
    # repeat: one negative count for an empty axis gives an empty result.
    ('repeat-negative-on-empty', lambda xp: xp.repeat(xp.zeros(0, dtype=bool), -1)),
    ('repeat-negative-on-empty-axis', lambda xp: xp.repeat(xp.zeros((0, 3)), -1, axis=0)),
    ('repeat-negative-on-nonempty', lambda xp: xp.repeat(xp.zeros(2), -1)),
    # unravel_index converts order= before it casts the indices; 'A' is refused after.
    ('unravel-index-bad-order-float-indices', lambda xp: xp.unravel_index(
        xp.asarray(0.0, dtype='float16'), (), order='X')),
    ('unravel-index-order-a-float-indices', lambda xp: xp.unravel_index(
        xp.asarray(0.0), (2,), order='A')),
    ('unravel-index-lowercase-order', lambda xp: xp.unravel_index(xp.asarray(1), (2, 2),
                                                                  order='f')),
    # choose: mode=, then an empty choices sequence, then the indices' cast.
    ('choose-complex-no-choices', lambda xp: xp.choose(xp.zeros(2, dtype='complex64'), [])),
    ('choose-complex-bad-mode', lambda xp: xp.choose(xp.zeros(1, dtype='complex64'),
                                                     [xp.zeros(1)], mode='bad')),
    # select: the conditions' broadcast (ValueError) before their dtype (TypeError).
    ('select-shape-before-dtype', lambda xp: xp.select(
        [xp.zeros((0, 3), bool), xp.zeros((0, 2), 'int8')], [xp.zeros((0, 3)), xp.zeros((0, 3))])),
    ('select-python-int-choice-is-weak', lambda xp: xp.select(
        [xp.asarray([True, False])], [1], default=xp.zeros(2, 'int8'))),
    # polydiv: NumPy's trimming loop for a 2-D remainder; 2-D quotient rows cannot be stored.
    ('polydiv-empty-2d-remainder', lambda xp: xp.polydiv(
        _broadcast(xp, xp.zeros(0, bool), (2, 0)), xp.zeros((3, 0), bool))),
    ('polydiv-2d-dividend', lambda xp: xp.polydiv(xp.zeros((1, 1), bool), xp.asarray(False))),
    # convolve sums only the overlap: a NaN tap does not meet the zero padding.
    ('convolve-nan-float16', lambda xp: xp.convolve(xp.asarray([1, float('nan')], 'float16'),
                                                    xp.asarray([1, float('nan')], 'float16'))),
    ('convolve-inf-float64', lambda xp: xp.convolve(xp.asarray([1.0, 2.0, 3.0]),
                                                    xp.asarray([float('inf'), 1.0]))),
    ('convolve-nan-long-float64', lambda xp: xp.convolve(
        xp.concatenate([xp.asarray([float('nan')]), xp.ones(40)]), xp.ones(40))),
    ('poly1d-nan-float16-squared-deriv', lambda xp: (xp.poly1d(xp.asarray(
        [1, float('nan')], 'float16')) ** 2).deriv().coeffs),
    # A complex product as NumPy's x86 loops form it: the products with a.re fused (FMA), those
    # with a.im rounded; the same infinities and NaNs where products overflow.
    ('polyval-complex-overflow-nan', lambda xp: _polyval_complex_overflow(xp, 2.0**1023)),
    ('multiply-complex-im-nan', lambda xp: xp.multiply(
        xp.asarray([-float('inf') + 2.0**1023 * 1j]), xp.asarray([2 + 2.0**1023 * 1j]))),
    ('multiply-complex-fused-re-product', lambda xp: xp.multiply(
        xp.asarray([-1e290 + 2.0**1022 * 1j]), xp.asarray([-4 - 1e290j]))),
    ('square-complex-fused', lambda xp: xp.square(xp.asarray([1 + 2.0**-30 + (1 - 2.0**-30) * 1j,
                                                              3 + 1e-9j]))),
    # A tuple axis: read as NumPy's callees read it. cumulative_* pass it to ufunc.accumulate
    # (each entry range-checked, then "multiple axes"); size and unstack normalise it as a
    # tuple (unstack through moveaxis); argsort reads one int before its order=/kind= checks.
    ('cumulative-sum-tuple-axis-out-of-range', lambda xp: xp.cumulative_sum(
        xp.asarray(False), axis=(0, 1))),
    ('cumulative-prod-tuple-axis-two-axes', lambda xp: xp.cumulative_prod(
        xp.ones((2, 3)), axis=(0, 1))),
    ('cumulative-sum-one-axis-tuple', lambda xp: xp.cumulative_sum(xp.ones((2, 3)), axis=(1,))),
    ('argsort-tuple-axis-before-order', lambda xp: xp.argsort(
        xp.asarray(False), axis=(0, 1), order='C')),
    ('argsort-bool-axis', lambda xp: xp.argsort(xp.ones((2, 3)), axis=True)),
    ('size-tuple-axis-empty', lambda xp: xp.size(_broadcast(xp, xp.zeros(0, bool), (0, 0)),
                                                 axis=(0, 1))),
    ('size-tuple-axis-out-of-range', lambda xp: xp.size(xp.zeros(2, bool), axis=(0, 1))),
    ('size-int-axis-out-of-range', lambda xp: xp.size(xp.zeros(2, bool), axis=-2)),
    ('size-list-axis', lambda xp: xp.size(xp.ones((2, 3)), axis=[1, 0])),
    ('unstack-tuple-axis-out-of-range', lambda xp: xp.unstack(xp.zeros(2, bool), axis=(0, 1))),
    ('unstack-one-axis-tuple', lambda xp: xp.unstack(xp.ones((2, 3)), axis=(-1,))),
    # select fills a new C-ordered array whatever the layout of its choices.
    ('select-broadcast-choice-c-order', lambda xp: xp.select(
        [xp.zeros(2, bool), xp.zeros(2, bool)],
        [xp.zeros(2, bool), _broadcast(xp, xp.zeros(2, bool), (2, 2))]), {'flags': True}),
    ('select-transposed-choice-c-order', lambda xp: xp.select(
        [xp.asarray([True, False, True])], [xp.ones((3, 2)).T]), {'flags': True}),
    # A mask's length is checked while NumPy reads the key, before the view is built: its
    # IndexError comes before a zero slice step's ValueError.
    ('getitem-mask-mismatch-before-zero-step', lambda xp: _broadcast(
        xp, xp.zeros((0, 1), bool), (1, 0, 1))[0, None, xp.asarray([False]), ::0]),
    ('getitem-mask-mismatch-before-zero-step-2d', lambda xp: xp.zeros((2, 3))[
        ::0, xp.asarray([True, False])]),
    # ... and, with the key's other checks, before a Python value is converted to the dtype.
    ('setitem-mask-mismatch-before-value-overflow', lambda xp: _set(
        xp, xp.zeros(3, 'uint8'), (None, xp.asarray([True, False])), -1)),
    ('setitem-zero-step-before-value-overflow', lambda xp: _set(
        xp, xp.zeros(3, 'uint8'), (slice(None, None, 0),), 300)),
    ('setitem-out-of-bounds-before-value-overflow', lambda xp: _set(
        xp, xp.zeros(3, 'uint8'), (5,), -1)),
    # A mask axis of length 0 stands against any axis; a one-element store through it writes
    # nothing (the mask cannot broadcast over the view).
    ('setitem-empty-mask-beside-newaxis', lambda xp: _set(
        xp, xp.zeros((1, 0), bool), (None, xp.zeros(0, bool)), 0)),
    ('setitem-empty-mask-against-longer-axis', lambda xp: _set(
        xp, xp.ones((2, 3)), (None, xp.zeros(0, bool)), 7.0)),
    # repeat and take along an axis of a 0-d array work on its 1-d ravel (axis 0 or -1).
    ('repeat-0d-axis-0', lambda xp: xp.asarray(False).repeat([0], axis=0)),
    ('repeat-0d-axis-minus-1', lambda xp: xp.repeat(xp.asarray(5), 3, axis=-1)),
    ('repeat-0d-axis-1', lambda xp: xp.repeat(xp.asarray(5), 3, axis=1)),
    ('take-0d-axis-0', lambda xp: xp.asarray(5.0).take([0, 0], axis=0)),
    ('take-0d-scalar-index-axis-minus-1', lambda xp: xp.take(xp.asarray(5), 0, axis=-1)),
    # flatten takes every order ravel takes (A and K too), and always copies.
    ('flatten-order-k-empty-broadcast', lambda xp: _broadcast(xp, False, (0,)).flatten('K'),
     _LAYOUT),
    ('flatten-order-k-f-layout', lambda xp: xp.asfortranarray(
        xp.arange(6).reshape(2, 3)).flatten(order='K'), _LAYOUT),
    ('flatten-order-a-f-layout', lambda xp: xp.asfortranarray(
        xp.arange(6).reshape(2, 3)).flatten('A'), _LAYOUT),
    ('flatten-order-bad', lambda xp: xp.zeros(3).flatten('X')),
    # ravel('K') of a broadcast array: NumPy's iterator keeps a stride-0 axis in its C place.
    ('ravel-k-broadcast-leading', lambda xp: _broadcast(
        xp, xp.asarray([[0, 1]], 'int8'), (2, 1, 2)).ravel('K'), _LAYOUT),
    ('ravel-k-broadcast-between-f-axes', lambda xp: _broadcast(
        xp, xp.asfortranarray(xp.arange(6).reshape(2, 3))[:, None, :], (2, 4, 3)).ravel('K')),
    ('ravel-k-broadcast-transposed', lambda xp: _broadcast(
        xp, xp.arange(3)[:, None], (3, 4)).T.ravel(order='K')),
    # poly1d's operators test isscalar: a 0-d array divides as a polynomial (polydiv's pair).
    ('poly1d-div-0d-array', lambda xp: tuple(
        q.coeffs for q in xp.poly1d(xp.asarray([1.0, 2.0, 3.0])) / xp.asarray(2.0))),
    ('poly1d-div-empty-by-0d-false', lambda xp: tuple(
        q.coeffs for q in xp.poly1d(xp.zeros(0, bool)) / xp.asarray(False))),
    ('poly1d-mul-0d-array', lambda xp: (xp.poly1d(xp.asarray([1.0, 2.0])) *
                                        xp.asarray(3, 'int8')).coeffs),
    # Float to integer casts of NaN, inf and out-of-range values: x86's C conversion, through
    # int32 for int32 and narrower types, int64 for int64 and uint64 (platform-defined; NumPy's
    # uint32 answer depends on its loop, so none is checked).
    *[(f'astype-unrepresentable-{src}-to-{dst}', lambda xp, src=src, dst=dst: xp.asarray(
        [float('nan'), float('inf'), -float('inf'), 3e9, -3e9, 1e20, 300.0, -1.0, 2.5],
        dtype=src).astype(dst))
      for src in ('float64', 'float32') for dst in ('int8', 'uint8', 'int16', 'uint16', 'int32',
                                                    'int64', 'uint64')],
    # concatenate (and the stacks and block built on it) lays its result out in the inputs'
    # memory order, as NumPy does: axes by |stride|, a stride-0 axis compared like any other.
    ('dstack-broadcast-rows', lambda xp: xp.dstack([_broadcast(xp, [False, False], (2, 2))]),
     _LAYOUT),
    ('block-broadcast-rows', lambda xp: xp.block([_broadcast(xp, [False, False], (2, 2))]),
     _LAYOUT),
    ('column-stack-broadcast-3d', lambda xp: xp.column_stack(
        [_broadcast(xp, xp.zeros((5, 5), 'complex64'), (2, 5, 5))]), _LAYOUT),
    ('concatenate-axes-swapped-3d', lambda xp: xp.concatenate(
        [xp.zeros((2, 3, 4)).transpose(1, 0, 2)] * 2), _LAYOUT),
    ('concatenate-transposed-and-c', lambda xp: xp.concatenate(
        [xp.arange(6.0).reshape(2, 3).T, xp.ones((3, 2))]), _LAYOUT),
    ('concatenate-f-and-c-c-wins', lambda xp: xp.concatenate(
        [xp.asfortranarray(xp.ones((2, 3))), xp.ones((2, 3))], axis=1), _LAYOUT),
    # Argument checks in NumPy's order.
    ('diff-0d-order-0', lambda xp: xp.diff(xp.asarray(False), n=0)),
    ('polyint-0d', lambda xp: xp.polyint(xp.asarray(False), k=0)),
    ('array-split-0d', lambda xp: xp.array_split(xp.asarray(False), 0)),
    ('array-split-axis-out-of-range', lambda xp: xp.array_split(xp.ones((2, 3)), 2, axis=2)),
    ('unravel-index-empty-into-zero-size', lambda xp: xp.unravel_index(
        xp.zeros(0, 'int64'), (0,))),
    ('unique-axis-tuple-0d', lambda xp: xp.unique(xp.asarray(False), axis=(0, 1))),
    ('unique-axis-tuple-2d', lambda xp: xp.unique(xp.ones((2, 3)), axis=(0, 1))),
    ('partition-empty-kth-tuple', lambda xp: xp.zeros(0, bool).partition(())),
    ('argpartition-0d-empty-kth-tuple', lambda xp: xp.asarray(False).argpartition(())),
    ('partition-float-kth', lambda xp: xp.partition(xp.ones(3), [0.0])),
    ('partition-bool-kth', lambda xp: xp.partition(xp.ones(3), True)),
    # take from no outer rows checks no index (NumPy's loop over them is empty).
    ('take-from-no-rows', lambda xp: xp.take(xp.zeros((0, 0), bool), 0, axis=-1)),
    ('take-from-no-rows-out-of-bounds', lambda xp: xp.take(xp.zeros((0, 2)), [5, -9], axis=1)),
    # An advanced-index store checks the value's shape before the index arrays' bounds.
    ('put-along-axis-value-shape-before-bounds', lambda xp: xp.put_along_axis(
        xp.asarray([[False]]), xp.asarray([[1]], 'int8'), xp.zeros(0, bool), 0)),
    ('setitem-fancy-value-shape-before-bounds', lambda xp: _set(
        xp, xp.zeros((2, 2)), ([5], [0]), xp.zeros(2))),
    # polyvander's result is a view of a C-ordered (deg + 1, ...) array, whatever x's layout.
    ('polyvander-f-ordered-x', lambda xp: xp.polynomial.polynomial.polyvander(
        xp.zeros((1, 2, 2), bool).transpose(2, 1, 0), 0), _LAYOUT),
    ('polyvander-f-ordered-x-deg-2', lambda xp: xp.polynomial.polynomial.polyvander(
        xp.asfortranarray(xp.arange(6.0).reshape(2, 3)), 2), _LAYOUT),
    # Logical ufuncs have only their bool loop: a dtype= of another type is NumPy's TypeError,
    # before an empty operand's early return and out='s shape.
    ('accumulate-logical-and-int8-dtype-empty', lambda xp: xp.logical_and.accumulate(
        _broadcast(xp, [False], (0, 1)), dtype='int8')),
    ('accumulate-logical-xor-float-dtype', lambda xp: xp.logical_xor.accumulate(
        xp.asarray([True, False]), dtype='float64')),
    ('reduceat-logical-or-int8-dtype-no-indices', lambda xp: xp.logical_or.reduceat(
        xp.asarray([False]), xp.zeros(0, 'int64'), dtype='int8')),
    ('reduceat-logical-and-int8-dtype-before-out-shape', lambda xp: xp.logical_and.reduceat(
        xp.asarray([False]), xp.zeros(0, 'int64'), dtype='int8', out=xp.asarray(False))),
    ('reduce-logical-or-int16-dtype', lambda xp: xp.logical_or.reduce(
        xp.asarray([1, 0, 2], 'int16'), dtype='int16')),
    # A reduction's axes are all bounds-checked before any duplicate.
    ('reduce-axis-out-of-bounds-before-duplicate', lambda xp: xp.add.reduce(
        xp.zeros((1, 1, 1)), axis=(0, 0, 3))),
    ('reduce-ldexp-axis-out-of-bounds-before-duplicate', lambda xp: xp.ldexp.reduce(
        _broadcast(xp, [[False]], (1, 1, 1)), axis=(0, 0, 3), initial=0)),
    ('sum-axis-out-of-bounds-before-duplicate', lambda xp: xp.sum(
        xp.zeros((1, 1, 1)), axis=(3, 0, 0), initial=0)),
    # A reduction into out= resolves op(out, a): arctan2 into a complex out= has no loop,
    # NumPy's TypeError before the reorderability and out='s shape.
    ('reduce-arctan2-complex-out-no-loop', lambda xp: xp.arctan2.reduce(
        xp.asarray([False]), axis=0, initial=0, out=xp.zeros((), 'complex64'))),
    ('reduce-arctan2-complex-out-before-reorderable', lambda xp: xp.arctan2.reduce(
        xp.zeros((2, 2), bool), axis=None, initial=0, out=xp.zeros((), 'complex64'))),
    ('reduce-fmod-complex-out-no-loop', lambda xp: xp.fmod.reduce(
        xp.ones(2), out=xp.zeros((), 'complex128'))),
    ('reduce-arctan2-int-out-casts', lambda xp: xp.arctan2.reduce(
        xp.asarray([1, 2], 'int16'), axis=0, out=xp.zeros((), 'int32'))),
    ('reduce-add-int16-complex-out', lambda xp: xp.add.reduce(
        xp.asarray([1, 2], 'int16'), out=xp.zeros((), 'complex64'))),
    # reshape converts its keywords (order=) before it counts the shape arguments.
    ('reshape-bad-order-without-shape', lambda xp: xp.asarray(False).reshape(order='X')),
    # ... and refuses 'K' only after that count.
    ('reshape-order-k-without-shape', lambda xp: xp.asarray(False).reshape(order='K')),
    ('reshape-order-k', lambda xp: xp.asarray(False).reshape((), order='K')),
    ('reshape-order-a-fortran', lambda xp: xp.asfortranarray(xp.arange(6).reshape(2, 3))
     .reshape(3, 2, order='A')),
    # tensordot's axes index the shapes first (IndexError past an operand's dimensions).
    ('tensordot-axes-past-dimensions', lambda xp: xp.tensordot(xp.zeros(0, bool),
                                                               xp.zeros((0, 0), bool))),
    ('tensordot-duplicate-axes', lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones(3),
                                                         ([1, 1], [0, 0]))),
    ('tensordot-negative-axis-pair', lambda xp: xp.tensordot(xp.arange(6.0).reshape(2, 3),
                                                             xp.arange(3.0), ([-1], [0]))),
    # log2 of an exact power of two is exact (an integer cast must not truncate an ulp off).
    ('log2-at-int64-max', lambda xp: _ufunc_at(xp, 'log2', xp.asarray([[2**63 - 1]]), [0])),
    ('log2-powers-of-two-as-int', lambda xp: xp.log2(
        xp.asarray([2.0 ** k for k in range(-1022, 1024, 7)])).astype('int64')),
    ('log2-powers-of-two-float32-as-int', lambda xp: xp.log2(
        xp.asarray([2.0 ** k for k in range(-126, 128, 3)], 'float32')).astype('int32')),
    # A reduction into out= folds in the loop of out's and the input's dtypes (NumPy's op(out, a)).
    ('add-reduce-float32-into-float64-out', lambda xp: xp.add.reduce(
        xp.asarray([16777216, 1, 1], 'float32'), out=xp.zeros((), 'float64'))),
    ('sum-float32-into-float64-out', lambda xp: xp.sum(
        xp.asarray([[16777216, 1, 1]], 'float32'), axis=1, out=xp.zeros(1, 'float64'))),
    ('maximum-reduce-int64-into-float32-out', lambda xp: xp.maximum.reduce(
        xp.asarray([1, 2**53 + 1], 'int64'), out=xp.zeros((), 'float32'))),
    ('add-reduce-int64-into-float32-out', lambda xp: xp.add.reduce(
        xp.asarray([2**24, 1, 1], 'int64'), out=xp.zeros((), 'float32'))),
    # angle, isreal and i0 lay out their results as the ufuncs NumPy composes them of: a
    # broadcast (stride-0) axis ties in the iterator's order, so C order; isreal of real input is
    # a new zeros array (F only for an F-contiguous input); i0 of integers or bools goes
    # through astype(float, order='K') first.
    ('angle-bool-broadcast-layout', lambda xp: xp.angle(_broadcast(xp, [False, False], (2, 2))),
     _LAYOUT),
    ('angle-complex-broadcast-layout', lambda xp: xp.angle(
        _broadcast(xp, [[1j], [2 + 0j]], (2, 2, 3)), deg=True), _LAYOUT),
    ('isreal-bool-broadcast-layout', lambda xp: xp.isreal(_broadcast(xp, [False, False],
                                                                     (2, 2))), _LAYOUT),
    ('isreal-fortran-layout', lambda xp: xp.isreal(xp.asfortranarray(xp.ones((2, 3)))),
     _LAYOUT),
    ('isreal-transposed-layout', lambda xp: xp.isreal(xp.ones((2, 3, 4)).transpose(1, 0, 2)),
     _LAYOUT),
    ('iscomplex-complex-broadcast-layout', lambda xp: xp.iscomplex(
        _broadcast(xp, [[1j], [2 + 0j]], (2, 2, 3))), _LAYOUT),
    ('i0-float16-broadcast-layout', lambda xp: xp.i0(_broadcast(xp, [[0.0, 0.0]], (2, 1, 2),
                                                                'float16')), _LAYOUT),
    ('i0-bool-broadcast-layout', lambda xp: xp.i0(_broadcast(xp, [False, True], (2, 2))),
     _LAYOUT),
    # fill_diagonal converts val to a's dtype (np.array(val, dtype=a.dtype)) before it looks
    # at the diagonal: any int into bool, an out-of-range one into an empty int8 array raises.
    ('fill-diagonal-bool-wide-int', lambda xp: _fill_diagonal(xp, xp.zeros((1, 1), bool),
                                                              2**70)),
    ('fill-diagonal-empty-int8-overflow', lambda xp: _fill_diagonal(
        xp, xp.zeros((0, 0), 'int8'), 128)),
    ('fill-diagonal-int8-array-wraps', lambda xp: _fill_diagonal(
        xp, xp.zeros((2, 2), 'int8'), xp.asarray([1, 300]))),
    # pinv and svd(hermitian=True) check squareness (eigh's) before the dtype; pinv's
    # rtol=None reads the input's own eps (integers: ValueError).
    ('pinv-hermitian-float16-not-square', lambda xp: xp.linalg.pinv(
        xp.zeros((0, 1, 2), 'float16'), hermitian=True)),
    ('svd-hermitian-float16-not-square', lambda xp: xp.linalg.svd(
        xp.ones((1, 2), 'float16'), hermitian=True, compute_uv=False)),
    ('pinv-int-rtol-none', lambda xp: xp.linalg.pinv(xp.ones((2, 2), 'int64'), rtol=None)),
    ('pinv-1d-empty', lambda xp: xp.linalg.pinv(xp.zeros(0))),
    # reduceat's result is allocated by NumPy's iterator (order K) over the operand (stride 0
    # along the axis) and the intp indices (only along it): a transposed input gives F order.
    ('reduceat-transposed-result-f-order', lambda xp: xp.add.reduceat(
        xp.zeros((2, 2, 1), bool).transpose(1, 2, 0), xp.asarray([0]), axis=1), _LAYOUT),
    ('reduceat-transposed3-result-order', lambda xp: xp.maximum.reduceat(
        xp.arange(24).reshape(2, 3, 4).transpose(2, 0, 1), xp.asarray([0, 2]), axis=2), _LAYOUT),
    ('reduceat-reversed-fortran-result-order', lambda xp: xp.multiply.reduceat(
        xp.asfortranarray(xp.ones((3, 4), 'float32'))[::-1], xp.asarray([1, 0, 2]), axis=1),
     _LAYOUT),
    # initial= is converted into the loop's dtype (out= taking part in its choice), then
    # written into out= and read back: int8 with out=uint8 folds in int16 from -1 (255).
    ('reduce-initial-minus-one-into-uint8-out', lambda xp: xp.add.reduce(
        xp.asarray([0], 'int8'), axis=None, initial=-1, out=xp.zeros((), 'uint8'),
        where=xp.asarray([False]))),
    ('reduce-initial-through-bool-out', lambda xp: xp.bitwise_xor.reduce(
        xp.asarray([1], 'int8'), axis=None, initial=-1, out=xp.asarray(False))),
    ('reduce-initial-wraps-through-int8-out', lambda xp: xp.maximum.reduce(
        xp.asarray([0, 0], 'int16'), initial=1000, out=xp.zeros((), 'int8'))),
    # ... as is the identity where no initial= is given: bitwise_and's -1 is 1 through bool.
    ('reduce-identity-through-bool-out', lambda xp: xp.bitwise_and.reduce(
        xp.asarray([2], 'int8'), out=xp.asarray(False))),
    ('reduce-identity-through-bool-out-masked', lambda xp: xp.bitwise_and.reduce(
        xp.asarray([2, 3], 'int8'), out=xp.asarray(True), where=xp.asarray([True, False]))),
    ('reduce-logical-initial-into-uint8-out', lambda xp: xp.logical_or.reduce(
        xp.asarray([False]), axis=None, initial=-1, out=xp.zeros((), 'uint8'),
        where=xp.asarray([False]))),
    # ... and with no loop for out's and a's dtypes, that TypeError comes before initial=.
    ('reduce-bitwise-or-uint64-out-no-loop-before-initial', lambda xp: xp.bitwise_or.reduce(
        xp.asarray([0], 'int8'), axis=None, initial=-1, out=xp.zeros((), 'uint64'))),
    # gcd.reduce takes the loop of out's and a's promoted dtype (bool into int8: int8).
    ('reduce-gcd-bool-into-int8-out', lambda xp: xp.gcd.reduce(
        xp.asarray([True, True]), out=xp.zeros((), 'int8'))),
    ('reduce-gcd-bool-into-int8-out-keepdims-shape', lambda xp: xp.gcd.reduce(
        xp.asarray([False]), axis=None, keepdims=True, initial=0, out=xp.zeros((), 'int8'))),
    ('reduce-gcd-int8-into-float64-out-no-loop', lambda xp: xp.gcd.reduce(
        xp.asarray([2, 4], 'int8'), out=xp.zeros((), 'float64'))),
    # subtract.reduce of bool into a non-bool out= runs (out, bool)'s loop: no bool error, so
    # the reorderability comes first; ldexp's dtype= picks a mixed loop the same way.
    ('reduce-subtract-bool-into-int8-out-not-reorderable', lambda xp: xp.subtract.reduce(
        _broadcast(xp, [False], (2, 2)), axis=None, initial=0, out=xp.zeros((), 'int8'))),
    ('reduce-subtract-bool-into-int8-out', lambda xp: xp.subtract.reduce(
        xp.asarray([True, False, True]), out=xp.zeros((), 'int8'))),
    ('reduce-ldexp-bool-float16-dtype-not-reorderable', lambda xp: xp.ldexp.reduce(
        _broadcast(xp, [False], (2, 2)), axis=None, initial=0, dtype='float16')),
    ('reduce-ldexp-int8-int8-dtype-no-loop', lambda xp: xp.ldexp.reduce(
        xp.zeros((2, 2), 'int8'), axis=None, dtype='int8')),
    ('reduce-ldexp-bool-into-complex-out-no-loop', lambda xp: xp.ldexp.reduce(
        _broadcast(xp, [False], (2, 2)), axis=None, out=xp.zeros((), 'complex64'))),
]
