"""cunp.scipy.spatial.KDTree (and cKDTree, the same class): a balanced k-d tree built on the
device (_kdtree_build.py: a row-wise argsort of each level's nodes) and queried by one thread
per query point (src/device/spatial/kdtree.cuh through _core.spatial.kd_query / kd_ball).

Results follow SciPy 1.18: float64 distances and int64 indices, missing neighbours as inf and
n; query_ball_point returns NumPy object arrays of Python lists, as SciPy does, since lists
live on the host.

A periodic tree (boxsize) is SciPy's toroidal topology: each axis with a box length L > 0
wraps, the data must lie in [0, L) there, query points are wrapped into it first, and the
kernels measure each separation the shorter way round (min(|dx|, L - |dx|)), for boxes as
for points, so every query kind prunes and answers on the torus. The methods that compare two
trees use self's box, as SciPy does."""
import numbers

import numpy

import cunp as cp
from cunp import _core
from cunp.scipy.spatial import _kdtree_build as _build


# Queries at least this many are walked in a spatial (Morton) order, so that the threads of a
# warp descend the same branches and read the same leaves.
_ORDER_QUERIES_FROM = 1 << 14
# Morton codes: 21 bits of each of the first three coordinates, interleaved into 63 bits.
_MORTON_BITS = 21
_MORTON_SPREAD = ((32, 0x1F00000000FFFF), (16, 0x1F0000FF0000FF), (8, 0x100F00F00F00F00F),
                  (4, 0x10C30C30C30C30C3), (2, 0x1249249249249249))


def _spread_bits(v):
    """The low 21 bits of each int64 of v, moved to every third bit (bit i to bit 3 i)."""
    v = v & ((1 << _MORTON_BITS) - 1)
    for shift, mask in _MORTON_SPREAD:
        v = (v | (v << shift)) & mask
    return v


def _morton_order(q, lo, hi):
    """The order of the rows of q (m, d) along a Z-curve over the box [lo, hi] of their first
    three coordinates."""
    dims = min(q.shape[1], 3)
    span = cp.where(hi[:dims] > lo[:dims], hi[:dims] - lo[:dims], 1.0)
    cells = (q[:, :dims] - lo[:dims]) / span * ((1 << _MORTON_BITS) - 1)
    cells = cp.clip(cells, 0, (1 << _MORTON_BITS) - 1).astype(cp.int64)
    key = cp.zeros(q.shape[0], dtype=cp.int64)
    for axis in range(dims):
        key = key | (_spread_bits(cells[:, axis]) << axis)
    return cp.argsort(key)


def _host(a):
    """A small argument (ranks, radii, box lengths) on the host: a cunp array copied back
    once, explicitly (NumPy cannot read one implicitly); anything else as it is."""
    return cp.asnumpy(a) if isinstance(a, cp.ndarray) else a


def _finite_points(data, what):
    if data.size and not bool(cp.isfinite(data).all()):
        raise ValueError(f"{what} must be finite, check for nan or inf values")


