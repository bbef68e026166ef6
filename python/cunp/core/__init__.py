"""cunp.core: CuPy's ``cupy.core`` module paths kept for old code (``cunp.core.dlpack``)."""
from cunp.core import dlpack  # noqa: E402,F401
