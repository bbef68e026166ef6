"""cupy.testing's helpers that cunp.testing adds under CuPy's names (and NumPy's
assert_no_gc_cycles). Tests without the gpu marker need no device."""
import os
import random
import sys
import unittest
import warnings

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- no GPU ---

def test_every_cupy_testing_name_is_here():
    names = ["AssertFunctionIsCalled", "NumpyAliasBasicTestBase", "NumpyAliasValuesTestBase",
             "assert_array_list_equal", "fix_random", "for_contiguous_axes",
             "for_signed_dtypes_combination", "for_unsigned_dtypes_combination",
             "generate_matrix", "generate_seed", "installed", "multi_gpu",
             "numpy_cupy_array_list_equal", "numpy_satisfies", "parameterize", "product",
             "product_dict", "shaped_linspace", "shaped_sparse_random", "assert_no_gc_cycles"]
    for name in names:
        assert name in testing.__all__ and hasattr(testing, name), name
    assert testing.assert_no_gc_cycles is numpy.testing.assert_no_gc_cycles


def test_assert_array_list_equal():
    testing.assert_array_list_equal([numpy.arange(3), [1.0]], [numpy.arange(3), [1.0]])
    testing.assert_array_list_equal((), ())
    for x, y, message in [([numpy.zeros(2)], (numpy.zeros(2),), "different types"),
                          (numpy.zeros(2), numpy.zeros(2), "List or tuple"),
                          ([1, 2], [1], "size is different"),
                          ([numpy.zeros(2)], [numpy.ones(2)], None)]:
        with pytest.raises(AssertionError, match=message):
            testing.assert_array_list_equal(x, y)


def test_installed_and_numpy_satisfies():
    assert testing.installed("numpy")
    assert testing.installed("numpy>=2", "pytest")
    assert not testing.installed("numpy<1")
    assert not testing.installed("no-such-package-for-cunp-tests")
    assert testing.numpy_satisfies(">=2.0")
    assert not testing.numpy_satisfies("<2.0")


@pytest.mark.parametrize("dtype", ["float32", "int16", "uint8", "bool"])
def test_shaped_linspace_on_the_host(dtype):
    a = testing.shaped_linspace(-3, 5, (2, 3), xp=numpy, dtype=dtype)
    start = 0 if numpy.dtype(dtype).kind in "ub" else -3
    stop = 1 if dtype == "bool" else 5
    numpy.testing.assert_array_equal(
        a, numpy.linspace(start, stop, 6).astype(dtype).reshape(2, 3))


def test_shaped_sparse_random_with_scipy():
    sp = pytest.importorskip("scipy.sparse")
    m = testing.shaped_sparse_random((10, 8), sp, dtype="float64", density=0.3, format="csr")
    assert m.format == "csr" and m.shape == (10, 8) and m.dtype == numpy.float64
    again = testing.shaped_sparse_random((10, 8), sp, dtype="float64", density=0.3, format="csr")
    assert (m != again).nnz == 0
    with pytest.raises(ValueError, match="sparse API"):
        testing.shaped_sparse_random((3, 3), numpy)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_generate_matrix_on_the_host(dtype):
    sv = numpy.array([3.0, 2.0, 0.5])
    a = testing.generate_matrix((2, 4, 3), xp=numpy, dtype=dtype, singular_values=sv)
    assert a.shape == (2, 4, 3) and a.dtype == numpy.dtype(dtype)
    numpy.testing.assert_allclose(numpy.linalg.svd(a, compute_uv=False),
                                  numpy.broadcast_to(sv, (2, 3)), rtol=1e-5)
    for kwargs, error in [(dict(shape=(3,), singular_values=[1]), ValueError),
                          (dict(shape=(2, 2)), TypeError),
                          (dict(shape=(2, 2), dtype="int32", singular_values=[1]), TypeError),
                          (dict(shape=(2, 2), singular_values=[1j, 1]), TypeError),
                          (dict(shape=(2, 2), singular_values=[-1, 1]), ValueError)]:
        with pytest.raises(error):
            testing.generate_matrix(xp=numpy, **kwargs)


def test_multi_gpu_marks_and_skips(monkeypatch):
    with pytest.raises(ValueError):
        testing.multi_gpu(1)
    ran = []

    @testing.multi_gpu(2)
    def needs_two(x=1):
        ran.append(x)

    assert any(m.name == "gpus" and m.args == (2,) for m in needs_two.pytestmark)
    from cunp.testing import _helpers
    monkeypatch.setattr(_helpers, "_device_count", lambda: 1)
    with pytest.raises(pytest.skip.Exception, match="2 GPUs"):
        needs_two()
    monkeypatch.setattr(_helpers, "_device_count", lambda: 2)
    needs_two(x=3)
    assert ran == [3]
    monkeypatch.setenv("CUNP_TEST_GPU_LIMIT", "1")

    @testing.multi_gpu(2)
    class TestTwo:
        pass
    skip = [m for m in TestTwo.pytestmark if m.name == "skipif"]
    assert skip and skip[0].args == (True,)


