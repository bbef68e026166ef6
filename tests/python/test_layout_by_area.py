"""Layout by area (README's layout): the C++ tests mirror src/ops, each area folder of src/ops
having its tests in the folder of the same name under tests/cpp, and the public headers under
include/cunp/ops/ are filed under areas that src/ops has. Needs no GPU."""
import os

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
OPS = os.path.join(ROOT, "src", "ops")
CPP_TESTS = os.path.join(ROOT, "tests", "cpp")
PUBLIC_OPS = os.path.join(ROOT, "include", "cunp", "ops")

# Areas of src/ops whose C++ tests live elsewhere, each with why. Empty today: every area has
# its folder.
NO_TEST_FOLDER = {}

pytestmark = pytest.mark.skipif(not os.path.isdir(OPS), reason="needs the source tree")


def _folders(top):
    return sorted(n for n in os.listdir(top) if os.path.isdir(os.path.join(top, n))
                  and not n.startswith((".", "__")))


def test_every_ops_area_has_its_cpp_test_folder():
    missing = [a for a in _folders(OPS) if a not in NO_TEST_FOLDER and a not in _folders(CPP_TESTS)]
    assert not missing, (f"src/ops areas without tests/cpp/<area>/: {missing} (add the folder, "
                         "or an entry in NO_TEST_FOLDER that says where their tests are)")


def test_cpp_test_folders_hold_tests():
    empty = [a for a in _folders(OPS) if a in _folders(CPP_TESTS)
             and not any(n.startswith("test_") and n.endswith(".cpp")
                         for n in os.listdir(os.path.join(CPP_TESTS, a)))]
    assert not empty, f"tests/cpp area folders without a test_*.cpp: {empty}"


def test_every_exception_is_still_needed_and_says_why():
    for area, why in NO_TEST_FOLDER.items():
        assert why, area
        assert area in _folders(OPS), f"NO_TEST_FOLDER names {area!r}, which src/ops lacks"
        assert area not in _folders(CPP_TESTS), f"tests/cpp/{area}/ exists: drop its exception"


def test_public_op_headers_are_filed_under_existing_areas():
    stray = [a for a in _folders(PUBLIC_OPS) if a not in _folders(OPS)]
    assert not stray, f"include/cunp/ops/ folders that name no area of src/ops: {stray}"
