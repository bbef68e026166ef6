"""Interop: DLPack, the CUDA Array Interface, NumPy's dispatch protocols, pickling."""
__all__ = []
