"""Building sparse matrices: identities, diagonals, random patterns, stacks and Kronecker
products, all as coordinates on the device converted to the format asked for."""

import numpy

from . import _backend
from ._base import _classes, issparse, sparray
from ._sputils import get_index_dtype, getdtype, isscalarlike, upcast

__all__ = ["eye", "eye_array", "identity", "diags", "diags_array", "spdiags", "random",
           "random_array", "rand", "hstack", "vstack", "bmat", "block_array", "block_diag",
           "kron", "kronsum"]

_DIA_STANDIN = "dia"  # SciPy's format for diagonal constructors


def _coo(as_array):
    return _classes[("coo", bool(as_array))]


def _diagonal_coordinates(m, n, offsets, values):
    """(row, col, data) of diagonals: values[j] laid on offset offsets[j]."""
    xp = _backend.xp
    rows, cols, datas = [], [], []
    for off, vals in zip(offsets, values):
        length = vals.shape[0]
        start_r, start_c = max(0, -off), max(0, off)
        r = xp.arange(start_r, start_r + length, dtype=numpy.int64)
        rows.append(r)
        cols.append(r + (start_c - start_r))
        datas.append(vals)
    if not rows:
        empty = xp.zeros(0, dtype=numpy.int64)
        return empty, empty, None
    return xp.concatenate(rows), xp.concatenate(cols), xp.concatenate(datas)


class _NoValueType:
    def __repr__(self):
        return "<no value>"


_NoValue = _NoValueType()


def _diags_dtype(diagonals, dtype):
    """SciPy 1.18's rule: without dtype=, numpy.common_type of the diagonals (integers become
    float64) with a FutureWarning where the input's own type differs; dtype=None keeps it."""
    future = numpy.result_type(*[d.dtype for d in diagonals])
    if dtype is None:
        return future
    if dtype is not _NoValue:
        return numpy.dtype(dtype)
    inexact = [d.dtype for d in diagonals if d.dtype.kind in "fc"]
    if any(d.dtype.kind not in "iufc" for d in diagonals):
        raise TypeError("can't get common type for non-numeric array")
    common = numpy.result_type(*inexact) if len(inexact) == len(diagonals) else \
        numpy.result_type(numpy.float64, *inexact)
    if common != future:
        import warnings

        warnings.warn(f"Input has data type {future}, but the output has been cast to "
                      f"{common}.  In the future, the output data type will match the "
                      "input. To avoid this warning, set the `dtype` parameter to `None` "
                      "to have the output dtype match the input, or set it to the desired "
                      "output data type.", FutureWarning, stacklevel=3)
    return common


def diags_array(diagonals, /, *, offsets=0, shape=None, format=None, dtype=_NoValue):
    """A sparse array with the given diagonals (SciPy's diags_array)."""
    xp = _backend.xp
    if isscalarlike(offsets):
        if len(diagonals) == 0 or isscalarlike(diagonals[0]):
            diagonals = [xp.atleast_1d(xp.asarray(diagonals))]
        else:
            raise ValueError("Different number of diagonals and offsets.")
    else:
        diagonals = [xp.atleast_1d(xp.asarray(d)) for d in diagonals]
    offsets = [int(o) for o in numpy.atleast_1d(numpy.asarray(offsets))]
    if len(diagonals) != len(offsets):
        raise ValueError("Different number of diagonals and offsets.")
    if shape is None:
        m = diagonals[0].shape[0] + abs(offsets[0])
        shape = (m, m)
    dtype = getdtype(_diags_dtype(diagonals, dtype))
    m, n = (int(s) for s in shape)
    k_all = min(m, n)
    values = []
    for j, (off, d) in enumerate(zip(offsets, diagonals)):
        length = min(m + off, n - off, k_all)
        if length < 0:
            raise ValueError(f"Offset {off} (index {j}) out of bounds")
        if d.shape[0] != length and d.shape[0] != 1 and d.shape[0] < length:
            raise ValueError(f"Diagonal length (index {j}: {d.shape[0]} at offset {off}) "
                             f"does not agree with array size ({m}, {n}).")
        d = xp.broadcast_to(d, (length,)) if d.shape[0] == 1 else d[:length]
        values.append(d.astype(dtype))
    row, col, data = _diagonal_coordinates(m, n, offsets, values)
    if data is None:
        data = xp.zeros(0, dtype=dtype)
    coo = _coo(True)((data, (row, col)), shape=(m, n))
    # SciPy sums values given twice for one position (repeated offsets).
    return coo.asformat(format or _DIA_STANDIN)


