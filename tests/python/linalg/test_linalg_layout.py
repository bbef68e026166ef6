"""NumPy's layout rules (cunp/_array/_layouts.py: the iterator's order) and those of
numpy.linalg's factorizations (cunp/linalg/_layout.py: the gufunc outputs), against NumPy's real results on the CPU for inputs of many layouts (transposed stacks,
F order, reversed, broadcast, size-1 and size-0 axes); on the GPU, cunp's results' C/F
contiguity against NumPy's."""
import itertools

import numpy
import pytest

import cunp
from layout_support import make
import cunp._array._layouts as rules
from cunp.linalg import _layout

SHAPES = [(2, 2), (3, 2), (2, 3), (1, 1), (2, 1), (1, 3), (2, 2, 2), (3, 2, 1), (2, 1, 3),
          (2, 3, 2, 2), (2, 2, 1, 1), (1, 2, 3, 2), (0, 2, 2), (2, 0, 3)]


def _layouts(ndim):
    yield ()
    yield (('F', None),)
    yield (('slice', (slice(None, None, -1),) * ndim),)
    for perm in itertools.islice(itertools.permutations(range(ndim)), 1, 6):
        yield (('transpose', perm),)
    yield (('broadcast', 2),)
    yield (('transpose', tuple(range(ndim))[::-1]), ('broadcast', 3))


def _cases(seed=0):
    rng = numpy.random.default_rng(seed)
    for shape in SHAPES:
        for dtype in ('float64', 'float32', 'complex128', 'bool'):
            base = (rng.standard_normal(shape) + 3).astype(dtype)
            for layout in _layouts(len(shape)):
                yield base, layout, make(numpy, base, layout)


def _check(got, want, what):
    """NumPy's array `got` has the element strides `want` (axes of extent 1 aside)."""
    assert got.ndim == len(want), what
    if got.size:
        for ax in range(got.ndim):
            if got.shape[ax] != 1:
                assert got.strides[ax] == want[ax] * got.itemsize, (what, got.strides, want)


CASES = list(_cases())


@pytest.mark.parametrize('full_matrices', [True, False])
def test_svd_rule_matches_numpy(full_matrices):
    for _, layout, a in CASES:
        if 0 in a.shape[-2:]:
            continue  # NumPy's svd of empty matrices: identities, not the gufunc's outputs
        u, s, vh = numpy.linalg.svd(a, full_matrices=full_matrices)
        want = _layout.svd_strides(a.shape, a.strides, a.itemsize, full_matrices, True)
        for got, w, name in zip((u, s, vh), want, 'u s vh'.split()):
            _check(got, w, (name, a.shape, a.strides, layout))
        s_only = numpy.linalg.svd(a, compute_uv=False)
        _check(s_only, _layout.svd_strides(a.shape, a.strides, a.itemsize, True, False),
               ('s', a.shape, a.strides, layout))


@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
def test_qr_rule_matches_numpy(mode):
    for _, layout, a in CASES:
        if 0 in a.shape[-2:]:
            continue
        got = numpy.linalg.qr(a, mode=mode)
        want = _layout.qr_strides(a.shape, a.strides, a.itemsize, mode)
        if mode == 'r':
            got, want = (got,), (want,)
        for g, w in zip(got, want):
            _check(g, w, (mode, a.shape, a.strides, layout))


ONE_INPUT = {'det': 1, 'slogdet': 2, 'inv': 1, 'cholesky': 1, 'eigh': 2, 'eigvalsh': 1}


@pytest.mark.parametrize('name', sorted(ONE_INPUT))
def test_one_input_gufunc_rule_matches_numpy(name):
    checked = 0
    for _, layout, a in CASES:
        if a.shape[-1] != a.shape[-2] or 0 in a.shape[-2:]:
            continue
        try:
            got = getattr(numpy.linalg, name)(a)
        except numpy.linalg.LinAlgError:
            continue  # singular or not positive definite
        got = tuple(got) if ONE_INPUT[name] > 1 else (got,)
        nloop = a.ndim - 2
        want = _layout.gufunc_results(a.shape, a.strides, a.itemsize,
                                      [g.shape[nloop:] for g in got])
        for g, w in zip(got, want):
            _check(g, w, (name, a.shape, a.strides, layout))
        checked += 1
    assert checked > 20


