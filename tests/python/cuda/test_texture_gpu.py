"""cunp.cuda.texture on a GPU: CUDA arrays copied from and to cunp and NumPy arrays (1-3 D,
channels, streams), a 2-D float texture sampled with linear filtering at normalized
coordinates against a NumPy model of CUDA's bilinear filter, a 1-D texture over linear memory,
and a surface written by a kernel. Texture and surface objects go to RawKernel/RawModule as
their 64-bit handles."""
import numpy
import pytest

import cunp
from cunp.cuda import runtime
from cunp.cuda.texture import (
    ChannelFormatDescriptor, CUDAarray, ResourceDescriptor, SurfaceObject, TextureDescriptor,
    TextureObject,
)

pytestmark = pytest.mark.gpu

_FLOAT = runtime.cudaChannelFormatKindFloat

_SOURCE = r'''
extern "C" __global__ void sample2d(float* out, cudaTextureObject_t tex, const float* u,
                                    const float* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(tex, u[i], v[i]);
}
extern "C" __global__ void fetch1d(float* out, cudaTextureObject_t tex, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, i);
}
extern "C" __global__ void paint(cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) surf2Dwrite(float(x + 1000 * y), surf, x * (int)sizeof(float), y);
}
'''


def _module():
    return cunp.RawModule(code=_SOURCE)


def _bilinear_model(image, u, v):
    """CUDA's linear filtering of a 2-D texture at normalized (u, v), clamped at the edges:
    x = u * width - 0.5, weights from the fraction in 9-bit fixed point (8 fractional bits)."""
    h, w = image.shape
    x = u.astype(numpy.float64) * w - 0.5
    y = v.astype(numpy.float64) * h - 0.5
    x0, y0 = numpy.floor(x), numpy.floor(y)
    a = numpy.round((x - x0) * 256) / 256
    b = numpy.round((y - y0) * 256) / 256
    x0, y0 = x0.astype(int), y0.astype(int)

    def at(yy, xx):
        return image[numpy.clip(yy, 0, h - 1), numpy.clip(xx, 0, w - 1)].astype(numpy.float64)

    return ((1 - a) * (1 - b) * at(y0, x0) + a * (1 - b) * at(y0, x0 + 1)
            + (1 - a) * b * at(y0 + 1, x0) + a * b * at(y0 + 1, x0 + 1))


def test_linear_filtered_2d_texture_at_normalized_coordinates():
    rng = numpy.random.default_rng(0)
    h, w = 37, 53
    image = rng.random((h, w), dtype=numpy.float32)
    arr = CUDAarray(ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT), w, h)
    arr.copy_from(cunp.asarray(image))
    res = ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    tex_desc = TextureDescriptor(
        addressModes=(runtime.cudaAddressModeClamp, runtime.cudaAddressModeClamp),
        filterMode=runtime.cudaFilterModeLinear, readMode=runtime.cudaReadModeElementType,
        normalizedCoords=1)
    tex = TextureObject(res, tex_desc)
    n = 4096
    u = rng.uniform(-0.1, 1.1, n).astype(numpy.float32)
    v = rng.uniform(-0.1, 1.1, n).astype(numpy.float32)
    out = cunp.empty(n, dtype=cunp.float32)
    kernel = _module().get_function("sample2d")
    kernel(((n + 127) // 128,), (128,), (out, tex, cunp.asarray(u), cunp.asarray(v),
                                           numpy.int32(n)))
    expected = _bilinear_model(image, u, v)
    # CUDA weighs with 8 fractional bits; its rounding of them is within 1/256 of the model.
    numpy.testing.assert_allclose(cunp.asnumpy(out), expected, atol=1.0 / 256, rtol=0)
    # texel centres read back exactly
    jj, ii = numpy.meshgrid(numpy.arange(w), numpy.arange(h))
    uc = ((jj + 0.5) / w).astype(numpy.float32).ravel()
    vc = ((ii + 0.5) / h).astype(numpy.float32).ravel()
    out = cunp.empty(uc.size, dtype=cunp.float32)
    kernel(((uc.size + 127) // 128,), (128,), (out, tex, cunp.asarray(uc), cunp.asarray(vc),
                                                numpy.int32(uc.size)))
    numpy.testing.assert_allclose(cunp.asnumpy(out), image.ravel(), rtol=1e-6)


def test_surface_written_by_a_kernel():
    h, w = 20, 45
    arr = CUDAarray(ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT), w, h,
                    flags=runtime.cudaArraySurfaceLoadStore)
    surf = SurfaceObject(ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr))
    _module().get_function("paint")(((w + 31) // 32, h), (32,), (surf, numpy.int32(w),
                                                                 numpy.int32(h)))
    host = numpy.empty((h, w), dtype=numpy.float32)
    arr.copy_to(host)
    jj, ii = numpy.meshgrid(numpy.arange(w), numpy.arange(h))
    numpy.testing.assert_array_equal(host, (jj + 1000 * ii).astype(numpy.float32))


