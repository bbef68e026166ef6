"""cunp.fuse against the same function run unfused: many expressions, dtypes, scalars,
broadcasting, lambdas and closures, and the cases that fall back to unfused calls."""
import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


def _arrays(dtype, *shapes):
    rng = numpy.random.default_rng(1)
    out = []
    for s in shapes:
        a = rng.uniform(1, 5, s)
        out.append(cunp.asarray(a.astype(dtype)))
    return out


EXPRESSIONS = [
    lambda x, y: x * 5,
    lambda x, y: (x * 5) * (x * 5) * 2,
    lambda x, y: x + y * 2 - 1,
    lambda x, y: -x / (y + 1),
    lambda x, y: abs(x - y) ** 2,
    lambda x, y: x ** 0.5 + y ** 2,
    lambda x, y: cunp.sqrt(x * x + y * y),
    lambda x, y: cunp.exp(-x) * cunp.cos(y),
    lambda x, y: cunp.maximum(x, y) - cunp.minimum(x, 2),
    lambda x, y: (x < y),
    lambda x, y: cunp.where(x < y, x, y),            # not a ufunc: runs unfused
    lambda x, y: x // 2 + x % 3,
]


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int32', 'int64', 'uint8',
                                   'complex64'])
@pytest.mark.parametrize('k', range(len(EXPRESSIONS)))
def test_fused_equals_unfused(dtype, k):
    f = EXPRESSIONS[k]
    x, y = _arrays(dtype, (7, 33), (7, 33))
    try:
        expect = f(x, y)
    except Exception as e:  # noqa: BLE001 - the fused call must raise the same
        with pytest.raises(type(e)):
            cunp.fuse(f)(x, y)
        return
    got = cunp.fuse(f)(x, y)
    assert got.dtype == expect.dtype
    assert got.shape == expect.shape
    numpy.testing.assert_allclose(got.get(), expect.get(), rtol=1e-3 if dtype == 'float16' else 1e-6)


def test_broadcasting_and_non_contiguous():
    x, y = _arrays('float64', (4, 1, 5), (3, 1))
    f = cunp.fuse(lambda a, b: a * b + 1)
    numpy.testing.assert_allclose(f(x, y).get(), (x * y + 1).get())
    z = cunp.arange(60.0).reshape(3, 4, 5)[:, ::2, ::-1]
    numpy.testing.assert_allclose(f(z, 2.0).get(), (z * 2.0 + 1).get())
    e = cunp.empty((0, 3))
    assert f(e, 1.0).shape == (0, 3)


def test_scalars_arguments_and_closures():
    x, = _arrays('float32', (100,))
    scale = 3

    @cunp.fuse()
    def g(a, s):
        return a * s + scale

    numpy.testing.assert_allclose(g(x, 2).get(), (x * 2 + 3).get())
    assert g(x, 2.5).dtype == numpy.float32           # weak Python float
    assert g(x, numpy.float64(2.5)).dtype == numpy.float64  # strong NumPy scalar
    scale = 10                                          # a closure change is seen
    numpy.testing.assert_allclose(g(x, 2).get(), (x * 2 + 10).get())


def test_multiple_outputs_and_divmod():
    x, y = _arrays('int64', (50,), (50,))
    f = cunp.fuse(lambda a, b: (a + b, divmod(a, b + 1)[0]))
    s, q = f(x, y)
    assert (s.get() == (x + y).get()).all()
    assert (q.get() == (x // (y + 1)).get()).all()


def test_fallbacks_give_unfused_results():
    x, y = _arrays('float64', (10,), (10,))
    cases = [
        lambda a, b: a[1:] + b[1:],            # indexing
        lambda a, b: (a + b).sum(),            # method / reduction
        lambda a, b: a if a.ndim else b,       # attribute other than the stand-in's
        lambda a, b: a,                        # returns an input object
        lambda a, b: 1.0,                      # returns a scalar
    ]
    for f in cases:
        expect = f(x, y)
        got = cunp.fuse(f)(x, y)
        if isinstance(expect, cunp.ndarray):
            numpy.testing.assert_allclose(cunp.asnumpy(got), cunp.asnumpy(expect))
        else:
            assert got == expect


def test_in_place_runs_unfused_and_mutates():
    x, = _arrays('float64', (10,))
    before = x.get()

    @cunp.fuse
    def f(a):
        a += 1
        return a
    f(x)
    numpy.testing.assert_allclose(x.get(), before + 1)


def test_errors_match_unfused():
    x = cunp.arange(3, dtype=cunp.int8)
    with pytest.raises(OverflowError):
        cunp.fuse(lambda a: a + 1000)(x)
    b = cunp.ones(3, dtype=bool)
    with pytest.raises(TypeError):
        cunp.fuse(lambda a: -a)(b)
    with pytest.raises(ValueError):
        cunp.fuse(lambda a, c: a + c)(cunp.ones(3), cunp.ones(4))


def test_seed_chain():
    x = cunp.ones((10, 50, 50))

    @cunp.fuse(kernel_name='chain')
    def chain(a):
        y = a * 5
        return (y * y) * 2
    numpy.testing.assert_allclose(chain(x).get(), numpy.full((10, 50, 50), 50.0))
