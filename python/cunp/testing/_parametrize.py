"""Dtype and order sweeps for tests.

Each sweep becomes a ``pytest.mark.parametrize`` mark when the test function
names the swept argument, so every dtype is a separate test id.  The wrapper
also works when called directly (outside pytest, or when the argument only
arrives through ``**kwargs``): it then loops over the values itself and
reports which one failed.
"""

import functools
import inspect
import os
import random
import sys
import unittest

import numpy

BOOL_DTYPES = (numpy.bool_,)
SIGNED_DTYPES = (numpy.int8, numpy.int16, numpy.int32, numpy.int64)
UNSIGNED_DTYPES = (numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64)
FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)
COMPLEX_DTYPES = (numpy.complex64, numpy.complex128)
ALL_DTYPES = (BOOL_DTYPES + SIGNED_DTYPES + UNSIGNED_DTYPES + FLOAT_DTYPES
              + COMPLEX_DTYPES)


def _import_pytest():
    # Deferred so that the assertion helpers work without pytest installed.
    try:
        import pytest
    except ImportError:
        return None
    return pytest


def _skip_types():
    types = [unittest.SkipTest]
    pytest = _import_pytest()
    if pytest is not None:
        types.append(pytest.skip.Exception)
    return tuple(types)


def _value_id(value):
    if value is None:
        return 'None'
    if isinstance(value, str):
        return value
    try:
        return numpy.dtype(value).name
    except TypeError:
        return str(value)


def _note(error, text):
    if hasattr(error, 'add_note'):
        error.add_note(text)
    else:
        # Python 3.10 has no exception notes; pytest shows captured stderr
        # of a failing test, which is the next best place.
        print(text, file=sys.stderr)


def _sweep(func, names, combos):
    """Call ``func`` once per tuple in ``combos``, bound to ``names``."""
    names = tuple(names)
    combos = [tuple(c) for c in combos]

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        given = [n in kwargs for n in names]
        if all(given):
            return func(*args, **kwargs)
        if any(given):
            raise TypeError('pass all or none of {}'.format(names))
        skipped = None
        ran = 0
        for combo in combos:
            call_kwargs = dict(kwargs)
            call_kwargs.update(zip(names, combo))
            try:
                func(*args, **call_kwargs)
                ran += 1
            except _skip_types() as e:
                skipped = e
            except BaseException as e:
                _note(e, 'while running with ' + ', '.join(
                    '{}={}'.format(n, _value_id(v))
                    for n, v in zip(names, combo)))
                raise
        if ran == 0 and skipped is not None:
            raise skipped
        return None

    pytest = _import_pytest()
    params = inspect.signature(func).parameters
    if pytest is not None and all(n in params for n in names):
        ids = ['-'.join(_value_id(v) for v in combo) for combo in combos]
        if len(names) == 1:
            wrapper = pytest.mark.parametrize(
                names[0], [c[0] for c in combos], ids=ids)(wrapper)
        else:
            wrapper = pytest.mark.parametrize(
                ','.join(names), combos, ids=ids)(wrapper)
    return wrapper


def for_dtypes(dtypes, name='dtype'):
    """Run the test once for each dtype in ``dtypes``, passed as ``name``."""
    dtypes = list(dtypes)

    def decorator(func):
        return _sweep(func, (name,), [(d,) for d in dtypes])
    return decorator


def _pick(no_bool=False, no_float16=False, no_complex=False, signed=True,
          unsigned=True, floats=True, complexes=True, bools=True):
    out = []
    if bools and not no_bool:
        out += BOOL_DTYPES
    if signed:
        out += SIGNED_DTYPES
    if unsigned:
        out += UNSIGNED_DTYPES
    if floats:
        out += [d for d in FLOAT_DTYPES
                if not (no_float16 and d is numpy.float16)]
    if complexes and not no_complex:
        out += COMPLEX_DTYPES
    return out


def for_all_dtypes(name='dtype', no_float16=False, no_bool=False,
                   no_complex=False):
    """Sweep bool, int8..int64, uint8..uint64, float16..64, complex64/128."""
    return for_dtypes(_pick(no_bool, no_float16, no_complex), name)


