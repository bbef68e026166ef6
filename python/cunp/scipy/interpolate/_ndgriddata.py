"""cunp.scipy.interpolate's scattered-data interpolators: LinearNDInterpolator (any dimension
>= 2) and CloughTocher2DInterpolator (2-D) over cunp.scipy.spatial.Delaunay (whose simplices in
3 or more dimensions are SciPy's Qhull's, made on the host), NearestNDInterpolator over
cunp.scipy.spatial.KDTree (any dimension), and griddata. Point location (find_simplex) and the
KDTree queries run on the device; the interpolation maths is _ndscattered.py's, on cunp arrays."""
import numpy

import cunp as cp
from cunp.scipy.interpolate import _ndscattered as _nd
from cunp.scipy.spatial._delaunay import Delaunay
from cunp.scipy.spatial._kdtree import KDTree


def _ndim_coords_from_arrays(points, ndim=None):
    """The points as one array (..., ndim): a tuple of coordinate arrays is broadcast and
    stacked; a 1-D array is read as points of `ndim` coordinates."""
    if isinstance(points, tuple) and len(points) == 1:
        points = points[0]
    if isinstance(points, tuple):
        arrays = cp.broadcast_arrays(*[cp.asarray(p) for p in points])
        for a in arrays[1:]:
            if a.shape != arrays[0].shape:
                raise ValueError("coordinate arrays do not have the same shape")
        return cp.stack(arrays, axis=-1)
    points = cp.asarray(points)
    if points.ndim == 1:
        points = points.reshape(-1, 1) if ndim is None else points.reshape(-1, ndim)
    return points


class _Scattered:
    """Checks and stores points (n, ndim) and values (n, ...), with SciPy's rescaling to the
    unit cube (offset: the mean, scale: the extent per axis)."""

    def _set_points_values(self, points, values, rescale, flat_message):
        if isinstance(points, Delaunay):
            self.tri = points
            points = points.points
        else:
            self.tri = None
        if not isinstance(points, tuple) and cp.asarray(points).ndim < 2:
            raise ValueError(flat_message)
        points = _ndim_coords_from_arrays(points)
        if points.dtype.kind == "c":
            raise ValueError("input data must be real")
        points = cp.ascontiguousarray(points.astype(cp.float64))
        if points.ndim != 2 or points.shape[1] < 2:
            raise ValueError(flat_message)
        values = cp.asarray(values)
        if values.ndim == 0 or values.shape[0] != points.shape[0]:
            raise ValueError("different number of values and points")
        self.values_shape = values.shape[1:]
        self.is_complex = values.dtype.kind == "c"
        self.values_dtype = numpy.dtype(numpy.complex128 if self.is_complex else numpy.float64)
        values = values.astype(self.values_dtype).reshape(points.shape[0], -1)
        self.values = values
        if rescale:
            self.offset = points.mean(axis=0)
            scale = points.max(axis=0) - points.min(axis=0)
            self.scale = cp.where(scale == 0, 1.0, scale)
            points = (points - self.offset) / self.scale
        else:
            self.offset = self.scale = None
        self.points = points
        self.ndim = points.shape[1]

    def _xi(self, args):
        xi = _ndim_coords_from_arrays(args, ndim=self.ndim)
        if xi.shape[-1] != self.ndim:
            raise ValueError("number of dimensions in xi does not match x")
        xi = xi.astype(cp.float64)
        if self.offset is not None:
            xi = (xi - self.offset) / self.scale
        return xi

    def _real_columns(self):
        """The values as real columns (complex: real and imaginary parts side by side)."""
        if self.is_complex:
            return cp.concatenate([self.values.real, self.values.imag], axis=1)
        return self.values

    def _finish(self, out, lead):
        if self.is_complex:
            half = out.shape[1] // 2
            out = out[:, :half] + 1j * out[:, half:]
        return out.reshape(tuple(lead) + tuple(self.values_shape)).astype(self.values_dtype,
                                                                          copy=False)


class _OverTriangulation(_Scattered):
    def _triangulate(self, points, values, fill_value, rescale):
        self._set_points_values(points, values, rescale, "Need at least 2-D data")
        if self.ndim != 2 and isinstance(self, CloughTocher2DInterpolator):
            raise ValueError("this mode of interpolation available only for 2-D data")
        if self.tri is None or self.offset is not None:
            self.tri = Delaunay(self.points)
        self.fill_value = fill_value

    def _locate(self, args):
        xi = self._xi(args)
        lead = xi.shape[:-1]
        flat = cp.ascontiguousarray(xi.reshape(-1, self.ndim))
        return flat, lead, self.tri.find_simplex(flat).astype(cp.int64)


