"""cunp.ElementwiseKernel: CuPy's user elementwise kernels.

The first part runs anywhere: parameter parsing, argument checks that fail before any device
work, and the generated sources compiled by NVRTC (which needs no GPU). The second part
launches kernels and compares with NumPy.
"""

import io

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

ALL_DTYPES = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'q', 'Q', 'e', 'f', 'd', 'F', 'D']


@pytest.fixture(scope='module')
def nvrtc():
    """Skips where NVRTC cannot be loaded (compiling needs it, not a GPU)."""
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'nvrtc_probe')
    try:
        k._compile([numpy.float32])
    except cunp.cuda.runtime.CUDARuntimeError as e:
        pytest.skip('NVRTC is not available: {}'.format(e))


# -- construction -------------------------------------------------------------

def test_attributes():
    k = cunp.ElementwiseKernel('float32 x, T y, raw T z', 'T w', 'w = x + y + z[i]', 'attrs',
                               no_return=True, return_tuple=False)
    assert (k.nin, k.nout, k.nargs) == (3, 1, 4)
    assert k.name == k.__name__ == 'attrs'
    assert k.no_return and not k.return_tuple
    x, y, z = k.in_params
    assert (x.name, x.dtype, x.ctype, x.raw, x.is_const) == ('x', numpy.float32, 'float', False, True)
    assert (y.name, y.dtype, y.ctype, y.raw) == ('y', None, 'T', False)
    assert z.raw
    (w,) = k.out_params
    assert (w.name, w.ctype, w.is_const) == ('w', 'T', False)


@pytest.mark.parametrize('name', ['1abc', 'my-kernel', 'a b', '', 'ker nel', 'k.x'])
def test_invalid_kernel_name(name):
    with pytest.raises(ValueError, match='Invalid kernel name'):
        cunp.ElementwiseKernel('T x', 'T y', 'y = x', name)


def test_valid_kernel_names():
    for name in ['kernel', '_k', 'K2', 'my_kernel_3']:
        assert cunp.cuda.compiler.is_valid_kernel_name(name)
        cunp.ElementwiseKernel('T x', 'T y', 'y = x', name)


@pytest.mark.parametrize('in_params', ['float32', 'x', 'float32 x,', ', float32 x', ' '])
def test_param_syntax_error(in_params):
    with pytest.raises(ValueError, match='Syntax error'):
        cunp.ElementwiseKernel(in_params, 'T y', 'y = 0', 'k')


def test_param_unknown_keyword():
    with pytest.raises(ValueError, match='Unknown keyword "const"'):
        cunp.ElementwiseKernel('const float32 x', 'float32 y', 'y = x', 'k')


def test_param_unknown_and_unsupported_dtypes():
    with pytest.raises(TypeError):
        cunp.ElementwiseKernel('floot32 x', 'float32 y', 'y = x', 'k')
    with pytest.raises(TypeError):
        cunp.ElementwiseKernel('float32 x', 'S5 y', 'y = x', 'k')


def test_param_named_i_is_refused():
    with pytest.raises(ValueError, match="Can not use 'i' as a parameter name"):
        cunp.ElementwiseKernel('T i', 'T y', 'y = i', 'k')


def test_duplicate_param_names_are_refused():
    with pytest.raises(ValueError, match='Duplicate parameter name'):
        cunp.ElementwiseKernel('T x, T x', 'T y', 'y = x', 'k')


def test_non_const_on_a_non_raw_input_is_refused():
    with pytest.raises(NotImplementedError):
        cunp.ElementwiseKernel('_non_const T x', 'T y', 'y = x', 'k')
    cunp.ElementwiseKernel('_non_const raw T x', 'T y', 'y = x[i]', 'k')


def test_unknown_constructor_keyword():
    with pytest.raises(TypeError):
        cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k', no_such_option=1)


