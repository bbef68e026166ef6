"""cunp.scipy.special on the GPU against scipy.special: accuracy in ulp over each function's
domains (special_cases.py), special values, dtypes, broadcasting, out=, non-contiguous and
empty input, SciPy dispatch through __array_ufunc__, and the compositions."""
import os
import sys

import numpy as np
import pytest

import cunp

sys.path.insert(0, os.path.dirname(__file__))
import special_cases  # noqa: E402

pytestmark = pytest.mark.gpu
sp = pytest.importorskip("scipy.special")


def _special():
    import cunp.scipy.special as special
    return special


def _on_gpu(name):
    f = getattr(_special(), name)
    return lambda *args: cunp.asnumpy(f(*[cunp.asarray(a) for a in args]))


def _case_id(c):
    return f"{c.name}-{c.domain}"


@pytest.mark.parametrize("case", special_cases.CASES, ids=_case_id)
def test_accuracy_float64(case):
    ref = special_cases.reference(case, sp)
    err, where = special_cases.measure(case, _on_gpu(case.name), ref, np.float64)
    assert err <= case.ulp64, f"{case.name} on {case.domain}: {err} ulp at {where}"


@pytest.mark.parametrize("case", special_cases.CASES, ids=_case_id)
def test_accuracy_float32(case):
    ref = special_cases.reference(case, sp)
    err, where = special_cases.measure(case, _on_gpu(case.name), ref, np.float32)
    assert err <= case.ulp32, f"{case.name} on {case.domain}: {err} ulp at {where}"


# Special values: poles, limits, signed zeros, infinities and NaN, in every unary ufunc.
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-300, -1e-300, 1e300, -1e300,
                    np.inf, -np.inf, np.nan, 5e-324, 709.0, 710.0, -745.0, 171.6, 172.0, 90.0,
                    180.0, 270.0, -90.0, 1 - 1e-16, 1 + 1e-15, 0.9999999, 1e-8, -1e-8])
UNARY = [c for c in special_cases.CASES if len(c.args()) == 1]
UNARY_NAMES = sorted({c.name for c in UNARY})
BINARY_NAMES = ["poch", "beta", "betaln", "binom", "rel_entr", "kl_div", "huber",
                "pseudo_huber", "xlogy", "xlog1py", "boxcox", "boxcox1p", "inv_boxcox",
                "inv_boxcox1p", "yn", "gammainc", "gammaincc", "gammaincinv", "gammainccinv",
                "pdtr", "pdtrc", "pdtri", "chdtr", "chdtrc", "chdtri"]
_LOOSE = {"gamma": 1e-13, "rgamma": 1e-13, "tandg": 1e-11, "cotdg": 1e-11, "i1": 1e-14,
          "i1e": 1e-14, "j0": 1e-11, "j1": 1e-11, "y0": 1e-11, "y1": 1e-11, "zetac": 1e-12,
          "poch": 1e-12, "beta": 1e-11, "binom": 1e-12, "yn": 1e-11, "gammaln": 1e-14,
          "loggamma": 1e-14, "log_ndtr": 1e-14, "ndtr": 1e-13, "gammainc": 1e-12,
          "gammaincc": 1e-12, "gammaincinv": 1e-12, "gammainccinv": 1e-12, "pdtr": 1e-12,
          "pdtrc": 1e-12, "pdtri": 1e-12, "chdtr": 1e-12, "chdtrc": 1e-12, "chdtri": 1e-12}


# Bessel J and Y: CUDA's libdevice bounds their error absolutely past |x| = 8.
_ATOL = {"j0": 2e-11, "j1": 2e-11, "y0": 2e-11, "y1": 2e-11, "yn": 2e-11}


def _assert_close(got, want, name, rtol=None):
    rtol = rtol or _LOOSE.get(name, 5e-15)
    atol = _ATOL.get(name, 1e-300)
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=name)
    ok = ~np.isnan(want)
    np.testing.assert_array_equal(np.isinf(got[ok]), np.isinf(want[ok]), err_msg=name)
    fin = ok & np.isfinite(want)
    np.testing.assert_allclose(got[fin], want[fin], rtol=rtol, atol=atol, err_msg=name)
    inf = ok & np.isinf(want)
    np.testing.assert_array_equal(got[inf], want[inf], err_msg=name)


