"""python -m cunp --cmake-dir / --include-dir point a C++ build at the installed package. Needs no
GPU."""
import os
import subprocess
import sys

import pytest


def _ask(flag):
    out = subprocess.run([sys.executable, "-m", "cunp", flag], check=True, capture_output=True,
                         text=True).stdout
    return out.strip()


def test_cmake_dir_holds_the_package_config():
    assert os.path.isfile(os.path.join(_ask("--cmake-dir"), "cunpConfig.cmake"))


def test_include_dir_holds_the_headers():
    assert os.path.isfile(os.path.join(_ask("--include-dir"), "cunp", "cunp.hpp"))


def test_one_question_at_a_time():
    r = subprocess.run([sys.executable, "-m", "cunp"], capture_output=True, text=True)
    assert r.returncode == 2 and "--cmake-dir" in r.stderr
    with pytest.raises(subprocess.CalledProcessError):
        _ask("--no-such-flag")
