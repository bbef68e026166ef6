"""cunp.linalg's solver API without a GPU: names, the exception type, import cost."""
import subprocess
import sys

import numpy
import pytest

import cunp


def test_linalgerror_is_numpys():
    assert cunp.linalg.LinAlgError is numpy.linalg.LinAlgError
    assert issubclass(cunp.linalg.LinAlgError, ValueError)


def test_solver_names():
    for name in ['det', 'slogdet', 'inv', 'solve', 'lstsq', 'pinv', 'matrix_power', 'tensorinv',
                 'tensorsolve', 'svd', 'svdvals', 'qr', 'cholesky', 'eigh', 'eigvalsh', 'eig',
                 'eigvals', 'norm', 'vector_norm', 'matrix_norm', 'cond', 'matrix_rank']:
        assert callable(getattr(cunp.linalg, name)), name


def test_svd_driver_switch():
    before = cunp.linalg.get_svd_driver()
    assert before == 'gesvdj'
    cunp.linalg.set_svd_driver('gesvd')
    try:
        assert cunp.linalg.get_svd_driver() == 'gesvd'
    finally:
        cunp.linalg.set_svd_driver(before)
    assert cunp.linalg.get_svd_driver() == 'gesvdj'


@pytest.mark.parametrize('name', ['nope', 'GESVD', '', 'gesvdjBatched'])
def test_svd_driver_unknown_name(name):
    with pytest.raises(ValueError, match="svd driver must be 'gesvdj' or 'gesvd'"):
        cunp.linalg.set_svd_driver(name)
    assert cunp.linalg.get_svd_driver() == 'gesvdj'


def test_svd_driver_needs_a_str():
    with pytest.raises(TypeError, match='must be a str'):
        cunp.linalg.set_svd_driver(1)


def test_import_does_not_import_numpy():
    code = 'import sys, cunp, cunp.linalg; print("numpy" in sys.modules)'
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == 'False'
