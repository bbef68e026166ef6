"""cupyx.optimizing.optimize as cunp.optimizing.optimize: without Optuna an ImportError; with it
(a stand-in here, so that the test needs neither Optuna nor a GPU) the context, its settings,
its records and their file."""
import json
import sys
import types

import pytest

import cunp
from cunp.optimizing import _optimize


@pytest.fixture
def no_optuna(monkeypatch):
    monkeypatch.setitem(sys.modules, "optuna", None)  # `import optuna` raises ImportError


@pytest.fixture
def fake_optuna(monkeypatch):
    """An Optuna stand-in whose study tries the enqueued trial, then x = 1, 2, 3."""
    studies = []

    class Trial:
        def __init__(self, params):
            self.params = params

        def suggest_int(self, name, low, high):
            return self.params[name]

    class Study:
        def __init__(self):
            self.queue, self.results = [], []
            studies.append(self)

        def enqueue_trial(self, params):
            self.queue.append(dict(params))

        def optimize(self, objective, n_trials, timeout):
            self.n_trials, self.timeout = n_trials, timeout
            for params in self.queue + [{"x": 1}, {"x": 2}, {"x": 3}]:
                trial = Trial(params)
                self.results.append((objective(trial), trial))

        @property
        def best_trial(self):
            return min(self.results, key=lambda r: r[0])[1]

    module = types.ModuleType("optuna")
    module.create_study = Study
    monkeypatch.setitem(sys.modules, "optuna", module)
    monkeypatch.setattr(_optimize, "_contexts", {})
    return studies


def test_without_optuna_entering_raises_import_error(no_optuna):
    with pytest.raises(ImportError, match="Optuna"):
        with cunp.optimizing.optimize():
            pass
    assert _optimize.get_current_context() is None


def test_settings_are_checked(fake_optuna):
    for bad, error in [(dict(max_trials=0), ValueError), (dict(timeout=-1), ValueError),
                       (dict(max_trials=True), ValueError), (dict(unknown=1), TypeError)]:
        with pytest.raises(error):
            with cunp.optimizing.optimize(**bad):
                pass


def test_context_nesting_and_sharing(fake_optuna):
    assert _optimize.get_current_context() is None
    with cunp.optimizing.optimize(key="a", max_trials=5) as outer:
        assert _optimize.get_current_context() is outer
        assert outer.max_trials == 5 and outer.timeout == 1.0
        with cunp.optimizing.optimize(key="b") as inner:
            assert _optimize.get_current_context() is inner is not outer
        assert _optimize.get_current_context() is outer
    assert _optimize.get_current_context() is None
    with cunp.optimizing.optimize(key="a") as again:
        assert again is outer and again.max_trials == 100


class _Perf:
    def __init__(self, t):
        import numpy
        self.gpu_times = numpy.array([[t]])


def test_tune_records_and_files(fake_optuna, monkeypatch, tmp_path):
    timed = []

    def fake_benchmark(func, args, max_duration):
        timed.append(args)
        return _Perf(abs(args[0] - 2) + 0.5)  # fastest at x = 2

    monkeypatch.setattr(cunp.profiler, "benchmark", fake_benchmark)
    path = tmp_path / "tuned.json"
    with cunp.optimizing.optimize(key="k", path=str(path), max_trials=4, timeout=2) as ctx:
        best = ctx.tune("kernel", lambda x: None, lambda trial: (trial.suggest_int("x", 0, 9),),
                        {"x": 7})
        assert best == {"x": 2}
        assert timed[0] == (7,)  # the default is tried first
        assert fake_optuna[-1].n_trials == 4 and fake_optuna[-1].timeout == 2
        n = len(timed)
        assert ctx.tune("kernel", None, None, None) == {"x": 2} and len(timed) == n
    saved = json.loads(path.read_text())
    assert saved["records"] == {"kernel": {"x": 2}}
    monkeypatch.setattr(_optimize, "_contexts", {})
    with cunp.optimizing.optimize(key="k", path=str(path), readonly=True) as ctx:
        assert ctx.get("kernel") == {"x": 2}


def test_tune_ignores_listed_errors(fake_optuna, monkeypatch):
    def fake_benchmark(func, args, max_duration):
        if args[0] != 3:
            raise MemoryError("too big")
        return _Perf(1.0)

    monkeypatch.setattr(cunp.profiler, "benchmark", fake_benchmark)
    with cunp.optimizing.optimize() as ctx:
        best = ctx.tune("k2", None, lambda t: (t.suggest_int("x", 0, 9),), {"x": 1},
                        ignore_error=(MemoryError,))
    assert best == {"x": 3}


def test_readonly_missing_file_warns(fake_optuna, tmp_path):
    with pytest.warns(UserWarning, match="readonly"):
        with cunp.optimizing.optimize(path=str(tmp_path / "none.json"), readonly=True):
            pass
    assert not (tmp_path / "none.json").exists()
    with cunp.optimizing.optimize(path=str(tmp_path / "new.json")):
        pass
    assert json.loads((tmp_path / "new.json").read_text())["records"] == {}
    (tmp_path / "bad.json").write_text("[1]")
    with pytest.raises(ValueError, match="record file"):
        with cunp.optimizing.optimize(path=str(tmp_path / "bad.json")):
            pass
