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

