"""File and bytes I/O: .npy/.npz, text files, raw binary, pickles.

Everything goes through host memory and NumPy does the format work, so files are byte for
byte NumPy's: an array is copied to the host (.get()) and written by NumPy; what NumPy reads is
copied to the device (cunp.asarray). A truncated or damaged file raises as it does in NumPy.
cunp has no structured or object dtypes: what NumPy would return as such an array raises
TypeError here, except where noted (fromregex).
"""

from cunp._core import ndarray

__all__ = [
    "save", "load", "savez", "savez_compressed", "savetxt", "loadtxt", "genfromtxt",
    "fromregex", "fromfile", "NpzFile",
]


def _np():
    import numpy

    return numpy


def _host(a):
    return a.get(order="A") if isinstance(a, ndarray) else a


def _device(value):
    """A NumPy array (or a tuple/list of them) read by NumPy, as cunp arrays."""
    np = _np()
    if isinstance(value, (tuple, list)):
        return type(value)(_device(v) for v in value)
    if isinstance(value, np.ndarray):
        if value.dtype.names is not None or value.dtype.kind in "OVSUMm":
            raise TypeError(f"cunp arrays cannot hold dtype {value.dtype}; read this file "
                            "with NumPy")
        from cunp._creation._basic import asarray

        return asarray(value)
    return value


def save(file, arr, allow_pickle=True):
    """Writes one array to a .npy file (NumPy's format; '.npy' is appended to a file name
    without it)."""
    _np().save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays to an uncompressed .npz archive (positional ones as arr_0, ...)."""
    _np().savez(file, *[_host(a) for a in args], allow_pickle=allow_pickle,
                **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays to a compressed .npz archive."""
    _np().savez_compressed(file, *[_host(a) for a in args], allow_pickle=allow_pickle,
                           **{k: _host(v) for k, v in kwds.items()})


class NpzFile:
    """A .npz archive opened by load: a mapping of names to cunp arrays, each read and copied
    to the device when it is looked up (NumPy's NpzFile underneath). Close it, or use it as a
    context manager."""

    def __init__(self, npz):
        self._npz = npz

    @property
    def files(self):
        return self._npz.files

    def __getitem__(self, key):
        return _device(self._npz[key])

    def __contains__(self, key):
        return key in self._npz

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def keys(self):
        return self._npz.keys()

    def values(self):
        return [self[k] for k in self._npz.files]

    def items(self):
        return [(k, self[k]) for k in self._npz.files]

    def get(self, key, default=None):
        return self[key] if key in self._npz else default

    def close(self):
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return "cunp." + repr(self._npz)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    """Reads a .npy file (a cunp array), a .npz archive (an NpzFile of cunp arrays) or, with
    allow_pickle=True, a pickle. mmap_mode is refused: device memory cannot map a file."""
    if mmap_mode is not None:
        raise ValueError("cunp.load cannot memory-map a file (mmap_mode=%r): device arrays "
                         "are read in full; use numpy.load with mmap_mode and copy the parts "
                         "needed with cunp.asarray" % (mmap_mode,))
    np = _np()
    value = np.load(file, None, allow_pickle, fix_imports, encoding,
                    max_header_size=max_header_size)
    if isinstance(value, np.lib.npyio.NpzFile):
        return NpzFile(value)
    return _device(value)


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="",  # noqa: N803
            comments="# ", encoding=None):
    """Writes a 1-D or 2-D array to a text file (numpy.savetxt of its host copy)."""
    _np().savetxt(fname, _host(X), fmt, delimiter, newline, header, footer, comments, encoding)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *,
            quotechar=None, like=None):
    """Reads a text file of numbers into a cunp array (NumPy parses it on the host)."""
    return _device(_np().loadtxt(
        fname, dtype, comments, delimiter, converters, skiprows, usecols, unpack, ndmin,
        encoding, max_rows, quotechar=quotechar))


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0,
               converters=None, missing_values=None, filling_values=None, usecols=None,
               names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~", replace_space="_",
               autostrip=False, case_sensitive=True, defaultfmt="f%i", unpack=None,
               usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding=None, *,
               ndmin=0, like=None):
    """Reads a text file with missing values into a cunp array (missing entries get
    filling_values). usemask=True is refused: cunp has no masked arrays."""
    if usemask:
        raise NotImplementedError("cunp has no masked arrays: genfromtxt(usemask=True) is not "
                                  "supported")
    return _device(_np().genfromtxt(
        fname, dtype, comments, delimiter, skip_header, skip_footer, converters,
        missing_values, filling_values, usecols, names, excludelist, deletechars,
        replace_space, autostrip, case_sensitive, defaultfmt, unpack, usemask, loose,
        invalid_raise, max_rows, encoding, ndmin=ndmin))


def fromregex(file, regexp, dtype, encoding=None):
    """The regular expression's groups matched in a text file, one cunp array per field of
    the structured `dtype` (a list). NumPy returns one structured array; cunp has no
    structured dtypes, so the fields come back as separate arrays."""
    out = _np().fromregex(file, regexp, dtype, encoding)
    return [_device(out[name]) for name in out.dtype.names]


def fromfile(file, dtype=None, count=-1, sep="", offset=0, *, like=None):
    """An array read from a binary (sep='') or text file (NumPy reads it on the host)."""
    return _device(_np().fromfile(file, dtype, count, sep, offset))


# --- ndarray methods ---

def tofile(self, fid, /, sep="", format="%s"):  # noqa: A002 - NumPy's parameter name
    """Writes the array's values to a file as raw bytes in C order (sep='') or as text."""
    self.get().tofile(fid, sep, format)


def tobytes(self, /, order="C"):
    """The array's values as raw bytes in `order` ('C', 'F', 'A' or 'K'; NumPy writes 'K' as
    'C'). The host copy keeps an F-contiguous array's order, for 'A'."""
    return self.get(order="A").tobytes(order)


def dumps(self, /):
    """A pickle of the array (pickle.loads gives a cunp array back)."""
    import pickle

    return pickle.dumps(self, protocol=2)


def dump(self, /, file):
    """Writes a pickle of the array to `file` (a path or an open binary file)."""
    import os
    import pickle

    if hasattr(file, "write"):
        pickle.dump(self, file, protocol=2)
        return
    with open(os.fspath(file), "wb") as f:
        pickle.dump(self, f, protocol=2)
