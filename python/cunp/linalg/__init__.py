"""cunp.linalg: numpy.linalg on cuBLAS and cuSOLVER, and cupyx.linalg's invh, cho_solve and
sparse.lschol."""
from cunp.linalg._products import *  # noqa: F401,F403
from cunp.linalg._decompositions import *  # noqa: F401,F403
from cunp.linalg._cholesky_solve import *  # noqa: F401,F403


def __getattr__(name):
    # cunp.linalg.LinAlgError is numpy.linalg.LinAlgError (as in CuPy), looked up on first use
    # so that importing cunp does not import NumPy.
    if name == 'LinAlgError':
        import numpy
        return numpy.linalg.LinAlgError
    if name == 'sparse':  # cupyx.linalg.sparse: loaded on first use, with cunp.scipy.sparse
        import importlib
        return importlib.import_module('cunp.linalg.sparse')
    raise AttributeError("module 'cunp.linalg' has no attribute '%s'" % name)


def __dir__():
    # `sparse` is a submodule loaded on first use: listed from the start, as after its import.
    return sorted(set(globals()) | {'sparse'})
