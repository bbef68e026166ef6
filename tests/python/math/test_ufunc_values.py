# tests/python/math/test_ufunc_values.py -- every ufunc loop's values vs NumPy
# One case per (ufunc, loop): data from the ufunc's domain, many layouts.
"""Values and result dtypes of every ufunc loop, compared with NumPy.

For each ufunc and each loop NumPy has over cunp's 14 dtypes, inputs are
drawn from the ufunc's domain (``DOMAINS``) in those exact dtypes, with
special values (signed zeros, infinities, NaN, integer extremes) mixed in
where the result is well defined, and the call is checked in several
layouts: contiguous, transposed (F order), negative strides, broadcast,
0-d, empty and a stepped slice.  Zero-division semantics live in
test_math_semantics.py, so divisors here are non-zero.
"""

import zlib

import numpy
import pytest

from ufunc_support import (CANONICAL_NAMES, compare_twin, loop_id,
                           numpy_loops)

pytestmark = pytest.mark.gpu

INF = float('inf')
NAN = float('nan')
NEG_NAN = -float('nan')
SPECIALS = (0.0, -0.0, INF, -INF, NAN)
CSPECIALS = (0j, complex(-0.0, -0.0), complex(INF, 1.0), complex(1.0, NAN),
             complex(NAN, INF), complex(-INF, -0.0))

# Dtype chars whose results must be bit-exact (values and signs of zero).
REAL = 'efd'         # inherently exact for every real float
IEEE = 'fd'          # correctly rounded by IEEE; float16 goes through float32
ALL_FLOATS = 'efdFD'


