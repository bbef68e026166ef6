"""cunp.ElementwiseKernel with struct-typed parameters: 'float64 x, double3 v' takes a NumPy
structured scalar (numpy.void, or a one-element structured array) by value, read in the kernel
as the C type the parameter names (a CUDA vector type or a struct the preamble defines).

The first part runs anywhere: parsing, the argument checks that fail before any device work,
the generated source, and NVRTC compiles (no GPU needed), which hold the size and alignment
checks. The second part launches the kernels and compares with NumPy.
"""

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

DOUBLE3 = numpy.dtype([('x', 'f8'), ('y', 'f8'), ('z', 'f8')])
VEC3_PREAMBLE = 'struct Vec3 { float a; int n; double w; };'
VEC3 = numpy.dtype([('a', 'f4'), ('n', 'i4'), ('w', 'f8')], align=True)


def double3(x, y, z):
    v = numpy.zeros((), DOUBLE3)
    v['x'], v['y'], v['z'] = x, y, z
    return v[()]


def vec3(a, n, w):
    v = numpy.zeros((), VEC3)
    v['a'], v['n'], v['w'] = a, n, w
    return v[()]


def offset_kernel():
    return cunp.ElementwiseKernel('float64 x, double3 v', 'float64 y',
                                  'y = x * v.x + v.y - v.z', 'offset_double3')


def vec3_kernel():
    return cunp.ElementwiseKernel('T x, Vec3 p', 'T y', 'y = x * p.a + p.n + p.w',
                                  'vec3_fields', preamble=VEC3_PREAMBLE)


@pytest.fixture(scope='module')
def nvrtc():
    """Skips where NVRTC cannot be loaded (compiling needs it, not a GPU)."""
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'nvrtc_probe_structs')
    try:
        k._compile([numpy.float32])
    except cunp.cuda.runtime.CUDARuntimeError as e:
        pytest.skip('NVRTC is not available: {}'.format(e))


# -- parsing -------------------------------------------------------------------

def test_vector_type_parameter_is_a_struct():
    k = offset_kernel()
    x, v = k.in_params
    assert (x.dtype, x.ctype) == (numpy.dtype('f8'), 'double')
    assert v.dtype is None and v.ctype == 'double3' and not v.raw


@pytest.mark.parametrize('ctype', ['char4', 'uchar2', 'int3', 'uint1', 'longlong2', 'float4',
                                   'double2', 'ulonglong4'])
def test_every_cuda_vector_type_is_known(ctype):
    k = cunp.ElementwiseKernel('T x, %s v' % ctype, 'T y', 'y = x', 'vector_types')
    assert k.in_params[1].ctype == ctype


def test_user_struct_named_by_the_preamble():
    assert vec3_kernel().in_params[1].ctype == 'Vec3'
    k = cunp.ElementwiseKernel('T x, geo::Vec3 p', 'T y', 'y = x * p.a', 'qualified',
                               preamble='namespace geo { ' + VEC3_PREAMBLE + ' }')
    assert k.in_params[1].ctype == 'geo::Vec3'


@pytest.mark.parametrize('in_params, out_params', [
    ('floot32 x', 'float32 y'),     # a typo stays a TypeError: nothing names that type
    ('T x, Vec3 p', 'T y'),         # no preamble defines Vec3
    ('T x, raw double3 v', 'T y'),  # raw parameters are arrays
    ('T x', 'double3 y'),           # outputs are arrays
    ('T x, double5 v', 'T y'),      # not a CUDA vector type
])
def test_unknown_types_stay_type_errors(in_params, out_params):
    with pytest.raises(TypeError, match='not understood'):
        cunp.ElementwiseKernel(in_params, out_params, 'y = x', 'k')


# -- arguments refused before any device work -------------------------------------

def test_plain_scalar_for_a_struct_parameter_is_a_type_error():
    with pytest.raises(TypeError, match=r"parameter 'v' .*\(kernel argument 1\) has the C type "
                                        r"double3 .*not a plain scalar"):
        offset_kernel()(1.0, 2.0)


def test_structured_value_for_a_dtype_parameter_is_a_type_error():
    k = offset_kernel()
    with pytest.raises(TypeError, match=r"structured value .*parameter 'x' .*"
                                        r"\(kernel argument 0\), whose type is double"):
        k(double3(1, 2, 3), double3(1, 2, 3))
    t = cunp.ElementwiseKernel('T x, T z', 'T y', 'y = x + z', 'placeholder')
    with pytest.raises(TypeError, match=r"parameter 'z' .*\(kernel argument 1\), whose type is T"):
        t(1.0, double3(1, 2, 3))


