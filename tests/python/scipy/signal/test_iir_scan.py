"""The blocked IIR scan (lfilter and sosfilt on cunp arrays) against scipy.signal.

CPU: the NumPy model of the three device passes (iir_scan_model.py) on the host tables of
cunp.scipy.signal._iir_scan, across orders 1-10, lengths below one block, exactly one block and
many blocks, zi/zf and dtypes, so CI checks the decomposition. gpu: the kernel itself, with
batches, axes, strides and dtypes."""
import os
import sys

import numpy
import pytest

from cunp.scipy.signal import _iir_scan

sys.path.insert(0, os.path.dirname(__file__))
from iir_scan_model import block_scan  # noqa: E402

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _stable(order, rng, radius=0.9):
    """(b, a) of a random stable filter of this order: conjugate pole pairs inside `radius`."""
    poles = []
    while len(poles) < order:
        r, t = radius * numpy.sqrt(rng.uniform()), rng.uniform(0, numpy.pi)
        if order - len(poles) >= 2 and rng.uniform() < 0.6:
            poles += [r * numpy.exp(1j * t), r * numpy.exp(-1j * t)]
        else:
            poles.append(r * rng.choice([-1, 1]))
    a = numpy.poly(poles).real
    b = rng.standard_normal(order + 1) / (order + 1)
    return b, a


def _random(shape, dtype, rng):
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype, n, order=1):
    """Sequential filtering's rounding grows with the length: rtol scaled by it. High orders'
    companion matrices cancel large terms, in SciPy's loop (1e-12 relative against exact
    arithmetic for 9 poles clustered near 0.8) and more in the carry's matrix powers (1e-10):
    a floor of 1e-10, 1e-9 from order 8."""
    eps = numpy.finfo(numpy.dtype(dtype)).eps
    return max(50 * eps * max(1.0, numpy.sqrt(n)), 1e-10 if order < 8 else 1e-9)


def _check(got, want, tol):
    got = numpy.asarray(got)
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


def test_state_space_matches_the_step(ss):
    rng = numpy.random.default_rng(0)
    b, a = _stable(5, rng)
    coef = numpy.concatenate([b, a])
    A, C = _iir_scan.state_space(_iir_scan.direct_step, coef, 5, numpy.float64)
    # lfilter's transposed direct form II: A is a's companion matrix, C reads the first delay.
    want = numpy.zeros((5, 5))
    want[:, 0] = -a[1:]
    want[numpy.arange(4), numpy.arange(1, 5)] = 1
    numpy.testing.assert_array_equal(A, want)
    numpy.testing.assert_array_equal(C, numpy.eye(5)[0])
    power, group_power = _iir_scan.tables(A, 64, 3)
    numpy.testing.assert_allclose(power, numpy.linalg.matrix_power(A, 64), rtol=1e-10,
                                  atol=1e-14)
    numpy.testing.assert_allclose(group_power, numpy.linalg.matrix_power(A, 192), rtol=1e-10,
                                  atol=1e-14)


def test_choose_block_and_group():
    assert _iir_scan.choose_block(1, 10) == 64
    assert _iir_scan.choose_block(64, 1 << 20) == 512
    assert _iir_scan.choose_block(1, 1 << 24) == 128
    assert _iir_scan.choose_block(1, 1 << 34) == 4096
    assert [_iir_scan.choose_group(b) for b in (1, 2, 5, 64, 65, 2048)] == [1, 2, 4, 8, 16, 64]


# The kernel's smallest block; lengths below one block, exactly one, one and a bit, many (with
# groups of 3 blocks for the carry: one group, several, a partial last one).
BLOCK, GROUP = 64, 3
LENGTHS = [1, 5, BLOCK, BLOCK + 1, BLOCK * 7 + 3, BLOCK * 12]


