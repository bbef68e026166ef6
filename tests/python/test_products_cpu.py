# tests/python/test_products_cpu.py -- products without a GPU: exported names, the TF32
# switch, and argument errors raised before any device work.
"""Products without a GPU: the API is in place, the TF32 switch works, and errors that need no
device data come out as NumPy's."""

import pytest

import cunp


def test_names_exported():
    for name in ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace",
                 "cross", "vecdot", "matvec", "vecmat", "einsum"]:
        assert callable(getattr(cunp, name)), name
    for name in ["matmul", "multi_dot", "tensordot", "vecdot", "outer", "cross",
                 "matrix_transpose", "diagonal", "trace", "set_tf32", "get_tf32"]:
        assert callable(getattr(cunp.linalg, name)), name
    for name in ["__matmul__", "__rmatmul__", "__imatmul__", "dot", "trace"]:
        assert hasattr(cunp.ndarray, name), name


def test_tf32_switch_defaults_off(monkeypatch):
    import os
    if os.environ.get("CUNP_ALLOW_TF32"):
        pytest.skip("CUNP_ALLOW_TF32 is set")
    assert cunp.linalg.get_tf32() is False
    cunp.linalg.set_tf32(True)
    try:
        assert cunp.linalg.get_tf32() is True
    finally:
        cunp.linalg.set_tf32(False)
    assert cunp.linalg.get_tf32() is False


@pytest.mark.parametrize("a,b,index", [(1, 2, 0), (2.5, 1j, 0)])
def test_scalar_operands_are_zero_dimensional(a, b, index):
    with pytest.raises(ValueError, match=f"Input operand {index} does not have enough dimensions"):
        cunp.matmul(a, b)


def test_bad_arguments():
    with pytest.raises(ValueError):
        cunp.matmul(1, 2, casting="bogus")
    with pytest.raises(TypeError):
        cunp.matmul(object(), object())
    with pytest.raises(ValueError):
        cunp.matmul(1, 2, out=(None, None))
