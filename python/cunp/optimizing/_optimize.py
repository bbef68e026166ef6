# python/cunp/optimizing/_optimize.py -- optimize(): the tuning context, its settings and records.
"""Inside ``with optimize(...)``, a routine that has launch parameters to choose asks the current
context (get_current_context()) for them: ``context.tune(name, target, suggest, default)`` runs
an Optuna study timing ``target(*suggest(trial))`` with cunp.profiler.benchmark, keeps the best
parameters under `name`, and returns them; later calls with the same name (and the same `key`,
across `with` blocks) get the record without tuning. Records are saved to and loaded from
`path` as JSON.

CuPy tunes its reductions' block sizes this way. cunp's reductions choose their launch
parameters in the C++ core, which takes none from Python yet, so no built-in routine consults
the context today: it serves routines written against it (and the core, once it exposes the
knobs)."""
import contextlib
import json
import math
import os
import threading
import warnings

__all__ = ["optimize", "get_current_context"]

_DEFAULTS = {
    "max_trials": 100,  # trials per study
    "timeout": 1.0,  # seconds per study
    "expected_total_time_per_trial": 100e-6,
    "max_total_time_per_trial": 0.1,  # seconds of benchmark per trial
}

_local = threading.local()
_contexts = {}
_contexts_lock = threading.Lock()


def _import_optuna():
    try:
        import optuna
    except ImportError as e:
        raise ImportError(
            "cunp.optimizing.optimize needs Optuna (https://optuna.org), which is not "
            "installed: pip install optuna") from e
    return optuna


class _OptimizationContext:
    """One key's settings and tuned records (name -> best parameters)."""

    def __init__(self, key, config):
        self.key = key
        self.config = config
        self._records = {}
        self._dirty = False
        self._lock = threading.Lock()

    def __getattr__(self, name):
        try:
            return self.__dict__["config"][name]
        except KeyError:
            raise AttributeError(name) from None

    def _is_dirty(self):
        return self._dirty

    def get(self, name):
        """The parameters recorded for `name`, or None."""
        with self._lock:
            return self._records.get(name)

    def tune(self, name, target_func, suggest_func, default_best, ignore_error=()):
        """The best parameters for `name`: recorded ones, else an Optuna study's. Each trial
        times ``target_func(*suggest_func(trial))`` on the GPU; `default_best` (a dict of
        parameter values) is tried first; exceptions of the `ignore_error` types count as an
        infinitely slow trial."""
        best = self.get(name)
        if best is not None:
            return best
        optuna = _import_optuna()
        from cunp.profiler import benchmark

        def objective(trial):
            args = suggest_func(trial)
            try:
                perf = benchmark(target_func, tuple(args),
                                 max_duration=self.config["max_total_time_per_trial"])
            except ignore_error:
                return math.inf
            return float(perf.gpu_times.mean())

        study = optuna.create_study()
        study.enqueue_trial(default_best)
        study.optimize(objective, n_trials=self.config["max_trials"],
                       timeout=self.config["timeout"])
        best = dict(study.best_trial.params)
        with self._lock:
            self._records[name] = best
            self._dirty = True
        return best

    def save(self, path):
        with self._lock:
            data = {"key": self.key, "records": self._records}
        tmp = "%s.tmp%d" % (path, os.getpid())
        with open(tmp, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
        self._dirty = False

    def load(self, path):
        with open(path) as f:
            data = json.load(f)
        if not isinstance(data, dict) or not isinstance(data.get("records"), dict):
            raise ValueError("%s is not a cunp.optimizing record file" % path)
        with self._lock:
            self._records.update(data["records"])


def get_current_context():
    """The context of the innermost ``with optimize()`` in this thread, or None."""
    return getattr(_local, "context", None)


def _config(config_dict):
    config = dict(_DEFAULTS)
    for name, value in config_dict.items():
        if name not in _DEFAULTS:
            raise TypeError("optimize() got an unexpected keyword argument %r (settings: %s)"
                            % (name, ", ".join(sorted(_DEFAULTS))))
        if name == "max_trials":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError("max_trials must be a positive integer, not %r" % (value,))
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise ValueError("%s must be a positive number of seconds, not %r" % (name, value))
        config[name] = value
    return config


@contextlib.contextmanager
def optimize(*, key=None, path=None, readonly=False, **config_dict):
    """A context in which routines tune their kernel launch parameters (see the module notes).

    Args:
        key: the records' key: contexts with the same key share records (None is a key too).
        path: a JSON file of records, loaded on entry when it exists and, unless `readonly`,
            written on exit when something new was tuned (or the file does not exist).
        readonly: never write `path`.
        max_trials (int): trials per study (100).
        timeout (float): seconds per study (1).
        expected_total_time_per_trial (float): seconds a trial is expected to take (1e-4).
        max_total_time_per_trial (float): seconds each trial's benchmark may run (0.1).

    Raises ImportError when Optuna is not installed, before anything else happens."""
    _import_optuna()
    config = _config(config_dict)
    with _contexts_lock:
        context = _contexts.get(key)
        if context is None:
            context = _contexts[key] = _OptimizationContext(key, config)
        else:
            context.config = config
    if path is not None:
        if os.path.exists(path):
            context.load(path)
        elif readonly:
            warnings.warn("The record file %s does not exist and readonly is set: the "
                          "optimization results will not be stored." % path, stacklevel=3)
    old = get_current_context()
    _local.context = context
    try:
        yield context
        if path is not None and not readonly and (context._is_dirty() or
                                                  not os.path.exists(path)):
            context.save(path)
    finally:
        _local.context = old