def test_no_inputs_or_outputs():
    k = cunp.ElementwiseKernel('', 'raw int32 y', 'y[i] = i', 'k')
    assert (k.nin, k.nout) == (0, 1)


# -- argument checks that need no device ----------------------------------------

def test_wrong_argument_count():
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add_k')
    msg = ("Wrong number of arguments for 'add_k'. It must be either 2 or 3 "
           "(with outputs), but given 1.")
    with pytest.raises(TypeError) as e:
        k(1.0)
    assert str(e.value) == msg
    with pytest.raises(TypeError, match='but given 4'):
        k(1, 2, 3, 4)
    with pytest.raises(TypeError, match='but given 0'):
        k()


def test_loop_size_undecided_without_arrays():
    k = cunp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'k')
    with pytest.raises(ValueError, match='Loop size is undecided'):
        k(1, 2)


def test_unknown_call_keyword():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k')
    with pytest.raises(TypeError, match='Wrong arguments'):
        k(1.0, nope=3)
    with pytest.raises(ValueError, match='block_size'):
        k(1.0, block_size=0)


def test_size_keyword_checks():
    k = cunp.ElementwiseKernel('', 'int32 y', 'y = i', 'k_size_checks')
    with pytest.raises(TypeError, match='size must be an integer'):
        k(size='3')
    with pytest.raises(ValueError, match='size must be non-negative'):
        k(size=-5)


def test_unsupported_argument_types():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k')
    for bad in ([1, 2], 'abc', numpy.ones(3), None):
        with pytest.raises(TypeError, match='Unsupported type'):
            k(bad)


def test_non_array_output():
    k = cunp.ElementwiseKernel('float32 x', 'float32 y', 'y = x', 'k')
    with pytest.raises(TypeError, match='Output arguments'):
        k(1.0, 2.0)


def test_type_mismatch_errors():
    k = cunp.ElementwiseKernel('float32 x, T y, T w', 'T z', 'z = x + y + w', 'k')
    with pytest.raises(TypeError, match='Type is mismatched. x float64 float32'):
        k._source([numpy.float64, numpy.float32, numpy.float32])
    with pytest.raises(TypeError, match='Type is mismatched. w int32 float64 T'):
        k._source([numpy.float32, numpy.float64, numpy.int32])
    # Outputs decide a placeholder first.
    with pytest.raises(TypeError, match='Type is mismatched. y float64 int16 T'):
        k._source([numpy.float32, numpy.float64, numpy.float64, numpy.int16])


def test_placeholder_without_any_array():
    k = cunp.ElementwiseKernel('T x, float32 y', 'float32 z', 'z = x + y', 'k')
    with pytest.raises(TypeError, match="Cannot determine the type of 'T'"):
        k._source([1.0, numpy.float32])


# -- generated sources (NVRTC, no GPU) ----------------------------------------

def test_source_has_typedefs_and_names(nvrtc):
    k = cunp.ElementwiseKernel('T x, U y, raw T t', 'T z', 'z = x + (T)y + t[i]', 'k_src',
                               preamble='__device__ T twice(T v) { return v + v; }')
    src = k._source([numpy.float32, numpy.int16, numpy.float32])
    assert 'typedef float T;' in src
    assert 'typedef short U;' in src
    assert src.index('typedef float T;') < src.index('__device__ T twice')
    assert 'const float x =' in src
    assert 'raw_array<const float, 1, true>' in src
    assert 'cunp_k_src' in src
    # A scalar argument becomes a scalar parameter of its placeholder's type.
    k2 = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'k_src2')
    src = k2._source([numpy.float64, 3])
    assert 'const double y =' in src
    assert 'const double x =' in src


@pytest.mark.parametrize('dtype', ALL_DTYPES)
def test_generic_kernel_compiles_for_every_dtype(nvrtc, dtype):
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add_generic')
    if numpy.dtype(dtype).kind == 'b':
        k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x || y', 'or_generic')
    k._compile([dtype, dtype])
    k._compile([dtype, dtype], strided_ndim=2)


