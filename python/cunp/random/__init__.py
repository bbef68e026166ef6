"""cunp.random: numpy.random's legacy API and Generator on the GPU."""
