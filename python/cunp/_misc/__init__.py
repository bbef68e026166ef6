"""Names at cunp's top level that belong to no NumPy reference section: the NumPy 1 names CuPy 14
still has (_numpy1) and CuPy's own utilities (_utils)."""
