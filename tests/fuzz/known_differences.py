"""Inputs where cunp differs from NumPy on purpose (docs/differences.md): the fuzz tests leave
them out with hypothesis.assume, so that what fails is news."""
import warnings

import numpy

POWER = {'power', 'pow'}


def _is_int(x):
    return numpy.asarray(x).dtype.kind in 'biu' and not isinstance(x, (float, complex))


def integer_power_negative_exponent(name, base, exponent):
    """Integer power with a negative exponent: 0 in cunp, ValueError in NumPy."""
    if name not in POWER or not (_is_int(base) and _is_int(exponent)):
        return False
    return bool(numpy.any(numpy.asarray(exponent) < 0))


def unrepresentable_cast(a, dtype):
    """Float to integer casts of NaN, inf or out-of-range values: platform-defined."""
    dtype = numpy.dtype(dtype)
    if a.dtype.kind not in 'fc' or dtype.kind not in 'iu':
        return False
    values = numpy.real(a) if a.dtype.kind == 'c' else a
    info = numpy.iinfo(dtype)
    with numpy.errstate(all='ignore'):
        # (the upper bound as a float: int64's max rounds up to 2**63, itself out of range)
        return bool(not numpy.isfinite(values).all() or (values < info.min).any() or
                    (values >= float(info.max) + 1).any())


def fft_not_finite(arrays):
    """FFT inputs holding inf or NaN, or values so large that the transform's sums may
    overflow: cuFFT's order of operations leaves other inf/NaN patterns than pocketfft's
    (docs/differences.md, `fft` of non-finite values)."""
    for a in arrays:
        a = numpy.asarray(a)
        if a.dtype.kind not in 'fc' or not a.size:
            continue
        with numpy.errstate(all='ignore'):
            if not numpy.isfinite(a).all():
                return True
            work = numpy.float32 if a.dtype.char in 'efF' else numpy.float64
            if float(numpy.abs(a).max()) * a.size >= float(numpy.finfo(work).max) / 4:
                return True
    return False


def complex_power_overflow(name, base, exponent):
    """A complex power whose result overflows: the infinite parts' signs follow the last bits
    of the angle w * arg(z), which cunp's exp(w log z) and the C library's cpow round
    differently (both are within an ulp of the angle)."""
    if name not in POWER | {'float_power'}:
        return False
    base, exponent = numpy.asarray(base), numpy.asarray(exponent)
    if 'c' not in (base.dtype.kind, exponent.dtype.kind):
        return False
    with numpy.errstate(all='ignore'):
        result = numpy.float_power(base, exponent)
    return bool(numpy.isfinite(base).all() and numpy.isfinite(exponent).all() and
                not numpy.isfinite(result).all())


SPACINGS = {'linspace', 'logspace', 'geomspace'}


def spacing_cast_to_int(name, values, keywords):
    """linspace/logspace/geomspace with an integer dtype whose float values are NaN, inf or out
    of the dtype's range (geomspace(1, -1) passes through NaN): the cast is platform-defined."""
    dtype = keywords.get('dtype')
    if name not in SPACINGS or dtype is None or numpy.dtype(dtype).kind not in 'iu':
        return False
    floating = {k: v for k, v in keywords.items() if k != 'dtype'}
    with numpy.errstate(all='ignore'):
        try:
            result = getattr(numpy, name)(*values, **floating)
        except Exception:  # NumPy's own error is compared as usual
            return False
    return unrepresentable_cast(numpy.asarray(result), dtype)


def object_from_python_int(value, dtype):
    """A Python int past 64 bits with no dtype: NumPy makes an object array, which has no
    device representation (docs/differences.md, objects); cunp raises OverflowError."""
    return (dtype is None and isinstance(value, int) and not isinstance(value, bool)
            and not -(2**63) <= value < 2**64)


