"""cupyx.time.repeat (cunp.time.repeat) and cupyx.profiler.load_ipython_extension's %gpu_timeit
(cunp.profiler). The CPU tests check arguments and run the magic with benchmark stood in for;
the gpu tests time real work."""
import sys

import pytest

import cunp
from cunp import profiler

gpu = pytest.mark.gpu


# --- no GPU ---

def test_repeat_warns_and_checks_its_arguments_first():
    with pytest.warns(UserWarning, match="benchmark"):
        with pytest.raises(ValueError, match="callable"):
            cunp.time.repeat(1)
    bad = [dict(args=[1]), dict(kwargs=[]), dict(n_repeat=1.5), dict(name=3),
           dict(n_warmup="x"), dict(max_duration="1"), dict(devices=[0])]
    for kwargs in bad:
        with pytest.warns(UserWarning):
            with pytest.raises(ValueError):
                cunp.time.repeat(lambda: None, **kwargs)


def test_repeat_hands_over_to_benchmark(monkeypatch):
    seen = {}

    def fake_benchmark(func, args, kwargs, n_repeat, **rest):
        seen.update(func=func, args=args, kwargs=kwargs, n_repeat=n_repeat, **rest)
        return "result"

    monkeypatch.setattr(profiler, "benchmark", fake_benchmark)

    def f(a, b=0):
        return a + b
    with pytest.warns(UserWarning):
        assert cunp.time.repeat(f, (1,), {"b": 2}, 7, n_warmup=2, max_duration=3.0,
                                devices=(0,)) == "result"
    assert seen == dict(func=f, args=(1,), kwargs={"b": 2}, n_repeat=7, name="f", n_warmup=2,
                        max_duration=3.0, devices=(0,))


@pytest.mark.parametrize("line,options,code", [
    ("x.sum()", {}, "x.sum()"),
    ("-n 5 x.sum()", {"n_repeat": 5}, "x.sum()"),
    ("-n5 -w 2 --max-duration 1.5 f(a,  b)", {"n_repeat": 5, "n_warmup": 2,
                                               "max_duration": 1.5}, "f(a,  b)"),
    ("--n-repeat=3 --n-warmup=0 -x", {"n_repeat": 3, "n_warmup": 0}, "-x"),
    ("-1 + a", {}, "-1 + a"),
    ("  ", {}, ""),
])
def test_timeit_line_parsing(line, options, code):
    assert profiler._parse_timeit_line(line) == (options, code)


@pytest.mark.parametrize("line,message", [("--repeat 3 x", "unknown option"),
                                          ("-n", "needs a value"),
                                          ("-n x y", "bad value")])
def test_timeit_line_errors(line, message):
    with pytest.raises(ValueError, match=message):
        profiler._parse_timeit_line(line)


class _Shell:
    """The part of IPython's InteractiveShell the extension uses."""

    def __init__(self):
        self.user_ns = {"a": 2}
        self.magics = {}

    def register_magic_function(self, func, magic_kind, magic_name):
        self.magics[magic_name] = (func, magic_kind)


def test_extension_registers_a_line_and_cell_magic(monkeypatch, capsys):
    calls = []

    def fake_benchmark(func, **options):
        calls.append((func(), options))
        return "timed"

    monkeypatch.setattr(profiler, "benchmark", fake_benchmark)
    shell = _Shell()
    profiler.load_ipython_extension(shell)
    magic, kind = shell.magics["gpu_timeit"]
    assert kind == "line_cell" and magic.needs_local_scope
    magic("-n 4 a * 3")
    assert calls[-1] == (6, {"n_repeat": 4})
    assert capsys.readouterr().out == "timed\n"
    magic("a + b", local_ns={"b": 10})
    assert calls[-1] == (12, {})
    magic("-w 1", cell="y = a\nglobal z\nz = y + 1\n")
    assert calls[-1] == (None, {"n_warmup": 1}) and shell.user_ns["z"] == 3
    with pytest.raises(ValueError, match="no statement"):
        magic("-n 3")
    with pytest.raises(ValueError, match="in the cell"):
        magic("a + 1", cell="pass")
    with pytest.raises(SyntaxError):
        magic("a +")


def test_extension_with_ipython(monkeypatch, capsys):
    pytest.importorskip("IPython")
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.setattr(profiler, "benchmark", lambda func, **options: (func(), options))
    shell = InteractiveShell.instance()
    try:
        profiler.load_ipython_extension(shell)
        shell.user_ns["q"] = 20
        shell.run_line_magic("gpu_timeit", "-n 2 q + 1")
        assert capsys.readouterr().out.strip() == "(21, {'n_repeat': 2})"
        shell.run_cell_magic("gpu_timeit", "", "r = q * 2\n")
        assert shell.user_ns["r"] == 40
    finally:
        InteractiveShell.clear_instance()


def test_profiler_module_does_not_import_ipython():
    assert "load_ipython_extension" in profiler.__all__
    code = "import cunp.profiler, sys; print('IPython' in sys.modules)"
    import subprocess
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout.strip()
    assert out == "False"


# --- GPU ---

@gpu
def test_repeat_times_gpu_work():
    x = cunp.arange(1000, dtype="float32")
    with pytest.warns(UserWarning):
        perf = cunp.time.repeat(lambda a: a * 2, (x,), n_repeat=5, n_warmup=1)
    assert perf.name == "<lambda>"
    assert perf.cpu_times.shape == (5,) and perf.gpu_times.shape == (1, 5)
    assert (perf.gpu_times > 0).all()
    assert str(perf).startswith("<lambda>") and "GPU-" in str(perf)


@gpu
def test_gpu_timeit_runs_benchmark(capsys):
    shell = _Shell()
    shell.user_ns["cp"] = cunp
    profiler.load_ipython_extension(shell)
    magic = shell.magics["gpu_timeit"][0]
    magic("-n 3 -w 1 cp.arange(10).sum()")
    out = capsys.readouterr().out
    assert "CPU:" in out and "GPU-" in out
