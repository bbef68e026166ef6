"""User kernels' arguments refused before anything runs (no GPU needed): the TypeError names the
argument's position and type, as for RawKernel."""
import numpy
import pytest

import cunp


@pytest.mark.parametrize("bad, position, kind", [
    (numpy.str_("a"), 0, "str_"),
    (numpy.bytes_(b"a"), 1, "bytes_"),
    ("abc", 0, "str"),
    (numpy.array([object()], dtype=object), 1, "ndarray"),
    (numpy.zeros((), [("a", "f8")])[()], 0, "void"),
    (numpy.datetime64("2020-01-01"), 1, "datetime64"),
])
def test_elementwise_kernel_refuses_with_the_position(bad, position, kind):
    k = cunp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add_args")
    args = [1.0, 2.0]
    args[position] = bad
    with pytest.raises(TypeError, match=r"Unsupported type .*%s.*\(kernel argument %d\)"
                       % (kind, position)):
        k(*args)
