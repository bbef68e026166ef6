"""ndarray methods against NumPy's, with arguments drawn from the method's parameters: read
from inspect.signature of numpy.ndarray's method where NumPy gives one (NumPy 2 does for
these), else from FALLBACK_SIGNATURES written out here. The array (`self`) is of any dtype,
shape (sides up to 5) and layout; required parameters get values from PARAMS by name (some
invalid: axes out of range, bad modes, indices out of bounds); optional ones are drawn a third
of the time, the keywords a method takes through **kwargs (sum's keepdims, initial, where)
from EXTRA_KEYWORDS. Compared: the result's dtype, shape, C/F contiguity and values, or the
exception's type; methods that write the array (sort, put, fill, resize, byteswap(inplace))
are compared on it.

Values are integral (and NaN, inf), so that sums and products come out the same in any order.
out= and sorter= are not drawn (out= has test_fuzz_ufunc_methods.py and the reductions' tests;
sorter= is unchecked on the device, docs/differences.md). CUNP_FUZZ_METHOD_EXAMPLES sets the
examples per method (default: a sixth of CUNP_FUZZ_EXAMPLES, at least 3).
"""
import inspect
import os

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import strategies as s
from differential import check, quiet
from known_differences import (float_sum_of_wide_integers, method_order_dependent,
                               put_repeated_positions, resize_refcheck, round_cast_to_int,
                               scan_overflow, unrepresentable_cast)

pytestmark = pytest.mark.gpu

