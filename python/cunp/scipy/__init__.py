"""cunp.scipy: SciPy's APIs on cunp arrays, as cunp.scipy.<area> (cupyx.scipy's layout)."""

_SUBMODULES = {"fft", "fftpack", "interpolate", "linalg", "ndimage", "signal", "sparse", "spatial", "special", "stats"}


def get_array_module(*args):
    """cunp.scipy if any argument is a cunp array or a cunp sparse matrix, else scipy (as
    cupyx.scipy.get_array_module), for code written for both."""
    import sys

    import cunp
    sparse = sys.modules.get("cunp.scipy.sparse")  # no cunp sparse matrix exists without it
    for arg in args:
        if isinstance(arg, cunp.ndarray) or (sparse is not None and sparse.issparse(arg)):
            return sys.modules[__name__]
    import scipy

    return scipy


def __getattr__(name):
    # Subpackages load on first use, so that `import cunp.scipy` stays cheap.
    if name in _SUBMODULES:
        import importlib

        module = importlib.import_module(f"cunp.scipy.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'cunp.scipy' has no attribute '{name}'")


def __dir__():
    return sorted(set(globals()) | _SUBMODULES)
