"""The reliability harness's host-side pieces (tools/reliability, tests/fuzz), without a GPU:
the sanitizer report parser on output written in compute-sanitizer's documented format, the
suppression file, the slice's coverage, and the differential check."""
import importlib
import os
import re
import subprocess
import sys

import numpy
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools', 'reliability'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'fuzz'))

import sanitizer  # noqa: E402
import sanitizer_report  # noqa: E402
import sanitizer_slice  # noqa: E402

MEMCHECK_OUTPUT = '''\
========= COMPUTE-SANITIZER
case output from the program
========= Invalid __global__ read of size 4 bytes
=========     at cunp_red_sum+0x1a0
=========     by thread (31,0,0) in block (2,0,0)
=========     Address 0x7f1c00a01000 is out of bounds
=========     Saved host backtrace up to driver entry point at kernel launch time
=========     Host Frame: [0x2e2a1f] in /usr/lib/x86_64-linux-gnu/libcuda.so.1
=========
========= Invalid __shared__ write of size 8 bytes
=========     at gemmSN_NN_kernel+0x220 in libcublasLt.so
=========     by thread (0,0,0) in block (0,0,0)
=========
========= Program hit CUDA_ERROR_NOT_FOUND (error 500) due to "named symbol not found" on CUDA API call to cuModuleGetFunction.
=========     Saved host backtrace up to driver entry point at error
=========
slice: 65 cases, 412 kernels launched, 0 failed
========= ERROR SUMMARY: 5 errors
'''

RACECHECK_OUTPUT = '''\
========= COMPUTE-SANITIZER
========= Error: Race reported between Write access at cunp_scan+0x90
=========     and Read access at cunp_scan+0xd0 [64 hazards]
=========
========= Warning: Race reported between Read access at k+0x10
=========     and Write access at k+0x20 [2 hazards]
=========
========= RACECHECK SUMMARY: 2 hazards displayed (1 error, 1 warning)
'''

CLEAN_OUTPUT = '''\
========= COMPUTE-SANITIZER
slice: 65 cases, 412 kernels launched, 0 failed
========= ERROR SUMMARY: 0 errors
'''


def suppress(tool, pattern):
    return sanitizer_report.Suppression(tool, re.compile(pattern), 'a reason')


def test_parse_counts_reports_and_unprinted_errors():
    r = sanitizer_report.parse(MEMCHECK_OUTPUT, 'memcheck')
    assert len(r.errors) == 3
    assert r.summary_errors == 5
    assert r.error_count == 5  # two more than printed (--print-limit): still errors
    assert 'cunp_red_sum' in r.errors[0]


def test_parse_applies_suppressions_by_tool():
    sup = [suppress('memcheck', r'libcublasLt'), suppress('racecheck', r'cuModuleGetFunction')]
    r = sanitizer_report.parse(MEMCHECK_OUTPUT, 'memcheck', sup)
    assert len(r.suppressed) == 1 and 'gemmSN' in r.suppressed[0]
    assert len(r.errors) == 2
    assert r.error_count == 4  # 5 in the summary, one of them suppressed


def test_parse_racecheck_summary_and_warnings():
    r = sanitizer_report.parse(RACECHECK_OUTPUT, 'racecheck')
    assert r.summary_errors == 1
    assert len(r.errors) == 1 and len(r.warnings) == 1
    assert r.error_count == 1


def test_parse_clean_run():
    r = sanitizer_report.parse(CLEAN_OUTPUT, 'initcheck')
    assert r.error_count == 0 and r.summary_errors == 0 and not r.warnings
    assert sanitizer.kernels_launched(CLEAN_OUTPUT) == 412


def test_suppression_file_entries_have_reasons(tmp_path):
    entries = sanitizer_report.load_suppressions(sanitizer.SUPPRESSIONS)
    assert all(e.reason and e.tool in sanitizer.TOOLS + ('*',) for e in entries)
    bad = tmp_path / 'bad.txt'
    bad.write_text('memcheck | libcublas\n')
    with pytest.raises(ValueError, match='reason'):
        sanitizer_report.load_suppressions(str(bad))


def test_sanitizer_command_flags():
    cmd = sanitizer.sanitizer_command('racecheck', 'python3')
    assert cmd[:3] == ['compute-sanitizer', '--tool', 'racecheck']
    for flag in ('--error-exitcode', '--print-limit', '--target-processes'):
        assert flag in cmd
    assert cmd[-2:] == [sanitizer.SLICE, '--plain-allocator']


