"""Statistics: averages and variances, the one-pass statistics kernels, histograms, order statistics."""
