"""The C prototypes behind cunp.cuda.runtime and driver, checked against the toolkit's
headers, so that a wrong parameter shows up on any machine and not first on a GPU."""

import os
import re

import pytest

from cunp.cuda import _ctypes_calls, driver, runtime

INCLUDE = '/usr/local/cuda/include'

# How each of the table's codes may be spelled in C.
_SCALARS = {
    'i': re.compile(r'^(const )?(int|enum \w+|CUdevice|CUfunction_attribute|CUjitInputType)$'),
    'I': re.compile(r'^(const )?(unsigned int|enum \w+)$'),
    'z': re.compile(r'^(const )?size_t$'),
    'L': re.compile(r'^(unsigned long long|cudaTextureObject_t|cudaSurfaceObject_t)$'),
    'f': re.compile(r'^float$'),
    's': re.compile(r'^const char ?\*$'),
}
_HANDLE = re.compile(r'(\*|_t$|^CU(stream|context|module|function|linkState|deviceptr)$)')


def _declarations(header, prefix):
    with open(os.path.join(INCLUDE, header)) as f:
        text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    found = {}
    pattern = r'\b(%s\w+)\s*\(([^;{}]*?)\)\s*;' % prefix
    for m in re.finditer(pattern, text):
        params = [re.sub(r'\s+', ' ', p).strip() for p in m.group(2).split(',')]
        params = [re.sub(r'\s*__dv\(.*\)$', '', p) for p in params if p and p != 'void']
        # the parameter's type: drop its name
        found[m.group(1)] = [re.sub(r'\s*\b\w+$', '', p) if re.search(r'[\w\]]$', p) else p
                             for p in params]
    return found


def _check(table, declarations, strip_version):
    checked = 0
    for name, (symbol, prototype) in table.items():
        c_name = re.sub(r'_v\d$', '', symbol) if strip_version else symbol
        if c_name not in declarations:
            continue
        c_types = declarations[c_name]
        codes = [code for code, _, _ in _ctypes_calls._parse(prototype)]
        assert len(codes) == len(c_types), (name, codes, c_types)
        for code, c_type in zip(codes, c_types):
            if code.startswith('*'):
                assert c_type.endswith('*'), (name, code, c_type)
            elif code == 'p':
                assert _HANDLE.search(c_type), (name, code, c_type)
            else:
                assert _SCALARS[code].match(c_type), (name, code, c_type)
        checked += 1
    return checked


@pytest.mark.skipif(not os.path.exists(os.path.join(INCLUDE, 'cuda_runtime_api.h')),
                    reason='no CUDA toolkit headers')
def test_runtime_prototypes_match_cudart():
    declarations = _declarations('cuda_runtime_api.h', 'cuda')
    assert _check(runtime._TABLE, declarations, False) >= len(runtime._TABLE) - 2


@pytest.mark.skipif(not os.path.exists(os.path.join(INCLUDE, 'cuda.h')),
                    reason='no CUDA toolkit headers')
def test_driver_prototypes_match_libcuda():
    declarations = _declarations('cuda.h', 'cu')
    assert _check(driver._TABLE, declarations, True) >= len(driver._TABLE) - 1
