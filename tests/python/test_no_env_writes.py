"""Python writes no environment variable for the core: settings reach the C++ core through its
config module (DESIGN decision 13), never through os.environ. A child interpreter imports cunp,
touches the lazy areas (linalg, fft, random, cuda) and reports its environment before and after:
os.environ, and the C library's own environment (what the core's getenv reads; a write by the
core through setenv shows there, not in os.environ). Needs no GPU."""
import json
import subprocess
import sys

_CHILD = r'''
import ctypes, json, os

def c_environ():
    """The process environment as the C library holds it now (os.environ is a copy made at
    start-up that only Python's own writes update)."""
    libc = ctypes.CDLL(None)
    env = ctypes.POINTER(ctypes.c_char_p).in_dll(libc, "environ")
    out, i = {}, 0
    while env[i] is not None:
        key, _, value = env[i].decode("utf-8", "surrogateescape").partition("=")
        out[key] = value
        i += 1
    return out

before, c_before = dict(os.environ), c_environ()

import cunp
import cunp.cuda
import cunp.fft
import cunp.linalg
import cunp.random

# Touch each lazy area past its module object: a public attribute of each.
cunp.linalg.norm, cunp.fft.fft, cunp.random.default_rng, cunp.cuda.Device
cunp.show_config.__doc__

print(json.dumps({"before": before, "after": dict(os.environ),
                  "c_before": c_before, "c_after": c_environ()}))
'''


def _diff(before, after):
    changed = {k: (before.get(k), after.get(k)) for k in set(before) | set(after)
               if before.get(k) != after.get(k)}
    return dict(sorted(changed.items()))


def test_import_and_lazy_areas_write_no_environment_variable():
    out = subprocess.run([sys.executable, "-c", _CHILD], check=True, capture_output=True,
                         text=True).stdout
    r = json.loads(out.strip().splitlines()[-1])
    assert r["before"], "the child saw no environment at all"
    assert _diff(r["before"], r["after"]) == {}, "os.environ changed (name: (before, after))"
    assert _diff(r["c_before"], r["c_after"]) == {}, \
        "the process environment changed (name: (before, after))"
