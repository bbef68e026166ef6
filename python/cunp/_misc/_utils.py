# python/cunp/_misc/_utils.py -- CuPy's own top-level utilities: memoize, clear_memo, and the
# experimental-feature flag.
"""memoize(for_each_device=False) caches a function's results by its (hashable) arguments, and
by the current device when asked; clear_memo() empties every such cache."""
import functools
import threading
import weakref

__all__ = ["memoize", "clear_memo", "disable_experimental_feature_warning"]

# CuPy's switch for the warnings of its experimental features; cunp has none that warn.
disable_experimental_feature_warning = False

_caches = {}  # id -> weak reference to one memoized function's results
_lock = threading.Lock()


class _Memo(dict):
    """One memoized function's results (a dict subclass, so that it can be held weakly)."""

    __slots__ = ("__weakref__",)


def memoize(for_each_device=False):
    """Makes a function memoize its result for each set of arguments (and, with
    `for_each_device`, for each current device). Arguments must be hashable."""
    def decorator(func):
        memo = _Memo()
        memo_id = id(memo)
        with _lock:
            _caches[memo_id] = weakref.ref(memo, lambda _, i=memo_id: _caches.pop(i, None))

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            key = (args, frozenset(kwargs.items()))
            if for_each_device:
                from cunp import _core

                key = (_core.getDevice(), key)
            try:
                return memo[key]
            except KeyError:
                pass
            result = func(*args, **kwargs)
            memo[key] = result
            return result

        wrapper._memo = memo  # kept alive by the function
        return wrapper
    return decorator


def clear_memo():
    """Clears the results of every function decorated with memoize."""
    with _lock:
        memos = [ref() for ref in _caches.values()]
    for memo in memos:
        if memo is not None:
            memo.clear()
