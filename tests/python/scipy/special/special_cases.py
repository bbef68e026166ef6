"""The accuracy cases of cunp.scipy.special: for each ufunc, the domains its float64 and
float32 results are compared with scipy.special's over, and the largest error allowed there.

Shared by the GPU tests (test_special_accuracy.py) and tools/special-accuracy, which prints the
measured table. An error is counted in units in the last place of the result's dtype; where
SciPy's value is below `floor` in magnitude (near a zero of the function, where relative error
means nothing; a floor below the dtype's smallest normal counts as that) the absolute
difference must stay below `floor` times the ulp bound's epsilon instead. Bounds above 4 ulp
say why in `note`.
"""
import numpy as np

_rng = np.random.default_rng(20261127)


def lin(a, b, n=20001):
    return np.linspace(a, b, n)


def geo(a, b, n=20001):
    return np.geomspace(a, b, n)


def both(a, b, n=10001):
    """Symmetric log-spaced points in [-b, -a] and [a, b]."""
    g = np.geomspace(a, b, n)
    return np.concatenate([-g[::-1], g])


def uni(a, b, n=20001):
    return _rng.uniform(a, b, n)


def _off_poles(pole):
    """Degrees in [-1e3, 1e3] at least 1 from pole + 180 k."""
    x = uni(-1e3, 1e3)
    d = np.abs((x - pole + 90) % 180 - 90)
    return x[d >= 1]


def _off_integers(a, b, gap):
    """Uniform points in [a, b] at least `gap` from every integer."""
    x = uni(a, b)
    return x[np.abs(x - np.round(x)) >= gap]


def _near_poles(pole):
    k = np.arange(-5, 6)
    return (pole + 180.0 * k[:, None] + uni(-1, 1, 2001)[None, :]).ravel()


def pairs(xa, xb):
    """Every (x, y) of two grids, flattened."""
    x, y = np.meshgrid(xa, xb, indexing="ij")
    return x.ravel(), y.ravel()


class Case:
    def __init__(self, name, domain, args, ulp64=4, ulp32=2, floor=0.0, note="", reference=None):
        self.name, self.domain, self.args = name, domain, args
        self.ulp64, self.ulp32, self.floor, self.note = ulp64, ulp32, floor, note
        self.reference = reference  # the float64 reference, where it is not scipy.special's


def reference(case, sp):
    """The function the case measures against: scipy.special's, unless the case names another
    (where SciPy's own value is not the function's)."""
    return case.reference or getattr(sp, case.name)


def _unflushed(name, exact):
    """scipy.special's `name`, except where it underflows to 0 while the result is still a
    subnormal (Cephes' exp2 returns 0 below x = -1024 and exp10 below x = -308.2547): there
    `exact`, NumPy's correctly rounded value (cunp returns the subnormal)."""
    def ref(x):
        import scipy.special as sp
        want = np.asarray(getattr(sp, name)(x))
        with np.errstate(all="ignore"):
            true = np.asarray(exact(np.asarray(x, dtype=np.float64)))
        return np.where((want == 0) & (true != 0), true, want)
    return ref


def _grid2(xa, xb):
    return lambda: pairs(xa, xb)


LIBDEVICE = "CUDA libdevice's bound plus SciPy's own error"
BESSEL_JY = ("absolute where |value| < 1: CUDA's libdevice j0/j1/y0/y1 bound their error "
             "absolutely past |x| = 8, and SciPy's is ~1e3 ulp relative near the zeros")
IBETA = ("through the incomplete beta function (SciPy: Boost's ibeta); mostly SciPy's own error, "
         "see betainc")
IGAM = ("SciPy's own error: its factor exp(a log x - x - lgamma(a)) rounds a sum of size "
        "a log x + x in magnitude (cunp: Stirling's form with a double-double exponent, "
        "Temme's expansion for a > 20; within 6 ulp of mpmath on the host)")
IBETA_NOW = ("mostly SciPy's own error (Boost's ibeta: up to ~300 ulp from mpmath at a, b near "
             "100); cunp's prefactor is Stirling's form or powers of double-double ratios, its "
             "continued fraction summed backward, small b's power series past the mean")
IGAM_INV = ("SciPy iterates on its own gammainc (above); cunp's x is within the conditioning of "
            "x -> P of the exact root")


