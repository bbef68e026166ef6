"""cunp.cuda.cusparse: cuSPARSE handles, matrix descriptors and constants, as
cupy.cuda.cusparse has them.

The routines and the generic API's descriptors (spMV, csrgeam2, createCsr, ...) take raw device
pointers of index and value arrays; cunp builds them behind cunp.scipy.sparse's matrices, which
are what to use: reading one of them names the operation (the _INSTEAD table below).
"""
from cunp.cuda import _libraries, _library_module

CUSPARSE_POINTER_MODE_HOST, CUSPARSE_POINTER_MODE_DEVICE = 0, 1
CUSPARSE_ACTION_SYMBOLIC, CUSPARSE_ACTION_NUMERIC = 0, 1
CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_INDEX_BASE_ONE = 0, 1
CUSPARSE_INDEX_16U, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_64I = 1, 2, 3
CUSPARSE_MATRIX_TYPE_GENERAL, CUSPARSE_MATRIX_TYPE_SYMMETRIC = 0, 1
CUSPARSE_MATRIX_TYPE_HERMITIAN, CUSPARSE_MATRIX_TYPE_TRIANGULAR = 2, 3
CUSPARSE_FILL_MODE_LOWER, CUSPARSE_FILL_MODE_UPPER = 0, 1
CUSPARSE_DIAG_TYPE_NON_UNIT, CUSPARSE_DIAG_TYPE_UNIT = 0, 1
CUSPARSE_DIRECTION_ROW, CUSPARSE_DIRECTION_COLUMN = 0, 1
CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE = 0, 1
CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
CUSPARSE_SOLVE_POLICY_NO_LEVEL, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 0, 1
CUSPARSE_FORMAT_CSR, CUSPARSE_FORMAT_CSC, CUSPARSE_FORMAT_COO = 1, 2, 3
CUSPARSE_FORMAT_COO_AOS = 4
CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW = 1, 2
CUSPARSE_SPMAT_FILL_MODE, CUSPARSE_SPMAT_DIAG_TYPE = 0, 1
# The generic API's algorithm choices (CUDA 11's names, which CuPy keeps).
CUSPARSE_MV_ALG_DEFAULT, CUSPARSE_COOMV_ALG, CUSPARSE_CSRMV_ALG1, CUSPARSE_CSRMV_ALG2 = 0, 1, 2, 3
CUSPARSE_MM_ALG_DEFAULT, CUSPARSE_COOMM_ALG1, CUSPARSE_COOMM_ALG2 = 0, 1, 2
CUSPARSE_COOMM_ALG3, CUSPARSE_CSRMM_ALG1 = 3, 4
CUSPARSE_CSR2CSC_ALG1, CUSPARSE_CSR2CSC_ALG2 = 1, 2
CUSPARSE_SPGEMM_DEFAULT, CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 0, 1
CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC, CUSPARSE_SPGEMM_ALG1 = 2, 3
CUSPARSE_SPGEMM_ALG2, CUSPARSE_SPGEMM_ALG3 = 4, 5
CUSPARSE_SPSM_ALG_DEFAULT = 0
CUSPARSE_SPARSETODENSE_ALG_DEFAULT = CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0

_STATUSES = {0: 'CUSPARSE_STATUS_SUCCESS', 1: 'CUSPARSE_STATUS_NOT_INITIALIZED',
             2: 'CUSPARSE_STATUS_ALLOC_FAILED', 3: 'CUSPARSE_STATUS_INVALID_VALUE',
             4: 'CUSPARSE_STATUS_ARCH_MISMATCH', 5: 'CUSPARSE_STATUS_MAPPING_ERROR',
             6: 'CUSPARSE_STATUS_EXECUTION_FAILED', 7: 'CUSPARSE_STATUS_INTERNAL_ERROR',
             8: 'CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED', 9: 'CUSPARSE_STATUS_ZERO_PIVOT',
             10: 'CUSPARSE_STATUS_NOT_SUPPORTED', 11: 'CUSPARSE_STATUS_INSUFFICIENT_RESOURCES'}
CuSparseError = _library_module.status_error(
    'CuSparseError', _STATUSES, 'A cuSPARSE call failed; `status` is its cusparseStatus_t.')
CuSparseError.__module__ = __name__
check_status = _library_module.checker(CuSparseError)

# name: (cuSPARSE symbol, prototype as _ctypes_calls reads it)
_TABLE = {
    'create': ('cusparseCreate', '*p:handle'),
    'destroy': ('cusparseDestroy', 'p:handle'),
    'getVersion': ('cusparseGetVersion', 'p:handle *i:version'),
    'setStream': ('cusparseSetStream', 'p:handle p:stream'),
    'getStream': ('cusparseGetStream', 'p:handle *p:stream'),
    'setPointerMode': ('cusparseSetPointerMode', 'p:handle i:mode'),
    'createMatDescr': ('cusparseCreateMatDescr', '*p:descr'),
    'destroyMatDescr': ('cusparseDestroyMatDescr', 'p:descr'),
    'setMatType': ('cusparseSetMatType', 'p:descr i:type'),
    'setMatIndexBase': ('cusparseSetMatIndexBase', 'p:descr i:base'),
    'setMatDiagType': ('cusparseSetMatDiagType', 'p:descr i:diagType'),
    'setMatFillMode': ('cusparseSetMatFillMode', 'p:descr i:fillMode'),
}
_library_module.define_calls(globals(), _TABLE, _libraries.cusparse, check_status, __name__)


