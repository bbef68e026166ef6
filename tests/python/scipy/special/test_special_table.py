"""cunp.scipy.special without a GPU: every name is there, each ufunc's loops, arity and
identity are SciPy's (real loops), type resolution matches scipy.special's, and the lazy
submodule loads on first use."""
import numpy as np
import pytest

import cunp
from cunp import _core

UFUNCS = [
    "erf", "erfc", "erfcx", "erfinv", "erfcinv", "ndtr", "ndtri", "log_ndtr",
    "gamma", "gammaln", "loggamma", "gammasgn", "rgamma", "psi", "digamma", "poch", "beta",
    "betaln", "binom", "zetac", "gammainc", "gammaincc", "gammaincinv", "gammainccinv",
    "betainc", "betaincinv", "pdtr", "pdtrc", "pdtri", "chdtr", "chdtrc", "chdtri", "gdtr",
    "gdtrc", "bdtr", "bdtrc", "bdtri", "nbdtr", "nbdtrc", "fdtr", "fdtrc", "fdtri", "ellipk",
    "ellipkm1", "exp1", "expi",
    "expit", "logit", "log_expit", "entr", "rel_entr", "kl_div", "huber", "pseudo_huber",
    "xlogy", "xlog1py",
    "exp2", "exp10", "expm1", "log1p", "cbrt", "exprel", "cosm1", "cosdg", "sindg", "tandg",
    "cotdg", "radian", "round",
    "boxcox", "boxcox1p", "inv_boxcox", "inv_boxcox1p",
    "i0", "i0e", "i1", "i1e", "k0", "k0e", "k1", "k1e", "j0", "j1", "y0", "y1", "yn",
]
FUNCTIONS = ["zeta", "polygamma", "multigammaln", "logsumexp", "softmax", "log_softmax", "sinc"]


def _special():
    import cunp.scipy.special as special
    return special


@pytest.mark.parametrize("name", UFUNCS)
def test_ufunc_present(name):
    f = getattr(_special(), name)
    assert isinstance(f, cunp.ufunc)
    assert f.nout == 1 and f.__doc__
    assert name in _special().__all__


@pytest.mark.parametrize("name", FUNCTIONS)
def test_function_present(name):
    assert callable(getattr(_special(), name))


def test_not_at_top_level():
    # SciPy's ufuncs live in cunp.scipy.special only; cunp.cbrt stays NumPy's.
    assert not hasattr(cunp, "erf")
    assert cunp.cbrt is not _special().cbrt
    assert _special().digamma is _special().psi


def test_lazy_submodule():
    import cunp.scipy
    assert "special" in dir(cunp.scipy)
    assert cunp.scipy.special is _special()


def _scipy_special():
    """scipy.special where it is the release the table follows (1.18: its loop order and
    float32 loops changed from 1.17's)."""
    sp = pytest.importorskip("scipy.special")
    import scipy
    if tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 18):
        pytest.skip("the table follows SciPy 1.18; SciPy " + scipy.__version__ + " is installed")
    return sp


def _real_types(f):
    return [t for t in f.types if not set(t) & set("FDGg")]


def _provided_types(theirs, mine):
    """SciPy's loops that cunp provides: the real ones, and the complex ones (not long double)
    where cunp has complex loops for the function."""
    if any(set(t) & set("FD") for t in mine.types):
        return [t for t in theirs.types if not set(t) & set("Gg")]
    return _real_types(theirs)


@pytest.mark.parametrize("name", UFUNCS)
def test_loops_are_scipys(name):
    sp = _scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    assert mine.nin == theirs.nin
    assert mine.types == _provided_types(theirs, mine)
    assert mine.identity == theirs.identity


_DTYPES = "?bhilBHILefd"


@pytest.mark.parametrize("name", UFUNCS)
def test_resolution_is_scipys(name):
    sp = _scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    choices = [np.dtype(c) for c in _DTYPES] + [float, int]
    combos = [(c,) * mine.nin for c in choices]
    if mine.nin == 2:
        combos += [(a, b) for a in choices[-5:] for b in choices[-5:]]
    for ins in combos:
        sig = tuple(ins) + (None,)
        try:
            want = theirs.resolve_dtypes(sig)
        except TypeError:
            with pytest.raises(TypeError):
                mine.resolve_dtypes(sig)
            continue
        got = mine.resolve_dtypes(sig)
        assert got == want, (name, ins)


