"""numpy.broadcast and numpy.nditer for cunp arrays, iterating host copies.

Python-level iteration reads one element per step; doing that from device memory would cost a
transfer per element. These iterators copy each cunp operand to the host once and iterate the
copy with NumPy's own machinery, so they yield NumPy values (scalars for broadcast, 0-d arrays
for nditer) of a snapshot: writes to the arrays after the copy are not seen, and writing through
the iterator is refused (NotImplementedError) because it could not reach the device.

flatiter (``x.flat``) is the exception: it indexes the array itself, so reading and writing
through it reach the device (each element it yields is a 0-d cunp array, as CuPy's).
"""
__all__ = ["broadcast", "nditer", "flatiter"]

# Most operands numpy.broadcast and numpy.nditer take.
_MAX_OPERANDS = 64


def _host(a):
    """An operand as a NumPy array: a cunp array copied to the host, anything else as NumPy
    reads it."""
    import numpy

    from cunp._core import ndarray

    return a.get() if isinstance(a, ndarray) else numpy.asarray(a)


def _memory_order(strides):
    """The axes, outermost first, in the order NumPy's nditer gives one operand for
    order='K': an insertion sort by |stride| in which a zero stride (a broadcast axis)
    decides nothing."""
    perm = list(range(len(strides) - 1, -1, -1))  # innermost first, as NumPy sorts
    for i0 in range(1, len(perm)):
        s0, pos = strides[perm[i0]], i0
        for i1 in range(i0 - 1, -1, -1):
            s1 = strides[perm[i1]]
            if s0 == 0 or s1 == 0:
                continue
            if abs(s1) <= abs(s0):
                break
            pos = i1
        perm.insert(pos, perm.pop(i0))
    return perm[::-1]


def _host_same_layout(a):
    """A host copy of a whose strides have a's order and signs, so that nditer's order='K'
    (memory order) visits the elements in the sequence NumPy visits a's; other operands as
    _host gives them."""
    from cunp._core import ndarray

    if not isinstance(a, ndarray) or a.ndim < 1:
        return _host(a)
    strides = a.strides
    flip = tuple(slice(None, None, -1) if s < 0 else slice(None) for s in strides)
    order = _memory_order(strides)
    host = a[flip].transpose(order).get()
    back = [0] * a.ndim
    for position, axis in enumerate(order):
        back[axis] = position
    return host.transpose(back)[flip]


def _shape(a):
    from cunp._core import ndarray

    if isinstance(a, ndarray):
        return a.shape
    import numpy

    return numpy.shape(a)


class broadcast:  # noqa: N801 - NumPy's name
    """The broadcast of its arguments: shape, ndim (nd), size and numiter come from the shapes
    alone; iterating (next, iters, index, reset) works on host copies of the arguments, made
    once on first use, and yields tuples of NumPy scalars as numpy.broadcast does."""

    def __init__(self, *args):
        operands = []
        for a in args:
            operands.extend(a._operands if isinstance(a, broadcast) else (a,))
        if len(operands) > _MAX_OPERANDS:
            raise ValueError("Need at least 0 and at most %d array objects." % _MAX_OPERANDS)
        import numpy

        self._operands = operands
        self.shape = numpy.broadcast_shapes(*(_shape(a) for a in operands))
        self._iter = None

    def _host_iter(self):
        if self._iter is None:
            import numpy

            self._iter = numpy.broadcast(*(_host(a) for a in self._operands))
        return self._iter

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def nd(self):
        return len(self.shape)

    @property
    def size(self):
        n = 1
        for e in self.shape:
            n *= e
        return n

    @property
    def numiter(self):
        return len(self._operands)

    @property
    def iters(self):
        """One numpy.flatiter per argument over its broadcast host copy."""
        return self._host_iter().iters

    @property
    def index(self):
        return 0 if self._iter is None else self._iter.index

    def reset(self):
        if self._iter is not None:
            self._iter.reset()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._host_iter())


# op_flags that would write to an operand or allocate one the iterator fills.
_WRITING_FLAGS = frozenset({"readwrite", "writeonly", "allocate", "writemasked", "arraymask",
                            "virtual", "updateifcopy"})


def _writing_flags(op_flags):
    if op_flags is None:
        return set()
    flat = []
    for f in op_flags:
        flat.extend([f] if isinstance(f, str) else f)
    return _WRITING_FLAGS.intersection(flat)


class nditer:  # noqa: N801 - NumPy's name
    """numpy.nditer over host copies of the operands (each cunp array copied once, when the
    iterator is made, with its axes' memory order and directions, so order='K' visits the
    elements as NumPy would; external_loop chunks follow the copy's contiguity): read-only
    iteration with NumPy's flags (multi_index, c_index, f_index,
    external_loop, buffered, ...), order, op_dtypes, casting, op_axes and itershape. Values
    are NumPy 0-d arrays (1-d chunks with external_loop) of the snapshot. Writable operands
    (op_flags readwrite, writeonly, allocate, ...) and None operands raise
    NotImplementedError: writes would land in the host copy, never in the device array."""

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K",
                 casting="safe", op_axes=None, itershape=None, buffersize=0):
        ops = list(op) if isinstance(op, (tuple, list)) else [op]
        writing = _writing_flags(op_flags)
        if writing or any(o is None for o in ops):
            what = "op_flags %s" % sorted(writing) if writing else "a None operand (allocate)"
            raise NotImplementedError(
                "cunp.nditer iterates a host copy of device arrays and is read-only: %s would "
                "write to the copy, not to the array; compute the values with array operations "
                "instead" % what)
        import numpy

        host = [_host_same_layout(o) for o in ops]
        self._it = numpy.nditer(host if isinstance(op, (tuple, list)) else host[0], flags=flags,
                                op_flags=op_flags, op_dtypes=op_dtypes, order=order,
                                casting=casting, op_axes=op_axes, itershape=itershape,
                                buffersize=buffersize)

    def __getattr__(self, name):
        if name == "_it":  # not made: __init__ raised
            raise AttributeError(name)
        # multi_index, index, iterindex, shape, ndim, nop, operands, value, finished, dtypes,
        # iternext, reset, remove_axis, ... as numpy.nditer has them.
        return getattr(self._it, name)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __len__(self):
        return len(self._it)

    def __getitem__(self, i):
        return self._it[i]

    def __enter__(self):
        self._it.__enter__()
        return self

    def __exit__(self, *exc):
        return self._it.__exit__(*exc)

    def close(self):
        self._it.close()


