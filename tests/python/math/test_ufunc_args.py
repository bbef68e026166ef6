# tests/python/math/test_ufunc_args.py -- ufunc call arguments and type resolution
# out= where= casting= dtype= signature= order=, promotion, .outer, .at.
"""How a ufunc call is resolved and where its result goes.

Every body runs on NumPy and on cunp (``twin``); expected errors are turned
into values with ``attempt`` so that one case can check many calls, and are
compared by public type (NumPy's ``UFuncTypeError`` family is private, so
cunp only needs to raise a ``TypeError``), with NumPy's message where the
message is part of the contract.
"""

import numpy
import pytest

import cunp
from ufunc_support import DTYPES, asxp, attempt, twin

pytestmark = [pytest.mark.gpu,
              pytest.mark.filterwarnings('ignore::RuntimeWarning'),
              pytest.mark.filterwarnings("ignore:'where' used without")]


def _id(d):
    return numpy.dtype(d).name


def arr(xp, values, dtype=None):
    """A device (or NumPy) array built from host data of a fixed dtype."""
    return asxp(xp, numpy.asarray(values, dtype=dtype))


def ints(xp, shape, dtype, lo=1, hi=5, seed=0):
    """Small positive values in any dtype (bool gets a coin flip)."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        host = rng.integers(0, 2, shape).astype(bool)
    else:
        host = rng.integers(lo, hi + 1, shape).astype(dtype)
    return asxp(xp, host)


# -- out= ---------------------------------------------------------------------

@twin()
def test_out_keyword_positional_and_tuple(xp):
    a = ints(xp, (3, 4), 'f4')
    b = ints(xp, (4,), 'f4', seed=1)
    res = {}
    for how in ('keyword', 'positional', 'tuple'):
        o = xp.zeros((3, 4), 'f4')
        if how == 'keyword':
            r = xp.add(a, b, out=o)
        elif how == 'positional':
            r = xp.add(a, b, o)
        else:
            r = xp.add(a, b, out=(o,))
        res[how] = (r is o, o)
    res['none'] = xp.add(a, b, out=None)
    res['none_tuple'] = xp.add(a, b, out=(None,))
    return res


@pytest.mark.parametrize('name', ['divmod', 'modf', 'frexp'])
@twin()
def test_out_tuple_for_two_outputs(xp, name):
    u = getattr(xp, name)
    args = [arr(xp, [[-3.5, 2.25, 7.0], [0.5, -8.0, 100.0]], 'f4')]
    if name == 'divmod':
        args.append(arr(xp, [2.0, -1.5, 4.0], 'f4'))
    ref = u(*args)
    res = {}
    outs = tuple(xp.zeros(r.shape, r.dtype) for r in ref)
    r = u(*args, out=outs)
    res['tuple'] = (type(r) is tuple, r[0] is outs[0], r[1] is outs[1], outs)
    outs = tuple(xp.zeros(r.shape, r.dtype) for r in ref)
    r = u(*args, *outs)
    res['positional'] = (r[0] is outs[0], r[1] is outs[1], outs)
    first = xp.zeros(ref[0].shape, ref[0].dtype)
    r = u(*args, out=(first, None))
    res['partial'] = (r[0] is first, r)
    res['not_a_tuple'] = attempt(u, *args, out=first)
    res['wrong_length'] = attempt(u, *args, out=(first,))
    return res


# (inputs dtypes, out dtype): all allowed by the default same_kind casting
# except where the result kind is "higher" than the output's.
OUT_DTYPE_CASES = [
    ('add', 'f4', 'f8'), ('add', 'f8', 'f4'), ('add', 'f8', 'f2'),
    ('add', 'i2', 'i1'), ('add', 'i4', 'f4'), ('add', 'u1', 'i1'),
    ('add', 'i8', 'u2'), ('add', 'f8', 'i8'), ('add', 'c8', 'f4'),
    ('add', 'f4', 'c16'), ('add', '?', 'i1'), ('add', 'i4', '?'),
    ('less', 'f4', 'f4'), ('less', 'i8', 'i1'), ('sqrt', 'f4', 'f2'),
    ('sqrt', 'i2', 'i2'), ('negative', 'i4', 'f8'), ('absolute', 'c16', 'f4'),
    ('true_divide', 'i4', 'f4'), ('true_divide', 'i4', 'i4'),
    ('bitwise_and', 'i4', 'u1'), ('logical_and', 'f4', 'f8'),
]


@pytest.mark.parametrize('name,src,dst', OUT_DTYPE_CASES,
                         ids=['{}-{}-{}'.format(*c) for c in OUT_DTYPE_CASES])
@twin()
def test_out_dtype_casting(xp, name, src, dst):
    u = getattr(xp, name)
    args = [ints(xp, (2, 3), src, seed=i) for i in range(u.nin)]
    o = xp.zeros((2, 3), dst)
    r = attempt(u, *args, out=o, message=True)
    return r if not isinstance(r, xp.ndarray) else (r is o, o)


@pytest.mark.parametrize('out_shape', [(4,), (2, 3, 1), (1, 3), (3,), (),
                                       (2, 2), (0, 3)],
                         ids=str)
@twin()
def test_out_wrong_shape(xp, out_shape):
    a = ints(xp, (2, 3), 'f8')
    return attempt(xp.add, a, a, out=xp.zeros(out_shape))


@twin()
def test_out_larger_than_inputs_broadcasts(xp):
    # The output fixes the iteration shape; inputs broadcast up to it.
    a = ints(xp, (4,), 'i4')
    o = xp.zeros((3, 4), 'i4')
    return xp.add(a, 1, out=o), o, xp.negative(a, out=xp.zeros((2, 4), 'i4'))


@twin()
def test_out_not_an_array(xp):
    a = ints(xp, (3,), 'f8')
    return {'list': attempt(xp.add, a, a, out=[0.0, 0.0, 0.0]),
            'list_in_tuple': attempt(xp.add, a, a, out=([0.0, 0.0, 0.0],)),
            'scalar': attempt(xp.add, a, a, out=1.0),
            'too_many': attempt(xp.add, a, a, out=(xp.zeros(3), xp.zeros(3)))}


def test_out_host_array_is_refused():
    # cunp cannot write into host memory; NumPy arrays are not outputs.
    a = cunp.ones(3)
    with pytest.raises(TypeError):
        cunp.add(a, a, out=numpy.zeros(3))


OVERLAP_CASES = ['shift_right', 'shift_left', 'reversed', 'same', 'strided']


@pytest.mark.parametrize('case', OVERLAP_CASES)
@twin()
def test_out_overlaps_inputs(xp, case):
    # NumPy copies an input that overlaps the output (unless the overlap is
    # exact, element for element), so results are as if out were fresh.
    x = ints(xp, (12,), 'i8', lo=0, hi=100)
    if case == 'shift_right':
        xp.add(x[:-1], x[1:], out=x[1:])
    elif case == 'shift_left':
        xp.add(x[1:], x[:-1], out=x[:-1])
    elif case == 'reversed':
        xp.subtract(x, x[::-1], out=x)
    elif case == 'same':
        xp.multiply(x, x, out=x)
    else:
        xp.add(x[::2], x[1::2], out=x[2:8])
    return x


# -- where= -------------------------------------------------------------------

WHERE_MASK = [[True, False, True, True], [False, False, True, False],
              [True, True, True, True]]


@pytest.mark.parametrize('mask', ['array', 'broadcast_row', 'true', 'false'])
@twin()
def test_where_with_out(xp, mask):
    a = ints(xp, (3, 4), 'f4')
    b = ints(xp, (3, 4), 'f4', seed=1)
    w = {'array': arr(xp, WHERE_MASK), 'broadcast_row':
         arr(xp, [True, False, False, True]), 'true': True,
         'false': False}[mask]
    o = xp.full((3, 4), -7.0, 'f4')
    r = xp.add(a, b, out=o, where=w)
    return r is o, o


@twin()
def test_where_without_out(xp):
    # Unselected elements are uninitialised: only the selected ones count.
    a = ints(xp, (3, 4), 'i2')
    r = xp.multiply(a, 3, where=arr(xp, WHERE_MASK))
    host = r if xp is numpy else cunp.asnumpy(r)
    return r.dtype, r.shape, xp.asarray(host[numpy.array(WHERE_MASK)])


@twin()
def test_where_two_outputs(xp):
    a = arr(xp, [[7, -7, 9, 10], [1, 2, 3, 4], [5, 6, -8, 9]], 'i4')
    q = xp.full((3, 4), -1, 'i4')
    r = xp.full((3, 4), -1, 'i4')
    xp.divmod(a, 3, out=(q, r), where=arr(xp, WHERE_MASK))
    return q, r


@twin()
def test_where_must_be_boolean(xp):
    a = ints(xp, (4,), 'f4')
    return {'int_array': attempt(xp.add, a, a, where=arr(xp, [1, 0, 1, 0]),
                                 message=True),
            'bad_shape': attempt(xp.add, a, a, out=xp.zeros(4, 'f4'),
                                 where=arr(xp, [True, False, True]))}


# -- casting=, dtype=, signature= ---------------------------------------------

CASTINGS = ['no', 'equiv', 'safe', 'same_kind', 'unsafe']

# (name, input dtypes, keyword arguments with dtype names): each is tried
# under all five casting rules.
CASTING_CASES = [
    ('add', ('i4', 'i4'), {}),
    ('add', ('i4', 'f4'), {}),
    ('add', ('f8', 'f8'), {'out': 'f4'}),
    ('add', ('f8', 'f8'), {'out': 'i8'}),
    ('add', ('i2', 'i2'), {'out': 'i8'}),
    ('add', ('i8', 'i8'), {'dtype': 'f4'}),
    ('add', ('f4', 'f4'), {'dtype': 'f8'}),
    ('add', ('f8', 'f8'), {'dtype': 'f4'}),
    ('add', ('i1', 'i1'), {'signature': 'ff->f'}),
    ('multiply', ('u1', 'i1'), {}),
    ('sqrt', ('i4',), {'out': 'f4'}),
    ('less', ('f8', 'i8'), {'out': 'i1'}),
    ('add', ('c16', 'c16'), {'out': 'f8'}),
    ('ldexp', ('f4', 'i8'), {}),
]


def _case_id(case):
    name, dtypes, kwargs = case
    return '{}-{}-{}'.format(name, '.'.join(dtypes), '.'.join(
        '{}={}'.format(k, v) for k, v in kwargs.items()) or 'plain')


@pytest.mark.parametrize('case', CASTING_CASES, ids=_case_id)
@twin()
def test_casting(xp, case):
    name, dtypes, kwargs = case
    u = getattr(xp, name)
    args = [ints(xp, (2, 3), d, seed=i) for i, d in enumerate(dtypes)]
    res = {}
    for casting in CASTINGS:
        kw = dict(kwargs)
        if 'out' in kw:
            kw['out'] = xp.zeros((2, 3), kw['out'])
        res[casting] = attempt(u, *args, casting=casting, message=True, **kw)
    return res


# (name, array dtype, Python scalar, dtype=): the scalar goes into the loop by its kind.
PYTHON_SCALAR_DTYPE_CASES = [
    ('add', '?', 0, '?'), ('bitwise_or', '?', 1, '?'), ('maximum', '?', 2, 'i1'),
    ('subtract', '?', 0.0, 'i1'), ('left_shift', 'i1', 1.5, 'i1'), ('add', 'e', 1j, 'e'),
    ('add', 'i1', 1, 'u1'), ('power', 'f4', 2, 'f2'), ('less', '?', 1, '?'),
    ('logical_and', 'f4', 1.0, '?'), ('equal', 'i4', 2.5, 'i1'),
]


@pytest.mark.parametrize('case', PYTHON_SCALAR_DTYPE_CASES, ids=str)
@twin()
def test_python_scalar_with_dtype(xp, case):
    name, dtype, scalar, out = case
    u = getattr(xp, name)
    a = ints(xp, (2, 3), dtype, seed=3)
    res = {}
    for casting in CASTINGS:
        res[casting] = attempt(u, a, scalar, dtype=out, casting=casting, message=True)
        res[casting + '-first'] = attempt(u, scalar, a, dtype=out, casting=casting, message=True)
    res['two-scalars'] = attempt(u, scalar, scalar, dtype=out, message=True)
    return res


@twin()
def test_casting_invalid(xp):
    a = ints(xp, (3,), 'f4')
    return {'bogus': attempt(xp.add, a, a, casting='bogus', message=True),
            'none': attempt(xp.add, a, a, casting=None)}


DTYPE_CASES = [
    ('add', ('i1', 'i1'), 'f8'), ('add', ('f4', 'f4'), 'f8'),
    ('add', ('i4', 'i4'), 'f4'), ('add', ('?', '?'), 'i1'),
    ('add', ('f8', 'f8'), 'i8'), ('true_divide', ('i4', 'i4'), 'f4'),
    ('sqrt', ('i4',), 'f4'), ('sqrt', ('i4',), 'i4'),
    ('less', ('i4', 'f4'), '?'), ('less', ('f4', 'f4'), 'f8'),
    ('multiply', ('u2', 'i2'), 'c8'), ('negative', ('u1',), 'i2'),
    ('add', ('f4', 'f4'), 'bogus'), ('divmod', ('i4', 'i4'), 'f4'),
    # dtype= fixes every output: frexp's int exponent refuses any.
    ('frexp', ('f4',), 'f4'), ('frexp', ('f4',), 'f2'), ('modf', ('f4',), 'f8'),
    ('divmod', ('f4', 'f4'), 'f8'),
]


@pytest.mark.parametrize('name,dtypes,dtype', DTYPE_CASES,
                         ids=['{}-{}-{}'.format(n, '.'.join(d), t)
                              for n, d, t in DTYPE_CASES])
@twin()
def test_dtype_argument(xp, name, dtypes, dtype):
    args = [ints(xp, (2, 3), d, seed=i) for i, d in enumerate(dtypes)]
    return attempt(getattr(xp, name), *args, dtype=dtype)


SIGNATURES = ['ff->f', 'dd->d', ('f4', 'f4', 'f4'), ('f8', None, None),
              (None, 'f8', None), (None, None, 'f8'), 'ii->i', 'dd',
              ('f4', 'f4'), 'FF->F', 'qq->?']


@pytest.mark.parametrize('signature', SIGNATURES, ids=str)
@twin()
def test_signature_argument(xp, signature):
    a = ints(xp, (2, 3), 'i2')
    b = ints(xp, (3,), 'f4', seed=1)
    return attempt(xp.add, a, b, signature=signature)


@twin()
def test_signature_and_dtype_together(xp):
    a = ints(xp, (3,), 'i2')
    return attempt(xp.add, a, a, dtype='f8', signature='dd->d', message=True)


# -- order= -------------------------------------------------------------------

@pytest.mark.parametrize('order', ['K', 'C', 'F', 'A', None, 'X'])
@pytest.mark.parametrize('inputs', ['C', 'F', 'mixed', 'transposed3d'])
@twin()
def test_order(xp, inputs, order):
    base = ints(xp, (2, 3, 4), 'f4')
    a = {'C': base, 'F': xp.asfortranarray(base), 'mixed': base,
         'transposed3d': base.transpose(2, 0, 1)}[inputs]
    b = {'C': base, 'F': xp.asfortranarray(base),
         'mixed': xp.asfortranarray(base),
         'transposed3d': base.transpose(2, 0, 1)}[inputs]
    r = attempt(xp.add, a, b, order=order)
    u = attempt(xp.sqrt, a, order=order)
    if isinstance(r, xp.ndarray):
        return (r, r.flags.c_contiguous, r.flags.f_contiguous, r.strides,
                u.flags.c_contiguous, u.flags.f_contiguous)
    return r, u


# -- promotion of mixed dtypes ------------------------------------------------

PROMOTION_UFUNCS = ['add', 'multiply', 'true_divide', 'less', 'maximum',
                    'arctan2', 'ldexp']


@pytest.mark.parametrize('a', DTYPES, ids=_id)
@pytest.mark.parametrize('b', DTYPES, ids=_id)
@twin()
def test_mixed_dtypes(xp, a, b):
    # A (2, 3) array with a (3,) array of another dtype: the loop NumPy
    # picks decides the result dtype (and TypeError where there is none).
    x = ints(xp, (2, 3), a)
    y = ints(xp, (3,), b, seed=1)
    return {name: attempt(getattr(xp, name), x, y)
            for name in PROMOTION_UFUNCS}


# -- Python scalars, NumPy scalars and 0-d arrays (NEP 50) --------------------

SCALARS = [
    True, 1, -1, 3, 127, 128, 255, 256, -129, 300, 2**31, 2**63 - 1, 2**63,
    -2**63, 2**64, 1.5, -2.5, 1e300, 1j, 1.5 - 2j,
    numpy.float64(1.5), numpy.float32(2.0), numpy.float16(0.5),
    numpy.int8(3), numpy.int64(-3), numpy.uint64(7), numpy.bool_(True),
    numpy.complex64(1j), 'array0d_i8', 'array0d_f4',
]

SCALAR_UFUNCS = ['add', 'subtract', 'multiply', 'true_divide', 'less',
                 'equal', 'maximum', 'arctan2']


def _scalar_id(s):
    if isinstance(s, numpy.generic):
        return '{}({})'.format(type(s).__name__, s)
    return repr(s)


def _scalar(xp, s):
    # 0-d arrays are strong like NumPy scalars: their dtype counts in full.
    if isinstance(s, str):
        return {'array0d_i8': arr(xp, 1000, 'i8'),
                'array0d_f4': arr(xp, 1.5, 'f4')}[s]
    return s


@pytest.mark.parametrize('scalar', SCALARS, ids=_scalar_id)
@pytest.mark.parametrize('dtype', DTYPES, ids=_id)
@twin()
def test_scalar_operands(xp, dtype, scalar):
    # Python scalars are weak: int8 + 1 stays int8, uint8 + 300 raises
    # OverflowError, int8 + 1.5 is float64, float32 + 1.0 stays float32;
    # comparisons with out-of-range Python ints are answered, not raised.
    a = ints(xp, (5,), dtype)
    s = _scalar(xp, scalar)
    res = {}
    with numpy.errstate(all='ignore'):
        for name in SCALAR_UFUNCS:
            u = getattr(xp, name)
            res[name] = attempt(u, a, s)
            res[name + '_reflected'] = attempt(u, s, a)
    return res


@pytest.mark.parametrize('dtype', ['u1', 'i1', 'u8', 'i8', '?', 'f8'])
@pytest.mark.parametrize('value', [-1, 256, -129, 2**63, 2**64 - 1, 2**64, -2**63 - 1])
@twin()
def test_out_of_range_python_ints(xp, dtype, value):
    # NumPy answers comparisons exactly and raises OverflowError ("Python
    # integer 256 out of bounds for uint8") for arithmetic that would have
    # to wrap the scalar.  Beyond 64 bits NumPy's message is an accident of
    # its C conversion (and bool arrays fail even for comparisons), so
    # only the type is compared there.
    a = arr(xp, [0, 1, 127], dtype)
    message = -2**63 <= value < 2**63
    res = {}
    for name in ['less', 'greater_equal', 'equal', 'not_equal', 'add',
                 'multiply', 'maximum', 'logical_and', 'logical_xor']:
        res[name] = attempt(getattr(xp, name), a, value, message=message)
    return res


PY_ONLY = [(1, 2), (1, 2.5), (True, 1), (True, False), (2.0, 1j),
           (numpy.float32(1), 1), (numpy.float32(1), 1.5),
           (numpy.int8(100), 100), (2**62, 2**62)]


@pytest.mark.parametrize('args', PY_ONLY, ids=str)
@twin()
def test_scalars_only(xp, args):
    # No array in sight: NumPy gives a scalar, cunp a 0-d device array of
    # the same dtype and value.
    with numpy.errstate(all='ignore'):
        return {'add': xp.add(*args), 'less': xp.less(*args),
                'sqrt': xp.sqrt(args[0]),
                'negative': attempt(xp.negative, args[1])}


# Python ints past int64 with no array: NumPy makes them its default int64 for the choice of
# loop (so integer and bool loops refuse them); comparisons answer them exactly.
BIG_ALONE = [(2**63, 1), (2**63, 1.0), (2**64 - 1, False), (False, 2**64 - 1), (2**70, 1),
             (2**70, 2.5), (2**63, 2**63), (-2**63 - 1, 1j)]


@pytest.mark.parametrize('args', BIG_ALONE, ids=str)
@twin()
def test_python_ints_past_int64_alone(xp, args):
    return {name: attempt(getattr(xp, name), *args)
            for name in ('add', 'maximum', 'bitwise_and', 'logical_and', 'logical_or', 'equal',
                         'less')}


def test_python_int_past_int64_message():
    with pytest.raises(OverflowError, match='Python int too large to convert to C long'):
        cunp.logical_and(2**64 - 1, False)
    with pytest.raises(OverflowError, match='Python int too large to convert to C long'):
        cunp.add(cunp.zeros(2, 'i1'), 2**63)


@twin()
def test_zero_dim_results(xp):
    a = arr(xp, 3.0, 'f4')
    return xp.add(a, a), xp.sqrt(a), xp.divmod(a, 2), xp.less(a, a)


# -- broadcasting errors ------------------------------------------------------

BAD_SHAPES = [((3,), (4,)), ((2, 3), (3, 2)), ((2, 1, 3), (4, 2)),
              ((0,), (2,)), ((5, 4), (4, 5, 1))]


@pytest.mark.parametrize('shapes', BAD_SHAPES, ids=str)
@twin()
def test_broadcast_error(xp, shapes):
    a = xp.zeros(shapes[0], 'f4')
    b = xp.zeros(shapes[1], 'f4')
    return {'add': attempt(xp.add, a, b, message=True),
            'less': attempt(xp.less, a, b, message=True),
            'divmod': attempt(xp.divmod, a, b, message=True)}


@twin()
def test_empty_and_zero_size_broadcasting(xp):
    return (xp.add(xp.zeros((0, 3)), xp.zeros(3)),
            xp.add(xp.zeros((2, 0)), xp.zeros((1, 1), 'i4')),
            xp.less(xp.zeros((1, 0)), xp.zeros((4, 1))))


# -- .outer -------------------------------------------------------------------

OUTER_CASES = [('add', 'f4', 'f4', (3,), (4,)),
               ('multiply', 'i2', 'i2', (2, 3), (4,)),
               ('subtract', 'f8', 'i4', (3,), (2, 2)),
               ('less', 'i4', 'f4', (3,), (4,)),
               ('power', 'i8', 'i8', (3,), (3,)),
               ('maximum', 'u1', 'i1', (2,), (3,)),
               ('divmod', 'i4', 'i4', (3,), (4,)),
               ('add', 'f4', 'f4', (), (4,)),
               ('add', 'f4', 'f4', (0,), (4,)),
               ('sqrt', 'f4', 'f4', (3,), (4,))]


@pytest.mark.parametrize('case', OUTER_CASES, ids=str)
@twin()
def test_outer(xp, case):
    name, da, db, sa, sb = case
    a = ints(xp, sa, da)
    b = ints(xp, sb, db, seed=1)
    return attempt(getattr(xp, name).outer, a, b, message=True)


@twin()
def test_outer_keywords(xp):
    a = ints(xp, (3,), 'i4')
    b = ints(xp, (2,), 'i4', seed=1)
    o = xp.zeros((3, 2), 'f8')
    r = xp.add.outer(a, b, out=o)
    return (xp.add.outer(a, b, dtype='f4'), r is o, o,
            xp.multiply.outer(a, 2))


# -- .at ----------------------------------------------------------------------

def _index(xp, idx, as_array):
    return arr(xp, idx, 'i8') if as_array else list(idx)


AT_CASES = [
    # (name, target dtype, indices, operand); operand None for unary.
    ('add', 'f4', [0, 1, 1, 3, 3, 3], 1.0),
    ('add', 'i4', [0, 1, 1, 3, 3, 3], [1, 2, 3, 4, 5, 6]),
    ('add', 'f8', [-1, -1, 0, -4], 2.5),
    ('subtract', 'i8', [2, 2, 2], 1),
    ('multiply', 'f4', [1, 1, 2], [2.0, 3.0, 4.0]),
    ('maximum', 'i2', [0, 0, 1, 1], [5, -3, 2, 9]),
    ('minimum', 'f8', [0, 0, 1, 1], [5.0, -3.0, 2.0, 9.0]),
    ('bitwise_or', 'u1', [0, 0, 0], [1, 2, 4]),
    ('add', '?', [0, 0, 1], True),
    ('add', 'c8', [1, 1], 1 + 1j),
    ('negative', 'f4', [0, 2, 2], None),
    ('square', 'i4', [1, 1], None),
    ('add', 'i8', [0, 1, 1], 1.5),
]


@pytest.mark.parametrize('as_array', [True, False], ids=['array', 'list'])
@pytest.mark.parametrize('case', AT_CASES, ids=str)
@twin()
def test_at(xp, case, as_array):
    # Unbuffered: a repeated index applies the operation once per
    # occurrence, in order.
    name, dtype, idx, operand = case
    a = ints(xp, (5,), dtype, lo=1, hi=9)
    args = () if operand is None else (
        arr(xp, operand) if isinstance(operand, list) else operand,)
    r = getattr(xp, name).at(a, _index(xp, idx, as_array), *args)
    return r is None, a


@twin()
def test_at_multidimensional(xp):
    a = xp.zeros((3, 4), 'f4')
    rows = arr(xp, [0, 0, 2, 2, 2], 'i8')
    cols = arr(xp, [1, 1, 3, 3, 0], 'i8')
    xp.add.at(a, (rows, cols), arr(xp, [1, 2, 3, 4, 5], 'f4'))
    b = xp.zeros((3, 4), 'i4')
    xp.add.at(b, arr(xp, [0, 0, 2], 'i8'), arr(xp, [1, 2, 3, 4], 'i4'))
    c = xp.zeros(6, 'f8')
    xp.add.at(c, slice(None, None, 2), 1.0)
    d = xp.zeros((3, 4), 'i8')
    xp.add.at(d, (slice(None), arr(xp, [1, 1, 3], 'i8')), 1)
    return a, b, c, d


@twin()
def test_at_slices_between_index_arrays(xp):
    # Index arrays separated by a slice (their broadcast dimension goes first), newaxis, a mask.
    a = xp.zeros((3, 4, 5), 'f8')
    i = arr(xp, [0, 2, 2], 'i8')
    k = arr(xp, [1, 1, 4], 'i8')
    xp.add.at(a, (i, slice(None), k), arr(xp, [1, 2, 3, 4], 'f8'))
    b = xp.zeros((4, 6), 'i4')
    xp.multiply.at(b, (slice(1, 3), None, arr(xp, [0, 0, 5], 'i8')), 3)
    xp.add.at(b, (Ellipsis, arr(xp, [5, 5], 'i8')), 1)
    c = xp.arange(8.0)
    xp.subtract.at(c, c > 3, 1.5)
    # A leading full slice with an array operand: b broadcasts against a[:, idx].
    e = xp.zeros((2, 5), 'f4')
    xp.add.at(e, (slice(None), arr(xp, [4, 4, 0], 'i8')), arr(xp, [[1, 2, 3]], 'f4'))
    return a, b, c, e


@twin()
def test_at_on_a_view(xp):
    base = xp.zeros(10, 'f4')
    xp.add.at(base[::2], arr(xp, [0, 0, 4], 'i8'), 1.0)
    rev = xp.zeros(5, 'i4')
    xp.add.at(rev[::-1], arr(xp, [0, 0, 1], 'i8'), 1)
    return base, rev


@pytest.mark.parametrize('dtype', ['f4', 'f8', 'i4', 'i8', 'u8'])
@twin()
def test_at_many_collisions(xp, dtype):
    # Thousands of updates to a handful of slots: every one must land
    # (integer-valued sums, so float results are exact too).
    rng = numpy.random.default_rng(5)
    idx = arr(xp, rng.integers(0, 7, 20000), 'i8')
    a = xp.zeros(7, dtype)
    xp.add.at(a, idx, 1)
    m = xp.zeros(7, dtype)
    xp.maximum.at(m, idx, arr(xp, rng.integers(0, 1000, 20000), dtype))
    return a, m


@twin()
def test_at_errors(xp):
    a = xp.zeros(4, 'f8')
    return {
        'out_of_bounds': attempt(xp.add.at, a, arr(xp, [0, 4], 'i8'), 1.0,
                                 message=True),
        'negative_out_of_bounds': attempt(xp.add.at, a, [-5], 1.0),
        'float_index': attempt(xp.add.at, a, arr(xp, [0.5], 'f8'), 1.0),
        'bad_operand_shape': attempt(xp.add.at, a, [0, 1],
                                     arr(xp, [1.0, 2.0, 3.0])),
        'missing_operand': attempt(xp.add.at, a, [0], message=True),
        'unary_with_operand': attempt(xp.negative.at, a, [0], 1.0,
                                      message=True),
        'keyword': attempt(xp.add.at, a, [0], 1.0, foo=2),
    }


# -- other call errors --------------------------------------------------------

@twin()
def test_call_errors(xp):
    a = ints(xp, (3,), 'f4')
    return {
        'unknown_keyword': attempt(xp.add, a, a, foo=1, message=True),
        'none_operand': attempt(xp.add, a, None),
        'string_operand': attempt(xp.add, a, 'abc'),
        'no_loop': attempt(xp.bitwise_and, a, a, message=True),
        'no_loop_unary': attempt(xp.invert, a, message=True),
        'bool_subtract': attempt(xp.subtract, ints(xp, (3,), '?'),
                                 ints(xp, (3,), '?'), message=True),
        'bool_negative': attempt(xp.negative, ints(xp, (3,), '?'),
                                 message=True),
        'complex_floor_divide': attempt(xp.floor_divide,
                                        ints(xp, (3,), 'c8'), 2),
        'complex_maximum_ok': xp.maximum(ints(xp, (3,), 'c8'), 2),
    }


def test_host_array_operands_are_refused():
    # NumPy arrays live in host memory: a clear TypeError, as in CuPy,
    # instead of a silent transfer.
    a = cunp.ones(3)
    with pytest.raises(TypeError):
        cunp.add(a, numpy.ones(3))
    with pytest.raises(TypeError):
        cunp.add(numpy.ones(3), a)
    with pytest.raises(TypeError):
        cunp.sqrt(numpy.ones(3))


class _Deferring:
    """A container that takes over ufunc calls through NumPy's override protocol."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return ('handled', ufunc.__name__, method, len(inputs), sorted(kwargs))


class _Refusing:
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return NotImplemented


def test_operand_override_protocol():
    x = cunp.arange(3.0)
    assert cunp.add(x, _Deferring()) == ('handled', 'add', '__call__', 2, [])
    assert cunp.sin(_Deferring(), out=None) == ('handled', 'sin', '__call__', 1, ['out'])
    with pytest.raises(TypeError):
        cunp.add(x, _Refusing())
    with pytest.raises(TypeError):
        cunp.add(x, numpy.arange(3.0))  # host arrays are never moved implicitly


def test_foreign_device_arrays_as_operands():
    torch = pytest.importorskip('torch')
    if not torch.cuda.is_available():
        pytest.skip('torch without CUDA')
    t = torch.arange(4, dtype=torch.float32, device='cuda')
    r = cunp.add(cunp.ones(4, dtype='f'), t)
    assert isinstance(r, cunp.ndarray)
    numpy.testing.assert_array_equal(r.get(), numpy.arange(4, dtype='f') + 1)
    out = cunp.empty(4, dtype='f')
    cunp.multiply(t, 2, out=out)
    numpy.testing.assert_array_equal(out.get(), numpy.arange(4, dtype='f') * 2)
