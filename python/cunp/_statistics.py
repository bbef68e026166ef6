"""Statistics over axes: mean, var, std, average, ptp, count_nonzero and the nan-ignoring forms."""
__all__ = []
