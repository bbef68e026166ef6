"""cunp.cuda.thrust: CuPy's Thrust entry points, decided against.

CuPy's thrust.sort/argsort/lexsort take a dtype and raw pointers and are its own sort's
engine; cunp's sort engine is its own (segmented radix and merge sorts behind cunp.sort), so
these names say which cunp function to call. `available` is False, so CuPy code that checks it
before using Thrust takes its other path.
"""
from cunp.cuda import _library_module

available = False

# What to use instead of each name cunp does not provide: {instead: names}.
_INSTEAD = {
    'use cunp.sort (or ndarray.sort), which sorts along any axis on the GPU': 'sort',
    'use cunp.argsort (or ndarray.argsort)': 'argsort',
    'use cunp.lexsort': 'lexsort',
    'cunp does not build with Thrust; cunp.show_config() names the toolkit':
        'get_build_version',
}
__getattr__, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)