def diags(diagonals, offsets=0, shape=None, format=None, dtype=_NoValue):
    """A sparse matrix with the given diagonals (SciPy's diags)."""
    a = diags_array(diagonals, offsets=offsets, shape=shape, format=format, dtype=dtype)
    return _classes[(a.format, False)](a)


def spdiags(data, diags, m=None, n=None, format=None):
    """A sparse matrix from the rows of `data` laid on the offsets `diags`: entry (i, i + k)
    takes data[j, i + k] for offset k = diags[j] (SciPy's spdiags)."""
    xp = _backend.xp
    if m is None and n is None:
        m = n = len(data[0]) if len(data) else 0
    elif n is None:
        m, n = m
    data = xp.atleast_2d(xp.asarray(data))
    offsets = [int(o) for o in numpy.atleast_1d(numpy.asarray(diags))]
    if data.shape[0] != len(offsets):
        raise ValueError(f"Number of diagonals ({len(offsets)}) does not match the number "
                         f"of offsets ({data.shape[0]})")
    m, n = int(m), int(n)
    width = data.shape[1]
    rows, cols, vals = [], [], []
    for j, off in enumerate(offsets):
        c = xp.arange(max(0, off), min(n, m + off, width), dtype=numpy.int64)
        rows.append(c - off)
        cols.append(c)
        vals.append(data[j][c])
    row = xp.concatenate(rows) if rows else xp.zeros(0, dtype=numpy.int64)
    col = xp.concatenate(cols) if cols else xp.zeros(0, dtype=numpy.int64)
    val = xp.concatenate(vals) if vals else xp.zeros(0, dtype=data.dtype)
    return _coo(False)((val, (row, col)), shape=(m, n)).asformat(format or _DIA_STANDIN)


def _eye(m, n, k, dtype, format, as_array):
    xp = _backend.xp
    n = m if n is None else n
    m, n, k = int(m), int(n), int(k)
    dtype = getdtype(dtype)
    if m + k < 0 or n - k < 0:
        # SciPy lays the diagonal with diags, which refuses it.
        raise ValueError(f"Offset {k} (index 0) out of bounds")
    length = max(0, min(m + min(k, 0), n - max(k, 0)))
    idx = get_index_dtype(maxval=max(m, n))
    r = xp.arange(max(0, -k), max(0, -k) + length, dtype=idx)
    c = r + k
    data = xp.ones(length, dtype=dtype)
    coo = _coo(as_array)._from_arrays(r, c.astype(idx), data, (m, n), True)
    return coo.asformat(format or _DIA_STANDIN)


def eye_array(m, n=None, *, k=0, dtype=float, format=None):
    return _eye(m, n, k, dtype, format, True)


def eye(m, n=None, k=0, dtype=float, format=None):
    return _eye(m, n, k, dtype, format, False)


def identity(n, dtype="d", format=None):
    return _eye(n, n, 0, dtype, format, False)


def _generator(rng):
    """A generator with integers/random/permutation: a Generator as given; a legacy
    RandomState (NumPy's or cunp's, what `random_state=` and CuPy hand over) seeds a new cunp
    generator with one draw, so the same state gives the same matrix; else a seed."""
    xp = _backend.xp
    if rng is not None and hasattr(rng, "integers"):
        return rng
    if rng is not None and hasattr(rng, "randint"):
        return xp.random.default_rng(int(rng.randint(0, 2**31 - 1)))
    return xp.random.default_rng(rng)


def _pick_rng(name, rng, random_state):
    """SciPy's transition from random_state= to rng=: either name, not both."""
    if random_state is not None:
        if rng is not None:
            raise TypeError(f"{name}() got multiple values for argument now known as `rng`. "
                            "Specify one of `rng` or `random_state`.")
        return random_state
    return rng


