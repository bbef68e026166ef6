"""cunp.show_config() and the settings it reports.

The settings are read once per process, so each environment is tried in a fresh interpreter.
Nothing here needs a GPU except the tests marked ``gpu``; with ``CUDA_VISIBLE_DEVICES=''`` the
no-device report is exercised on GPU machines too.
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest

import cunp

VARIABLES = ['CUNP_CACHE_DIR', 'CUNP_GPU_MEMORY_LIMIT', 'CUNP_CUDA_LIBRARY_DIRS',
             'CUNP_NVRTC_PATH', 'CUNP_CUBLAS_PATH', 'CUNP_CUSOLVER_PATH', 'CUNP_CURAND_PATH',
             'CUNP_CUFFT_PATH', 'CUNP_NCCL_PATH', 'CUNP_ALLOW_TF32', 'CUNP_CUDA_ARRAY_INTERFACE_SYNC', 'CUNP_DISABLE_PREBUILT']
VERSIONS = ['CUDA driver', 'CUDA toolkit (built with)', 'NVRTC', 'cuBLAS', 'cuSOLVER',
            'cuRAND', 'cuFFT', 'NCCL']


def run_python(code, unset=(), **env):
    """Runs ``code`` in a fresh interpreter importing the same cunp; returns its stdout."""
    full_env = {k: v for k, v in os.environ.items()
                if not k.startswith('CUNP_') and k not in unset}
    full_env['PYTHONPATH'] = os.pathsep.join(p for p in sys.path if p)
    full_env.update(env)
    proc = subprocess.run([sys.executable, '-c', textwrap.dedent(code)], env=full_env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def settings_of(code_output):
    """{variable: (value, default)} from the lines of show_config's Settings section."""
    rows = {}
    for line in code_output.splitlines():
        parts = line.split(None, 1)
        if parts and parts[0] in VARIABLES:
            value = parts[1] if len(parts) > 1 else ''
            default = value.endswith(' (default)')
            rows[parts[0]] = (value[:-len(' (default)')] if default else value, default)
    return rows


def test_config_info_layout():
    info = cunp._core.config_info()
    assert [s['variable'] for s in info['settings']] == VARIABLES
    for s in info['settings']:
        assert isinstance(s['value'], str) and isinstance(s['default'], bool)
    assert [v['name'] for v in info['versions']] == VERSIONS
    for v in info['versions']:
        assert v['version'] is None or isinstance(v['version'], str)
        assert isinstance(v['detail'], str)
        if v['version'] is None:
            assert v['detail'], v  # not available: the reason is given
    toolkit = info['versions'][1]
    assert toolkit['version'] is not None and toolkit['version'][0].isdigit()
    assert isinstance(info['devices'], list)
    assert isinstance(info['devices_error'], str)


def test_show_config_prints_every_section(capsys):
    assert cunp.show_config() is None
    out = capsys.readouterr().out
    assert out.startswith('cunp: ' + cunp.__version__)
    for word in VARIABLES + VERSIONS + ['Settings:', 'Toolkit:', 'CUDA:', 'Devices:']:
        assert word in out, word


def test_show_config_without_a_device():
    out = run_python('import cunp; cunp.show_config()', CUDA_VISIBLE_DEVICES='')
    devices = out.split('Devices:', 1)[1].strip().splitlines()
    assert len(devices) == 1 and devices[0].startswith('not available ('), out
    # Without a usable device the driver line still answers: a version where a driver is
    # installed, "not available" with the reason where none is.
    driver = next(line for line in out.splitlines() if line.strip().startswith('CUDA driver'))
    assert 'not available (' in driver or driver.split()[2][0].isdigit(), driver


@pytest.mark.skipif('cunp.cuda.is_available()', reason='a GPU is available here')
def test_show_config_without_a_driver_or_gpu(capsys):
    cunp.show_config()
    out = capsys.readouterr().out
    assert 'not available' in out
    info = cunp._core.config_info()
    assert info['devices'] == [] and info['devices_error']


def test_defaults():
    out = run_python('import cunp; cunp.show_config()', unset=('XDG_CACHE_HOME',), HOME='/h')
    rows = settings_of(out)
    assert rows['CUNP_CACHE_DIR'] == ('/h/.cache/cunp', True)
    assert rows['CUNP_GPU_MEMORY_LIMIT'] == ('none', True)
    assert rows['CUNP_ALLOW_TF32'] == ('0', True)
    assert rows['CUNP_CUDA_ARRAY_INTERFACE_SYNC'] == ('1', True)
    assert rows['CUNP_DISABLE_PREBUILT'] == ('0', True)
    assert rows['CUNP_CUBLAS_PATH'] == ('none', True)


def test_cache_dir_fallback_order():
    code = 'import cunp; cunp.show_config()'
    assert settings_of(run_python(code, HOME='/h', XDG_CACHE_HOME='/x'))['CUNP_CACHE_DIR'] == \
        ('/x/cunp', True)
    assert settings_of(run_python(code, HOME='/h', XDG_CACHE_HOME='/x',
                                  CUNP_CACHE_DIR='/c'))['CUNP_CACHE_DIR'] == ('/c', False)