class KDTree:
    """kd-tree for quick nearest-neighbor lookup (scipy.spatial.KDTree).

    `compact_nodes`, `copy_data` and `balanced_tree` are accepted for SciPy's signature; the
    tree is always balanced on medians. `boxsize` (a scalar or one length per dimension) makes
    the space periodic along every axis whose length is positive."""

    def __init__(self, data, leafsize=10, compact_nodes=True, copy_data=False,
                 balanced_tree=True, boxsize=None):
        data = cp.asarray(data)
        if data.dtype.kind == "c":
            raise TypeError("KDTree: complex data is not supported")
        data = data.astype(cp.float64, copy=copy_data)
        if data.ndim != 2:
            raise ValueError("data must be of shape (n, m), where there are n points of "
                             "dimension m")
        if leafsize < 1:
            raise ValueError("leafsize must be at least 1")
        _finite_points(data, "data")
        self.data = data
        self.n, self.m = data.shape
        self.leafsize = int(leafsize)
        self._set_box(boxsize)
        self._tree_data, self._box, self._perm, self._depth = _build.build(
            cp, cp.ascontiguousarray(data), self.leafsize)
        if self.n:
            self.maxes = self._box[0, 1].copy()
            self.mins = self._box[0, 0].copy()
        else:
            self.maxes = cp.full((self.m,), -numpy.inf)
            self.mins = cp.full((self.m,), numpy.inf)

    def _set_box(self, boxsize):
        """self.boxsize (None, or float64 (m,) as SciPy keeps it) and the kernels' view of it:
        _period (m,) on the device and _periodic; data outside [0, L) on a wrapping axis is
        SciPy's ValueError."""
        self.boxsize = None
        self._periodic = boxsize is not None
        if boxsize is None:
            self._period = cp.zeros(self.m, dtype=cp.float64)
            return
        box = numpy.empty(self.m, dtype=numpy.float64)
        # SciPy's broadcast (a wrong length is NumPy's ValueError); a cunp boxsize is read
        # back explicitly, as NumPy cannot convert a device array implicitly.
        box[:] = _host(boxsize)
        self.boxsize = box
        self._period = cp.asarray(box)
        wraps = cp.asarray(box > 0)
        if self.n and bool(((self.data >= self._period) & wraps).any()):
            raise ValueError("Some input data are greater than the size of the periodic box.")
        if self.n and bool(((self.data < 0) & wraps).any()):
            raise ValueError("Negative input data are outside of the periodic box.")

    @property
    def _space(self):
        """The (period, periodic) pair the kernels take."""
        return self._period, self._periodic

    def _wrap(self, q, space=None):
        """The rows of q (m, d) moved into [0, L) along each wrapping axis of `space` (self's by
        default), as SciPy moves query points; q itself when the space is not periodic."""
        period, periodic = self._space if space is None else space
        if not periodic:
            return q
        wraps = period > 0
        length = cp.where(wraps, period, 1.0)
        moved = q - cp.floor(q / length) * length
        # Rounding can leave x - floor(x / L) L at L (x a tiny negative) or just below 0.
        moved = cp.where(moved >= length, moved - length, moved)
        moved = cp.where(moved < 0, moved + length, moved)
        return cp.ascontiguousarray(cp.where(wraps, moved, q))

    @property
    def size(self):
        """The number of nodes in the tree."""
        return (1 << (self._depth + 1)) - 1

    @property
    def indices(self):
        """The original index of each point in tree order (SciPy's tree.indices)."""
        return self._perm

    def _queries(self, x):
        x = cp.asarray(x)
        if x.dtype.kind == "c":
            raise TypeError("KDTree: complex query points are not supported")
        x = x.astype(cp.float64)
        if x.ndim == 0 or x.shape[-1] != self.m:
            raise ValueError(f"x must consist of vectors of length {self.m} but has shape "
                             f"{tuple(x.shape)}")
        _finite_points(x, "'x'")
        return cp.ascontiguousarray(x.reshape(-1, self.m)), x.shape[:-1]

    def _tree_args(self, p, space=None):
        period, periodic = self._space if space is None else space
        return (self._tree_data, self._box, self._perm, self._depth, _build.metric_kind(p),
                float(p), period, bool(periodic))

    @staticmethod
    def _check_p(p):
        if p < 1:
            raise ValueError("Only p-norms with 1<=p<=infinity permitted")

    def query(self, x, k=1, eps=0, p=2, distance_upper_bound=numpy.inf, workers=1):
        """The k nearest neighbours of each point of x: (distances, indices).

        k is an int (the k nearest, shape (..., k), or (...) for k = 1) or a sequence of
        1-based ranks (shape (..., len(k))). Neighbours at distance_upper_bound or beyond are
        missing: inf and self.n. With eps > 0 the k-th neighbour returned is within (1 + eps)
        times the true k-th distance."""
        self._check_p(p)
        if eps < 0:
            raise ValueError("eps must be non-negative")
        if isinstance(k, numbers.Integral):
            if k < 1:
                raise ValueError("k must be at least 1")
            columns, kmax, single = None, int(k), k == 1
        else:
            ranks = numpy.asarray(_host(k), dtype=numpy.int64).ravel()
            if ranks.size == 0 or ranks.min() < 1:
                raise ValueError("k must be at least 1")
            columns, kmax, single = ranks - 1, int(ranks.max()), False
        q, lead = self._queries(x)
        q = self._wrap(q)
        mq = q.shape[0]
        order = None
        if mq >= _ORDER_QUERIES_FROM and self.n:
            order = _morton_order(q, self.mins, self.maxes)
            q = cp.ascontiguousarray(q[order])
        dist = cp.empty((mq, kmax), dtype=cp.float64)
        idx = cp.empty((mq, kmax), dtype=cp.int64)
        if numpy.isinf(p):
            slack = 1.0 + eps
        else:
            slack = float((1.0 + eps) ** p)
        _core.spatial.kd_query(*self._tree_args(p), q, dist, idx,
                               float(_build.powered(float(distance_upper_bound), p)), slack)
        if order is not None:  # back to the caller's order
            sorted_dist, sorted_idx = dist, idx
            dist = cp.empty_like(sorted_dist)
            idx = cp.empty_like(sorted_idx)
            dist[order] = sorted_dist
            idx[order] = sorted_idx
        if columns is not None:
            sel = cp.asarray(columns)
            dist, idx = dist[:, sel], idx[:, sel]
        if single:
            return dist[:, 0].reshape(lead), idx[:, 0].reshape(lead)
        return dist.reshape(lead + (dist.shape[1],)), idx.reshape(lead + (idx.shape[1],))

    def _ball(self, q, r, p, space=None):
        """(counts, offsets, flat original indices) of the points within r (m,) of each query,
        each query's indices in tree order. space: the (period, periodic) to measure in, self's
        by default (another tree's when it compares the two); q must already lie in its box."""
        mq = q.shape[0]
        rp = cp.ascontiguousarray(_build.powered(r.astype(cp.float64), p))
        count = cp.zeros(mq, dtype=cp.int64)
        offset = cp.zeros(mq, dtype=cp.int64)
        out = cp.empty(0, dtype=cp.int64)
        args = self._tree_args(p, space)
        _core.spatial.kd_ball(*args, q, rp, count, offset, out, False)
        if mq == 0:
            return count, offset, out
        ends = cp.cumsum(count)
        total = int(ends[-1])
        offset = cp.ascontiguousarray(ends - count)
        out = cp.empty(max(total, 0), dtype=cp.int64)
        if total:
            _core.spatial.kd_ball(*args, q, rp, count, offset, out, True)
        return count, offset, out

    def query_ball_point(self, x, r, p=2.0, eps=0, workers=1, return_sorted=None,
                         return_length=False):
        """The points within distance r of each point of x (inclusive).

        A single point (x of shape (m,)) gives a list; otherwise a NumPy object array of lists
        of x's leading shape (r broadcasts against it). return_length gives the counts instead
        (a cunp array). eps is accepted, and the answer is exact."""
        self._check_p(p)
        if eps < 0:
            raise ValueError("eps must be non-negative")
        x = cp.asarray(x)
        q, lead = self._queries(x)
        r = cp.asarray(r, dtype=cp.float64)
        shape = numpy.broadcast_shapes(tuple(lead), tuple(r.shape))
        if shape != tuple(lead):
            q = cp.ascontiguousarray(
                cp.broadcast_to(q.reshape(tuple(lead) + (self.m,)), shape + (self.m,))
            ).reshape(-1, self.m)
            lead = shape
        r = cp.ascontiguousarray(cp.broadcast_to(r, shape)).reshape(-1)
        count, offset, flat = self._ball(self._wrap(q), r, p)
        if return_length:
            return count.reshape(lead)
        if return_sorted is None:
            return_sorted = len(lead) > 0
        pieces = self._pieces(count, flat, return_sorted)
        if len(lead) == 0:
            return pieces[0].tolist()
        result = numpy.empty(len(pieces), dtype=object)
        for j, piece in enumerate(pieces):
            result[j] = piece.tolist()
        return result.reshape(lead)

    @staticmethod
    def _pieces(count, flat, return_sorted):
        """_ball's flat answer split into one NumPy array per query (sorted within each when
        return_sorted)."""
        if return_sorted and flat.size:
            owner = cp.repeat(cp.arange(count.shape[0], dtype=cp.int64), count)
            flat = flat[cp.lexsort((flat, owner))]
        counts = cp.asnumpy(count)
        return numpy.split(cp.asnumpy(flat), numpy.cumsum(counts)[:-1]) if counts.size else []

    def query_ball_tree(self, other, r, p=2.0, eps=0):
        """For each point of self, the indices of the points of `other` within r: a list of
        lists (measured in self's box when self is periodic)."""
        self._check_p(p)
        if eps < 0:
            raise ValueError("eps must be non-negative")
        if other.m != self.m:
            raise ValueError("Trees passed to query_ball_tree have different dimensionality")
        q = cp.ascontiguousarray(self.data)
        count, _, flat = other._ball(q, cp.full(self.n, float(r)), p, space=self._space)
        return [piece.tolist() for piece in self._pieces(count, flat, True)]

    def query_pairs(self, r, p=2.0, eps=0, output_type="set"):
        """All pairs (i, j), i < j, of points of self within distance r: a set of tuples, or an
        (npairs, 2) int64 array sorted by (i, j) for output_type 'ndarray'."""
        self._check_p(p)
        if output_type not in ("set", "ndarray"):
            raise ValueError(f"Invalid output type {output_type!r}")
        q = cp.ascontiguousarray(self.data)
        count, _, flat = self._ball(q, cp.full(self.n, float(r)), p)
        owner = cp.repeat(cp.arange(self.n, dtype=cp.int64), count)
        keep = owner < flat
        i, j = owner[keep], flat[keep]
        order = cp.lexsort((j, i))
        pairs = cp.stack([i[order], j[order]], axis=1)
        if output_type == "ndarray":
            return cp.asnumpy(pairs).astype(numpy.intp)
        return set(map(tuple, cp.asnumpy(pairs).tolist()))

    def count_neighbors(self, other, r, p=2.0, weights=None, cumulative=True):
        """The number of pairs (x, y), x of self and y of other, with distance(x, y) <= r.

        r scalar: an int; r an array: one count per radius (cumulative=False: the pairs with
        r[i-1] < distance <= r[i]). weights (one array for both trees, or a pair (self's,
        other's), either may be None) weigh each pair by the product of its points' weights,
        and the counts are then floats."""
        self._check_p(p)
        if other.m != self.m:
            raise ValueError("Trees passed to count_neighbors have different dimensionality")
        if isinstance(weights, tuple):
            w_self, w_other = weights
        else:
            w_self = w_other = weights
        if w_self is not None:
            w_self = cp.asarray(w_self, dtype=cp.float64)
            if w_self.shape != (self.n,):
                raise ValueError("the weights of self must have self.n elements")
        if w_other is not None:
            w_other = cp.asarray(w_other, dtype=cp.float64)
            if w_other.shape != (other.n,):
                raise ValueError("the weights of other must have other.n elements")
        radii = numpy.asarray(_host(r), dtype=numpy.float64)
        scalar = radii.ndim == 0
        flat_r = radii.reshape(-1)
        weighted = w_self is not None or w_other is not None
        q = self._wrap(cp.ascontiguousarray(other.data))
        # One device total per radius, read back together at the end (not one copy a radius).
        results = []
        for radius in flat_r:
            rr = cp.full(other.n, float(radius))
            if not weighted:
                count, _, _ = self._ball(q, rr, p)
                results.append(count.sum())
                continue
            count, _, flat = self._ball(q, rr, p)
            ws = w_self[flat] if w_self is not None else cp.ones(flat.size)
            owner = cp.repeat(cp.arange(other.n, dtype=cp.int64), count)
            wo = w_other[owner] if w_other is not None else cp.ones(flat.size)
            results.append((ws * wo).sum())
        dtype = numpy.float64 if weighted else numpy.intp
        host = cp.asnumpy(cp.stack(results)) if results else numpy.zeros(0)
        out = host.astype(dtype).reshape(radii.shape)
        if not cumulative and not scalar:
            flat_out = out.reshape(-1)
            flat_out = numpy.concatenate([flat_out[:1], numpy.diff(flat_out)]) if flat_out.size \
                else flat_out
            out = flat_out.reshape(radii.shape)
        if scalar:
            return out[()].item()
        return out

    def sparse_distance_matrix(self, other, max_distance, p=2.0, output_type="dok_matrix"):
        """The distances between the points of self (rows) and of other (columns) that are at
        most max_distance. output_type: 'coo_matrix' / 'coo_array' (cunp.scipy.sparse), 'dict'
        ({(i, j): distance}) or 'ndarray' (a NumPy record array with fields i, j, v, sorted
        by (i, j)); 'dok_matrix' / 'dok_array' give a coo_matrix / coo_array, as cunp has no
        DOK format."""
        self._check_p(p)
        if other.m != self.m:
            raise ValueError("Trees passed to sparse_distance_matrix have different "
                             "dimensionality")
        kinds = ("dok_matrix", "coo_matrix", "dok_array", "coo_array", "dict", "ndarray")
        if output_type not in kinds:
            raise ValueError("Invalid output type")
        q = cp.ascontiguousarray(self.data)
        count, _, j = other._ball(q, cp.full(self.n, float(max_distance)), p, space=self._space)
        i = cp.repeat(cp.arange(self.n, dtype=cp.int64), count)
        diff = cp.abs(self.data[i] - other.data[j])
        if self._periodic:  # the shorter way round each wrapping axis
            diff = cp.where(self._period > 0, cp.minimum(diff, self._period - diff), diff)
        if numpy.isinf(p):
            v = diff.max(axis=1) if self.m else cp.zeros(i.size)
        elif p == 1:
            v = diff.sum(axis=1)
        elif p == 2:
            v = cp.sqrt((diff * diff).sum(axis=1))
        else:
            v = (diff ** p).sum(axis=1) ** (1.0 / p)
        order = cp.lexsort((j, i))
        i, j, v = i[order], j[order], v[order]
        if output_type == "dict":
            return dict(zip(zip(cp.asnumpy(i).tolist(), cp.asnumpy(j).tolist()),
                            cp.asnumpy(v).tolist()))
        if output_type == "ndarray":
            rec = numpy.empty(i.size, dtype=[("i", numpy.intp), ("j", numpy.intp),
                                             ("v", numpy.float64)])
            rec["i"], rec["j"], rec["v"] = cp.asnumpy(i), cp.asnumpy(j), cp.asnumpy(v)
            return rec
        from cunp.scipy import sparse

        make = sparse.coo_array if output_type.endswith("_array") else sparse.coo_matrix
        return make((v, (i, j)), shape=(self.n, other.n))


cKDTree = KDTree