# Inputs where SciPy's value is its own rounding error, not the function's: cotdg(+-1e-8) is off
# by 2e-7 relative in SciPy and cotdg(+-1e-300) is inf there (cunp returns 180 / (pi x)). At the
# smallest subnormal SciPy overflows or underflows on the way: gammaln and loggamma are inf (1/x
# overflows; cunp returns -log x = 744.4) and erfcinv is inf (x/2 rounds to 0 before ndtri;
# cunp returns 27.2). Near the zeros of cos x - 1 and of log Gamma SciPy cancels: cosm1(710)
# (710 is 6e-5 from 113 * 2 pi) is cos(710) - 1, 2.3e-8 relative off; gammaln and loggamma at
# 1 - 2^-53 and 0.9999999 are 2.5 and 3e-9 relative off (2.2e-16 for 6.4e-17). cunp's values
# there are mpmath's (test_values_where_scipy_cancels).
_SKIP_VALUES = {"cotdg": [1e-8, -1e-8, 1e-300, -1e-300],
                "gammaln": [5e-324, 1 - 1e-16, 0.9999999],
                "loggamma": [5e-324, 1 - 1e-16, 0.9999999], "erfcinv": [5e-324],
                "cosm1": [710.0]}

_MPMATH = special_cases.MPMATH  # where SciPy's own formula cancels


@pytest.mark.parametrize("name", sorted(_MPMATH))
def test_values_where_scipy_cancels(name):
    x, want = (np.array(v) for v in zip(*_MPMATH[name]))
    # CUDA's sin is within 2 ulp: -2 sin^2(x/2) within about 5
    np.testing.assert_allclose(_on_gpu(name)(x), want, rtol=2e-15, atol=0)


@pytest.mark.parametrize("name", UNARY_NAMES)
def test_special_values(name):
    x = SPECIAL[~np.isin(SPECIAL, _SKIP_VALUES.get(name, []))]
    with np.errstate(all="ignore"):
        want = getattr(sp, name)(x)
    got = _on_gpu(name)(x)
    # Relative error means nothing at a result that is zero in one library and tiny in the
    # other (an underflow, a zero of the function reached by rounding): compare those to 0.
    tiny = np.abs(want) < 1e-290
    got = np.where(tiny & (np.abs(got) < 1e-290), want, got)
    _assert_close(got, want, name)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=False, reason="the sign of yn's infinities "
                                            "for negative orders differs from SciPy 1.18 at a few "
                                            "of these points: to be matched"))
    if n == "yn" else n for n in BINARY_NAMES])
def test_special_value_pairs(name):
    values = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 3.0, 1e-300, 1e300, np.inf, -np.inf,
                       np.nan, 20.0, -20.5])
    if name in ("beta", "betaln", "binom"):
        # Infinite and extreme arguments are corner cases where SciPy's branches (Cephes' and
        # its asymptotic ones) give values cunp does not reproduce yet.
        values = values[np.isfinite(values) | np.isnan(values)]
        values = values[~np.isin(values, [1e300, 1e-300])]
    if name in ("inv_boxcox", "inv_boxcox1p"):
        values = values[values != 1e300]  # SciPy avoids overflow of lambda * y; cunp not yet
    x, y = special_cases.pairs(values, values)
    if name.startswith(("gammainc", "pdtr", "chdtr")):
        # a beyond 1e6 (no asymptotic expansion yet) and the inverses at a = 0 (where SciPy's
        # values follow no single rule, nor for p outside [0, 1] at tiny a) are left out.
        keep = ~np.isin(x, [1e300, np.inf])
        if name.endswith("inv") or name in ("pdtri", "chdtri"):
            keep &= (x != 0) & ~((x < 1e-200) & ((y < 0) | (y > 1)))
        x, y = x[keep], y[keep]
    if name == "yn":
        x = np.trunc(np.nan_to_num(x, nan=0.0, posinf=3.0, neginf=-3.0))
        # An order beyond int's range at x past it: SciPy runs a 2^31-step recurrence there
        # (a minute per element) for a value that no longer belongs to the order.
        keep = ~((np.abs(x) >= 2.0 ** 31) & (np.abs(y) >= 2.0 ** 31) & np.isfinite(y))
        x, y = x[keep], y[keep]
    with np.errstate(all="ignore"):
        want = getattr(sp, name)(x, y)
    got = _on_gpu(name)(x, y)
    tiny = np.abs(want) < 1e-290
    got = np.where(tiny & (np.abs(got) < 1e-290), want, got)
    _assert_close(got, want, name)