def test_array_for_a_struct_parameter_is_a_type_error():
    k = offset_kernel()
    with pytest.raises(TypeError, match=r"parameter 'v' .*double3 .*not an array"):
        k._source([numpy.float64, numpy.float64])


def test_structured_arrays_are_not_array_arguments():
    k = offset_kernel()
    with pytest.raises(TypeError, match=r"Unsupported type .*ndarray.*\(kernel argument 1\).*"
                                        r"one element, not 4"):
        k(1.0, numpy.zeros(4, DOUBLE3))
    t = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'copy')
    with pytest.raises(TypeError, match=r"\(kernel argument 0\)"):
        t(numpy.zeros((2, 2), DOUBLE3))


def test_fields_where_no_cuda_struct_has_them_are_a_value_error():
    packed = numpy.dtype([('a', 'i1'), ('w', 'f8')])  # w at offset 1
    with pytest.raises(ValueError, match=r"kernel argument 1: the field 'w' .*offset 1"):
        offset_kernel()(1.0, numpy.zeros((), packed)[()])


def test_over_aligned_value_is_a_value_error():
    wide = cunp.make_aligned_dtype(DOUBLE3, alignment=32)
    with pytest.raises(ValueError, match=r"parameter 'v' .*alignment of 32 bytes"):
        offset_kernel()(1.0, numpy.zeros((), wide)[()])


# -- generated source and compiles (NVRTC, no GPU) --------------------------------

def test_source_reads_the_struct_from_its_slots():
    src = offset_kernel()._source([numpy.float64, double3(1, 2, 3)])
    assert 'unsigned long long scalars[2][2];' in src  # 24 bytes: two 16-byte slots
    assert 'const double3 v = *reinterpret_cast<const double3*>(_p.scalars[0]);' in src
    assert 'static_assert(sizeof(double3) == 24' in src
    assert 'static_assert(alignof(double3) % 8 == 0' in src


def test_record_scalars_and_unstructured_void_are_struct_values():
    k = offset_kernel()
    rec = numpy.zeros(1, DOUBLE3).view(numpy.recarray)[0]  # numpy.record
    assert 'const double3 v' in k._source([numpy.float64, rec])
    raw = numpy.zeros((), 'V24')[()]  # plain bytes: alignment 1
    assert 'alignof(double3) % 1 == 0' in k._source([numpy.float64, raw])


def test_source_places_scalars_after_a_struct():
    k = cunp.ElementwiseKernel('float64 x, Mat m, float64 s', 'float64 y', 'y = x * m.a[8] + s',
                               'mat_then_scalar', preamble='struct Mat { double a[9]; };')
    mat = numpy.zeros(1, [('a', 'f8', (9,))])  # a one-element structured array
    src = k._source([numpy.float64, mat, 2.0])
    assert 'const Mat m = *reinterpret_cast<const Mat*>(_p.scalars[0]);' in src
    assert 'const double s = *reinterpret_cast<const double*>(_p.scalars[5]);' in src
    assert 'scalars[6][2];' in src


def test_struct_kernels_compile(nvrtc):
    offset_kernel()._compile([numpy.float64, double3(1, 2, 3)])
    offset_kernel()._compile([numpy.float64, double3(1, 2, 3)], strided_ndim=2)
    vec3_kernel()._compile([numpy.float32, vec3(1, 2, 3)])
    f4 = numpy.zeros((), [('x', 'f4'), ('y', 'f4'), ('z', 'f4'), ('w', 'f4')])[()]
    cunp.ElementwiseKernel('T x, float4 q', 'T y', 'y = x * q.w', 'float4_arg')._compile(
        [numpy.float32, f4])
    k = cunp.ElementwiseKernel('T x, geo::Vec3 p', 'T y', 'y = x * p.a', 'qualified_arg',
                               preamble='namespace geo { ' + VEC3_PREAMBLE + ' }')
    k._compile([numpy.float64, vec3(1, 2, 3)])


def test_size_mismatch_is_a_value_error(nvrtc):
    two = numpy.zeros((), [('x', 'f8'), ('y', 'f8')])[()]
    with pytest.raises(ValueError, match=r"C type double3 of parameter 'v' \(kernel argument 1\) "
                                         r"is not 16 bytes"):
        offset_kernel()._compile([numpy.float64, two])
    with pytest.raises(ValueError, match=r"C type Vec3 of parameter 'p' .*is not 24 bytes"):
        vec3_kernel()._compile([numpy.float32, double3(1, 2, 3)])  # Vec3 is 16 bytes