class _IsScalarValues(testing.NumpyAliasValuesTestBase):
    func = "isscalar"
    args = (1.5,)


class _BinaryReprBasic(testing.NumpyAliasBasicTestBase):
    func = "binary_repr"


def test_numpy_alias_base_classes():
    result = unittest.TestResult()
    suite = unittest.TestSuite()
    for case in (_IsScalarValues("test_values"), _BinaryReprBasic("test_argspec"),
                 _BinaryReprBasic("test_docstring")):
        suite.addTest(case)
    suite.run(result)
    assert result.wasSuccessful(), result.failures + result.errors
    assert _IsScalarValues("test_values").cupy_func is cunp.isscalar


def _target():
    return 1


def test_assert_function_is_called():
    module = sys.modules[__name__]
    with testing.AssertFunctionIsCalled(__name__ + "._target", times_called=2):
        module._target()
        module._target()
    with pytest.raises(AssertionError, match="called 1 times, expected 2"):
        with testing.assert_function_is_called(__name__ + "._target", times_called=2):
            module._target()


def test_for_contiguous_axes():
    seen = []

    @testing.for_contiguous_axes()
    def body(shape, order, axis):
        seen.append(axis)

    assert "axis" not in __import__("inspect").signature(body).parameters
    body(shape=(1, 2, 3), order="C")
    body(shape=(1, 2, 3), order="f")
    assert seen == [(0, 1, 2), (1, 2), (2,), (0, 1, 2), (0, 1), (0,)]
    with pytest.raises(ValueError, match="order"):
        body(shape=(2,), order=None)


@testing.for_CF_orders()
@testing.for_contiguous_axes()
@pytest.mark.parametrize("shape", [(2, 3)])
def test_for_contiguous_axes_under_pytest(shape, order, axis):
    if order in ("C", "c"):
        assert axis in [(0, 1), (1,)]
    elif order in ("F", "f"):
        assert axis in [(0, 1), (0,)]


def test_signed_and_unsigned_combinations():
    seen = []

    @testing.for_signed_dtypes_combination(names=("a", "b"), full=True)
    def signed(a, b):
        seen.append((a, b))

    signed()
    assert len(seen) == 16 and all(numpy.dtype(t).kind == "i" for p in seen for t in p)
    seen.clear()

    @testing.for_unsigned_dtypes_combination(names=("a", "b"), full=False)
    def unsigned(a, b):
        seen.append((a, b))

    unsigned()
    assert len(seen) == 4 and all(numpy.dtype(t).kind == "u" for p in seen for t in p)


def test_product_and_product_dict():
    assert testing.product({"b": [1, 2], "a": ["x"]}) == [{"a": "x", "b": 1},
                                                          {"a": "x", "b": 2}]
    assert testing.product({}) == [{}]
    with pytest.raises(TypeError):
        testing.product([1])
    assert testing.product_dict([{"a": 1}, {"a": 2}], [{"b": 3}]) == [{"a": 1, "b": 3},
                                                                      {"a": 2, "b": 3}]


@testing.parameterize(*testing.product({"a": [1, 2], "b": ["x"]}))
class TestParameterizedPytestClass:
    def test_attributes(self):
        assert self.a in (1, 2) and self.b == "x"


@testing.parameterize({"n": 3, "f": lambda v: v * 2}, {"n": 4, "f": lambda v: v + 1})
class TestParameterizedUnittest(unittest.TestCase):
    def test_attributes(self):
        self.assertIn(self.n, (3, 4))
        self.assertIn(self.f(3), (6, 4))


def test_parameterize_made_the_classes():
    module = sys.modules[__name__]
    assert module.TestParameterizedUnittest is None
    made = [n for n in dir(module) if n.startswith("TestParameterizedUnittest_param_")]
    assert len(made) == 2
    marks = TestParameterizedPytestClass.pytestmark
    assert [m.args[0] for m in marks if m.name == "parametrize"] == ["_cunp_testing_param"]
    with pytest.raises(RuntimeError, match="twice"):
        testing.parameterize({"a": 1})(TestParameterizedPytestClass)


