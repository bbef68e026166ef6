"""Products of sparse matrices: sparse @ dense on cuSPARSE (SpMV, SpMM) and sparse @ sparse on
its SpGEMM for float and complex data, composed from gathers, scatter-adds and the sort and scan
engines otherwise (route() says which for dense operands, and why); elementwise products
composed."""

import numpy

from . import _backend, _canonical, _lines
from ._base import issparse
from ._sputils import upcast

_ERR = "matmul: dimension mismatch with signature"
_CUSPARSE_TYPES = (numpy.float32, numpy.float64, numpy.complex64, numpy.complex128)


def _gather_product(a, x, dtype):
    """a @ x by a gather of x's rows per stored entry and a scatter-add into the result rows
    (any dtype; booleans are counted in int64 and compared with zero)."""
    xp = _backend.xp
    row, col, data = a._coo_parts()
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    out = xp.zeros((a.shape[0],) + tuple(x.shape[1:]), dtype=work)
    if data.size:
        xs = x.astype(work)[col]
        d = data.astype(work)
        prod = d * xs if x.ndim == 1 else d[:, None] * xs
        xp.add.at(out, row, prod)
    return out != 0 if dtype == numpy.bool_ else out


# When a product with a dense operand stays on the composed path, and why; the first rule that
# holds decides, else cuSPARSE runs it (SpMV, or SpMM with k columns; a complex128 vector is
# an SpMM of one column, since complex128 SpMV faults inside libcusparse: see
# src/sparse/matmul.cpp). Each rule: (test of (a, x, dtype, call), why).
_COMPOSED_WHEN = (
    # The NumPy backend of the CPU tests, CUNP_SPARSE_COMPOSED=1 (or _backend.composed_only),
    # or no libcusparse: no library to call.
    (lambda a, x, dtype, call: call is None, "cuSPARSE off or not found"),
    # cuSPARSE multiplies float32/64 and complex64/128 only; integer and boolean products are
    # exact in the gather and scatter-add (booleans counted in int64).
    (lambda a, x, dtype, call: dtype.type not in _CUSPARSE_TYPES, "a dtype cuSPARSE lacks"),
    # An empty product is zeros: nothing to launch (cuSPARSE refuses zero sizes). The stored
    # arrays' size, not nnz: a compressed matrix's nnz reads indptr[-1] back from the device.
    (lambda a, x, dtype, call: a.data.size == 0 or 0 in a.shape or x.size == 0, "empty"),
)
_INT32_MAX = numpy.iinfo(numpy.int32).max


def _library_call(a, x, dtype):
    """(_core.sparse.matmul, '') where cuSPARSE runs a @ x, else (None, why not)."""
    call = _backend.cusparse_matmul()
    for test, why in _COMPOSED_WHEN:
        if test(a, x, dtype, call):
            return None, why
    return call, ""


def route(a, x, dtype):
    """('cusparse', '') or ('composed', why) for a @ x, x dense of 1 or 2 dimensions, computed
    in `dtype`: where _dense_product runs it (for the tests)."""
    call, why = _library_call(a, x, dtype)
    return ("composed", why) if call is None else ("cusparse", "")


def _library_operands(a, x, dtype):
    """(data, indices, indptr, by_rows, x) as cuSPARSE takes them: CSR, or CSC (run as the
    transpose of the CSR matrix its arrays describe; COO and the rest go to CSR first), in
    canonical form (cuSPARSE's format chapter assumes sorted, unique indices: a non-canonical
    matrix is canonicalised in a copy, the caller's stays as it was), one index dtype for both
    arrays (int64 where int32 cannot hold a shape or nnz, or where either array is already
    int64), and contiguous operands of `dtype` (F-ordered and strided x are copied)."""
    xp = _backend.xp
    c = a if a.format in ("csr", "csc") else a.tocsr()
    if not c.has_canonical_format:
        c = c.copy()
        c.sum_duplicates()
    narrow = (c.indices.dtype == numpy.int32 and c.indptr.dtype == numpy.int32
              and max(c.shape) <= _INT32_MAX and c.data.size <= _INT32_MAX)
    idx = numpy.int32 if narrow else numpy.int64
    data = xp.ascontiguousarray(c.data.astype(dtype, copy=False))
    indices = xp.ascontiguousarray(c.indices.astype(idx, copy=False))
    indptr = xp.ascontiguousarray(c.indptr.astype(idx, copy=False))
    xc = xp.ascontiguousarray(x.astype(dtype, copy=False))
    return data, indices, indptr, c.format == "csr", xc