def test_seed_kernels_compile(nvrtc):
    kernel = cunp.ElementwiseKernel(
        'float32 x, float32 y', 'float32 z',
        '''if (x - 2 > y) {
          z = x * y;
        } else {
          z = x + y;
        }''',
        'my_kernel')
    kernel._compile(['f', 'f'])
    add_vec_elem = cunp.ElementwiseKernel('float64 x, float64 y', 'float64 z', 'z = x + y',
                                          'add_vec_elem')
    add_vec_elem._compile(['d', 'd'])


def test_raw_index_loop_prep_after_loop_compile(nvrtc):
    k = cunp.ElementwiseKernel(
        'raw T x, int32 n', 'T y',
        'acc += 1; y = x[_ind.size() - 1 - i] * (T)n + (T)x.size() + (T)x.shape()[0]',
        'reverse_scale', loop_prep='int acc = 0', after_loop='(void)acc')
    for strided in (0, 3):
        k._compile([numpy.float64, 5, numpy.float64], strided_ndim=strided)


def test_options_reach_nvrtc(nvrtc):
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x * SCALE', 'k_opts', options=('-DSCALE=3',))
    k._compile(['f'])
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x * SCALE', 'k_no_opts')
    with pytest.raises(cunp.cuda.compiler.CompileException):
        k._compile(['f'])


def test_compile_error_carries_log_and_source(nvrtc):
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x + undefined_thing', 'broken_kernel')
    with pytest.raises(cunp.cuda.compiler.CompileException) as e:
        k._compile(['f'])
    err = e.value
    assert err.__class__ is cunp._core.CompileException
    assert 'undefined_thing' in err.log
    assert 'undefined_thing' in str(err)
    assert 'y = x + undefined_thing' in err.source
    assert 'undefined_thing' in err.get_message()
    f = io.StringIO()
    err.dump(f)
    assert 'y = x + undefined_thing' in f.getvalue()


# -- launches -------------------------------------------------------------------

def _host(a):
    return cunp.asnumpy(a)


@gpu
def test_seed_my_kernel():
    # The example of the Chinese tutorial, verbatim.
    cp = cunp
    x = cp.arange(6, dtype='f').reshape(2, 3)
    y = cp.arange(3, dtype='f')
    kernel = cp.ElementwiseKernel(
        'float32 x, float32 y', 'float32 z',
        '''if (x - 2 > y) {
          z = x * y;
        } else {
          z = x + y;
        }''',
        'my_kernel')
    z = kernel(x, y)
    assert z.dtype == numpy.float32 and z.shape == (2, 3)
    numpy.testing.assert_array_equal(_host(z), [[0, 2, 4], [0, 4, 10]])


@gpu
def test_seed_add_vec_elem():
    cp = cunp
    a = numpy.random.default_rng(0).random(100003)
    b = numpy.random.default_rng(1).random(100003)
    add_vec_elem = cp.ElementwiseKernel(
        'float64 x, float64 y',
        'float64 z',
        'z = x + y',
        'add_vec_elem')
    vec_c_gpu = add_vec_elem(cp.asarray(a), cp.asarray(b))
    numpy.testing.assert_array_equal(_host(vec_c_gpu), a + b)


@gpu
def test_squared_diff_typed_and_generic():
    x = numpy.arange(10, dtype=numpy.float32).reshape(2, 5)
    y = numpy.arange(5, dtype=numpy.float32)
    squared_diff = cunp.ElementwiseKernel(
        'float32 x, float32 y', 'float32 z', 'z = (x - y) * (x - y)', 'squared_diff')
    numpy.testing.assert_array_equal(_host(squared_diff(cunp.asarray(x), cunp.asarray(y))),
                                     (x - y) ** 2)
    # A Python scalar broadcasts and takes the param's type.
    numpy.testing.assert_array_equal(_host(squared_diff(cunp.asarray(x), 5)), (x - 5) ** 2)
    generic = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = (x - y) * (x - y)',
                                     'squared_diff_generic')
    for dt in ['i', 'q', 'f', 'd']:
        xd, yd = x.astype(dt), y.astype(dt)
        z = generic(cunp.asarray(xd), cunp.asarray(yd))
        assert z.dtype == numpy.dtype(dt)
        numpy.testing.assert_array_equal(_host(z), (xd - yd) ** 2)
        z = generic(cunp.asarray(xd), 5)
        assert z.dtype == numpy.dtype(dt)
        numpy.testing.assert_array_equal(_host(z), (xd - 5) ** 2)


