"""The ufunc methods reduce, accumulate, reduceat, outer and at, for every ufunc object that
cunp and NumPy share (read from both modules) and every method NumPy has a loop for: binary
ufuncs of one output reduce, accumulate and reduceat; binary ones outer; ufuncs of one output
at; generalized ufuncs none (METHOD_SUPPORTED). Operands: arrays of every dtype, shape (sides
up to 5) and layout; keywords (axis, keepdims, initial, where, dtype, out) drawn valid and
invalid alike. The methods NumPy refuses (a unary ufunc's reduce, divmod's at, a gufunc's
outer, ...) are drawn too, by test_unsupported_method: cunp must raise the same type.

Values are integral (and NaN, inf) as in test_fuzz_reductions.py, so that a parallel fold
gives NumPy's sums. CUNP_FUZZ_UFUNC_EXAMPLES sets the examples per ufunc and method (default:
a sixth of CUNP_FUZZ_EXAMPLES, at least 3); CUNP_FUZZ_UFUNC_METHOD_SHARD=i/n draws every
n-th pair from the i-th (the reliability harness runs shards side by side).
"""
import os

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check, quiet
from known_differences import (POWER, accumulate_into_zero_dim_out, arctan2_reduce_misfold,
                               at_object_operand, at_order_dependent, first_item_through_out,
                               ldexp_reduce,
                               method_order_dependent, method_out_cast_unrepresentable,
                               unrepresentable_cast)

pytestmark = pytest.mark.gpu