def _dense_product(a, x, dtype):
    """a @ x for a dense x of 1 or 2 dimensions, in `dtype`: on cuSPARSE where route() says
    so, else composed."""
    xp = _backend.xp
    call, _ = _library_call(a, x, dtype)
    if call is None:
        return _gather_product(a, x, dtype)
    data, indices, indptr, by_rows, xc = _library_operands(a, x, dtype)
    out = xp.zeros((a.shape[0],) + tuple(x.shape[1:]), dtype=dtype)
    call(data, indices, indptr, a.shape[0], a.shape[1], by_rows, xc, out)
    return out


def matmul(a, other):
    """a @ other for a sparse a and a sparse or dense other (SciPy's shapes and errors)."""
    n = a.shape[1]
    if issparse(other):
        if n != other.shape[0]:
            raise ValueError(f"{_ERR} (n,k={n}),(k={other.shape[0]},m)->(n,m)")
        return matmul_sparse(a, other)
    x = other
    if x.ndim == 1 or (x.ndim == 2 and x.shape[1] == 1):
        if x.shape[0] != n:
            raise ValueError(f"{_ERR} (n,k={n}),(k={x.shape[0]},1?)->(n,1?)")
        dtype = upcast(a.dtype, x.dtype)
        r = _dense_product(a, x.reshape(-1), dtype)
        return r.reshape(-1, 1) if x.ndim == 2 else r
    if x.ndim == 2:
        if x.shape[0] != n:
            raise ValueError(f"{_ERR} (n,k={n}),(k={x.shape[0]},m)->(n,m)")
        return _dense_product(a, x, upcast(a.dtype, x.dtype))
    if x.ndim == 0:
        return a._mul_scalar(x)
    raise ValueError("could not interpret dimensions")


def rmatmul(a, other):
    """other @ a for a dense other: (a.T @ other.T).T."""
    if issparse(other):
        return matmul(other, a)
    if other.ndim == 1:
        return matmul(a.transpose(), other)
    if other.ndim != 2:
        raise ValueError("could not interpret dimensions")
    return matmul(a.transpose(), other.T).T


def _canonical_csr(m, dtype):
    """m's CSR arrays (data in `dtype`, contiguous), canonical (a non-canonical matrix is summed
    in a copy), with int32 indices, or None where they cannot be int32."""
    xp = _backend.xp
    c = m.tocsr()
    if not c.has_canonical_format:
        c = c.copy()
        c.sum_duplicates()
    if max(c.shape) > _INT32_MAX or c.data.size > _INT32_MAX:
        return None
    return (xp.ascontiguousarray(c.data.astype(dtype, copy=False)),
            xp.ascontiguousarray(c.indices.astype(numpy.int32, copy=False)),
            xp.ascontiguousarray(c.indptr.astype(numpy.int32, copy=False)))