class LinearNDInterpolator(_OverTriangulation):
    """Piecewise linear interpolation over the Delaunay triangulation of the points
    (scipy.interpolate.LinearNDInterpolator), in 2 or more dimensions. In 3 or more the
    simplices come from SciPy's Qhull on the host (SciPy required); locating the points and the
    barycentric evaluation run on the device."""

    def __init__(self, points, values, fill_value=numpy.nan, rescale=False):
        self._triangulate(points, values, fill_value, rescale)

    def __call__(self, *args):
        flat, lead, isimplex = self._locate(args)
        fill = complex(self.fill_value) if self.is_complex else float(self.fill_value)
        values = self.values
        out = _nd.linear_values(cp, self.tri.simplices, self.tri.transform, isimplex, flat,
                                values, fill)
        return out.reshape(tuple(lead) + tuple(self.values_shape))


class CloughTocher2DInterpolator(_OverTriangulation):
    """Piecewise cubic, C1, curvature-minimising interpolation in 2-D
    (scipy.interpolate.CloughTocher2DInterpolator). The vertex gradients are the exact minimiser
    of SciPy's functional (conjugate gradients to a 1e-10 relative residual, or `tol` if
    smaller), where SciPy stops its Gauss-Seidel sweeps at `tol` or `maxiter`."""

    def __init__(self, points, values, fill_value=numpy.nan, tol=1e-6, maxiter=400,
                 rescale=False):
        self._triangulate(points, values, fill_value, rescale)
        columns = self._real_columns()
        simplices = self.tri.simplices.astype(cp.int64)
        neighbors = self.tri.neighbors.astype(cp.int64)
        points = self.tri.points
        grads = _nd.gradients(cp, points, simplices, columns, tol=tol, maxiter=maxiter)
        self._table = _nd.clough_tocher_table(cp, points, simplices, neighbors, columns, grads)

    def __call__(self, *args):
        flat, lead, isimplex = self._locate(args)
        if self.is_complex:
            fill = complex(self.fill_value)
            out = _nd.clough_tocher_values(cp, self._table, self.tri.transform, isimplex, flat,
                                           numpy.nan)
            half = out.shape[1] // 2
            out = out[:, :half] + 1j * out[:, half:]
            out = cp.where((isimplex < 0)[:, None], fill, out)
            return out.reshape(tuple(lead) + tuple(self.values_shape))
        out = _nd.clough_tocher_values(cp, self._table, self.tri.transform, isimplex, flat,
                                       float(self.fill_value))
        return out.reshape(tuple(lead) + tuple(self.values_shape))


class NearestNDInterpolator(_Scattered):
    """Nearest-neighbour interpolation in N dimensions through cunp's KDTree
    (scipy.interpolate.NearestNDInterpolator). Call options (eps, p, distance_upper_bound,
    workers) go to KDTree.query; points with no neighbour within distance_upper_bound get NaN."""

    def __init__(self, x, y, rescale=False, tree_options=None):
        self._set_points_values(x, y, rescale, "input data must be at least 2-D")
        self.tree = KDTree(self.points, **(tree_options or {}))

    def __call__(self, *args, **query_options):
        xi = self._xi(args)
        lead = xi.shape[:-1]
        flat = xi.reshape(-1, self.ndim)
        dist, i = self.tree.query(flat, **query_options)
        valid = cp.isfinite(dist)
        picked = self.values[cp.where(valid, i, 0)]
        out = cp.where(valid[:, None], picked, numpy.nan)
        return out.reshape(tuple(lead) + tuple(self.values_shape)).astype(self.values_dtype,
                                                                          copy=False)


def griddata(points, values, xi, method="linear", fill_value=numpy.nan, rescale=False):
    """Interpolate unstructured data (scipy.interpolate.griddata): 'nearest' in any dimension,
    'linear' in any dimension (1-D: interp1d; 3 or more: over SciPy's Qhull simplices, see
    LinearNDInterpolator) and 'cubic' in 1-D and 2-D."""
    points = _ndim_coords_from_arrays(points)
    ndim = points.ndim if points.ndim < 2 else points.shape[-1]
    if ndim == 1 and method in ("nearest", "linear", "cubic"):
        from cunp.scipy.interpolate._interp1d import interp1d

        points = points.ravel()
        if isinstance(xi, tuple):
            if len(xi) != 1:
                raise ValueError("invalid number of dimensions in xi")
            xi, = xi
        values = cp.asarray(values)
        order = cp.argsort(points)
        fill = "extrapolate" if method == "nearest" else fill_value
        ip = interp1d(points[order], values[order], kind=method, axis=0, bounds_error=False,
                      fill_value=fill)
        return ip(xi)
    if method == "nearest":
        return NearestNDInterpolator(points, values, rescale=rescale)(xi)
    if method == "linear":
        return LinearNDInterpolator(points, values, fill_value=fill_value, rescale=rescale)(xi)
    if method == "cubic" and ndim == 2:
        return CloughTocher2DInterpolator(points, values, fill_value=fill_value,
                                          rescale=rescale)(xi)
    raise ValueError(f"Unknown interpolation method {method!r} for {ndim} dimensional data")