def _check_bytes(got, want, itemsize, what):
    """`got` has the strides `want` in items of `itemsize` bytes (axes of extent 1 aside)."""
    assert got.ndim == len(want), what
    if got.size:
        for ax in range(got.ndim):
            if got.shape[ax] != 1:
                assert got.strides[ax] == want[ax] * itemsize, (what, got.strides, want)


def _solve_pairs(seed=2):
    """(a recipe, b recipe, a, b) for solve: square stacks of many layouts against vectors,
    matrices and stacks of right-hand sides (broadcast both ways, F order, transposed,
    reversed). A recipe is (base, layout) for `make`."""
    rng = numpy.random.default_rng(seed)
    for abase, layout, a in CASES:
        if a.shape[-1] != a.shape[-2] or a.dtype.kind == 'b':
            continue
        n = a.shape[-1]
        loop = a.shape[:-2]
        for bshape in [(n,), (n, 2), (n, 1), (1, n, 3), loop + (n, 2), (2,) + loop + (n, 1),
                       loop[1:] + (n, 3)]:
            base = rng.standard_normal(bshape)
            blayouts = [(), (('F', None),), (('slice', (slice(None, None, -1),) * len(bshape)),)]
            if len(bshape) >= 3:
                blayouts.append((('transpose', (1, 0) + tuple(range(2, len(bshape)))),))
            for blayout in blayouts:
                b = make(numpy, base, blayout)
                if b.ndim > 1 and b.shape[-2] != n:
                    continue
                try:
                    numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2] if b.ndim > 1 else ())
                except ValueError:
                    continue
                yield (abase, layout), (base, blayout), a, b


def test_solve_rule_matches_numpy():
    checked = 0
    for _, what, a, b in _solve_pairs():
        try:
            got = numpy.linalg.solve(a, b)
        except numpy.linalg.LinAlgError:
            continue
        want = _layout.solve_strides(a.shape, a.strides, a.itemsize, b.shape, b.strides,
                                     b.itemsize)
        _check(got, want, (a.shape, a.strides, b.shape, b.strides, what))
        checked += 1
    assert checked > 200


@pytest.mark.parametrize('symmetric', [True, False])
def test_eig_rule_matches_numpy(symmetric):
    for base, layout, a in CASES:
        if a.shape[-1] != a.shape[-2] or 0 in a.shape[-2:]:
            continue
        if symmetric:
            a = a + a.swapaxes(-1, -2)  # real eigenvalues; keeps a's loop order
        w, v = numpy.linalg.eig(a)
        want_w, want_v = _layout.eig_strides(a.shape, a.strides, a.itemsize, True)
        only_w = numpy.linalg.eigvals(a)
        # NumPy's `.real` views where the result type is the computation's (float64).
        item = 16 if w.dtype == numpy.float64 else w.itemsize
        what = (a.shape, a.strides, a.dtype, layout)
        _check_bytes(w, want_w, item, what)
        _check_bytes(v, want_v, item, what)
        _check_bytes(only_w, _layout.eig_strides(a.shape, a.strides, a.itemsize, False)[0],
                     16 if only_w.dtype == numpy.float64 else only_w.itemsize, what)


def test_svd_hermitian_rule_matches_numpy():
    checked = 0
    for _, layout, a in CASES:
        if a.shape[-1] != a.shape[-2] or 0 in a.shape[-2:]:
            continue
        what = (a.shape, a.strides, a.dtype, layout)
        u, s, vh = numpy.linalg.svd(a, hermitian=True)
        want = _layout.svd_hermitian_strides(a.shape, a.strides, a.itemsize, True)
        for g, w in zip((u, s, vh), want):
            _check(g, w, what)
        s_only = numpy.linalg.svd(a, hermitian=True, compute_uv=False)
        _check(s_only[..., ::-1],
               _layout.svd_hermitian_strides(a.shape, a.strides, a.itemsize, False), what)
        checked += 1
    assert checked > 20