def test_slice_covers_every_engine():
    names = [n for n, _ in sanitizer_slice.all_cases()]
    assert len(names) == len(set(names))
    for prefix in ('ew.tiled', 'ew.strided', 'ew.flat', 'red.rows_thread', 'red.rows_warp',
                   'red.rows_block', 'red.columns_tile', 'red.full_block_split', 'scan.',
                   'idx.take', 'idx.mask', 'idx.nonzero', 'idx.setitem', 'at.', 'sort.',
                   'la.matmul', 'la.solve', 'la.svd', 'random.', 'kernel.raw'):
        assert any(n.startswith(prefix) for n in names), prefix


def test_slice_cases_run_on_numpy():
    """The NumPy side of every compared case (the expected values) runs (SciPy's where SciPy
    is installed)."""
    try:
        import scipy.ndimage  # noqa: F401
        groups = sanitizer_slice.COMPARED
    except ImportError:
        groups = [g for g in sanitizer_slice.COMPARED if g is not sanitizer_slice._ndimage_cases]
    for group in groups:
        for name, fn in group():
            fn(numpy, numpy.asarray)


def test_differential_check_compares_dtype_shape_values_and_errors(monkeypatch):
    import differential
    monkeypatch.setattr(differential, 'xp', numpy)
    monkeypatch.setattr(differential, 'DRY', True)
    differential.check(lambda xp, a: a + 1, numpy.arange(3))
    with pytest.raises(AssertionError, match='dtype'):
        differential.assert_same(numpy.zeros(2, 'f4'), numpy.zeros(2, 'f8'))
    with pytest.raises(AssertionError, match='shape'):
        differential.assert_same(numpy.zeros((2, 1)), numpy.zeros(2))
    with pytest.raises(AssertionError):
        differential.assert_same(numpy.array([1.0, 2.0]), numpy.array([1.0, 2.1]))
    differential.assert_same(numpy.array([numpy.nan, 1.0]), numpy.array([numpy.nan, 1.0]))
    # Where NumPy raises, the same type is expected: NumPy's own AxisError and LinAlgError
    # themselves, its private ufunc errors as their built-in base.
    differential.check(lambda xp, a: a.sum(axis=3), numpy.zeros((2, 2)))
    calls = iter([None, ValueError])

    def raises_on_one_side(xp):
        if next(calls):
            raise ValueError('only on one side')
        return numpy.zeros(1)
    with pytest.raises(AssertionError, match='cunp raised'):
        differential.check(raises_on_one_side)


