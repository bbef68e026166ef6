"""cunp.scipy.special's seterr, geterr and errstate without a GPU: SciPy's categories, defaults,
actions and errors, restoring on exit, use as a decorator, per-thread state, and the host-side
report they apply (lambertw's unconverged iterations)."""
import threading
import warnings

import pytest


def _special():
    import cunp.scipy.special as special
    return special


def test_defaults_are_scipys():
    s = _special()
    want = {c: "ignore" for c in ("singular", "underflow", "overflow", "slow", "loss",
                                  "no_result", "domain", "arg", "other")}
    want["memory"] = "raise"
    assert s.geterr() == want
    sp = pytest.importorskip("scipy.special")
    assert s.geterr() == sp.geterr()


def test_seterr_returns_old_and_all():
    s = _special()
    old = s.seterr(domain="warn")
    try:
        assert old["domain"] == "ignore" and s.geterr()["domain"] == "warn"
        s.seterr(all="raise")
        assert set(s.geterr().values()) == {"raise"}
    finally:
        s.seterr(**old)
    assert s.geterr() == old


def test_invalid_names_raise_keyerror_as_scipy():
    s = _special()
    with pytest.raises(KeyError):
        s.seterr(foo="raise")
    with pytest.raises(KeyError):
        s.seterr(domain="print")
    with pytest.raises(KeyError):
        s.errstate(all="loud").__enter__()
    assert s.geterr()["domain"] == "ignore"


def test_errstate_restores_and_decorates():
    s = _special()
    before = s.geterr()
    with s.errstate(singular="raise", loss="warn"):
        assert s.geterr()["singular"] == "raise" and s.geterr()["loss"] == "warn"
        with s.errstate(all="ignore"):
            assert s.geterr()["singular"] == "ignore"
        assert s.geterr()["singular"] == "raise"
    assert s.geterr() == before

    @s.errstate(overflow="raise")
    def inner():
        return s.geterr()["overflow"]
    assert inner() == "raise" and s.geterr()["overflow"] == "ignore"


def test_state_is_per_thread():
    s = _special()
    seen = {}
    with s.errstate(domain="raise"):
        t = threading.Thread(target=lambda: seen.update(s.geterr()))
        t.start()
        t.join()
    assert seen["domain"] == "ignore"


def test_report_follows_the_action():
    from cunp.scipy.special._errstate import report
    s = _special()
    report("lambertw", "no_result", "quiet")  # ignored by default
    with s.errstate(no_result="warn"):
        with pytest.warns(s.SpecialFunctionWarning, match="lambertw"):
            report("lambertw", "no_result", "iteration failed to converge")
    with s.errstate(no_result="raise"):
        with pytest.raises(s.SpecialFunctionError, match="lambertw"):
            report("lambertw", "no_result", "iteration failed to converge")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report("lambertw", "no_result", "quiet again")


def test_warning_classes_match_scipys_kinds():
    s = _special()
    assert issubclass(s.SpecialFunctionWarning, Warning)
    assert issubclass(s.SpecialFunctionError, Exception)
