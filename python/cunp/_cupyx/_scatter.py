# python/cunp/_cupyx/_scatter.py -- cupyx's scatter_add, scatter_max and scatter_min over ufunc.at.
"""scatter_add(a, slices, value) is add.at(a, slices, value); max and min likewise over maximum
and minimum. Every element an index names twice is updated twice (unbuffered), as with
NumPy's ufunc.at. Unlike CuPy's, an index out of range raises IndexError (as ufunc.at does)
instead of wrapping around."""

__all__ = ["scatter_add", "scatter_max", "scatter_min"]


def _scatter(ufunc, a, slices, value):
    from cunp import _core

    if not isinstance(a, _core.ndarray):
        raise TypeError("a must be a cunp.ndarray, not %s" % type(a).__name__)
    ufunc.at(a, slices, value)


def scatter_add(a, slices, value):
    """Adds `value` to ``a[slices]`` in place; a location named twice gets both additions
    (``cunp.add.at``). `slices` is any index ``a[...]`` takes: ints, slices, Ellipsis, newaxis,
    integer or boolean arrays, or a tuple of them; `value` broadcasts to ``a[slices]``."""
    from cunp import _core

    _scatter(_core.add, a, slices, value)


def scatter_max(a, slices, value):
    """Stores the maximum of ``a[slices]`` and every `value` aimed at it (``cunp.maximum.at``);
    a's own element takes part."""
    from cunp import _core

    _scatter(_core.maximum, a, slices, value)


def scatter_min(a, slices, value):
    """Stores the minimum of ``a[slices]`` and every `value` aimed at it (``cunp.minimum.at``);
    a's own element takes part."""
    from cunp import _core

    _scatter(_core.minimum, a, slices, value)