def test_betainc_values_and_round_trip():
    s = _special()
    v = np.array([0.0, 1.0, 0.5, -1.0, 2.0, np.inf, np.nan, 1e-300])
    a, b, x = np.meshgrid(v, v, np.array([0.0, 0.3, 1.0, -0.1, 1.1, np.nan]), indexing="ij")
    a, b, x = a.ravel(), b.ravel(), x.ravel()
    with np.errstate(all="ignore"):
        want = sp.betainc(a, b, x)
    _assert_close(_on_gpu("betainc")(a, b, x), want, "betainc", rtol=1e-12)
    rng = np.random.default_rng(5)
    a, b, y = rng.uniform(0.5, 20, 2000), rng.uniform(0.5, 20, 2000), rng.uniform(0, 1, 2000)
    xi = s.betaincinv(cunp.asarray(a), cunp.asarray(b), cunp.asarray(y))
    np.testing.assert_allclose(sp.betainc(a, b, cunp.asnumpy(xi)), y, rtol=1e-10, atol=1e-13)
    # SciPy's own inverse is off by up to ~1e-8 here (betaincinv(a, a, 0.5) is not 0.5), so the
    # comparison with it is loose; the round trip above is the accuracy check.
    np.testing.assert_allclose(cunp.asnumpy(xi), sp.betaincinv(a, b, y), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("name", ["gdtr", "gdtrc", "bdtr", "bdtrc", "bdtri", "nbdtr", "nbdtrc",
                                  "fdtr", "fdtrc", "fdtri"])
def test_distribution_special_values(name):
    v = np.array([0.0, 1.0, 0.5, -1.0, 2.0, 5.0, np.inf, np.nan, 1.5])
    a, b, x = np.meshgrid(v, v, np.array([0.0, 0.3, 1.0, -0.1, 1.1, np.nan, 3.0]), indexing="ij")
    a, b, x = a.ravel(), b.ravel(), x.ravel()
    with np.errstate(all="ignore"):
        want = getattr(sp, name)(a, b, x)
    _assert_close(_on_gpu(name)(a, b, x), want, name, rtol=1e-12)


def test_radian_values():
    d = np.array([0.0, 90.0, -180.0, 360.0, np.nan, np.inf])
    _assert_close(_on_gpu("radian")(d, d / 3, d / 7), sp.radian(d, d / 3, d / 7), "radian")


@pytest.mark.parametrize("dtype", "?bhilBHILefd")
@pytest.mark.parametrize("name", ["erf", "erfinv", "gammaln", "expit", "i0e", "yn", "xlogy",
                                  "poch", "radian"])
def test_dtypes_match_scipy(name, dtype):
    f, g = getattr(_special(), name), getattr(sp, name)
    x = np.arange(1, 4).astype(dtype) if dtype != "?" else np.array([True, False, True])
    args = [x] * g.nin
    with np.errstate(all="ignore"):
        want = g(*args)
    got = f(*[cunp.asarray(a) for a in args])
    assert got.dtype == want.dtype
    _assert_close(cunp.asnumpy(got), want, name, rtol=1e-6 if want.dtype == np.float32 else None)


def test_python_scalars():
    s = _special()
    x = cunp.asarray(np.array([0.5, 2.0], dtype=np.float32))
    assert s.xlogy(x, 2.0).dtype == sp.xlogy(np.float32([0.5, 2]), 2.0).dtype
    assert s.erf(x).dtype == np.float32
    r = s.erf(0.5)
    assert float(r) == pytest.approx(sp.erf(0.5), rel=1e-15)


def test_broadcasting_out_and_layouts():
    s = _special()
    rng = np.random.default_rng(1)
    a = rng.uniform(0.1, 5, (4, 1, 6))
    b = rng.uniform(0.1, 5, (3, 1))
    got = s.beta(cunp.asarray(a), cunp.asarray(b))
    _assert_close(cunp.asnumpy(got), sp.beta(a, b), "beta")
    out = cunp.empty((4, 3, 6))
    r = s.beta(cunp.asarray(a), cunp.asarray(b), out=out)
    assert r is out
    _assert_close(cunp.asnumpy(out), sp.beta(a, b), "beta")
    # Non-contiguous, negative strides, 0-d and empty.
    m = rng.uniform(-3, 3, (8, 10))
    v = cunp.asarray(m)[::2, ::-3]
    _assert_close(cunp.asnumpy(s.erf(v)), sp.erf(m[::2, ::-3]), "erf")
    _assert_close(cunp.asnumpy(s.erf(v.T)), sp.erf(m[::2, ::-3].T), "erf")
    z = s.gammaln(cunp.asarray(np.float64(3.5)))
    assert z.shape == () and float(z) == pytest.approx(sp.gammaln(3.5), rel=1e-15)
    e = s.expit(cunp.empty((0, 3), dtype=np.float32))
    assert e.shape == (0, 3) and e.dtype == np.float32
    with pytest.raises(ValueError):
        s.beta(cunp.ones(3), cunp.ones(4))
    # out= of another dtype casts as NumPy's same_kind rule allows.
    o32 = cunp.empty(5, dtype=np.float32)
    s.ndtr(cunp.linspace(-2, 2, 5), out=o32)
    _assert_close(cunp.asnumpy(o32), sp.ndtr(np.linspace(-2, 2, 5)).astype(np.float32), "ndtr",
                  rtol=1e-6)
    w = cunp.zeros(4)
    s.expit(cunp.asarray([1.0, 2.0, 3.0, 4.0]), out=w,
            where=cunp.asarray([True, False, True, False]))
    np.testing.assert_allclose(cunp.asnumpy(w), [sp.expit(1.0), 0, sp.expit(3.0), 0], rtol=1e-15)


def test_scipy_dispatches_to_cunp():
    s = _special()
    x = cunp.linspace(0.1, 3, 7)
    for name in ["erf", "gammaln", "psi", "cbrt", "round", "exp2", "i0", "xlogy"]:
        g = getattr(sp, name)
        args = [x] * g.nin
        r = g(*args)
        assert isinstance(r, cunp.ndarray), name
        _assert_close(cunp.asnumpy(r), g(*[cunp.asnumpy(a) for a in args]), name)
    r = sp.digamma(x)
    assert isinstance(r, cunp.ndarray)
    out = cunp.empty(7)
    assert sp.erf(x, out=out) is out
    # zeta(x, q) goes through SciPy's private ufunc, which cunp also has.
    r = sp.zeta(x + 1.5, 2.0)
    assert isinstance(r, cunp.ndarray)
    _assert_close(cunp.asnumpy(r), sp.zeta(cunp.asnumpy(x) + 1.5, 2.0), "zetac")
    assert s.erf.reduce is not None


def test_reduce():
    s = _special()
    m = np.random.default_rng(2).uniform(0.5, 2, (5, 4))
    got = s.huber.reduce(cunp.asarray(m), axis=0)
    np.testing.assert_allclose(cunp.asnumpy(got), sp.huber.reduce(m, axis=0), rtol=1e-14)


def test_zeta_and_polygamma():
    s = _special()
    x = np.linspace(1.5, 30, 50)
    _assert_close(cunp.asnumpy(s.zeta(cunp.asarray(x))), sp.zeta(x), "zetac")
    _assert_close(cunp.asnumpy(s.zeta(cunp.asarray(x), 2.5)), sp.zeta(x, 2.5), "zetac")
    n = np.array([0, 1, 2, 3, 5])[:, None]
    y = np.linspace(0.2, 20, 40)[None, :]
    got = s.polygamma(cunp.asarray(n), cunp.asarray(y))
    np.testing.assert_allclose(cunp.asnumpy(got), sp.polygamma(n, y), rtol=1e-13)


def test_multigammaln():
    s = _special()
    a = np.linspace(3, 40, 20)
    for d in (1, 2, 5):
        np.testing.assert_allclose(cunp.asnumpy(s.multigammaln(cunp.asarray(a), d)),
                                   sp.multigammaln(a, d), rtol=1e-13)
    with pytest.raises(ValueError):
        s.multigammaln(cunp.asarray([1.0, 2.0]), 5)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_logsumexp(axis, keepdims):
    s = _special()
    rng = np.random.default_rng(3)
    a = rng.normal(0, 50, (6, 7))
    got = s.logsumexp(cunp.asarray(a), axis=axis, keepdims=keepdims)
    want = sp.logsumexp(a, axis=axis, keepdims=keepdims)
    assert got.shape == np.shape(want)
    np.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-13)
    b = rng.uniform(-1, 1, (6, 7))
    got, sgn = s.logsumexp(cunp.asarray(a), axis=axis, b=cunp.asarray(b), keepdims=keepdims,
                           return_sign=True)
    want, wsgn = sp.logsumexp(a, axis=axis, b=b, keepdims=keepdims, return_sign=True)
    np.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-12)
    np.testing.assert_array_equal(cunp.asnumpy(sgn), wsgn)


