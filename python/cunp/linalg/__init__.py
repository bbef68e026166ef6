"""cunp.linalg: numpy.linalg on cuBLAS and cuSOLVER."""
from cunp.linalg._products import *  # noqa: F401,F403
from cunp.linalg._decompositions import *  # noqa: F401,F403
