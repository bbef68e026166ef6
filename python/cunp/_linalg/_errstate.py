"""The `linalg` key of cunp's error state (cunp.errstate(linalg=...), seterr, geterr), as
CuPy's cupyx.errstate has it: whether linalg reads the library's status back from the device to
raise LinAlgError for a singular (inv, solve) or non-positive-definite (cholesky) matrix.

'raise' (the default, NumPy's behaviour) pays a device-to-host sync per call for the check;
'ignore' skips it, and results then hold the inf/nan the library leaves. A context variable, as
NumPy keeps its own error state: each thread and task sees its own setting, and reading it is
cheap enough for every linalg call.
"""
import contextvars

_MODES = ("raise", "ignore")
_mode = contextvars.ContextVar("cunp_linalg_errstate", default="raise")


def checked():
    """Whether linalg raises for singular matrices (errstate linalg='raise')."""
    return _mode.get() == "raise"


def get():
    return _mode.get()


def validated(value):
    if value not in _MODES:
        raise ValueError("linalg error handling must be 'raise' or 'ignore', not %r" % (value,))
    return value


def set(value):  # noqa: A001 - the module's verb
    """Sets the mode (validated); returns a token for reset()."""
    return _mode.set(validated(value))


def reset(token):
    _mode.reset(token)
