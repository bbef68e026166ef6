"""Edge-case values of the ufunc math, checked against NumPy.

Each table below holds the inputs where NumPy's semantics are easy to get
wrong: division and remainder by zero, negative and infinite operands,
MIN // -1, shifts by the width or more, NaN in extrema and comparisons,
signed zeros, complex branch cuts and infinities, float16 spacing and
nextafter. The expected values are NumPy's (computed here), so the tables
follow the installed NumPy.

Exact results (integers, division family, rounding, classification, bit
steps) must match bit for bit, signed zeros included; transcendental
functions must match NumPy's special values (inf, NaN, signed zeros) exactly
and finite values to a few ulps.
"""

import platform

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

INTS = ['int8', 'int16', 'int32', 'int64',
        'uint8', 'uint16', 'uint32', 'uint64']
SIGNED = ['int8', 'int16', 'int32', 'int64']
FLOATS = ['float16', 'float32', 'float64']
COMPLEX = ['complex64', 'complex128']

# Relative tolerance of the transcendental functions, by the result's dtype.
RTOL = {'float16': 2e-3, 'float32': 4e-6, 'float64': 1e-13,
        'complex64': 2e-5, 'complex128': 1e-12}


# -- value tables ------------------------------------------------------------

def int_values(dtype):
    """Zero, small values of both signs, the type's extremes."""
    info = numpy.iinfo(dtype)
    v = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, info.min, info.min + 1,
         info.max, info.max - 1, info.min // 2, info.max // 2]
    return numpy.array(sorted({x for x in v if info.min <= x <= info.max}),
                       dtype=dtype)


def float_values(dtype):
    """Signed zeros, halves, values of both signs, extremes, inf and NaN."""
    fi = numpy.finfo(dtype)
    v = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -3.0,
         7.0, -7.0, 0.1, -0.1, 1e4, -1e4, float(fi.tiny), -float(fi.tiny),
         float(fi.smallest_subnormal), float(fi.max), -float(fi.max),
         numpy.inf, -numpy.inf, numpy.nan]
    with numpy.errstate(all='ignore'):
        return numpy.array(v, dtype=dtype)


def complex_grid(dtype, parts):
    """Every (real, imag) combination of `parts`, built part by part so that
    NaN and signed zeros survive."""
    rt = numpy.float32 if dtype == 'complex64' else numpy.float64
    p = numpy.array(parts, dtype=rt)
    z = numpy.empty(len(p) * len(p), dtype=dtype)
    z.real = numpy.repeat(p, len(p))
    z.imag = numpy.tile(p, len(p))
    return z


# The complex special values: zeros, units, both sides of the branch points,
# inf and NaN in each part.
COMPLEX_SPECIAL_PARTS = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0,
                         numpy.inf, -numpy.inf, numpy.nan]
# Points on and beside the branch cuts: the real axis beyond +-1 and the
# imaginary axis beyond +-i, each with +0 and -0 on the other part.
CUT_AXIS = [-3.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 3.0]


def branch_cut_points(dtype):
    rt = numpy.float32 if dtype == 'complex64' else numpy.float64
    pts = []
    for x in CUT_AXIS:
        for zero in (0.0, -0.0):
            pts.append((x, zero))
            pts.append((zero, x))
    z = numpy.empty(len(pts), dtype=dtype)
    z.real = numpy.array([p[0] for p in pts], dtype=rt)
    z.imag = numpy.array([p[1] for p in pts], dtype=rt)
    return z


def pairs(v, w=None):
    """All (a, b) combinations: two arrays of len(v) * len(w)."""
    w = v if w is None else w
    return numpy.repeat(v, len(w)), numpy.tile(w, len(v))


# -- running and comparing ---------------------------------------------------

def run(name, *args):
    """(cunp's result, NumPy's result) of ufunc `name` on host arrays."""
    with numpy.errstate(all='ignore'):
        expected = getattr(numpy, name)(*args)
    got = getattr(cunp, name)(*[cunp.asarray(a) for a in args])
    if isinstance(expected, tuple):
        return tuple(cunp.asnumpy(g) for g in got), expected
    return cunp.asnumpy(got), expected


