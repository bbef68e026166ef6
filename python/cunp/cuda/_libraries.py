"""Finding and opening the CUDA libraries behind cunp.cuda.runtime, driver and nvrtc.

The three modules are thin layers over CUDA's C APIs, called through ctypes: CuPy's
modules of the same names are the spec, and they mirror cudart, libcuda and NVRTC one
call to one call, so a table of C prototypes gives their exact semantics (status codes,
out-parameters) with no per-function C++ to build. None of these calls is on a hot path;
cunp's own operations stay on the driver API in C++. Libraries open on first call, so
`import cunp` needs no GPU, driver or toolkit (DESIGN 8).
"""
import ctypes
import os

from cunp import _core


def _once(load):
    # Loads once; a failure is kept too, so a machine without the library does not pay the
    # search (and its 0.3 s toolkit probe) on every call.
    outcome = []

    def get():
        if not outcome:
            try:
                outcome.append((load(), None))
            except OSError as e:
                outcome.append((None, e))
        lib, error = outcome[0]
        if error is not None:
            raise error
        return lib
    get.__doc__ = load.__doc__
    return get


def _toolkit_rows():
    # Where cunp's C++ config found the toolkit (CUNP_CUDA_LIBRARY_DIRS, CUDA_PATH, pip's
    # nvidia-* wheels, /usr/local/cuda): one owner for that search, here only read.
    try:
        return {row['name']: row['value'] for row in _core.config_info()['toolkit']}
    except Exception:  # noqa: BLE001 - a broken config must not hide the soname search
        return {}


def _open(sonames, directories, what, hint, mode=ctypes.RTLD_LOCAL):
    errors = []
    candidates = [os.path.join(d, n) for d in directories for n in sonames] + list(sonames)
    for path in candidates:
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            return ctypes.CDLL(path, mode=mode)
        except OSError as e:
            errors.append(str(e))
    raise OSError('%s could not be loaded (%s); %s' % (what, '; '.join(errors[-2:]) or
                                                       'no candidate found', hint))


def _library_dirs():
    dirs = _toolkit_rows().get('library directories', '')
    return [d for d in dirs.split(':') if d and d != 'none']


@_once
def cudart():
    """libcudart of the toolkit cunp uses (the directory of its NVRTC), else by soname."""
    return _open(['libcudart.so.13', 'libcudart.so.12', 'libcudart.so'], _library_dirs(),
                 'the CUDA runtime (libcudart)',
                 'install the CUDA toolkit or the nvidia-cuda-runtime package, or name its '
                 'directory in CUNP_CUDA_LIBRARY_DIRS')


@_once
def cuda():
    """The driver API, as the driver installs it."""
    lib = _open(['libcuda.so.1', 'libcuda.so'], [], 'the CUDA driver (libcuda.so.1)',
                'cunp.cuda.driver needs an NVIDIA GPU and its driver')
    lib.cuInit(0)  # idempotent; its failure shows up in the first real call's status
    return lib


@_once
def nvrtc():
    """The NVRTC cunp's own kernels compile with."""
    path = _toolkit_rows().get('NVRTC', '')
    first = [path] if path.startswith(os.sep) else []
    return _open(first + ['libnvrtc.so.13', 'libnvrtc.so.12', 'libnvrtc.so'], [],
                 'NVRTC (libnvrtc)',
                 'install the CUDA toolkit or the nvidia-cuda-nvrtc package, or set '
                 'CUNP_NVRTC_PATH')


def _math_library(sonames, what, variable):
    # The CUDA math libraries behind cunp.cuda.cublas, cusolver, cusparse, curand and cufft:
    # the toolkit's directories first (as cunp's core finds them), then the sonames.
    def load():
        path = os.environ.get(variable, '')
        first = [path] if path.startswith(os.sep) else []
        return _open(first + sonames, _library_dirs(), what,
                     'install the CUDA toolkit or its pip wheel, or set %s' % variable)
    load.__doc__ = '%s, by the sonames the core loads it by.' % what
    return _once(load)


cublas = _math_library(['libcublas.so.13', 'libcublas.so.12', 'libcublas.so'], 'cuBLAS',
                       'CUNP_CUBLAS_PATH')
cusolver = _math_library(['libcusolver.so.12', 'libcusolver.so.11', 'libcusolver.so'],
                         'cuSOLVER', 'CUNP_CUSOLVER_PATH')
cusparse = _math_library(['libcusparse.so.12', 'libcusparse.so.13', 'libcusparse.so'],
                         'cuSPARSE', 'CUNP_CUSPARSE_PATH')
curand = _math_library(['libcurand.so.10', 'libcurand.so'], 'cuRAND', 'CUNP_CURAND_PATH')
cufft = _math_library(['libcufft.so.12', 'libcufft.so.11', 'libcufft.so'], 'cuFFT',
                      'CUNP_CUFFT_PATH')
