"""cunp.cuda.texture: CUDA arrays, texture and surface objects (cupy.cuda.texture's classes).

    desc = ChannelFormatDescriptor(32, 0, 0, 0, runtime.cudaChannelFormatKindFloat)
    arr = CUDAarray(desc, width, height)
    arr.copy_from(image)                                   # a cunp or NumPy array
    res = ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    tex = TextureObject(res, TextureDescriptor(filterMode=runtime.cudaFilterModeLinear,
                                               normalizedCoords=1))
    kernel(grid, block, (out, tex, ...))                   # passed as its cudaTextureObject_t

The descriptors are the runtime's C structs (ctypes), filled from the arguments; objects and
arrays are made and freed through cunp.cuda.runtime's calls (libcudart), which is what CuPy's
classes wrap. Texture and surface objects are kernel arguments through __index__: their
integer is the 64-bit handle the kernel's cudaTextureObject_t / cudaSurfaceObject_t holds.
"""
import ctypes

from cunp.cuda import runtime
from cunp.cuda.runtime import CUDARuntimeError  # noqa: F401 - CuPy re-exports it here

__all__ = ["ChannelFormatDescriptor", "CUDAarray", "ResourceDescriptor", "TextureDescriptor",
           "TextureObject", "SurfaceObject", "CUDARuntimeError"]


# -- the runtime's structs (CUDA 13's layouts; CUDA 12 reads a prefix of the same bytes) ----

class _ChannelFormatDesc(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("z", ctypes.c_int),
                ("w", ctypes.c_int), ("f", ctypes.c_int)]


class _ResArray(ctypes.Structure):
    _fields_ = [("array", ctypes.c_void_p)]


class _ResLinear(ctypes.Structure):
    _fields_ = [("devPtr", ctypes.c_void_p), ("desc", _ChannelFormatDesc),
                ("sizeInBytes", ctypes.c_size_t)]


class _ResPitch2D(ctypes.Structure):
    _fields_ = [("devPtr", ctypes.c_void_p), ("desc", _ChannelFormatDesc),
                ("width", ctypes.c_size_t), ("height", ctypes.c_size_t),
                ("pitchInBytes", ctypes.c_size_t)]


class _ResUnion(ctypes.Union):
    _fields_ = [("array", _ResArray), ("mipmap", _ResArray), ("linear", _ResLinear),
                ("pitch2D", _ResPitch2D), ("reserved", ctypes.c_int * 32)]


class _ResourceDesc(ctypes.Structure):
    _fields_ = [("resType", ctypes.c_int), ("res", _ResUnion), ("flags", ctypes.c_uint)]


class _TextureDesc(ctypes.Structure):
    _fields_ = [("addressMode", ctypes.c_int * 3), ("filterMode", ctypes.c_int),
                ("readMode", ctypes.c_int), ("sRGB", ctypes.c_int),
                ("borderColor", ctypes.c_float * 4), ("normalizedCoords", ctypes.c_int),
                ("maxAnisotropy", ctypes.c_uint), ("mipmapFilterMode", ctypes.c_int),
                ("mipmapLevelBias", ctypes.c_float), ("minMipmapLevelClamp", ctypes.c_float),
                ("maxMipmapLevelClamp", ctypes.c_float),
                ("disableTrilinearOptimization", ctypes.c_int), ("seamlessCubemap", ctypes.c_int)]


class _Pos(ctypes.Structure):
    _fields_ = [("x", ctypes.c_size_t), ("y", ctypes.c_size_t), ("z", ctypes.c_size_t)]


class _PitchedPtr(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p), ("pitch", ctypes.c_size_t),
                ("xsize", ctypes.c_size_t), ("ysize", ctypes.c_size_t)]


class _Memcpy3DParms(ctypes.Structure):
    _fields_ = [("srcArray", ctypes.c_void_p), ("srcPos", _Pos), ("srcPtr", _PitchedPtr),
                ("dstArray", ctypes.c_void_p), ("dstPos", _Pos), ("dstPtr", _PitchedPtr),
                ("extent", runtime._Extent), ("kind", ctypes.c_int)]


# -- channel formats --------------------------------------------------------------------

# (kind, bits) -> the NumPy dtype an element of one channel is.
_CHANNEL_DTYPES = {
    (runtime.cudaChannelFormatKindFloat, 16): "float16",
    (runtime.cudaChannelFormatKindFloat, 32): "float32",
    (runtime.cudaChannelFormatKindSigned, 8): "int8",
    (runtime.cudaChannelFormatKindSigned, 16): "int16",
    (runtime.cudaChannelFormatKindSigned, 32): "int32",
    (runtime.cudaChannelFormatKindUnsigned, 8): "uint8",
    (runtime.cudaChannelFormatKindUnsigned, 16): "uint16",
    (runtime.cudaChannelFormatKindUnsigned, 32): "uint32",
}


