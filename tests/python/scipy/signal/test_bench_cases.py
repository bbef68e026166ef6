"""bench/cases/signal_scipy.py times every scipy.signal target of the GPU plan at its full size
(CPU: the case list is built with a stand-in harness; nothing runs)."""
import importlib.util
import pathlib
import types

import pytest

_CASES = pathlib.Path(__file__).resolve().parents[4] / "bench" / "cases" / "signal_scipy.py"

# The targets and their sizes, as the case names spell them.
TARGETS = [
    f"fftconvolve {1 << 24} x {1 << 12} f32",
    f"oaconvolve {1 << 24} x {1 << 12} f32",
    f"sosfilt butter(8) (64, {1 << 20}) f32",
    f"lfilter 4th-order IIR {1 << 24} f32",
    f"resample_poly up=3 down=2 {1 << 24} f32",
    f"upfirdn 63 taps up=3 down=2 {1 << 24} f32",
    f"welch nperseg=4096 {1 << 26} f32",
    f"stft nperseg=1024 {1 << 26} f32",
    f"find_peaks prominence=0.5 {1 << 24} f32",
    "medfilt2d 5 4096x4096 f32",
]


def _harness():
    def record(**fields):
        return types.SimpleNamespace(**fields)

    return types.SimpleNamespace(
        Target=lambda name, ratio, lib: (name, ratio, lib),
        Case=lambda name, **fields: record(name=name, **fields),
        F32="float32", host_array=None)


def test_every_target_is_timed():
    pytest.importorskip("scipy.signal")
    if not _CASES.exists():
        pytest.skip("no bench/ in this tree")
    spec = importlib.util.spec_from_file_location("signal_scipy_cases", _CASES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cases = module.cases(False, _harness())
    names = [c.name for c in cases]
    assert sorted(names) == sorted(TARGETS), names
    assert all(c.libs == ("cunp", "cupy") and c.nbytes > 0 for c in cases)