def test_logsumexp_edges():
    s = _special()
    a = np.array([[-np.inf, -np.inf], [np.inf, 1.0], [np.nan, 0.0], [1000.0, 1000.0]])
    with np.errstate(all="ignore"):
        want = sp.logsumexp(a, axis=1)
    _assert_close(cunp.asnumpy(s.logsumexp(cunp.asarray(a), axis=1)), want, "logsumexp")
    f = np.float32([[1, 2, 3]])
    got = s.logsumexp(cunp.asarray(f), axis=1)
    assert got.dtype == sp.logsumexp(f, axis=1).dtype
    b = np.array([[0.0, 0.0]])
    _assert_close(cunp.asnumpy(s.logsumexp(cunp.asarray([[1.0, 2.0]]), axis=1,
                                           b=cunp.asarray(b))),
                  sp.logsumexp(np.array([[1.0, 2.0]]), axis=1, b=b), "logsumexp")


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_softmax(axis):
    s = _special()
    a = np.random.default_rng(4).normal(0, 30, (5, 8))
    np.testing.assert_allclose(cunp.asnumpy(s.softmax(cunp.asarray(a), axis=axis)),
                               sp.softmax(a, axis=axis), rtol=1e-12, atol=1e-300)
    # Near 0 (the largest entry of a column far above the rest) both take log of a sum rounded
    # to 1 + tiny, whose rounding depends on the summation order: an absolute error of an ulp.
    np.testing.assert_allclose(cunp.asnumpy(s.log_softmax(cunp.asarray(a), axis=axis)),
                               sp.log_softmax(a, axis=axis), rtol=1e-12, atol=4e-16)


