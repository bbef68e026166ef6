# python/cunp/_cupyx/_rsqrt.py -- cupyx.rsqrt: 1 / sqrt(x), composed of two ufunc calls.
"""rsqrt(x) = reciprocal(sqrt(x)), elementwise, in sqrt's result type (float16, float32,
float64, complex64 or complex128: integer and bool inputs take the float type NumPy's sqrt picks
for them, as CuPy's loops do). CuPy's rsqrt is a ufunc object with one fused kernel; cunp's is a
function that runs sqrt then reciprocal in place, since the ufunc table (C++) has no rsqrt row."""

__all__ = ["rsqrt"]


def rsqrt(x, /, out=None, *, where=True, casting="same_kind", order="K", dtype=None):
    """The reciprocal square root of x, elementwise: ``1 / sqrt(x)``. `out`, `where`,
    `casting`, `order` and `dtype` are a ufunc's (`dtype` picks the loop: a float or complex
    type)."""
    from cunp import _core

    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("rsqrt has 1 output, got a tuple of %d" % len(out))
        out = out[0]
    if dtype is not None:
        import numpy

        if numpy.dtype(dtype).kind not in "fc":
            raise TypeError("rsqrt has no loop for dtype %s (float or complex only)"
                            % numpy.dtype(dtype))
    root = _core.sqrt(x, casting=casting, order=order, dtype=dtype)
    if out is None and where is True:
        return _core.reciprocal(root, out=root)
    return _core.reciprocal(root, out=out, where=where, casting=casting)
