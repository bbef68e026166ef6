"""What must work without a GPU: importing, error reporting, pure logic.

Nothing here is marked ``gpu``.  Subprocesses started with
``CUDA_VISIBLE_DEVICES=''`` see no device even on a GPU machine, so the
no-device behaviour is exercised everywhere.
"""

import os
import subprocess
import sys
import textwrap

import numpy
import pytest

import cunp

READABLE_WORDS = ('cuda', 'device', 'driver', 'gpu')


def run_python(code, **env):
    """Run ``code`` in a fresh interpreter that imports the same cunp."""
    full_env = dict(os.environ)
    # Reproduce this process's module search order so the child imports
    # the very cunp under test (pytest may have altered sys.path).
    full_env['PYTHONPATH'] = os.pathsep.join(p for p in sys.path if p)
    full_env.update(env)
    return subprocess.run([sys.executable, '-c', textwrap.dedent(code)],
                          env=full_env, capture_output=True, text=True,
                          timeout=120)


def checked(proc):
    assert proc.returncode == 0, (
        'subprocess failed\n--- stdout\n{}\n--- stderr\n{}'.format(
            proc.stdout, proc.stderr))
    return proc.stdout.strip().splitlines()


def test_import_does_not_import_numpy():
    out = checked(run_python(
        "import sys, cunp; print('numpy' in sys.modules)"))
    assert out == ['False']


def test_import_does_not_import_testing_or_pytest():
    out = checked(run_python('''
        import sys, cunp
        print('cunp.testing' in sys.modules, 'pytest' in sys.modules)
    '''))
    assert out == ['False False']


def test_fuse_is_loaded_on_first_use():
    out = checked(run_python('''
        import sys, cunp
        print('cunp._kernels._fusion' in sys.modules)
        from cunp import fuse
        print('cunp._kernels._fusion' in sys.modules, fuse is cunp.fuse, fuse.__module__)
    '''))
    assert out == ['False', 'True True cunp._kernels._fusion']


def test_import_without_visible_devices():
    out = checked(run_python('''
        import cunp
        print(cunp.cuda.is_available())
    ''', CUDA_VISIBLE_DEVICES=''))
    assert out == ['False']


def test_is_available_returns_bool():
    assert isinstance(cunp.cuda.is_available(), bool)


_NO_DEVICE_PROBE = '''
    import cunp
    Error = cunp.cuda.runtime.CUDARuntimeError
    for name, call in [('empty', lambda: cunp.empty(3)),
                       ('zeros', lambda: cunp.zeros((2, 2))),
                       ('asarray', lambda: cunp.asarray([1, 2])),
                       ('arange', lambda: cunp.arange(4))]:
        try:
            call()
        except Error as e:
            msg = str(e).replace('\\n', ' ')
            print(name, 'raised', repr(msg))
        except Exception as e:
            print(name, 'wrong', type(e).__name__, e)
        else:
            print(name, 'succeeded')
    try:
        n = cunp.cuda.runtime.getDeviceCount()
        print('count', n)
    except Error:
        print('count', 'raised')
'''


def test_no_device_raises_cuda_runtime_error_subprocess():
    lines = checked(run_python(_NO_DEVICE_PROBE, CUDA_VISIBLE_DEVICES=''))
    assert lines[-1] in ('count 0', 'count raised')
    for line in lines[:-1]:
        name, outcome, detail = line.split(' ', 2)
        assert outcome == 'raised', line
        assert len(detail) > 12 and any(w in detail.lower()
                                        for w in READABLE_WORDS), line


def _assert_readable(error):
    msg = str(error)
    assert len(msg) > 10, msg
    assert any(w in msg.lower() for w in READABLE_WORDS), msg


@pytest.mark.skipif('cunp.cuda.is_available()',
                    reason='a GPU is available: the no-GPU error path is '
                           'covered by the CUDA_VISIBLE_DEVICES subprocess')
def test_no_device_raises_cuda_runtime_error():
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError) as info:
        cunp.empty(3)
    _assert_readable(info.value)
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError) as info:
        cunp.asarray([1.0, 2.0])
    _assert_readable(info.value)
    # A failed first use must not poison the pure-logic functions.
    assert cunp.promote_types('f4', 'i8') == numpy.float64


def test_pure_logic_without_device():
    out = checked(run_python('''
        import numpy, cunp
        print(cunp.promote_types('i1', 'u1'),
              cunp.result_type(numpy.float32, 1.0),
              cunp.can_cast('f8', 'f4'),
              cunp.min_scalar_type(300),
              cunp.float32 is numpy.float32)
    ''', CUDA_VISIBLE_DEVICES=''))
    assert out == ['int16 float32 False uint16 True']


def test_exception_hierarchy():
    assert issubclass(cunp.cuda.runtime.CUDARuntimeError, Exception)
    assert issubclass(cunp.cuda.memory.OutOfMemoryError, MemoryError)


def test_testing_package_works_without_pytest():
    # Users without pytest can still use the assertions and the data
    # helpers; the sweep decorators then loop instead of parametrizing.
    out = checked(run_python('''
        import sys
        sys.modules['pytest'] = None   # makes "import pytest" fail
        import numpy
        import cunp.testing as t
        t.assert_array_equal(numpy.arange(3), [0, 1, 2])
        t.assert_allclose(numpy.ones(2), [1.0, 1.0 + 1e-9], rtol=1e-6)
        t.assert_array_less(numpy.zeros(2), numpy.ones(2))
        t.assert_array_almost_equal(numpy.ones(2), [1.0, 1.0000001])
        a = t.shaped_arange((2, 3), numpy, numpy.int8)
        seen = []
        @t.for_all_dtypes()
        def sweep(dtype):
            seen.append(numpy.dtype(dtype).name)
        sweep()
        print(a.tolist(), len(seen), seen[0], seen[-1])
    ''', CUDA_VISIBLE_DEVICES=''))
    assert out == ['[[1, 2, 3], [4, 5, 6]] 14 bool complex128']


def test_testing_import_does_not_import_pytest():
    out = checked(run_python('''
        import sys
        import cunp.testing
        print('pytest' in sys.modules)
    ''', CUDA_VISIBLE_DEVICES=''))
    assert out == ['False']
