"""Libraries written against the array API standard, run on cunp arrays: array-api-compat,
scikit-learn with array_api_dispatch, SciPy in its array-API mode. Each is skipped where the
package is absent; results must stay on the GPU and match the same call on NumPy."""
import os
import subprocess
import sys
import textwrap

import pytest

import cunp

pytestmark = pytest.mark.gpu


def _array_api_compat():
    try:
        import array_api_compat
    except ImportError:
        array_api_compat = pytest.importorskip("sklearn.externals.array_api_compat")
    return array_api_compat


def test_array_api_compat_finds_cunp():
    compat = _array_api_compat()
    x = cunp.arange(3.0)
    assert compat.array_namespace(x) is cunp
    assert compat.array_namespace(x, x[:1]) is cunp
    assert compat.is_array_api_obj(x)
    assert compat.device(x) == x.device


def _run_in_array_api_mode(code):
    """Runs `code` in a fresh interpreter with SciPy's array API mode on: SCIPY_ARRAY_API is
    read when SciPy is first imported, and scikit-learn's dispatch requires it."""
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    r = subprocess.run([sys.executable, "-c", _PRELUDE + textwrap.dedent(code)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-3000:]


_PRELUDE = textwrap.dedent("""
    import numpy, cunp

    def data(n=400, d=6, seed=0):
        rng = numpy.random.default_rng(seed)
        X = rng.standard_normal((n, d)) @ rng.standard_normal((d, d))
        y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(numpy.int64) + (X[:, 2] > 1)
        return X, y

    def same_up_to_sign(a, b, rtol=1e-6):
        # Principal directions are defined up to their sign.
        signs = numpy.sign((a * b).sum(axis=-1, keepdims=True))
        numpy.testing.assert_allclose(a, b * signs, rtol=rtol, atol=1e-8)
""")


def test_sklearn_pca_on_the_gpu():
    pytest.importorskip("sklearn")
    _run_in_array_api_mode("""
        import sklearn
        from sklearn.decomposition import PCA
        X, _ = data()
        ref = PCA(n_components=3, svd_solver="full").fit(X)
        with sklearn.config_context(array_api_dispatch=True):
            pca = PCA(n_components=3, svd_solver="full").fit(cunp.asarray(X))
            Z = pca.transform(cunp.asarray(X))
        assert isinstance(pca.components_, cunp.ndarray) and isinstance(Z, cunp.ndarray)
        same_up_to_sign(pca.components_.get(), ref.components_)
        numpy.testing.assert_allclose(pca.explained_variance_.get(), ref.explained_variance_,
                                      rtol=1e-6)
        numpy.testing.assert_allclose(numpy.abs(Z.get()), numpy.abs(ref.transform(X)),
                                      rtol=1e-6, atol=1e-8)
        print("ok")
    """)


def test_sklearn_lda_on_the_gpu():
    pytest.importorskip("sklearn")
    _run_in_array_api_mode("""
        import sklearn
        from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
        X, y = data(seed=1)
        ref = LinearDiscriminantAnalysis().fit(X, y)
        with sklearn.config_context(array_api_dispatch=True):
            lda = LinearDiscriminantAnalysis().fit(cunp.asarray(X), cunp.asarray(y))
            pred = lda.predict(cunp.asarray(X))
            proj = lda.transform(cunp.asarray(X))
        assert isinstance(pred, cunp.ndarray) and isinstance(proj, cunp.ndarray)
        numpy.testing.assert_array_equal(pred.get(), ref.predict(X))
        numpy.testing.assert_allclose(numpy.abs(proj.get()), numpy.abs(ref.transform(X)),
                                      rtol=1e-6, atol=1e-8)
        print("ok")
    """)


def test_sklearn_scalers_on_the_gpu():
    pytest.importorskip("sklearn")
    _run_in_array_api_mode("""
        import sklearn
        from sklearn.preprocessing import MinMaxScaler, StandardScaler
        X, _ = data(seed=2)
        for scaler in (StandardScaler, MinMaxScaler):
            ref = scaler().fit_transform(X)
            with sklearn.config_context(array_api_dispatch=True):
                got = scaler().fit_transform(cunp.asarray(X))
            assert isinstance(got, cunp.ndarray)
            numpy.testing.assert_allclose(got.get(), ref, rtol=1e-10, atol=1e-12)
        print("ok")
    """)


def test_scipy_array_api_mode():
    pytest.importorskip("scipy")
    _run_in_array_api_mode("""
        import scipy.special, scipy.stats
        h = numpy.random.default_rng(3).standard_normal((50, 4))
        x = cunp.asarray(h)
        for got, want in ((scipy.special.logsumexp(x, axis=0),
                           scipy.special.logsumexp(h, axis=0)),
                          (scipy.stats.moment(x, order=3), scipy.stats.moment(h, order=3))):
            assert isinstance(got, cunp.ndarray), type(got)
            numpy.testing.assert_allclose(got.get(), want, rtol=1e-10)
        print("ok")
    """)
