"""cunp.cuda.curand: cuRAND's host API (generators filling device memory), as cupy.cuda.curand.

Every name is provided: each is one call of libcurand (through the table below), taking device
pointers as ints, as CuPy's are. The generate* calls run on the current stream, as CuPy's do
(the generator's stream is set to it first). cunp.random is the array-level API.
"""
from cunp.cuda import _libraries, _library_module

CURAND_RNG_PSEUDO_DEFAULT = 100
CURAND_RNG_PSEUDO_XORWOW = 101
CURAND_RNG_PSEUDO_MRG32K3A = 121
CURAND_RNG_PSEUDO_MTGP32 = 141
CURAND_RNG_PSEUDO_MT19937 = 142
CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161
CURAND_RNG_QUASI_DEFAULT = 200
CURAND_RNG_QUASI_SOBOL32 = 201
CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202
CURAND_RNG_QUASI_SOBOL64 = 203
CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
CURAND_ORDERING_PSEUDO_BEST = 100
CURAND_ORDERING_PSEUDO_DEFAULT = 101
CURAND_ORDERING_PSEUDO_SEEDED = 102
CURAND_ORDERING_QUASI_DEFAULT = 201

STATUS = {0: 'CURAND_STATUS_SUCCESS', 100: 'CURAND_STATUS_VERSION_MISMATCH',
          101: 'CURAND_STATUS_NOT_INITIALIZED', 102: 'CURAND_STATUS_ALLOCATION_FAILED',
          103: 'CURAND_STATUS_TYPE_ERROR', 104: 'CURAND_STATUS_OUT_OF_RANGE',
          105: 'CURAND_STATUS_LENGTH_NOT_MULTIPLE',
          106: 'CURAND_STATUS_DOUBLE_PRECISION_REQUIRED', 201: 'CURAND_STATUS_LAUNCH_FAILURE',
          202: 'CURAND_STATUS_PREEXISTING_FAILURE', 203: 'CURAND_STATUS_INITIALIZATION_FAILED',
          204: 'CURAND_STATUS_ARCH_MISMATCH', 999: 'CURAND_STATUS_INTERNAL_ERROR'}
CURANDError = _library_module.status_error(
    'CURANDError', STATUS, 'A cuRAND call failed; `status` is its curandStatus_t.')
CURANDError.__module__ = __name__
check_status = _library_module.checker(CURANDError)

# name: (cuRAND symbol, prototype as _ctypes_calls reads it)
_TABLE = {
    'getVersion': ('curandGetVersion', '*i:version'),
    'createGenerator': ('curandCreateGenerator', '*p:generator i:rng_type'),
    'destroyGenerator': ('curandDestroyGenerator', 'p:generator'),
    'setStream': ('curandSetStream', 'p:generator p:stream'),
    'setPseudoRandomGeneratorSeed': ('curandSetPseudoRandomGeneratorSeed',
                                     'p:generator L:seed'),
    'setGeneratorOffset': ('curandSetGeneratorOffset', 'p:generator L:offset'),
    'setGeneratorOrdering': ('curandSetGeneratorOrdering', 'p:generator i:order'),
    'generate': ('curandGenerate', 'p:generator p:outputPtr z:num'),
    'generateLongLong': ('curandGenerateLongLong', 'p:generator p:outputPtr z:num'),
    'generateUniform': ('curandGenerateUniform', 'p:generator p:outputPtr z:num'),
    'generateUniformDouble': ('curandGenerateUniformDouble', 'p:generator p:outputPtr z:num'),
    'generateNormal': ('curandGenerateNormal', 'p:generator p:outputPtr z:n f:mean f:stddev'),
    'generateNormalDouble': ('curandGenerateNormalDouble',
                             'p:generator p:outputPtr z:n d:mean d:stddev'),
    'generateLogNormal': ('curandGenerateLogNormal',
                          'p:generator p:outputPtr z:n f:mean f:stddev'),
    'generateLogNormalDouble': ('curandGenerateLogNormalDouble',
                                'p:generator p:outputPtr z:n d:mean d:stddev'),
    'generatePoisson': ('curandGeneratePoisson', 'p:generator p:outputPtr z:n d:lam'),
}
_calls = _library_module.define_calls(globals(), _TABLE, _libraries.curand, check_status,
                                      __name__)


def _on_current_stream(call):
    def generate_on_current_stream(generator, *args, **kwargs):
        from cunp.cuda import get_current_stream
        call.__signature__.bind(generator, *args, **kwargs)  # TypeError before any call
        _calls['setStream'](generator, get_current_stream().ptr)
        return call(generator, *args, **kwargs)
    generate_on_current_stream.__name__ = generate_on_current_stream.__qualname__ = \
        call.__name__
    generate_on_current_stream.__signature__ = call.__signature__
    generate_on_current_stream.__doc__ = call.__doc__ + ' Runs on the current stream.'
    generate_on_current_stream.__module__ = __name__
    return generate_on_current_stream


for _name in [n for n in _TABLE if n.startswith('generate')]:
    globals()[_name] = _on_current_stream(_calls[_name])
del _name
