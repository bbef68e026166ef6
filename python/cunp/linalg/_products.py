"""numpy.linalg's products on cuBLAS: matmul, multi_dot, tensordot, vecdot, outer, cross, ..."""
__all__ = []