EXAMPLES = int(os.environ.get('CUNP_FUZZ_METHOD_EXAMPLES',
                              max(3, int(os.environ.get('CUNP_FUZZ_EXAMPLES', '60')) // 6)))

METHODS = ['astype', 'reshape', 'transpose', 'swapaxes', 'sum', 'prod', 'mean', 'std', 'var',
           'min', 'max', 'argmin', 'argmax', 'all', 'any', 'cumsum', 'cumprod', 'clip', 'round',
           'sort', 'argsort', 'partition', 'argpartition', 'take', 'put', 'repeat', 'squeeze',
           'flatten', 'ravel', 'diagonal', 'trace', 'nonzero', 'searchsorted', 'fill', 'item',
           'tolist', 'copy', 'view', 'byteswap', 'resize', 'dot', 'conj', 'conjugate',
           'compress', 'choose', 'ptp', 'tobytes']

# The parameters of each method (after self), where NumPy's signature cannot be read: name,
# kind ('required', 'optional', 'varargs') in NumPy's order. NumPy 2.4 gives every one above.
FALLBACK_SIGNATURES = {
    'astype': [('dtype', 'required'), ('order', 'optional'), ('casting', 'optional'),
               ('copy', 'optional')],
    'reshape': [('shape', 'varargs'), ('order', 'optional'), ('copy', 'optional')],
    'transpose': [('axes', 'varargs')],
    'swapaxes': [('axis1', 'required'), ('axis2', 'required')],
    'sum': [('axis', 'optional'), ('dtype', 'optional')],
    'prod': [('axis', 'optional'), ('dtype', 'optional')],
    'mean': [('axis', 'optional'), ('dtype', 'optional')],
    'std': [('axis', 'optional'), ('dtype', 'optional'), ('ddof', 'optional')],
    'var': [('axis', 'optional'), ('dtype', 'optional'), ('ddof', 'optional')],
    'min': [('axis', 'optional')], 'max': [('axis', 'optional')],
    'argmin': [('axis', 'optional'), ('keepdims', 'optional')],
    'argmax': [('axis', 'optional'), ('keepdims', 'optional')],
    'all': [('axis', 'optional'), ('keepdims', 'optional'), ('where', 'optional')],
    'any': [('axis', 'optional'), ('keepdims', 'optional'), ('where', 'optional')],
    'cumsum': [('axis', 'optional'), ('dtype', 'optional')],
    'cumprod': [('axis', 'optional'), ('dtype', 'optional')],
    'clip': [('min', 'optional'), ('max', 'optional')],
    'round': [('decimals', 'optional')],
    'sort': [('axis', 'optional'), ('kind', 'optional'), ('stable', 'optional')],
    'argsort': [('axis', 'optional'), ('kind', 'optional'), ('stable', 'optional')],
    'partition': [('kth', 'required'), ('axis', 'optional')],
    'argpartition': [('kth', 'required'), ('axis', 'optional')],
    'take': [('indices', 'required'), ('axis', 'optional'), ('mode', 'optional')],
    'put': [('indices', 'required'), ('values', 'required'), ('mode', 'optional')],
    'repeat': [('repeats', 'required'), ('axis', 'optional')],
    'squeeze': [('axis', 'optional')],
    'flatten': [('order', 'optional')], 'ravel': [('order', 'optional')],
    'diagonal': [('offset', 'optional'), ('axis1', 'optional'), ('axis2', 'optional')],
    'trace': [('offset', 'optional'), ('axis1', 'optional'), ('axis2', 'optional'),
              ('dtype', 'optional')],
    'nonzero': [], 'tolist': [], 'conj': [], 'conjugate': [], 'ptp': [('axis', 'optional')],
    'searchsorted': [('v', 'required'), ('side', 'optional')],
    'fill': [('value', 'required')],
    'item': [('args', 'varargs')],
    'copy': [('order', 'optional')], 'tobytes': [('order', 'optional')],
    'view': [('args', 'varargs')],
    'byteswap': [('inplace', 'optional')],
    'resize': [('new_shape', 'varargs'), ('refcheck', 'optional')],
    'dot': [('other', 'required')],
    'compress': [('condition', 'required'), ('axis', 'optional')],
    'choose': [('choices', 'required'), ('mode', 'optional')],
}

# Keywords that methods take through **kwargs (NumPy's signature shows only **kwargs).
EXTRA_KEYWORDS = {
    'sum': ['keepdims', 'initial', 'where'], 'prod': ['keepdims', 'initial', 'where'],
    'mean': ['keepdims', 'where'], 'std': ['keepdims', 'where'], 'var': ['keepdims', 'where'],
    'min': ['keepdims', 'initial', 'where'], 'max': ['keepdims', 'initial', 'where'],
}

# Parameters never drawn: out= (other tests), subok (no subclasses on the device), sort's
# order (structured dtypes' field names), sorter (unchecked on the device).
NOT_DRAWN = {'out', 'subok', 'sorter', 'order@sort', 'order@argsort', 'order@partition',
             'order@argpartition', 'stream', 'device'}

TWO_AXES = {'diagonal', 'trace', 'swapaxes', 'dot'}

# Methods that write `self` (return None): compared on the array.
WRITES = {'sort', 'partition', 'put', 'fill', 'resize', 'byteswap'}


def signature(method):
    """[(name, kind)] of NumPy's method after self: its own signature where readable."""
    try:
        params = list(inspect.signature(getattr(numpy.ndarray, method)).parameters.values())
    except (TypeError, ValueError):
        return FALLBACK_SIGNATURES[method]
    out = []
    for p in params[1:]:
        if p.kind == p.VAR_KEYWORD:
            continue
        if p.kind == p.VAR_POSITIONAL:
            out.append((p.name, 'varargs'))
        else:
            out.append((p.name, 'required' if p.default is p.empty else 'optional'))
    return out


def _methods():
    import cunp

    params = []
    for name in METHODS:
        reason = None
        if not hasattr(numpy.ndarray, name):
            reason = f'numpy.ndarray has no {name} (NumPy 2 removed it)'
        elif not hasattr(cunp.ndarray, name):
            reason = f'cunp.ndarray has no {name}'
        params.append(pytest.param(name, marks=pytest.mark.skip(reason=reason) if reason else ()))
    return params


def _axis(v, single=False):
    """An axis in range mostly; else None, out of range, or (unless single) a tuple."""
    options = [st.none(), st.integers(-v.ndim - 1, v.ndim)]
    if not single:
        options.append(st.lists(st.integers(-v.ndim, max(v.ndim - 1, 0)), max_size=v.ndim + 1)
                       .map(tuple))
    in_range = st.integers(-v.ndim, v.ndim - 1) if v.ndim else st.none()
    return st.one_of(in_range, in_range, *options)


def _side(v, axis=-1):
    return v.shape[axis] if v.ndim else 1


@st.composite
def _compatible_shape(draw, v):
    """A shape of v.size (a -1 in it now and then), or any shape (most of which do not fit)."""
    if draw(st.integers(0, 3)) == 3:
        return draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5))
    size, dims = v.size, []
    while size > 1 and len(dims) < 3:
        divisor = draw(st.sampled_from([d for d in range(1, size + 1) if size % d == 0]))
        dims.append(divisor)
        size //= divisor
    if size != 1 or (v.size == 0):
        dims.append(size)
    dims = draw(st.permutations(dims)) if dims else []
    if dims and draw(st.integers(0, 3)) == 0:
        dims[draw(st.integers(0, len(dims) - 1))] = -1
    return tuple(dims)


def _bool_mask(v):
    shapes = [v.shape, v.shape[1:], v.shape[-1:], (7,)]
    return st.sampled_from(shapes).flatmap(lambda sh: hnp.arrays(bool, st.just(sh)))


def _array_or_scalar(shape):
    return st.one_of(s.arrays(shape=shape, exact=True), s.python_scalars())


# Parameter values by name, from the view `v` (a NumPy array of the drawn dtype and layout)
# and the method: valid mostly, invalid now and then.
PARAMS = {
    'axis': lambda v, m: _axis(v, single=m not in ('sum', 'prod', 'mean', 'std', 'var', 'min',
                                                   'max', 'all', 'any', 'squeeze', 'ptp')),
    'dtype': lambda v, m: st.none() | st.sampled_from(s.DTYPES),
    'keepdims': lambda v, m: st.booleans(),
    'initial': lambda v, m: st.integers(-5, 5),
    'where': lambda v, m: _bool_mask(v),
    'ddof': lambda v, m: st.integers(-1, 2),
    'order': lambda v, m: st.sampled_from(['C', 'F', 'A', 'K', 'X']),
    'casting': lambda v, m: st.sampled_from(['no', 'equiv', 'safe', 'same_kind', 'unsafe',
                                             'bad']),
    'copy': lambda v, m: st.sampled_from([True, False, None]),
    'decimals': lambda v, m: st.integers(-2, 3),
    'mode': lambda v, m: st.sampled_from(['raise', 'wrap', 'clip', 'bad']),
    'side': lambda v, m: st.sampled_from(['left', 'right', 'middle']),
    'kind': lambda v, m: st.sampled_from([None, 'quicksort', 'mergesort', 'heapsort', 'stable',
                                          'bad'] if 'partition' not in m else
                                         ['introselect', 'bad']),
    'stable': lambda v, m: st.none() | st.booleans(),
    'offset': lambda v, m: st.integers(-3, 3),
    'axis1': lambda v, m: st.integers(-v.ndim - 1, v.ndim),
    'axis2': lambda v, m: st.integers(-v.ndim - 1, v.ndim),
    'min': lambda v, m: st.none() | s.python_scalars() | s.arrays(shape=st.just(v.shape[-1:]),
                                                                   exact=True),
    'max': lambda v, m: st.none() | s.python_scalars() | s.arrays(shape=st.just(v.shape[-1:]),
                                                                   exact=True),
    'inplace': lambda v, m: st.booleans(),
    'refcheck': lambda v, m: st.just(False),  # (known_differences.resize_refcheck)
    'kth': lambda v, m: st.one_of(st.integers(-_side(v) - 1, _side(v)),
                                  st.lists(st.integers(-_side(v), max(_side(v) - 1, 0)),
                                           max_size=3).map(tuple)),
    'indices': lambda v, m: st.one_of(
        hnp.arrays(numpy.intp, hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
                   elements=st.integers(-v.size - 1, v.size)),
        st.integers(-v.size - 1, v.size)),
    'values': lambda v, m: _array_or_scalar(hnp.array_shapes(min_dims=0, max_dims=1,
                                                             max_side=4)),
    'repeats': lambda v, m: st.one_of(st.integers(-1, 3), hnp.arrays(
        numpy.intp, st.sampled_from([(_side(v, 0),), (1,), (3,)]), elements=st.integers(-1, 3))),
    'v': lambda v, m: _array_or_scalar(hnp.array_shapes(min_dims=0, max_dims=2, max_side=4)),
    'value': lambda v, m: s.python_scalars(),
    'other': lambda v, m: s.arrays(shape=st.sampled_from(
        [v.shape[-1:] + (2,), v.shape[-1:], v.shape[::-1], (3,)]), exact=True),
    'condition': lambda v, m: st.one_of(
        hnp.arrays(bool, st.integers(0, _side(v, 0) + 1)),
        st.lists(st.booleans(), max_size=_side(v, 0))),
    'choices': lambda v, m: st.integers(1, 3).flatmap(lambda n: st.lists(
        s.arrays(dtype=v.dtype, shape=st.sampled_from([v.shape, v.shape[-1:], ()]), exact=True),
        min_size=n, max_size=n)),
}

# Variable positional arguments by method: a strategy for the tuple.
VARARGS = {
    'reshape': lambda v: st.one_of(_compatible_shape(v).map(lambda sh: (sh,)),
                                   _compatible_shape(v)),
    'resize': lambda v: st.one_of(
        hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4).map(lambda sh: (sh,)),
        hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4),
        st.just((-1,))),
    'transpose': lambda v: st.one_of(
        st.just(()), st.permutations(range(v.ndim)).map(tuple),
        st.permutations(range(v.ndim)).map(lambda p: (tuple(p),)),
        st.lists(st.integers(-v.ndim - 1, v.ndim), max_size=v.ndim + 1).map(tuple)),
    'item': lambda v: st.one_of(
        st.just(()), st.integers(-v.size - 1, v.size).map(lambda i: (i,)),
        st.integers(-v.size, v.size - 1).map(lambda i: (i,)) if v.size else st.just(()),
        st.tuples(*[st.integers(-n - 1, n) for n in v.shape]),
        st.tuples(*[st.integers(-n - 1, n) for n in v.shape]).map(lambda t: (t,))),
    'view': lambda v: st.one_of(st.just(()), st.sampled_from(s.DTYPES).map(lambda d: (d,))),
}


