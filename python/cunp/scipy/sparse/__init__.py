"""cunp.scipy.sparse: SciPy's sparse matrices and arrays (CSR, CSC, COO, DIA) on the GPU, with
products on cuSPARSE (loaded on first use) and the rest composed from cunp's array engines.
SciPy is the spec; `.get()` gives the SciPy object back."""

from ._base import (SparseEfficiencyWarning, SparseFormatWarning, SparseWarning, issparse,
                    isspmatrix, sparray)
from ._matrix import spmatrix
from ._coo import coo_array, coo_matrix, isspmatrix_coo
from ._csr import csr_array, csr_matrix, isspmatrix_csr
from ._csc import csc_array, csc_matrix, isspmatrix_csc
from ._dia import dia_array, dia_matrix, isspmatrix_dia
from ._construct import (block_array, block_diag, bmat, diags, diags_array, eye, eye_array,
                         hstack, identity, kron, kronsum, rand, random, random_array, spdiags,
                         vstack)
from ._extract import find, tril, triu
from ._axes import matrix_transpose, permute_dims, safely_cast_index_arrays, swapaxes
from ._sputils import get_index_dtype
from ._npz import load_npz, save_npz

__all__ = ["SparseEfficiencyWarning", "SparseFormatWarning", "SparseWarning", "issparse",
           "isspmatrix", "sparray", "spmatrix", "coo_array", "coo_matrix", "isspmatrix_coo",
           "csr_array", "csr_matrix", "isspmatrix_csr", "csc_array", "csc_matrix",
           "isspmatrix_csc", "dia_array", "dia_matrix", "isspmatrix_dia", "diags",
           "diags_array", "eye", "eye_array", "hstack", "identity", "kron", "kronsum", "rand",
           "random", "random_array", "spdiags", "vstack", "bmat", "block_array", "block_diag",
           "find", "tril", "triu", "get_index_dtype", "save_npz", "load_npz",
           "matrix_transpose", "permute_dims", "safely_cast_index_arrays", "swapaxes"]

# The subpackages load on first use (as SciPy's do), and are listed from the start.
_SUBPACKAGES = {"csgraph", "linalg"}


def __getattr__(name):
    if name in _SUBPACKAGES:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _SUBPACKAGES)
