"""Every public name of NumPy 2's top-level namespace exists on cunp, is out of scope (below, by
group, with the reason), or is listed in PENDING, still to implement. Runs without a GPU."""
import types

import numpy

import cunp

# Out of scope, by group.
OUT_OF_SCOPE = {
    # Strings and bytes: no GPU kernels for variable-width text (numpy.char / numpy.strings).
    "bytes_", "str_", "character", "flexible", "void",
    # Python objects cannot live in device memory (frompyfunc makes object-dtype ufuncs; see
    # docs/differences.md).
    "object_", "frompyfunc",
    # Dates and times: no datetime64/timedelta64 dtypes in cunp.
    "datetime64", "timedelta64", "datetime_as_string", "datetime_data", "busday_count",
    "busday_offset", "busdaycalendar", "is_busday", "isnat",
    # Structured and record arrays.
    "recarray", "record",
    # The matrix class (NumPy discourages it).
    "matrix", "asmatrix", "bmat",
    # Extended precision: the GPU has no long double.
    "float128", "complex256", "clongdouble",
    # Host-only machinery: memory-mapped files, iterators over host buffers, NumPy's own build,
    # test runner, buffer size and help.
    "memmap", "nested_iters", "get_include", "show_runtime", "test",
    "getbufsize", "setbufsize", "info", "little_endian",
}

# Still to implement (sorted).
PENDING: set[str] = set()


def _numpy_public_names():
    return {n for n in dir(numpy) if not n.startswith("_")
            and not isinstance(getattr(numpy, n), types.ModuleType)}


def test_every_numpy_name_is_present_or_listed():
    missing = sorted(n for n in _numpy_public_names() - OUT_OF_SCOPE - PENDING
                     if not hasattr(cunp, n))
    assert not missing, f"NumPy names missing from cunp and from the lists: {missing}"


def test_lists_do_not_overlap():
    assert not OUT_OF_SCOPE & PENDING