def test_fuzz_strategies_dry_run():
    """The fuzz tests with NumPy on both sides: the strategies generate valid inputs and the
    comparison accepts NumPy against itself."""
    env = dict(os.environ, CUNP_FUZZ_DRY='1', CUNP_FUZZ_EXAMPLES='15')
    pytest.importorskip('hypothesis')
    p = subprocess.run([sys.executable, '-m', 'pytest', os.path.join(ROOT, 'tests', 'fuzz'),
                        '-q', '-p', 'no:cacheprovider', '--hypothesis-seed=0'],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    line = re.search(r'fuzz: \d+ examples.*', p.stdout).group(0)
    # Every shared ufunc object drawn (none is skipped today), and the functions by signature.
    every = importlib.import_module('test_fuzz_every_ufunc')
    drawn = len(every.shared_ufuncs()) - len(every.SKIP_UFUNCS)
    assert f', {drawn} ufuncs' in line, line
    assert int(re.search(r'(\d+) functions', line).group(1)) > 300, line


def test_fuzz_summary_counts_examples_functions_and_failures():
    run_py = importlib.import_module('run')
    ok = {'a.py': (0, 'fuzz: 10 examples, 5 functions\n3 passed in 1.0s', 1.0),
          'b.py': (1, 'fuzz: 7 examples\n1 failed, 2 passed in 1.0s', 1.0)}
    line, passed = run_py.fuzz_summary(ok)
    assert line == 'fuzz: 17 examples over 5 functions, 1 failures' and not passed
    line, passed = run_py.fuzz_summary({'a.py': ok['a.py']})
    assert line == 'fuzz: 10 examples over 5 functions, 0 failures' and passed


def test_exception_types_compared():
    import differential

    def error_of(fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - the exception is what is looked at
            return e
    axis = error_of(lambda: numpy.zeros(2).sum(axis=3))
    linalg = error_of(lambda: numpy.linalg.inv(numpy.zeros((2, 2))))
    no_loop = error_of(lambda: numpy.add(numpy.zeros(2, 'U1'), 1))
    assert differential.expected_type(axis) is numpy.exceptions.AxisError
    assert differential.expected_type(linalg) is numpy.linalg.LinAlgError
    assert differential.expected_type(no_loop) is TypeError  # UFuncTypeError: private
    assert differential.expected_type(ValueError('x')) is ValueError
    assert differential.expected_type(numpy.exceptions.AxisError(1, 1)) is \
        numpy.exceptions.AxisError


def test_differential_check_demands_numpys_own_exception_types(monkeypatch):
    import differential
    monkeypatch.setattr(differential, 'xp', numpy)
    monkeypatch.setattr(differential, 'DRY', True)

    def check_pair(np_error, cunp_error):
        calls = iter([np_error, cunp_error])

        def fn(xp):
            raise next(calls)
        differential.check(fn)
    check_pair(numpy.linalg.LinAlgError('Singular matrix'), numpy.linalg.LinAlgError('x'))
    check_pair(numpy.exceptions.AxisError(3, 2), numpy.exceptions.AxisError(3, 2))
    check_pair(TypeError('a'), TypeError('b'))
    with pytest.raises(AssertionError, match='LinAlgError'):
        check_pair(numpy.linalg.LinAlgError('Singular matrix'), ValueError('singular'))
    with pytest.raises(AssertionError, match='AxisError'):
        check_pair(numpy.exceptions.AxisError(3, 2), ValueError('axis 3'))
    with pytest.raises(AssertionError, match='TypeError'):
        check_pair(TypeError('a'), ValueError('b'))


def test_every_shared_ufunc_is_drawn():
    """The ufunc list is read from NumPy and cunp, not a table: every shared ufunc object is a
    parameter of test_every_ufunc (or in its skip list with a reason), the ones issue 21's
    fixed lists left out among them."""
    pytest.importorskip('hypothesis')
    every = importlib.import_module('test_fuzz_every_ufunc')
    import cunp
    shared = {n for n in dir(numpy) if isinstance(getattr(numpy, n), numpy.ufunc)
              and hasattr(cunp, n)}
    assert set(every.shared_ufuncs()) == shared
    assert all(reason for reason in every.SKIP_UFUNCS.values())
    for name in ('greater', 'less_equal', 'not_equal', 'logical_or', 'fmod', 'divmod', 'log2',
                 'exp2', 'expm1', 'tan', 'arccos', 'frexp', 'modf', 'ldexp', 'matmul',
                 'matvec', 'vecmat', 'vecdot'):
        assert name in shared and name not in every.SKIP_UFUNCS, name
    assert every.core_dims('(n?,k),(k,m?)->(n?,m?)') == ([['n?', 'k'], ['k', 'm?']],
                                                          [['n?', 'm?']])
    assert every.core_dims('(n),(n)->()') == ([['n'], ['n']], [[]])


def test_select_is_drawn_with_lists_of_conditions_and_choices():
    pytest.importorskip('hypothesis')
    sig = importlib.import_module('test_fuzz_signatures')
    ids = [p.id for p in sig._functions()]
    select = [p for p in sig._functions() if p.id == 'select'][0]
    assert 'select' in ids and not select.marks, select.marks


def test_fuzz_summary_counts_rounds_and_ufuncs():
    run_py = importlib.import_module('run')
    two_rounds = ('===== round 1 (seed 0, rc 0, 9 s)\nfuzz: 10 examples, 4 ufuncs\n'
                  '4 passed in 9.0s\n===== round 2 (seed 1, rc 0, 2 s)\n'
                  'fuzz: 8 examples, 4 ufuncs\n4 passed in 2.0s')
    results = {'u (shard 1 of 2)': (0, two_rounds, 11.0),
               'u (shard 2 of 2)': (0, 'fuzz: 6 examples, 3 ufuncs\n3 passed in 1.0s', 1.0),
               's': (0, 'fuzz: 5 examples, 5 functions\n5 passed in 1.0s', 1.0)}
    line, passed = run_py.fuzz_summary(results)
    assert line == 'fuzz: 29 examples over 5 functions and 7 ufuncs, 0 failures' and passed


def test_run_rounds_repeats_with_new_seeds_while_time_is_left():
    run_py = importlib.import_module('run')
    seeds = []

    def runner(cmd, timeout, env=None, cwd=None):
        seeds.append(cmd[-1])
        return 0, 'fuzz: 3 examples\n1 passed in 0.1s', 0.0
    rc, out, _ = run_py.run_rounds(['pytest'], 5, run_py.time.monotonic() + 60,
                                   run_py.time.monotonic() + 60, max_rounds=3, runner=runner)
    assert rc == 0 and seeds == ['--hypothesis-seed=5', '--hypothesis-seed=6',
                                 '--hypothesis-seed=7']
    assert run_py.fuzz_summary({'f': (rc, out, 0.0)})[0] == 'fuzz: 9 examples, 0 failures'
    # A failed round ends them; a round that would not fit in the box is not started.
    seeds.clear()
    results = iter([(1, 'fuzz: 3 examples\n1 failed in 0.1s', 0.0)])
    rc, _, _ = run_py.run_rounds(['pytest'], 0, run_py.time.monotonic() + 60,
                                 run_py.time.monotonic() + 60,
                                 runner=lambda *a, **k: next(results))
    assert rc == 1
    results = iter([(0, 'fuzz: 3 examples\n1 passed in 9.0s', 9.0)])
    rc, out, _ = run_py.run_rounds(['pytest'], 0, run_py.time.monotonic() + 5,
                                   run_py.time.monotonic() + 60,
                                   runner=lambda *a, **k: next(results))
    assert rc == 0 and out.count('===== round') == 1


def test_run_rounds_shows_the_watchdogs_traceback():
    """A round the fuzz watchdog ended (an example that hung) writes its traceback to the file
    the harness named; the round's output carries it (pytest's own capture of it is lost)."""
    run_py = importlib.import_module('run')

    def runner(cmd, timeout, env=None, cwd=None):
        with open(env['CUNP_FUZZ_WATCHDOG_FILE'], 'w') as f:
            f.write('Timeout (0:02:00)!\n  File "test_fuzz_creation.py", line 9 in call\n')
        return 1, '', 120.0
    rc, out, _ = run_py.run_rounds(['pytest'], 0, run_py.time.monotonic() + 60,
                                   run_py.time.monotonic() + 60, runner=runner)
    assert rc == 1 and 'watchdog ended this round' in out and 'test_fuzz_creation.py' in out


def test_every_shared_ufunc_method_is_drawn():
    """test_fuzz_ufunc_methods.py draws each method NumPy has for each shared ufunc (binary
    ones: reduce, accumulate, reduceat, outer; one output: at), the others as errors, and the
    harness runs it in shards."""
    pytest.importorskip('hypothesis')
    methods = importlib.import_module('test_fuzz_ufunc_methods')
    supported = {p.id for p in methods._pairs(True)}
    refused = {p.id for p in methods._pairs(False)}
    assert not supported & refused
    for pair in ('add.reduce', 'multiply.accumulate', 'maximum.reduceat', 'subtract.outer',
                 'equal.outer', 'negative.at', 'add.at', 'divmod.outer'):
        assert pair in supported, pair
    for pair in ('negative.reduce', 'divmod.reduce', 'divmod.at', 'matmul.outer', 'frexp.at'):
        assert pair in refused, pair
    assert len(supported | refused) == 5 * len(methods.shared_ufuncs())
    run_py = importlib.import_module('run')
    assert run_py.SHARDED['test_fuzz_ufunc_methods.py'][0] == 'CUNP_FUZZ_UFUNC_METHOD_SHARD'


def test_known_differences_of_methods():
    """The rules that leave out order-dependent ufunc.at and put writes, accumulate into a
    0-d out= (NumPy 2.4 crashes) and resize's refcheck."""
    kd = importlib.import_module('known_differences')
    a = numpy.zeros(4)
    index = numpy.array([1, 1])
    assert kd.at_order_dependent('divide', a, index, numpy.array([2.0, 3.0]))
    assert not kd.at_order_dependent('divide', a, index, numpy.array([2.0, 2.0]))
    assert not kd.at_order_dependent('divide', a, numpy.array([0, 1]), numpy.array([2.0, 3.0]))
    assert not kd.at_order_dependent('add', a, index, numpy.array([2.0, 3.0]))
    assert kd.at_order_dependent('remainder', a.astype(int), index, numpy.array([2, 3]))
    assert not kd.at_order_dependent('negative', a, index, None)
    assert kd.put_repeated_positions(a, [1, 5], [1.0, 2.0], 'wrap')
    assert not kd.put_repeated_positions(a, [1, 5], [1.0, 1.0], 'wrap')
    assert not kd.put_repeated_positions(a, [1, 5], [1.0, 2.0], 'raise')  # NumPy raises
    assert kd.put_repeated_positions(a, [7, 9], [1.0, 2.0], 'clip')
    assert kd.accumulate_into_zero_dim_out('accumulate', {'out': numpy.zeros(())})
    assert not kd.accumulate_into_zero_dim_out('reduce', {'out': numpy.zeros(())})
    assert kd.resize_refcheck({}) and not kd.resize_refcheck({'refcheck': False})
    assert kd.poly_of_zero_dim(numpy.array(1.0), True)
    assert not kd.poly_of_zero_dim(numpy.array([1.0]), True)


def test_known_differences_of_reductions_and_dtype_casts():
    """Products that overflow inside the reduction tree, and dtype= casts of unrepresentable
    floats, are left out; ordinary ones are compared."""
    kd = importlib.import_module('known_differences')
    big = numpy.array([0.0, 3.67e83, 5.31e216, 1e10])  # NumPy's 0 first; a tree meets inf
    assert kd.reduction_overflow('nanprod', [big], numpy.nanprod(big))
    assert kd.reduction_overflow('prod', [big], numpy.prod(big))
    assert not kd.reduction_overflow('nanprod', [numpy.array([2.0, 3.0])], numpy.float64(6.0))
    assert not kd.reduction_overflow('max', [big], numpy.max(big))
    assert kd.dtype_cast_unrepresentable([numpy.array(2.0**31 + 1)], {'dtype': numpy.int8})
    assert not kd.dtype_cast_unrepresentable([numpy.array(3.0)], {'dtype': numpy.int8})
    assert not kd.dtype_cast_unrepresentable([numpy.array(2.0**31)], {})
    assert not kd.dtype_cast_unrepresentable([numpy.array(2.0**31)], {'dtype': numpy.float32})


def test_partition_runs_compare_only_what_partition_fixes(monkeypatch):
    """The signature fuzzer compares partition results with the runs between their kth places
    sorted: two valid partitions agree, an invalid one does not."""
    monkeypatch.setenv('CUNP_FUZZ_DRY', '1')
    sig = importlib.import_module('test_fuzz_signatures')
    rng = numpy.random.default_rng(5)
    for _ in range(100):
        a = rng.integers(-3, 3, size=(3, 6)).astype(rng.choice(['int8', 'float32', 'complex64']))
        kth = sorted(set(rng.integers(-6, 6, size=2).tolist()))
        ours = numpy.partition(a, kth, axis=-1)
        theirs = numpy.sort(a, axis=-1)  # also a valid partition
        sig._sort_runs(numpy, ours, kth, -1)
        sig._sort_runs(numpy, theirs, kth, -1)
        numpy.testing.assert_array_equal(ours, theirs)
    wrong = numpy.array([2, 1, 3])  # 1 is not the kth=1 value of [1, 2, 3]
    sig._sort_runs(numpy, wrong, 1, -1)
    assert not (wrong == numpy.array([1, 2, 3])).all()


def test_new_corpus_cases_run_on_numpy():
    """The corpus's regression cases for the signature fuzzer's findings run on NumPy (their
    expected side): an error of NumPy's own is part of the case, nothing else may fail."""
    cases = importlib.import_module('corpus.cases')
    import warnings
    ids = [case[0] for case in cases.CASES]
    assert len(ids) == len(set(ids))
    for name, fn, *_ in cases.CASES[ids.index('partition-complex-kth-0-runs'):]:
        with numpy.errstate(all='ignore'), warnings.catch_warnings():
            warnings.simplefilter('ignore')
            try:
                fn(numpy)
            # IndexError: the indexing cases' own; OverflowError: fill_diagonal's conversion.
            except (ValueError, TypeError, IndexError, OverflowError):
                pass


def test_known_differences_of_method_out_casts_and_ldexp_reduce():
    """A method's NaN result cast into an integer out= is left out, an in-range one compared;
    ldexp.reduce is left out where NumPy returns a value (its mixed loops), compared where it
    raises."""
    kd = importlib.import_module('known_differences')
    assert kd.method_out_cast_unrepresentable(numpy.array([[numpy.nan]]),
                                              numpy.zeros((1, 1), numpy.int32))
    assert not kd.method_out_cast_unrepresentable(numpy.array([[1.0]]),
                                                  numpy.zeros((1, 1), numpy.int32))
    assert not kd.method_out_cast_unrepresentable(numpy.array([numpy.nan]), numpy.zeros(1))
    assert not kd.method_out_cast_unrepresentable(None, numpy.zeros(1, numpy.int8))
    assert kd.ldexp_reduce('ldexp', 'reduce', numpy.float16(4.0))
    assert not kd.ldexp_reduce('ldexp', 'reduce', None)  # NumPy's error is compared
    assert not kd.ldexp_reduce('ldexp', 'outer', numpy.zeros(1))
    assert not kd.ldexp_reduce('add', 'reduce', numpy.float64(1.0))


def test_known_differences_of_arctan2_reduce_and_power_dtype_casts():
    """arctan2.reduce is left out where NumPy's value is not the in-order fold (its loop keeps
    the start value for a whole inner reduction), compared where it folds right; a power
    method's exponents count after dtype='s cast (int16 32767 is int8 -1)."""
    pytest.importorskip('hypothesis')
    from hypothesis.errors import UnsatisfiedAssumption
    kd = importlib.import_module('known_differences')

    def misfold(a, where=None, **kw):
        try:
            result = numpy.arctan2.reduce(a, **kw, **({'where': where} if where is not None
                                                      else {}))
        except (ValueError, TypeError):
            result = None
        return kd.arctan2_reduce_misfold('arctan2', 'reduce', a, kw, where, result)

    row = numpy.array([2.0, 3.0, 5.0])
    if not numpy.isclose(numpy.arctan2.reduce(row), numpy.arctan2(numpy.arctan2(2, 3), 5)):
        assert misfold(row)  # NumPy's arctan2(2, 5)
        assert misfold(numpy.array([1, 0], numpy.int16)[::-1], axis=None, initial=1)
        assert misfold(numpy.stack([row, row]), axis=1, keepdims=True)
    assert not misfold(numpy.stack([row, row]), axis=0)  # an outer axis folds right
    assert not misfold(row.astype(numpy.float16))
    assert not misfold(numpy.zeros(2))
    assert not misfold(numpy.zeros((2, 2)), axis=None)  # NumPy's error is compared
    assert not kd.arctan2_reduce_misfold('subtract', 'reduce', row, {}, None, -6.0)

    methods = importlib.import_module('test_fuzz_ufunc_methods')
    a = numpy.array([0, 32767], numpy.int16)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # assume() outside a hypothesis test: deprecated
        with pytest.raises(UnsatisfiedAssumption):
            methods._assumptions('power', 'accumulate', a, [], [], None, {'dtype': numpy.int8})
        methods._assumptions('power', 'accumulate', a, [], [], None, {'dtype': numpy.int32})
        methods._assumptions('power', 'accumulate', a, [], [], None, {})


def test_known_differences_of_float_sums_of_wide_integers():
    """A float sum (mean, var, sum with a float dtype, add.reduce into float) of integers whose
    magnitudes add up past the float's integer range is left out (its order decides the
    answer); sums within the range, integer results and errors are compared."""
    kd = importlib.import_module('known_differences')
    wide = numpy.array([-2**63, 1, 2**63 - 1])
    assert kd.float_sum_of_wide_integers('mean', [wide], numpy.mean(wide))
    assert kd.float_sum_of_wide_integers('std', [wide], numpy.std(wide))
    assert kd.float_sum_of_wide_integers('sum', [wide], wide.sum(dtype=numpy.float64))
    assert kd.method_order_dependent('add', 'reduce', [wide],
                                     numpy.add.reduce(wide, dtype=numpy.float64))
    assert not kd.float_sum_of_wide_integers('sum', [wide], wide.sum())  # int64: exact
    assert not kd.float_sum_of_wide_integers('mean', [wide], None)  # NumPy raised
    small = numpy.array([2**31 - 1, -2**31, 5], numpy.int64)
    assert not kd.float_sum_of_wide_integers('mean', [small], numpy.mean(small))
    assert kd.float_sum_of_wide_integers('mean', [small], numpy.mean(small, dtype=numpy.float32))
    assert not kd.float_sum_of_wide_integers('max', [wide], numpy.float64(1.0))
