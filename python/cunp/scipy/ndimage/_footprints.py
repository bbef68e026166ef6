"""Footprints as the stencil engine takes them: a table of tap offsets (taps x ndim, each
relative to the output element, origin applied) and one weight per tap. A tap at index f of a
footprint of length n along an axis reads the input at p + f - (n // 2 + origin), so origin
shifts the footprint's centre as SciPy's does."""
import numpy


def table(footprint, values, origins):
    """The taps where `footprint` (boolean, one axis per input axis) is set, with `values` (same
    shape, float64) as their weights."""
    taps = numpy.nonzero(footprint)
    offsets = numpy.stack(
        [t - (n // 2 + o) for t, n, o in zip(taps, footprint.shape, origins)], axis=1)
    return offsets.astype(numpy.int64), numpy.asarray(values, dtype=numpy.float64)[taps]


def line_start(n, origin):
    """The offset of the first of a 1-D footprint's n taps (the engine's line passes)."""
    return -(n // 2 + int(origin))

