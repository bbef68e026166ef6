# bench/cases/sparse_products.py -- scipy.sparse products and conversions: SpMV and SpMM of CSR
# matrices, SpGEMM, COO -> CSR, row sums and row slicing; cunp vs CuPy (cupyx), SciPy on the host.
"""Sparse product cases. Matrices are built on the host once per case (shared by the libraries,
untimed) and uploaded into each library's own CSR/COO classes; every CSR matrix is canonical
(sorted, no duplicates), so no library pays for canonicalising it inside the timed call.

Patterns: `random` puts one entry of each row in each of 16 equal column buckets (random
columns over the whole width, sorted and distinct); `banded` puts the 16 entries of row i on
the 16 columns starting at clip(i - 8, 0, n - 16) (a band of width 16, the same count per row).

SpMV and row sums count the bytes an ideal kernel must move: SpMV reads data, indices, indptr
and x and writes y; `sum(axis=1)` reads data and indptr and writes the sums. SpMM counts the
same with X and Y of 64 columns. The others are timed per call. The NumPy column is SciPy on
the host (scipy.sparse with NumPy arrays)."""
import numpy as np

PER_ROW = 16
LIBS = ("cunp", "cupy", "numpy")
NOTE = "NumPy column: SciPy on the host"


def _sparse(L):
    """The library's scipy.sparse."""
    if L.name == "cunp":
        import cunp.scipy.sparse as sp
    elif L.name == "cupy":
        import cupyx.scipy.sparse as sp
    else:
        import scipy.sparse as sp
    return sp


_matrices: dict = {}