def _library_spgemm(a, b, dtype, fmt):
    """a @ b on cuSPARSE's SpGEMM, as a matrix of format `fmt`, or None where the library does
    not run it (no library, a dtype it lacks, an empty operand, sizes past int32). CSC runs as
    the CSR product of the transposes: (a @ b).T = b.T @ a.T, and a CSC matrix's arrays are the
    CSR arrays of its transpose. The result is made canonical as SciPy's: cuSPARSE keeps entries
    whose products cancel to zero (dropped here), and its column order is checked, not assumed."""
    call = _backend.cusparse_spgemm()
    if call is None or dtype.type not in _CUSPARSE_TYPES or 0 in a.shape or 0 in b.shape:
        return None
    if a.data.size == 0 or b.data.size == 0:
        return None
    left, right = (a, b) if fmt == "csr" else (b.transpose(), a.transpose())
    lhs = _canonical_csr(left, dtype)
    rhs = _canonical_csr(right, dtype) if lhs is not None else None
    if rhs is None:
        return None
    m, k, n = left.shape[0], left.shape[1], right.shape[1]
    data, indices, indptr, nnz = call(*lhs, m, k, *rhs, n)
    cls = a._family(fmt)
    shape = (a.shape[0], b.shape[1])
    out = cls._from_compressed(data[:nnz], indices[:nnz], indptr, shape, None, None)
    zero, unordered = _lines.product_flags(indptr, out.indices, out.data)
    if unordered:
        out.sum_duplicates()  # sorts; a repeated position (never seen from cuSPARSE) is summed
    if zero:
        out.eliminate_zeros()
    out._sorted = out._canonical = True
    return out


def matmul_sparse(a, b):
    """a @ b for two sparse operands: on cuSPARSE's SpGEMM for float and complex data, else
    composed: every stored entry (i, p) of a meets row p of b; the products are summed by
    position (zeros dropped). CSR result, CSC where a is CSC."""
    xp = _backend.xp
    dtype = upcast(a.dtype, b.dtype)
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    shape = (a.shape[0], b.shape[1])
    fmt = "csc" if a.format == "csc" else "csr"
    out = _library_spgemm(a, b, dtype, fmt)
    if out is not None:
        return out
    cls = a._family(fmt)
    bc = b.tocsr()
    ar, ac, ad = a._coo_parts()
    if ad.size == 0 or bc.nnz == 0:
        empty = xp.zeros(0, dtype=numpy.int64)
        return cls._from_coordinates(empty, empty, xp.zeros(0, dtype=dtype), shape)
    starts = bc.indptr[:-1].astype(numpy.int64)
    lengths = xp.diff(bc.indptr).astype(numpy.int64)
    counts = lengths[ac]
    total = int(counts.sum())
    if total == 0:
        empty = xp.zeros(0, dtype=numpy.int64)
        return cls._from_coordinates(empty, empty, xp.zeros(0, dtype=dtype), shape)
    ends = xp.cumsum(counts)
    offsets = ends - counts
    owner = _canonical.segment_ids(ends, total)
    pos = starts[ac][owner] + (xp.arange(total, dtype=numpy.int64) - offsets[owner])
    row = ar.astype(numpy.int64)[owner]
    col = bc.indices.astype(numpy.int64)[pos]
    vals = ad.astype(work)[owner] * bc.data.astype(work)[pos]
    out = cls._from_coordinates(row, col, vals, shape, drop_zeros=True)
    return out.astype(dtype) if work != dtype else out