def test_fix_random_seeds_and_restores():
    random.seed(5)
    before = random.random()
    random.seed(5)
    draws = []

    @testing.fix_random()
    def body():
        draws.append((random.random(), numpy.random.rand(), testing.generate_seed()))

    body()
    body()
    assert draws[0] == draws[1]
    assert random.random() == before  # the caller's state came back
    with pytest.raises(RuntimeError, match="fix_random"):
        testing.generate_seed()
    with pytest.raises(ValueError):
        testing.fix_random()(3)


@testing.fix_random()
class TestFixRandomOnTestCase(unittest.TestCase):
    def test_seeded(self):
        self.assertEqual(random.random(), random.Random(99).random())


def test_fix_random_nondeterministic_mode(monkeypatch):
    monkeypatch.setenv("CUNP_TEST_RANDOM_NONDETERMINISTIC", "1")
    values = []

    @testing.fix_random()
    def body():
        values.append(random.random())

    body()
    body()
    assert values[0] != values[1]
    assert os.environ["CUNP_TEST_RANDOM_NONDETERMINISTIC"] == "1"


def test_numpy_cupy_array_list_equal_warns():
    with pytest.warns(DeprecationWarning, match="numpy_cupy_array_equal"):
        deco = testing.numpy_cupy_array_list_equal()
    assert callable(deco)


# --- GPU ---

@gpu
def test_numpy_cupy_array_list_equal_compares_lists():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)

        @testing.numpy_cupy_array_list_equal()
        def body(xp):
            return [xp.arange(3), xp.ones((2, 2))]

    body()


@gpu
def test_shaped_linspace_and_generate_matrix_on_the_device():
    a = testing.shaped_linspace(0, 1, (3, 4), dtype="float64")
    assert isinstance(a, cunp.ndarray)
    numpy.testing.assert_array_equal(cunp.asnumpy(a), numpy.linspace(0, 1, 12).reshape(3, 4))
    m = testing.generate_matrix((3, 3), dtype="float64", singular_values=cunp.asarray([1.0, 2, 3]))
    assert isinstance(m, cunp.ndarray)
    numpy.testing.assert_allclose(numpy.linalg.svd(cunp.asnumpy(m), compute_uv=False),
                                  [3, 2, 1], rtol=1e-10)


@gpu
def test_fix_random_fixes_cunp_random():
    values = []

    @testing.fix_random()
    def body():
        values.append(cunp.asnumpy(cunp.random.random(5)))

    body()
    body()
    numpy.testing.assert_array_equal(values[0], values[1])


def test_sp_name_and_scipy_name_hand_each_side_its_modules():
    # As CuPy's decorators: scipy.sparse and scipy on NumPy's side, cunp.scipy.sparse and
    # cunp.scipy on cunp's; the decorated function's signature drops the supplied names.
    pytest.importorskip("scipy.sparse")
    seen = []

    @testing.numpy_cupy_equal(sp_name="sp", scipy_name="scp")
    def body(xp, sp, scp, extra=1):
        seen.append((xp.__name__, sp.__name__, scp.__name__))
        return extra

    import inspect

    assert list(inspect.signature(body).parameters) == ["extra"]
    body()
    assert seen == [("numpy", "scipy.sparse", "scipy"),
                    ("cunp", "cunp.scipy.sparse", "cunp.scipy")]
    with pytest.raises(TypeError, match="supplied by the decorator"):
        body(sp=None)


def test_assert_warns_is_cupys_context_manager():
    with testing.assert_warns(UserWarning):
        warnings.warn("seen", UserWarning)
    with pytest.raises(AssertionError, match="UserWarning not triggered"):
        with testing.assert_warns(UserWarning):
            warnings.warn("other", DeprecationWarning)


# --- for_int_dtypes_combination, numpy_cupy_raises, assert_no_gc_cycles (no GPU) ---

_INTS = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64,
         numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64]


def _int_combinations(**kwargs):
    seen = []

    @testing.for_int_dtypes_combination(**kwargs)
    def body(**dtypes):
        seen.append(dtypes)

    body()
    return seen


def test_for_int_dtypes_combination_full_runs_every_pair():
    seen = _int_combinations(names=("x_type", "y_type"), full=True)
    pairs = [(d["x_type"], d["y_type"]) for d in seen]
    assert len(pairs) == 81 and len(set(pairs)) == 81
    assert {numpy.dtype(t) for p in pairs for t in p} == {numpy.dtype(t) for t in _INTS}
    seen = _int_combinations(names=("x_type", "y_type"), no_bool=True, full=True)
    assert len(seen) == 64
    assert all(numpy.dtype(t).kind in "iu" for d in seen for t in d.values())