class ChannelFormatDescriptor:
    """cudaChannelFormatDesc: the bits of each of up to four channels (x, y, z, w) and their
    kind f (runtime.cudaChannelFormatKindSigned, ...Unsigned or ...Float)."""

    def __init__(self, x, y, z, w, f):
        self._desc = _ChannelFormatDesc(int(x), int(y), int(z), int(w), int(f))

    @property
    def ptr(self):
        """The address of the struct (what the runtime's calls take)."""
        return ctypes.addressof(self._desc)

    def get_channel_format(self):
        """{'x', 'y', 'z', 'w', 'f'} as given."""
        d = self._desc
        return {"x": d.x, "y": d.y, "z": d.z, "w": d.w, "f": d.f}

    @property
    def num_channels(self):
        return sum(1 for b in (self._desc.x, self._desc.y, self._desc.z, self._desc.w) if b)

    def _dtype(self):
        # Every channel of a CUDA array has the first one's format.
        key = (self._desc.f, self._desc.x)
        if key not in _CHANNEL_DTYPES:
            raise ValueError("no array dtype has the channel format %r"
                             % (self.get_channel_format(),))
        import numpy
        return numpy.dtype(_CHANNEL_DTYPES[key])

    def __repr__(self):
        return "<ChannelFormatDescriptor %r>" % (self.get_channel_format(),)


def _index(value, what):
    import operator
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if value < 0:
        raise ValueError("%s must not be negative, got %d" % (what, value))
    return value


def _stream_handle(stream):
    from cunp.cuda import get_current_stream
    return (stream if stream is not None else get_current_stream()).ptr


class CUDAarray:
    """A 1-, 2- or 3-D CUDA array (cudaMalloc3DArray) of `width` x `height` x `depth` elements of
    the format `desc`; a height (depth) of 0 makes it 1-D (2-D). flags: runtime.cudaArrayDefault,
    or cudaArraySurfaceLoadStore for an array that surfaces write."""

    def __init__(self, desc, width, height=0, depth=0, flags=0):
        if not isinstance(desc, ChannelFormatDescriptor):
            raise TypeError("desc must be a ChannelFormatDescriptor, not %s"
                            % type(desc).__name__)
        width, height, depth = (_index(width, "width"), _index(height, "height"),
                                _index(depth, "depth"))
        if width == 0:
            raise ValueError("a CUDA array has a width of at least 1")
        if depth and not height:
            raise ValueError("a 3-D CUDA array (depth > 0) needs a height")
        self.ptr = 0
        self.desc = desc
        self.width, self.height, self.depth = width, height, depth
        self.flags = int(flags)
        self.ptr = runtime.malloc3DArray(desc.ptr, width, height, depth, self.flags)

    def __del__(self):
        if self.ptr:
            try:
                runtime.freeArray(self.ptr)
            except Exception:  # noqa: BLE001 - at exit the runtime may already be gone
                pass
            self.ptr = 0

    @property
    def ndim(self):
        return 3 if self.depth else 2 if self.height else 1

    @property
    def num_channels(self):
        return self.desc.num_channels

    def _shape(self):
        # The array as elements: channels side by side along the last axis, as CuPy lays it out.
        row = self.width * self.num_channels
        return ((self.depth, self.height, row) if self.ndim == 3 else
                (self.height, row) if self.ndim == 2 else (row,))

    def _check(self, arr, what):
        import numpy
        from cunp import ndarray
        if not isinstance(arr, (ndarray, numpy.ndarray)):
            raise TypeError("%s must be a cunp or NumPy array, not %s"
                            % (what, type(arr).__name__))
        if tuple(arr.shape) != self._shape():
            raise ValueError("%s has the shape %s; this CUDA array copies %s"
                             % (what, tuple(arr.shape), self._shape()))
        if numpy.dtype(arr.dtype) != self.desc._dtype():
            raise ValueError("%s has the dtype %s; the channel format is %s"
                             % (what, arr.dtype, self.desc._dtype()))
        if not arr.flags.c_contiguous:
            raise ValueError("%s must be C-contiguous" % what)
        on_device = isinstance(arr, ndarray)
        return (arr.data.ptr if on_device else arr.ctypes.data), on_device

    def _copy(self, arr, stream, to_array):
        ptr, on_device = self._check(arr, "in_arr" if to_array else "out_arr")
        p = _Memcpy3DParms()
        row_bytes = self.width * self.num_channels * arr.dtype.itemsize
        pitched = _PitchedPtr(ptr, row_bytes, self.width, max(self.height, 1))
        if to_array:
            p.dstArray, p.srcPtr = self.ptr, pitched
            p.kind = runtime.memcpyDeviceToDevice if on_device else runtime.memcpyHostToDevice
        else:
            p.srcArray, p.dstPtr = self.ptr, pitched
            p.kind = runtime.memcpyDeviceToDevice if on_device else runtime.memcpyDeviceToHost
        p.extent = runtime._Extent(self.width, max(self.height, 1), max(self.depth, 1))
        handle = _stream_handle(stream)
        runtime.memcpy3DAsync(ctypes.addressof(p), handle)
        if stream is None:
            # CuPy's copy without a stream is synchronous; here it runs on the current stream
            # (ordered after cunp's own work there) and is waited for.
            runtime.streamSynchronize(handle)

    def copy_from(self, in_arr, stream=None):
        """Copies the cunp or NumPy array `in_arr` (C-contiguous, shape (depth, height,
        width * channels) cut to the array's dimensions, the channels' dtype) into the array,
        on `stream` (waited for when None)."""
        self._copy(in_arr, stream, True)

    def copy_to(self, out_arr, stream=None):
        """Copies the array into the cunp or NumPy array `out_arr` (as copy_from takes)."""
        self._copy(out_arr, stream, False)

    def __repr__(self):
        return "<CUDAarray %dD %s of %s>" % (self.ndim, "x".join(map(str, self._shape())),
                                             self.desc._dtype())


