"""Modules imported on first use, so that `import cunp` costs only what every program needs.

`name = LazyModule("cunp._x._y", globals())` stands in for the module until one of its
attributes is read; then the module is imported and takes the stand-in's place in those
globals, so that later reads cost what a plain module attribute costs."""
import importlib


class LazyModule:
    __slots__ = ("_module", "_namespace")

    def __init__(self, module, namespace):
        self._module, self._namespace = module, namespace

    def __getattr__(self, attr):
        module = importlib.import_module(self._module)
        for name in [n for n, v in self._namespace.items() if v is self]:
            self._namespace[name] = module
        return getattr(module, attr)

    def __repr__(self):
        return f"<module {self._module!r}, imported on first use>"