def test_sinc_is_numpys():
    x = np.linspace(-3, 3, 13)
    np.testing.assert_allclose(cunp.asnumpy(_special().sinc(cunp.asarray(x))), sp.sinc(x),
                               rtol=1e-15, atol=1e-300)


# The float32 loops of gammaln and i0e compute mostly in float (src/device/special/
# gamma_function.cuh, bessel.cuh): dense sweeps against SciPy's float64 values, in ulp of the
# float32 result; relative near gammaln's zeros at 1 and 2, absolute (float eps) near the zeros
# left of 0 and where |log Gamma| < 1.
def _ulp32(got, want):
    with np.errstate(over="ignore"):
        w32 = np.asarray(want, dtype=np.float64).astype(np.float32)
    with np.errstate(invalid="ignore"):
        err = np.abs(got.astype(np.float64) - w32) / np.spacing(np.abs(w32)).astype(np.float64)
    same = (got == w32) | (np.isnan(got) & np.isnan(w32))
    return np.where(same, 0.0, err)


def test_gammaln_float32_loop_sweeps():
    x = np.concatenate([np.geomspace(1e-38, 0.8, 100001), np.linspace(0.8, 2.2, 200001),
                        np.linspace(2.2, 60, 200001), np.geomspace(60, 3e38, 100001),
                        np.linspace(4.0e36, 4.1e36, 20001),  # the last finite results
                        np.linspace(-60, 0, 200001), [1.0, 2.0, 0.0, -0.0, np.inf, -np.inf,
                                                       np.nan, -1.0, -2.5]]).astype(np.float32)
    got = _on_gpu("gammaln")(x)
    assert got.dtype == np.float32
    with np.errstate(all="ignore"):
        want = sp.gammaln(x.astype(np.float64))
    err = _ulp32(got, want)
    small = np.abs(want) < 1
    with np.errstate(invalid="ignore"):
        absolute = np.abs(got.astype(np.float64) - want) / np.finfo(np.float32).eps
    err = np.where(small & ~np.isnan(want), absolute, err)
    assert err.max() <= 2, (err.max(), x[np.argmax(err)])
    near = (np.abs(x - 1) <= 0.2) | (np.abs(x - 2) <= 0.2)
    rel = _ulp32(got[near], want[near])
    assert rel.max() <= 2, (rel.max(), x[near][np.argmax(rel)])
    assert got[-9:-7].tolist() == [0.0, 0.0]