EXAMPLES = int(os.environ.get('CUNP_FUZZ_UFUNC_EXAMPLES',
                              max(3, int(os.environ.get('CUNP_FUZZ_EXAMPLES', '60')) // 6)))
METHODS = ('reduce', 'accumulate', 'reduceat', 'outer', 'at')

# Small arrays: a round of every ufunc and method stays within seconds.
shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)


def METHOD_SUPPORTED(ufunc, method):  # noqa: N802 - a rule table read as a constant
    """Whether NumPy has the method for the ufunc (else it raises ValueError, TypeError or
    RuntimeError, which test_unsupported_method compares)."""
    if ufunc.signature:
        return False
    if method == 'outer':
        return ufunc.nin == 2
    if method == 'at':
        return ufunc.nout == 1
    return ufunc.nin == 2 and ufunc.nout == 1


def shared_ufuncs():
    import cunp

    return sorted(name for name in dir(numpy)
                  if isinstance(getattr(numpy, name), numpy.ufunc) and hasattr(cunp, name))


def _pairs(supported):
    pairs = [pytest.param(method, name, id=f'{name}.{method}') for name in shared_ufuncs()
             for method in METHODS
             if METHOD_SUPPORTED(getattr(numpy, name), method) == supported]
    shard = os.environ.get('CUNP_FUZZ_UFUNC_METHOD_SHARD')  # "i/n": every n-th pair from i
    if shard:
        i, n = map(int, shard.split('/'))
        pairs = pairs[i::n]
    return pairs


@st.composite
def axes(draw, ndim, single=False):
    """An axis in range mostly; None, one past either end or, unless single, a tuple (empty,
    repeated or out of range now and then) the rest of the time."""
    if ndim and draw(st.integers(0, 2)):
        return draw(st.integers(-ndim, ndim - 1))
    options = [st.none(), st.integers(-ndim - 1, ndim)]
    if not single:
        options.append(st.lists(st.integers(-ndim - 1, max(ndim, 0)), max_size=ndim + 1)
                       .map(tuple))
    return draw(st.one_of(*options))


def _numpy_shape(fn):
    """The shape of NumPy's result (for an out= of that shape), () where it raises."""
    try:
        with quiet():
            return numpy.shape(fn())
    except Exception:  # noqa: BLE001 - NumPy's error is compared by the test itself
        return ()


@st.composite
def out_array(draw, shape):
    """An out= array: NumPy's result's shape mostly (one of another shape now and then), of
    any dtype (casting='same_kind' refuses some)."""
    if not draw(st.integers(0, 5)):
        shape = draw(shapes)
    return numpy.zeros(shape, draw(s.dtypes))


@st.composite
def method_case(draw, name, method):
    """(arrays, layouts, call(xp, *views) -> result) for one call of ufunc.method."""
    ufunc = getattr(numpy, name)
    # 0-d arrays now and then (every method but outer and at refuses them)
    a = draw(s.arrays(shape=draw(shapes if draw(st.integers(0, 7)) == 7 else
                                 hnp.array_shapes(min_dims=1, max_dims=3, max_side=5)),
                      exact=True))
    layout = draw(s.layouts(a))
    if method == 'at':  # at writes `a`: never a broadcast view (cunp's are writable)
        layout = tuple(step for step in layout if step[0] != 'broadcast')
    view = s.apply_layout(numpy, a, layout)
    nd = view.ndim
    kw, arrays, extra = {}, [a], []
    if method == 'reduce':
        kw['axis'] = draw(axes(nd))
        if draw(st.booleans()):
            kw['keepdims'] = draw(st.booleans())
        if draw(st.integers(0, 2)) == 0:
            kw['initial'] = draw(st.integers(-5, 5))
        if draw(st.integers(0, 3)) == 0:
            shape = draw(st.sampled_from([view.shape, view.shape[1:], view.shape[-1:], (7,)]))
            extra.append(draw(hnp.arrays(bool, shape)))
    elif method == 'accumulate':
        if draw(st.booleans()):
            kw['axis'] = draw(axes(nd, single=True))
    elif method == 'reduceat':
        n = view.shape[0] if nd else 0
        extra.append(draw(hnp.arrays(numpy.intp, st.integers(0, 4),
                                     elements=st.integers(-1, n))))
        if draw(st.integers(0, 3)) == 0:
            kw['axis'] = draw(axes(nd, single=True))  # None: NumPy's ValueError
            side = view.shape[kw['axis']] if kw['axis'] is not None and -nd <= kw['axis'] < nd \
                else n
            extra[0] = numpy.clip(extra[0], -1, side)
    elif method == 'outer':
        b = draw(s.arrays(shape=draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=4)),
                          exact=True))
        arrays.append(b)
    if method in ('accumulate', 'reduceat', 'outer') and draw(st.integers(0, 9)) == 9:
        kw[draw(st.sampled_from(['keepdims', 'initial']))] = 0  # not theirs: TypeError
    if method in ('reduce', 'accumulate', 'reduceat', 'outer') and draw(st.integers(0, 3)) == 0:
        kw['dtype'] = draw(s.dtypes)
    b_value = None
    if method == 'at':
        index = draw(st.one_of(
            hnp.arrays(numpy.intp, st.integers(0, 5),
                       elements=st.integers(-(view.shape[0] if nd else 1) - 1,
                                            view.shape[0] if nd else 1)),
            st.builds(slice, st.none() | st.integers(-4, 4), st.none() | st.integers(-4, 4),
                      st.sampled_from([None, 1, -1, 2])),
            st.integers(-6, 6)))
        extra.append(index)
        if ufunc.nin == 2:
            try:
                target = view[index].shape
            except Exception:  # noqa: BLE001 - NumPy raises for the index: any shape does
                target = ()
            target = draw(st.sampled_from([target, target[1:], target[-1:], (), (3,)]))
            b_value = draw(st.one_of(s.arrays(shape=st.just(target), exact=True),
                                     s.python_scalars()))
    # out= for the methods that take it, of NumPy's result's shape mostly
    if method != 'at' and draw(st.integers(0, 4)) == 0:
        def plain():
            views = [s.apply_layout(numpy, a, layout)] + arrays[1:]
            if method == 'reduce':  # extra: the where= mask, if any
                return ufunc.reduce(*views, **kw, **({'where': extra[0]} if extra else {}))
            return getattr(ufunc, method)(*views, *extra, **kw)
        kw['out'] = draw(out_array(_numpy_shape(plain)))
    return a, layout, arrays[1:], extra, b_value, kw


def _assumptions(name, method, a, others, extra, b_value, kw):
    """Leave out the inputs where cunp differs on purpose (known_differences)."""
    dtype = kw.get('dtype')
    assume(not accumulate_into_zero_dim_out(method, kw))
    values = [a] + others + ([numpy.asarray(b_value)] if b_value is not None else [])
    if dtype is not None:
        assume(not any(unrepresentable_cast(numpy.asarray(v), dtype) for v in values))
    if 'out' in kw:  # the result cast into out (same_kind allows float -> float16, ...)
        assume(not any(unrepresentable_cast(numpy.asarray(v), kw['out'].dtype) for v in values))
    if method == 'at' and b_value is not None:
        assume(not unrepresentable_cast(numpy.asarray(b_value), a.dtype))
    if name in POWER or name == 'float_power':
        # A negative integer exponent (NumPy's ValueError, cunp's 0); any other value of an
        # integer power can be the exponent of a reduce.
        exponents = values[1:] if method in ('outer', 'at') else values
        if dtype is not None and numpy.dtype(dtype).kind in 'iu':
            # dtype= casts the exponents first: int16 32767 is int8 -1, a negative exponent.
            with numpy.errstate(all='ignore'):
                exponents = [numpy.asarray(v).astype(dtype) if numpy.asarray(v).dtype.kind != 'c'
                             else v for v in exponents]
        with numpy.errstate(all='ignore'):
            assume(not any(numpy.asarray(v).dtype.kind in 'biu' and numpy.any(numpy.asarray(v) < 0)
                           for v in exponents))
            assume(not any(numpy.asarray(v).dtype.kind == 'c' for v in values))
            # A complex out= makes the fold a complex power too (the loop of out and a).
            assume(not ('out' in kw and kw['out'].dtype.kind == 'c'))
    assume(not first_item_through_out(name, method, a, kw))


