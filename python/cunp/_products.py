"""Products: matmul (the @ operator), dot, vdot, inner, outer, tensordot, kron, einsum, ..."""
__all__ = []