def bincount_past_int64(name, arrays):
    """bincount of INT64_MAX: NumPy's count of max + 1 bins overflows and corrupts its heap
    (glibc aborts later); cunp raises the ValueError of an array too big."""
    return name == 'bincount' and any(
        a.dtype == numpy.int64 and a.size and a.max() == numpy.iinfo(numpy.int64).max
        for a in arrays)


QUANTILES = {'median', 'percentile', 'quantile'}


def quantile_of_empty_over_no_axes(name, a, axis):
    """median/percentile/quantile of an empty array over axis=(): NumPy's reshape of the
    empty array fails (ValueError); cunp returns the empty array, as for a non-empty one."""
    return name in QUANTILES and axis == () and numpy.asarray(a).size == 0


ROUNDS = {'around', 'round'}


def round_cast_to_int(name, values, keywords):
    """Integers rounded to negative decimals pass through float64 (NumPy's algorithm): a
    rounded value past the integer type comes back by an unrepresentable cast."""
    if name not in ROUNDS or not values:
        return False
    a = numpy.asarray(values[0])
    decimals = keywords.get('decimals', values[1] if len(values) > 1 else 0)
    if a.dtype.kind not in 'iu' or not _is_int(decimals) or decimals >= 0:
        return False
    with numpy.errstate(all='ignore'):
        return unrepresentable_cast(numpy.round(a.astype(numpy.float64), decimals), a.dtype)


SCANS = {'cumsum', 'cumprod', 'nancumsum', 'nancumprod', 'cumulative_sum', 'cumulative_prod'}


def scan_overflow(name, inputs, result):
    """A running sum or product that meets inf (overflowing, or given): a parallel scan
    associates differently from NumPy's left-to-right loop, so inf * 0 (NaN) in one order is 0
    or inf in the other, and inf - inf likewise."""
    if name not in SCANS or not isinstance(result, numpy.ndarray) or result.dtype.kind not in 'fc':
        return False
    with numpy.errstate(all='ignore'):
        if numpy.isinf(result).any():
            return True
        if 'prod' not in name:
            return False
        # A product of some run of the nonzero inputs may overflow inside a block of the scan,
        # where NumPy's running product is already 0.
        limit = numpy.log(float(numpy.finfo(result.dtype).max))
        for a in inputs:
            values = numpy.abs(numpy.asarray(a, dtype=complex).ravel())
            values = values[(values != 0) & numpy.isfinite(values)]
            if numpy.log(values[values > 1]).sum() > limit:
                return True
        return False


# ufunc.at updates whose order cannot change the result: the same operation applied to one
# element in any order gives the same value (exactly, for integers and booleans).
AT_ORDER_FREE = {'add', 'subtract', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin',
                 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'logical_and', 'logical_or',
                 'logical_xor', 'gcd', 'lcm'}
# For inexact values only where no rounding happens: the fuzz tests draw integral values (and
# NaN, inf), whose few sums are exact; products of them round (float16) or overflow.
AT_ORDER_FREE_INEXACT = {'add', 'subtract', 'maximum', 'minimum', 'fmax', 'fmin'}


def at_order_dependent(name, a, indices, b):
    """ufunc.at with a repeated index and differing values for it: cunp applies the updates
    as atomic read-modify-writes in the order the threads meet them, NumPy in index order, so
    an update that depends on the order (x - b1 then / b2, float sums that round or overflow)
    may end differently. Unary updates and one value for all are the same in any order."""
    if b is None:
        return False
    a = numpy.asarray(a)
    try:
        positions = numpy.arange(a.size).reshape(a.shape)[indices]
    except Exception:  # NumPy raises for the indices: compared as an error
        return False
    positions = numpy.asarray(positions).ravel()
    if numpy.unique(positions).size == positions.size:
        return False
    values = numpy.asarray(b)
    if values.size <= 1 or (values == values.flat[0]).all():
        return False
    if a.dtype.kind in 'biu':
        return name not in AT_ORDER_FREE
    return name not in AT_ORDER_FREE_INEXACT


