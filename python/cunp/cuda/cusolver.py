"""cunp.cuda.cusolver: cuSOLVER handles, their streams, parameter objects and constants, as
cupy.cuda.cusolver has them.

The factorizations and solvers themselves (dgetrf, zheevd, ...) take raw device pointers and
a workspace the caller sizes; cunp calls them behind cunp.linalg and cunp.scipy.linalg, which
are what to use: reading one of them names that function (the _INSTEAD table below).
"""
from cunp.cuda import _libraries, _library_module

CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_TYPE_2, CUSOLVER_EIG_TYPE_3 = 1, 2, 3
CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_MODE_VECTOR = 0, 1

_STATUSES = {0: 'CUSOLVER_STATUS_SUCCESS', 1: 'CUSOLVER_STATUS_NOT_INITIALIZED',
             2: 'CUSOLVER_STATUS_ALLOC_FAILED', 3: 'CUSOLVER_STATUS_INVALID_VALUE',
             4: 'CUSOLVER_STATUS_ARCH_MISMATCH', 5: 'CUSOLVER_STATUS_MAPPING_ERROR',
             6: 'CUSOLVER_STATUS_EXECUTION_FAILED', 7: 'CUSOLVER_STATUS_INTERNAL_ERROR',
             8: 'CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED', 9: 'CUSOLVER_STATUS_NOT_SUPPORTED',
             10: 'CUSOLVER_STATUS_ZERO_PIVOT', 11: 'CUSOLVER_STATUS_INVALID_LICENSE',
             31: 'CUSOLVER_STATUS_INVALID_WORKSPACE'}
CUSOLVERError = _library_module.status_error(
    'CUSOLVERError', _STATUSES, 'A cuSOLVER call failed; `status` is its cusolverStatus_t.')
CUSOLVERError.__module__ = __name__
check_status = _library_module.checker(CUSOLVERError)

# name: (cuSOLVER symbol, prototype as _ctypes_calls reads it)
_TABLE = {
    'getProperty': ('cusolverGetProperty', 'i:type *i:value'),
    # dense handles
    'create': ('cusolverDnCreate', '*p:handle'),
    'destroy': ('cusolverDnDestroy', 'p:handle'),
    'setStream': ('cusolverDnSetStream', 'p:handle p:stream'),
    'getStream': ('cusolverDnGetStream', 'p:handle *p:stream'),
    'createParams': ('cusolverDnCreateParams', '*p:params'),
    'destroyParams': ('cusolverDnDestroyParams', 'p:params'),
    'createGesvdjInfo': ('cusolverDnCreateGesvdjInfo', '*p:info'),
    'destroyGesvdjInfo': ('cusolverDnDestroyGesvdjInfo', 'p:info'),
    'createSyevjInfo': ('cusolverDnCreateSyevjInfo', '*p:info'),
    'destroySyevjInfo': ('cusolverDnDestroySyevjInfo', 'p:info'),
    'xgesvdjSetMaxSweeps': ('cusolverDnXgesvdjSetMaxSweeps', 'p:info i:max_sweeps'),
    'xgesvdjSetSortEig': ('cusolverDnXgesvdjSetSortEig', 'p:info i:sort_svd'),
    'xsyevjSetMaxSweeps': ('cusolverDnXsyevjSetMaxSweeps', 'p:info i:max_sweeps'),
    'xsyevjSetSortEig': ('cusolverDnXsyevjSetSortEig', 'p:info i:sort_eig'),
    # sparse handles
    'spCreate': ('cusolverSpCreate', '*p:handle'),
    'spDestroy': ('cusolverSpDestroy', 'p:handle'),
    'spSetStream': ('cusolverSpSetStream', 'p:handle p:stream'),
    'spGetStream': ('cusolverSpGetStream', 'p:handle *p:stream'),
}
_library_module.define_calls(globals(), _TABLE, _libraries.cusolver, check_status, __name__)


