"""DESIGN decision 14: cunp's own device code lives in real headers under src/device/, which a
ctest compiles one by one (tests/cpp/device/test_device_headers.cpp). Host code names and
instantiates it: the host sources write at most a kernel's extern "C" entry point that calls a
device template with the call's types, never a device function or struct of their own; the
prebuilt kernels' src/kernels/*.cu hold only such entry points (and the macros that stamp them).
Needs no GPU."""
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SRC = os.path.join(ROOT, "src")
PACKAGE = os.path.join(ROOT, "python", "cunp")

# A device function or struct (host sources may write only entry points, which instantiate).
DEVICE_FUNCTION = re.compile(r"__device__")
# What only device code spells (Python holds none of cunp's own).
DEVICE_WORDS = re.compile(r"__device__|__global__|__shared__|__syncthreads|threadIdx|blockIdx")

# Python files that show or check a user's kernel (user code is a string by nature), each with
# why. Anything else in the package that spells device code fails.
USER_CODE = {
    "demo.py": "the seeds' workload as a user writes it: a RawKernel of the user's own",
    "_kernels/_raw_kernel.py": "its docstring shows a user's RawKernel",
    "scipy/ndimage/_generic.py": "documents the signature a user's generic_filter kernel has",
    "scipy/ndimage/_ni_support.py": "reads the user's __global__ function name from its source",
    "fft/config.py": "documents the signature of a user's cuFFT callback",
    "fft/_lto_callbacks.py": "finds the user's callback function in its source; errors name it",
    "scipy/sparse/_base.py": "a pickle tag named after where the arrays lived, not device code",
}


def _files(top, suffixes):
    for folder, _, names in os.walk(top):
        for name in names:
            if name.endswith(suffixes):
                yield os.path.join(folder, name)


@pytest.mark.skipif(not os.path.isdir(SRC), reason="needs the source tree")
def test_host_sources_spell_no_device_code():
    device_home = os.path.join(SRC, "device") + os.sep
    found = []
    for path in _files(SRC, (".cpp", ".hpp", ".h", ".inc", ".cu", ".cuh")):
        if path.startswith(device_home):
            continue
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if DEVICE_FUNCTION.search(line):
                    found.append(f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()}")
    assert not found, "device code outside src/device (DESIGN 14):\n" + "\n".join(found)


# What src/kernels/*.cu may not spell: device code (functions, shared storage) and the
# declarations that hold it (namespaces, structs, templates, aliases) belong under src/device;
# an entry point may open a namespace's names (`using namespace`) to instantiate its templates.
NOT_AN_ENTRY_POINT = re.compile(
    r"__device__|__shared__|\bnamespace\b|\bstruct\b|\bclass\b|\btemplate\b|\busing\b|"
    r"CUB_NAMESPACE")
OPEN_NAMESPACE = re.compile(r"\busing namespace [\w:]+;")
GLOBAL = re.compile(r"__global__")
ENTRY_POINT = re.compile(r'extern "C" __global__')


def _code_lines(path):
    """(line number, text) of a source's lines without // comments."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            code = line.split("//", 1)[0].strip()
            if code:
                yield n, code


@pytest.mark.skipif(not os.path.isdir(SRC), reason="needs the source tree")
def test_prebuilt_kernel_sources_hold_only_entry_points():
    kernels = os.path.join(SRC, "kernels")
    sources = sorted(_files(kernels, (".cu",)))
    assert sources, "no src/kernels/*.cu"
    found = []
    for path in sources:
        rel = os.path.relpath(path, ROOT)
        for n, code in _code_lines(path):
            if NOT_AN_ENTRY_POINT.search(OPEN_NAMESPACE.sub("", code)):
                found.append(f"{rel}:{n}: {code}")
            elif GLOBAL.search(code) and not ENTRY_POINT.search(code):
                found.append(f"{rel}:{n}: a __global__ function that is no extern \"C\" entry point")
            elif code.startswith("#include") and '"../device/' not in code:
                found.append(f"{rel}:{n}: includes what is not device code under src/device: {code}")
    assert not found, ("src/kernels/*.cu may hold only extern \"C\" __global__ entry points that "
                       "instantiate device code of src/device (DESIGN 14):\n" + "\n".join(found))


def test_python_modules_hold_no_device_code():
    found = []
    for path in _files(PACKAGE, (".py",)):
        rel = os.path.relpath(path, PACKAGE).replace(os.sep, "/")
        if rel in USER_CODE:
            continue
        with open(path, encoding="utf-8") as f:
            if DEVICE_WORDS.search(f.read()):
                found.append(rel)
    assert not found, "Python modules spelling device code (DESIGN 14): " + ", ".join(found)


def test_every_listed_user_code_file_still_needs_its_entry():
    stale = []
    for rel, why in USER_CODE.items():
        assert why
        path = os.path.join(PACKAGE, *rel.split("/"))
        with open(path, encoding="utf-8") as f:
            if not DEVICE_WORDS.search(f.read()):
                stale.append(rel)
    assert not stale, f"no device words left in {stale}: remove their USER_CODE entries"
