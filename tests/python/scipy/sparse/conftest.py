"""The sparse tests run each body twice: on NumPy arrays (no device needed: the index logic,
dtype rules and SciPy's errors, checked on this machine) and on cunp arrays (gpu marker), where
cuSPARSE runs the products."""

import numpy
import pytest

from cunp.scipy.sparse import _backend


@pytest.fixture(params=["numpy", pytest.param("cunp", marks=pytest.mark.gpu)])
def backend(request, monkeypatch):
    if request.param == "numpy":
        monkeypatch.setattr(_backend, "xp", numpy)
    return request.param



@pytest.fixture
def spsm_model(backend, monkeypatch):
    """The device path of the sparse triangular solve (_dsolve/_triangular.py) with
    spsm_model.py's NumPy model of cuSPARSE's SpSM standing in on the CPU (on cunp, the library
    itself)."""
    import spsm_model as model
    from cunp.scipy.sparse.linalg._dsolve import _triangular

    model.calls.clear()
    if backend == "numpy":
        monkeypatch.setattr(_triangular, "device_solver", lambda: model.triangular_solve)
    return backend