def test_complex_is_refused():
    # Complex loops are not provided yet: a TypeError, as SciPy gives for erfinv.
    with pytest.raises(TypeError):
        _special().erfinv.resolve_dtypes((np.dtype("D"), None))


def test_table_rows_are_unique():
    names = list(_core.special._ufunc_names)
    assert len(names) == len(set(names))
    # SciPy's exp2, expm1, log1p and cbrt are ufuncs of their own beside NumPy's.
    assert set(names) & set(_core.elementwise.ufunc_names) == {"exp2", "expm1", "log1p", "cbrt"}


def test_multigammaln_errors():
    with pytest.raises(ValueError):
        _special().multigammaln(5.0, 2.5)


def test_scipy_ufuncs_map_to_special():
    # __array_ufunc__ finds cunp's counterpart of a SciPy ufunc, also where NumPy has a ufunc of
    # that name (cbrt, exp2), and of SciPy's private ones (zeta's _zeta).
    sp = pytest.importorskip("scipy.special")
    from cunp._math._ufuncs import _counterpart
    for name in ["erf", "cbrt", "exp2", "round", "psi", "gammaln", "i0", "yn"]:
        assert _counterpart(getattr(sp, name)) is getattr(_special(), name), name
    assert _counterpart(sp.digamma) is _special().psi
    assert _counterpart(np.cbrt) is cunp.cbrt
    from scipy.special import _ufuncs
    if hasattr(_ufuncs, "_zeta"):
        assert _counterpart(_ufuncs._zeta) is _core.special._zeta


# The second increment: several outputs (ellipj, sici, shichi), complex rows behind lambertw
# and sph_harm_y, and CuPy's names.
NEW_UFUNCS = {"ellipe": 1, "ellipkinc": 1, "ellipeinc": 1, "ellipj": 4, "expn": 1, "sici": 2,
              "shichi": 2, "wright_bessel": 1, "lpmv": 1, "nbdtri": 1, "btdtr": 1, "btdtri": 1,
              "erfi": 1, "dawsn": 1, "wofz": 1, "spence": 1, "fresnel": 2,
              "voigt_profile": 1, "agm": 1, "kn": 1, "stdtr": 1, "stdtrit": 1, "betaincc": 1,
              "betainccinv": 1, "gdtrix": 1, "powm1": 1, "log_wright_bessel": 1, "elliprf": 1,
              "elliprd": 1, "elliprc": 1, "elliprg": 1, "chndtr": 1}
NEW_FUNCTIONS = ["lambertw", "spherical_yn", "sph_harm_y", "sph_harm", "errstate", "geterr",
                 "seterr", "spherical_jn", "spherical_in", "spherical_kn", "softplus"]
# SciPy's private ufuncs behind its Python functions, and cunp's rows for them.
PRIVATE = {"_lambertw": "_lambertw", "_spherical_yn": "_spherical_yn",
           "_spherical_yn_d": "_spherical_yn_d", "_spherical_jn": "_spherical_jn",
           "_spherical_jn_d": "_spherical_jn_d", "_spherical_in": "_spherical_in",
           "_spherical_in_d": "_spherical_in_d", "_spherical_kn": "_spherical_kn",
           "_spherical_kn_d": "_spherical_kn_d"}


@pytest.mark.parametrize("name", sorted(NEW_UFUNCS))
def test_new_ufunc_present(name):
    f = getattr(_special(), name)
    assert isinstance(f, cunp.ufunc)
    assert f.nout == NEW_UFUNCS[name] and f.__doc__
    assert name in _special().__all__


@pytest.mark.parametrize("name", NEW_FUNCTIONS)
def test_new_function_present(name):
    assert callable(getattr(_special(), name))
    assert name in _special().__all__


def _installed_scipy_special():
    return pytest.importorskip("scipy.special")


