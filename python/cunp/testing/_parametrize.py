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
