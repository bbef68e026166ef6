# python/cunp/_kernels/_aligned_dtype.py -- cupy.make_aligned_dtype: structured dtypes laid out
# as CUDA lays out the matching struct, for kernel arguments passed by value.
"""make_aligned_dtype(dtype, alignment=-1, recurse=True): the fields placed at multiples of
their alignment and the whole padded to a multiple of the struct's, as nvcc and NVRTC place a
struct's members. A requested alignment larger than the fields' is kept in the dtype's
metadata (key "cuda_alignment"), where the kernel-argument check and nesting read it."""

__all__ = ["make_aligned_dtype"]

_KEY = "cuda_alignment"


def _alignment_of(dtype, recurse):
    """(dtype as laid out for CUDA, its alignment)."""
    import numpy
    if dtype.subdtype is not None:  # a fixed-size array field aligns as its element
        base, shape = dtype.subdtype
        base, align = _alignment_of(base, recurse)
        return numpy.dtype((base, shape)), align
    if dtype.names is None:
        return dtype, dtype.alignment
    meta = dtype.metadata or {}
    if not recurse or _KEY in meta:  # already laid out (make_aligned_dtype made it)
        align = meta.get(_KEY, 1)
        for name in dtype.names:
            align = max(align, _alignment_of(dtype.fields[name][0], False)[1])
        return dtype, align
    aligned = make_aligned_dtype(dtype)
    return aligned, aligned.metadata[_KEY]


def make_aligned_dtype(dtype, *, alignment=-1, recurse=True):
    """A structured dtype with the layout CUDA gives the struct of `dtype`'s fields (each at a
    multiple of its alignment, the size a multiple of the largest), optionally aligned to the
    larger power of two `alignment`."""
    import operator

    import numpy
    dtype = numpy.dtype(dtype)
    alignment = operator.index(alignment)
    if alignment != -1 and (alignment <= 0 or alignment & (alignment - 1)):
        raise ValueError("alignment must be -1 or a power of two, not %d" % alignment)
    if dtype.names is None:
        fields = [("f0", dtype)] if alignment > dtype.alignment else None
        if fields is None:
            if alignment != -1 and alignment < dtype.alignment:
                raise ValueError("alignment %d is smaller than the %d that %s needs"
                                 % (alignment, dtype.alignment, dtype))
            return dtype
    else:
        fields = [(name, dtype.fields[name][0]) for name in dtype.names]
    names, formats, offsets = [], [], []
    offset, struct_align = 0, 1
    for name, field in fields:
        laid, align = (_alignment_of(field, recurse) if recurse or field.names is None
                       else (field, _alignment_of(field, False)[1]))
        offset = (offset + align - 1) // align * align
        names.append(name)
        formats.append(laid)
        offsets.append(offset)
        offset += laid.itemsize
        struct_align = max(struct_align, align)
    if alignment != -1:
        if alignment < struct_align:
            raise ValueError("alignment %d is smaller than the %d that the fields of %s need"
                             % (alignment, struct_align, dtype))
        struct_align = alignment
    itemsize = (offset + struct_align - 1) // struct_align * struct_align
    return numpy.dtype({"names": names, "formats": formats, "offsets": offsets,
                        "itemsize": max(itemsize, struct_align)},
                       metadata={_KEY: struct_align})
