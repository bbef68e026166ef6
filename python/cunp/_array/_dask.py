"""How Dask sees a cunp chunk. dask.sizeof calls `register` through the package's entry point
while Dask is imported:

- sizeof: a chunk weighs its bytes on the device, not its Python object's few hundred bytes;
- dask.array's per-type lookups (numel, concatenate, take, ...): their defaults build NumPy
  arrays (the element counts of a mean, for one), which a cunp ufunc refuses to mix with
  device arrays, so cunp registers the array-typed versions, as Dask does for CuPy.

Both are registered lazily (filled on the first cunp chunk a lookup sees). dask.array cannot be
imported from inside dask.sizeof's import (a cycle), so where it is not yet imported a finder
waits for its dispatch module and registers there."""
import importlib.abc
import importlib.machinery
import sys

_DISPATCH = "dask.array.dispatch"


def register(sizeof):
    @sizeof.register_lazy("cunp")
    def _register_sizeof():
        from cunp import ndarray

        sizeof.register(ndarray)(lambda x: int(x.nbytes))

    dispatch = sys.modules.get(_DISPATCH)
    if dispatch is not None:
        _register_lazily(dispatch)
    elif not any(isinstance(f, _AfterDispatch) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterDispatch())


class _AfterDispatch(importlib.abc.MetaPathFinder):
    """Finds dask.array.dispatch as the path finder does, then registers cunp's lookups in it
    as soon as it has run; it leaves sys.meta_path at its first use."""

    def find_spec(self, name, path, target=None):
        if name != _DISPATCH:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or spec.loader is None:
            return spec
        run_module = spec.loader.exec_module

        def run_then_register(module):
            run_module(module)
            _register_lazily(module)

        spec.loader.exec_module = run_then_register
        return spec


def _register_lazily(dispatch):
    for lookup in _LOOKUPS:
        getattr(dispatch, lookup).register_lazy("cunp", _register_array_lookups)


_LOOKUPS = ("concatenate_lookup", "take_lookup", "tensordot_lookup", "einsum_lookup",
            "empty_lookup", "percentile_lookup", "numel_lookup", "nannumel_lookup",
            "to_numpy_dispatch")


def _register_array_lookups():
    # Each lookup calls this on its first cunp chunk; registering again is harmless.
    import cunp
    from dask.array import backends, dispatch

    def einsum(*operands, **kwargs):
        kwargs.pop("order", None)  # Dask passes NumPy's layout and casting defaults
        kwargs.pop("casting", None)
        return cunp.einsum(*operands, **kwargs)

    for lookup, function in (
        ("concatenate_lookup", cunp.concatenate), ("take_lookup", cunp.take),
        ("tensordot_lookup", cunp.tensordot), ("einsum_lookup", einsum),
        ("empty_lookup", cunp.empty), ("percentile_lookup", backends.percentile),
        ("numel_lookup", backends._numel_arraylike), ("nannumel_lookup", backends._nannumel),
        ("to_numpy_dispatch", cunp.asnumpy),
    ):
        getattr(dispatch, lookup).register(cunp.ndarray, function)
    # Sparse chunks (cunp.scipy.sparse) join and contract through their own lookups.
    from cunp.scipy.sparse import _dask as sparse_dask

    sparse_dask.register(dispatch)