def at_object_operand(name, a, indices, b):
    """ufunc.at with a Python int outside int64 and uint64 as b, applied to a selection that is
    valid and not empty: NumPy makes b an object array and computes with Python's operators
    (a result that fits a, an OverflowError where it does not, a TypeError for a ufunc with no
    object loop, even over an empty selection); cunp has no object dtype and raises
    OverflowError. Its index errors and an empty selection (nothing computed) of a ufunc with
    an object loop are compared as usual."""
    if not isinstance(b, int) or isinstance(b, bool) or -2**63 <= b < 2**64:
        return False
    if not any(t.startswith('O') for t in getattr(numpy, name).types):
        return True
    a = numpy.asarray(a)
    try:
        positions = numpy.arange(a.size).reshape(a.shape)[indices]
    except Exception:  # noqa: BLE001 - NumPy raises for the index: compared as an error
        return False
    return numpy.size(positions) > 0


# Functions (and methods) whose answer is a floating-point sum of their inputs' values.
FLOAT_SUMS = {'sum', 'nansum', 'mean', 'nanmean', 'average', 'var', 'nanvar', 'std', 'nanstd',
              'cumsum', 'nancumsum', 'cumulative_sum'}


def float_sum_of_wide_integers(name, inputs, result):
    """A floating-point sum (mean, average, var, std, or sum/cumsum with a float dtype) of
    integers whose magnitudes add up past the float's integer range (2**53 for float64: the
    fuzzer's int64 and uint64 extremes, 2**63 and 2**64): the partial sums round, so their order
    decides the answer (mean([-2**63, 1, 2**63 - 1]) is 0 in NumPy's left-to-right run and 1/3
    in a tree that adds the extremes first). cunp's parallel tree and NumPy's pairwise loop
    associate differently (docs/differences.md, float sums and scans). Sums within the range
    are exact in any order and compared as they are."""
    if name not in FLOAT_SUMS or result is None:
        return False
    if isinstance(result, tuple):  # average(..., returned=True): the average decides
        result = result[0]
    kind = numpy.asarray(result).dtype
    if kind.kind not in 'fc':
        return False
    digits = numpy.finfo(kind).nmant + 1
    for a in inputs:
        a = numpy.asarray(a)
        if a.dtype.kind in 'iu' and sum(abs(int(v)) for v in a.ravel().tolist()) >= 2**digits:
            return True
    return False


def method_order_dependent(name, method, inputs, result):
    """add/multiply reduce, accumulate and reduceat on inexact values that meet inf (given or
    by overflow): the parallel fold associates differently from NumPy's loop (see
    scan_overflow, whose rules these are); add's over wide integers in a float dtype likewise
    (float_sum_of_wide_integers)."""
    scan = {'add': 'cumsum', 'multiply': 'cumprod'}.get(name)
    if scan is None or method not in ('reduce', 'accumulate', 'reduceat'):
        return False
    result = numpy.asarray(result) if result is not None else None
    return scan_overflow(scan, inputs, result) or float_sum_of_wide_integers(scan, inputs, result)


def accumulate_into_zero_dim_out(method, keywords):
    """accumulate with a 0-d out=: NumPy 2.4's accumulate writes past it (the process dies of
    a segmentation fault); a 0-d result is never right for accumulate (cunp raises
    ValueError, as NumPy does for other wrong shapes)."""
    out = keywords.get('out')
    return method == 'accumulate' and out is not None and numpy.ndim(out) == 0