def test_alignment_mismatch_is_a_value_error(nvrtc):
    k = cunp.ElementwiseKernel('T x, Bytes8 b', 'T y', 'y = x + b.c[0]', 'bytes8',
                               preamble='struct Bytes8 { char c[8]; };')
    k._compile([numpy.float32, numpy.zeros((), [('c', 'i1', (8,))])[()]])  # alignment 1: fine
    with pytest.raises(ValueError, match=r"C type Bytes8 of parameter 'b' .*not aligned to a "
                                         r"multiple of 8"):
        k._compile([numpy.float32, numpy.zeros((), [('d', 'f8')])[()]])


def test_over_aligned_c_type_is_a_value_error(nvrtc):
    k = cunp.ElementwiseKernel('T x, Wide w', 'T y', 'y = x + w.a', 'wide',
                               preamble='struct __align__(32) Wide { double a; };')
    with pytest.raises(ValueError, match=r"C type Wide of parameter 'w' .*more than 16 bytes"):
        k._compile([numpy.float64, numpy.zeros((), [('a', 'f8'), ('p', 'f8', (3,))])[()]])


def test_unknown_struct_still_fails_to_compile(nvrtc):
    # The preamble only mentions the name: NVRTC's own error, not a layout ValueError.
    k = cunp.ElementwiseKernel('T x, Ghost g', 'T y', 'y = x', 'ghost',
                               preamble='// Ghost is defined elsewhere')
    with pytest.raises(cunp.cuda.compiler.CompileException):
        k._compile([numpy.float64, double3(1, 2, 3)])


# -- launches --------------------------------------------------------------------

@gpu
def test_double3_offset_against_numpy():
    x = numpy.linspace(-2, 2, 1001)
    y = offset_kernel()(cunp.asarray(x), double3(1.5, 0.25, -4.0))
    numpy.testing.assert_allclose(y.get(), x * 1.5 + 0.25 + 4.0)


@gpu
def test_one_element_structured_array_passes_by_value():
    x = numpy.arange(12.0).reshape(3, 4)
    v = numpy.array([2.0, -1.0, 0.5]).view(DOUBLE3)  # shape (1,)
    y = offset_kernel()(cunp.asarray(x)[:, ::2], v)  # strided input too
    numpy.testing.assert_allclose(y.get(), x[:, ::2] * 2.0 - 1.0 - 0.5)


@gpu
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_user_struct_fields_against_numpy(dtype):
    x = numpy.linspace(0, 1, 257).astype(dtype)
    y = vec3_kernel()(cunp.asarray(x), vec3(3.0, 7, 0.125))
    assert y.dtype == dtype
    numpy.testing.assert_allclose(y.get(), x * dtype(3.0) + dtype(7) + dtype(0.125), rtol=1e-6)


@gpu
def test_packed_matrix_and_a_scalar_after_it():
    k = cunp.ElementwiseKernel(
        'raw float64 v, Mat3 m, float64 s', 'float64 y',
        'int r = i % 3, b = i / 3 * 3; '
        'y = s * (m.a[3 * r] * v[b] + m.a[3 * r + 1] * v[b + 1] + m.a[3 * r + 2] * v[b + 2])',
        'mat3_apply', preamble='struct Mat3 { double a[9]; };')
    mat = numpy.arange(9.0).reshape(3, 3)
    vs = numpy.random.default_rng(0).standard_normal((5, 3))
    y = cunp.empty(15)
    k(cunp.asarray(vs.ravel()), mat.ravel().view([('a', 'f8', (9,))]), 0.5, y)
    numpy.testing.assert_allclose(y.get().reshape(5, 3), 0.5 * vs @ mat.T)


@gpu
def test_struct_values_change_between_calls():
    k = offset_kernel()
    x = cunp.arange(4.0)
    first = k(x, double3(1, 0, 0)).get()
    second = k(x, double3(2, 1, 0)).get()
    numpy.testing.assert_array_equal(first, numpy.arange(4.0))
    numpy.testing.assert_array_equal(second, numpy.arange(4.0) * 2 + 1)


@gpu
def test_size_mismatch_on_a_call_is_a_value_error():
    two = numpy.zeros((), [('x', 'f8'), ('y', 'f8')])[()]
    with pytest.raises(ValueError, match=r"parameter 'v' .*is not 16 bytes"):
        offset_kernel()(cunp.arange(3.0), two)