class ResourceDescriptor:
    """cudaResourceDesc: what a texture reads or a surface writes. restype
    runtime.cudaResourceTypeArray takes `cuArr`; ...Linear takes `arr` (a cunp array), `chDesc`
    and `sizeInBytes`; ...Pitch2D takes `arr`, `chDesc`, `width`, `height` and `pitchInBytes`."""

    def __init__(self, restype, cuArr=None, chDesc=None, sizeInBytes=0,  # noqa: N803
                 width=0, height=0, pitchInBytes=0, arr=None):
        restype = int(restype)
        d = _ResourceDesc()
        d.resType = restype
        if restype == runtime.cudaResourceTypeArray:
            if not isinstance(cuArr, CUDAarray):
                raise TypeError("a resource of type cudaResourceTypeArray needs cuArr, a "
                                "CUDAarray")
            d.res.array.array = cuArr.ptr
        elif restype in (runtime.cudaResourceTypeLinear, runtime.cudaResourceTypePitch2D):
            from cunp import ndarray
            if not isinstance(arr, ndarray):
                raise TypeError("a linear or pitch-2D resource needs arr, a cunp array")
            if not isinstance(chDesc, ChannelFormatDescriptor):
                raise TypeError("a linear or pitch-2D resource needs chDesc, a "
                                "ChannelFormatDescriptor")
            if restype == runtime.cudaResourceTypeLinear:
                d.res.linear.devPtr = arr.data.ptr
                d.res.linear.desc = chDesc._desc
                d.res.linear.sizeInBytes = _index(sizeInBytes, "sizeInBytes")
            else:
                d.res.pitch2D.devPtr = arr.data.ptr
                d.res.pitch2D.desc = chDesc._desc
                d.res.pitch2D.width = _index(width, "width")
                d.res.pitch2D.height = _index(height, "height")
                d.res.pitch2D.pitchInBytes = _index(pitchInBytes, "pitchInBytes")
        elif restype == runtime.cudaResourceTypeMipmappedArray:
            raise NotImplementedError("mipmapped arrays are not supported (as in CuPy)")
        else:
            raise ValueError("unknown resource type %d" % restype)
        self._desc = d
        # Kept alive: the texture reads their memory.
        self.cuArr, self.arr, self.chDesc = cuArr, arr, chDesc
        self.sizeInBytes, self.width, self.height = sizeInBytes, width, height
        self.pitchInBytes = pitchInBytes

    @property
    def ptr(self):
        return ctypes.addressof(self._desc)

    def get_desc(self):
        """The struct's fields as a dict."""
        d = self._desc
        out = {"resType": d.resType}
        if d.resType == runtime.cudaResourceTypeArray:
            out["array"] = {"array": d.res.array.array or 0}
        elif d.resType == runtime.cudaResourceTypeLinear:
            r = d.res.linear
            out["linear"] = {"devPtr": r.devPtr or 0, "desc": self.chDesc.get_channel_format(),
                             "sizeInBytes": r.sizeInBytes}
        else:
            r = d.res.pitch2D
            out["pitch2D"] = {"devPtr": r.devPtr or 0,
                              "desc": self.chDesc.get_channel_format(), "width": r.width,
                              "height": r.height, "pitchInBytes": r.pitchInBytes}
        return out