def put_repeated_positions(a, indices, values, mode):
    """ndarray.put writing one position twice with different values: cunp's threads write in
    parallel, so which write wins is unspecified (docs/differences.md, repeated indices in
    assignment); NumPy's last one wins."""
    a = numpy.asarray(a)
    if a.size == 0 or mode not in ('raise', 'wrap', 'clip'):
        return False
    flat = numpy.asarray(indices).ravel().astype(numpy.int64)
    values = numpy.asarray(values).ravel()
    if flat.size < 2 or values.size == 0:
        return False
    if mode == 'clip':
        positions = numpy.clip(flat, 0, a.size - 1)
    else:
        if mode == 'raise' and ((flat < -a.size) | (flat >= a.size)).any():
            return False  # NumPy's IndexError is compared
        positions = flat % a.size
    written = numpy.resize(values, flat.size)  # put repeats the values cyclically
    for p in numpy.unique(positions):
        these = written[positions == p]
        if these.size > 1 and not (these == these[0]).all():
            return True
    return False


def resize_refcheck(keywords):
    """ndarray.resize with refcheck on (the default): NumPy refuses while Python holds other
    references to the array, a count that depends on the interpreter and the test's own
    frames; cunp counts the arrays sharing its memory (docs/differences.md)."""
    return keywords.get('refcheck', True) is not False


def poly_of_zero_dim(c, from_roots):
    """poly1d(r, r=True) (numpy.poly) of a 0-d array: NumPy's TypeError is its
    __array_function__ dispatcher failing to iterate the argument (the dispatcher returns it
    bare), an accident of the dispatch machinery rather than a rule to follow."""
    return from_roots and numpy.ndim(c) == 0


HISTOGRAMS = {'histogram', 'histogram2d', 'histogramdd'}


def complex_histogram(name, arrays):
    """histogram of complex values or edges: cunp refuses them (TypeError); NumPy bins them by
    its lexicographic complex order and the real part of scaled differences, discarding the
    imaginary parts with a ComplexWarning (docs/differences.md)."""
    return name in HISTOGRAMS and any(numpy.asarray(a).dtype.kind == 'c' for a in arrays)


def complex_product_not_finite(*operands):
    """A polynomial product (convolve) of complex coefficients meeting inf or NaN: NumPy's
    complex dot runs in OpenBLAS's vector kernel, whose lanes give NaN parts where the product
    formula gives inf ((1+1j) * inf is nan+infj there, inf+infj by the formula and by NumPy's
    own multiply), so the non-finite parts follow the BLAS build."""
    arrays = [numpy.asarray(o) for o in operands]
    if not any(a.dtype.kind == 'c' for a in arrays):
        return False
    with numpy.errstate(all='ignore'):
        return any(a.dtype.kind in 'fc' and not numpy.isfinite(a).all() for a in arrays)


# Products by a parallel tree, whose order of operations NumPy's loop does not share (sums
# are pairwise in NumPy too, and compared as they are).
REDUCTION_SCANS = {'prod': 'cumprod', 'nanprod': 'nancumprod'}


def reduction_overflow(name, inputs, result):
    """prod/nanprod of inexact values that meet inf, given or by overflow: the tree
    associates differently from NumPy's loop, so a partial product that overflows (inf * 0:
    NaN) in one order is 0 in the other (docs/differences.md, float sums and scans; the rules
    are scan_overflow's)."""
    scan = REDUCTION_SCANS.get(name)
    if scan is None:
        return False
    return scan_overflow(scan, inputs, numpy.asarray(result) if result is not None else None)


def dtype_cast_unrepresentable(inputs, keywords):
    """A dtype= integer loop fed float values that are NaN, inf or out of the integer's range
    (nanprod(2.0**31, dtype='int8')): the cast is platform-defined (unrepresentable_cast).
    cunp gives x86's C conversion (the corpus's astype-unrepresentable cases check it); the
    fuzzer leaves these draws out as it does unrepresentable astype."""
    dtype = keywords.get('dtype')
    if dtype is None:
        return False
    try:
        dtype = numpy.dtype(dtype)
    except TypeError:
        return False
    return any(unrepresentable_cast(numpy.asarray(a), dtype) for a in inputs)


