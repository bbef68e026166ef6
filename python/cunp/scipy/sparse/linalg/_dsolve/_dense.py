"""The dense factorisations the direct solves stand on: cunp.scipy.linalg's getrf/getrs and
trsm (cuSOLVER, cuBLAS) on the device, or SciPy's on the host where the tests run the same
logic on NumPy arrays."""

import warnings

import numpy

from ... import _backend


def _on_host():
    return _backend.xp is numpy


def lu_factor(a):
    """(lu, piv, singular): getrf's packed factors, 0-based pivots, and whether a pivot is
    exactly zero (SuperLU's "exactly singular")."""
    if _on_host():
        import scipy.linalg

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            lu, piv = scipy.linalg.lu_factor(a, check_finite=False)
    else:
        from cunp.scipy.linalg import lu_factor as device_lu_factor

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            lu, piv = device_lu_factor(a, check_finite=False)
    xp = _backend.xp
    n = a.shape[0]
    singular = bool(n) and not bool(xp.all(xp.diagonal(lu) != 0))
    return lu, piv, singular


def lu_solve(lu, piv, b, trans=0):
    if _on_host():
        import scipy.linalg

        return scipy.linalg.lu_solve((lu, piv), b, trans=trans, check_finite=False)
    from cunp.scipy.linalg import lu_solve as device_lu_solve

    return device_lu_solve((lu, piv), b, trans=trans, check_finite=False)


def solve_triangular(a, b, lower, unit_diagonal):
    if _on_host():
        import scipy.linalg

        return scipy.linalg.solve_triangular(a, b, lower=lower, unit_diagonal=unit_diagonal,
                                             check_finite=False)
    from cunp.scipy.linalg import solve_triangular as device_solve_triangular

    return device_solve_triangular(a, b, lower=lower, unit_diagonal=unit_diagonal,
                                   check_finite=False)


def expm(a):
    if _on_host():
        import scipy.linalg

        return scipy.linalg.expm(a)
    from cunp.scipy.linalg import expm as device_expm

    return device_expm(a)
