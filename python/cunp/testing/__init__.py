"""Test helpers for code that must behave like NumPy on the GPU.

A test body written against an array module ``xp`` is run twice, once with
``xp=numpy`` and once with ``xp=cunp``, and the two results are compared on
the host::

    from cunp import testing

    @testing.for_all_dtypes()
    @testing.numpy_cunp_array_equal()
    def test_reshape(xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        return a.reshape(3, 2)

The assertion helpers (``assert_allclose`` and friends) accept cunp arrays,
NumPy arrays and nested lists interchangeably.  Only the decorators need
pytest, and they import it when they are applied, so the assertions also work
where pytest is not installed.  ``import cunp`` never imports this package.
"""

from cunp.testing._array import (
    assert_,
    assert_allclose,
    assert_almost_equal,
    assert_approx_equal,
    assert_array_almost_equal,
    assert_array_almost_equal_nulp,
    assert_array_compare,
    assert_array_equal,
    assert_array_less,
    assert_array_max_ulp,
    assert_equal,
    assert_no_warnings,
    assert_raises,
    assert_raises_regex,
    assert_string_equal,
    assert_warns,
    clear_and_catch_warnings,
    suppress_warnings,
)
from cunp.testing._helpers import (
    shaped_arange,
    shaped_random,
    shaped_reverse_arange,
    slow,
    with_requires,
)
from cunp.testing._loops import (
    numpy_cunp_allclose,
    numpy_cunp_array_almost_equal,
    numpy_cunp_array_almost_equal_nulp,
    numpy_cunp_array_equal,
    numpy_cunp_array_less,
    numpy_cunp_array_max_ulp,
    numpy_cunp_equal,
    numpy_cunp_raises,
    numpy_cupy_allclose,
    numpy_cupy_array_almost_equal,
    numpy_cupy_array_almost_equal_nulp,
    numpy_cupy_array_equal,
    numpy_cupy_array_less,
    numpy_cupy_array_max_ulp,
    numpy_cupy_equal,
    numpy_cupy_raises,
)
from cunp.testing._parametrize import (
    ALL_DTYPES,
    BOOL_DTYPES,
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    SIGNED_DTYPES,
    UNSIGNED_DTYPES,
    for_all_dtypes,
    for_all_dtypes_combination,
    for_CF_orders,
    for_complex_dtypes,
    for_dtypes,
    for_dtypes_combination,
    for_float_dtypes,
    for_int_dtypes,
    for_int_dtypes_combination,
    for_orders,
    for_signed_dtypes,
    for_unsigned_dtypes,
)

__all__ = [
    'assert_',
    'assert_almost_equal',
    'assert_approx_equal',
    'assert_array_almost_equal_nulp',
    'assert_array_compare',
    'assert_array_max_ulp',
    'assert_equal',
    'assert_no_warnings',
    'assert_raises',
    'assert_raises_regex',
    'assert_string_equal',
    'assert_warns',
    'clear_and_catch_warnings',
    'suppress_warnings',
    'slow',
    'with_requires',
    'numpy_cunp_array_almost_equal',
    'numpy_cunp_array_almost_equal_nulp',
    'numpy_cunp_array_less',
    'numpy_cunp_array_max_ulp',
    'numpy_cunp_equal',
    'numpy_cupy_array_almost_equal',
    'numpy_cupy_array_almost_equal_nulp',
    'numpy_cupy_array_less',
    'numpy_cupy_array_max_ulp',
    'numpy_cupy_equal',
    'ALL_DTYPES',
    'BOOL_DTYPES',
    'COMPLEX_DTYPES',
    'FLOAT_DTYPES',
    'SIGNED_DTYPES',
    'UNSIGNED_DTYPES',
    'assert_allclose',
    'assert_array_almost_equal',
    'assert_array_equal',
    'assert_array_less',
    'for_CF_orders',
    'for_all_dtypes',
    'for_all_dtypes_combination',
    'for_complex_dtypes',
    'for_dtypes',
    'for_dtypes_combination',
    'for_float_dtypes',
    'for_int_dtypes',
    'for_int_dtypes_combination',
    'for_orders',
    'for_signed_dtypes',
    'for_unsigned_dtypes',
    'numpy_cunp_allclose',
    'numpy_cunp_array_equal',
    'numpy_cunp_raises',
    'numpy_cupy_allclose',
    'numpy_cupy_array_equal',
    'numpy_cupy_raises',
    'shaped_arange',
    'shaped_random',
    'shaped_reverse_arange',
]