@st.composite
def method_call(draw, method):
    """(array, layout, positional args, keywords) for a.method(*args, **keywords); arrays
    among the arguments stay NumPy arrays here (check moves them to the device)."""
    if method == 'choose':  # self holds the choices' indices (some out of range)
        a = draw(hnp.arrays(draw(st.sampled_from([numpy.int8, numpy.intp, numpy.int16])),
                            hnp.array_shapes(min_dims=0, max_dims=3, max_side=4),
                            elements=st.integers(-1, 3)))
    else:
        # diagonal, trace, swapaxes and dot want two axes or more mostly
        fewest = 2 if method in TWO_AXES and draw(st.integers(0, 3)) else 0
        a = draw(s.arrays(shape=hnp.array_shapes(min_dims=fewest, max_dims=3, min_side=0,
                                                  max_side=5), exact=True))
    layout = draw(s.layouts(a))
    if method in WRITES:  # written: never a broadcast view (cunp's are writable, NumPy's not)
        layout = tuple(step for step in layout if step[0] != 'broadcast')
    v = s.apply_layout(numpy, a, layout)
    args, keywords = [], {}
    for name, kind in signature(method):
        if name in NOT_DRAWN or f'{name}@{method}' in NOT_DRAWN:
            continue
        if kind == 'varargs':
            args.extend(draw(VARARGS[method](v)))
        elif kind == 'required':
            args.append(draw(PARAMS[name](v, method)))
        elif name in PARAMS and draw(st.integers(0, 2)) == 0:
            keywords[name] = draw(PARAMS[name](v, method))
    for name in EXTRA_KEYWORDS.get(method, ()):
        if draw(st.integers(0, 3)) == 0:
            keywords[name] = draw(PARAMS[name](v, method))
    if method in ('min', 'max') and 'where' in keywords and draw(st.booleans()):
        keywords.setdefault('initial', draw(st.integers(-5, 5)))
    return a, layout, args, keywords