def test_gammaln_bench_input_layouts():
    # The bench's input, uniform on (0, 50), where nearly every warp mixes lanes below 4 (the
    # float loop's fixed shift by 4) with lanes near the zeros and the Stirling lanes; as a
    # reversed view and an F-ordered block, in both loops.
    x = np.random.default_rng(61).uniform(0, 50, 1 << 18) + 1e-3
    for dt in (np.float32, np.float64):
        a = x.astype(dt)
        with np.errstate(all="ignore"):
            want = sp.gammaln(a.astype(np.float64))
        for view in (lambda v: v[::-1], lambda v: np.asfortranarray(v.reshape(512, 512))):
            got = _on_gpu("gammaln")(view(a)).ravel()
            w = view(want).ravel()
            assert got.dtype == dt
            if dt == np.float32:
                err = _ulp32(got, w)
                small = np.abs(w) < 1
                err = np.where(small, np.abs(got - w) / np.finfo(np.float32).eps, err)
                assert err.max() <= 2, (err.max(), view(a).ravel()[np.argmax(err)])
            else:
                # absolute near the zeros at 1 and 2, where SciPy's own value is accurate only
                # absolutely (4e-12 relative at 2 - 7e-5; this loop's series: 1 ulp, below)
                np.testing.assert_allclose(got, w, rtol=1e-14, atol=1e-15)


def test_gammaln_float64_near_the_zeros_against_mpmath():
    # The float64 loop's own Taylor series at 2 (16 terms, coefficients (zeta(k) - 1)/k) and its
    # Chebyshev fit at 1 (16 terms): within 1 ulp of the exact value, down to the smallest
    # offsets from the zeros (SciPy's value keeps only an absolute accuracy there).
    mpmath = pytest.importorskip("mpmath")
    rng = np.random.default_rng(12)
    for c in (2.0, 1.0):
        x = np.concatenate([rng.uniform(c - 0.2, c + 0.2, 2000),
                            c + rng.choice([-1, 1], 600) * np.geomspace(2.3e-16, 0.2, 600),
                            [c - 0.2, c + 0.2, c]])
        got = _on_gpu("gammaln")(x)
        with mpmath.workdps(40):
            exact = np.array([float(mpmath.loggamma(mpmath.mpf(float(t)))) for t in x])
        err = np.where(got == exact, 0.0, np.abs(got - exact) / np.spacing(np.abs(exact)))
        assert err.max() <= 1, (c, err.max(), x[np.argmax(err)])
        assert (got[x == c] == 0).all()


