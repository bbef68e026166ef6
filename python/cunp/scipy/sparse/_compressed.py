"""_cs_base: what CSR and CSC share. Both keep (data, indices, indptr); CSR compresses rows
and CSC columns, so each method works on (major, minor) and _swap maps that to (row, col)."""

import numpy

from . import _backend, _canonical, _lines
from ._base import _classes, _is_scipy_sparse, _spbase, issparse, sparray
from ._sputils import check_shape, get_index_dtype, getdtype, isshape


class _cs_base(_spbase):
    """Compressed sparse storage: entries of major line i are data[indptr[i]:indptr[i+1]]."""

    _by_rows = True

    def _swap(self, x):
        return x if self._by_rows else (x[1], x[0])

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        xp = _backend.xp
        self._sorted = None
        self._canonical = None
        if issparse(arg1):
            if arg1.format == self.format:
                src = arg1.copy() if copy else arg1
            else:
                src = arg1.asformat(self.format)
            self._set_arrays(src.data, src.indices, src.indptr, src.shape)
            self._sorted, self._canonical = src._sorted, src._canonical
        elif _is_scipy_sparse(arg1):
            src = arg1.asformat(self.format)
            self._set_arrays(xp.asarray(src.data), xp.asarray(src.indices),
                             xp.asarray(src.indptr), src.shape)
        elif isinstance(arg1, tuple):
            if isshape(arg1):
                self._shape = check_shape(arg1)
                n_major = self._swap(self._shape)[0]
                idx = get_index_dtype(maxval=max(self._shape))
                self.data = xp.zeros(0, dtype=getdtype(dtype, default=float))
                self.indices = xp.zeros(0, dtype=idx)
                self.indptr = xp.zeros(n_major + 1, dtype=idx)
            elif len(arg1) == 2:
                coo = _classes[("coo", isinstance(self, sparray))](arg1, shape=shape,
                                                                  dtype=dtype)
                src = coo.asformat(self.format)
                self._set_arrays(src.data, src.indices, src.indptr, src.shape)
                self._sorted = self._canonical = True
            elif len(arg1) == 3:
                data, indices, indptr = arg1
                maxval = None
                if shape is not None and 0 not in tuple(shape):
                    maxval = max(shape)
                indices = xp.asarray(indices)
                indptr = xp.asarray(indptr)
                idx = get_index_dtype((indices, indptr), maxval=maxval, check_contents=True)
                self.indices = xp.array(indices, dtype=idx, copy=True) if copy else \
                    indices.astype(idx, copy=False)
                self.indptr = xp.array(indptr, dtype=idx, copy=True) if copy else \
                    indptr.astype(idx, copy=False)
                self.data = xp.array(data, dtype=dtype, copy=True) if copy else \
                    xp.asarray(data, dtype=dtype)
                self._shape = None
            else:
                raise ValueError(f"unrecognized {self.__class__.__name__} constructor input: "
                                 f"{arg1}")
        else:
            if shape is not None and self.format == "csr" and isinstance(self, sparray) and \
                    (arg1.ndim if _backend.is_device_array(arg1) else numpy.ndim(arg1)) == 1:
                # A 1-D input given a 2-D shape is SciPy's one row (checked against the shape
                # below, as SciPy checks it).
                arg1 = arg1.reshape(1, -1) if _backend.is_device_array(arg1) else \
                    numpy.asarray(arg1).reshape(1, -1)
            dense = self._dense_input(arg1)
            src = _classes[("coo", isinstance(self, sparray))](dense, dtype=dtype)
            src = src.asformat(self.format)
            self._set_arrays(src.data, src.indices, src.indptr, src.shape)
            self._sorted = self._canonical = True

        if shape is not None:
            self._shape = check_shape((shape,) if not isinstance(shape, tuple) else shape)
        elif self._shape is None:
            try:
                n_major = int(self.indptr.shape[0]) - 1
                n_minor = int(self.indices.max()) + 1
            except Exception as e:
                raise ValueError("unable to infer matrix dimensions") from e
            self._shape = check_shape(self._swap((n_major, n_minor)))
        if dtype is not None:
            self.data = self.data.astype(getdtype(dtype), copy=False)
        getdtype(None, self.data)
        self.check_format(full_check=False)

    def _dense_input(self, arg1):
        xp = _backend.xp
        try:
            a = arg1 if _backend.is_device_array(arg1) else numpy.asarray(arg1)
        except Exception as e:
            raise ValueError(f"unrecognized {self.__class__.__name__} constructor input: "
                             f"{arg1}") from e
        if a.dtype == numpy.object_:
            raise ValueError(f"unrecognized {self.__class__.__name__} constructor input: "
                             f"{arg1}")
        if a.ndim > 2:
            raise ValueError(f"{self.format.upper()} arrays don't yet support {a.ndim}D.")
        if a.ndim < 2:
            if isinstance(self, sparray) and a.ndim == 0 and self.format in ("coo", "csr"):
                # SciPy reads a 0-D input to these two as a shape with no length.
                raise TypeError("function missing 1 required positional argument: 'shape'")
            if isinstance(self, sparray):
                # coo_array and csr_array route 1-D input to their 1-D classes first.
                raise ValueError(f"{self.format.upper()} arrays don't support {a.ndim}D "
                                 "input. Use 2D")
            a = a.reshape(1, -1) if a.ndim == 1 else a.reshape(1, 1)
        return xp.asarray(a)

    def _set_arrays(self, data, indices, indptr, shape):
        self.data, self.indices, self.indptr = data, indices, indptr
        self._shape = tuple(int(s) for s in shape)

    @classmethod
    def _from_compressed(cls, data, indices, indptr, shape, sorted_=None, canonical=None):
        obj = cls.__new__(cls)
        obj._set_arrays(data, indices, indptr, shape)
        obj._sorted, obj._canonical = sorted_, canonical
        return obj

    @classmethod
    def _from_coordinates(cls, row, col, data, shape, drop_zeros=False, sum_dups=True):
        """The matrix of these entries: sorted, with duplicates summed (and zeros dropped when
        asked) unless sum_dups is False, where entries only get sorted (stably)."""
        shape = tuple(int(s) for s in shape)
        n_major, n_minor = (shape if cls._by_rows else (shape[1], shape[0]))
        major, minor = (row, col) if cls._by_rows else (col, row)
        idx = get_index_dtype(maxval=max(max(shape), data.size))
        if sum_dups:
            major, minor, data = _canonical.sum_duplicates(major, minor, data, n_minor)
            if drop_zeros:
                major, minor, data = _canonical.drop_zeros(major, minor, data)
        elif data.size:
            order = _canonical.sort_order(major, minor, n_minor)
            major, minor, data = major[order], minor[order], data[order]
        indptr = _canonical.compress_major(major, n_major, idx)
        return cls._from_compressed(data, minor.astype(idx), indptr, shape, True,
                                    True if sum_dups else None)

    # --- the format's part of _spbase ---
    def _coo_parts(self):
        major = _canonical.expand_indptr(self.indptr, self.nnz, self.indptr.dtype)
        if self._by_rows:
            return major, self.indices, self.data
        return self.indices, major, self.data

    def _with_data(self, data, copy=True):
        indices = self.indices.copy() if copy else self.indices
        indptr = self.indptr.copy() if copy else self.indptr
        return self.__class__._from_compressed(data, indices, indptr, self.shape,
                                               self._sorted, self._canonical)

    def _to_scipy(self, cls):
        return cls((_backend.to_host(self.data), _backend.to_host(self.indices),
                    _backend.to_host(self.indptr)), shape=self.shape)

    def _stored_values(self):
        return self.data  # no coordinates needed (the base class's expands indptr)

    def _sums(self, axis, dtype):
        """Along the compressed axis (CSR rows, CSC columns): one segmented sum over indptr, no
        coordinate per entry. Along the other: one scatter-add keyed by indices directly."""
        if axis == (1 if self._by_rows else 0):
            return _lines.line_sums(self.indptr, self.data, dtype)
        xp = _backend.xp
        out = xp.zeros(self.shape[1] if axis == 0 else self.shape[0], dtype=dtype)
        if self.data.size:
            xp.add.at(out, self.indices, self.data.astype(dtype))
        return out

    @property
    def nnz(self):
        return int(self.indptr[-1]) if self.indptr.shape[0] else 0

    # --- format checks and canonical form ---
    def check_format(self, full_check=True):
        xp = _backend.xp
        n_major, n_minor = self._swap(self.shape)
        for name in ("indptr", "indices"):
            # SciPy warns and goes on with other dtypes; integers are all cunp keeps.
            if getattr(self, name).dtype.kind not in "iu":
                raise ValueError(f"{name} array has non-integer dtype "
                                 f"({getattr(self, name).dtype.name})")
        if self.data.ndim != 1 or self.indices.ndim != 1 or self.indptr.ndim != 1:
            raise ValueError("data, indices, and indptr should be 1-D")
        if self.indptr.shape[0] != n_major + 1:
            raise ValueError(f"index pointer size {self.indptr.shape[0]} should be "
                             f"{n_major + 1}")
        if int(self.indptr[0]) != 0:
            raise ValueError("index pointer should start with 0")
        if self.indices.shape[0] != self.data.shape[0]:
            raise ValueError("indices and data should have the same size")
        if int(self.indptr[-1]) > self.indices.shape[0]:
            raise ValueError("Last value of index pointer should be less than the size of "
                             "index and data arrays")
        self.prune()
        if full_check:
            if self.nnz > 0:
                if int(self.indices.max()) >= n_minor:
                    raise ValueError(f"indices must be < {n_minor}")
                if int(self.indices.min()) < 0:
                    raise ValueError("indices must be >= 0")
                if int(xp.diff(self.indptr).min()) < 0:
                    raise ValueError("indptr must be a non-decreasing sequence")
            idx = get_index_dtype((self.indptr, self.indices))
            self.indptr = self.indptr.astype(idx, copy=False)
            self.indices = self.indices.astype(idx, copy=False)

    def prune(self):
        nnz = self.nnz
        if self.indices.shape[0] > nnz:
            self.indices = self.indices[:nnz]
        if self.data.shape[0] > nnz:
            self.data = self.data[:nnz]

    def _major_minor(self):
        major = _canonical.expand_indptr(self.indptr, self.nnz, self.indptr.dtype)
        return major, self.indices

    @property
    def has_sorted_indices(self):
        if self._sorted is None:
            major, minor = self._major_minor()
            self._sorted = _canonical.is_sorted(major, minor, self._swap(self.shape)[1], False)
        return self._sorted

    @has_sorted_indices.setter
    def has_sorted_indices(self, val):
        self._sorted = bool(val)

    @property
    def has_canonical_format(self):
        if self._canonical is None:
            major, minor = self._major_minor()
            self._canonical = _canonical.is_sorted(major, minor, self._swap(self.shape)[1],
                                                   True)
            if self._canonical:
                self._sorted = True
        return self._canonical

    @has_canonical_format.setter
    def has_canonical_format(self, val):
        self._canonical = bool(val)
        if val:
            self._sorted = True

    def sum_duplicates(self):
        if self.has_canonical_format:
            return
        major, minor = self._major_minor()
        n_major, n_minor = self._swap(self.shape)
        major, minor, data = _canonical.sum_duplicates(major, minor, self.data, n_minor)
        self.indptr = _canonical.compress_major(major, n_major, self.indptr.dtype)
        self.indices = minor.astype(self.indptr.dtype)
        self.data = data
        self._sorted = self._canonical = True

    def sort_indices(self):
        if self.has_sorted_indices:
            return
        major, minor = self._major_minor()
        order = _canonical.sort_order(major, minor, self._swap(self.shape)[1])
        self.indices = self.indices[order]
        self.data = self.data[order]
        self._sorted = True

    def sorted_indices(self):
        a = self.copy()
        a.sort_indices()
        return a

    def eliminate_zeros(self):
        keep = self.data != 0
        major, minor = self._major_minor()
        self.indices = minor[keep]
        self.data = self.data[keep]
        self.indptr = _canonical.compress_major(major[keep], self._swap(self.shape)[0],
                                                self.indptr.dtype)

    # --- conversions ---
    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse matrices do not support an 'axes' parameter because "
                             "swapping dimensions is the only logical permutation.")
        other = "csc" if self._by_rows else "csr"
        a = self.copy() if copy else self
        return self._family(other)._from_compressed(a.data, a.indices, a.indptr,
                                                    (self.shape[1], self.shape[0]),
                                                    self._sorted, self._canonical)

    def _convert_to(self, fmt, copy):
        if fmt == self.format:
            return self.copy() if copy else self
        row, col, data = self._coo_parts()
        # Like SciPy's csr<->csc: a stable reorder, duplicates kept.
        return self._family(fmt)._from_coordinates(row, col, data, self.shape, sum_dups=False)

    def tocsr(self, copy=False):
        return self._convert_to("csr", copy)

    def tocsc(self, copy=False):
        return self._convert_to("csc", copy)

    def tocoo(self, copy=False):
        row, col, data = self._coo_parts()
        coo = self._family("coo")((data, (row, col)), shape=self.shape, copy=copy)
        return coo

    # --- indexing (reads of rows for CSR, single elements for both) ---
    def __setitem__(self, key, x):
        from . import _assign

        _assign.setitem(self, key, x)

    def setdiag(self, values, k=0):
        from . import _assign

        _assign.setdiag(self, values, k)

    def __getitem__(self, key):
        from . import _index

        return _index.getitem(self, key)

