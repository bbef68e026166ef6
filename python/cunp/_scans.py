"""Cumulative operations: cumsum, cumprod, their nan forms and cumulative_*; ufunc.accumulate and ufunc.reduceat."""
__all__ = []
