"""What cunp.cuda.cublas, cusolver, cusparse, curand, cufft, cub and thrust share: a status
error class, the ctypes calls of their tables, and the names decided against.

Each of those modules is data: constants, a table of C prototypes (as _ctypes_calls reads
them) for the thin calls cunp makes as CuPy does, and a table of the CuPy names it does not
provide, each with the cunp function to use instead. Reading one of those names raises an
AttributeError saying so; tests/python/test_cupy_coverage.py reads the same tables as the
decided exclusions, so the message and the coverage record cannot drift apart.
"""
from cunp.cuda import _ctypes_calls


def status_error(name, statuses, doc):
    """An exception class `name` built from a status code (CuPy's CUBLASError(status)): its
    message is the status's name, and `.status` the code."""

    def __init__(self, status):
        self.status = status
        RuntimeError.__init__(self, statuses.get(status, 'UNKNOWN STATUS %d' % status))

    def __reduce__(self):
        return type(self), (self.status,)

    return type(name, (RuntimeError,), {'__init__': __init__, '__reduce__': __reduce__,
                                        '__doc__': doc})


def checker(error, success=0):
    """check_status(status): raises `error(status)` unless it is `success`."""

    def check_status(status):
        if status != success:
            raise error(status)
    check_status.__doc__ = 'Raises %s for a status other than success.' % error.__name__
    return check_status


def instead_by_name(table):
    """{name: what to use instead} from {what to use instead: 'name name ...'}."""
    out = {}
    for instead, names in table.items():
        for n in names.split():
            if n in out:
                raise ValueError('%s is decided twice' % n)
            out[n] = instead
    return out


def not_provided(module, table):
    """The module `__getattr__` raising AttributeError, naming what to use, for the names of
    `table` (as instead_by_name reads it)."""
    decisions = instead_by_name(table)

    def __getattr__(name):
        instead = decisions.get(name)
        if instead is not None:
            raise AttributeError('%s.%s is not provided by cunp: %s' % (module, name, instead))
        raise AttributeError('module %r has no attribute %r' % (module, name))
    return __getattr__, decisions


def define_calls(namespace, table, library, check, module, prepare=None):
    """The table's functions (see _ctypes_calls.define) added to `namespace`."""
    return _ctypes_calls.define(namespace, table, library, check, module, prepare)