def multiply_sparse(a, b):
    """Elementwise a * b of two sparse operands of one shape (broadcasting a 1x1 operand):
    the positions stored in both, products summed per position, zeros dropped."""
    xp = _backend.xp
    if b.shape == (1, 1) and a.shape != (1, 1):
        # SciPy multiplies a COO matrix as CSR.
        return a._mul_scalar(b.toarray()[0, 0]).asformat(_compressed_format(a))
    if a.shape == (1, 1) and b.shape != (1, 1):
        return b._mul_scalar(a.toarray()[0, 0])
    if a.shape != b.shape:
        return _multiply_broadcast(a, b)
    dtype = upcast(a.dtype, b.dtype)
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    n = a.shape[1]
    ra, ca, da = _canonical.sum_duplicates(*a._coo_parts(), n)
    rb, cb, db = _canonical.sum_duplicates(*b._coo_parts(), n)
    fmt = "csc" if a.format == "csc" else "csr"
    cls = a._family(fmt)
    empty = xp.zeros(0, dtype=numpy.int64)
    if da.size == 0 or db.size == 0:
        return cls._from_coordinates(empty, empty, xp.zeros(0, dtype=dtype), a.shape)
    row = xp.concatenate([ra.astype(numpy.int64), rb.astype(numpy.int64)])
    col = xp.concatenate([ca.astype(numpy.int64), cb.astype(numpy.int64)])
    data = xp.concatenate([da.astype(work), db.astype(work)])
    # Each operand holds a position at most once, so a position stored in both is a pair of
    # neighbours after a stable sort, a's entry first.
    order = _canonical.sort_order(row, col, n)
    row, col, data = row[order], col[order], data[order]
    k = row * max(n, 1) + col
    pair = xp.flatnonzero(k[1:] == k[:-1])
    vals = data[pair] * data[pair + 1]
    out = cls._from_coordinates(row[pair], col[pair], vals, a.shape, drop_zeros=True)
    return out.astype(dtype) if work != dtype else out


def _compressed_format(x):
    return "csc" if x.format == "csc" else "csr"


def _multiply_broadcast(a, b):
    """a * b for sparse operands of shapes that broadcast (a 1 x n row or m x 1 column against
    a matrix, or a column against a row), zeros dropped. The format is SciPy's, whose product
    is a matrix product with a diagonal: a row keeps the matrix's format (CSC or CSR), a column
    gives CSR, a column times a row the column's."""
    xp = _backend.xp
    try:
        shape = numpy.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError(f"inconsistent shapes {a.shape} and {b.shape}") from None
    dtype = upcast(a.dtype, b.dtype)
    if shape in (a.shape, b.shape):
        # The full operand's stored positions, scaled by the vector's values (a dense copy
        # of at most max(m, n) values).
        full, vec = (a, b) if shape == a.shape else (b, a)
        fmt = _compressed_format(full) if vec.shape[0] == 1 else "csr"
        row, col, data = full._coo_parts()
        scale = vec.toarray().reshape(-1)[col if vec.shape[0] == 1 else row]
        vals = xp.multiply(data.astype(dtype), scale)
        return a._family(fmt)._from_coordinates(row, col, vals.astype(dtype), shape,
                                                 drop_zeros=True)
    # A column against a row: the outer product of their stored entries.
    col_op, row_op = (a, b) if a.shape[1] == 1 else (b, a)
    ra, _, da = col_op._coo_parts()
    _, cb, db = row_op._coo_parts()
    ka, kb = da.shape[0], db.shape[0]
    pairs = xp.arange(ka * kb, dtype=numpy.int64)
    left, right = pairs // max(kb, 1), pairs % max(kb, 1)
    vals = (da.astype(dtype)[left] * db.astype(dtype)[right]).astype(dtype)
    return a._family(_compressed_format(col_op))._from_coordinates(
        ra[left], cb[right], vals, shape, drop_zeros=True)


def multiply_dense(a, other):
    """Elementwise a * other for a dense other of a's shape (or broadcasting to it): a sparse
    result in COO with a's stored positions, as SciPy gives."""
    xp = _backend.xp
    if other.ndim > 2:
        return xp.multiply(a.toarray(), other)
    if other.shape != a.shape:
        try:
            other = xp.broadcast_to(other, a.shape)
        except ValueError as e:
            raise ValueError(f"inconsistent shapes {a.shape} and {other.shape}") from e
    row, col, data = a._coo_parts()
    if a.format == "coo" and not a.has_canonical_format:
        # As SciPy: a position stored twice gives one entry.
        row, col, data = _canonical.sum_duplicates(row, col, data, a.shape[1])
    vals = xp.multiply(data, other[row, col])
    coo = a._family("coo")
    return coo._from_arrays(row.copy(), col.copy(), vals, a.shape)