def _where(args, mask):
    return ', '.join('{!r}'.format(a[mask][:8]) for a in args)


def _parts(x):
    return (x.real, x.imag) if x.dtype.kind == 'c' else (x,)


def assert_same(got, expected, args=(), zero_sign=True):
    """Same dtype and values bit for bit: NaN matches any NaN, and zeros must
    have the same sign (unless zero_sign is False)."""
    if isinstance(expected, tuple):
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_same(g, e, args, zero_sign)
        return
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape
    bad = numpy.zeros(expected.shape, dtype=bool)
    for g, e in zip(_parts(got), _parts(expected)):
        if e.dtype.kind == 'f':
            nan = numpy.isnan(g) & numpy.isnan(e)
            ok = nan | (g == e)
            if zero_sign:
                ok &= nan | (numpy.signbit(g) == numpy.signbit(e))
        else:
            ok = g == e
        bad |= ~ok
    assert not bad.any(), 'at {}: got {!r}, numpy {!r}'.format(
        _where(args, bad), got[bad][:8], expected[bad][:8])


def assert_close(got, expected, args=(), rtol=None):
    """Special values exactly (NaN, same-signed inf, same-signed zero where
    both are zero), finite values to rtol relative to the magnitude."""
    if isinstance(expected, tuple):
        for g, e in zip(got, expected):
            assert_close(g, e, args, rtol)
        return
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    rtol = RTOL[expected.dtype.name] if rtol is None else rtol
    scale = numpy.abs(expected.astype(numpy.complex128)
                      if expected.dtype.kind == 'c'
                      else expected.astype(numpy.float64))
    tiny = float(numpy.finfo(expected.dtype).tiny)
    bad = numpy.zeros(expected.shape, dtype=bool)
    for g, e in zip(_parts(got), _parts(expected)):
        g64 = g.astype(numpy.float64)
        e64 = e.astype(numpy.float64)
        nan = numpy.isnan(g64) & numpy.isnan(e64)
        inf = numpy.isinf(e64) & (g64 == e64)
        # Relative to |z|, or to the part itself where the other one is NaN.
        s = numpy.where(numpy.isnan(scale), numpy.abs(e64), scale)
        with numpy.errstate(all='ignore'):
            fin = (numpy.isfinite(e64) & numpy.isfinite(g64) &
                   (numpy.abs(g64 - e64) <= rtol * s + 4 * tiny))
        zeros = (g64 == 0) & (e64 == 0)
        fin &= ~zeros | (numpy.signbit(g64) == numpy.signbit(e64))
        bad |= ~(nan | inf | fin)
    assert not bad.any(), 'at {}: got {!r}, numpy {!r}'.format(
        _where(args, bad), got[bad][:8], expected[bad][:8])


def check_exact(name, *args, zero_sign=True):
    got, expected = run(name, *args)
    assert_same(got, expected, args, zero_sign)


def check_close(name, *args, rtol=None):
    got, expected = run(name, *args)
    assert_close(got, expected, args, rtol)


# -- integer arithmetic ------------------------------------------------------

@pytest.mark.parametrize('dtype', INTS)
@pytest.mark.parametrize('name', ['floor_divide', 'remainder', 'fmod',
                                  'divmod'])
def test_integer_division_by_zero_negative_and_min(name, dtype):
    # x // 0 == x % 0 == 0, MIN // -1 wraps to MIN, Python's sign for %.
    a, b = pairs(int_values(dtype))
    check_exact(name, a, b)


@pytest.mark.parametrize('dtype', INTS)
@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply'])
def test_integer_arithmetic_wraps(name, dtype):
    a, b = pairs(int_values(dtype))
    check_exact(name, a, b)


@pytest.mark.parametrize('dtype', INTS)
@pytest.mark.parametrize('name', ['negative', 'absolute', 'sign', 'square',
                                  'bitwise_count', 'invert', 'positive',
                                  'conjugate', 'floor', 'ceil', 'trunc'])
def test_integer_unary_at_extremes(name, dtype):
    # absolute(MIN) and negative(MIN) wrap to MIN; bitwise_count(MIN) is 1.
    check_exact(name, int_values(dtype))