INV_BOXCOX = ("exp(log1p(lambda y) / lambda) multiplies the rounding of log1p and of the quotient "
              "by the exponent (23 at y = 4.95, lambda = -0.2): SciPy 1.17 is 25 ulp off there")


def _triples(lo, hi, n, xs):
    """(a, b, x) for a, b log-spaced in [lo, hi] and every x in xs."""
    a = geo(lo, hi, n)
    A, B, X = np.meshgrid(a, a, xs, indexing="ij")
    return A.ravel(), B.ravel(), X.ravel()


def _triples_ab(a, b, xs):
    """Every (a, b, x) of three grids, flattened."""
    A, B, X = np.meshgrid(a, b, xs, indexing="ij")
    return A.ravel(), B.ravel(), X.ravel()


def _scaled(a_lo, a_hi, r_lo, r_hi):
    """(a, x) with a log-spaced and x = a r."""
    a, r = pairs(geo(a_lo, a_hi, 101), lin(r_lo, r_hi, 101))
    return a, a * r

CASES = [
    # error function and normal distribution
    Case("erf", "[-6, 6]", lambda: (lin(-6, 6),), 4),
    Case("erf", "tiny", lambda: (both(1e-300, 1e-3),), 4),
    Case("erfc", "[-6, 6]", lambda: (lin(-6, 6),), 64,
         note="SciPy's erfc is off by up to ~30 ulp near x = 6"),
    Case("erfc", "[6, 26.5]", lambda: (lin(6, 26.5),), 1024, floor=1e-300,
         note="SciPy's exp(-x^2) rounds x^2: off by up to ~470 ulp near 26 (and it flushes to 0 "
         "past 26.6)"),
    Case("erfcx", "[-26, 1e6]", lambda: (np.concatenate([lin(-26, 30), geo(30, 1e6)]),), 1024,
         note="left of 0 SciPy's 2 exp(x^2) - erfcx(-x) rounds x^2 (~350 ulp at -26)"),
    Case("erfinv", "(-1, 1)", lambda: (lin(-1, 1)[1:-1],), 8, note=LIBDEVICE),
    Case("erfinv", "tiny", lambda: (both(1e-300, 1e-3),), 8, note=LIBDEVICE),
    Case("erfcinv", "(0, 2)", lambda: (np.concatenate([geo(1e-300, 1e-3), lin(1e-3, 2)[:-1]]),), 8,
         note=LIBDEVICE),
    Case("ndtr", "[-3, 8]", lambda: (lin(-3, 8),), 32,
         note=LIBDEVICE + " (SciPy: 17 ulp at -2.957, where it rounds x/sqrt(2) before erfc)"),
    Case("ndtr", "[-37, -3]", lambda: (lin(-37, -3),), 3000, floor=1e-300,
         note="SciPy rounds x/sqrt(2) before erfc, an error of about x^2 ulp in the left tail"),
    Case("ndtri", "(0, 1)", lambda: (np.concatenate([geo(1e-300, 1e-3), lin(1e-3, 1)[:-1]]),), 8,
         note=LIBDEVICE),
    Case("log_ndtr", "[-1e5, 10]", lambda: (np.concatenate([-geo(3, 1e5)[::-1], lin(-3, 10)]),),
         256, note="SciPy's tail rounds x/sqrt(2) as ndtr does (~110 ulp); CUDA's erfcx"),
    # gamma family
    Case("gamma", "(0, 171.6]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 171.6)]),), 16,
         note="CUDA's tgamma is within 11 ulp"),
    Case("gamma", "(-170, 0) non-integer", lambda: (uni(-170, 0),), 32, floor=0,
         note="CUDA's tgamma is within 11 ulp"),
    Case("gammaln", "(0, 1e300]", lambda: (np.concatenate([geo(1e-300, 0.5), lin(0.5, 100),
                                                           geo(100, 1e300)]),),
         16, floor=1, note="absolute where |log Gamma| < 1 (zeros at 1 and 2); CUDA's lgamma "
         "is within 4 ulp, SciPy's 4"),
    Case("gammaln", "(-100, 0) non-integer", lambda: (uni(-100, 0),), 64, floor=0.5,
         note="left of 0 log|Gamma| has zeros between poles; absolute error near them"),
    Case("loggamma", "(0, 1e300]", lambda: (geo(1e-300, 1e300),), 16, floor=1,
         note="absolute where |log Gamma| < 1"),
    Case("gammasgn", "[-100, 100]", lambda: (uni(-100, 100),), 0),
    Case("rgamma", "[-170, 171.6]", lambda: (uni(-170, 171.6),), 16,
         note="CUDA's tgamma is within 11 ulp (SciPy overflows left of -170.5 and gives 0 "
         "right of 171.6; cunp does neither)"),
    Case("psi", "(0, 1e300]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 30),
                                                       geo(30, 1e300)]),), 6, floor=1e-10),
    Case("psi", "(-100, 0), 0.01 from integers", lambda: (_off_integers(-100, 0, 0.01),), 256,
         floor=1, note="absolute near the zeros between the poles (psi(1-x) - pi cot(pi x) "
         "cancels); SciPy's reflection is off by up to 6 |x| / d ulp at a distance d from the "
         "poles (59 ulp here, 2.6e4 at 1e-5 from -21), so points nearer them are left out"),
    Case("poch", "z in (0, 50], m in [-20, 20]", _grid2(uni(0.01, 50, 201), uni(-20, 20, 201)),
         1024, note="SciPy's gamma ratio (Cephes) is off by up to ~500 ulp"),
    Case("beta", "(0, 85]^2", _grid2(geo(1e-3, 85, 201), geo(1e-3, 85, 201)), 64,
         note="a ratio of three gamma functions (11 ulp each in CUDA)"),
    Case("beta", "(0, 300]^2, a + b > 171", _grid2(lin(86, 300, 101), lin(86, 300, 101)), 2e4,
         note="past Gamma's overflow both libraries take exp of a sum of log-gammas, whose "
         "rounding grows with a and b (SciPy's by up to ~1e4 ulp, cunp's less)"),
    Case("betaln", "(0, 1e3]^2", _grid2(geo(1e-3, 1e3, 201), geo(1e-3, 1e3, 201)), 64,
         floor=1e4, note="absolute: SciPy's difference of log-gammas loses ~1e-12 where one "
         "argument is much larger; cunp's Stirling form does not"),
    Case("binom", "n in [-20, 100], k in [0, 30]",
         _grid2(uni(-20, 100, 201), np.arange(0, 31.0)), 64, floor=1e-12,
         note="products of rounded terms; SciPy's own formula"),
    # incomplete gamma and its inverses
    Case("gammainc", "a in (0, 20], x in [0, 50]", _grid2(geo(1e-3, 20, 201), lin(0, 50, 201)),
         256, floor=1e-300, note=IGAM),
    Case("gammaincc", "a in (0, 20], x in [0, 50]", _grid2(geo(1e-3, 20, 201), lin(0, 50, 201)),
         512, floor=1e-300, note=IGAM),
    Case("gammainc", "a in (0, 100], x in [0, 200]", _grid2(geo(1e-3, 100, 201), lin(0, 200, 201)),
         2048, floor=1e-300, note=IGAM),
    Case("gammaincc", "a in (0, 100], x in [0, 200]",
         _grid2(geo(1e-3, 100, 201), lin(0, 200, 201)), 2048, floor=1e-300, note=IGAM),
    Case("gammainc", "a in [20, 1e4], x/a in [0.9, 1.1]", lambda: _scaled(20, 1e4, 0.9, 1.1),
         512, floor=1e-300, note=IGAM),
    Case("gammaincc", "a in [20, 1e4], x/a in [0.9, 1.1]", lambda: _scaled(20, 1e4, 0.9, 1.1),
         512, floor=1e-300, note=IGAM),
    Case("gammaincinv", "a in [0.1, 100], p in [0, 1]", _grid2(geo(0.1, 100, 201), lin(0, 1, 201)),
         512, note=IGAM_INV),
    Case("gammainccinv", "a in [0.1, 100], q in [0, 1]",
         _grid2(geo(0.1, 100, 201), lin(0, 1, 201)), 512, note=IGAM_INV),
    Case("gammaincinv", "a in [0.01, 0.1], p in [0, 1]",
         _grid2(geo(0.01, 0.1, 51), lin(0, 1, 201)), 4096,
         note="x = (p Gamma(a + 1))^(1/a) multiplies p's relative error by 1/a"),
    Case("betainc", "a, b in [0.1, 10], x in [0, 1]", lambda: _triples(0.1, 10, 31, lin(0, 1, 101)),
         256, floor=1e-300, note=IBETA_NOW),
    Case("betainc", "a, b in [0.01, 100], x in [0, 1]",
         lambda: _triples(0.01, 100, 31, lin(0, 1, 101)), 1024, floor=1e-300,
         note=IBETA_NOW + "; past the mean with b > 1 and I small 1 - I_(1-x)(b, a) still "
         "cancels"),
    # distribution functions (through the incomplete gamma and beta functions)
    Case("pdtr", "k in [0, 50], m in [0, 60]", _grid2(np.arange(0, 51.0), lin(0, 60, 201)), 1024,
         floor=1e-300, note=IGAM),
    Case("pdtrc", "k in [0, 50], m in [0, 60]", _grid2(np.arange(0, 51.0), lin(0, 60, 201)), 1024,
         floor=1e-300, note=IGAM),
    Case("pdtri", "k in [0, 50], y in (0, 1)", _grid2(np.arange(0, 51.0), lin(0, 1, 201)[1:-1]),
         64, note=IGAM),
    Case("chdtr", "v in (0, 100], x in [0, 200]", _grid2(geo(0.1, 100, 101), lin(0, 200, 201)),
         1024, floor=1e-300, note=IGAM),
    Case("chdtrc", "v in (0, 100], x in [0, 200]", _grid2(geo(0.1, 100, 101), lin(0, 200, 201)),
         1024, floor=1e-300, note=IGAM),
    Case("chdtri", "v in [0.2, 100], y in [0, 1]", _grid2(geo(0.2, 100, 101), lin(0, 1, 201)),
         1024, note=IGAM),
    Case("gdtr", "a in (0, 10], b in (0, 50], x in [0, 20]",
         lambda: _triples_ab(geo(0.1, 10, 21), geo(0.1, 50, 21), lin(0, 20, 41)), 1024,
         floor=1e-300, note=IGAM),
    Case("gdtrc", "a in (0, 10], b in (0, 50], x in [0, 20]",
         lambda: _triples_ab(geo(0.1, 10, 21), geo(0.1, 50, 21), lin(0, 20, 41)), 1024,
         floor=1e-300, note=IGAM),
    Case("bdtr", "k in [0, 40], n = 40, p in [0, 1]",
         lambda: _triples_ab(np.arange(0, 41.0), np.array([40.0]), lin(0, 1, 201)), 128,
         floor=1e-300, note=IBETA),
    Case("bdtrc", "k in [0, 40], n = 40, p in [0, 1]",
         lambda: _triples_ab(np.arange(0, 41.0), np.array([40.0]), lin(0, 1, 201)), 128,
         floor=1e-300, note=IBETA),
    Case("nbdtr", "k in [0, 40], n in [1, 20], p in [0, 1]",
         lambda: _triples_ab(np.arange(0, 41.0), np.arange(1, 21.0), lin(0, 1, 101)), 128,
         floor=1e-300, note=IBETA),
    Case("nbdtrc", "k in [0, 40], n in [1, 20], p in [0, 1]",
         lambda: _triples_ab(np.arange(0, 41.0), np.arange(1, 21.0), lin(0, 1, 101)), 128,
         floor=1e-300, note=IBETA),
    Case("fdtr", "a, b in [0.5, 50], x in [0, 20]",
         lambda: _triples_ab(geo(0.5, 50, 21), geo(0.5, 50, 21), lin(0, 20, 41)), 512,
         floor=1e-300, note=IBETA),
    Case("fdtrc", "a, b in [0.5, 50], x in [0, 20]",
         lambda: _triples_ab(geo(0.5, 50, 21), geo(0.5, 50, 21), lin(0, 20, 41)), 256,
         floor=1e-300, note=IBETA),
    # exponential integrals
    Case("exp1", "(0, 700]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 700)]),), 16),
    Case("expi", "[-700, 700]", lambda: (np.concatenate([-geo(1e-300, 700)[::-1],
                                                        geo(1e-300, 700)]),), 512, floor=1,
         note="absolute where |Ei| < 1 (its root at 0.3725); SciPy's Ei is off by ~170 ulp "
         "near 40"),
    # elliptic integrals
    Case("ellipk", "[-1e6, 1)", lambda: (np.concatenate([-geo(1, 1e6)[::-1], lin(-1, 1)[:-1]]),), 8),
    Case("ellipkm1", "(0, 1e6]", lambda: (geo(1e-300, 1e6),), 8),
    # zeta
    Case("zetac", "(1, 100]", lambda: (np.concatenate([1 + geo(1e-8, 1, 5001), lin(2, 100)]),), 8),
    Case("zetac", "[-30, 1)", lambda: (lin(-30, 0.99),), 1e4, floor=1,
         note="SciPy rounds pi x / 2 before its sine: relative error grows near the trivial "
         "zeros (cunp uses sinpi)"),
    # logistic and information theory
    Case("expit", "[-700, 700]", lambda: (lin(-700, 700),), 4),
    Case("logit", "(0, 1)", lambda: (np.concatenate([geo(1e-300, 1e-3), lin(1e-3, 1)[:-1]]),), 4,
         floor=1e-12),
    Case("log_expit", "[-700, 700]", lambda: (lin(-700, 700),), 4),
    Case("entr", "[0, 1e300]", lambda: (np.concatenate([geo(1e-300, 1e300)]),), 4, floor=1e-14),
    Case("rel_entr", "(0, 1e3]^2", _grid2(geo(1e-5, 1e3, 201), geo(1e-5, 1e3, 201)), 4, floor=1e-9),
    Case("kl_div", "(0, 1e3]^2", _grid2(geo(1e-5, 1e3, 201), geo(1e-5, 1e3, 201)), 512, floor=1e-9,
         note="SciPy's x log(x/y) - x + y cancels where x ~ y: one ulp of x log(x/y) - x (about x "
         "eps, as an FMA or a log rounded the other way gives) is 256 ulp of the result there"),
    Case("huber", "[0, 10] x [-20, 20]", _grid2(lin(0, 10, 201), lin(-20, 20, 201)), 4),
    Case("pseudo_huber", "[0, 10] x [-20, 20]", _grid2(lin(0, 10, 201), lin(-20, 20, 201)), 8,
         note="SciPy's rounding of delta^2 (sqrt(1 + v^2) - 1)"),
    Case("xlogy", "[-10, 10] x (0, 1e300]", _grid2(lin(-10, 10, 201), geo(1e-300, 1e300, 201)), 4,
         floor=1e-12),
    Case("xlog1py", "[-10, 10] x (-1, 1e300]",
         _grid2(lin(-10, 10, 201), np.concatenate([lin(-0.999, 1, 101), geo(1, 1e300, 100)])), 4,
         floor=1e-12),
    # exponentials and trigonometry
    Case("exp2", "[-1070, 1023]", lambda: (lin(-1070, 1023),), 4,
         reference=_unflushed("exp2", np.exp2),
         note="below -1024 SciPy returns 0 where the result is a subnormal: measured against "
         "NumPy's exp2 there"),
    Case("exp10", "[-320, 308]", lambda: (lin(-320, 308),), 4,
         reference=_unflushed("exp10", lambda x: np.power(10.0, x)),
         note="below -308.2547 SciPy returns 0 where the result is a subnormal: measured "
         "against NumPy's 10.0**x there"),
    Case("expm1", "[-40, 709]", lambda: (np.concatenate([lin(-40, 709), both(1e-300, 1e-3)]),), 4),
    Case("log1p", "(-1, 1e300]", lambda: (np.concatenate([lin(-0.999999, 10), geo(10, 1e300),
                                                         both(1e-300, 1e-3)]),), 4, floor=1e-300),
    Case("cbrt", "[-1e300, 1e300]", lambda: (both(1e-300, 1e300),), 4),
    Case("exprel", "[-700, 700]", lambda: (np.concatenate([lin(-700, 700), both(1e-20, 1e-3)]),), 4),
    Case("cosm1", "[-pi/4, pi/4]", lambda: (np.concatenate([lin(-0.785, 0.785),
                                                           both(1e-300, 1e-3)]),), 4, floor=1e-13),
    Case("cosm1", "[-10, 10]", lambda: (lin(-10, 10),), 4, floor=1,
         note="absolute where |cos x - 1| < 1: past pi/4 SciPy takes cos(x) - 1, which keeps only "
         "cos's absolute accuracy (256 ulp of the result at -6.342, near the zero at -2 pi)"),
    Case("sindg", "[-1e4, 1e4] deg", lambda: (lin(-1e4, 1e4, 40001),), 4, floor=1e-13),
    Case("cosdg", "[-1e4, 1e4] deg", lambda: (lin(-1e4, 1e4, 40001),), 4, floor=1e-13),
    Case("tandg", "[-1e3, 1e3] deg, 1 deg from poles", lambda: (_off_poles(90),), 128,
         floor=1e-13, note="SciPy's tan(x pi/180) is ill-conditioned towards the poles"),
    Case("cotdg", "[-1e3, 1e3] deg, 1 deg from poles", lambda: (_off_poles(0),), 128,
         floor=1e-13, note="SciPy's tan(x pi/180) is ill-conditioned towards the poles"),
    Case("tandg", "within 1 deg of poles", lambda: (_near_poles(90),), 1e7,
         note="SciPy takes tan of x * pi/180, rounded: ill-conditioned at the poles"),
    Case("cotdg", "within 1 deg of poles", lambda: (_near_poles(0),), 1e7,
         note="SciPy takes tan of x * pi/180, rounded: ill-conditioned at the poles"),
    Case("radian", "d, m, s in [-360, 360]",
         lambda: (uni(-360, 360), uni(-60, 60), uni(-60, 60)), 4, floor=1e-10),
    Case("round", "[-1e6, 1e6]", lambda: (np.concatenate([uni(-1e6, 1e6), np.arange(-50, 50) + 0.5]),), 0),
    # Box-Cox
    Case("boxcox", "(0, 1e3] x [-5, 5]", _grid2(geo(1e-5, 1e3, 201), lin(-5, 5, 201)), 4,
         floor=1e-12),
    Case("boxcox1p", "(-1, 1e3] x [-5, 5]", _grid2(np.concatenate([lin(-0.999, 1, 101),
                                                                  geo(1, 1e3, 100)]),
                                                  lin(-5, 5, 201)), 32, floor=1e-12,
         note="expm1(lambda log1p(x)) / lambda multiplies log1p's rounding by the exponent (12.5 "
              "at x = 13.2, lambda = 4.7): cunp and SciPy land up to 28 ulp apart there"),
    Case("inv_boxcox", "[-5, 5] x [-2, 2]", _grid2(lin(-5, 5, 201), lin(-2, 2, 201)), 64,
         note=INV_BOXCOX),
    Case("inv_boxcox1p", "[-5, 5] x [-2, 2]", _grid2(lin(-5, 5, 201), lin(-2, 2, 201)), 1024,
         floor=1e-12, note="cunp carries the exponent log1p(lambda y) / lambda to twice double's "
         "precision (within 8 ulp of mpmath); SciPy's plain form is off by up to ~420 ulp where "
         "1 + lambda y is small (1.35, -0.74)"),
    # Bessel functions
    Case("i0", "[-700, 700]", lambda: (lin(-700, 700),), 4),
    Case("i0e", "[-1e5, 1e5]", lambda: (np.concatenate([lin(-700, 700), both(700, 1e5)]),), 4,
         note="Cephes' series as polynomials; SciPy's Clenshaw sum is up to 7 ulp off below 1.5"),
    Case("i1", "[-700, 700]", lambda: (lin(-700, 700),), 32, floor=1e-300,
         note="CUDA's cyl_bessel_i1 against Cephes' Chebyshev series"),
    Case("i1e", "[-1e5, 1e5]", lambda: (np.concatenate([lin(-700, 700), both(700, 1e5)]),), 32,
         floor=1e-300, note="CUDA's cyl_bessel_i1 against Cephes' Chebyshev series"),
    Case("k0", "(0, 700]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 700)]),), 16,
         note="trapezoidal integral summed in double, and Cephes' own error"),
    Case("k0e", "(0, 1e5]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 700), geo(700, 1e5)]),),
         16, note="series times exp(x) below 1"),
    Case("k1", "(0, 700]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 700)]),), 16,
         note="trapezoidal integral summed in double, and Cephes' own error"),
    Case("k1e", "(0, 1e5]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 700), geo(700, 1e5)]),),
         16, note="series times exp(x) below 1"),
    Case("j0", "[-100, 100]", lambda: (lin(-100, 100),), 1e5, floor=1, note=BESSEL_JY),
    Case("j1", "[-100, 100]", lambda: (lin(-100, 100),), 1e5, floor=1, note=BESSEL_JY),
    Case("y0", "(0, 100]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 100)]),), 1e5,
         floor=1, note=BESSEL_JY),
    Case("y1", "(0, 100]", lambda: (np.concatenate([geo(1e-300, 1), lin(1, 100)]),), 1e5,
         floor=1, note=BESSEL_JY),
    Case("yn", "n in [-5, 5], x in (0, 50]", _grid2(np.arange(-5, 6.0), lin(0.1, 50, 2001)), 1e5,
         floor=1, note=BESSEL_JY + "; upward recurrence in both libraries"),
]


