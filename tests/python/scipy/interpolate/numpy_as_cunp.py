"""NumPy standing in for cunp inside a cunp.scipy.interpolate module, so the module's host-side
logic (argument checks, system assembly, evaluation) runs and is compared with SciPy on the CPU.
"""
import numpy


class NumpyAsCunp:
    """The cunp names a module uses, answered by NumPy (asnumpy is asarray)."""

    def __getattr__(self, name):
        return getattr(numpy, name)

    @staticmethod
    def asnumpy(a):
        return numpy.asarray(a)


def numpy_pairwise(name, x, y, p=2.0):
    """cunp.scipy.spatial.distance._pairwise's minkowski kernel, broadcast in NumPy."""
    assert name == "minkowski"
    diff = numpy.abs(x[:, None, :] - y[None, :, :])
    return (diff ** p).sum(-1) ** (1.0 / p)