@pytest.mark.parametrize('dtype', INTS)
def test_integer_reciprocal_nonzero(dtype):
    # 1 -> 1, -1 -> -1, anything else -> 0 (NumPy converts 1.0 / x).
    v = int_values(dtype)
    check_exact('reciprocal', v[v != 0])


@pytest.mark.skipif(platform.machine().lower() not in ('x86_64', 'amd64'),
                    reason='1 // 0 converts inf to int: NumPy gives what x86 '
                           'does, other CPUs differ')
@pytest.mark.parametrize('dtype', INTS)
def test_integer_reciprocal_of_zero_as_x86_numpy(dtype):
    check_exact('reciprocal', numpy.zeros(3, dtype=dtype))


@pytest.mark.parametrize('dtype', INTS)
def test_integer_power_wraps(dtype):
    info = numpy.iinfo(dtype)
    base = numpy.array([x for x in [0, 1, -1, 2, -2, 3, -3, 7, 10, info.min,
                                    info.max] if info.min <= x <= info.max],
                       dtype=dtype)
    exps = numpy.array([0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 63, 64, 100],
                       dtype=dtype)
    a, b = pairs(base, exps)
    check_exact('power', a, b)


@pytest.mark.parametrize('dtype', SIGNED)
def test_integer_power_negative_exponent(dtype):
    # NumPy raises ValueError; a kernel cannot raise, so cunp either raises
    # too or returns 1 // a**-b computed in integers: 1, +-1 for a base of
    # -1, and 0 otherwise (a base of 0 included, like x // 0).
    a = numpy.array([1, -1, -1, 2, -2, 0, 5], dtype=dtype)
    b = numpy.array([-1, -1, -2, -1, -3, -1, -2], dtype=dtype)
    with pytest.raises(ValueError):
        numpy.power(a, b)
    try:
        got = cunp.asnumpy(cunp.power(cunp.asarray(a), cunp.asarray(b)))
    except ValueError:
        return
    numpy.testing.assert_array_equal(
        got, numpy.array([1, -1, 1, 0, 0, 0, 0], dtype=dtype))


@pytest.mark.parametrize('dtype', INTS)
@pytest.mark.parametrize('name', ['gcd', 'lcm'])
def test_gcd_lcm_signs_and_extremes(name, dtype):
    # |a| and |b| in the unsigned type: gcd(MIN, 0) wraps back to MIN.
    a, b = pairs(int_values(dtype))
    check_exact(name, a, b)


@pytest.mark.parametrize('dtype', INTS)
@pytest.mark.parametrize('name', ['left_shift', 'right_shift'])
def test_shifts_by_width_or_more(name, dtype):
    # Shifting by the width or more (or a negative count) gives 0, or -1 for
    # an arithmetic right shift of a negative value.
    info = numpy.iinfo(dtype)
    bits = info.bits
    a = int_values(dtype)
    counts = [0, 1, 3, bits - 1, bits, bits + 1, 63, 64, 65, 100, -1, -bits]
    b = numpy.array([c for c in counts if info.min <= c <= info.max],
                    dtype=dtype)
    check_exact(name, *pairs(a, b))


@pytest.mark.parametrize('dtype', ['bool'] + INTS)
@pytest.mark.parametrize('name', ['bitwise_and', 'bitwise_or',
                                  'bitwise_xor'])
def test_bitwise_binary(name, dtype):
    v = (numpy.array([False, True]) if dtype == 'bool'
         else int_values(dtype))
    check_exact(name, *pairs(v))


def test_bool_arithmetic_and_invert():
    a, b = pairs(numpy.array([False, True]))
    for name in ['add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin',
                 'logical_and', 'logical_or', 'logical_xor', 'equal',
                 'less', 'greater_equal']:
        check_exact(name, a, b)
    for name in ['invert', 'absolute', 'logical_not', 'isnan', 'isinf',
                 'isfinite', 'floor', 'ceil', 'trunc']:
        check_exact(name, numpy.array([False, True]))


