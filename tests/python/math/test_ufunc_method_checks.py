# tests/python/math/test_ufunc_method_checks.py -- the argument checks of ufunc.at, outer,
# accumulate and reduceat that come before any device work, against NumPy's exception types.
# Runs without a GPU: every call here fails before an array reaches the device.
"""NumPy checks a ufunc method's arity and outputs before its operands, and ufunc.at's
second operand by np.asarray's types and by a broadcast that may not grow a[indices]; the
device-side cases are in tests/fuzz/corpus/cases.py."""

import numpy
import pytest

import cunp
from cunp._math import _ufuncs
from error_support import same_error
from ufunc_support import UFUNC_NAMES

SHARED = [n for n in UFUNC_NAMES
          if isinstance(getattr(numpy, n, None), numpy.ufunc) and hasattr(cunp, n)]
UNARY = [n for n in SHARED if getattr(numpy, n).nin == 1]
TWO_OUTPUTS = [n for n in SHARED if getattr(numpy, n).nout == 2]


@pytest.mark.parametrize('name', UNARY)
def test_outer_of_unary_ufunc_is_value_error(name):
    # one operand or two: the arity is checked first
    same_error(lambda xp: getattr(xp, name).outer(numpy.zeros(2)))
    same_error(lambda xp: getattr(xp, name).outer(numpy.zeros(2), numpy.zeros(2)))


def test_outer_needs_two_operands():
    same_error(lambda xp: xp.add.outer(numpy.zeros(2)))
    same_error(lambda xp: xp.add.outer(numpy.zeros(2), 1, 2))


@pytest.mark.parametrize('name', TWO_OUTPUTS)
def test_at_of_two_output_ufunc_is_value_error(name):
    same_error(lambda xp: getattr(xp, name).at(numpy.zeros(2), 0))
    same_error(lambda xp: getattr(xp, name).at(numpy.zeros(2), 0, 1))
    same_error(lambda xp: getattr(xp, name).at())


@pytest.mark.parametrize('call', [
    lambda xp: xp.add.at(numpy.zeros(2), 0),          # second operand missing
    lambda xp: xp.sqrt.at(numpy.zeros(2), 0, 1),      # second operand given to a unary ufunc
    lambda xp: xp.sqrt.at(numpy.zeros(2), 0, None),   # None counts as given
    lambda xp: xp.add.at([1.0], 0, 1),                # not an array
    lambda xp: xp.add.at(numpy.zeros(2)),             # no index
], ids=['missing-b', 'unary-with-b', 'unary-with-none', 'list', 'no-index'])
def test_at_operand_checks(call):
    same_error(call)


@pytest.mark.parametrize('value', [0, -1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**70, -2**63,
                                   -2**63 - 1, True, 1.5, 1j])
def test_past_uint64_is_numpys_object_array(value):
    assert _ufuncs._past_uint64(value) == (numpy.asarray(value).dtype == object)


SHAPES = [(), (1,), (3,), (0,), (1, 1), (2, 1), (1, 3), (2, 3), (3, 2), (0, 3), (2, 1, 3)]


@pytest.mark.parametrize('target', SHAPES)
@pytest.mark.parametrize('shape', SHAPES)
def test_at_operand_broadcast_rule(shape, target):
    """b broadcasts to a[indices] exactly where NumPy's at takes it (a[...] selects target)."""
    a = numpy.zeros(target)
    try:
        numpy.add.at(a, ..., numpy.ones(shape))
        numpy_takes = True
    except ValueError:
        numpy_takes = False
    assert _ufuncs._broadcasts_to(shape, target) == numpy_takes


@pytest.mark.parametrize('method', ['accumulate', 'reduceat'])
def test_scan_arity_before_out(method):
    # NumPy: the arity's ValueError before out='s TypeError
    args = (numpy.zeros(3),) + (([0],) if method == 'reduceat' else ())
    same_error(lambda xp: getattr(xp.sqrt, method)(*args, out=5))
    same_error(lambda xp: getattr(xp.frexp, method)(*args, out=5))


def test_reduceat_indices_shape_before_operand():
    # a 2-d index list is refused (ValueError) before the scalar's TypeError
    same_error(lambda xp: xp.add.reduceat(numpy.zeros(()), [[0]]))
    same_error(lambda xp: xp.add.reduceat(numpy.zeros(3), [[0]]))
