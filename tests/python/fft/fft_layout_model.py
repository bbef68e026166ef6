"""A NumPy model of the layout rule cunp.fft's results follow (src/fft/layout.cpp,
numpy_result_strides): each of NumPy's 1-D steps allocates its output with
``empty_like(input, shape=...)``, whose 'K' order is C when the input is C-contiguous (or has
at most one axis), F when it is F-contiguous, and otherwise the input's axes by decreasing
|stride| (ties in axis order); the next step takes that output as its input. Pure shape and
stride arithmetic (empty_like's rule is cunp._array._layouts.keep_order), so that the rule can be
checked against NumPy's own outputs without a GPU.
"""
from cunp._array._layouts import dense_strides, keep_order


def result_strides(shape, strides, itemsize, steps):
    """The strides (in elements) of NumPy's result after the 1-D steps [(axis, output length)]
    in NumPy's order, from an input of `shape` and `strides` (bytes, items of `itemsize`)."""
    shape = list(shape)
    for axis, length in steps:
        order = keep_order(shape, strides, itemsize)
        shape[axis] = length
        strides, itemsize = dense_strides(shape, order), 1
    return tuple(strides)


def steps_of(name, shape, n=None, axis=-1, s=None, axes=None):
    """NumPy's 1-D steps of transform `name`, as (axis, output length), in NumPy's order."""
    ndim = len(shape)
    if name in ('fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft'):
        ax = axis % ndim
        m = shape[ax]
        if name in ('irfft', 'hfft'):
            n = (m - 1) * 2 if n is None else n
            return [(ax, n)]
        n = m if n is None else n
        return [(ax, n // 2 + 1 if name in ('rfft', 'ihfft') else n)]
    if axes is None:
        axes = list(range(-len(s), 0)) if s is not None else list(range(ndim))
    axes = [a % ndim for a in axes]
    if s is None:
        s = [shape[a] for a in axes]
        if name.startswith('irfft'):
            s[-1] = (shape[axes[-1]] - 1) * 2
    pairs = list(zip(axes, s))
    if name.startswith('irfft'):
        return pairs  # the complex axes first to last, the real one at the end
    steps = pairs[::-1]  # from the last axis to the first
    if name.startswith('rfft'):
        steps[0] = (steps[0][0], steps[0][1] // 2 + 1)
    return steps
