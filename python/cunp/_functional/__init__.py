"""Functional programming: vectorize, apply_along_axis, apply_over_axes, piecewise."""
