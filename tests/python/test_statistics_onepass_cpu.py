# tests/python/test_statistics_onepass_cpu.py -- the one-pass statistics kernels without a GPU:
# every generated source NVRTC-compiled, and the (n, mean, M2) merge's accuracy simulated.
"""Sources of mean/var/std/nansum/nanmean/nanvar/nanstd for every dtype the functions take and
every strategy of the engine are compiled with NVRTC (codegen errors show up here). The merge
formula is replayed in float32 with NumPy, the way the kernel groups the data (per-thread
Welford updates, then a pairwise tree of Chan merges), and checked against NumPy's two-pass
var on data with a large offset.
"""
import numpy
import pytest

import cunp
from cunp import _stat_kernels as sk

# (strategy, kept_ndim, reduced_ndim, vec): block full / split, warp rows, thread columns,
# column tiles.
LAYOUTS = [(0, 0, 1, 4), (0, 0, 2, 1), (0, 1, 1, 2), (1, 1, 1, 4), (1, 2, 1, 1), (2, 1, 1, 1),
           (2, 2, 2, 1), (2, 1, 0, 1), (3, 1, 1, 1), (3, 2, 2, 1)]

REAL_OUT = {'float16': 'float16', 'float32': 'float32', 'float64': 'float64',
            'complex64': 'float32', 'complex128': 'float64', 'int8': 'float64',
            'int64': 'float64', 'uint16': 'float64', 'bool': 'float64'}
MEAN_OUT = dict(REAL_OUT, complex64='complex64', complex128='complex128')
INEXACT = ['float16', 'float32', 'float64', 'complex64', 'complex128']


def _compile(kind, dtype, outs, layout, ddof=0.0, root=False):
    src = sk.source(kind, dtype, outs, ddof, root, *layout)
    name = 'cunp_red_' + kind + ('_std' if root else '')
    assert name in src
    cunp._core._reduction_compile(src, name, 90)
    return src


@pytest.mark.parametrize('layout', LAYOUTS)
@pytest.mark.parametrize('dtype', sorted(MEAN_OUT))
def test_mean_compiles(dtype, layout):
    src = _compile('mean', dtype, [MEAN_OUT[dtype]], layout)
    assert '_red_n' in src


@pytest.mark.parametrize('layout', LAYOUTS[:4] + LAYOUTS[5:6])
@pytest.mark.parametrize('dtype', sorted(REAL_OUT))
@pytest.mark.parametrize('ddof,root', [(0.0, False), (1.0, True), (2.5, False)])
def test_var_compiles(dtype, layout, ddof, root):
    _compile('var', dtype, [REAL_OUT[dtype]], layout, ddof, root)


@pytest.mark.parametrize('layout', LAYOUTS[:2] + LAYOUTS[3:6])
@pytest.mark.parametrize('dtype', INEXACT)
def test_nan_functions_compile(dtype, layout):
    _compile('nansum', dtype, [dtype], layout)
    _compile('nanmean', dtype, [dtype, 'bool'], layout)
    _compile('nanvar', dtype, [REAL_OUT[dtype], 'bool'], layout, 1.0, False)
    _compile('nanvar', dtype, [REAL_OUT[dtype], 'bool'], layout, 0.0, True)


def test_ops_are_cached():
    assert sk._op('var', 'f', 1.0, True) is sk._op('var', 'f', 1.0, True)
    assert sk._op('var', 'f', 1.0, True) is not sk._op('var', 'f', 0.0, True)


def test_post_map_sees_the_sizes():
    # CuPy's spelling of the count in a user ReductionKernel: _in_ind.size() / _out_ind.size().
    k = cunp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a / (_in_ind.size() / _out_ind.size())',
                             '0', 'mymean')
    src = k._source(['float32'], ['float32'], 0, 0, 1, 4)
    cunp._core._reduction_compile(src, 'cunp_red_mymean', 90)


def test_stand_in_module_takes_the_composition():
    # The one-pass paths only run for cunp arrays: NumPy standing in gets None back.
    x = numpy.ones(4, 'f4')
    assert sk.mean(numpy, x, None, None, None, False, True) is None
    assert sk.var(numpy, x, None, None, None, 0, False, True, None, False) is None
    assert sk.nanmean(numpy, x, None, None, None, False, True) is None


# -- the merge's accuracy, replayed in float32 ---------------------------------------------------

f = numpy.float32


def _merge(a, b):
    """Chan's merge of shifted partials (n, k, m, q) as _stat_kernels writes it, in float32."""
    (na, ka, ma, qa), (nb, kb, mb, qb) = a, b
    n = f(na + nb)
    with numpy.errstate(divide='ignore', invalid='ignore'):
        r = numpy.where(n > 0, f(1) / n, f(0)).astype(f)
    wb = f(nb * r)
    d = f(f(kb - ka) + f(mb - ma))
    m = f(ma + d * wb)
    q = f(qa + qb + d * d * na * wb)
    ea, eb = na == 0, nb == 0
    out = []
    for xa, xb, xm in ((na, nb, n), (ka, kb, ka), (ma, mb, m), (qa, qb, q)):
        out.append(numpy.where(eb, xa, numpy.where(ea, xb, xm)).astype(f))
    return tuple(out)


def _onepass_var32(x, threads=4096):
    """var as the kernel folds it: each of `threads` lanes folds a strided slice element by
    element (a merge with (1, x, 0, 0): the first element becomes the lane's shift), then the
    partials merge pairwise (the warp, block and split merges)."""
    x = x.astype(f)
    pad = (-x.size) % threads
    cols = numpy.concatenate([x, numpy.zeros(pad, f)]).reshape(-1, threads)
    valid = numpy.arange(cols.size).reshape(cols.shape) < x.size
    z = numpy.zeros(threads, f)
    acc = (z, z, z, z)
    for row, ok in zip(cols, valid):
        acc = _merge(acc, (ok.astype(f), numpy.where(ok, row, f(0)), z, z))
    n, k, m, q = acc
    while n.size > 1:
        h = n.size // 2
        n, k, m, q = _merge((n[:h], k[:h], m[:h], q[:h]), (n[h:], k[h:], m[h:], q[h:]))
    return float(q[0]) / x.size


def test_welford_float32_as_accurate_as_numpy_two_pass():
    rng = numpy.random.default_rng(3)
    x = (1e4 + rng.random(2_000_000)).astype('f4')
    truth = numpy.var(x.astype('f8'))
    numpy_err = abs(float(numpy.var(x)) - truth)
    ours = abs(_onepass_var32(x) - truth)
    assert ours <= max(2 * numpy_err, 1e-6 * truth), (ours, numpy_err, truth)


def test_welford_merge_edge_cases():
    z = (f(0), f(0), f(0), f(0))
    assert _merge(z, z) == (0, 0, 0, 0)  # empty with empty: no 0/0
    assert _merge(z, (f(1), f(5), f(0), f(0))) == (1, 5, 0, 0)  # the first value is the shift
    assert _merge((f(1), f(5), f(0), f(0)), z) == (1, 5, 0, 0)
    # [0, 2] (shift 0, mean 1) with [2, 4] (shift 2, mean 2 + 1): n 4, mean 0 + 2, M2 8
    assert _merge((f(2), f(0), f(1), f(2)), (f(2), f(2), f(1), f(2))) == (4, 0, 2, 8)
