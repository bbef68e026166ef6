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


def test_make_aligned_dtype_lays_fields_out_as_cuda():
    d = cunp.make_aligned_dtype([("a", "i1"), ("b", "f8"), ("c", "i4")])
    assert [d.fields[n][1] for n in "abc"] == [0, 8, 16] and d.itemsize == 24
    assert d == numpy.dtype([("a", "i1"), ("b", "f8"), ("c", "i4")], align=True)
    nested = cunp.make_aligned_dtype([("x", "i1"), ("p", [("c", "i1"), ("v", "f8", 3)])])
    assert nested.fields["p"][1] == 8 and nested.itemsize == 40
    wide = cunp.make_aligned_dtype([("x", "f8", 3)], alignment=32)
    assert wide.itemsize == 32 and wide.metadata["cuda_alignment"] == 32
    assert cunp.make_aligned_dtype("f4") == numpy.dtype("f4")
    with pytest.raises(ValueError, match="smaller"):
        cunp.make_aligned_dtype([("b", "f8")], alignment=4)
    with pytest.raises(ValueError, match="power of two"):
        cunp.make_aligned_dtype([("b", "f8")], alignment=12)
