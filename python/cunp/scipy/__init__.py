"""cunp.scipy: SciPy's APIs on cunp arrays, as cunp.scipy.<area> (cupyx.scipy's layout)."""

_SUBMODULES = {"fft", "fftpack", "interpolate", "linalg", "ndimage", "signal", "sparse", "spatial", "special", "stats"}


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