def ulp_error(got, ref):
    """|got - ref| in ulps of ref's dtype, per element: 0 where both are NaN or the same
    infinity (or both zero, whatever the sign), inf where only one is NaN or infinite."""
    got = np.asarray(got)
    ref = np.asarray(ref).astype(got.dtype)
    ints = {np.dtype(np.float64): np.int64, np.dtype(np.float32): np.int32}[got.dtype]

    def ordered(v):
        # Floats as integers in the order of their values (-0 and +0 both 0).
        i = v.view(ints).astype(np.int64)
        return np.where(i < 0, np.int64(np.iinfo(ints).min) - i, i)

    og, orf = ordered(got), ordered(ref)
    with np.errstate(over="ignore"):
        exact = np.abs(og - orf).astype(np.float64)  # exact while both have one sign
    # Across zero the integer difference may wrap; there the float sum is close enough.
    across = (og < 0) != (orf < 0)
    err = np.where(across, np.abs(og.astype(np.float64)) + np.abs(orf.astype(np.float64)), exact)
    same = (np.isnan(got) & np.isnan(ref)) | (got == ref)
    err = np.where(same, 0.0, err)
    bad = np.isnan(got) != np.isnan(ref)
    bad |= (np.isinf(got) | np.isinf(ref)) & ~same
    return np.where(bad, np.inf, err)


