"""cunp.linalg: numpy.linalg on cuBLAS and cuSOLVER, and cupyx.linalg's invh and cho_solve."""
from cunp.linalg._products import *  # noqa: F401,F403
from cunp.linalg._decompositions import *  # noqa: F401,F403
from cunp.linalg._cholesky_solve import *  # noqa: F401,F403


def __getattr__(name):
    # cunp.linalg.LinAlgError is numpy.linalg.LinAlgError (as in CuPy), looked up on first use
    # so that importing cunp does not import NumPy.
    if name == 'LinAlgError':
        import numpy
        return numpy.linalg.LinAlgError
    raise AttributeError("module 'cunp.linalg' has no attribute '%s'" % name)
