"""Runs the public classes of cunp.scipy.spatial (KDTree, Delaunay) and cunp.scipy.interpolate's
scattered-data interpolators on the CPU: NumPy stands in for cunp inside their modules, and the
NumPy models of the kernels (kdtree_model, tri_locate_model) stand in for the device entry
points _core.spatial.kd_query, kd_ball and tri_locate. What runs is the modules' own code:
argument handling, the tree build, result shapes and dtypes, the interpolation maths."""
import types

import numpy

import kdtree_model
import tri_locate_model


class NumpyAsCunp:
    """The cunp names a module uses, answered by NumPy (asnumpy is asarray)."""

    ndarray = numpy.ndarray

    def __getattr__(self, name):
        return getattr(numpy, name)

    @staticmethod
    def asnumpy(a):
        return numpy.asarray(a)


def _tri_locate(xi, transform, neighbors, start, out, eps):
    out[...] = tri_locate_model.locate(xi, transform, neighbors, start, eps)


def _pairwise(name, x, y, p=2.0):
    assert name == "minkowski"
    return (numpy.abs(x[:, None, :] - y[None, :, :]) ** p).sum(-1) ** (1.0 / p)


CORE = types.SimpleNamespace(spatial=types.SimpleNamespace(
    kd_query=kdtree_model.kd_query, kd_ball=kdtree_model.kd_ball, tri_locate=_tri_locate))


def patch(monkeypatch):
    """Point the modules at NumPy and the models for the rest of the test."""
    from cunp.scipy.interpolate import _ndgriddata, _rbfinterp
    from cunp.scipy.spatial import _delaunay, _kdtree

    shim = NumpyAsCunp()
    for mod in (_kdtree, _delaunay, _ndgriddata, _rbfinterp):
        monkeypatch.setattr(mod, "cp", shim)
    for mod in (_kdtree, _delaunay):
        monkeypatch.setattr(mod, "_core", CORE)
    monkeypatch.setattr(_rbfinterp, "_distance", types.SimpleNamespace(_pairwise=_pairwise))