def test_iterator_order_is_numpys():
    # The iterator rule alone, through a unary ufunc's output (one operand) and a binary one.
    rng = numpy.random.default_rng(1)
    for shape in SHAPES:
        base = rng.standard_normal(shape)
        for layout in _layouts(len(shape)):
            a = make(numpy, base, layout)
            el = tuple(s // a.itemsize for s in a.strides)
            order = rules.iterator_order(a.shape, [el])
            _check(numpy.negative(a), rules.dense_strides(a.shape, order), (a.strides,))
            c = numpy.ones(a.shape[-1:])
            order = rules.iterator_order(a.shape, [el, (0,) * (a.ndim - 1) + (1,)])
            _check(a + c, rules.dense_strides(a.shape, order), (a.strides, 'binary'))


def test_relayout_on_numpy():
    a = numpy.arange(24.0).reshape(2, 3, 4)
    same = rules.relayout(numpy, a, (12, 4, 1))
    assert same is a
    moved = rules.relayout(numpy, a, (1, 2, 6))
    assert moved.flags.f_contiguous and not moved.flags.c_contiguous
    numpy.testing.assert_array_equal(moved, a)


@pytest.mark.gpu
@pytest.mark.parametrize('func', ['svd', 'svdvals', 'qr', 'qr-r', 'qr-raw', 'qr-complete',
                                  'det', 'slogdet', 'inv', 'eigh', 'eigvalsh'])
def test_gpu_results_follow_numpy_layout(func):
    name, _, mode = func.partition('-')
    for base, layout, a in CASES[::3]:
        if 0 in a.shape[-2:]:
            continue
        if name in ONE_INPUT and a.shape[-1] != a.shape[-2]:
            continue
        kwargs = {'mode': mode} if mode else {}
        try:
            want = getattr(numpy.linalg, name)(a, **kwargs)
        except numpy.linalg.LinAlgError:
            continue
        got = getattr(cunp.linalg, name)(make(cunp, cunp.asarray(base), layout), **kwargs)
        want = want if isinstance(want, tuple) else (want,)
        got = got if isinstance(got, tuple) else (got,)
        for g, w in zip(got, want):
            assert (g.flags.c_contiguous, g.flags.f_contiguous) == (
                w.flags.c_contiguous, w.flags.f_contiguous), (func, a.shape, layout)


def _complex_eig(a, vectors=True):
    """numpy.linalg.eig (or eigvals) as NumPy 2.5 returns it, complex whatever the eigenvalues,
    in the layout its gufunc allocates. An older NumPy's real results are `.real` views of that
    layout (float64) or dense copies in its order (float32): the complex layout is theirs."""
    got = numpy.linalg.eig(a) if vectors else (numpy.linalg.eigvals(a),)
    out = []
    for r in got:
        if r.dtype.kind == 'c':
            out.append(r)
            continue
        ct = numpy.dtype(numpy.complex64 if r.dtype == numpy.float32 else numpy.complex128)
        scale = 1 if not r.flags.owndata else ct.itemsize // r.itemsize
        strides = tuple(st * scale for st in r.strides)
        span = sum((n - 1) * st for n, st in zip(r.shape, strides)) // ct.itemsize + 1
        out.append(numpy.lib.stride_tricks.as_strided(numpy.zeros(span, ct), r.shape, strides))
    return tuple(out) if vectors else out[0]


class _HostCore:
    """cunp._core.linalg's solve, eig and eigh computed by NumPy, handing back column-major
    matrices in C-ordered stacks as the cuSOLVER wrappers do (and C-ordered vectors)."""

    @staticmethod
    def _column_major(x):
        return numpy.ascontiguousarray(x.swapaxes(-1, -2)).swapaxes(-1, -2)

    def solve(self, a, b, check):
        return self._column_major(numpy.linalg.solve(a, b))

    def eig(self, a, vectors):
        w, v = numpy.linalg.eig(a)
        ct = numpy.result_type(w.dtype, numpy.complex64)  # complex, as NumPy 2.5's
        w, v = numpy.ascontiguousarray(w, ct), v.astype(ct)
        return (w, self._column_major(v)) if vectors else (w,)

    def svd(self, a, full_matrices, compute_uv):
        if not compute_uv:
            return (numpy.ascontiguousarray(numpy.linalg.svd(a, compute_uv=False)),)
        u, s, vh = numpy.linalg.svd(a, full_matrices=full_matrices)
        return self._column_major(u), numpy.ascontiguousarray(s), self._column_major(vh)

    def eigh(self, a, lower, vectors):
        w, v = numpy.linalg.eigh(a, 'L' if lower else 'U')
        w = numpy.ascontiguousarray(w)
        return (w, self._column_major(v)) if vectors else (w,)


class _HostNamespace:
    """NumPy in the place of cunp (with CuPy's asnumpy)."""

    def __getattr__(self, name):
        return getattr(numpy, name)

    @staticmethod
    def asnumpy(a):
        return numpy.asarray(a)


@pytest.fixture
def host_linalg(monkeypatch):
    """cunp.linalg's Python layer over NumPy: its host-side layout work checked on the CPU."""
    import types
    from cunp.linalg import _decompositions as dec
    monkeypatch.setattr(dec, '_cp', _HostNamespace)
    monkeypatch.setattr(dec, '_core', types.SimpleNamespace(linalg=_HostCore()))
    return dec


def _flags(x):
    """Contiguity and strides (those of axes of extent 1 tell nothing)."""
    strides = tuple(None if n == 1 else st for n, st in zip(x.shape, x.strides))
    return x.flags.c_contiguous, x.flags.f_contiguous, strides if x.size else ()


def test_host_solve_eig_svd_hermitian_layouts(host_linalg):
    # The host-side path: solve's, eig's/eigvals' and svd(hermitian=True)'s results, from
    # column-major library results, in NumPy's layouts (strides and values).
    for _, what, a, b in itertools.islice(_solve_pairs(), 0, None, 7):
        try:
            want = numpy.linalg.solve(a, b)
        except numpy.linalg.LinAlgError:
            continue
        got = host_linalg.solve(a, b)
        assert _flags(got)[:2] == _flags(want)[:2], what
        _check(got, tuple(s // want.itemsize for s in want.strides), what)
        numpy.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    for symmetric in (True, False):
        for _, layout, a in CASES[::2]:
            if a.shape[-1] != a.shape[-2] or 0 in a.shape[-2:]:
                continue
            if symmetric:
                a = a + a.swapaxes(-1, -2)
            what = (a.shape, a.strides, a.dtype, layout)
            for got, want in zip(host_linalg.eig(a), _complex_eig(a)):
                assert got.dtype == want.dtype and _flags(got) == _flags(want), what
            got, want = host_linalg.eigvals(a), _complex_eig(a, vectors=False)
            assert got.dtype == want.dtype and _flags(got) == _flags(want), what
            for got, want in zip(host_linalg.svd(a, hermitian=True),
                                 numpy.linalg.svd(a, hermitian=True)):
                assert _flags(got) == _flags(want), what
            got = host_linalg.svd(a, hermitian=True, compute_uv=False)
            want = numpy.linalg.svd(a, hermitian=True, compute_uv=False)
            assert _flags(got) == _flags(want), what
            numpy.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_host_pinv_matrix_rank_layouts(host_linalg):
    for _, layout, a in CASES[::2]:
        if 0 in a.shape[-2:]:
            continue
        what = (a.shape, a.strides, a.dtype, layout)
        square = a.shape[-1] == a.shape[-2]
        for hermitian in (False, True) if square else (False,):
            got = host_linalg.pinv(a, hermitian=hermitian)
            want = numpy.linalg.pinv(a, hermitian=hermitian)
            assert _flags(got) == _flags(want), (what, hermitian)
            numpy.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-3)
            got = host_linalg.matrix_rank(a, hermitian=hermitian)
            want = numpy.linalg.matrix_rank(a, hermitian=hermitian)
            assert _flags(numpy.asarray(got)) == _flags(numpy.asarray(want)), (what, hermitian)


def _prod(shape):
    p = 1
    for k in shape:
        p *= k
    return p


def _composite_calls(a):
    """(name, call(xp, a)) for numpy.linalg's composite functions on a stack `a` (NumPy's or
    cunp's of the same layout): each call returns a tuple of arrays."""
    inf = float('inf')
    square = a.shape[-1] == a.shape[-2]
    calls = []
    if square:
        calls += [('eig', lambda xp, x: tuple(xp.linalg.eig(x))),
                  ('eig-sym', lambda xp, x: tuple(xp.linalg.eig(x + x.swapaxes(-1, -2)))),
                  ('eigvals', lambda xp, x: (xp.linalg.eigvals(x),)),
                  ('eigvals-sym', lambda xp, x: (xp.linalg.eigvals(x + x.swapaxes(-1, -2)),)),
                  ('svd-hermitian', lambda xp, x: tuple(xp.linalg.svd(x, hermitian=True))),
                  ('svdvals-hermitian',
                   lambda xp, x: (xp.linalg.svd(x, compute_uv=False, hermitian=True),)),
                  ('pinv-hermitian', lambda xp, x: (xp.linalg.pinv(x, hermitian=True),))]
        for n in (0, 1, 2, 3, 5, -1, -2):
            calls.append(('matrix_power%d' % n,
                          lambda xp, x, n=n: (xp.linalg.matrix_power(x, n),)))
    calls += [('pinv', lambda xp, x: (xp.linalg.pinv(x),)),
              ('matrix_rank', lambda xp, x: (xp.asarray(xp.linalg.matrix_rank(x)),))]
    for ord_ in (None, 'fro', 'nuc', 1, -1, 2, -2, inf, -inf):
        for axis in ((-2, -1), (-1, -2)) + (((0, -1),) if a.ndim > 2 else ()):
            for keepdims in (False, True):
                calls.append(('norm%r%r%r' % (ord_, axis, keepdims),
                              lambda xp, x, o=ord_, ax=axis, k=keepdims:
                              (xp.asarray(xp.linalg.norm(x, o, ax, k)),)))
    for ind in range(1, a.ndim):
        if _prod(a.shape[:ind]) == _prod(a.shape[ind:]) and a.size:
            calls.append(('tensorinv%d' % ind,
                          lambda xp, x, i=ind: (xp.linalg.tensorinv(x, ind=i),)))
            calls.append(('tensorsolve%d' % ind,
                          lambda xp, x, i=ind: (xp.linalg.tensorsolve(
                              x, xp.ones(x.shape[:i], dtype=x.dtype)),)))
    if a.ndim == 2:
        calls += [('multi_dot3', lambda xp, x: (xp.linalg.multi_dot([x, x.T, x]),)),
                  ('multi_dot4', lambda xp, x: (xp.linalg.multi_dot([x.T, x, x.T, x]),)),
                  ('multi_dot-vec', lambda xp, x: (xp.linalg.multi_dot(
                      [x[0], x.T, x, x[:, 0]]).reshape(-1),)),
                  ('lstsq', lambda xp, x: tuple(xp.linalg.lstsq(x, x[:, ::-1])[::3])),
                  ('lstsq-vec', lambda xp, x: tuple(xp.linalg.lstsq(x, x[:, 0])[::3]))]
    calls += [('vecdot', lambda xp, x: (xp.linalg.vecdot(x, x[..., ::-1, :]),)),
              ('vecdot0', lambda xp, x: (xp.linalg.vecdot(x, x, axis=0),))]
    return calls


def _vector_calls():
    """(name, base recipes, call(xp, *arrays)) for cross and outer, whose inputs are vectors."""
    rng = numpy.random.default_rng(3)
    v3 = rng.standard_normal((4, 3))
    v3t = rng.standard_normal((3, 2, 4))
    v = rng.standard_normal(5)
    return [
        ('cross', (v3, ()), (v3, (('slice', (slice(None, None, -1),) * 2),)),
         lambda xp, x, y: xp.linalg.cross(x, y)),
        ('cross-T', (v3, (('transpose', (1, 0)),)),
         (v3, (('slice', (slice(None, None, -1),) * 2), ('transpose', (1, 0)))),
         lambda xp, x, y: xp.linalg.cross(x, y, axis=0)),
        ('cross-3d', (v3t, (('F', None),)), (v3t, ()),
         lambda xp, x, y: xp.linalg.cross(x, y, axis=0)),
        ('cross-bcast', (v3t, (('transpose', (1, 2, 0)),)), (v3, ()),
         lambda xp, x, y: xp.linalg.cross(x, y)),
        ('outer', (v, (('slice', (slice(None, None, -2),)),)), (v, ()),
         lambda xp, x, y: xp.linalg.outer(x, y)),
    ]


def _compare_composites(device, to_device):
    """Every composite call's result flags on `device` (cunp, or NumPy itself for the CPU run
    of this harness) against NumPy's. Returns how many results were compared; a mismatch fails
    at the end, with every mismatch listed (one run names them all)."""
    compared = 0
    mismatches = []

    def expect(same, what):
        if not same:
            mismatches.append(what)

    for base, layout, a in CASES[::3]:
        if 0 in a.shape[-2:]:
            continue
        for name, call in _composite_calls(a):
            try:
                want = call(numpy, a)
            except (numpy.linalg.LinAlgError, ValueError, TypeError):
                continue  # singular, unsupported dtype, ... NumPy's own errors
            got = call(device, make(device, to_device(base), layout))
            for g, w in zip(got, want):
                expect(_flags(g)[:2] == _flags(w)[:2], (name, a.shape, a.dtype, layout))
                if name.startswith('eig'):  # the gufunc's own layout: the strides too
                    expect(_flags(g) == _flags(w), (name, a.shape, a.dtype, layout))
                compared += 1
    for name, (xb, xl), (yb, yl), call in _vector_calls():
        want = call(numpy, make(numpy, xb, xl), make(numpy, yb, yl))
        got = call(device, make(device, to_device(xb), xl), make(device, to_device(yb), yl))
        expect(_flags(got)[:2] == _flags(want)[:2], name)
        compared += 1
    for (ab, al), (bb, bl), a, b in itertools.islice(_solve_pairs(), 0, None, 3):
        try:
            want = numpy.linalg.solve(a, b)
        except numpy.linalg.LinAlgError:
            continue
        got = device.linalg.solve(make(device, to_device(ab), al),
                                  make(device, to_device(bb), bl))
        expect(_flags(got)[:2] == _flags(want)[:2], ('solve', a.shape, b.shape, al, bl))
        compared += 1
    for (ab, al), (bb, bl), a, b in itertools.islice(_matmul_pairs(), 0, None, 3):
        x, y = make(device, to_device(ab), al), make(device, to_device(bb), bl)
        calls = [('matmul', lambda xp, p, q: xp.matmul(p, q)),
                 ('vecdot', lambda xp, p, q: xp.vecdot(p, p[..., ::-1, :])),
                 ('linalg.vecdot', lambda xp, p, q: xp.linalg.vecdot(p, p, axis=-2)),
                 ('matvec', lambda xp, p, q: xp.matvec(p, p[..., ::-1, :][..., 0, :])),
                 ('vecmat', lambda xp, p, q: xp.vecmat(p[..., 0], p))]
        for name, call in calls:
            try:
                want = call(numpy, a, b)
            except (ValueError, IndexError):
                continue
            got = call(device, x, y)
            expect(_flags(got)[:2] == _flags(want)[:2], (name, a.shape, b.shape, al, bl))
            compared += 1
    assert not mismatches, f"{len(mismatches)} layouts differ from NumPy's: {mismatches[:30]}"
    return compared


def test_composite_harness_on_numpy():
    # The GPU comparison's own cases and calls, run with NumPy on both sides.
    assert _compare_composites(numpy, numpy.asarray) > 1000


@pytest.mark.gpu
def test_gpu_composites_follow_numpy_layout():
    _compare_composites(cunp, cunp.asarray)


def _matmul_pairs(seed=4):
    """(a recipe, b recipe, a, b) for matmul: stacks of many layouts against matrices, vectors
    and stacks (broadcast both ways, F order, transposed, reversed)."""
    rng = numpy.random.default_rng(seed)
    for abase, layout, a in CASES:
        if a.dtype.kind == 'b':
            continue
        k, loop = a.shape[-1], a.shape[:-2]
        for bshape in [(k,), (k, 2), (1, k, 3), loop + (k, 2), (2,) + loop + (k, 1),
                       loop[1:] + (k, 3), loop[::-1] + (k, 2)]:
            base = rng.standard_normal(bshape)
            blayouts = [(), (('F', None),), (('slice', (slice(None, None, -1),) * len(bshape)),)]
            if len(bshape) >= 4:
                blayouts.append((('transpose', (1, 0) + tuple(range(2, len(bshape)))),))
            for blayout in blayouts:
                b = make(numpy, base, blayout)
                try:
                    numpy.matmul(a[..., :1, :], b)
                except ValueError:
                    continue
                yield (abase, layout), (base, blayout), a, b


def test_matmul_rule_matches_numpy():
    checked = 0
    for _, what, a, b in _matmul_pairs():
        rows = a[..., 0, :] if a.shape[-2] else a[..., 0]
        for x, y in ((a, b), (rows, b)):  # and a[..., 0, :] as the first operand
            try:
                got = numpy.matmul(x, y)
            except ValueError:
                continue  # shapes that do not broadcast
            want = _layout.matmul_strides(x.shape, x.strides, x.itemsize, y.shape, y.strides,
                                          y.itemsize)
            _check(got, want, (x.shape, x.strides, y.shape, y.strides, what))
            checked += 1
    assert checked > 300


def test_vector_products_rule_matches_numpy():
    # vecdot, matvec and vecmat as matmul of a row (x1[..., None, :]) and/or a column.
    for _, layout, a in CASES:
        if a.dtype.kind == 'b' or 0 in a.shape[-2:]:
            continue
        x = a[..., ::-1, :]
        got = numpy.vecdot(a, x)
        want = _layout.matmul_strides(a.shape[:-1] + (1,) + a.shape[-1:],
                                      a.strides[:-1] + (0,) + a.strides[-1:], a.itemsize,
                                      x.shape + (1,), x.strides + (0,), x.itemsize)
        _check(got, want[:-2], (a.shape, a.strides, layout, 'vecdot'))
        got = numpy.matvec(a, x[..., 0, :])
        v = x[..., 0, :]
        want = _layout.matmul_strides(a.shape, a.strides, a.itemsize, v.shape + (1,),
                                      v.strides + (0,), v.itemsize)
        _check(got, want[:-1], (a.shape, a.strides, layout, 'matvec'))


def test_host_kron_layouts(monkeypatch):
    # cunp's kron is NumPy's composition (multiply of expanded operands, then reshape); with
    # NumPy standing in for cunp its results have numpy.kron's layouts and values.
    from cunp._linalg import _products

    monkeypatch.setattr(_products, 'asarray', numpy.asarray)
    monkeypatch.setattr(_products, '_cunp', lambda: numpy)
    rng = numpy.random.default_rng(5)
    layouts = [lambda x: x, numpy.asfortranarray, lambda x: x[..., ::-1] if x.ndim else x,
               lambda x: x.T]
    shapes = [(), (3,), (2, 3), (2, 1, 3), (1, 4)]
    for sa, sb in itertools.product(shapes, shapes):
        for la, lb in itertools.product(layouts, layouts):
            a, b = la(rng.standard_normal(sa)), lb(rng.standard_normal(sb))
            got, want = _products.kron(a, b), numpy.kron(a, b)
            assert _flags(got) == _flags(want), (sa, sb)
            numpy.testing.assert_array_equal(got, want)