def test_int64_uint64_compare_exactly():
    # NumPy's 'qQ->?' and 'Qq->?' loops compare the values, not a common type.
    q = numpy.array([0, 1, -1, 5, -5, 2**62, -2**63, 2**63 - 1],
                    dtype=numpy.int64)
    u = numpy.array([0, 1, 5, 2**62, 2**63 - 1, 2**63, 2**64 - 1],
                    dtype=numpy.uint64)
    for name in ['greater', 'greater_equal', 'less', 'less_equal', 'equal',
                 'not_equal']:
        check_exact(name, *pairs(q, u))
        check_exact(name, *pairs(u, q))


# -- floating-point arithmetic -----------------------------------------------

@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['floor_divide', 'remainder', 'fmod',
                                  'divmod'])
def test_float_division_with_zero_inf_nan(name, dtype):
    # NumPy's npy_divmod: -0.0 and +0.0 results keep meaningful signs,
    # x // 0 is x / 0, x % 0 is NaN, x % inf keeps x or becomes inf.
    check_exact(name, *pairs(float_values(dtype)))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply',
                                  'true_divide', 'copysign', 'heaviside',
                                  'nextafter'])
def test_float_binary_exact(name, dtype):
    check_exact(name, *pairs(float_values(dtype)))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['maximum', 'minimum', 'fmax', 'fmin'])
def test_float_extrema_nan(name, dtype):
    # maximum/minimum propagate NaN, fmax/fmin ignore it. Which zero wins a
    # +0/-0 tie differs between NumPy's own loops, so zero signs are free.
    check_exact(name, *pairs(float_values(dtype)), zero_sign=False)


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['greater', 'greater_equal', 'less',
                                  'less_equal', 'equal', 'not_equal',
                                  'logical_and', 'logical_or',
                                  'logical_xor'])
def test_float_comparisons_nan(name, dtype):
    check_exact(name, *pairs(float_values(dtype)))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['negative', 'positive', 'absolute', 'fabs',
                                  'sign', 'rint', 'floor', 'ceil', 'trunc',
                                  'reciprocal', 'square', 'sqrt', 'spacing',
                                  'signbit', 'isnan', 'isinf', 'isfinite',
                                  'logical_not', 'conjugate', 'modf',
                                  'frexp', 'deg2rad', 'rad2deg'])
def test_float_unary_exact(name, dtype):
    # sign(-0.0) is +0.0 and sign(nan) is nan; rint rounds half to even;
    # modf returns (fractional, integral); frexp(inf) is (inf, 0).
    v = float_values(dtype)
    v = numpy.concatenate([v, numpy.array([0.49999997, 4.5, -4.5, 5.5, 1e-3],
                                          dtype=dtype)])
    check_exact(name, v)


def test_float16_spacing_every_value():
    # NumPy's half spacing is never negative; inf and NaN give NaN, the
    # largest half gives inf.
    every = numpy.arange(65536, dtype=numpy.uint16).view(numpy.float16)
    check_exact('spacing', every)


def test_float16_nextafter_every_value():
    # A NaN operand gives NaN, x == y gives x (so +0 toward -0 stays +0), a
    # step from zero lands on the smallest subnormal of y's sign.
    every = numpy.arange(65536, dtype=numpy.uint16).view(numpy.float16)
    targets = numpy.array([0.0, -0.0, 1.0, -1.0, 65504.0, -65504.0,
                           numpy.inf, -numpy.inf, numpy.nan, 6e-8, -6e-8],
                          dtype=numpy.float16)
    check_exact('nextafter', *pairs(every, targets))
    check_exact('nextafter', *pairs(targets, every))


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_spacing_and_nextafter_random_bits(dtype):
    itype = numpy.uint32 if dtype == 'float32' else numpy.uint64
    rng = numpy.random.default_rng(0)
    x = rng.integers(0, numpy.iinfo(itype).max, 5000, dtype=itype,
                     endpoint=True).view(dtype)
    check_exact('spacing', x)
    check_exact('nextafter', x, x[::-1].copy())


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
@pytest.mark.parametrize('etype', ['int32', 'int64'])
def test_ldexp_huge_exponents_saturate(dtype, etype):
    if dtype == 'float16' and etype == 'int64' and (
            'el->e' not in numpy.ldexp.types):
        pytest.skip('no float16 x int64 ldexp loop in this NumPy')
    info = numpy.iinfo(etype)
    e = numpy.array([0, 1, -1, 10, -10, 127, 128, -126, -149, -150, 1023,
                     1024, -1074, -1075, 5000, -5000, info.max, info.min,
                     info.max - 1, info.min + 1], dtype=etype)
    check_exact('ldexp', *pairs(float_values(dtype), e))


