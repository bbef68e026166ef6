"""Differential fuzzing against NumPy (hypothesis). Not part of the normal suite: run it with

    python -m pytest tests/fuzz -p no:cacheprovider --hypothesis-seed=0

CUNP_FUZZ_EXAMPLES (default 60) sets the examples per test; CUNP_FUZZ_DRY=1 runs NumPy
against itself (no GPU needed), which checks the strategies and the comparison. The number
of examples run is printed at the end as ``fuzz: N examples`` (with ``, K functions`` where
test_fuzz_signatures.py drew K functions by their signatures, and ``, U ufuncs`` where
test_fuzz_every_ufunc.py drew U ufunc objects).
"""
import os
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(__file__))  # differential.py, strategies.py, corpus/

import differential  # noqa: E402

settings.register_profile(
    'cunp-fuzz',
    max_examples=int(os.environ.get('CUNP_FUZZ_EXAMPLES', '60')),
    # Compiling a new kernel takes a good part of a second, so a per-example deadline would
    # fail the first example of each dtype; hangs are caught by differential's watchdog.
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
    print_blob=True,
)
settings.load_profile('cunp-fuzz')


def pytest_configure(config):
    config.addinivalue_line('markers', 'gpu: needs a CUDA device (skipped where none is present)')


def pytest_collection_modifyitems(config, items):
    if differential.DRY:
        return
    try:
        import cunp
        available = cunp.cuda.is_available()
    except Exception:  # noqa: BLE001 - any failure means "no GPU"
        available = False
    if not available:
        skip = pytest.mark.skip(reason='no usable CUDA device (CUNP_FUZZ_DRY=1 runs NumPy only)')
        for item in items:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    functions = f', {len(differential.FUNCTIONS)} functions' if differential.FUNCTIONS else ''
    ufuncs = f', {len(differential.UFUNCS)} ufuncs' if differential.UFUNCS else ''
    terminalreporter.write_line(f'fuzz: {differential.EXAMPLES} examples{functions}{ufuncs}')
