"""Hypothesis strategies for the differential tests: dtypes, shapes, layouts, scalars, keys."""
import numpy
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

DTYPES = [numpy.dtype(c) for c in '?bhilBHILefdFD']
REAL = [d for d in DTYPES if d.kind in 'biuf']
NUMERIC = [d for d in DTYPES if d != numpy.bool_]

dtypes = st.sampled_from(DTYPES)
shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)


def elements(dtype, exact=False):
    """Values of dtype, small integers mostly (so that products stay exact), NaN and inf in
    the inexact ones. exact: inexact values only integral, NaN or inf, so that sums come out
    the same in any order (cunp folds in a tree, NumPy pairwise)."""
    if dtype.kind == 'b':
        return st.booleans()
    if dtype.kind in 'iu':
        info = numpy.iinfo(dtype)
        return st.one_of(st.integers(max(info.min, -10), min(info.max, 10)),
                         st.sampled_from([info.min, info.max]))
    width = {'e': 16, 'f': 32, 'd': 64, 'F': 32, 'D': 64}[dtype.char]
    real = st.one_of(st.integers(-10, 10).map(float),
                     st.sampled_from([float('nan'), float('inf'), -float('inf')]) if exact else
                     st.floats(width=width, allow_subnormal=False))
    if dtype.kind == 'c':
        return st.builds(complex, real, real)
    return real


@st.composite
def arrays(draw, dtype=None, shape=None, exact=False):
    dtype = draw(dtypes) if dtype is None else dtype
    shape = draw(shapes) if shape is None else shape
    return draw(hnp.arrays(dtype, shape, elements=elements(dtype, exact)))


@st.composite
def layouts(draw, base):
    """A recipe for a view of `base` (applied the same way to NumPy and cunp): reversed and
    stepped slices, a transpose, broadcasting along a new leading axis (stride 0)."""
    steps = []
    if base.ndim and draw(st.booleans()):
        steps.append(('slice', tuple(slice(None, None, draw(st.sampled_from([1, -1, 2, -2])))
                                     for _ in range(base.ndim))))
    if base.ndim > 1 and draw(st.booleans()):
        steps.append(('transpose', tuple(draw(st.permutations(range(base.ndim))))))
    if draw(st.integers(0, 3)) == 0:
        steps.append(('broadcast', draw(st.integers(0, 3))))
    return tuple(steps)


def apply_layout(xp, a, recipe):
    for kind, arg in recipe:
        if kind == 'slice':
            a = a[arg]
        elif kind == 'transpose':
            a = a.transpose(arg)
        else:
            a = xp.broadcast_to(a, (arg,) + a.shape)
    return a


def python_scalars(kind=None):
    """NEP 50's weak scalars: bool, int (also past int64's range), float, complex."""
    options = {
        'b': st.booleans(),
        'i': st.one_of(st.integers(-300, 300), st.sampled_from([2**63 - 1, -2**63, 2**64 - 1,
                                                                2**70])),
        'f': st.one_of(st.floats(-1e3, 1e3), st.sampled_from([float('inf'), float('nan'), 1e300])),
        'c': st.builds(complex, st.floats(-10, 10), st.floats(-10, 10)),
    }
    return options[kind] if kind else st.one_of(*options.values())


@st.composite
def index_keys(draw, shape):
    """A key of any kind for an array of `shape`: ints (some out of range), slices (some with
    step 0), None, Ellipsis, boolean masks, integer arrays and lists, or a tuple mixing them."""
    def item(side):
        return st.one_of(
            st.integers(-side - 1, side),
            st.builds(slice, st.none() | st.integers(-6, 6), st.none() | st.integers(-6, 6),
                      st.none() | st.integers(-3, 3)),
            st.none(),
            st.just(Ellipsis),
            hnp.arrays(numpy.intp, st.integers(0, 4), elements=st.integers(-side - 1, side)),
            st.lists(st.integers(-side, max(side - 1, 0)), max_size=3),
            hnp.arrays(numpy.bool_, st.just((side,))),
            st.booleans(),
        )
    n = draw(st.integers(0, min(len(shape) + 1, 4)))
    parts = [draw(item(shape[i] if i < len(shape) else 1)) for i in range(n)]
    if n == 1 and draw(st.booleans()):
        return parts[0]
    if draw(st.integers(0, 5)) == 0 and shape:
        return draw(hnp.arrays(numpy.bool_, st.just(tuple(shape))))  # a full mask
    return tuple(parts)
