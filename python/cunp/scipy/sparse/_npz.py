"""save_npz/load_npz in SciPy's file layout (format, shape, data and the format's index
arrays, plus _is_array for sparse arrays), so files go both ways between SciPy and cunp.
The arrays are written from and read into host memory; the device copy is made on load."""

import numpy

from . import _backend
from ._base import _classes, sparray

__all__ = ["save_npz", "load_npz"]


def save_npz(file, matrix, compressed=True):
    """Writes a sparse matrix or array to `file` (.npz) as scipy.sparse.save_npz does."""
    h = _backend.to_host
    fmt = matrix.format
    if fmt in ("csr", "csc"):
        arrays = {"indices": h(matrix.indices), "indptr": h(matrix.indptr)}
    elif fmt == "dia":
        arrays = {"offsets": h(matrix.offsets)}
    elif fmt == "coo":
        arrays = {"row": h(matrix.row), "col": h(matrix.col)}
    else:
        raise NotImplementedError(f"Save is not implemented for sparse matrix of format "
                                  f"{fmt}.")
    arrays.update(format=fmt.encode("ascii"), shape=matrix.shape, data=h(matrix.data))
    if isinstance(matrix, sparray):
        arrays.update(_is_array=True)
    (numpy.savez_compressed if compressed else numpy.savez)(file, **arrays)


def load_npz(file):
    """Reads a file written by save_npz (cunp's or SciPy's) into a cunp sparse object."""
    with numpy.load(file, allow_pickle=False) as loaded:
        fmt = loaded.get("format")
        if fmt is None:
            raise ValueError(f"The file {file} does not contain a sparse array or matrix.")
        fmt = fmt.item()
        if not isinstance(fmt, str):
            fmt = fmt.decode("ascii")
        is_array = bool(loaded.get("_is_array", False))
        cls = _classes.get((fmt, is_array))
        if cls is None:
            raise ValueError(f'Unknown format "{fmt}_{"array" if is_array else "matrix"}"')
        shape = tuple(int(s) for s in loaded["shape"])
        data = loaded["data"]
        if fmt in ("csr", "csc"):
            return cls((data, loaded["indices"], loaded["indptr"]), shape=shape)
        if fmt == "dia":
            return cls((data, loaded["offsets"]), shape=shape)
        if "coords" in loaded:
            row, col = loaded["coords"]
            return cls((data, (row, col)), shape=shape)
        return cls((data, (loaded["row"], loaded["col"])), shape=shape)
