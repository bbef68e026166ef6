"""numpy.linalg's decompositions, solvers and norms on cuSOLVER and cuBLAS."""
__all__ = []