def test_set_variables_are_shown_as_written():
    out = run_python('import cunp; cunp.show_config()', CUNP_GPU_MEMORY_LIMIT='50%',
                     CUNP_DISABLE_PREBUILT='1', CUNP_ALLOW_TF32='yes',
                     CUNP_CUDA_ARRAY_INTERFACE_SYNC='0')
    rows = settings_of(out)
    assert rows['CUNP_GPU_MEMORY_LIMIT'] == ('50%', False)
    assert rows['CUNP_DISABLE_PREBUILT'] == ('1', False)
    assert rows['CUNP_ALLOW_TF32'] == ('yes', False)
    assert rows['CUNP_CUDA_ARRAY_INTERFACE_SYNC'] == ('0', False)


def test_bad_memory_limit_does_not_break_show_config():
    out = run_python('import cunp; cunp.show_config()', CUNP_GPU_MEMORY_LIMIT='lots')
    assert settings_of(out)['CUNP_GPU_MEMORY_LIMIT'] == ('lots', False)


def test_allow_tf32_sets_the_initial_switch():
    out = run_python('import cunp; print(cunp.linalg.get_tf32())', CUNP_ALLOW_TF32='1')
    assert out.split() == ['True']


def test_settings_are_read_at_first_use_not_at_import():
    # A program may set CUNP_* variables after `import cunp` and before its first operation:
    # the core must not have read its settings while importing.
    out = run_python('''
        import os, cunp
        os.environ['CUNP_CUDA_LIBRARY_DIRS'] = '/one:/two'
        rows = {s['variable']: s['value'] for s in cunp._core.config_info()['settings']}
        print(rows['CUNP_CUDA_LIBRARY_DIRS'])
    ''')
    assert out.split() == ['/one:/two']


def test_import_leaves_the_environment_untouched(tmp_path):
    # pip's CUDA wheels are handed to the core as directories (sys.path), never through
    # environment variables: a fake wheel on sys.path must not show up in os.environ.
    (tmp_path / 'nvidia' / 'cuda_nvrtc' / 'lib').mkdir(parents=True)
    out = run_python(f'''
        import os, sys
        sys.path.insert(0, {str(tmp_path)!r})
        before = dict(os.environ)
        import cunp
        after_import = dict(os.environ)
        cunp.show_config()
        print('SAME' if before == after_import == dict(os.environ) else
              sorted(set(os.environ.items()) ^ set(before.items())))
    ''', unset=('CUDA_PATH', 'CUDA_HOME'))
    assert out.splitlines()[-1] == 'SAME', out


def test_toolkit_section_lists_what_was_found(tmp_path):
    info = cunp._core.config_info()
    assert [t['name'] for t in info['toolkit']] == [
        'library directories', 'NVRTC', 'headers', 'nvcc', 'temporary directory']
    for t in info['toolkit']:
        assert isinstance(t['value'], str) and t['value'], t
    # The overrides come first, pip's wheels (found on sys.path) after the toolkit's dirs.
    (tmp_path / 'nvidia' / 'cublas' / 'lib').mkdir(parents=True)
    out = run_python(f'''
        import json, sys
        sys.path.insert(0, {str(tmp_path)!r})
        import cunp
        print(json.dumps({{t['name']: t['value'] for t in cunp._core.config_info()['toolkit']}}))
    ''', CUDA_PATH='/opt/p', CUNP_CUDA_LIBRARY_DIRS='/extra', TMPDIR=str(tmp_path))
    rows = json.loads(out.splitlines()[-1])
    dirs = rows['library directories'].split(':')
    assert dirs[0] == '/opt/p/lib64', dirs
    wheel = str(tmp_path / 'nvidia' / 'cublas' / 'lib')
    assert wheel in dirs and dirs.index('/extra') < dirs.index(wheel), dirs
    assert rows['temporary directory'] == str(tmp_path)


def test_package_roots_are_taken_once():
    # cunp/__init__.py hands sys.path over before the first read; a call after it is refused.
    out = run_python('''
        import cunp
        cunp._core.config_info()
        print(cunp._core.config.set_package_roots(['/late']))
    ''')
    assert out.split() == ['False']


def test_svd_driver_is_not_an_environment_variable():
    out = run_python('import cunp; print(cunp.linalg.get_svd_driver())', CUNP_SVD_DRIVER='gesvd')
    assert out.split() == ['gesvdj']


@pytest.mark.gpu
@pytest.mark.parametrize('bad', ['lots', '-1', '%', '10GB'])
def test_bad_memory_limit_raises_on_first_allocation(bad):
    out = run_python('''
        import cunp
        try:
            cunp.empty(4)
        except ValueError as e:
            print(e)
    ''', CUNP_GPU_MEMORY_LIMIT=bad)
    assert out.strip() == 'CUNP_GPU_MEMORY_LIMIT must be a byte count or a percentage: ' + bad


@pytest.mark.gpu
def test_show_config_lists_the_devices():
    info = cunp._core.config_info()
    assert info['devices_error'] == ''
    assert len(info['devices']) == cunp.cuda.runtime.getDeviceCount()
    d = info['devices'][0]
    props = cunp.cuda.runtime.getDeviceProperties(0)
    assert d['compute_capability'] == '%d.%d' % (props['major'], props['minor'])
    assert d['total_memory'] == props['totalGlobalMem']
    assert d['name'] == props['name'].decode()
    assert info['versions'][0]['version'] is not None  # the driver