@pytest.mark.parametrize("name", sorted(set(NEW_UFUNCS) - {"btdtr", "btdtri"}))
def test_new_loops_are_scipys(name):
    # The real loops as sets against any SciPy with the function; their order (which decides
    # float16 and integer inputs) against SciPy 1.18 in test_new_order_is_scipy_118.
    sp = _installed_scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    assert mine.nin == theirs.nin and mine.nout == theirs.nout
    assert set(mine.types) == set(_provided_types(theirs, mine))
    assert mine.identity == theirs.identity


@pytest.mark.parametrize("name", sorted(set(NEW_UFUNCS) - {"btdtr", "btdtri"}))
def test_new_order_is_scipy_118(name):
    sp = _scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    assert mine.types == _provided_types(theirs, mine)


@pytest.mark.parametrize("name", ["erf", "erfc", "erfcx", "ndtr", "log_ndtr", "gamma", "loggamma",
                                  "rgamma", "psi", "expm1", "log1p", "exp1", "expi", "xlogy",
                                  "xlog1py", "erfi", "dawsn", "wofz", "sici", "shichi",
                                  "spence", "fresnel"])
def test_complex_loops_are_scipys(name):
    # Any SciPy release: the same complex loops, and complex operands resolve as SciPy's.
    sp = _installed_scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    cplx = [t for t in mine.types if set(t) & set("FD")]
    assert cplx and set(cplx) == {t for t in theirs.types if set(t) & set("FD")}
    for c in "FD":
        sig = (np.dtype(c),) * mine.nin + (None,) * mine.nout
        assert mine.resolve_dtypes(sig) == theirs.resolve_dtypes(sig), (name, c)


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_private_rows_follow_scipys(name):
    sp = _installed_scipy_special()
    import scipy.special._ufuncs as su
    theirs = getattr(su, PRIVATE[name], None)
    if theirs is None:
        pytest.skip(f"this SciPy has no {name}")
    mine = getattr(_core.special, name)
    want = theirs.types if name == "_lambertw" else [t for t in theirs.types if "D" not in t
                                                      and "F" not in t]
    assert set(mine.types) == set(want)
    del sp


# SciPy 1.18's loop order where it moved the float32 loops first (1.17 listed float64 first),
# stated here so that CI checks the table whatever SciPy it has; test_new_order_is_scipy_118
# checks it against SciPy 1.18 itself.
SCIPY_118_ORDER = {
    "erfi": ["f->f", "d->d", "F->F", "D->D"], "wofz": ["F->F", "D->D"],
    "fresnel": ["f->ff", "d->dd", "F->FF", "D->DD"], "voigt_profile": ["fff->f", "ddd->d"],
    "wright_bessel": ["fff->f", "ddd->d"], "log_wright_bessel": ["fff->f", "ddd->d"],
    "ellipe": ["f->f", "d->d"], "ellipkinc": ["ff->f", "dd->d"], "ellipeinc": ["ff->f", "dd->d"],
    "ellipj": ["ff->ffff", "dd->dddd"],
}


def _legacy_resolution(types, ins):
    """NumPy's choice among a legacy ufunc's loops for input dtypes `ins`: a loop of exactly
    those dtypes, else the first in the listed order that every input casts to safely."""
    nin = len(ins)
    parsed = [([np.dtype(c) for c in t[:nin]], [np.dtype(c) for c in t[nin + 2:]]) for t in types]
    for loop_in, loop_out in parsed:
        if loop_in == list(ins):
            return tuple(loop_in + loop_out)
    for loop_in, loop_out in parsed:
        if all(np.can_cast(a, b, "safe") for a, b in zip(ins, loop_in)):
            return tuple(loop_in + loop_out)
    return None


def test_legacy_resolution_model_is_numpys():
    # The model against the installed SciPy's ufuncs of either order.
    sp = _installed_scipy_special()
    for name in ["erf", "erfi", "ellipe", "agm", "ellipkinc", "betaincc", "wright_bessel",
                 "wofz", "fresnel"]:
        f = getattr(sp, name)
        types = [t for t in f.types if not set(t) & set("Gg")]
        for c in _DTYPES + "FD":
            ins = (np.dtype(c),) * f.nin
            try:
                want = f.resolve_dtypes(ins + (None,) * f.nout)
            except TypeError:
                want = None
            assert _legacy_resolution(types, ins) == want, (name, c)