@gpu
def test_mixed_generic_types():
    k = cunp.ElementwiseKernel('T x, U y', 'T z, U w', 'z = x * 2; w = y + 1', 'mixed')
    x = numpy.arange(6, dtype=numpy.int16)
    y = numpy.linspace(0, 1, 6)
    z, w = k(cunp.asarray(x), cunp.asarray(y))
    assert z.dtype == numpy.int16 and w.dtype == numpy.float64
    numpy.testing.assert_array_equal(_host(z), x * 2)
    numpy.testing.assert_array_equal(_host(w), y + 1)


@gpu
def test_type_mismatch_on_call():
    k = cunp.ElementwiseKernel('float32 x', 'float32 y', 'y = x', 'k_mismatch')
    with pytest.raises(TypeError, match='Type is mismatched'):
        k(cunp.zeros(3, dtype='d'))
    g = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'g_mismatch')
    with pytest.raises(TypeError, match='Type is mismatched'):
        g(cunp.zeros(3, dtype='f'), cunp.zeros(3, dtype='d'))


@gpu
def test_given_outputs_are_returned_and_updated():
    k = cunp.ElementwiseKernel('T x', 'T y', 'if (x > 2) y = x', 'masked_copy')
    x = numpy.arange(6, dtype=numpy.float64)
    out = cunp.asarray(numpy.full(6, -1.0))
    ret = k(cunp.asarray(x), out)
    assert ret is out
    # Outputs are references: unassigned elements keep their value.
    numpy.testing.assert_array_equal(_host(out), [-1, -1, -1, 3, 4, 5])


@gpu
def test_given_output_shape_and_type_checks():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k_out_checks')
    x = cunp.zeros((2, 3), dtype='f')
    with pytest.raises(ValueError, match='Out shape is mismatched'):
        k(x, cunp.zeros((3,), dtype='f'))
    with pytest.raises(TypeError, match='Type is mismatched'):
        k(x, cunp.zeros((2, 3), dtype='d'))


@gpu
def test_broadcasting_and_shapes():
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x * 10 + y', 'bcast')
    x = numpy.arange(3, dtype=numpy.int32).reshape(3, 1)
    y = numpy.arange(4, dtype=numpy.int32)
    z = k(cunp.asarray(x), cunp.asarray(y))
    assert z.shape == (3, 4)
    numpy.testing.assert_array_equal(_host(z), x * 10 + y)
    # 0-d arrays broadcast too; a 0-d result stays 0-d.
    z0 = k(cunp.asarray(numpy.int32(7)), cunp.asarray(numpy.int32(1)))
    assert z0.shape == ()
    assert int(_host(z0)) == 71
    with pytest.raises(ValueError):
        k(cunp.zeros(3, dtype='i'), cunp.zeros(4, dtype='i'))


@gpu
def test_strided_and_fortran_inputs_with_index():
    # `i` is the C-order position whatever the operands' layouts.
    k = cunp.ElementwiseKernel('T x', 'T y, int64 pos', 'y = x; pos = i', 'index_copy')
    a = numpy.arange(24, dtype=numpy.float32).reshape(4, 6)
    for view in (lambda v: v.T, lambda v: v[:, ::2], lambda v: v[::-1]):
        src = view(cunp.asarray(a))
        y, pos = k(src)
        numpy.testing.assert_array_equal(_host(y), view(a))
        numpy.testing.assert_array_equal(_host(pos), numpy.arange(view(a).size).reshape(view(a).shape))