def measure(case, gpu_fn, ref_fn, dtype):
    """The case's largest error in ulp of `dtype` (the absolute excess below `floor` counts
    as that many epsilons), and the inputs where it was found."""
    args64 = [np.asarray(a, dtype=np.float64) for a in case.args()]
    args = [a.astype(dtype) for a in args64]
    # The reference is SciPy's float64 value at the inputs as rounded to `dtype`.
    with np.errstate(all="ignore"):
        ref = np.asarray(ref_fn(*[a.astype(np.float64) for a in args]), dtype=np.float64)
    got = np.asarray(gpu_fn(*args))
    err = ulp_error(got, ref.astype(dtype))
    if case.floor:
        # A floor below the dtype's smallest normal means "near underflow": for float32 that is
        # float32's own (1e-300 is 0 there). eps is a Python float, so that floor * eps cannot
        # underflow to 0 in float32 arithmetic (NEP 50 would keep a float32 eps's product
        # float32), which made every exact zero 0/0 = NaN.
        floor = max(case.floor, float(np.finfo(dtype).tiny))
        small = np.abs(ref) < floor
        eps = float(np.finfo(dtype).eps)
        with np.errstate(invalid="ignore"):
            absolute = np.abs(got.astype(np.float64) - ref) / (floor * eps)
        absolute = np.where(np.isnan(got) & np.isnan(ref), 0.0, absolute)
        err = np.where(small, absolute, err)
    if err.size == 0:
        return 0.0, None
    k = int(np.argmax(err))
    return float(err[k]), tuple(float(a.ravel()[k]) for a in args)


