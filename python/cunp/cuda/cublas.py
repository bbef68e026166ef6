"""cunp.cuda.cublas: cuBLAS handles, their settings and constants, as cupy.cuda.cublas has them.

cunp provides the handle calls (create, destroy, streams, pointer and math modes, the version)
and the constants. The BLAS routines themselves (sgemm, ddot, ...) take raw device pointers and
leave stream and layout to the caller; cunp calls them behind its array functions, which are
what to use: reading one of them names that function (the _INSTEAD table below).
"""
from cunp.cuda import _libraries, _library_module

CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C = 0, 1, 2
CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER = 0, 1
CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT = 0, 1
CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT = 0, 1
CUBLAS_POINTER_MODE_HOST, CUBLAS_POINTER_MODE_DEVICE = 0, 1
CUBLAS_DEFAULT_MATH, CUBLAS_TENSOR_OP_MATH = 0, 1
CUBLAS_GEMM_DEFAULT = CUBLAS_GEMM_DFALT = -1
CUBLAS_GEMM_DEFAULT_TENSOR_OP = CUBLAS_GEMM_DFALT_TENSOR_OP = 99
CUBLAS_COMPUTE_16F, CUBLAS_COMPUTE_16F_PEDANTIC = 64, 65
CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_PEDANTIC = 68, 69
CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_COMPUTE_32F_FAST_16BF = 74, 75
CUBLAS_COMPUTE_32F_FAST_TF32 = 77
CUBLAS_COMPUTE_64F, CUBLAS_COMPUTE_64F_PEDANTIC = 70, 71
CUBLAS_COMPUTE_32I, CUBLAS_COMPUTE_32I_PEDANTIC = 72, 73

_STATUSES = {0: 'CUBLAS_STATUS_SUCCESS', 1: 'CUBLAS_STATUS_NOT_INITIALIZED',
             3: 'CUBLAS_STATUS_ALLOC_FAILED', 7: 'CUBLAS_STATUS_INVALID_VALUE',
             8: 'CUBLAS_STATUS_ARCH_MISMATCH', 11: 'CUBLAS_STATUS_MAPPING_ERROR',
             13: 'CUBLAS_STATUS_EXECUTION_FAILED', 14: 'CUBLAS_STATUS_INTERNAL_ERROR',
             15: 'CUBLAS_STATUS_NOT_SUPPORTED', 16: 'CUBLAS_STATUS_LICENSE_ERROR'}
CUBLASError = _library_module.status_error('CUBLASError', _STATUSES,
                                           'A cuBLAS call failed; `status` is its cublasStatus_t.')
CUBLASError.__module__ = __name__
check_status = _library_module.checker(CUBLASError)

# name: (cuBLAS symbol, prototype as _ctypes_calls reads it)
_TABLE = {
    'create': ('cublasCreate_v2', '*p:handle'),
    'destroy': ('cublasDestroy_v2', 'p:handle'),
    'getVersion': ('cublasGetVersion_v2', 'p:handle *i:version'),
    'setStream': ('cublasSetStream_v2', 'p:handle p:stream'),
    'getStream': ('cublasGetStream_v2', 'p:handle *p:stream'),
    'setPointerMode': ('cublasSetPointerMode_v2', 'p:handle i:mode'),
    'getPointerMode': ('cublasGetPointerMode_v2', 'p:handle *i:mode'),
    'setMathMode': ('cublasSetMathMode', 'p:handle i:mode'),
    'getMathMode': ('cublasGetMathMode', 'p:handle *i:mode'),
}
_library_module.define_calls(globals(), _TABLE, _libraries.cublas, check_status, __name__)

_BLAS3 = ('use cunp.matmul, cunp.dot or cunp.einsum (cunp calls cuBLAS gemm/gemv/geam for '
          'them; batched over leading axes)')
# What to use instead of each routine cunp does not provide: {instead: names}.
_INSTEAD = {
    _BLAS3: 'sgemm dgemm cgemm zgemm sgemmBatched dgemmBatched cgemmBatched zgemmBatched '
            'sgemmStridedBatched dgemmStridedBatched cgemmStridedBatched zgemmStridedBatched '
            'sgemmEx gemmEx gemmStridedBatchedEx sgemv dgemv cgemv zgemv sger dger cgeru '
            'cgerc zgeru zgerc ssbmv dsbmv',
    'use cunp.add/cunp.subtract with scalar multiples, or cunp.transpose (geam is a scaled '
    'sum of two matrices, each optionally transposed)': 'sgeam dgeam cgeam zgeam',
    'use a product with a broadcast vector, x * d[:, None] or x * d[None, :] (dgmm scales '
    'rows or columns)': 'sdgmm ddgmm cdgmm zdgmm',
    'use a @ a.T (or a.T @ a) and cunp.triu/cunp.tril (syrk is a symmetric rank-k update)':
        'ssyrk dsyrk csyrk zsyrk',
    'use cunp.dot or cunp.vdot (cunp.vdot conjugates, as cublas*dotc does)':
        'sdot ddot cdotu cdotc zdotu zdotc',
    'use a * x + y on cunp arrays': 'saxpy daxpy caxpy zaxpy',
    'use a * x on cunp arrays': 'sscal dscal cscal csscal zscal zdscal',
    'use cunp.linalg.norm(x)': 'snrm2 dnrm2 scnrm2 dznrm2',
    'use cunp.sum(cunp.abs(x.real) + cunp.abs(x.imag))': 'sasum dasum scasum dzasum',
    'use cunp.argmax or cunp.argmin of cunp.abs(x.real) + cunp.abs(x.imag) (cuBLAS counts '
    'from 1)': 'isamax idamax icamax izamax isamin idamin icamin izamin',
    'use cunp.linalg.solve, cunp.linalg.inv or cunp.scipy.linalg.lu_factor/lu_solve (batched '
    'over leading axes)': 'sgetrfBatched dgetrfBatched cgetrfBatched zgetrfBatched '
                          'sgetriBatched dgetriBatched cgetriBatched zgetriBatched '
                          'sgetrsBatched dgetrsBatched cgetrsBatched zgetrsBatched',
    'use cunp.scipy.linalg.solve_triangular (batched over leading axes)':
        'strsm dtrsm ctrsm ztrsm strsmBatched dtrsmBatched ctrsmBatched ztrsmBatched',
    'use cunp.triu_indices/cunp.tril_indices and indexing (tpttr/trttp convert to and from '
    'packed triangular storage)': 'stpttr dtpttr strttp dtrttp',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
