"""cunp.optimizing: cupyx.optimizing's optimize(), the context in which launch parameters are
tuned with Optuna (optional: without it, optimize() raises ImportError when entered).

    from cunp import optimizing
    with optimizing.optimize(key='sum', path='tuned.json'):
        cunp.sum(x)
"""
from cunp.optimizing._optimize import optimize  # noqa: F401

__all__ = ["optimize"]