@pytest.mark.parametrize("order", range(1, 11))
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_model_lfilter(ss, order, dtype):
    rng = numpy.random.default_rng(order)
    b, a = _stable(order, rng)
    coef = numpy.concatenate([b, a])
    for n in LENGTHS:
        x = _random((3, n), dtype, rng)
        y, zf = block_scan("direct", order, x, coef, None, BLOCK, dtype, group=GROUP)
        _check(y, ss.lfilter(b, a, x, axis=-1).astype(dtype), _tol(dtype, n, order))
        zi = _random((3, order), dtype, rng)
        y, zf = block_scan("direct", order, x, coef, zi, BLOCK, dtype, group=GROUP)
        want_y, want_zf = ss.lfilter(b, a, x, axis=-1, zi=zi)
        _check(y, want_y.astype(dtype), _tol(dtype, n, order))
        _check(zf, want_zf, _tol(dtype, n, order))


def test_model_fir_and_unnormalised_lengths(ss):
    # A numerator longer than the denominator (the FIR part), padded to one state size.
    rng = numpy.random.default_rng(7)
    b, a = rng.standard_normal(6), numpy.array([1.0, -0.5])
    q = 5
    coef = numpy.zeros(2 * (q + 1))
    coef[:6], coef[q + 1:q + 3] = b, a
    x = rng.standard_normal((2, 300))
    zi = rng.standard_normal((2, q))
    y, zf = block_scan("direct", q, x, coef, zi, BLOCK, "float64")
    want_y, want_zf = ss.lfilter(b, a, x, zi=zi)
    _check(y, want_y, 1e-12)
    _check(zf, want_zf, 1e-12)


@pytest.mark.parametrize("sections", [1, 2, 4, 5])
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex64"])
def test_model_sosfilt(ss, sections, dtype):
    rng = numpy.random.default_rng(sections)
    sos = ss.butter(2 * sections, 0.15, output="sos")
    for n in LENGTHS:
        x = _random((2, n), dtype, rng)
        zi = _random((2, sections, 2), dtype, rng)
        y, zf = block_scan("sos", sections, x, sos.reshape(-1), zi.reshape(2, -1), BLOCK, dtype, GROUP)
        want_y, want_zf = ss.sosfilt(sos, x, axis=-1, zi=numpy.moveaxis(zi, 1, 0))
        _check(y, want_y.astype(dtype), _tol(dtype, n))
        _check(zf.reshape(2, sections, 2), numpy.moveaxis(want_zf, 0, 1), _tol(dtype, n))


def test_model_default_groups(ss):
    # The kernel's own group choice over many blocks (29 blocks: groups of 8).
    b, a = ss.butter(4, 0.2)
    x = numpy.random.default_rng(3).standard_normal((2, BLOCK * 28 + 5))
    y, zf = block_scan("direct", 4, x, numpy.r_[b, a], None, BLOCK, "float64")
    _check(y, ss.lfilter(b, a, x), 1e-10)