def _without_out(name, method, a, layout, others, extra, kw):
    """NumPy's result of the call without out= (the loop's values before their cast into
    out), None where NumPy raises."""
    ufunc = getattr(numpy, name)
    keywords = {k: v for k, v in kw.items() if k != 'out'}
    views = [s.apply_layout(numpy, a.copy(), layout)] + others
    try:
        with quiet():
            if method == 'reduce':  # extra: the where= mask, if any
                return ufunc.reduce(*views, **keywords,
                                    **({'where': extra[0]} if extra else {}))
            return getattr(ufunc, method)(*views, *extra, **keywords)
    except Exception:  # noqa: BLE001 - NumPy's error is compared by the test itself
        return None


@pytest.mark.parametrize('method, name', _pairs(True))
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_ufunc_method(method, name, data):
    a, layout, others, extra, b_value, kw = data.draw(method_case(name, method))
    _assumptions(name, method, a, others, extra, b_value, kw)

    def call(xp, a, *rest):
        ufunc = getattr(xp, name)
        a = s.apply_layout(xp, a.copy(), layout)  # a copy: at writes it
        rest = list(rest)
        keywords = dict(kw)
        if 'out' in keywords:
            keywords['out'] = rest.pop()
        if method == 'reduce' and rest:  # a where= mask
            keywords['where'] = rest.pop()
        if method == 'at':
            args = [a, rest[0]] + ([rest[1]] if len(rest) > 1 else [])
            result = ufunc.at(*args)
            assert result is None
            return a
        return getattr(ufunc, method)(a, *rest, **keywords)

    # Operands as NumPy arrays (moved to the device by check): the at index and value, the
    # reduceat indices, the where= mask, and out= last.
    args = [a] + others
    if method == 'at':
        args.append(extra[0])
        if b_value is not None:
            args.append(b_value)
    else:
        args.extend(extra)
    if 'out' in kw:
        args.append(kw['out'])
    if method == 'at':
        assume(not at_order_dependent(name, s.apply_layout(numpy, a, layout), extra[0],
                                      b_value))
        assume(not at_object_operand(name, s.apply_layout(numpy, a, layout), extra[0], b_value))
    else:
        try:
            with quiet():
                expected = call(numpy, *[x.copy() if isinstance(x, numpy.ndarray) else x
                                         for x in args])
        except Exception:  # noqa: BLE001 - NumPy's error is compared in check
            expected = None
        assume(not method_order_dependent(name, method, [a] + others, expected))
        assume(not ldexp_reduce(name, method, expected))
        assume(not arctan2_reduce_misfold(name, method, s.apply_layout(numpy, a, layout), kw,
                                          extra[0] if method == 'reduce' and extra else None,
                                          expected))
        if 'out' in kw:
            assume(not method_out_cast_unrepresentable(_without_out(name, method, a, layout,
                                                                    others, extra, kw),
                                                       kw['out']))
    check(call, *args, flags=True)


@pytest.mark.parametrize('method, name', _pairs(False))
@settings(max_examples=max(2, EXAMPLES // 3))
@given(a=s.arrays(shape=shapes, exact=True), b=s.arrays(shape=shapes, exact=True))
def test_unsupported_method(method, name, a, b):
    """A method NumPy has no loop for: both raise, the same type (ValueError for a unary
    ufunc's reduce, RuntimeError or TypeError for a gufunc's methods, ...)."""
    ufunc = getattr(numpy, name)

    def call(xp, a, b):
        u = getattr(xp, name)
        if method == 'outer':
            return u.outer(*([a, b] if ufunc.nin == 2 else [a]))
        if method == 'at':
            a = a.copy()
            u.at(a, numpy.intp(0) if a.ndim else (), *([b] if ufunc.nin == 2 else []))
            return a
        if method == 'reduceat':
            return u.reduceat(a, [0])
        return getattr(u, method)(a)
    check(call, a, b)