def test_texture_over_linear_memory_with_raw_kernel():
    n = 1000
    x = cunp.arange(n, dtype=cunp.float32) * 0.5
    desc = ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT)
    res = ResourceDescriptor(runtime.cudaResourceTypeLinear, arr=x, chDesc=desc,
                             sizeInBytes=x.nbytes)
    tex = TextureObject(res, TextureDescriptor())
    out = cunp.empty_like(x)
    kernel = cunp.RawKernel(_SOURCE, "fetch1d")
    kernel(((n + 127) // 128,), (128,), (out, tex, numpy.int32(n)))
    numpy.testing.assert_array_equal(cunp.asnumpy(out), cunp.asnumpy(x))
    assert res.get_desc()["linear"]["sizeInBytes"] == x.nbytes


@pytest.mark.parametrize("param", ["U texObj", "uint64 texObj"])
def test_texture_object_as_an_elementwise_kernel_argument(param):
    # As CuPy's elementwise kernels take one: its 64-bit handle, which also gives a type
    # placeholder its type ('U texObj', as CuPy programs write it).
    n = 777
    x = cunp.arange(n, dtype=cunp.float32) * 0.25
    desc = ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT)
    tex = TextureObject(ResourceDescriptor(runtime.cudaResourceTypeLinear, arr=x, chDesc=desc,
                                           sizeInBytes=x.nbytes), TextureDescriptor())
    kernel = cunp.ElementwiseKernel('T y, ' + param, 'T z',
                                    'z = tex1Dfetch<T>(texObj, (int)i) + y', 'tex_plus')
    y = cunp.ones(n, dtype=cunp.float32)
    numpy.testing.assert_array_equal(cunp.asnumpy(kernel(y, tex)), cunp.asnumpy(x) + 1)


def test_invalid_descriptor_raises_cudas_error():
    # Linear memory must start at a multiple of the device's texture alignment (512 bytes or
    # more): one float past it is refused by CUDA, whose error name and text come through.
    x = cunp.zeros(1024, dtype=cunp.float32)
    desc = ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT)
    res = ResourceDescriptor(runtime.cudaResourceTypeLinear, arr=x[1:], chDesc=desc,
                             sizeInBytes=x[1:].nbytes)
    with pytest.raises(runtime.CUDARuntimeError, match=r"cudaError\w+: \w"):
        TextureObject(res, TextureDescriptor())


@pytest.mark.parametrize("shape", [(17,), (6, 9), (3, 5, 7)])
@pytest.mark.parametrize("channels", [1, 2, 4])
@pytest.mark.parametrize("dtype, kind, bits", [
    (numpy.float32, runtime.cudaChannelFormatKindFloat, 32),
    (numpy.int16, runtime.cudaChannelFormatKindSigned, 16),
    (numpy.uint8, runtime.cudaChannelFormatKindUnsigned, 8),
])
def test_copies_round_trip(shape, channels, dtype, kind, bits):
    bits_per_channel = [bits if c < channels else 0 for c in range(4)]
    desc = ChannelFormatDescriptor(*bits_per_channel, kind)
    dims = shape[::-1] + (0,) * (3 - len(shape))  # width, height, depth
    arr = CUDAarray(desc, *dims)
    assert arr.ndim == len(shape) and arr.num_channels == channels
    layout = shape[:-1] + (shape[-1] * channels,)
    data = (numpy.arange(numpy.prod(layout)) % 120).astype(dtype).reshape(layout)
    stream = cunp.cuda.Stream(non_blocking=True)
    arr.copy_from(data, stream=stream)  # from the host
    back = cunp.zeros(layout, dtype=dtype)
    arr.copy_to(back, stream=stream)  # to the device
    stream.synchronize()
    numpy.testing.assert_array_equal(cunp.asnumpy(back), data)
    arr2 = CUDAarray(desc, *dims)
    arr2.copy_from(back)  # from the device
    host = numpy.zeros(layout, dtype=dtype)
    arr2.copy_to(host)  # to the host
    numpy.testing.assert_array_equal(host, data)


def test_copy_errors():
    arr = CUDAarray(ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT), 8, 4)
    with pytest.raises(ValueError, match="shape"):
        arr.copy_from(numpy.zeros((4, 9), numpy.float32))
    with pytest.raises(ValueError, match="dtype"):
        arr.copy_from(numpy.zeros((4, 8), numpy.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        arr.copy_from(numpy.zeros((8, 4), numpy.float32).T)
    with pytest.raises(TypeError, match="cunp or NumPy array"):
        arr.copy_from([[0.0] * 8] * 4)
    with pytest.raises(ValueError, match="CUDA array"):
        SurfaceObject(ResourceDescriptor(runtime.cudaResourceTypeLinear,
                                         arr=cunp.zeros(4, dtype=cunp.float32),
                                         chDesc=ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT),
                                         sizeInBytes=16))


def test_objects_release_their_handles():
    arr = CUDAarray(ChannelFormatDescriptor(32, 0, 0, 0, _FLOAT), 8)
    tex = TextureObject(ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr),
                        TextureDescriptor())
    assert tex.ptr != 0 and int(tex) == tex.ptr and arr.ptr != 0
    del tex, arr  # destroyTextureObject, freeArray: no error at collection
