"""scipy.special's error handling: seterr, geterr and errstate, with SciPy's categories and
actions, and SpecialFunctionWarning / SpecialFunctionError.

SciPy's ufuncs report a condition (a pole, an argument outside the domain, an unconverged
iteration, ...) from inside the scalar loop. cunp's special ufuncs run on the GPU and return
the same values (inf, NaN, 0) without reporting: the settings are kept and validated as
SciPy's, and the few conditions cunp detects on the host (see ``report``) follow them."""
import contextlib
import threading
import warnings

_CATEGORIES = ("singular", "underflow", "overflow", "slow", "loss", "no_result", "domain",
               "arg", "other", "memory")
_ACTIONS = ("ignore", "warn", "raise")
_DEFAULT = {c: "ignore" for c in _CATEGORIES}
_DEFAULT["memory"] = "raise"


class SpecialFunctionWarning(Warning):
    """Warning that can be emitted by special functions."""


class SpecialFunctionError(Exception):
    """Exception that can be raised by special functions."""


_state = threading.local()


def _current():
    s = getattr(_state, "actions", None)
    if s is None:
        s = _state.actions = dict(_DEFAULT)
    return s


def geterr():
    """The current way of handling special-function errors: a dict of category -> action."""
    return dict(_current())


def seterr(**kwargs):
    """Set how special-function errors are handled (per category, or all=); returns the old
    settings. Unknown categories and actions raise KeyError, as in SciPy."""
    old = geterr()
    new = dict(old)
    if "all" in kwargs:
        action = kwargs.pop("all")
        _check_action(action)
        for c in _CATEGORIES:
            new[c] = action
    for category, action in kwargs.items():
        if category not in _CATEGORIES:
            raise KeyError(category)
        _check_action(action)
        new[category] = action
    _current().update(new)
    return old


def _check_action(action):
    if action not in _ACTIONS:
        raise KeyError(action)


class errstate(contextlib.ContextDecorator):
    """Context manager for special-function error handling: ``with errstate(all='raise')``."""

    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self._old = None

    def __enter__(self):
        self._old = seterr(**self.kwargs)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        _current().clear()
        _current().update(self._old)
        return False


def report(name, category, message):
    """Apply the current action of `category` to a condition detected on the host for the
    special function `name`: nothing, a SpecialFunctionWarning, or a SpecialFunctionError."""
    action = _current()[category]
    if action == "ignore":
        return
    text = f"scipy.special/{name}: {message}"
    if action == "raise":
        raise SpecialFunctionError(text)
    warnings.warn(text, SpecialFunctionWarning, stacklevel=3)