def _names(stems, prefixes='sdcz'):
    return ' '.join(p + s for s in stems.split() for p in prefixes)


_GENERIC = ('use cunp.scipy.sparse matrices (csr_matrix, csc_matrix, coo_matrix): cunp builds '
            "cuSPARSE's generic descriptors for their operations itself")
# What to use instead of each routine cunp does not provide: {instead: names}.
_INSTEAD = {
    _GENERIC: 'CooAoSAttributes CooAttributes CsrAttributes DnMatAttributes '
              'DnMatBatchAttributes DnVecAttributes SpVecAttributes createCoo createCsc '
              'createCsr createDnMat createDnVec createSpVec destroyDnMat destroyDnVec '
              'destroySpMat destroySpVec cooGet csrGet csrSetPointers dnMatGet '
              'dnMatGetStridedBatch dnMatGetValues dnMatSetStridedBatch dnMatSetValues dnVecGet '
              'dnVecGetValues dnVecSetValues spMatGetFormat spMatGetIndexBase spMatGetSize '
              'spMatGetStridedBatch spMatGetValues spMatSetAttribute spMatSetValues spVecGet '
              'spVecGetIndexBase spVecGetValues spVecSetValues',
    'use A @ x (or A.dot(x)) on a cunp.scipy.sparse matrix and a cunp array':
        'spMV spMV_bufferSize spMM spMM_bufferSize spVV spVV_bufferSize',
    'use A @ B on two cunp.scipy.sparse matrices': 'spGEMM_compute spGEMM_copy '
        'spGEMM_createDescr spGEMM_destroyDescr spGEMM_workEstimation',
    'use A + B (or alpha * A + beta * B) on cunp.scipy.sparse matrices':
        'spGEAM spGEAM_bufferSize spGEAM_createDescr spGEAM_destroyDescr spGEAM_nnz '
        'CUSPARSE_SPGEAM_ALG1 CUSPARSE_SPGEAM_ALG_DEFAULT xcsrgeam2Nnz ' +
        _names('csrgeam2 csrgeam2_bufferSizeExt'),
    'use cunp.scipy.sparse.linalg.spsolve_triangular(A, b) on a cunp.scipy.sparse matrix '
    "(cunp runs cuSPARSE's SpSM for it)":
        'spSM_analysis spSM_bufferSize spSM_createDescr spSM_destroyDescr spSM_solve',
    'use A.toarray() (sparse to dense) or cunp.scipy.sparse.csr_matrix(dense) (dense to '
    'sparse)': 'sparseToDense sparseToDense_bufferSize denseToSparse_analysis '
               'denseToSparse_bufferSize denseToSparse_convert',
    'use A.tocsc(), A.tocsr() or A.tocoo()': 'csr2cscEx2 csr2cscEx2_bufferSize xcoo2csr '
                                              'xcsr2coo',
    'use A.sort_indices() (or A.has_sorted_indices)': 'xcoosortByColumn xcoosortByRow '
        'xcoosort_bufferSizeExt xcscsort xcscsort_bufferSizeExt xcsrsort '
        'xcsrsort_bufferSizeExt createIdentityPermutation',
    'use A.eliminate_zeros() and cunp.count_nonzero': _names('nnz nnz_compress '
                                                             'csr2csr_compress'),
    'use x[indices] on a cunp array': 'gather',
    'use cunp.scipy.linalg.solve_banded (tridiagonal and pentadiagonal systems, batched)':
        _names('gtsv2 gtsv2_bufferSizeExt gtsv2_nopivot gtsv2_nopivot_bufferSizeExt '
               'gtsv2StridedBatch gtsv2StridedBatch_bufferSizeExt gtsvInterleavedBatch '
               'gtsvInterleavedBatch_bufferSizeExt gpsvInterleavedBatch '
               'gpsvInterleavedBatch_bufferSizeExt'),
    'incomplete factorizations (ILU0, IC0) are not in cunp; use a direct solve, '
    'cunp.linalg.solve(A.toarray(), b)':
        _names('csrilu02 csrilu02_analysis csrilu02_bufferSize csrilu02_numericBoost '
               'bsrilu02 bsrilu02_analysis bsrilu02_bufferSize bsrilu02_numericBoost '
               'csric02 csric02_analysis csric02_bufferSize bsric02 bsric02_analysis '
               'bsric02_bufferSize') +
        ' createCsrilu02Info destroyCsrilu02Info createBsrilu02Info destroyBsrilu02Info '
        'createCsric02Info destroyCsric02Info createBsric02Info destroyBsric02Info '
        'xcsrilu02_zeroPivot xbsrilu02_zeroPivot xcsric02_zeroPivot xbsric02_zeroPivot',
    'cunp loads cuSPARSE at run time (no build version, no cuda-python build); '
    'getVersion(handle) gives the loaded version and cunp.show_config() names the library':
        'get_build_version is_cuda_python_build loaded_dl',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