def for_float_dtypes(name='dtype', no_float16=False):
    """Sweep float16 (optional), float32 and float64."""
    return for_dtypes(_pick(no_float16=no_float16, bools=False, signed=False,
                            unsigned=False, complexes=False), name)


def for_signed_dtypes(name='dtype'):
    """Sweep int8, int16, int32 and int64."""
    return for_dtypes(SIGNED_DTYPES, name)


def for_unsigned_dtypes(name='dtype'):
    """Sweep uint8, uint16, uint32 and uint64."""
    return for_dtypes(UNSIGNED_DTYPES, name)


def for_int_dtypes(name='dtype', no_bool=False):
    """Sweep the signed and unsigned integers, plus bool unless no_bool."""
    return for_dtypes(_pick(no_bool=no_bool, floats=False, complexes=False),
                      name)


def for_complex_dtypes(name='dtype'):
    """Sweep complex64 and complex128."""
    return for_dtypes(COMPLEX_DTYPES, name)


def _full_combination(full):
    if full is None:
        return os.environ.get('CUNP_TEST_FULL_COMBINATION', '1') != '0'
    return bool(full)


def for_dtypes_combination(types, names=('dtype',), full=None):
    """Sweep tuples of dtypes, one per argument in ``names``.

    With ``full`` true every element of the product is run.  Otherwise each
    name gets its own shuffle of ``types`` (fixed seed, so ids are stable)
    and the shuffles are zipped: every dtype still appears for every name,
    in len(types) tests instead of len(types)**len(names).  ``full=None``
    reads CUNP_TEST_FULL_COMBINATION ('0' selects the subset; default full).
    """
    types = list(types)
    names = tuple(names)
    if _full_combination(full):
        combos = list(_product(types, len(names)))
    else:
        rng = random.Random(len(types) * 7919 + len(names))
        columns = []
        for _ in names:
            column = list(types)
            rng.shuffle(column)
            columns.append(column)
        combos = list(zip(*columns))

    def decorator(func):
        return _sweep(func, names, combos)
    return decorator


def _product(types, n):
    if n == 0:
        yield ()
        return
    for head in types:
        for tail in _product(types, n - 1):
            yield (head,) + tail


def for_all_dtypes_combination(names=('dtyes',), no_float16=False,
                               no_bool=False, full=None, no_complex=False):
    """``for_dtypes_combination`` over the dtypes of ``for_all_dtypes``.

    The default argument name 'dtyes' (sic) is kept from CuPy so that ported
    tests keep working; pass ``names`` explicitly in new tests.
    """
    return for_dtypes_combination(
        _pick(no_bool, no_float16, no_complex), names, full)


def for_int_dtypes_combination(names=('dtype',), no_bool=False, full=None):
    """``for_dtypes_combination`` over the integer (and bool) dtypes."""
    return for_dtypes_combination(
        _pick(no_bool=no_bool, floats=False, complexes=False), names, full)


def for_orders(orders, name='order'):
    """Run the test once per memory order in ``orders``."""
    return for_dtypes(list(orders), name)


def for_CF_orders(name='order'):
    """Run the test with order='C' and order='F'."""
    return for_orders(['C', 'F'], name)


def for_signed_dtypes_combination(names=('dtype',), full=None):
    """``for_dtypes_combination`` over int8..int64."""
    return for_dtypes_combination(SIGNED_DTYPES, names, full)


def for_unsigned_dtypes_combination(names=('dtype',), full=None):
    """``for_dtypes_combination`` over uint8..uint64."""
    return for_dtypes_combination(UNSIGNED_DTYPES, names, full)


def _contiguous_axes(ndim, order):
    """The axis tuples whose elements are contiguous in an array of that order: the last 1,
    2, ... axes for C, the first 1, 2, ... for F."""
    if order in ('c', 'C'):
        return [tuple(range(ndim - k, ndim)) for k in range(ndim, 0, -1)]
    if order in ('f', 'F'):
        return [tuple(range(k)) for k in range(ndim, 0, -1)]
    raise ValueError('Please specify the array order.')


