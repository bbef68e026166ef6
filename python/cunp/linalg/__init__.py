"""cunp.linalg: numpy.linalg on cuBLAS and cuSOLVER."""