# The second increment's functions (elliptic integrals beyond K, expn, Wright's function,
# Legendre functions, nbdtri); multi-output and complex ones are in test_special_new.py.
CARLSON = "Carlson's R_F and R_D (duplication to a fifth-order series) against SciPy's Cephes"
CASES += [
    Case("ellipe", "[-1e3, 1]", lambda: (np.concatenate([lin(-1e3, 1), 1 - geo(1e-16, 1, 2001)]),),
         16, note=CARLSON),
    Case("ellipkinc", "phi in [-10, 10], m in [-5, 1]",
         _grid2(lin(-10, 10, 201), np.concatenate([lin(-5, 1, 181), 1 - geo(1e-12, 1e-2, 20)])),
         32, note=CARLSON + "; 2 n K(m) added for the periods"),
    Case("ellipeinc", "phi in [-10, 10], m in [-5, 1]",
         _grid2(lin(-10, 10, 201), np.concatenate([lin(-5, 1, 181), 1 - geo(1e-12, 1e-2, 20)])),
         32, note=CARLSON + "; 2 n E(m) added for the periods"),
    Case("expn", "n in [0, 50], x in (0, 100]",
         _grid2(np.arange(0, 51.0), np.concatenate([geo(1e-10, 1, 101), lin(1, 100, 400)])), 256,
         floor=1e-300, note="SciPy's expn is off by up to ~70 ulp for x ~ n (mpmath agrees "
         "with cunp's continued fraction there)"),
    Case("wright_bessel", "a in [0, 5], b in [0, 5], x in [0, 50]",
         lambda: _triples_ab(lin(0, 5, 26), lin(0, 5, 26), lin(0, 50, 51)), 1024,
         note="the positive-term series, each term's log as a double-double, summed outward "
         "from the peak term; SciPy's own expansions"),
    Case("lpmv", "m in [-4, 4], v in [0, 30] integer, x in [-1, 1]",
         lambda: _triples_ab(np.arange(-4, 5.0), np.arange(0, 31.0), lin(-1, 1, 201)), 1e4,
         floor=1e3, note="absolute against the functions' scale (|P| reaches 1e7 here); the "
         "recurrence in the degree, as SciPy's"),
    Case("nbdtri", "k in [0, 40], n in [1, 20], y in [0, 1]",
         lambda: _triples_ab(np.arange(0, 41.0), np.arange(1, 21.0), lin(0, 1, 101)), 2048,
         floor=1e-300, note=IBETA),
]