class flatiter:  # noqa: N801 - NumPy's name
    """The array `base` seen as 1-D in C order (``x.flat``): ``x.flat[k]`` is the k-th element
    in C order, ``x.flat[i:j]``, ``x.flat[[...]]`` and ``x.flat[mask]`` give 1-D copies, and
    assigning through them writes into x (values cycle when fewer than the elements named, as
    NumPy's do). Iterating yields 0-d arrays, one element at a time."""

    def __init__(self, base):
        from cunp._core import ndarray

        if not isinstance(base, ndarray):
            raise TypeError("flatiter needs a cunp.ndarray, not %s" % type(base).__name__)
        self._base = base
        self._index = 0

    @property
    def base(self):
        """The array iterated over."""
        return self._base

    @property
    def index(self):
        """The flat index of the next element iteration yields."""
        return self._index

    @property
    def coords(self):
        """The N-d index of the next element iteration yields."""
        return _unravel(self._index, self._base.shape)

    def __len__(self):
        return self._base.size

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._base.size:
            raise StopIteration
        value = self[self._index]
        self._index += 1
        return value

    def copy(self):
        """A 1-D copy of the array (C order)."""
        return self._base.flatten()

    def __array__(self, dtype=None, copy=None):
        raise TypeError("Implicit conversion to a NumPy array is not allowed. Please use "
                        "`.copy().get()` to construct a NumPy array explicitly.")

    def _flat_view(self):
        """A 1-D view of base when it has one (C-contiguous), else None."""
        base = self._base
        return base.reshape(-1) if base.flags.c_contiguous else None

    def __getitem__(self, key):
        import operator

        base = self._base
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError("unsupported iterator index")
            key = key[0]
        if isinstance(key, (int, bool)) or (not isinstance(key, slice) and
                                            _is_integer_scalar(key)):
            if isinstance(key, bool):
                raise IndexError("unsupported iterator index")
            k = operator.index(key)
            n = base.size
            if not -n <= k < n:
                raise IndexError("index %d is out of bounds for size %d" % (k, n))
            return base[_unravel(k % n, base.shape)].copy()
        view = self._flat_view()
        if view is None:
            return base.ravel()[key]  # a C-order copy: indexing it reads the same elements
        # A slice of the view is a view: NumPy's flat[...] is always a copy.
        return view[key].copy() if isinstance(key, slice) else view[key]

    def __setitem__(self, key, value):
        import operator

        from cunp._creation._basic import asarray

        base = self._base
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError("unsupported iterator index")
            key = key[0]
        if isinstance(key, (int, bool)) or (not isinstance(key, slice) and
                                            _is_integer_scalar(key)):
            if isinstance(key, bool):
                raise IndexError("unsupported iterator index")
            k = operator.index(key)
            n = base.size
            if not -n <= k < n:
                raise IndexError("index %d is out of bounds for size %d" % (k, n))
            values = asarray(value, dtype=base.dtype).ravel()
            if values.size == 0:
                return
            base[_unravel(k % n, base.shape)] = values[0]
            return
        from cunp._creation._basic import arange

        positions = arange(base.size, dtype="int64")[key]
        count = positions.size
        if count == 0:
            return
        values = asarray(value, dtype=base.dtype).ravel()
        if values.size == 0:
            return
        if values.size != count:
            from cunp._manipulation._rearranging import resize

            values = resize(values, (count,))  # NumPy's flatiter repeats the values
        view = self._flat_view()
        if view is not None:
            if isinstance(key, slice):
                view[key] = values
            else:
                view[positions] = values
            return
        from cunp._indexing._index_tricks import unravel_index

        base[unravel_index(positions, base.shape)] = values

    # NumPy's flatiter compares elementwise, as its copy would.
    def __eq__(self, other):
        return self.copy() == other

    def __ne__(self, other):
        return self.copy() != other

    def __lt__(self, other):
        return self.copy() < other

    def __le__(self, other):
        return self.copy() <= other

    def __gt__(self, other):
        return self.copy() > other

    def __ge__(self, other):
        return self.copy() >= other

    __hash__ = None


def _is_integer_scalar(key):
    import numbers

    if isinstance(key, numbers.Integral):
        return True
    dtype = getattr(key, "dtype", None)
    return getattr(key, "ndim", None) == 0 and dtype is not None and dtype.kind in "iu"


def _unravel(k, shape):
    index = []
    for n in reversed(shape):
        index.append(k % n if n else 0)
        k = k // n if n else 0
    return tuple(reversed(index))
