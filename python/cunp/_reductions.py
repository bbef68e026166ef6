"""Reductions: sum, prod, max, min, argmax, argmin, all, any; ufunc.reduce; ReductionKernel."""
__all__ = []