@gpu
def test_raw_inputs_index_by_c_order_position():
    k = cunp.ElementwiseKernel('raw T x', 'T y', 'y = x[_ind.size() - 1 - i]', 'reverse')
    a = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)
    out = cunp.empty(12, dtype='d')
    # Contiguous and strided raw arrays (CArray semantics: flat C-order over x's own shape).
    for x in (cunp.asarray(a), cunp.asarray(a).T, cunp.asarray(a)[:, ::-1]):
        k(x, out)
        numpy.testing.assert_array_equal(_host(out), _host(x).ravel()[::-1])


@gpu
def test_raw_accessors():
    k = cunp.ElementwiseKernel('raw T x', 'int64 n, int64 d0, int64 d1',
                               'n = x.size(); d0 = x.shape()[0]; d1 = x.shape()[1]', 'accessors')
    n, d0, d1 = k(cunp.zeros((3, 5), dtype='f'), cunp.empty(2, dtype='q'),
                  cunp.empty(2, dtype='q'), cunp.empty(2, dtype='q'))
    assert list(_host(n)) == [15, 15]
    assert list(_host(d0)) == [3, 3] and list(_host(d1)) == [5, 5]


@gpu
def test_mul_kernel_as_elementwise():
    # The seed's RawKernel 'mul' (a product over the first axis) written as an ElementwiseKernel
    # with a raw input, scalars and `i`.
    rng = numpy.random.default_rng(2)
    arr = rng.random((4, 3, 5)) + 0.5
    Z, Y, X = arr.shape
    mul = cunp.ElementwiseKernel(
        'raw float64 inp, int32 Z, int32 YX', 'float64 out',
        '''double tmp = 1.;
        for (int z = 0; z < Z; z++)
            tmp = tmp * inp[z * YX + i];
        out = tmp;''',
        'mul_elem')
    out = cunp.empty((Y, X), dtype=cunp.float64)
    mul(cunp.asarray(arr), Z, Y * X, out)
    numpy.testing.assert_allclose(_host(out), arr.prod(axis=0), rtol=1e-14)


@gpu
def test_size_keyword_for_all_raw_kernels():
    k = cunp.ElementwiseKernel('raw T x', 'raw T y', 'y[i] = x[i] * 2', 'double_raw')
    x = cunp.asarray(numpy.arange(10, dtype=numpy.int32))
    y = cunp.zeros(10, dtype='i')
    k(x, y, size=6)
    numpy.testing.assert_array_equal(_host(y), [0, 2, 4, 6, 8, 10, 0, 0, 0, 0])
    with pytest.raises(ValueError, match='Loop size is undecided'):
        k(x, y)
    with pytest.raises(ValueError, match='Loop size is undecided'):
        k(x)
    raw_out = cunp.ElementwiseKernel('T x', 'raw T y', 'y[i] = x', 'raw_out')
    with pytest.raises(ValueError, match='Output array size is Undecided'):
        raw_out(x)
    fill = cunp.ElementwiseKernel('', 'int32 y', 'y = i * i', 'squares')
    numpy.testing.assert_array_equal(_host(fill(size=5)), [0, 1, 4, 9, 16])
    plain = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k_size_nonraw')
    with pytest.raises(ValueError, match="'size' can be used only"):
        plain(x, size=3)


@gpu
def test_scalar_conversion_rules():
    k = cunp.ElementwiseKernel('T x, T s', 'T y', 'y = x + s', 'add_scalar')
    x = cunp.zeros(3, dtype='b')
    with pytest.raises(OverflowError):
        k(x, 300)
    numpy.testing.assert_array_equal(_host(k(x, 100)), [100] * 3)
    f = cunp.ElementwiseKernel('float32 x, int32 s', 'float32 y', 'y = x + s', 'fixed_scalar')
    numpy.testing.assert_array_equal(_host(f(cunp.zeros(2, dtype='f'), numpy.int64(3))), [3, 3])
    numpy.testing.assert_array_equal(_host(f(cunp.zeros(2, dtype='f'), 2.9)), [2, 2])


