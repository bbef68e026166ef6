"""Shared pytest configuration for the cunp Python test-suite.

Tests that need a CUDA device carry the ``gpu`` marker (usually through a
module-level ``pytestmark``); they are skipped, with the reason, wherever
``cunp.cuda.is_available()`` is False, so the CPU-only tests still run on
machines without a driver.

Tests that need several devices carry ``gpus(n)``: they skip where fewer are
present, and fail instead when CUNP_REQUIRE_GPUS is set to n or more (the
multi-GPU batch, tools/multi-gpu, sets it so that nothing it exists to check
is skipped).
"""

import gc
import importlib.util
import os
import sys

import numpy
import pytest
from numpy.lib import NumpyVersion

# tests/python/scipy mirrors cunp.scipy. Where SciPy is not installed, that folder (on sys.path
# through this one) would be imported as a namespace package named `scipy`, and
# `pytest.importorskip("scipy.ndimage")` would pass instead of skipping: make `import scipy`
# fail there.
_scipy = importlib.util.find_spec("scipy")
if _scipy is None or _scipy.origin is None:
    sys.modules["scipy"] = None

try:
    import cunp
    _IMPORT_ERROR = None
except Exception as e:  # noqa: BLE001 - reported as the skip reason below
    cunp = None
    _IMPORT_ERROR = e


def pytest_configure(config):
    # Also declared in pyproject.toml; repeated so that running this
    # directory with another rootdir does not warn about unknown markers.
    config.addinivalue_line(
        'markers', 'gpu: needs a CUDA device (skipped where none is present)')
    config.addinivalue_line('markers', 'slow: large or long-running')
    config.addinivalue_line(
        'markers', 'gpus(n): needs n CUDA devices (skipped with fewer, failed '
        'with fewer when CUNP_REQUIRE_GPUS is set)')
    # The expected results come from the installed NumPy, and cunp follows
    # NumPy 2 (NEP 50 promotion, copy=None, mT, ...): NumPy 1.x would turn
    # every such difference into a confusing failure.
    if NumpyVersion(numpy.__version__) < '2.0.0':
        raise pytest.UsageError(
            'the cunp test-suite compares against NumPy 2 semantics, but '
            'numpy {} is installed; install numpy>=2.2'.format(
                numpy.__version__))


def pytest_report_header(config):
    if cunp is None:
        return 'cunp: import failed: {!r}'.format(_IMPORT_ERROR)
    try:
        gpu = cunp.cuda.is_available()
    except Exception as e:  # noqa: BLE001 - only informative
        gpu = 'error: {!r}'.format(e)
    return 'numpy {}, cunp from {}, GPU available: {}'.format(
        numpy.__version__, getattr(cunp, '__file__', '?'), gpu)


def _gpu_skip_reason():
    if cunp is None:
        return 'cunp could not be imported: {!r}'.format(_IMPORT_ERROR)
    try:
        available = cunp.cuda.is_available()
    except Exception as e:  # noqa: BLE001 - any failure means "no GPU"
        return 'cunp.cuda.is_available() raised {!r}'.format(e)
    if not available:
        return ('no usable CUDA device: cunp.cuda.is_available() returned '
                'False (no driver, no device, or CUDA_VISIBLE_DEVICES hides '
                'them)')
    return None


def pytest_collection_modifyitems(config, items):
    gpu_items = [item for item in items if item.get_closest_marker('gpu')]
    if not gpu_items:
        return
    reason = _gpu_skip_reason()
    if reason is None:
        return
    marker = pytest.mark.skip(reason=reason)
    for item in gpu_items:
        item.add_marker(marker)


def _device_count():
    if cunp is None or _gpu_skip_reason() is not None:
        return 0
    return cunp.cuda.runtime.getDeviceCount()


def pytest_runtest_setup(item):
    marker = item.get_closest_marker('gpus')
    if marker is None:
        return
    needed, present = marker.args[0], _device_count()
    if present >= needed:
        return
    message = 'needs {} CUDA devices, {} present'.format(needed, present)
    if int(os.environ.get('CUNP_REQUIRE_GPUS') or 0) >= needed:
        pytest.fail(message + ' (CUNP_REQUIRE_GPUS is set)', pytrace=False)
    pytest.skip(message)


@pytest.fixture(autouse=True)
def _release_gpu_memory(request):
    """Give cached pool blocks back after each GPU test.

    Freeing between tests keeps one test's cached blocks from hiding another
    test's leak or out-of-memory behaviour, and keeps the big tests from
    running beside megabytes of blocks cached by earlier ones.
    """
    yield
    if request.node.get_closest_marker('gpu') is None or cunp is None:
        return
    if _gpu_skip_reason() is not None:
        return
    # Synchronizing here makes an asynchronous failure (a bad launch, an
    # illegal address) show up as this test's teardown error rather than
    # as a mystery in whichever test happens to synchronize next.
    cunp.cuda.Device().synchronize()
    cunp.get_default_memory_pool().free_all_blocks()
    cunp.get_default_pinned_memory_pool().free_all_blocks()


@pytest.fixture
def memory_pool():
    """The default device memory pool, with its limit restored afterwards."""
    pool = cunp.get_default_memory_pool()
    old_limit = pool.get_limit()
    # Arrays kept alive only by garbage cycles (e.g. tracebacks of earlier
    # failures) would otherwise be freed mid-test and skew used_bytes().
    gc.collect()
    pool.free_all_blocks()
    yield pool
    pool.set_limit(size=old_limit)
    pool.free_all_blocks()
