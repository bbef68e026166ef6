# tests/python/test_reduction_kernel_cpu.py -- cunp.ReductionKernel without a GPU: parameter
# parsing, the generated source for each strategy NVRTC-compiled, and construction errors.
import pytest

import cunp


def _compile(kernel, ins, outs, *layout):
    src = kernel._source(ins, outs, *layout)
    cunp._core._reduction_compile(src, kernel.name, 90)
    return src


@pytest.mark.parametrize('layout', [(0, 0, 1, 4), (0, 0, 2, 1), (0, 1, 1, 1), (1, 1, 1, 4),
                                    (1, 2, 1, 1), (2, 1, 1, 1), (2, 3, 2, 1), (2, 1, 0, 1),
                                    (3, 1, 1, 1), (3, 2, 2, 1)])
def test_strategies_compile(layout):
    k = cunp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    src = _compile(k, ['float32'], ['float32'], *layout)
    assert 'cunp_red_l2norm' in src


def test_placeholders_and_reduce_type():
    k = cunp.ReductionKernel('T x, T w', 'float64 y', 'x * w', 'a + b', 'y = a', '0', 'wsum',
                             reduce_type='float64')
    assert k.reduce_type == 'double'
    src = _compile(k, ['float16', 'float16'], ['float64'])
    assert 'typedef _t0 T;' in src


def test_no_identity_and_index():
    k = cunp.ReductionKernel('T x', 'int64 y', '_j', 'max(a, b)', 'y = a', None, 'lastj',
                             reduce_type='int64')
    src = _compile(k, ['int8'], ['int64'], 1, 1, 1, 1)
    assert '#define _KID false' in src


def test_construction_errors():
    with pytest.raises(ValueError):
        cunp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'bad name')
    with pytest.raises(ValueError):
        cunp.ReductionKernel('T x, T x', 'T y', 'x', 'a + b', 'y = a', '0', 'dup')
    with pytest.raises(NotImplementedError):
        cunp.ReductionKernel('raw T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rawk')


def test_methods_are_bound():
    for name in ('sum', 'prod', 'max', 'min', 'all', 'any', 'argmax', 'argmin'):
        assert callable(getattr(cunp.ndarray, name))
        assert callable(getattr(cunp, name))
    assert cunp.amax is cunp.max and cunp.amin is cunp.min
    assert callable(cunp.add.reduce)