def _host_csr(n, pattern, dtype):
    """(data, indices, indptr) of an n x n CSR matrix with PER_ROW entries a row, cached for
    the libraries of one run (the runner clears only its own cache)."""
    key = (n, pattern, np.dtype(dtype).str)
    if key not in _matrices:
        _matrices.clear()  # one matrix at a time: the large ones take GBs of host memory
        rng = np.random.default_rng(31)
        rows = np.arange(n, dtype=np.int64)[:, None]
        if pattern == "random":
            width = n // PER_ROW
            cols = np.arange(PER_ROW, dtype=np.int64) * width + rng.integers(
                0, width, size=(n, PER_ROW))
        else:
            cols = np.clip(rows - PER_ROW // 2, 0, n - PER_ROW) + np.arange(PER_ROW)
        indices = cols.astype(np.int32).ravel()
        indptr = np.arange(0, n * PER_ROW + 1, PER_ROW, dtype=np.int32)
        data = rng.random(n * PER_ROW, dtype=np.float64).astype(dtype, copy=False)
        _matrices[key] = (data, indices, indptr)
    return _matrices[key]


def _csr(L, n, pattern, dtype):
    sp = _sparse(L)
    data, indices, indptr = _host_csr(n, pattern, dtype)
    a = sp.csr_matrix((L.upload(data), L.upload(indices), L.upload(indptr)), shape=(n, n))
    # Known canonical (the generator made it so): no library scans for it in the timed call.
    try:
        a.has_canonical_format = True
    except AttributeError:  # a library without the setter checks for itself
        pass
    return a


def _spmv_bytes(n, dtype, k=1):
    item = np.dtype(dtype).itemsize
    nnz = n * PER_ROW
    return nnz * (item + 4) + (n + 1) * 4 + 2 * n * k * item


def _matmul(L, args):
    a, x = args
    return a @ x


def _sum_rows(L, a):
    return a.sum(axis=1)


def _tocsr(L, a):
    return a.tocsr()


def _row_slice(L, args):
    a, rows = args
    return a[rows]


def cases(quick, h):
    n = 2**16 if quick else 2**24  # rows of the SpMV, sum and slicing matrices
    n_spmm = 2**12 if quick else 2**20
    k_spmm = 64
    n_gemm = 2**14 if quick else 2**20
    n_coo = 2**20 if quick else 2**26  # COO entries
    n_slice = 2**10 if quick else 2**16  # rows taken by A[rows]
    p, p_gemm, p_coo = n.bit_length() - 1, n_gemm.bit_length() - 1, n_coo.bit_length() - 1
    out = []

    for pattern in ("random", "banded"):
        for dt in (np.float32, np.float64):
            def spmv_setup(L, pattern=pattern, dt=dt):
                x = np.random.default_rng(32).random(n).astype(dt)
                return _csr(L, n, pattern, dt), L.upload(x)

            out.append(h.Case(
                f"sparse SpMV CSR {pattern} 2^{p} rows x {PER_ROW} nnz/row {h.short(dt)}",
                setup=spmv_setup, run=_matmul, nbytes=_spmv_bytes(n, dt), libs=LIBS,
                targets=(h.Target("vs", 1.0, "cupy"),),
                note=f"{NOTE}; bytes: data + indices + indptr + x + y"))

    for dt in (np.float32, np.float64):
        def spmm_setup(L, dt=dt):
            x = np.random.default_rng(33).random((n_spmm, k_spmm)).astype(dt)
            return _csr(L, n_spmm, "random", dt), L.upload(x)

        out.append(h.Case(
            f"sparse SpMM CSR random 2^{n_spmm.bit_length() - 1} rows x {PER_ROW} nnz/row "
            f"@ {k_spmm} columns {h.short(dt)}",
            setup=spmm_setup, run=_matmul, nbytes=_spmv_bytes(n_spmm, dt, k_spmm), libs=LIBS,
            targets=(h.Target("vs", 1.0, "cupy"),),
            note=f"{NOTE}; bytes: data + indices + indptr + X + Y (row-major)"))

    def gemm_setup(L):
        a = _csr(L, n_gemm, "banded", np.float64)
        return a, a

    out.append(h.Case(
        f"sparse SpGEMM banded 2^{p_gemm} x 2^{p_gemm} ({PER_ROW}/row) @ itself f64",
        setup=gemm_setup, run=_matmul, libs=LIBS, targets=(h.Target("vs", 1.0, "cupy"),),
        note=f"{NOTE}; result: {2 * PER_ROW - 1} entries a row inside the band"))

    def coo_setup(L):
        side = n_coo // 4  # about 4 entries a row, a few duplicates to sum
        rng = np.random.default_rng(34)
        row = rng.integers(0, side, n_coo).astype(np.int32)
        col = rng.integers(0, side, n_coo).astype(np.int32)
        data = rng.random(n_coo)
        sp = _sparse(L)
        return sp.coo_matrix((L.upload(data), (L.upload(row), L.upload(col))),
                             shape=(side, side))

    out.append(h.Case(f"sparse COO -> CSR 2^{p_coo} random entries f64", setup=coo_setup,
                      run=_tocsr, libs=LIBS, targets=(h.Target("vs", 1.0, "cupy"),),
                      note=f"{NOTE}; unsorted entries with duplicates, summed as SciPy does"))

    item = 8
    out.append(h.Case(
        f"sparse sum(axis=1) CSR random 2^{p} rows x {PER_ROW} nnz/row f64",
        setup=lambda L: _csr(L, n, "random", np.float64), run=_sum_rows,
        nbytes=n * PER_ROW * item + (n + 1) * 4 + n * item, libs=LIBS,
        targets=(h.Target("vs", 1.0, "cupy"),),
        note=f"{NOTE}; bytes: data + indptr + the sums"))

    def slice_setup(L):
        rows = np.random.default_rng(35).integers(0, n, n_slice)
        return _csr(L, n, "random", np.float64), L.upload(rows)

    out.append(h.Case(
        f"sparse A[rows] 2^{n_slice.bit_length() - 1} random rows of a 2^{p}-row CSR f64",
        setup=slice_setup, run=_row_slice, libs=LIBS, targets=(h.Target("vs", 1.0, "cupy"),),
        note=f"{NOTE}; rows in random order, repeats allowed"))
    return out
