# tests/python/math/test_ufunc_table.py -- ufunc objects and metadata vs NumPy
# Pure metadata: runs without a GPU.
"""``cunp.<name>`` ufunc objects: existence, attributes and type loops.

Every attribute is compared with NumPy's.  ``types`` is compared as dtypes
(NumPy lists int64 loops under both 'l' and 'q'), restricted to the 14
dtypes cunp has.  Nothing here touches a device.
"""

import numpy
import pytest

import cunp
from ufunc_support import (ALIASES, CANONICAL_NAMES, UFUNC_NAMES, loop_id,
                           normalized_types, numpy_loops)

names = pytest.mark.parametrize('name', UFUNC_NAMES)


def _ufunc(name):
    u = getattr(cunp, name, None)
    if u is None:
        pytest.fail('cunp has no attribute {!r}'.format(name))
    return u


def test_ufunc_class_is_exported():
    assert isinstance(cunp.ufunc, type)
    assert cunp.ufunc.__name__ == 'ufunc'


@names
def test_is_a_ufunc(name):
    u = _ufunc(name)
    assert isinstance(u, cunp.ufunc)
    assert callable(u)


def _attributes(u):
    identity = u.identity
    return {
        '__name__': u.__name__,
        'repr': repr(u),
        'nin': u.nin,
        'nout': u.nout,
        'nargs': u.nargs,
        # Same value and Python type: add's is 0 (int), logical_and's True
        # (bool), logaddexp's -inf (float), most have None.
        'identity': (type(identity).__name__, identity),
        # None marks an elementwise ufunc (a gufunc has '(n),(n)->()').
        'signature': u.signature,
    }


@names
def test_attributes(name):
    expected = _attributes(getattr(numpy, name))
    actual = _attributes(_ufunc(name))
    wrong = {k: (actual[k], expected[k]) for k in expected
             if actual[k] != expected[k]}
    assert not wrong, 'cunp vs numpy: {}'.format(wrong)
    for attr in ('nin', 'nout', 'nargs'):
        assert type(getattr(_ufunc(name), attr)) is int


def _describe(loops, nin):
    return [loop_id(sig, nin) for sig in loops]


@names
def test_types(name):
    u = _ufunc(name)
    assert isinstance(u.types, list)
    assert all(isinstance(t, str) for t in u.types)
    assert u.ntypes == len(u.types)
    expected = numpy_loops(name)
    actual = normalized_types(u.types, u.nin)
    missing = [s for s in expected if s not in actual]
    extra = [s for s in actual if s not in expected]
    assert not missing and not extra, 'missing {}, extra {}'.format(
        _describe(missing, u.nin), _describe(extra, u.nin))
    # Every entry names cunp dtypes only (no object or longdouble loops),
    # and none is listed twice under another character.
    assert len(actual) == len(u.types), u.types
    # The order decides which loop a mixed-dtype call resolves to (the
    # first one all inputs cast to safely), so it is NumPy's too.
    assert _describe(actual, u.nin) == _describe(expected, u.nin)


@pytest.mark.parametrize('alias,name', sorted(ALIASES.items()))
def test_alias_is_the_same_object(alias, name):
    assert getattr(numpy, alias) is getattr(numpy, name)   # the spec
    assert _ufunc(alias) is _ufunc(name)


@pytest.mark.parametrize('a,b', [('degrees', 'rad2deg'),
                                 ('radians', 'deg2rad'),
                                 ('fmax', 'maximum'), ('fmin', 'minimum')])
def test_look_alikes_are_distinct(a, b):
    # Same maths, separate ufuncs in NumPy (different __name__).
    assert getattr(numpy, a) is not getattr(numpy, b)
    assert _ufunc(a) is not _ufunc(b)
    assert _ufunc(a).__name__ == a


def test_canonical_names_are_distinct_objects():
    objects = [_ufunc(n) for n in CANONICAL_NAMES]
    assert len(set(map(id, objects))) == len(CANONICAL_NAMES)


@names
@pytest.mark.parametrize('nargs', [0, 'too_many'])
def test_wrong_number_of_arguments(name, nargs):
    # Checked before any operand is looked at, so no device is involved;
    # NumPy's message names the ufunc and the accepted counts.
    u, ref = _ufunc(name), getattr(numpy, name)
    n = 0 if nargs == 0 else ref.nargs + 1
    args = [1] * n
    with pytest.raises(TypeError) as expected:
        ref(*args)
    with pytest.raises(TypeError) as actual:
        u(*args)
    assert str(actual.value) == str(expected.value)


def test_ufunc_cannot_be_instantiated_directly():
    with pytest.raises(TypeError):
        numpy.ufunc()
    with pytest.raises(TypeError):
        cunp.ufunc()
