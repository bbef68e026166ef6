# python/cunp/_statistics/_stat_kernels.py -- the one-pass statistics' engine ops and CUDA
# sources, for the tests that compile them without a GPU (cunp/ops/statistics/statistics.hpp).
"""Single-pass statistics kernels: their ops and sources.

Each statistic reads its input once, in one reduction launch, through the C++ statistics table
(src/ops/statistics/table.cpp): the map turns an element into a partial result, the fold
merges partials, and the post-map writes the statistic. var/std fold (n, mean, M2) triples and
merge them with Chan et al.'s parallel formula, which keeps the accuracy of a two-pass
variance (no cancellation of large sums of squares) while reading the data once.

Which calls launch them is decided in C++ (``_core.statistics.run``, src/ops/statistics/plan.cpp);
cunp._statistics._averages calls it and follows the plan where the kernel cannot serve a call.
"""
from cunp import _core


def _op(kind, acc, ddof=0.0, root=False):
    """The engine op of one statistic folding in accumulator dtype `acc` (cached in C++)."""
    return _core.statistics.op(kind, acc, float(ddof), root)


def source(kind, in_dtype, out_dtypes, ddof=0.0, root=False, strategy=0, kept_ndim=0,
           reduced_ndim=1, vec=1):
    """The CUDA source of one statistic for these dtypes and layout (CPU tests compile it)."""
    return _core.statistics.source(kind, str(in_dtype), [str(d) for d in out_dtypes],
                                   float(ddof), root, strategy, kept_ndim, reduced_ndim, vec)