class TextureDescriptor:
    """cudaTextureDesc: how a texture is read. addressModes: up to three of
    runtime.cudaAddressMode*; filterMode: cudaFilterModePoint or ...Linear; readMode:
    cudaReadModeElementType or ...NormalizedFloat; borderColors: up to four floats;
    normalizedCoords: read at [0, 1) coordinates when true."""

    def __init__(self, addressModes=None, filterMode=runtime.cudaFilterModePoint,  # noqa: N803
                 readMode=runtime.cudaReadModeElementType, sRGB=None, borderColors=None,
                 normalizedCoords=None, maxAnisotropy=None):
        d = _TextureDesc()
        if addressModes is not None:
            modes = list(addressModes)
            if len(modes) > 3:
                raise ValueError("at most three address modes (one per dimension)")
            for i, m in enumerate(modes):
                d.addressMode[i] = int(m)
        d.filterMode, d.readMode = int(filterMode), int(readMode)
        if sRGB is not None:
            d.sRGB = int(sRGB)
        if borderColors is not None:
            colors = list(borderColors)
            if len(colors) > 4:
                raise ValueError("at most four border colours (one per channel)")
            for i, c in enumerate(colors):
                d.borderColor[i] = float(c)
        if normalizedCoords is not None:
            d.normalizedCoords = int(normalizedCoords)
        if maxAnisotropy is not None:
            d.maxAnisotropy = int(maxAnisotropy)
        self._desc = d

    @property
    def ptr(self):
        return ctypes.addressof(self._desc)

    def get_desc(self):
        """The struct's fields as a dict."""
        d = self._desc
        return {"addressMode": tuple(d.addressMode), "filterMode": d.filterMode,
                "readMode": d.readMode, "sRGB": d.sRGB, "borderColor": tuple(d.borderColor),
                "normalizedCoords": d.normalizedCoords, "maxAnisotropy": d.maxAnisotropy}


class _Handle:
    """A texture or surface object: its integer (`ptr`, and __index__ for kernel arguments) is
    the 64-bit handle; destroyed with the Python object."""

    ptr = 0

    def __index__(self):
        return self.ptr

    def __int__(self):
        return self.ptr

    def __del__(self):
        if self.ptr:
            try:
                self._destroy(self.ptr)
            except Exception:  # noqa: BLE001 - at exit the runtime may already be gone
                pass
            self.ptr = 0


class TextureObject(_Handle):
    """cudaTextureObject_t over the resource `ResDesc`, read as `TexDesc` says."""

    _destroy = staticmethod(lambda h: runtime.destroyTextureObject(h))

    def __init__(self, ResDesc, TexDesc):  # noqa: N803 - CuPy's names
        if not isinstance(ResDesc, ResourceDescriptor):
            raise TypeError("ResDesc must be a ResourceDescriptor")
        if not isinstance(TexDesc, TextureDescriptor):
            raise TypeError("TexDesc must be a TextureDescriptor")
        self.ResDesc, self.TexDesc = ResDesc, TexDesc
        self.ptr = runtime.createTextureObject(ResDesc.ptr, TexDesc.ptr)

    def __repr__(self):
        return "<TextureObject 0x%x>" % self.ptr


class SurfaceObject(_Handle):
    """cudaSurfaceObject_t over `ResDesc`, a resource of a CUDA array made with
    runtime.cudaArraySurfaceLoadStore."""

    _destroy = staticmethod(lambda h: runtime.destroySurfaceObject(h))

    def __init__(self, ResDesc):  # noqa: N803 - CuPy's name
        if not isinstance(ResDesc, ResourceDescriptor):
            raise TypeError("ResDesc must be a ResourceDescriptor")
        if ResDesc._desc.resType != runtime.cudaResourceTypeArray:
            raise ValueError("a surface is made over a CUDA array "
                             "(a resource of type cudaResourceTypeArray)")
        self.ResDesc = ResDesc
        self.ptr = runtime.createSurfaceObject(ResDesc.ptr)

    def __repr__(self):
        return "<SurfaceObject 0x%x>" % self.ptr
