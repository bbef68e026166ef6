"""Every public function of cunp, cunp.linalg, cunp.fft and cunp.polynomial against NumPy's
function of the same name, with arguments drawn from NumPy's own signature: parameters that
take arrays get random arrays (every dtype, 0-d, empty, size-1 axes, non-contiguous,
negative-stride and broadcast views), the keywords known here get valid and invalid values,
the others keep their defaults. Compared: the result's dtype, shape, C/F contiguity and values,
or the exception's type (differential.expected_type).

Functions out of reach of such arguments are listed in SKIP with the reason; ufuncs are drawn
by test_fuzz_every_ufunc.py and test_fuzz_ufuncs.py. CUNP_FUZZ_SIGNATURE_EXAMPLES sets the
examples per function (default: a sixth of CUNP_FUZZ_EXAMPLES, at least 3); CUNP_FUZZ_SIGNATURE_SHARD=i/n draws every n-th
function from the i-th (the reliability harness runs shards side by side).
"""
import inspect
import math
import os

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import differential
import known_differences
import strategies as s
from differential import check

pytestmark = pytest.mark.gpu

EXAMPLES = int(os.environ.get('CUNP_FUZZ_SIGNATURE_EXAMPLES',
                              max(3, int(os.environ.get('CUNP_FUZZ_EXAMPLES', '60')) // 6)))

# (cunp's module path, NumPy's module): each pair's shared public functions are drawn.
MODULES = [('', numpy), ('linalg', numpy.linalg), ('fft', numpy.fft),
           ('polynomial.polynomial', numpy.polynomial.polynomial),
           ('polynomial.polyutils', numpy.polynomial.polyutils)]

_FUNCTIONS_OF_FUNCTIONS = 'takes a Python function (vectorize and piecewise have their own tests)'
_FILES = 'reads or writes files, buffers or iterators'
_SETTINGS = 'process settings, help or printing configuration, not array results'
SKIP = {
    'empty': 'uninitialised values', 'empty_like': 'uninitialised values',
    'vectorize': _FUNCTIONS_OF_FUNCTIONS, 'frompyfunc': _FUNCTIONS_OF_FUNCTIONS,
    'piecewise': _FUNCTIONS_OF_FUNCTIONS, 'apply_along_axis': _FUNCTIONS_OF_FUNCTIONS,
    'apply_over_axes': _FUNCTIONS_OF_FUNCTIONS, 'fromfunction': _FUNCTIONS_OF_FUNCTIONS,
    'load': _FILES, 'save': _FILES, 'savez': _FILES, 'savez_compressed': _FILES,
    'loadtxt': _FILES, 'savetxt': _FILES, 'genfromtxt': _FILES, 'fromfile': _FILES,
    'fromregex': _FILES, 'frombuffer': _FILES, 'fromstring': _FILES, 'fromiter': _FILES,
    'set_printoptions': _SETTINGS, 'get_printoptions': _SETTINGS, 'printoptions': _SETTINGS,
    'setbufsize': _SETTINGS, 'getbufsize': _SETTINGS, 'seterr': _SETTINGS, 'geterr': _SETTINGS,
    'seterrcall': _SETTINGS, 'geterrcall': _SETTINGS, 'show_config': _SETTINGS,
    'show_runtime': _SETTINGS, 'get_include': _SETTINGS, 'info': _SETTINGS, 'test': _SETTINGS,
    'einsum': 'subscripts strings: tests/python/linalg einsum cases',
    'einsum_path': 'subscripts strings: tests/python/linalg einsum cases',
    'asnumpy': 'cunp only', 'get_array_module': 'cunp only',
}

# Required parameters that are not arrays, by name: a strategy for each.
_SMALL = st.integers(-2, 5)
SPECIAL = {
    'shape': s.shapes, 'newshape': s.shapes, 'dtype': st.sampled_from(s.DTYPES),
    'N': _SMALL, 'M': st.none() | _SMALL, 'n': _SMALL, 'k': _SMALL, 'num': _SMALL,
    'deg': st.integers(-1, 4), 'repeats': st.integers(-1, 3), 'kth': st.integers(-2, 3),
    'indices_or_sections': st.integers(-1, 4), 'sections': st.integers(-1, 4),
    'shift': st.integers(-3, 3), 'reps': st.integers(-1, 3), 'axis': st.integers(-3, 3),
    'axis1': st.integers(-3, 3), 'axis2': st.integers(-3, 3), 'source': st.integers(-3, 3),
    'destination': st.integers(-3, 3), 'start': st.integers(-5, 5), 'stop': st.integers(-5, 5),
    'ndim': st.integers(0, 3), 'pad_width': st.integers(0, 2), 'q': st.floats(0, 1),
    'fill_value': s.python_scalars(), 'value': s.python_scalars(), 'val': s.python_scalars(),
    'decimals': st.integers(-1, 3), 'off': st.integers(-3, 3), 'scl': st.integers(-2, 3),
    # An exponent or a shape drawn as an array of any values asks for a polynomial of degree
    # 2**63 or an array of that many elements: NumPy's side never ends, or runs out of memory.
    'pow': st.integers(-1, 5), 'new_shape': s.shapes, 'dimensions': s.shapes,
    'dims': s.shapes,
    # Dtype arguments (promote_types, can_cast, issubdtype) and isdtype's kinds.
    'type1': st.sampled_from(s.DTYPES), 'type2': st.sampled_from(s.DTYPES),
    'from_': st.sampled_from(s.DTYPES), 'to': st.sampled_from(s.DTYPES),
    'arg1': st.sampled_from(s.DTYPES), 'arg2': st.sampled_from(s.DTYPES),
    'kind': st.sampled_from(['bool', 'signed integer', 'unsigned integer', 'integral',
                             'real floating', 'complex floating', 'numeric', 'bad']),
}
# Parameters with these names make the function unreachable from arrays.
UNREACHABLE = {'func', 'func1d', 'function', 'pyfunc', 'funclist', 'ufunc',
               'file', 'fname', 'fid', 'string', 'buffer', 'iter', 'subscripts', 'like_func'}
# Sequence-of-arrays parameters; of one length per call mostly (select's condlist and
# choicelist pair up).
SEQUENCES = {'tup', 'arrays', 'arys', 'xs', 'choices', 'list_of_arrays', 'choicelist'}
# Sequences of boolean arrays (now and then one of another dtype, which NumPy refuses).
BOOL_SEQUENCES = {'condlist'}

# Optional keywords: drawn a third of the time, valid and invalid values alike.
KEYWORDS = {
    'axis': st.one_of(st.none(), st.integers(-4, 3), st.just((0, 1)), st.just((0, 0))),
    'keepdims': st.booleans(), 'dtype': st.none() | st.sampled_from(s.DTYPES),
    'order': st.sampled_from(['C', 'F', 'A', 'K', 'X']), 'ddof': st.integers(-1, 2),
    'casting': st.sampled_from(['no', 'equiv', 'safe', 'same_kind', 'unsafe', 'bad']),
    'copy': st.sampled_from([True, False, None]),
    'norm': st.sampled_from([None, 'ortho', 'forward', 'backward', 'bad']),
    'n': st.none() | st.integers(-1, 6), 'side': st.sampled_from(['left', 'right', 'middle']),
    'endpoint': st.booleans(), 'decimals': st.integers(-1, 3), 'k': st.integers(-2, 2),
    'ord': st.sampled_from([None, 1, 2, -1, -2, math.inf, -math.inf, 0, 'fro', 'nuc', 3]),
    'bias': st.booleans(), 'rowvar': st.booleans(), 'ndmin': st.integers(0, 3),
    'return_counts': st.booleans(), 'return_index': st.booleans(),
    'equal_nan': st.booleans(), 'assume_unique': st.booleans(), 'invert': st.booleans(),
    'rcond': st.none() | st.floats(0, 1), 'hermitian': st.booleans(), 'upper': st.booleans(),
    'full_matrices': st.booleans(), 'compute_uv': st.booleans(), 'tensor': st.booleans(),
    'trim': st.booleans(), 'stable': st.none() | st.booleans(), 'descending': st.booleans(),
    'default': s.python_scalars(),
}


def _cunp_module(path):
    module = differential.xp
    for part in filter(None, path.split('.')):
        module = getattr(module, part)
    return module


def _functions():
    """(cunp module path, NumPy module, name, NumPy's parameters) for every shared function
    whose NumPy signature can be read; skipped ones as (…, None)."""
    import cunp

    out = []
    for path, np_module in MODULES:
        mod = cunp
        for part in filter(None, path.split('.')):
            mod = getattr(mod, part)
        for name in sorted(set(dir(mod)) & set(dir(np_module))):
            if name.startswith('_'):
                continue
            fn = getattr(np_module, name)
            if isinstance(fn, (type, numpy.ufunc)) or inspect.ismodule(fn) or not callable(fn):
                continue
            reason = SKIP.get(name)
            try:
                params = list(inspect.signature(fn).parameters.values())
            except (TypeError, ValueError):
                params, reason = None, reason or "NumPy's signature cannot be read"
            if params and any(p.name in UNREACHABLE for p in params):
                reason = reason or 'takes ' + next(p.name for p in params if p.name in UNREACHABLE)
            out.append(pytest.param(path, np_module, name, params,
                                    id=f'{path}.{name}' if path else name,
                                    marks=pytest.mark.skip(reason=reason) if reason else ()))
    shard = os.environ.get('CUNP_FUZZ_SIGNATURE_SHARD')  # "i/n": every n-th function from i
    if shard:
        i, n = map(int, shard.split('/'))
        out = out[i::n]
    return out


@st.composite
def call_arguments(draw, params):
    """Positional arrays and values, and keyword values, drawn from NumPy's parameters."""
    dtype = draw(s.dtypes)
    shape = draw(s.shapes)
    count = draw(st.integers(1, 3))  # the length of sequence arguments
    positional, keywords, arrays = [], {}, []
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        required = p.default is p.empty and p.kind != p.KEYWORD_ONLY
        if required:
            if p.name in SPECIAL:
                positional.append(('value', draw(SPECIAL[p.name])))
            elif p.name in SEQUENCES or p.name in BOOL_SEQUENCES:
                # (hypothesis favours small draws: the odd case is the largest one)
                n = draw(st.integers(0, 3)) if draw(st.integers(0, 5)) == 5 else count
                same = draw(st.booleans())
                if p.name in BOOL_SEQUENCES:
                    kinds = [None if draw(st.integers(0, 7)) == 7 else numpy.dtype('?')
                             for _ in range(n)]
                    same = same or draw(st.booleans())  # mostly of the values' shape
                else:
                    kinds = [dtype if same else None] * n
                items = [draw(s.arrays(dtype=kind, shape=shape if same else None))
                         for kind in kinds]
                positional.append(('arrays', len(arrays), n))
                arrays.extend((a, draw(s.layouts(a))) for a in items)
            else:
                # Mostly one dtype and shape for all the array arguments, so that they combine.
                a = draw(s.arrays(dtype=dtype if draw(st.integers(0, 3)) else None,
                                  shape=shape if draw(st.integers(0, 3)) else None))
                positional.append(('array', len(arrays)))
                arrays.append((a, draw(s.layouts(a))))
        elif p.name in KEYWORDS and draw(st.integers(0, 2)) == 0:
            keywords[p.name] = draw(KEYWORDS[p.name])
    return positional, keywords, arrays


# Functions that write their first argument: cunp's broadcast views are writable where NumPy's
# are read-only (docs/differences.md), so that argument is never drawn as a broadcast view.
WRITES_FIRST = {'put', 'place', 'putmask', 'copyto', 'put_along_axis', 'fill_diagonal',
                'nan_to_num'}

# Functions that run LAPACK on their input: LAPACK's iterations may never end on NaN or inf
# (NumPy's svd hangs), so their inputs are made finite.
LAPACK = {'roots', 'poly', 'polyfit', 'polyroots', 'polyfromroots', 'polycompanion'}


# Functions compared on the reciprocal of their result: the condition number of a singular
# (bool or integer) matrix is 1 / (rounding), any value past 1/eps; its reciprocal is ~0 either way.
RECIPROCAL = {'cond'}

# Factorizations whose factors are unique only up to a sign (a phase) per column: where a
# diagonal entry of R, or the entries of a singular vector, sit at rounding level, LAPACK and
# cuSOLVER may pick either. Both sides are brought to one choice in place (the layouts stay).
SIGN_FREE = {'qr', 'svd'}

# Functions whose result's order is unspecified (NumPy 2.5 hashes; the order in which LAPACK's
# and cuSOLVER's eigenvalue iterations deflate): compared sorted.
UNORDERED = {'unique_values', 'eigvals'}

# Functions whose indices are unspecified among equal values (argpartition's ties): compared
# by the values they pick from the first argument.
BY_VALUES = {'argpartition'}

# Functions that fix only the kth places: what lies between two kth places (or before the first,
# after the last) is any order of the right values. Compared with each such run sorted, which
# checks the defining property (the kth values, and the right values on either side) and
# nothing NumPy leaves open.
BY_RUNS = {'partition', 'argpartition'}


# Eigenproblems compared only where the matrix decides the answer: eigenvalues of a defective
# matrix move by sqrt(eps) under rounding (any two solvers differ there), so draws whose
# eigenvector matrix is ill-conditioned are left out; eig's vectors of a repeated eigenvalue
# are any basis of its space, so eig is compared by its sorted eigenvalues and whether the
# residual |A v - v w| of each vector is at rounding level. eigh's vectors are as free (a sign
# or phase each, any basis of a repeated eigenvalue's space): compared the same way, on the
# Hermitian matrix it reads from one triangle.
EIGEN = {'eig', 'eigvals'}


def _eigen_well_posed(a):
    a = numpy.asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2] or not a.size:
        return True
    work = a.astype(complex if a.dtype.kind == 'c' else float)
    try:
        with numpy.errstate(all='ignore'):
            v = numpy.linalg.eig(work).eigenvectors
            return bool((numpy.linalg.cond(v) < 1e6).all())
    except numpy.linalg.LinAlgError:
        return True


def _eig_by_residual(xp, a, result):
    """(the sorted eigenvalues, whether each vector's residual |A v - v w| is within sqrt(eps)
    of the matrix's scale): the residuals themselves are rounding noise, which two solvers need
    not share, while a wrong vector's residual is of the matrix's own size."""
    w, v = result
    if not v.size:
        return xp.sort(w), xp.abs(w) >= 0
    a = xp.asarray(a).astype(v.dtype)
    eps = numpy.finfo(numpy.dtype(str(v.dtype))).eps
    scale = max(float(xp.abs(a).max()), float(xp.abs(w).max()), 1.0)
    r = xp.abs(xp.matmul(a, v) - v * w[..., None, :]).max(axis=-2)
    return xp.sort(w), r <= numpy.sqrt(eps) * scale


def _hermitian(xp, a, uplo):
    """The Hermitian matrix that eigh reads from one triangle of a (and the real part of its
    diagonal)."""
    a = xp.asarray(a)
    a = a.astype(xp.result_type(a.dtype, xp.float32))
    lower = str(uplo).upper() == 'L'
    strict = xp.tril(a, -1) if lower else xp.triu(a, 1)
    n = a.shape[-1]
    diagonal = xp.real(xp.diagonal(a, axis1=-2, axis2=-1))[..., None, :] * xp.eye(n, dtype=a.dtype)
    return strict + xp.conj(xp.swapaxes(strict, -1, -2)) + diagonal


def _phase(xp, v):
    """v / |v|, 1 where v is 0."""
    m = xp.abs(v)
    return xp.where(m == 0, 1, v / xp.where(m == 0, 1, m)).astype(v.dtype)


def _determined(xp, diag):
    """1 for the leading columns of a QR factorization that the matrix decides, 0 from the first
    diagonal entry of R at rounding level on: past it (a rank-deficient matrix) Q's columns are
    any orthonormal completion and R's rows follow them."""
    m = xp.abs(diag)
    small = m <= 1e-8 * m.max(axis=-1, keepdims=True)
    return (xp.cumsum(small, axis=-1) == 0).astype(m.dtype)


def _fix_signs(xp, name, result):
    if name == 'qr' and hasattr(result, 'Q'):
        q, r = result.Q, result.R
        k = min(r.shape[-2], r.shape[-1])
        if k and q.size:
            diag = xp.diagonal(r, axis1=-2, axis2=-1)[..., :k]
            ph = _phase(xp, diag) * _determined(xp, diag)
            q[..., :, :k] *= ph[..., None, :]
            r[..., :k, :] *= xp.conj(ph)[..., :, None]
    elif name == 'qr' and not isinstance(result, tuple) and result.ndim >= 2:  # mode='r'
        k = min(result.shape[-2], result.shape[-1])
        if k and result.size:
            diag = xp.diagonal(result, axis1=-2, axis2=-1)[..., :k]
            ph = _phase(xp, diag) * _determined(xp, diag)
            result[..., :k, :] *= xp.conj(ph)[..., :, None]
    elif name == 'svd' and hasattr(result, 'U'):
        u, sv, vh = result.U, result.S, result.Vh
        k = sv.shape[-1]
        if u.size and vh.size and k:
            # Singular vectors of a zero or repeated singular value span a subspace in which
            # any basis is right (as do u's columns and vh's rows past k): both sides zero them.
            tol = 1e-3 * sv.max(axis=-1, keepdims=True)
            alone = sv > tol
            gap = xp.abs(sv[..., 1:] - sv[..., :-1]) > tol
            alone[..., 1:] &= gap
            alone[..., :-1] &= gap
            keep = alone.astype(u.real.dtype)
            u[..., :, k:] = 0
            vh[..., k:, :] = 0
            u[..., :, :k] *= keep[..., None, :]
            vh[..., :k, :] *= keep[..., :, None]
            # each remaining column of u by its entry of largest magnitude; vh's rows to match
            big = xp.take_along_axis(u, xp.argmax(xp.abs(u), axis=-2)[..., None, :], -2)
            ph = xp.conj(_phase(xp, big))
            u *= ph
            vh[..., :k, :] *= xp.conj(ph[..., 0, :k])[..., :, None]


def _sort_runs(xp, result, kth, axis):
    """result (partition's, or argpartition's picked values) with each run between its kth
    places sorted along axis, in place."""
    if result.ndim == 0:
        return
    moved = xp.moveaxis(result, axis, -1)
    n = moved.shape[-1]
    places = sorted({int(k) % n for k in numpy.asarray(kth).ravel()}) if n else []
    start = 0
    for stop in places + [n]:
        if stop - start > 1:
            moved[..., start:stop] = xp.sort(moved[..., start:stop], axis=-1)
        start = stop + 1


def _well_conditioned(xp, a):
    """Finite values, and square float matrices made diagonally dominant, so that the values
    of inverses and solutions are not decided by rounding."""
    if a.dtype.kind not in 'fc':
        return a
    a = xp.nan_to_num(a, nan=0.0, posinf=1.0, neginf=-1.0)
    if a.ndim >= 2 and a.shape[-1] == a.shape[-2] and a.shape[-1]:
        n = a.shape[-1]
        return a + (20 * n) * xp.eye(n, dtype=a.dtype)
    return a


@pytest.mark.parametrize('path, np_module, name, params', _functions())
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_function(path, np_module, name, params, data):
    positional, keywords, arrays = data.draw(call_arguments(params))
    differential.FUNCTIONS.add(f'{path}.{name}' if path else name)
    layouts = [layout for _, layout in arrays]
    if path == 'fft':
        assume(not known_differences.fft_not_finite([a for a, _ in arrays]))
    if not path:
        values = [item[1] if item[0] == 'value' else arrays[item[1]][0] for item in positional
                  if item[0] in ('value', 'array')]
        assume(not known_differences.spacing_cast_to_int(name, values, keywords))
        assume(not known_differences.round_cast_to_int(name, values, keywords))
    assume(not known_differences.bincount_past_int64(name, [a for a, _ in arrays]))
    assume(not known_differences.complex_histogram(name, [a for a, _ in arrays]))
    assume(not known_differences.dtype_cast_unrepresentable([a for a, _ in arrays], keywords))
    if path == 'linalg' and name in EIGEN and arrays:
        assume(_eigen_well_posed(_well_conditioned(
            numpy, s.apply_layout(numpy, arrays[0][0].copy(), layouts[0]))))
    if name in WRITES_FIRST and layouts:
        layouts[0] = tuple(step for step in layouts[0] if step[0] != 'broadcast')

    def call(xp, *bases):
        module = np_module if xp is numpy else _cunp_module(path)
        # A copy first: a function that writes its argument must not change the other side's.
        views = [s.apply_layout(xp, b.copy(), lay) for b, lay in zip(bases, layouts)]
        if path == 'linalg' or name in LAPACK:
            views = [_well_conditioned(xp, v) for v in views]
        args = []
        for item in positional:
            if item[0] == 'value':
                args.append(item[1])
            elif item[0] == 'array':
                args.append(views[item[1]])
            else:
                args.append(views[item[1]:item[1] + item[2]])
        result = getattr(module, name)(*args, **keywords)
        if name in RECIPROCAL:
            result = 1 / result
        if name in UNORDERED:
            result = xp.sort(result)
        if name in BY_VALUES:
            axis = keywords.get('axis', -1) if len(args) < 3 else args[2]
            picked = args[0] if axis is not None else xp.asarray(args[0]).ravel()
            result = xp.take_along_axis(xp.asarray(picked), result, -1 if axis is None else axis)
        if name in BY_RUNS:
            axis = keywords.get('axis', -1) if len(args) < 3 else args[2]
            kth = keywords['kth'] if 'kth' in keywords else args[1]
            _sort_runs(xp, result, kth, -1 if axis is None else axis)
        if name in SIGN_FREE and path == 'linalg':
            _fix_signs(xp, name, result)
        if name == 'eig' and path == 'linalg':
            result = _eig_by_residual(xp, args[0], result)
        if name == 'eigh' and path == 'linalg':
            uplo = keywords.get('UPLO', args[1] if len(args) > 1 else 'L')
            result = _eig_by_residual(xp, _hermitian(xp, args[0], uplo), result)
        # Functions that write an argument in place (and return None) are compared on it.
        return views[0] if result is None and views else result

    if (name in known_differences.SCANS or name in known_differences.REDUCTION_SCANS
            or name in known_differences.FLOAT_SUMS):
        with differential.quiet():
            try:
                expected = call(numpy, *[a for a, _ in arrays])
            except Exception:  # NumPy's error is compared in check
                expected = None
        assume(not known_differences.scan_overflow(name, [a for a, _ in arrays], expected))
        assume(not known_differences.reduction_overflow(name, [a for a, _ in arrays], expected))
        assume(not known_differences.float_sum_of_wide_integers(
            name, [a for a, _ in arrays], expected))

    # Transforms and factorizations round relative to the whole result.
    check(call, *[a for a, _ in arrays], flags=True, normwise=path in ('fft', 'linalg'))