def _random(shape, density, format, dtype, rng, data_sampler, as_array):
    """A random pattern of round(density * m * n) distinct positions and uniform [0, 1)
    values (integers over the dtype's range), drawn with cunp's generator."""
    xp = _backend.xp
    if density < 0 or density > 1:
        raise ValueError("density expected to be 0 <= density <= 1")
    m, n = (int(s) for s in shape)
    dtype = getdtype(dtype, default=float)
    mn = m * n
    k = int(round(density * mn))
    gen = _generator(rng)
    if k == 0:
        pos = xp.zeros(0, dtype=numpy.int64)
    elif k * 3 >= mn:
        pos = xp.sort(gen.permutation(mn)[:k])
    else:
        pos = xp.zeros(0, dtype=numpy.int64)
        while pos.shape[0] < k:
            draw = gen.integers(0, mn, size=2 * (k - pos.shape[0]) + 16, dtype=numpy.int64)
            pos = xp.unique(xp.concatenate([pos, draw]))
        pos = xp.sort(pos[gen.permutation(pos.shape[0])[:k]])
    if data_sampler is not None:
        data = xp.asarray(data_sampler(size=k)).astype(dtype)
    elif dtype.kind in "iu":
        # SciPy draws over the dtype's whole range; values are not comparable across
        # generators anyway, so a range every integer dtype holds is used.
        high = min(int(numpy.iinfo(dtype).max), 2**31 - 1)
        data = gen.integers(0, high, size=k).astype(dtype)
    elif dtype.kind == "b":
        data = xp.ones(k, dtype=bool)
    elif dtype.kind == "c":
        data = (gen.random(k) + 1j * gen.random(k)).astype(dtype)
    else:
        data = gen.random(k).astype(dtype)
    # A NumPy Generator given as rng draws on the host.
    pos, data = xp.asarray(pos), xp.asarray(data)
    idx = get_index_dtype(maxval=max(m, n))
    row = (pos // max(n, 1)).astype(idx)
    col = (pos % max(n, 1)).astype(idx)
    return _coo(as_array)._from_arrays(row, col, data, (m, n), True).asformat(format)


def random_array(shape, *, density=0.01, format="coo", dtype=None, rng=None,
                 data_sampler=None, random_state=None):
    rng = _pick_rng("random_array", rng, random_state)
    return _random(shape, density, format, dtype, rng, data_sampler, True)


def random(m, n, density=0.01, format="coo", dtype=None, rng=None, data_rvs=None, *,
           random_state=None):
    rng = _pick_rng("random", rng, random_state)
    return _random((m, n), density, format, dtype, rng, data_rvs, False)


def rand(m, n, density=0.01, format="coo", dtype=None, rng=None, *, random_state=None):
    rng = _pick_rng("rand", rng, random_state)
    return _random((m, n), density, format, dtype, rng, None, False)


def _block(blocks, format, dtype, as_array):
    """The matrix of a 2-D grid of blocks (None for an all-zero block), through coordinates:
    CSR where every block is CSR, CSC where every block is CSC, else COO (SciPy's formats)."""
    xp = _backend.xp
    try:
        grid = [list(r) for r in blocks]
    except TypeError as e:
        raise ValueError("blocks must be 2-D") from e
    if not grid or len({len(r) for r in grid}) != 1:
        raise ValueError("blocks must be 2-D")
    M, N = len(grid), len(grid[0])
    coo = _coo(as_array)
    heights, widths = [0] * M, [0] * N
    for i in range(M):
        for j in range(N):
            b = grid[i][j]
            if b is None:
                continue
            if not issparse(b):
                b = coo(xp.atleast_2d(xp.asarray(b)))
            grid[i][j] = b
            if heights[i] == 0:
                heights[i] = b.shape[0]
            elif heights[i] != b.shape[0]:
                raise ValueError(f"blocks[{i},:] has incompatible row dimensions. Got "
                                 f"blocks[{i},{j}].shape[0] == {b.shape[0]}, expected "
                                 f"{heights[i]}.")
            if widths[j] == 0:
                widths[j] = b.shape[1]
            elif widths[j] != b.shape[1]:
                raise ValueError(f"blocks[:,{j}] has incompatible column dimensions. Got "
                                 f"blocks[{i},{j}].shape[1] == {b.shape[1]}, expected "
                                 f"{widths[j]}.")
    present = [b for r in grid for b in r if b is not None]
    if dtype is None:
        dtype = upcast(*[b.dtype for b in present]) if present else numpy.dtype(float)
    dtype = getdtype(dtype)
    row_off = numpy.concatenate([[0], numpy.cumsum(heights)]).tolist()
    col_off = numpy.concatenate([[0], numpy.cumsum(widths)]).tolist()
    rows, cols, datas = [], [], []
    for i in range(M):
        for j in range(N):
            b = grid[i][j]
            if b is None:
                continue
            r, c, d = b._coo_parts()
            rows.append(r.astype(numpy.int64) + row_off[i])
            cols.append(c.astype(numpy.int64) + col_off[j])
            datas.append(d.astype(dtype))
    shape = (int(row_off[-1]), int(col_off[-1]))
    if rows:
        row, col, data = xp.concatenate(rows), xp.concatenate(cols), xp.concatenate(datas)
    else:
        row = col = xp.zeros(0, dtype=numpy.int64)
        data = xp.zeros(0, dtype=dtype)
    idx = get_index_dtype(maxval=max(shape))
    fmts = {b.format for b in present}
    full = len(present) == M * N  # a None block makes SciPy give COO
    if format is None and full and len(fmts) == 1 and fmts <= {"csr", "csc"}:
        # A stack of CSR (or CSC) stays so, its entries in order and duplicates kept.
        return _classes[(fmts.pop(), as_array)]._from_coordinates(row, col, data, shape,
                                                                  sum_dups=False)
    out = coo._from_arrays(row.astype(idx), col.astype(idx), data, shape, False)
    return out.asformat(format)


def _any_array(items):
    return any(isinstance(b, sparray) for b in items)


def _flat(blocks):
    return [b for r in blocks for b in (r if isinstance(r, (list, tuple)) else [r])]


def hstack(blocks, format=None, dtype=None):
    """Blocks side by side (sparse arrays out if any block is one)."""
    blocks = list(blocks)
    return _block([blocks], format, dtype, _any_array(blocks))


def vstack(blocks, format=None, dtype=None):
    """Blocks one above the other (sparse arrays out if any block is one)."""
    blocks = list(blocks)
    return _block([[b] for b in blocks], format, dtype, _any_array(blocks))


def bmat(blocks, format=None, dtype=None):
    """A sparse matrix from a grid of blocks (an array if any block is a sparse array)."""
    return _block(blocks, format, dtype, _any_array(_flat(blocks)))


def block_array(blocks, *, format=None, dtype=None):
    """A sparse array from a grid of blocks."""
    return _block(blocks, format, dtype, True)


def block_diag(mats, format=None, dtype=None):
    """The blocks on the diagonal, zeros elsewhere (COO unless a format is asked for)."""
    mats = list(mats)
    n = len(mats)
    grid = [[mats[i] if i == j else None for j in range(n)] for i in range(n)]
    out = _block(grid, "coo" if format is None else format, dtype, _any_array(mats))
    return out


def kronsum(A, B, format=None):
    """kron(I_n, A) + kron(B, I_m) for square A (m x m) and B (n x n)."""
    as_array = _any_array([A, B])
    coo = _coo(as_array)
    A = A if issparse(A) else coo(A)
    B = B if issparse(B) else coo(B)
    if A.shape[0] != A.shape[1]:
        raise ValueError("A is not square")
    if B.shape[0] != B.shape[1]:
        raise ValueError("B is not square")
    dtype = upcast(A.dtype, B.dtype)
    eye_a = _eye(B.shape[0], None, 0, dtype, "coo", as_array)
    eye_b = _eye(A.shape[0], None, 0, dtype, "coo", as_array)
    return (kron(eye_a, A, format="coo") + kron(B, eye_b, format="coo")).asformat(format)


def kron(A, B, format=None):
    """Kronecker product: entry (i, j) of A times B placed at block (i, j). COO unless a format
    is asked for (SciPy gives BSR for a dense B; cunp has no BSR yet)."""
    as_array = isinstance(A, sparray) or isinstance(B, sparray)
    coo = _coo(as_array)
    A = A if issparse(A) else coo(A)
    B = B if issparse(B) else coo(B)
    ar, ac, ad = A._coo_parts()
    br, bc, bd = B._coo_parts()
    bm, bn = B.shape
    shape = (A.shape[0] * bm, A.shape[1] * bn)
    dtype = upcast(A.dtype, B.dtype)
    row = (ar.astype(numpy.int64)[:, None] * bm + br.astype(numpy.int64)[None, :]).ravel()
    col = (ac.astype(numpy.int64)[:, None] * bn + bc.astype(numpy.int64)[None, :]).ravel()
    data = (ad.astype(dtype)[:, None] * bd.astype(dtype)[None, :]).ravel()
    idx = get_index_dtype(maxval=max(shape))
    out = coo._from_arrays(row.astype(idx), col.astype(idx), data, shape, False)
    return out.asformat(format)