@pytest.mark.parametrize("name", sorted(SCIPY_118_ORDER))
def test_float32_first_order_and_resolution(name):
    # The table's order is SciPy 1.18's, and it resolves as NumPy would with that order:
    # float16, bool, (u)int8 and (u)int16 take the float32 loop, wider integers float64.
    mine = getattr(_special(), name)
    assert mine.types == SCIPY_118_ORDER[name]
    for c in _DTYPES + ("FD" if any(set(t) & set("FD") for t in mine.types) else ""):
        ins = (np.dtype(c),) * mine.nin
        want = _legacy_resolution(mine.types, ins)
        if want is None:
            with pytest.raises(TypeError):
                mine.resolve_dtypes(ins + (None,) * mine.nout)
            continue
        assert mine.resolve_dtypes(ins + (None,) * mine.nout) == want, (name, c)
    real = "f" if name != "wofz" else "F"
    for c in "?ebhBH":
        got = mine.resolve_dtypes((np.dtype(c),) * mine.nin + (None,) * mine.nout)
        assert got[-1] == np.dtype(real), (name, c)
    for c in "ilIL":
        got = mine.resolve_dtypes((np.dtype(c),) * mine.nin + (None,) * mine.nout)
        assert got[-1] == np.dtype("d" if name != "wofz" else "D"), (name, c)


@pytest.mark.parametrize("name", ["ellipe", "ellipkinc", "ellipeinc", "ellipj", "expn",
                                  "wright_bessel", "lpmv", "nbdtri", "sici", "shichi"])
def test_new_resolution_exact_dtypes(name):
    # float32 and float64 operands take their own loop in any SciPy release (exact matches).
    sp = _installed_scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    for c in "fd":
        sig = (np.dtype(c),) * mine.nin + (None,) * mine.nout
        assert mine.resolve_dtypes(sig) == theirs.resolve_dtypes(sig), (name, c)


def test_btdtr_btdtri_are_cupys_betainc():
    s = _special()
    assert s.btdtr.types == s.betainc.types and s.btdtri.types == s.betaincinv.types
    sp = _installed_scipy_special()
    assert not hasattr(sp, "btdtr")  # removed from SciPy (1.12); CuPy keeps them


@pytest.mark.parametrize("diff_n", [3, -1])
def test_sph_harm_y_rejects_other_derivative_orders(diff_n):
    with pytest.raises(ValueError, match="only implemented for orders 0, 1, and 2"):
        _special().sph_harm_y(1, 0, 0.5, 0.5, diff_n=diff_n)


@pytest.mark.parametrize("name", sorted(SCIPY_118_ORDER))
def test_float32_first_resolution_is_scipy_118s(name):
    # Against SciPy 1.18 itself: every real and complex input dtype resolves to its loop.
    sp = _scipy_special()
    mine, theirs = getattr(_special(), name), getattr(sp, name)
    for c in _DTYPES + "FD":
        sig = (np.dtype(c),) * mine.nin + (None,) * mine.nout
        try:
            want = theirs.resolve_dtypes(sig)
        except TypeError:
            with pytest.raises(TypeError):
                mine.resolve_dtypes(sig)
            continue
        assert mine.resolve_dtypes(sig) == want, (name, c)


@pytest.mark.parametrize("kind", ["jn", "yn", "in", "kn"])
def test_spherical_rows_keep_float32(kind):
    # SciPy's _spherical_* ufuncs have 'lf->f' loops, as cunp's rows do (the public jn, yn and
    # in then make the result float64 through their reflection's int64 sign).
    for suffix in ("", "_d"):
        f = getattr(_core.special, "_spherical_" + kind + suffix)
        assert f.resolve_dtypes((np.dtype("l"), np.dtype("f"), None))[-1] == np.float32
        assert f.resolve_dtypes((np.dtype("l"), np.dtype("d"), None))[-1] == np.float64
