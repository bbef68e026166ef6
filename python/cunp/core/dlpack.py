"""cunp.core.dlpack: CuPy's legacy DLPack functions (``toDlpack``, ``fromDlpack``).

New code should call ``cunp.from_dlpack(x)`` and ``x.__dlpack__()``.
"""
from cunp._array._interop import from_dlpack, fromDlpack, toDlpack

__all__ = ["from_dlpack", "fromDlpack", "toDlpack"]