class Arg:
    """How to draw one input of a ufunc, for whatever dtype the loop has.

    Floats are uniform in [lo, hi) (complex: both parts in [clo, chi)),
    optionally rounded to multiples of ``grid`` (ties for comparisons and
    rounding), with ``specials`` (``cspecials`` for complex) mixed in.
    Integers are uniform in ``ints`` clipped to the dtype, or the whole
    range with ``full``, or [0, bits) with ``shift``; ``extremes`` mixes in
    the dtype's min and max.  ``nonzero`` replaces zeros (divisors).
    """

    def __init__(self, lo=-10.0, hi=10.0, ints=(-20, 20), specials=SPECIALS,
                 cspecials=(), clo=None, chi=None, grid=None, nonzero=False,
                 full=False, shift=False, extremes=False):
        self.lo, self.hi = lo, hi
        self.clo = lo if clo is None else clo
        self.chi = hi if chi is None else chi
        self.ints = ints
        self.specials = specials
        self.cspecials = cspecials
        self.grid = grid
        self.nonzero = nonzero
        self.full = full
        self.shift = shift
        self.extremes = extremes

    def _floats(self, rng, size, lo, hi):
        v = rng.uniform(lo, hi, size)
        if self.grid:
            # + 0.0 turns the -0.0 that rounding makes into +0.0: signed
            # zeros come only from ``specials``, where a test wants them.
            v = numpy.round(v / self.grid) * self.grid + 0.0
        if self.nonzero:
            v[v == 0] = 1.0
        return v

    def draw(self, dtype, shape, rng):
        size = int(numpy.prod(shape, dtype=numpy.int64))
        kind = dtype.kind
        specials = ()
        if kind == 'b':
            v = rng.integers(0, 2, size).astype(bool)
        elif kind in 'iu':
            info = numpy.iinfo(dtype)
            if self.full:
                lo, hi = int(info.min), int(info.max)
            elif self.shift:
                lo, hi = 0, dtype.itemsize * 8 - 1
            else:
                lo, hi = max(self.ints[0], info.min), min(self.ints[1],
                                                          info.max)
            v = rng.integers(lo, hi, size=size, dtype=dtype, endpoint=True)
            if self.nonzero:
                v[v == 0] = 1
            if self.extremes:
                specials = (int(info.min), int(info.max))
        elif kind == 'f':
            v = self._floats(rng, size, self.lo, self.hi).astype(dtype)
            specials = self.specials
        else:
            re = self._floats(rng, size, self.clo, self.chi)
            im = self._floats(rng, size, self.clo, self.chi)
            v = (re + 1j * im).astype(dtype)
            specials = self.cspecials
        k = min(len(specials), size // 2)
        if k:
            where = rng.choice(size, k, replace=False)
            which = rng.permutation(len(specials))[:k]
            v[where] = numpy.array([specials[i] for i in which]).astype(dtype)
        return v.reshape(shape)


class Spec:
    """Inputs (one Arg, or one per input), tolerance scale, exact dtypes."""

    def __init__(self, *args, tol=1.0, exact=''):
        self.args = args or (Arg(),)
        self.tol = tol
        self.exact = exact

    def arg(self, i):
        return self.args[i] if i < len(self.args) else self.args[-1]


ADDEND = Arg(-100, 100, ints=(-50, 50))
NUMERATOR = Arg(-100, 100, ints=(-100, 100), specials=())
DIVISOR = Arg(-10, 10, ints=(-10, 10), specials=(), nonzero=True)
BITS = Arg(full=True)
LOG_ARG = Arg(0.001, 100, specials=(0.0, -0.0, INF, NAN, -1.0), clo=-10,
              chi=10)
UNIT = Arg(-1, 1, specials=(0.0, -0.0, 1.0, -1.0, 2.0, NAN), clo=-2, chi=2)
COMPARE = Arg(-2, 2, grid=0.5, ints=(-3, 3), extremes=True,
              cspecials=(complex(NAN, 0.0), complex(0.0, NAN)))
LOGICAL = Arg(-1, 1, grid=1.0, ints=(-1, 1), specials=(NAN, -0.0, INF),
              cspecials=(complex(0.0, -0.0), complex(NAN, 0.0)))
# No -0.0: which zero maximum(0.0, -0.0) returns is unspecified.
EXTREMUM = Arg(-3, 3, grid=0.5, ints=(-100, 100), extremes=True,
               specials=(INF, -INF, NAN))
ROUNDING = Arg(-10, 10, grid=0.25, ints=(-100, 100), extremes=True)
POW_BASE = Arg(0.1, 4, ints=(-3, 3), specials=(1.0, NAN, INF))
POW_EXP = Arg(-4, 4, ints=(0, 4), specials=(0.0, -0.0, NAN))

DOMAINS = {
    'add': Spec(ADDEND, exact=REAL),
    'subtract': Spec(ADDEND, exact=REAL),
    'multiply': Spec(Arg(-100, 100, ints=(-11, 11)), exact=REAL),
    'divide': Spec(Arg(-100, 100),
                   Arg(-10, 10, nonzero=True, specials=(INF, -INF, NAN)),
                   exact=IEEE),
    'floor_divide': Spec(NUMERATOR, DIVISOR, exact=IEEE),
    'remainder': Spec(NUMERATOR, DIVISOR, exact=IEEE),
    'fmod': Spec(NUMERATOR, DIVISOR, exact=IEEE),
    'divmod': Spec(NUMERATOR, DIVISOR, exact=IEEE),
    'negative': Spec(Arg(-100, 100, ints=(-100, 100), extremes=True,
                         cspecials=CSPECIALS), exact=ALL_FLOATS),
    'positive': Spec(Arg(-100, 100, ints=(-100, 100), extremes=True,
                         cspecials=CSPECIALS), exact=ALL_FLOATS),
    'power': Spec(POW_BASE, POW_EXP, tol=10),
    'float_power': Spec(POW_BASE, POW_EXP, tol=10),
    'absolute': Spec(Arg(-100, 100, ints=(-100, 100), extremes=True),
                     exact=REAL),
    'fabs': Spec(Arg(-100, 100), exact=REAL),
    'rint': Spec(Arg(-10, 10, grid=0.5), exact=ALL_FLOATS),
    'sign': Spec(Arg(-10, 10, ints=(-5, 5), extremes=True), exact=REAL),
    'heaviside': Spec(Arg(-3, 3, grid=1.0), Arg(0, 1, specials=(NAN,)),
                      exact=REAL),
    'conjugate': Spec(Arg(-100, 100, extremes=True, cspecials=CSPECIALS),
                      exact=ALL_FLOATS),
    'reciprocal': Spec(Arg(-10, 10, ints=(-3, 3), nonzero=True,
                           specials=(INF, -INF, NAN)), exact=IEEE),
    'square': Spec(Arg(-100, 100, ints=(-11, 11)), exact=REAL),
    'sqrt': Spec(Arg(0, 100, specials=(0.0, -0.0, INF, NAN, -1.0), clo=-10,
                     chi=10), exact=IEEE),
    'cbrt': Spec(Arg(-100, 100)),
    'gcd': Spec(Arg(ints=(-100, 100))),
    'lcm': Spec(Arg(ints=(-10, 10))),
    'exp': Spec(Arg(-5, 5, clo=-3, chi=3)),
    'exp2': Spec(Arg(-10, 10, clo=-3, chi=3)),
    'expm1': Spec(Arg(-5, 5, clo=-3, chi=3)),
    'log': Spec(LOG_ARG),
    'log2': Spec(LOG_ARG),
    'log10': Spec(LOG_ARG),
    'log1p': Spec(Arg(-0.999, 100, specials=(0.0, -0.0, -1.0, INF, NAN, -2.0),
                      clo=-10, chi=10)),
    'logaddexp': Spec(Arg(-20, 20, specials=(INF, -INF, NAN))),
    'logaddexp2': Spec(Arg(-20, 20, specials=(INF, -INF, NAN))),
    'sin': Spec(Arg(-10, 10, clo=-3, chi=3)),
    'cos': Spec(Arg(-10, 10, clo=-3, chi=3)),
    'tan': Spec(Arg(-1.4, 1.4, clo=-1.2, chi=1.2)),
    'arcsin': Spec(UNIT),
    'arccos': Spec(UNIT),
    'arctan': Spec(Arg(-50, 50, clo=-3, chi=3)),
    'sinh': Spec(Arg(-5, 5, clo=-3, chi=3)),
    'cosh': Spec(Arg(-5, 5, clo=-3, chi=3)),
    'tanh': Spec(Arg(-10, 10, clo=-1.2, chi=1.2)),
    'arcsinh': Spec(Arg(-100, 100, clo=-5, chi=5)),
    'arccosh': Spec(Arg(1, 100, specials=(1.0, INF, NAN, 0.5), clo=-5,
                        chi=5)),
    'arctanh': Spec(UNIT),
    'arctan2': Spec(Arg(-10, 10)),
    'hypot': Spec(Arg(-100, 100)),
    'deg2rad': Spec(Arg(-360, 360)),
    'radians': Spec(Arg(-360, 360)),
    'rad2deg': Spec(Arg(-10, 10)),
    'degrees': Spec(Arg(-10, 10)),
    'bitwise_and': Spec(BITS),
    'bitwise_or': Spec(BITS),
    'bitwise_xor': Spec(BITS),
    'invert': Spec(BITS),
    'left_shift': Spec(BITS, Arg(shift=True)),
    'right_shift': Spec(BITS, Arg(shift=True)),
    'bitwise_count': Spec(BITS),
    'greater': Spec(COMPARE),
    'greater_equal': Spec(COMPARE),
    'less': Spec(COMPARE),
    'less_equal': Spec(COMPARE),
    'equal': Spec(COMPARE),
    'not_equal': Spec(COMPARE),
    'logical_and': Spec(LOGICAL),
    'logical_or': Spec(LOGICAL),
    'logical_xor': Spec(LOGICAL),
    'logical_not': Spec(LOGICAL),
    'maximum': Spec(EXTREMUM, exact=ALL_FLOATS),
    'minimum': Spec(EXTREMUM, exact=ALL_FLOATS),
    'fmax': Spec(EXTREMUM, exact=ALL_FLOATS),
    'fmin': Spec(EXTREMUM, exact=ALL_FLOATS),
    'isfinite': Spec(Arg(-10, 10, full=True, cspecials=CSPECIALS)),
    'isinf': Spec(Arg(-10, 10, full=True, cspecials=CSPECIALS)),
    'isnan': Spec(Arg(-10, 10, full=True, cspecials=CSPECIALS)),
    'signbit': Spec(Arg(-10, 10, specials=SPECIALS + (NEG_NAN,))),
    'copysign': Spec(Arg(-10, 10),
                     Arg(-10, 10, specials=SPECIALS + (NEG_NAN,)),
                     exact=REAL),
    # With equal operands NumPy returns y for float32/64 (C99) but x for
    # float16 (its own half code): nextafter(0.0, -0.0) is -0.0 vs +0.0.
    'nextafter': Spec(Arg(-10, 10), exact=REAL),
    'spacing': Spec(Arg(-100, 100), exact=REAL),
    'modf': Spec(Arg(-100, 100), exact=REAL),
    'ldexp': Spec(Arg(-10, 10), Arg(ints=(-10, 10)), exact=REAL),
    # frexp's exponent for inf and NaN is unspecified in C, so they stay out.
    'frexp': Spec(Arg(-1000, 1000, specials=(0.0, -0.0)), exact=REAL),
    'floor': Spec(ROUNDING, exact=REAL),
    'ceil': Spec(ROUNDING, exact=REAL),
    'trunc': Spec(ROUNDING, exact=REAL),
}


def _seed(*parts):
    return zlib.crc32('/'.join(str(p) for p in parts).encode())


LAYOUTS = ['contiguous', 'transposed', 'reversed', 'broadcast', '0d',
           'with_0d', 'empty', 'step2']


def operands(xp, spec, dtypes, layout, seed):
    """The inputs of one call in ``layout``; the same data for any ``xp``."""
    rng = numpy.random.default_rng(seed)
    nin = len(dtypes)

    def draw(i, shape):
        return xp.asarray(spec.arg(i).draw(dtypes[i], shape, rng))

    if layout == 'contiguous':
        return [draw(i, (4, 5)) for i in range(nin)]
    if layout == 'transposed':
        return [draw(i, (5, 4)).T for i in range(nin)]
    if layout == 'reversed':
        # Only the first input runs backwards: mixed strides in one call.
        return [draw(0, (20,))[::-1]] + [draw(i, (20,))
                                         for i in range(1, nin)]
    if layout == 'broadcast':
        if nin == 1:
            return [xp.broadcast_to(draw(0, (3, 1)), (3, 4))]
        return [draw(0, (3, 1)), draw(1, (1, 4))]
    if layout == '0d':
        return [draw(i, ()) for i in range(nin)]
    if layout == 'with_0d':
        return [draw(0, (4, 5))] + [draw(i, ()) for i in range(1, nin)]
    if layout == 'empty':
        return [draw(i, (0, 3)) for i in range(nin)]
    if layout == 'step2':
        return [draw(i, (8, 10))[i % 2::2, ::2] for i in range(nin)]
    raise AssertionError(layout)


def _cases():
    for name in CANONICAL_NAMES:
        nin = getattr(numpy, name).nin
        for loop in numpy_loops(name):
            yield pytest.param(name, loop, id='{}-{}'.format(
                name, loop_id(loop, nin)))


def test_every_ufunc_has_a_domain():
    assert sorted(DOMAINS) == sorted(CANONICAL_NAMES)


@pytest.mark.parametrize('name,loop', list(_cases()))
def test_ufunc_loop(name, loop):
    spec = DOMAINS[name]
    nin = getattr(numpy, name).nin
    in_dtypes = loop[:nin]
    layouts = [lay for lay in LAYOUTS if nin == 2 or lay != 'with_0d']

    def body(xp):
        ufunc = getattr(xp, name)
        out = {}
        for layout in layouts:
            args = operands(xp, spec, in_dtypes, layout,
                            _seed(name, loop_id(loop, nin), layout))
            with numpy.errstate(all='ignore'):
                out[layout] = ufunc(*args)
        return out

    # A complex input makes a real result (absolute) exact only where the spec says so: NumPy's
    # own complex abs is not correctly rounded, and differs by CPU.
    exact = spec.exact if {d.char for d in in_dtypes} & set('FD') <= set(spec.exact) else ''
    compare_twin(body, tol_scale=spec.tol, exact=exact)


# -- large arrays: the vectorised path and misaligned views -------------------

# (ufunc, input dtype chars): one per family of binary loops, plus a few
# unary ones; the loop is NumPy's for those inputs.
LARGE = [
    ('add', 'ff'), ('add', 'bb'), ('subtract', 'hh'), ('multiply', 'ee'),
    ('multiply', 'DD'), ('divide', 'dd'), ('floor_divide', 'ii'),
    ('remainder', 'ff'), ('power', 'dd'), ('less', 'ff'), ('equal', 'BB'),
    ('not_equal', 'qQ'), ('bitwise_xor', 'BB'), ('left_shift', 'hh'),
    ('right_shift', 'qq'), ('logical_and', '??'), ('maximum', 'ff'),
    ('fmin', 'dd'), ('arctan2', 'ff'), ('hypot', 'dd'), ('copysign', 'ee'),
    ('ldexp', 'fi'), ('sqrt', 'f'), ('negative', 'h'), ('exp', 'F'),
    ('isnan', 'e'), ('invert', '?'), ('divmod', 'll'),
]

LARGE_N = 2**20 + 5   # odd: the vector loop has a tail to finish


@pytest.mark.slow
@pytest.mark.parametrize('name,chars', LARGE,
                         ids=['{}-{}'.format(n, c) for n, c in LARGE])
def test_large(name, chars):
    spec = DOMAINS[name]
    dtypes = [numpy.dtype(c) for c in chars]
    n = LARGE_N

    def body(xp):
        ufunc = getattr(xp, name)
        rng = numpy.random.default_rng(_seed('large', name, chars))
        # Each input has 4 spare elements so it can be viewed at offsets
        # 1 and 3, which breaks the 16-byte alignment of the buffer.
        full = [xp.asarray(spec.arg(i).draw(d, (n + 4,), rng))
                for i, d in enumerate(dtypes)]
        aligned = [f[:n] for f in full]
        shifted = [f[1 + 2 * (i % 2):][:n] for i, f in enumerate(full)]
        with numpy.errstate(all='ignore'):
            out = {'aligned': ufunc(*aligned), 'misaligned': ufunc(*shifted)}
            # The output misaligned too, written through out=.
            res = out['aligned']
            res = res if isinstance(res, tuple) else (res,)
            outs = tuple(xp.zeros(n + 1, r.dtype)[1:] for r in res)
            ufunc(*shifted, out=outs)
            out['out_misaligned'] = outs
        return out

    compare_twin(body, tol_scale=spec.tol, exact=spec.exact)


# -- complex magnitudes near the largest double -------------------------------

def test_complex_abs_and_sign_near_the_largest_double():
    # |1 + DBL_MAX i| is DBL_MAX (no overflow), so sign is i.
    big = numpy.finfo(numpy.float64).max
    z = numpy.array([1 + big * 1j, -big + 3j, 3e307 - 4e307j, big + 0j])

    def body(xp):
        with numpy.errstate(all='ignore'):
            return {name: getattr(xp, name)(xp.asarray(z)) for name in ('absolute', 'sign')}
    compare_twin(body)


# -- integer wrap-around and shift widths -------------------------------------

INT_CHARS = 'bhilBHIL'


@pytest.mark.parametrize('char', INT_CHARS)
def test_integer_wraparound(char):
    # NumPy wraps modulo 2**bits (two's complement) and so must cunp.
    dtype = numpy.dtype(char)
    info = numpy.iinfo(dtype)
    lo, hi = int(info.min), int(info.max)

    def body(xp):
        a = xp.asarray(numpy.array([hi, lo, hi, lo, hi - 1, lo + 1], dtype))
        b = xp.asarray(numpy.array([1, 1, 2, 2, hi, hi], dtype))
        with numpy.errstate(all='ignore'):
            return {'add': xp.add(a, b), 'subtract': xp.subtract(a, b),
                    'multiply': xp.multiply(a, b), 'negative': xp.negative(a),
                    'absolute': xp.absolute(a), 'square': xp.square(a)}

    compare_twin(body)


@pytest.mark.parametrize('char', INT_CHARS)
def test_shift_by_bit_width_or_more(char):
    # C leaves these undefined and GPUs clamp or mask the count; NumPy
    # defines them: left gives 0, right gives 0 or -1 (sign fill).  Negative
    # counts behave like huge ones.
    dtype = numpy.dtype(char)
    bits = dtype.itemsize * 8
    counts = [bits - 1, bits, bits + 1, 2 * bits, 127]
    if dtype.kind == 'i':
        counts += [-1, -bits]
    info = numpy.iinfo(dtype)

    def body(xp):
        values = numpy.array([1, int(info.max), int(info.min), 5], dtype)
        a = xp.asarray(values.repeat(len(counts)))
        s = xp.asarray(numpy.tile(numpy.array(counts, dtype), len(values)))
        return {'left': xp.left_shift(a, s), 'right': xp.right_shift(a, s)}

    compare_twin(body)