@pytest.mark.parametrize('dtype', FLOATS)
def test_float_power_special_values(dtype):
    # pow(1, nan) == 1, pow(nan, 0) == 1, pow(-1, +-inf) == 1, pow(0, -1)
    # is inf, a negative base to a non-integer power is nan.
    v = numpy.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
                     numpy.inf, -numpy.inf, numpy.nan], dtype=dtype)
    check_close('power', *pairs(v))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('exponent', [-1.0, 0.0, 0.5, 1.0, 2.0, 3.0])
def test_float_power_scalar_exponent(dtype, exponent):
    # A scalar exponent takes NumPy's fast paths for float32 and float64:
    # ** 0.5 is sqrt, so (-0.0) ** 0.5 is -0.0 and (-inf) ** 0.5 is nan,
    # unlike pow; float16 has no fast path.
    a = float_values(dtype)
    with numpy.errstate(all='ignore'):
        expected = numpy.power(a, exponent)
    got = cunp.asnumpy(cunp.power(cunp.asarray(a), exponent))
    assert_close(got, expected, (a,))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['logaddexp', 'logaddexp2'])
def test_logaddexp_infinities_and_nan(name, dtype):
    v = numpy.array([-numpy.inf, numpy.inf, numpy.nan, 0.0, -0.0, 1.0, -1.0,
                     50.0, -50.0], dtype=dtype)
    check_close(name, *pairs(v))


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['exp', 'exp2', 'expm1', 'log', 'log2',
                                  'log10', 'log1p', 'sin', 'cos', 'tan',
                                  'arcsin', 'arccos', 'arctan', 'sinh',
                                  'cosh', 'tanh', 'arcsinh', 'arccosh',
                                  'arctanh', 'cbrt'])
def test_float_transcendental_special_values(name, dtype):
    # Domain edges (log(-1), arccosh(0.5), arctanh(1)) and inf/nan/-0.0.
    v = numpy.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 10.0,
                     -10.0, numpy.inf, -numpy.inf, numpy.nan], dtype=dtype)
    check_close(name, v)


@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name', ['arctan2', 'hypot'])
def test_float_binary_transcendental_special_values(name, dtype):
    v = numpy.array([0.0, -0.0, 1.0, -1.0, 2.0, numpy.inf, -numpy.inf,
                     numpy.nan], dtype=dtype)
    check_close(name, *pairs(v))


# -- complex -----------------------------------------------------------------

@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['exp', 'exp2', 'expm1', 'log', 'log2',
                                  'log10', 'log1p', 'sqrt', 'sin', 'cos',
                                  'tan', 'arcsin', 'arccos', 'arctan',
                                  'sinh', 'cosh', 'tanh', 'arcsinh',
                                  'arccosh', 'arctanh'])
def test_complex_special_values(name, dtype):
    # C99 Annex G: infinities, NaNs and signed zeros in either part.
    check_close(name, complex_grid(dtype, COMPLEX_SPECIAL_PARTS))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['log', 'log2', 'log10', 'log1p', 'sqrt',
                                  'arcsin', 'arccos', 'arctan', 'arcsinh',
                                  'arccosh', 'arctanh'])
def test_complex_branch_cuts(name, dtype):
    # The side of a cut is chosen by the sign of the zero part.
    check_close(name, branch_cut_points(dtype))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['exp', 'log', 'sqrt', 'sin', 'cos', 'tan',
                                  'arcsin', 'arccos', 'arctan', 'sinh',
                                  'cosh', 'tanh', 'arcsinh', 'arccosh',
                                  'arctanh', 'log1p', 'expm1'])
