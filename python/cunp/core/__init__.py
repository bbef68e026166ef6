"""cunp.core: CuPy's ``cupy.core`` module paths kept for old code (``cunp.core.dlpack``)."""
