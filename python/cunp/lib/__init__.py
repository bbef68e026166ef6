"""cunp.lib: the part of numpy.lib that CuPy has as cupy.lib, stride_tricks (as_strided and
sliding_window_view)."""
from cunp.lib import stride_tricks  # noqa: F401

__all__ = ["stride_tricks"]