# --- the kernel (gpu) ---------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("order", [1, 2, 3, 4, 6, 8, 10])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_device_lfilter_orders(ss, order, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(order)
    b, a = _stable(order, rng)
    real = "float32" if dtype in ("float32", "complex64") else "float64"
    b, a = b.astype(real), a.astype(real)
    # The scan runs in double precision: single-precision results are compared with SciPy's
    # double-precision filter of the same (rounded) coefficients and data, which SciPy's own
    # single-precision loop can miss by far more for high orders.
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64

    def exact(x, zi=None):
        return ss.lfilter(b.astype(numpy.float64), a.astype(numpy.float64), x.astype(wide),
                          zi=None if zi is None else zi.astype(wide))

    # Shorter than a block, exactly one (64), many, and many with a partial last block.
    for n in (1, 7, 64, 64 * 9, 20000):
        x = _random((3, n), dtype, rng)
        got = signal.lfilter(b, a, cunp.asarray(x))
        assert got.dtype == ss.lfilter(b, a, x[:, :1]).dtype
        _check(cunp.asnumpy(got), exact(x), _tol(dtype, n, order))
        zi = _random((3, order), dtype, rng)
        y, zf = signal.lfilter(b, a, cunp.asarray(x), zi=cunp.asarray(zi))
        want_y, want_zf = exact(x, zi)
        assert zf.dtype == ss.lfilter(b, a, x[:, :1], zi=zi)[1].dtype
        _check(cunp.asnumpy(y), want_y, _tol(dtype, n, order))
        _check(cunp.asnumpy(zf), want_zf, _tol(dtype, n, order))


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_device_axes_and_layouts(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(1)
    b, a = _stable(4, rng)
    sos = ss.butter(6, 0.2, output="sos")
    x = _random((5, 3000, 4), dtype, rng)
    n = 3000
    for view in (lambda v: v, lambda v: v[::-1, ::2, 1:], lambda v: v.transpose(1, 2, 0),
                 lambda v: numpy.asfortranarray(v) if isinstance(v, numpy.ndarray)
                 else cunp.asfortranarray(v)):
        xh, xd = view(x), view(cunp.asarray(x))
        for axis in range(3):
            _check(cunp.asnumpy(signal.lfilter(b, a, xd, axis=axis)),
                   ss.lfilter(b, a, xh, axis=axis), _tol(dtype, n))
            _check(cunp.asnumpy(signal.sosfilt(sos, xd, axis=axis)),
                   ss.sosfilt(sos, xh, axis=axis), _tol(dtype, n))
            zshape = list(xh.shape)
            zshape[axis] = 2
            zi = _random([3] + zshape, dtype, rng)
            y, zf = signal.sosfilt(sos, xd, axis=axis, zi=cunp.asarray(zi))
            want_y, want_zf = ss.sosfilt(sos, xh, axis=axis, zi=zi)
            _check(cunp.asnumpy(y), want_y, _tol(dtype, n))
            _check(cunp.asnumpy(zf), want_zf, _tol(dtype, n))


@gpu
def test_device_int_input_empty_and_long_cascade(ss):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(2)
    b, a = ss.butter(3, 0.3)
    xi = rng.integers(-5, 5, (2, 500))
    _check(cunp.asnumpy(signal.lfilter(b, a, cunp.asarray(xi))), ss.lfilter(b, a, xi), 1e-10)
    zi = rng.standard_normal((2, 3))
    y, zf = signal.lfilter(b, a, cunp.zeros((2, 0)), zi=cunp.asarray(zi))
    want_y, _ = ss.lfilter(b, a, numpy.zeros((2, 0)), zi=zi)
    assert y.shape == want_y.shape
    # SciPy hands back uninitialised memory as zf here; with no samples the state is zi.
    _check(cunp.asnumpy(zf), zi, 0)
    # A pure FIR of 16 delays runs through the scan too (A is a shift); 101 taps do not.
    for taps in (17, 101):
        fir = ss.firwin(taps, 0.2)
        x = rng.standard_normal((2, 3000))
        zi = rng.standard_normal((2, taps - 1))
        y, zf = signal.lfilter(fir, [1.0], cunp.asarray(x), zi=cunp.asarray(zi))
        want_y, want_zf = ss.lfilter(fir, [1.0], x, zi=zi)
        _check(cunp.asnumpy(y), want_y, 1e-10)
        _check(cunp.asnumpy(zf), want_zf, 1e-10)
    # 20 sections: two fused groups (16 + 4), the state handed from one to the next.
    sos = ss.butter(40, 0.3, output="sos")
    x = rng.standard_normal((3, 4000))
    zi = rng.standard_normal((20, 3, 2))
    y, zf = signal.sosfilt(sos, cunp.asarray(x), zi=cunp.asarray(zi))
    want_y, want_zf = ss.sosfilt(sos, x, zi=zi)
    _check(cunp.asnumpy(y), want_y, 1e-9)
    _check(cunp.asnumpy(zf), want_zf, 1e-9)


@gpu
@pytest.mark.parametrize("order", [40, 100])
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_device_high_orders(ss, order, dtype):
    # More than 32 delays: a long numerator over a short denominator (convolution, then the
    # scan), a pure FIR, and long denominators (SciPy's loop, a thread per signal). Moderate
    # denominators agree with SciPy to rounding; an ill-conditioned one (order 100, poles to
    # 0.9, where SciPy's own error against exact arithmetic shows) within a few times SciPy's
    # own distance from the exact answer.
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(order)
    x = _random((3, 3000), dtype, rng)
    tol = _tol(dtype, 3000)
    short_b, short_a = _stable(3, rng)
    long_b = rng.standard_normal(order + 1) / order
    for b, a in [(long_b, short_a), (long_b, numpy.ones(1)), _stable(order, rng, 0.6)]:
        for view in (lambda v: v, lambda v: v[::-1, ::2]):
            xh, xd = view(x), view(cunp.asarray(x))
            _check(cunp.asnumpy(signal.lfilter(b, a, xd)), ss.lfilter(b, a, xh), tol)
            zi = _random((xh.shape[0], order), dtype, rng)
            y, zf = signal.lfilter(b, a, xd, zi=cunp.asarray(zi))
            want_y, want_zf = ss.lfilter(b, a, xh, zi=zi)
            assert y.dtype == want_y.dtype and zf.dtype == want_zf.dtype
            _check(cunp.asnumpy(y), want_y, tol)
            _check(cunp.asnumpy(zf), want_zf, tol)
        # Along axis 0 of a (n, rows) array: the serial loop reads strided rows.
        xt = numpy.ascontiguousarray(x.T)
        _check(cunp.asnumpy(signal.lfilter(b, a, cunp.asarray(xt), axis=0)),
               ss.lfilter(b, a, xt, axis=0), tol)
    if dtype == "float64":
        b, a = short_b, _stable(order, rng, 0.9)[1]
        x = x[:, :1500]
        exact = _exact(b, a, x)
        want = ss.lfilter(b, a, x)
        got = cunp.asnumpy(signal.lfilter(b, a, cunp.asarray(x)))
        own = numpy.abs(want - exact).max()
        assert numpy.abs(got - exact).max() <= 4 * own + 1e-12 * numpy.abs(exact).max()


@gpu
def test_device_transient_growth(ss):
    # Direct-form Butterworth filters whose state matrix's powers grow by 1e3 to 1e9 before
    # they decay (test_dispatch_transient_growth on the CPU): as close to the exact filter as
    # SciPy's own loop, one long signal and a batch.
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(6)
    for order, cutoff in [(4, 0.02), (8, 0.1), (8, 0.02), (16, 0.2), (4, 0.002)]:
        b, a = ss.butter(order, cutoff)
        for shape in [(1, 200000), (16, 12000)]:
            x = rng.standard_normal(shape)
            exact = _exact(b, a, x[:, :12000])
            own = numpy.abs(ss.lfilter(b, a, x[:, :12000]) - exact).max()
            got = cunp.asnumpy(signal.lfilter(b, a, cunp.asarray(x)))[:, :12000]
            assert numpy.abs(got - exact).max() <= 3 * own + 1e-13 * numpy.abs(exact).max()


@gpu
def test_device_batched_float32_butterworth(ss):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(4)
    sos = ss.butter(8, 0.05, output="sos").astype(numpy.float32)
    x = rng.standard_normal((8, 1 << 17)).astype(numpy.float32)
    got = cunp.asnumpy(signal.sosfilt(sos, cunp.asarray(x)))
    want = ss.sosfilt(sos, x)
    assert got.dtype == numpy.float32
    _check(got, want, _tol("float32", x.shape[1]))
    # The scan accumulates in double: closer to the exact answer than float32's sequential one.
    exact = ss.sosfilt(sos.astype(numpy.float64), x.astype(numpy.float64))
    assert numpy.abs(got - exact).max() <= numpy.abs(want - exact).max() * 1.5 + 1e-6


@gpu
def test_device_filtfilt(ss):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(5)
    b, a = ss.butter(4, 0.1)
    sos = ss.butter(6, 0.1, output="sos")
    x = rng.standard_normal((4, 5000))
    _check(cunp.asnumpy(signal.filtfilt(b, a, cunp.asarray(x))), ss.filtfilt(b, a, x), 1e-8)
    _check(cunp.asnumpy(signal.sosfiltfilt(sos, cunp.asarray(x))), ss.sosfiltfilt(sos, x),
           1e-8)


@gpu
def test_device_symiir(ss):
    # The last samples once differed by 2e-5 relative: symiirorder2's anti-causal starting
    # values took |r|**k < precision terms where SciPy stops at coefficient**2 < precision
    # (test_dispatch_symiir and test_spline_filters check the counts on the CPU).
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(5)
    rng.standard_normal((4, 5000))
    x1 = rng.standard_normal(4000)
    _check(cunp.asnumpy(signal.symiirorder1(cunp.asarray(x1), 0.5, 0.1)),
           ss.symiirorder1(x1, 0.5, 0.1), 1e-8)
    _check(cunp.asnumpy(signal.symiirorder2(cunp.asarray(x1), 0.5, 0.1)),
           ss.symiirorder2(x1, 0.5, 0.1), 1e-8)
    x2 = rng.standard_normal((3, 3000)).astype(numpy.float32)
    _check(cunp.asnumpy(signal.symiirorder2(cunp.asarray(x2), 0.6, 0.3)),
           ss.symiirorder2(x2, 0.6, 0.3), 1e-4)


# --- the host glue (CPU): _filtering's dispatch to the scan, with a NumPy model as the kernel --

@pytest.fixture
def modelled(monkeypatch):
    """A NumPy namespace that _iir_scan takes for cunp, and the model as the kernel's entry."""
    import math
    import types

    fake = types.ModuleType("cunp")
    fake.__dict__.update({k: getattr(numpy, k) for k in dir(numpy) if not k.startswith("__")})
    fake.asnumpy = numpy.asarray
    calls = []

    def entry(form, order, x, coef, power, group_power, zi, block, group, out_dtype):
        calls.append((form, order, x.shape, block, group))
        rows, n = math.prod(x.shape[:-1]), x.shape[-1]
        zi2 = None if zi is None else numpy.reshape(zi, (rows, -1))
        y, zf = block_scan(form, order, numpy.reshape(x, (rows, n)), coef, zi2, block,
                           out_dtype, group)
        return y.reshape(x.shape), zf.reshape(-1)

    def serial(x, coef, z, out_dtype):
        calls.append(("serial", coef.size // 2 - 1, x.shape))
        return _iir_scan.serial_loop(x, coef, z, out_dtype)

    monkeypatch.setattr(_iir_scan, "entry", lambda: entry)
    monkeypatch.setattr(_iir_scan, "serial_entry", lambda: serial)
    return fake, calls


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_dispatch_lfilter_axes_and_states(ss, modelled, dtype):
    from cunp.scipy.signal import _filtering

    xp, calls = modelled
    rng = numpy.random.default_rng(11)
    b, a = ss.butter(3, 0.2)
    x = _random((3, 150, 2), dtype, rng)
    for axis in (0, 1, -1):
        zshape = list(x.shape)
        zshape[axis] = 3
        zi = _random(zshape, dtype, rng)
        y, zf = _filtering.lfilter(xp, b, a, x, axis, zi)
        want_y, want_zf = ss.lfilter(b, a, x, axis, zi)
        assert y.dtype == want_y.dtype and zf.dtype == want_zf.dtype
        _check(y, want_y, _tol(dtype, x.shape[axis]))
        _check(zf, want_zf, _tol(dtype, x.shape[axis]))
    assert calls and all(c[0] == "direct" and c[1] == 3 for c in calls)
    # Integer input is cast by the kernel; a zi broadcast along the other axes.
    xi = rng.integers(-3, 3, (2, 100))
    y, zf = _filtering.lfilter(xp, b, a, xi, -1, numpy.ones((1, 3)))
    want_y, want_zf = ss.lfilter(b, a, xi, -1, numpy.ones((2, 3)))
    _check(y, want_y, 1e-10)
    _check(zf, want_zf, 1e-10)


def test_dispatch_sosfilt_groups_of_sections(ss, modelled):
    from cunp.scipy.signal import _filtering

    xp, calls = modelled
    rng = numpy.random.default_rng(12)
    # 20 sections: a fused group of 16, then one of 4, the state of the cascade in between.
    sos = ss.butter(40, 0.3, output="sos")
    x = rng.standard_normal((2, 130, 3))
    zi = rng.standard_normal((20, 2, 2, 3))
    y, zf = _filtering.sosfilt(xp, sos, x, axis=1, zi=zi)
    want_y, want_zf = ss.sosfilt(sos, x, axis=1, zi=zi)
    _check(y, want_y, 1e-9)
    _check(zf, want_zf, 1e-9)
    assert [c[:2] for c in calls] == [("sos", 16), ("sos", 4)]
    _check(_filtering.sosfilt(xp, sos[:3], x, axis=0), ss.sosfilt(sos[:3], x, axis=0), 1e-10)


def test_dispatch_symiir(ss, modelled):
    # symiirorder1/2 on the modelled kernel: both passes through the scan, the boundary sums
    # with SciPy's term counts, so even the last samples agree to rounding.
    from cunp.scipy.signal import _spline_filters

    xp, calls = modelled
    rng = numpy.random.default_rng(5)
    rng.standard_normal((4, 5000))
    x1 = rng.standard_normal(4000)
    _check(_spline_filters.symiirorder1(xp, x1, 0.5, 0.1), ss.symiirorder1(x1, 0.5, 0.1), 1e-12)
    _check(_spline_filters.symiirorder2(xp, x1, 0.5, 0.1), ss.symiirorder2(x1, 0.5, 0.1), 1e-12)
    x2 = rng.standard_normal((3, 700)).astype(numpy.float32)
    _check(_spline_filters.symiirorder2(xp, x2, 0.6, 0.3), ss.symiirorder2(x2, 0.6, 0.3), 1e-4)
    assert calls


def _exact(b, a, x):
    """lfilter's recurrence in long double along the last axis (a reference where SciPy's own
    rounding shows: high-order denominators)."""
    b, a = b.astype(numpy.longdouble), a.astype(numpy.longdouble)
    x = x.astype(numpy.longdouble)
    y = numpy.zeros_like(x)
    for t in range(x.shape[-1]):
        acc = (b[:t + 1] * x[..., t::-1][..., :len(b)]).sum(-1)
        if t:
            acc -= (a[1:t + 1] * y[..., t - 1::-1][..., :len(a) - 1]).sum(-1)
        y[..., t] = acc
    return y.astype(numpy.float64)


@pytest.mark.parametrize("order", [40, 100])
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_dispatch_high_orders(ss, modelled, order, dtype):
    # More than MAX_STATES delays. A long numerator over a short denominator: the numerator as a
    # convolution, then 1/A by the scan (3 delays); a pure FIR: no scan at all; a long
    # denominator: SciPy's loop, one thread per signal (here its NumPy model), so even an
    # ill-conditioned order-100 denominator agrees with SciPy to rounding.
    from cunp.scipy.signal import _filtering

    xp, calls = modelled
    rng = numpy.random.default_rng(order)
    x = _random((2, 700, 3), dtype, rng)
    tol = _tol(dtype, 700)
    short_b, short_a = _stable(3, rng)
    long_b = rng.standard_normal(order + 1) / order
    for b, a, route in [(long_b, short_a, ("direct", 3)), (long_b, numpy.ones(1), None),
                        (*_stable(order, rng, 0.6), ("serial", order)),
                        (short_b, _stable(order, rng, 0.9)[1], ("serial", order))]:
        del calls[:]
        for axis in (1, -1):
            zshape = list(x.shape)
            zshape[axis] = order
            zi = _random(zshape, dtype, rng)
            y, zf = _filtering.lfilter(xp, b, a, x, axis, zi)
            want_y, want_zf = ss.lfilter(b, a, x, axis, zi)
            assert y.dtype == want_y.dtype and zf.dtype == want_zf.dtype
            _check(y, want_y, tol)
            _check(zf, want_zf, tol)
            _check(_filtering.lfilter(xp, b, a, x, axis), ss.lfilter(b, a, x, axis), tol)
        assert {c[:2] for c in calls} == ({route} if route else set())


def _direct_state_matrix(b, a):
    q = max(len(a), len(b)) - 1
    coef = numpy.zeros(2 * (q + 1))
    coef[:len(b)], coef[q + 1:q + 1 + len(a)] = b, a
    return _iir_scan.state_space(_iir_scan.direct_step, coef, q, numpy.float64)[0]


def test_carry_block(ss):
    # The direct form's block grows until A^L no longer expands (or one block covers the
    # signal); none up to MAX_BLOCK means the serial loop.
    assert _iir_scan.carry_block(_direct_state_matrix(*ss.butter(4, 0.1)), 64, 10 ** 6) == 64
    assert _iir_scan.carry_block(_direct_state_matrix(*ss.butter(8, 0.02)), 64, 10 ** 6) == 2048
    assert _iir_scan.carry_block(_direct_state_matrix(*ss.butter(8, 0.02)), 64, 100) == 128
    assert _iir_scan.carry_block(_direct_state_matrix(*ss.butter(4, 0.002)), 64, 10 ** 6) is None


@pytest.mark.parametrize("design", ["butter(4, 0.02)", "butter(8, 0.1)", "butter(8, 0.02)",
                                    "butter(16, 0.2)", "butter(4, 0.002)", "poles 0.8 x 9"])
def test_dispatch_transient_growth(ss, modelled, design):
    # Direct-form filters whose state matrix's powers grow by 1e3 to 1e9 before they decay.
    # With 64-sample blocks the carry lost up to everything (butter(8, 0.02): 5e+133 off);
    # with the block rule (or the serial loop, butter(4, 0.002)) the result is as close to the
    # exact filter as SciPy's own.
    from cunp.scipy.signal import _filtering

    xp, calls = modelled
    if design.startswith("poles"):
        b, a = numpy.ones(1), numpy.poly([0.8] * 9)
    else:
        order, cutoff = eval(design[len("butter"):])
        b, a = ss.butter(order, cutoff)
    x = numpy.random.default_rng(4).standard_normal((2, 12000))
    exact = _exact(b, a, x)
    scale = numpy.abs(exact).max()
    own = numpy.abs(ss.lfilter(b, a, x) - exact).max()
    got = _filtering.lfilter(xp, b, a, x)
    assert numpy.abs(got - exact).max() <= 3 * own + 1e-13 * scale
    serial = design == "butter(4, 0.002)"
    assert [c[0] == "serial" for c in calls] == [serial]


def test_high_order_host_path(ss):
    # NumPy arrays (the host maths): a denominator past MAX_STATES runs the same loop, where
    # the doubling composition's companion-matrix powers overflowed (order 100, poles to 0.9).
    from cunp.scipy.signal import _filtering

    rng = numpy.random.default_rng(9)
    for order, radius in [(40, 0.9), (100, 0.9), (100, 0.5)]:
        b, a = _stable(order, rng, radius)
        x = rng.standard_normal((2, 600))
        zi = rng.standard_normal((2, order))
        y, zf = _filtering.lfilter(numpy, b, a, x, -1, zi)
        want_y, want_zf = ss.lfilter(b, a, x, -1, zi)
        _check(y, want_y, 1e-13)
        _check(zf, want_zf, 1e-13)
    assert _filtering.lfilter(numpy, b, a, numpy.zeros((2, 0)), -1, zi)[1].shape == (2, 100)


def test_dispatch_filtfilt_and_empty(ss, modelled):
    from cunp.scipy.signal import _filtering

    xp, _ = modelled
    rng = numpy.random.default_rng(13)
    b, a = ss.butter(4, 0.25)
    sos = ss.butter(4, 0.25, output="sos")
    x = rng.standard_normal((2, 200))
    _check(_filtering.filtfilt(xp, b, a, x), ss.filtfilt(b, a, x), 1e-10)
    _check(_filtering.sosfiltfilt(xp, sos, x), ss.sosfiltfilt(sos, x), 1e-10)
    zi = rng.standard_normal((2, 4))
    y, zf = _filtering.lfilter(xp, b, a, numpy.zeros((2, 0)), -1, zi)
    assert y.shape == (2, 0)
    numpy.testing.assert_array_equal(zf, zi)