# Faddeeva-based real functions: erfi = exp(x^2) Im w(x), dawsn = sqrt(pi)/2 Im w(x).
WEIDEMAN = ("Weideman's rational approximation of w (N = 40), Laplace's continued fraction, "
            "Taylor near 0; SciPy is off by up to ~80 ulp near 0.01 (mpmath agrees with cunp)")
CASES += [
    Case("erfi", "[-26, 26]", lambda: (np.concatenate([lin(-26, 26), both(1e-300, 0.5)]),), 256,
         note=WEIDEMAN),
    Case("dawsn", "[-1e10, 1e10]", lambda: (np.concatenate([lin(-30, 30), both(1e-300, 1e10)]),),
         256, note=WEIDEMAN),
]
CASES += [
    Case("spence", "[0, 1e300]", lambda: (np.concatenate([lin(0, 50), geo(1e-300, 1e300)]),), 64,
         floor=1e-300, note="'t Hooft-Veltman's Bernoulli series and Li2's reflections; SciPy "
         "is off by up to ~20 ulp near x = 2 (mpmath agrees with cunp)"),
]
CASES += [
    Case("voigt_profile", "x in [-20, 20], sigma in (0, 5], gamma in [0, 5]",
         lambda: _triples_ab(lin(-20, 20, 81), geo(0.01, 5, 21), lin(0, 5, 21)), 1024,
         note="Re w near the real axis is relative to abs(w): the tails lose ~1e-12 relative"),
    Case("agm", "(0, 1e300]^2", _grid2(geo(1e-300, 1e300, 201), geo(1e-300, 1e300, 201)), 8),
]


# (x, the value to 17 digits by mpmath at 100 digits) where SciPy's own formula cancels: near the
# zeros of cos x - 1 (710 is 6e-5 from 113 * 2 pi) and of log Gamma at 1 and 2.
MPMATH = {
    "cosm1": [(710.0, -1.8173640789234052e-09), (1e-08, -5e-17), (1e300, -1.575386111957549),
              (6.283185307179586, -2.999519565323715e-32)],
    "gammaln": [(1 - 1e-16, 6.408381213480008e-17), (0.9999999, 5.772157468444193e-08),
                (1 + 1e-15, -6.408381213479996e-16), (2.000000001, 4.2278437040226697e-10),
                (1.0000001, -5.772155829918507e-08)],
}
MPMATH["loggamma"] = MPMATH["gammaln"]