def test_i0e_float32_loop_sweeps():
    x = np.concatenate([np.linspace(-700, 700, 400001), np.linspace(7.99, 8.01, 20001),
                        np.geomspace(700, 3e38, 100001), -np.geomspace(1e-40, 1, 10001),
                        [0.0, -0.0, np.inf, -np.inf, np.nan]]).astype(np.float32)
    got = _on_gpu("i0e")(x)
    assert got.dtype == np.float32
    err = _ulp32(got, sp.i0e(x.astype(np.float64)))
    assert err.max() <= 2, (err.max(), x[np.argmax(err)])
    # Non-contiguous float16 input takes the same float loop (SciPy 1.18 lists 'f->f' first).
    h = np.linspace(-20, 20, 101).astype(np.float16)
    np.testing.assert_allclose(_on_gpu("i0e")(h[::-2]), sp.i0e(h[::-2]), rtol=3e-7)


# The float64 loop of i0e sums Cephes' series as ordinary polynomials (src/device/special/
# bessel.cuh): within 4 ulp of SciPy from |x| = 1.5 on, 8 below, where SciPy's own Clenshaw sum
# is up to 7 ulp off the exact value (test_special_host.py checks against mpmath).
def test_i0e_float64_polynomial_sweeps():
    rng = np.random.default_rng(21)
    x = np.concatenate([np.linspace(-60, 60, 400001), rng.uniform(-50, 50, 400000),
                        np.linspace(7.99, 8.01, 20001), np.geomspace(8, 1.7e308, 100001),
                        -np.geomspace(1e-300, 1.5, 20001), [0.0, -0.0, np.inf, -np.inf, np.nan]])
    got = _on_gpu("i0e")(x)
    want = sp.i0e(x)
    assert got.dtype == np.float64
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    fin = ~np.isnan(want)
    err = np.abs(got[fin] - want[fin]) / np.spacing(np.abs(want[fin]))
    err[got[fin] == want[fin]] = 0  # e^-x I0(x) is 0 at infinity
    away = np.abs(x[fin]) >= 1.5
    assert err[away].max() <= 4, (err[away].max(), x[fin][away][np.argmax(err[away])])
    assert err[~away].max() <= 8, (err[~away].max(), x[fin][~away][np.argmax(err[~away])])


@pytest.mark.parametrize("name,dtype,lo,hi", [("i0e", np.float64, -50, 50),
                                              ("gammaln", np.float32, 1e-3, 50)])
def test_float_loops_layouts(name, dtype, lo, hi):
    # The bench's domains in F order, reversed, strided, 0-d and empty: near SciPy's float64
    # function (float32: within 1 ulp of it rounded, 1 eps absolute below 1; i0e's float64 loop:
    # 8 ulp, as in the sweep above).
    rng = np.random.default_rng(22)
    a = rng.uniform(lo, hi, (301, 211)).astype(dtype)
    f = getattr(_special(), name)
    for view in (np.asfortranarray(a), a[::-1, ::-2], a.T[3:, ::3], a[5, 7], a[:0]):
        got = f(cunp.asarray(view))
        want = getattr(sp, name)(np.asarray(view).astype(np.float64))
        assert got.dtype == dtype and got.shape == np.shape(view)
        got = cunp.asnumpy(got).astype(np.float64)
        scale = np.spacing(np.maximum(np.abs(want), 1.0 if dtype == np.float32 else 0.0)
                           .astype(dtype)).astype(np.float64)
        tol = 1 if dtype == np.float32 else 8
        assert np.all(np.abs(got - want) <= tol * scale + (0.5 * scale if dtype == np.float32 else 0))