def method_out_cast_unrepresentable(result, out):
    """A ufunc method whose loop result (computed without out=: divide.reduceat of bools is
    0/0, NaN) is cast into an integer out= where it is NaN, inf or out of the integer's range:
    platform-defined (unrepresentable_cast), left out as dtype_cast_unrepresentable is."""
    if out is None or result is None:
        return False
    return unrepresentable_cast(numpy.asarray(result), numpy.asarray(out).dtype)


def first_item_through_out(name, method, a, keywords):
    """reduce of a ufunc without an identity (power, maximum, ...) into an out= whose dtype
    cannot hold a's values: NumPy copies the first item into out (cast to out's dtype) and folds
    the rest onto it, so power.reduce of int8 [4, 4] into a bool out= is power(True, 4), True;
    cunp folds in the loop's type from the first item and casts the result once."""
    if method != 'reduce' or 'out' not in keywords or keywords.get('dtype') is not None:
        return False
    if getattr(numpy, name).identity is not None:
        return False
    a = numpy.asarray(a)
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        back = a.astype(keywords['out'].dtype).astype(a.dtype)
    return not numpy.array_equal(back, a, equal_nan=a.dtype.kind in 'fc')


def ldexp_reduce(name, method, result):
    """ldexp.reduce where NumPy returns a value: it folds through its mixed (float, int) loops
    and reads some inputs at the wrong width (ldexp.reduce(int32 [1, 1, 1]) is 2.0 and of
    int16 [1, 2, 3] 8.0, not 4.0 and 32.0); cunp has no such loop and raises TypeError after
    NumPy's other checks (NumPy's errors are compared as usual)."""
    return name == 'ldexp' and method == 'reduce' and result is not None


ARCTAN2 = {'arctan2', 'atan2'}


def arctan2_reduce_misfold(name, method, a, keywords, where, result):
    """arctan2.reduce where NumPy's value is not the fold arctan2(...arctan2(first, x1)..., xn)
    it documents: its float32/float64 loop, called once for a whole inner reduction (the
    accumulator read with stride 0), keeps the start value and pairs it with the last element
    (arctan2.reduce([2., 3., 5.]) is arctan2(2, 5), with initial=1 arctan2(1, 5)); float16
    and an outer axis fold right. cunp folds in order, so these draws are left out (the
    ordinary ones, where NumPy folds right, are compared)."""
    if name not in ARCTAN2 or method != 'reduce' or result is None:
        return False
    try:
        x = numpy.asarray(a)
        axis = keywords.get('axis', 0)
        axes = tuple(range(x.ndim)) if axis is None else (
            tuple(axis) if isinstance(axis, (tuple, list)) else (axis,))
        if x.ndim == 0 or len(axes) != 1 or x.dtype.kind == 'c':
            return False
        ax = int(axes[0]) % x.ndim
        mask = numpy.ones(x.shape, bool) if where is None else numpy.broadcast_to(where, x.shape)
        x = numpy.moveaxis(x, ax, -1).astype(numpy.float64)
        mask = numpy.moveaxis(mask, ax, -1)
        initial = keywords.get('initial')
        with numpy.errstate(all='ignore'):
            if initial is None:
                acc, start = x[..., 0], 1
            else:
                acc, start = numpy.full(x.shape[:-1], float(initial)), 0
            for i in range(start, x.shape[-1]):
                acc = numpy.where(mask[..., i], numpy.arctan2(acc, x[..., i]), acc)
            got = numpy.asarray(result)
            want = acc.astype(got.dtype).astype(numpy.float64)
            got = got.astype(numpy.float64).reshape(want.shape)
        tol = 1e-2 if numpy.asarray(result).dtype.itemsize <= 2 else 1e-4  # float16's rounding
        return not numpy.allclose(got, want, rtol=tol, atol=tol, equal_nan=True)
    except Exception:  # noqa: BLE001 - a draw the model does not cover is compared as usual
        return False
