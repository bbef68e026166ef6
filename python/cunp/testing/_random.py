"""fix_random and generate_seed: tests that draw random numbers from fixed seeds."""

import functools
import os
import random
import unittest

import numpy

_saved = None
_depth = 0


def _setup():
    """Seeds Python's, NumPy's and cunp's global generators (99, 100, 101), saving their
    states; nested calls only count (the outermost pair does the work)."""
    global _saved, _depth
    if _depth == 0:
        from cunp.random import _legacy

        _saved = (random.getstate(), numpy.random.get_state(), _legacy._random_state)
        _legacy.reset_states()
        if os.environ.get('CUNP_TEST_RANDOM_NONDETERMINISTIC', '0') not in ('', '0'):
            random.seed()
            numpy.random.seed()
        else:
            random.seed(99)
            numpy.random.seed(100)
            _legacy.seed(101)
    _depth += 1


def _teardown():
    global _saved, _depth
    if _depth <= 0:
        raise RuntimeError('fix_random: teardown without setup')
    _depth -= 1
    if _depth == 0:
        from cunp.random import _legacy

        python_state, numpy_state, cunp_state = _saved
        random.setstate(python_state)
        numpy.random.set_state(numpy_state)
        _legacy._random_state = cunp_state
        _saved = None


def generate_seed():
    """A seed drawn from NumPy's (fixed) global generator; only inside a fix_random test."""
    if _depth <= 0:
        raise RuntimeError('generate_seed needs a test decorated with fix_random')
    return numpy.random.randint(0x7fffffff)


def fix_random():
    """Decorator for a test function or a unittest.TestCase class: Python's, NumPy's and
    cunp's global random generators are seeded before it (each test of the class) and restored
    after, so that its random numbers are the same on every run."""
    def decorator(impl):
        if isinstance(impl, type) and issubclass(impl, unittest.TestCase):
            set_up, tear_down = impl.setUp, impl.tearDown

            def setUp(self):  # noqa: N802 - unittest's name
                _setup()
                set_up(self)

            def tearDown(self):  # noqa: N802 - unittest's name
                try:
                    tear_down(self)
                finally:
                    _teardown()

            impl.setUp, impl.tearDown = setUp, tearDown
            return impl
        if callable(impl):
            @functools.wraps(impl)
            def wrapper(*args, **kwargs):
                _setup()
                try:
                    return impl(*args, **kwargs)
                finally:
                    _teardown()
            return wrapper
        raise ValueError("Can't apply fix_random to {!r}".format(impl))
    return decorator