def for_contiguous_axes(name='axis'):
    """Run the test once per tuple of axes that is contiguous in memory for the test's
    ``shape`` and ``order`` arguments (which must be given to it as keywords, by another
    parametrization): for shape (1, 2, 3), C order gives (0, 1, 2), (1, 2), (2,) and F order
    (0, 1, 2), (0, 1), (0,)."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for axes in _contiguous_axes(len(kwargs['shape']), kwargs['order']):
                try:
                    func(*args, **dict(kwargs, **{name: axes}))
                except BaseException as e:
                    _note(e, 'while running with {}={}'.format(name, axes))
                    raise
        params = inspect.signature(func).parameters
        wrapper.__signature__ = inspect.signature(func).replace(
            parameters=[p for p in params.values() if p.name != name])
        return wrapper
    return decorator


def product(parameter):
    """Every combination of a dict of value lists, as dicts: ``product({'a': [1, 2], 'b':
    [3]})`` is ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]`` (keys in sorted order)."""
    import itertools

    if not isinstance(parameter, dict):
        raise TypeError('product takes a dict of lists, not {}'.format(
            type(parameter).__name__))
    keys = sorted(parameter)
    return [dict(zip(keys, values))
            for values in itertools.product(*(parameter[k] for k in keys))]


def product_dict(*parameters):
    """Every combination of one dict from each list, merged: ``product_dict([{'a': 1},
    {'a': 2}], [{'b': 3}])`` is ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``."""
    import itertools

    return [{k: v for d in dicts for k, v in d.items()}
            for dicts in itertools.product(*parameters)]


def _param_id(i, param):
    def text(v):
        name = getattr(v, '__name__', None)
        s = name if isinstance(name, str) else repr(v)
        return s if len(s) <= 100 else s[:48] + '...' + s[-49:]
    return '_param_{}_{{{}}}'.format(i, ', '.join(
        '{}={}'.format(k, text(v)) for k, v in sorted(param.items())))


_mixin = None


def _parameterize_mixin():
    """The base that puts a pytest parameter's attributes on the test instance (made once, on
    first use, so that pytest is imported only when it is needed)."""
    global _mixin
    if _mixin is None:
        import pytest

        class _TestingParameterizeMixin:
            def __repr__(self):
                return '<{}  parameter: {}>'.format(super().__repr__(), self.__dict__)

            @pytest.fixture(autouse=True)
            def _cunp_testing_parameterize(self, _cunp_testing_param):
                self.__dict__.update(_cunp_testing_param)

        _mixin = _TestingParameterizeMixin
    return _mixin


def parameterize(*params, **kwargs):
    """Runs a test class once per dict of attributes in `params` (each dict's items become
    attributes of the test instance; function values become methods that ignore self).

    A pytest class (not a unittest.TestCase) becomes one class parametrized over the dicts. A
    unittest.TestCase class is replaced by one subclass per dict, added to its module as
    ``<name>_param_<i>_{...}`` (the decorator returns None, as CuPy's does). The one keyword,
    ``_ids`` (default True), names the pytest cases by their parameters, else by number."""
    _ids = kwargs.pop('_ids', True)
    if kwargs:
        raise TypeError('parameterize() got unexpected keyword arguments: %s' % sorted(kwargs))

    def decorator(cls):
        if issubclass(cls, unittest.TestCase):
            module = sys.modules[cls.__module__]
            for i, param in enumerate(params):
                members = {}
                for k, v in param.items():
                    members[k] = (staticmethod(v) if inspect.isfunction(v) else v)
                name = cls.__name__ + _param_id(i, param)
                sub = type(name, (cls,), members)
                sub.__module__ = cls.__module__
                setattr(module, name, sub)
            return None
        import pytest

        mixin = _parameterize_mixin()
        if issubclass(cls, mixin):
            raise RuntimeError('do not apply testing.parameterize twice')
        new = type(cls.__name__, (mixin, cls), {})
        new.__module__ = cls.__module__
        new.__qualname__ = cls.__qualname__
        ids = [_param_id(i, p) if _ids else str(i) for i, p in enumerate(params)]
        return pytest.mark.parametrize('_cunp_testing_param', list(params), ids=ids)(new)
    return decorator