def _names(stems, prefixes='sdcz', buffer=True):
    # 'getrf' -> 'sgetrf dgetrf ... sgetrf_bufferSize ...': cuSOLVER's names per precision.
    out = []
    for stem in stems.split():
        for p in prefixes:
            out.append(p + stem)
            if buffer:
                out.append(p + stem + '_bufferSize')
    return ' '.join(out)


_IRS = ' '.join(a + b + stem + suffix
                for a, bs in (('d', 'dshx'), ('s', 'shx'), ('z', 'zcky'), ('c', 'cky'))
                for b in bs for stem in ('gesv', 'gels') for suffix in ('', '_bufferSize'))
# What to use instead of each routine cunp does not provide: {instead: names}.
_INSTEAD = {
    'use cunp.linalg.solve, cunp.linalg.inv or cunp.scipy.linalg.lu_factor/lu_solve (cunp '
    'calls cuSOLVER getrf/getrs)': _names('getrf') + ' sgetrs dgetrs cgetrs zgetrs',
    'use cunp.linalg.cholesky or cunp.scipy.linalg.cho_factor/cho_solve':
        _names('potrf') + ' spotrs dpotrs cpotrs zpotrs spotrfBatched dpotrfBatched '
        'cpotrfBatched zpotrfBatched spotrsBatched dpotrsBatched cpotrsBatched zpotrsBatched',
    'use cunp.linalg.qr': _names('geqrf') + ' ' + _names('orgqr', 'sd') + ' ' +
                          _names('ungqr', 'cz') + ' ' + _names('ormqr', 'sd') + ' ' +
                          _names('unmqr', 'cz') + ' cormqr zormqr',
    'use cunp.linalg.svd': _names('gesvd') + ' ' + _names('gesvdj') + ' ' +
                           _names('gesvdjBatched') + ' ' + _names('gesvdaStridedBatched') +
                           ' xgesvdjGetResidual xgesvdjGetSweeps xgesvdjSetTolerance',
    'use cunp.linalg.eigh or cunp.linalg.eigvalsh': _names('syevd', 'sd') + ' ' +
        _names('heevd', 'cz') + ' ' + _names('syevj', 'sd') + ' ' + _names('heevj', 'cz') +
        ' ' + _names('syevjBatched', 'sd') + ' ' + _names('heevjBatched', 'cz') +
        ' xsyevd xsyevd_bufferSize xsyevjGetResidual xsyevjGetSweeps xsyevjSetTolerance',
    'use cunp.linalg.eig or cunp.linalg.eigvals': 'xgeev xgeev_bufferSize',
    'use cunp.linalg.solve or cunp.linalg.lstsq (cunp has no mixed-precision iterative '
    'refinement; solve in the precision wanted)': _IRS,
    "use cunp.linalg.solve (sytrf is a Bunch-Kaufman LDL^T factorization; "
    "cunp.scipy.linalg.ldl (SciPy's spelling) is not yet in cunp)":
        _names('sytrf'),
    'use cunp.linalg.svd (gebrd is its bidiagonal reduction)': _names('gebrd'),
    "use cunp.scipy.sparse.linalg.spsolve(A, b) on a cunp.scipy.sparse matrix (cunp runs "
    "cuSOLVER's csrlsvqr for it)": 'scsrlsvqr dcsrlsvqr ccsrlsvqr zcsrlsvqr scsrlsvchol '
                                   'dcsrlsvchol ccsrlsvchol zcsrlsvchol',
    'use cunp.scipy.sparse.linalg.eigsh(A, k, sigma=shift) on a cunp.scipy.sparse matrix (the '
    'eigenpairs nearest a shift)':
        'scsreigvsi dcsreigvsi ccsreigvsi zcsreigvsi',
    'cunp loads cuSOLVER at run time; cunp.show_config() names the library it loaded':
        'loaded_dl',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
