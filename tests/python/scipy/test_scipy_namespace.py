"""cunp.scipy's own names: get_array_module picks cunp.scipy for cunp arrays and sparse
matrices, SciPy otherwise (cupyx.scipy.get_array_module)."""
import numpy
import pytest

import cunp.scipy


def test_get_array_module(monkeypatch):
    scipy = pytest.importorskip("scipy")
    from cunp.scipy import sparse
    from cunp.scipy.sparse import _backend

    assert cunp.scipy.get_array_module() is scipy
    assert cunp.scipy.get_array_module(numpy.ones(2), 3.0, None) is scipy
    monkeypatch.setattr(_backend, "xp", numpy)  # a cunp sparse matrix over NumPy arrays
    assert cunp.scipy.get_array_module(1, sparse.csr_matrix(numpy.eye(2))) is cunp.scipy


@pytest.mark.gpu
def test_get_array_module_of_cunp_arrays():
    assert cunp.scipy.get_array_module(numpy.ones(1), cunp.ones(1)) is cunp.scipy
