"""cunp.linalg's solver API without a GPU: names, the exception type, import cost."""
import subprocess
import sys

import numpy

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
    before = cunp._core._linalg_svd_driver()
    cunp.linalg._decompositions._set_svd_driver('gesvd')
    assert cunp._core._linalg_svd_driver() == 'gesvd'
    cunp.linalg._decompositions._set_svd_driver(before)
    try:
        cunp.linalg._decompositions._set_svd_driver('nope')
    except ValueError:
        pass
    else:
        raise AssertionError('an unknown driver must raise ValueError')


def test_import_does_not_import_numpy():
    code = 'import sys, cunp, cunp.linalg; print("numpy" in sys.modules)'
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == 'False'
