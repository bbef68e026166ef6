"""cupyx.linalg's invh and cho_solve, as cunp.linalg.invh and cunp.linalg.cho_solve, against
NumPy's inv and solve. Tests without the gpu marker need no device."""
import numpy
import pytest

import cunp
from linalg_support import DTYPES, rand, tol

gpu = pytest.mark.gpu


def _spd(shape, dtype, seed=0):
    """Hermitian positive-definite stacks (a a^H + n I), well conditioned."""
    a = rand(shape, dtype, seed).astype("complex128" if numpy.dtype(dtype).kind == "c"
                                         else "float64")
    n = shape[-1]
    m = a @ numpy.swapaxes(a, -1, -2).conj() + n * numpy.eye(n)
    return m.astype(dtype)


# --- no GPU ---

def test_names_and_pair_checks():
    assert cunp.linalg.invh.__module__.startswith("cunp.linalg")
    assert callable(cunp.linalg.cho_solve)
    with pytest.raises(TypeError, match="pair"):
        cunp.linalg.cho_solve(numpy.eye(2), numpy.ones(2))
    with pytest.raises(TypeError, match="pair"):
        cunp.linalg.cho_solve((numpy.eye(2),), numpy.ones(2))


# --- GPU ---

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (33, 33), (3, 5, 5), (2, 0, 0)])
def test_invh_is_the_inverse(dtype, shape):
    a = _spd(shape, dtype)
    got = cunp.linalg.invh(cunp.asarray(a))
    assert got.dtype == numpy.dtype(dtype) and got.shape == shape
    want = numpy.linalg.inv(a.astype("complex128" if numpy.dtype(dtype).kind == "c"
                                      else "float64"))
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=tol(dtype) * 10,
                                  atol=tol(dtype))


@gpu
def test_invh_reads_the_lower_triangle_and_checks_definiteness():
    a = _spd((5, 5), "float64", seed=3)
    garbage = numpy.triu(numpy.full((5, 5), 1e3), 1)
    got = cunp.linalg.invh(cunp.asarray(numpy.tril(a) + garbage))
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.linalg.inv(a), rtol=1e-10)
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.invh(cunp.asarray(-numpy.eye(3)))
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.invh(cunp.ones((2, 3)))
    assert cunp.linalg.invh(cunp.asarray(numpy.eye(3, dtype="int32"))).dtype == numpy.float64


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("shape,b_shape", [((4, 4), (4,)), ((4, 4), (4, 3)),
                                           ((3, 6, 6), (3, 6)), ((3, 6, 6), (3, 6, 2)),
                                           ((5, 5), (5, 0))])
def test_cho_solve_solves(dtype, lower, shape, b_shape):
    a = _spd(shape, dtype, seed=1)
    b = rand(b_shape, dtype, seed=2)
    c = cunp.linalg.cholesky(cunp.asarray(a), upper=not lower)
    # The other triangle of the factor is never read.
    junk = cunp.asarray(numpy.full(shape, 7.0).astype(dtype))
    c = cunp.where(cunp.asarray(numpy.tril(numpy.ones(shape[-2:], bool)) if lower else
                                numpy.triu(numpy.ones(shape[-2:], bool))), c, junk)
    x = cunp.linalg.cho_solve((c, lower), cunp.asarray(b))
    assert x.shape == b.shape and x.dtype == numpy.dtype(dtype)
    rhs = b[..., None] if len(b_shape) == len(shape) - 1 else b
    want = numpy.linalg.solve(a.astype("complex128" if numpy.dtype(dtype).kind == "c"
                                       else "float64"), rhs)
    want = want[..., 0] if len(b_shape) == len(shape) - 1 else want
    numpy.testing.assert_allclose(cunp.asnumpy(x), want, rtol=tol(dtype) * 10,
                                  atol=tol(dtype) * 10)


@gpu
def test_cho_solve_checks():
    a = _spd((3, 3), "float64")
    c = cunp.linalg.cholesky(cunp.asarray(a))
    b = cunp.ones(3)
    with pytest.raises(ValueError, match="NaN or infinity"):
        cunp.linalg.cho_solve((c, True), cunp.asarray([1.0, numpy.nan, 1.0]))
    bad = c.copy()
    bad[2, 0] = numpy.inf
    with pytest.raises(ValueError, match="NaN or infinity"):
        cunp.linalg.cho_solve((bad, True), b)
    # The unread triangle may hold anything, also with check_finite.
    upper_junk = c.copy()
    upper_junk[0, 2] = numpy.nan
    x = cunp.linalg.cho_solve((upper_junk, True), b)
    numpy.testing.assert_allclose(cunp.asnumpy(x), numpy.linalg.solve(a, numpy.ones(3)),
                                  rtol=1e-12)
    with pytest.raises(ValueError, match="does not match"):
        cunp.linalg.cho_solve((c, True), cunp.ones(4))
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.cho_solve((cunp.ones((2, 3)), True), cunp.ones(2))
    b_before = cunp.asnumpy(b)
    cunp.linalg.cho_solve((c, True), b, overwrite_b=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(b), b_before)
