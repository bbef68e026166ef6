"""cunp's shared libraries keep a C++ runtime they link statically to themselves: exported, its
symbols broke the libstdc++ that a later import loads (ml_dtypes, JAX: a crash in locale code
after cunp's first GPU use)."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

import cunp


def _libraries():
    folder = os.path.dirname(cunp.__file__)
    found = glob.glob(os.path.join(folder, "libcunp.so*")) + [cunp._core.__file__]
    assert len(found) >= 2, found
    return found


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs nm (binutils)")
def test_no_cxx_runtime_symbols_exported():
    for path in _libraries():
        symbols = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True,
                                 text=True, check=True).stdout.split()
        leaked = [s for s in symbols if s.startswith(("_ZNSt6locale", "_ZSt4cout"))]
        assert not leaked, f"{os.path.basename(path)} exports the C++ runtime: {leaked[:5]}"


@pytest.mark.gpu
def test_cxx_extension_imported_after_first_gpu_use():
    pytest.importorskip("ml_dtypes")
    code = ("import cunp; cunp.empty(3); import ml_dtypes; "
            "print(ml_dtypes.finfo(ml_dtypes.float4_e2m1fn).max)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