def _split(values):
    """Arrays among the argument values (for check to move) and a recipe to put them back."""
    arrays, recipe = [], []
    for value in values:
        if isinstance(value, numpy.ndarray):
            recipe.append(('array', len(arrays)))
            arrays.append(value)
        elif isinstance(value, list) and value and isinstance(value[0], numpy.ndarray):
            recipe.append(('arrays', len(arrays), len(value)))
            arrays.extend(value)
        else:
            recipe.append(('value', value))
    return arrays, recipe


def _join(recipe, arrays):
    out = []
    for item in recipe:
        if item[0] == 'array':
            out.append(arrays[item[1]])
        elif item[0] == 'arrays':
            out.append(list(arrays[item[1]:item[1] + item[2]]))
        else:
            out.append(item[1])
    return out


def _assumptions(method, v, args, keywords):
    """Leave out the inputs where cunp differs on purpose (known_differences)."""
    if method == 'astype':
        assume(not unrepresentable_cast(v, args[0]))
    if keywords.get('dtype') is not None:
        assume(not unrepresentable_cast(v, keywords['dtype']))
    if method == 'round':
        assume(not round_cast_to_int('round', [v], keywords))
    if method == 'put':
        assume(not put_repeated_positions(v, args[0], args[1], keywords.get('mode', 'raise')))
    if method == 'resize':
        assume(not resize_refcheck(keywords))
    if method in ('sum', 'prod', 'cumsum', 'cumprod', 'mean', 'var', 'std'):
        with quiet():
            try:
                expected = getattr(v, method)(**{k: x for k, x in keywords.items()})
            except Exception:  # noqa: BLE001 - NumPy's error is compared by check
                expected = None
        assume(not float_sum_of_wide_integers(method, [v], expected))
        if method.startswith('cum'):
            assume(not scan_overflow(method, [v], expected))
        elif method in ('sum', 'prod'):
            ufunc = 'add' if method == 'sum' else 'multiply'
            assume(not method_order_dependent(ufunc, 'reduce', [v], expected))


