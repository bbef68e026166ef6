"""User CUDA code: RawKernel and RawModule."""
__all__ = []