@gpu
def test_no_return_and_return_tuple():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x + 1', 'k_no_ret', no_return=True)
    out = cunp.zeros(3, dtype='f')
    assert k(cunp.zeros(3, dtype='f'), out) is None
    numpy.testing.assert_array_equal(_host(out), [1, 1, 1])
    t = cunp.ElementwiseKernel('T x', 'T y', 'y = x + 1', 'k_tuple', return_tuple=True)
    ret = t(cunp.zeros(3, dtype='f'))
    assert isinstance(ret, tuple) and len(ret) == 1


@gpu
def test_loop_prep_after_loop_and_preamble():
    k = cunp.ElementwiseKernel(
        'T x', 'T y', 'y = twice(x) + offset', 'k_prep',
        preamble='__device__ T twice(T v) { return v + v; }',
        loop_prep='const T offset = 1', after_loop='')
    x = numpy.arange(1000, dtype=numpy.float32)
    numpy.testing.assert_array_equal(_host(k(cunp.asarray(x))), 2 * x + 1)


@gpu
@pytest.mark.parametrize('dtype', ALL_DTYPES)
def test_every_dtype_copy(dtype):
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'copy_every')
    x = (numpy.arange(37) % 3).astype(dtype)
    numpy.testing.assert_array_equal(_host(k(cunp.asarray(x))), x)


@gpu
def test_complex_kernel():
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + x', 'cmul')
    x = numpy.array([1 + 2j, 3 - 1j, 0.5j], dtype=numpy.complex64)
    y = numpy.array([2 - 1j, 1j, 4], dtype=numpy.complex64)
    numpy.testing.assert_allclose(_host(k(cunp.asarray(x), cunp.asarray(y))), x * y + x,
                                  rtol=1e-6)


@gpu
def test_empty_arrays():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x', 'k_empty')
    z = k(cunp.zeros((0, 3), dtype='f'))
    assert z.shape == (0, 3)


@gpu
def test_same_name_different_code():
    a = cunp.ElementwiseKernel('T x', 'T y', 'y = x + 1', 'same_name')
    b = cunp.ElementwiseKernel('T x', 'T y', 'y = x + 2', 'same_name')
    x = cunp.zeros(4, dtype='f')
    numpy.testing.assert_array_equal(_host(a(x)), [1] * 4)
    numpy.testing.assert_array_equal(_host(b(x)), [2] * 4)


@gpu
def test_scalar_or_array_in_the_same_param():
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x - y', 'sub_either')
    x = cunp.asarray(numpy.arange(4.0))
    numpy.testing.assert_array_equal(_host(k(x, 1.0)), numpy.arange(4.0) - 1)
    numpy.testing.assert_array_equal(_host(k(1.0, x)), 1 - numpy.arange(4.0))
    numpy.testing.assert_array_equal(_host(k(x, x)), [0] * 4)


@gpu
def test_compile_error_on_call():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x + undefined_thing', 'broken_call')
    with pytest.raises(cunp.cuda.compiler.CompileException) as e:
        k(cunp.zeros(3, dtype='f'))
    assert 'undefined_thing' in e.value.log


@gpu
def test_stream_keyword():
    k = cunp.ElementwiseKernel('T x', 'T y', 'y = x * 3', 'k_stream')
    s = cunp.cuda.Stream(non_blocking=True)
    before = cunp.cuda.get_current_stream()
    y = k(cunp.asarray(numpy.arange(5.0)), stream=s)
    s.synchronize()
    assert cunp.cuda.get_current_stream() == before
    numpy.testing.assert_array_equal(_host(y), numpy.arange(5.0) * 3)