def _finish(xp, method, a, result, args, keywords):
    """The result compared: the array for methods that write it; results whose order NumPy
    leaves open brought to one form (see each branch)."""
    if method in WRITES and result is None:
        if method != 'partition':  # partition's array is brought to one form below
            return a
        result = a
    if method == 'byteswap' and keywords.get('inplace'):
        return a
    if method == 'argsort' and not (keywords.get('stable') or keywords.get('kind') in
                                    ('stable', 'mergesort')):
        # An unstable sort's order of ties is unspecified (NumPy's SIMD sorts on x86 differ
        # from its insertion sort elsewhere): compared by the values they pick.
        axis = keywords.get('axis', -1)
        base = a if axis is not None else a.ravel()
        return xp.take_along_axis(base, result, -1 if axis is None else axis)
    if method == 'argpartition':
        axis = keywords.get('axis', -1)
        base = a if axis is not None else a.ravel()
        result = xp.take_along_axis(base, result, -1 if axis is None else axis)
        method = 'partition'
    if method == 'partition':
        # Only the kth places are specified: the values there and the sorted whole.
        axis = keywords.get('axis', -1)
        flat = result if axis is not None else result.ravel()
        axis = -1 if axis is None else axis
        kth = args[0]
        return xp.sort(flat, axis=axis), xp.take(flat, xp.asarray(kth).ravel() if isinstance(
            kth, tuple) else kth, axis=axis)
    return result


@pytest.mark.parametrize('method', _methods())
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_method(method, data):
    a, layout, args, keywords = data.draw(method_call(method))
    v = s.apply_layout(numpy, a, layout)
    _assumptions(method, v, args, keywords)
    arrays, recipe = _split(args)
    kw_names = sorted(k for k, x in keywords.items() if isinstance(x, numpy.ndarray))
    plain = {k: x for k, x in keywords.items() if k not in kw_names}

    def call(xp, a, *rest):
        view = s.apply_layout(xp, a.copy(), layout)  # a copy: some methods write it
        if method == 'searchsorted':  # a sorted 1-d array (an unsorted one's answer is open)
            view = xp.sort(view.ravel())
        rest = list(rest)
        kws = dict(plain, **dict(zip(kw_names, rest[len(rest) - len(kw_names):])))
        values = _join(recipe, rest[:len(rest) - len(kw_names)])
        result = getattr(view, method)(*values, **kws)
        return _finish(xp, method, view, result, values, kws)

    check(call, a, *arrays, *[keywords[k] for k in kw_names], flags=True)


def test_signatures_cover_the_methods():
    """Every method drawn has a signature (NumPy's or the table's) whose parameters have
    values here, so that a NumPy upgrade that renames one shows up as this failure."""
    for method in METHODS:
        if not hasattr(numpy.ndarray, method):
            continue
        for name, kind in signature(method):
            if name in NOT_DRAWN or f'{name}@{method}' in NOT_DRAWN:
                continue
            if kind == 'varargs':
                assert method in VARARGS, (method, name)
            elif kind == 'required':
                assert name in PARAMS, (method, name)