def test_for_int_dtypes_combination_subset_covers_each_dtype_per_name():
    seen = _int_combinations(names=("a", "b", "c"), full=False)
    assert len(seen) < 9 ** 3
    for name in "abc":  # every integer dtype (and bool) appears for every name
        assert {numpy.dtype(d[name]) for d in seen} == {numpy.dtype(t) for t in _INTS}
    assert seen == _int_combinations(names=("a", "b", "c"), full=False)  # stable order


def test_for_int_dtypes_combination_default_name_and_environment(monkeypatch):
    seen = _int_combinations()
    assert [set(d) for d in seen] == [{"dtype"}] * 9
    assert [numpy.dtype(d["dtype"]) for d in seen] == [numpy.dtype(t) for t in _INTS]
    monkeypatch.setenv("CUNP_TEST_FULL_COMBINATION", "0")  # full=None reads it
    assert len(_int_combinations(names=("a", "b"))) == 9
    monkeypatch.setenv("CUNP_TEST_FULL_COMBINATION", "1")
    assert len(_int_combinations(names=("a", "b"))) == 81


def test_for_int_dtypes_combination_given_dtypes_run_once_and_failures_name_them():
    seen = []

    @testing.for_int_dtypes_combination(names=("a", "b"), full=True)
    def body(a, b):
        seen.append((a, b))
        assert not (a is numpy.uint8 and b is numpy.int16)

    body(a=numpy.int8, b=numpy.int8)  # the caller's dtypes: one run
    assert seen == [(numpy.int8, numpy.int8)]
    with pytest.raises(AssertionError) as info:
        body()
    assert "uint8" in str(info.value) + "".join(getattr(info.value, "__notes__", []))


def test_numpy_cupy_raises_is_cunps_raise_comparison():
    assert testing.numpy_cupy_raises is testing.numpy_cunp_raises
    sides = []

    @testing.numpy_cupy_raises()
    def both(xp):
        sides.append(xp.__name__)
        raise ValueError("from " + xp.__name__)

    both()
    assert sides == ["numpy", "cunp"]

    @testing.numpy_cupy_raises()
    def narrower_on_cunp(xp):  # cunp may raise a subclass of NumPy's type
        raise (ValueError if xp is numpy else numpy.exceptions.AxisError)("x")

    narrower_on_cunp()


@pytest.mark.parametrize("body, message", [
    (lambda xp: None, "Neither numpy nor cunp raised"),
    (lambda xp: xp.__name__ == "numpy" and 1 / 0, "Only numpy raised"),
    (lambda xp: xp.__name__ == "cunp" and 1 / 0, "Only cunp raised"),
    (lambda xp: (_ for _ in ()).throw(ValueError if xp is numpy else TypeError),
     "Exception types differ"),
])
def test_numpy_cupy_raises_fails_unless_both_raise_alike(body, message):
    with pytest.raises(AssertionError, match=message):
        testing.numpy_cupy_raises()(body)()


def test_numpy_cupy_raises_accept_error():
    def body(xp):
        raise KeyError("k")

    testing.numpy_cupy_raises(accept_error=KeyError)(body)()
    with pytest.raises(AssertionError, match="not in accept_error"):
        testing.numpy_cupy_raises(accept_error=ValueError)(body)()


def test_numpy_cupy_raises_with_a_real_error():
    @testing.numpy_cupy_raises()
    def body(xp):
        return xp.result_type("floot32")  # no device needed on either side

    body()


class _Node:
    def __init__(self):
        self.other = None


def _make_cycle():
    a, b = _Node(), _Node()
    a.other, b.other = b, a


def test_assert_no_gc_cycles_passes_without_cycles():
    with testing.assert_no_gc_cycles():
        nodes = [_Node() for _ in range(10)]
        del nodes
    testing.assert_no_gc_cycles(lambda: [_Node() for _ in range(10)])
    calls = []
    testing.assert_no_gc_cycles(lambda n, k=0: calls.append((n, k)), 21, k=2)  # args passed on
    assert calls == [(21, 2)]


def test_assert_no_gc_cycles_raises_for_a_reference_cycle():
    with pytest.raises(AssertionError):
        with testing.assert_no_gc_cycles():
            _make_cycle()
    with pytest.raises(AssertionError):
        testing.assert_no_gc_cycles(_make_cycle)
    with pytest.raises(AssertionError):
        with testing.assert_no_gc_cycles():
            x = []
            x.append(x)
            del x


@gpu
def test_assert_no_gc_cycles_around_array_work():
    a = cunp.arange(10.0)
    float((a * 2).sum())  # first use (kernels, pools) outside the check
    with testing.assert_no_gc_cycles():
        b = cunp.arange(10.0) * 2
        assert float(b.sum()) == 90.0
        del b
