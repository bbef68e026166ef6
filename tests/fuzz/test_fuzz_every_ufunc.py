"""Every ufunc object that cunp and NumPy share, read from both modules rather than from a
table: nin and a generalized ufunc's core signature come from NumPy's ufunc (nout shows in
the results compared). Operands: arrays of every dtype on mutually broadcastable shapes and
layouts, a Python scalar now and then; core dimensions shared by name, an optional one left
out, now and then a mismatched one (both sides raise). A quarter of the calls pass dtype=
and/or casting= (valid and invalid values: the loop NumPy picks for a dtype, its casting
errors).

CUNP_FUZZ_UFUNC_EXAMPLES sets the examples per ufunc (default: a sixth of CUNP_FUZZ_EXAMPLES,
at least 3); CUNP_FUZZ_UFUNC_SHARD=i/n draws every n-th ufunc from the i-th (the reliability
harness runs shards side by side).
"""
import os
import re

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import differential
import strategies as s
from differential import check
from known_differences import (POWER, complex_power_overflow, integer_power_negative_exponent,
                               unrepresentable_cast)

pytestmark = pytest.mark.gpu


UFUNC_EXAMPLES = int(os.environ.get('CUNP_FUZZ_UFUNC_EXAMPLES',
                                    max(3, int(os.environ.get('CUNP_FUZZ_EXAMPLES', '60')) // 6)))

# Shared ufuncs left out, with the reason (none today: every shared ufunc is drawn).
SKIP_UFUNCS = {}


def shared_ufuncs():
    """The names of NumPy's ufunc objects that cunp has too (aliases such as pow and atan2
    included: cunp's may be objects of their own)."""
    import cunp

    return sorted(name for name in dir(numpy)
                  if isinstance(getattr(numpy, name), numpy.ufunc) and hasattr(cunp, name))


def _ufunc_params():
    params = [pytest.param(name, marks=pytest.mark.skip(reason=SKIP_UFUNCS[name]))
              if name in SKIP_UFUNCS else name for name in shared_ufuncs()]
    shard = os.environ.get('CUNP_FUZZ_UFUNC_SHARD')  # "i/n": every n-th ufunc from i
    if shard:
        i, n = map(int, shard.split('/'))
        params = params[i::n]
    return params


def core_dims(signature):
    """'(n?,k),(k,m?)->(n?,m?)' -> ([['n?', 'k'], ['k', 'm?']], [['n?', 'm?']])."""
    ins, outs = signature.replace(' ', '').split('->')
    def parse(side):
        return [[d for d in group.split(',') if d] for group in re.findall(r'\(([^)]*)\)', side)]
    return parse(ins), parse(outs)


@st.composite
def ufunc_operands(draw, ufunc):
    """ufunc.nin operands: arrays of mutually broadcastable loop shapes (with the core
    dimensions of a generalized ufunc appended, sizes shared by name, an optional `?`
    dimension sometimes left out, now and then a mismatched size), each with a layout; for an
    elementwise ufunc of two inputs, one of them sometimes a Python scalar."""
    nin = ufunc.nin
    loops = draw(hnp.mutually_broadcastable_shapes(num_shapes=nin, max_dims=3, max_side=4))
    shapes = [tuple(sh) for sh in loops.input_shapes]
    if ufunc.signature:
        ins, _ = core_dims(ufunc.signature)
        sizes = {}
        for group in ins:
            for d in group:
                name = d.rstrip('?')
                if name not in sizes:
                    sizes[name] = draw(st.integers(0, 4))
                    if d.endswith('?') and draw(st.integers(0, 3)) == 0:
                        sizes[name] = None  # left out: matmul's 1-d operands
        shapes = [loop + tuple(sizes[d.rstrip('?')] if draw(st.integers(0, 15))
                               else draw(st.integers(0, 4))
                               for d in group if sizes[d.rstrip('?')] is not None)
                  for loop, group in zip(shapes, ins)]
    dtype = draw(s.dtypes)
    operands = []
    for shape in shapes:
        if not ufunc.signature and nin == 2 and draw(st.integers(0, 4)) == 0:
            operands.append(('scalar', draw(s.python_scalars())))
            continue
        # A generalized ufunc sums products: exact values (integral, NaN, inf), so that the
        # order of the sums cannot matter.
        a = draw(s.arrays(dtype=dtype if draw(st.integers(0, 2)) else None, shape=shape,
                          exact=bool(ufunc.signature)))
        operands.append(('array', a, draw(s.layouts(a)) if not ufunc.signature or
                         draw(st.booleans()) else ()))
    return operands


@st.composite
def ufunc_keywords(draw):
    """dtype= (any of the fuzzed dtypes) and casting= (the five rules and a bad one), a quarter
    of the time."""
    keywords = {}
    if draw(st.integers(0, 3)) == 3:
        if draw(st.booleans()):
            keywords['dtype'] = draw(s.dtypes)
        if draw(st.booleans()):
            keywords['casting'] = draw(st.sampled_from(['no', 'equiv', 'safe', 'same_kind',
                                                        'unsafe', 'bad']))
    return keywords


@pytest.mark.parametrize('name', _ufunc_params())
@settings(max_examples=UFUNC_EXAMPLES)
@given(data=st.data())
def test_every_ufunc(name, data):
    ufunc = getattr(numpy, name)
    operands = data.draw(ufunc_operands(ufunc))
    keywords = data.draw(ufunc_keywords())
    differential.UFUNCS.add(name)
    values = [op[1] for op in operands]
    if len(values) == 2:
        assume(not integer_power_negative_exponent(name, *values))
        assume(not complex_power_overflow(name, *values))
    if 'dtype' in keywords:  # inputs cast to an integer dtype: NaN, inf or out of range
        assume(not any(unrepresentable_cast(numpy.asarray(v), keywords['dtype'])
                       for v in values if not isinstance(v, int)))
        if name in POWER and numpy.dtype(keywords['dtype']).kind in 'biu':  # as above, cast
            with numpy.errstate(all='ignore'):
                assume(not numpy.any(numpy.asarray(values[1]) < 0))
    arrays = [op[1] for op in operands if op[0] == 'array']

    def call(xp, *bases):
        bases = iter(bases)
        args = [s.apply_layout(xp, next(bases), op[2]) if op[0] == 'array' else op[1]
                for op in operands]
        return getattr(xp, name)(*args, **keywords)
    check(call, *arrays)
