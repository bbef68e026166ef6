"""Mathematical functions: the ufunc type's Python methods, elementwise functions, sums, products,
cumulative operations, differences, window functions, convolve and the legacy polynomial API."""