def test_complex_accuracy(name, dtype):
    # Near the unit circle, near +-1 and +-i, tiny and large magnitudes.
    rng = numpy.random.default_rng(1)
    rt = numpy.float32 if dtype == 'complex64' else numpy.float64
    n = 2000
    mag = 10.0 ** rng.uniform(-6, 6, (n, 2)) * rng.choice([-1, 1], (n, 2))
    theta = rng.uniform(-numpy.pi, numpy.pi, n)
    r = 1 + rng.normal(0, 1e-4, n)
    circle = numpy.stack([r * numpy.cos(theta), r * numpy.sin(theta)], 1)
    near_one = numpy.stack([rng.choice([-1, 1], n) *
                            (1 + rng.normal(0, 1e-3, n)),
                            rng.normal(0, 1e-3, n)], 1)
    p = numpy.concatenate([mag, circle, near_one, near_one[:, ::-1]])
    p = p.astype(rt)
    z = numpy.empty(len(p), dtype=dtype)
    z.real, z.imag = p[:, 0], p[:, 1]
    if name in ('exp', 'sin', 'cos', 'sinh', 'cosh', 'expm1', 'tan', 'tanh'):
        z = z[numpy.abs(z) < 50]  # keep exp() finite and well conditioned
    if name == 'log1p':
        # NumPy's complex log1p is log|1 + z|: near z == 0 the ulp of
        # |1 + z| is all the result has, whichever hypot computes it.
        z = z[numpy.abs(z) > 1e-2]
    check_close(name, z, rtol=RTOL[dtype] * 10)


@pytest.mark.parametrize('dtype', COMPLEX)
def test_complex_power(dtype):
    # z**0 == 1 (0**0 too), 0**w is 0 for Re w > 0 and nan otherwise, small
    # integer exponents multiply out (exact for Gaussian integers).
    base = complex_grid(dtype, [0.0, -0.0, 1.0, -1.0, 2.0, -0.5])
    exps = complex_grid(dtype, [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, 0.5])
    exps = numpy.concatenate([exps, numpy.array([5, -5, 10, -7], dtype)])
    check_close('power', *pairs(base, exps))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['true_divide', 'add', 'subtract'])
def test_complex_division_by_zero_and_inf(name, dtype):
    parts = [0.0, -0.0, 1.0, -2.0, numpy.inf, numpy.nan]
    check_close(name, *pairs(complex_grid(dtype, parts)))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['absolute', 'sign', 'reciprocal',
                                  'negative', 'conjugate', 'rint'])
def test_complex_unary(name, dtype):
    # sign is z / |z| (NumPy 2), with an infinite part giving its axis.
    parts = [0.0, -0.0, 0.5, -1.5, 2.5, 3.0, numpy.inf, -numpy.inf,
             numpy.nan]
    check_close(name, complex_grid(dtype, parts))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['square', 'multiply'])
def test_complex_products_finite(name, dtype):
    # Finite parts only: where a product overflows, whether ar*br - ai*bi
    # is fused (NumPy's SIMD loops on FMA machines) decides inf versus nan.
    z = complex_grid(dtype, [0.0, -0.0, 0.5, -1.5, 2.5, 3.0, 1e10])
    check_close(name, *([z] if name == 'square' else pairs(z)))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['greater', 'greater_equal', 'less',
                                  'less_equal', 'equal', 'not_equal',
                                  'logical_and', 'logical_or',
                                  'logical_xor'])
def test_complex_comparisons_lexicographic_with_nan(name, dtype):
    z = complex_grid(dtype, [0.0, -0.0, 1.0, -1.0, numpy.nan])
    check_exact(name, *pairs(z))


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['maximum', 'minimum', 'fmax', 'fmin'])
def test_complex_extrema_with_nan(name, dtype):
    z = complex_grid(dtype, [0.0, 1.0, -1.0, numpy.nan])
    check_exact(name, *pairs(z), zero_sign=False)


@pytest.mark.parametrize('dtype', COMPLEX)
@pytest.mark.parametrize('name', ['isnan', 'isinf', 'isfinite',
                                  'logical_not'])
def test_complex_classification(name, dtype):
    check_exact(name, complex_grid(dtype, COMPLEX_SPECIAL_PARTS))
