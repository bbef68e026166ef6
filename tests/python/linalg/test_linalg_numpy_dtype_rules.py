"""NumPy's linalg dtype rule (float16 refused, bool/integers count as float64, the widest
precision of several inputs wins) and matrix_norm's AxisError below two dimensions."""

import numpy
import pytest

import cunp
from cunp.linalg._decompositions import _common_type

_KINDS = ['?', 'b', 'i2', 'u4', 'i8', 'e', 'f', 'd', 'F', 'D']


def _numpy_solve_dtype(a, b):
    m = numpy.eye(2, dtype=a) + numpy.ones((2, 2), a)
    return numpy.linalg.solve(m, numpy.ones(2, b)).dtype


@pytest.mark.parametrize('a', _KINDS)
@pytest.mark.parametrize('b', _KINDS)
def test_common_type_matches_numpy(a, b):
    """Host-side: the solve dtype of every pair as numpy.linalg.solve gives it."""
    arrays = numpy.ones(1, a), numpy.ones(1, b)
    if 'e' in (a, b):
        with pytest.raises(TypeError, match='array type float16 is unsupported in linalg'):
            _numpy_solve_dtype(a, b)
        with pytest.raises(TypeError, match='array type float16 is unsupported in linalg'):
            _common_type(*arrays)
        return
    if a == '?':
        a = 'b'  # a bool eye + ones is singular; the rule is the same as for integers
    assert numpy.dtype(_common_type(*arrays)) == _numpy_solve_dtype(a, b)


@pytest.mark.gpu
@pytest.mark.parametrize('a,b', [('i2', 'e'), ('e', 'f'), ('i2', 'f'), ('f', 'f'), ('b', 'F'),
                                 ('?', 'i2')])
def test_tensorsolve_and_solve_dtypes(a, b):
    ha = numpy.array(3, a) if a != '?' else numpy.array(True)
    hb = numpy.array(2, b)
    for f, args in ((lambda x, y: x.linalg.tensorsolve(*y), (ha, hb)),
                    (lambda x, y: x.linalg.solve(*y),
                     (ha.reshape(1, 1), hb.reshape(1)))):
        try:
            want = f(numpy, args)
        except TypeError as e:
            with pytest.raises(TypeError, match=str(e)):
                f(cunp, [cunp.asarray(x) for x in args])
            continue
        got = f(cunp, [cunp.asarray(x) for x in args])
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_allclose(got.get(), want, rtol=1e-6)


@pytest.mark.gpu
@pytest.mark.parametrize('name', ['inv', 'det', 'slogdet', 'cholesky', 'eigh', 'eigvalsh', 'eig',
                                  'eigvals', 'svd', 'svdvals', 'pinv', 'qr', 'matrix_rank'])
def test_float16_refused(name):
    h = numpy.eye(2, dtype='e')
    with pytest.raises(TypeError, match='array type float16 is unsupported in linalg'):
        getattr(numpy.linalg, name)(h)
    with pytest.raises(TypeError, match='array type float16 is unsupported in linalg'):
        getattr(cunp.linalg, name)(cunp.asarray(h))


@pytest.mark.gpu
@pytest.mark.parametrize('shape', [(), (3,), (0,)])
@pytest.mark.parametrize('ord', ['fro', 'nuc', 1, 2, numpy.inf])
def test_matrix_norm_below_two_dims(shape, ord):
    h = numpy.ones(shape)
    with pytest.raises(numpy.exceptions.AxisError) as np_err:
        numpy.linalg.matrix_norm(h, ord=ord)
    with pytest.raises(numpy.exceptions.AxisError) as cp_err:
        cunp.linalg.matrix_norm(cunp.asarray(h), ord=ord)
    assert str(cp_err.value) == str(np_err.value)
