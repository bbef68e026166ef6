"""sparse @ dense on cuSPARSE against SciPy and against the composed path.

Host part (no GPU): the route each product takes and why, and the operands handed to the
library (canonical CSR/CSC, one index dtype, contiguous dense operands), checked with
cunp.scipy.sparse on NumPy and a NumPy model of _core.sparse.matmul that enforces its contract
and computes with SciPy.

GPU part (gpu marker): each data dtype runs in its own process (`python THIS_FILE --worker
DTYPE`), so that a fault inside the library fails one test and takes no others down. Each worker
compares the cuSPARSE products with SciPy and with the composed path (_backend.composed_only)
over index dtypes, formats, dense operands of every layout, empty and 1x1 shapes, and calls
_core.sparse.matmul directly with a vector on its own route (complex128's through SpMM) and on
each routine forced. A last process (`--probe-spmv complex128`) tries complex128 SpMV itself,
expected to fail until its fault is shown gone.
"""

import os
import subprocess
import sys
import traceback

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend, _products  # noqa: E402

FLOATING = ["float32", "float64", "complex64", "complex128"]
FORMATS = ["csr", "csc", "coo"]
INDEX = [numpy.int32, numpy.int64]


def tol(dtype):
    return 2e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-10


def random_scipy(m, n, density, dtype, seed):
    rng = numpy.random.default_rng(seed)
    a = sps.random_array((m, n), density=density, format="csr", rng=rng)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * sps.random_array((m, n), density=density, format="csr", rng=rng)
    return a.astype(dtype).tocsr()


def random_dense(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def to_cunp(s, fmt, index, xp):
    """The cunp.scipy.sparse array of SciPy's `s` in `fmt`, its index arrays in `index`."""
    s = s.asformat(fmt)
    cls = getattr(cs, f"{fmt}_array")
    if fmt == "coo":
        return cls((xp.asarray(s.data), (xp.asarray(s.row.astype(index)),
                                          xp.asarray(s.col.astype(index)))), shape=s.shape)
    c = cls((xp.asarray(s.data), xp.asarray(s.indices), xp.asarray(s.indptr)), shape=s.shape)
    # Construction picks int32 for these sizes (SciPy's rule); int64 arrays set afterwards take
    # the 64-bit index path.
    c.indices = c.indices.astype(index)
    c.indptr = c.indptr.astype(index)
    return c


def operands(n, dtype, seed):
    """(label, host operand) for every layout a dense operand comes in: a vector, a reversed
    (negative-stride) vector, an (n, 1) column, C- and F-ordered matrices, a strided column
    slice, and a strided row view."""
    x = random_dense(n, dtype, seed)
    big = random_dense((n, 7), dtype, seed + 1)
    twice = random_dense((2 * n, 3), dtype, seed + 2)
    return [("vector", x), ("reversed vector", x[::-1]), ("column", x.reshape(n, 1)),
            ("matrix", big), ("F-ordered", numpy.asfortranarray(big)),
            ("strided columns", big[:, ::2]), ("strided rows", twice[::2]),
            ("one column of a matrix", big[:, 3:4])]


# ----------------------------------------------------------------------------- host part

def model_matmul(calls):
    """A NumPy stand-in for _core.sparse.matmul (out += A @ x) that checks what the binding
    requires and what cuSPARSE's format assumes, and records each call."""

    def matmul(data, indices, indptr, rows, cols, by_rows, x, out, vector_product="auto"):
        assert vector_product in ("auto", "spmv", "spmm")
        assert all(isinstance(v, numpy.ndarray) for v in (data, indices, indptr, x, out))
        assert all(v.flags.c_contiguous for v in (data, indices, indptr, x, out))
        assert data.dtype == x.dtype == out.dtype
        assert data.dtype.type in _products._CUSPARSE_TYPES
        assert indices.dtype == indptr.dtype and indices.dtype in (numpy.int32, numpy.int64)
        n_major, n_minor = (rows, cols) if by_rows else (cols, rows)
        assert indptr.shape == (n_major + 1,) and indices.shape == data.shape
        assert x.shape[0] == cols and out.shape[0] == rows and x.ndim == out.ndim
        assert data.size and rows and cols and out.size  # empty products never get here
        # Canonical: strictly increasing minor indices within each major line.
        major = numpy.repeat(numpy.arange(n_major), numpy.diff(indptr))
        key = major.astype(numpy.int64) * n_minor + indices
        assert (numpy.diff(key) > 0).all()
        fmt = sps.csr_array if by_rows else sps.csc_array
        out += fmt((data, indices, indptr), shape=(rows, cols)) @ x
        calls.append((by_rows, indices.dtype, x.shape))

    return matmul


@pytest.fixture
def host(monkeypatch):
    """cunp.scipy.sparse on NumPy with the model in the library's place; yields its calls."""
    calls = []
    monkeypatch.setattr(_backend, "xp", numpy)
    monkeypatch.setattr(_backend, "cusparse_matmul", lambda: model_matmul(calls))
    return calls


def test_numpy_backend_has_no_library_call():
    # The CPU tests' backend never reaches the library, whatever is installed.
    saved = _backend.xp
    try:
        _backend.xp = numpy
        assert _backend.cusparse_matmul() is None
    finally:
        _backend.xp = saved


@pytest.mark.parametrize("dtype,expected", [
    ("float32", "cusparse"), ("float64", "cusparse"), ("complex64", "cusparse"),
    ("complex128", "cusparse"), ("int64", "composed"), ("int8", "composed"),
    ("uint32", "composed"), ("bool", "composed"),
])
def test_route_by_dtype(host, dtype, expected):
    a = cs.csr_array(numpy.eye(3, dtype=dtype))
    x = numpy.ones(3, dtype=dtype)
    assert _products.route(a, x, numpy.dtype(dtype))[0] == expected
    r = a @ x
    numpy.testing.assert_array_equal(r, sps.csr_array(numpy.eye(3, dtype=dtype)) @ x)
    assert len(host) == (expected == "cusparse")


@pytest.mark.parametrize("shape,xshape", [((0, 3), (3,)), ((3, 0), (0,)), ((3, 0), (0, 2)),
                                          ((0, 0), (0,)), ((3, 4), (4,)), ((3, 4), (4, 0))])
def test_empty_products_are_zeros_without_a_call(host, shape, xshape):
    a = cs.csr_array(shape, dtype=numpy.float64)
    x = numpy.ones(xshape)
    assert _products.route(a, x, a.dtype) == ("composed", "empty")
    r = a @ x
    ref = sps.csr_array(shape, dtype=numpy.float64) @ x
    assert r.shape == ref.shape and r.dtype == ref.dtype
    numpy.testing.assert_array_equal(r, ref)
    assert host == []


def test_forced_composed_path(host, monkeypatch):
    monkeypatch.setattr(_backend, "cusparse_matmul", lambda: None)
    a = cs.csr_array(numpy.eye(3))
    assert _products.route(a, numpy.ones(3), a.dtype) == ("composed",
                                                         "cuSPARSE off or not found")


def test_binding_refuses_unknown_vector_routines():
    # Checked before any array is looked at: no device needed.
    from cunp import _core

    with pytest.raises(ValueError, match="vector_product"):
        _core.sparse.matmul(0, 0, 0, 1, 1, True, 0, 0, vector_product="csrmv")


def test_composed_only_flag_turns_the_library_off(monkeypatch):
    monkeypatch.setattr(_backend, "composed_only", True)
    assert _backend.cusparse_matmul() is None


@pytest.mark.parametrize("value,expected", [("1", True), ("0", False), ("", False)])
def test_environment_switch(value, expected):
    env = dict(os.environ, CUNP_SPARSE_COMPOSED=value)
    code = "from cunp.scipy.sparse import _backend; print(_backend.composed_only)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == str(expected)


@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("index", INDEX)
def test_library_operands_match_scipy(host, dtype, fmt, index):
    s = random_scipy(30, 20, 0.2, dtype, 0)
    c = to_cunp(s, fmt, index, numpy)
    for label, x in operands(20, dtype, 1):
        del host[:]
        r = c @ x
        ref = s @ x
        assert r.shape == ref.shape and r.dtype == ref.dtype, label
        numpy.testing.assert_allclose(r, ref, rtol=tol(dtype), atol=tol(dtype), err_msg=label)
        by_rows, idx, xshape = host[0]
        assert by_rows == (fmt != "csc"), label
        # COO goes to CSR, which picks its own index dtype; CSR/CSC keep theirs.
        assert fmt == "coo" or idx == index, label
        assert len(xshape) == (1 if x.ndim == 1 or x.shape[1] == 1 else 2), label
    # Dense @ sparse: the transpose's product.
    y = random_dense((4, 30), dtype, 2)
    numpy.testing.assert_allclose(y @ c, y @ s, rtol=tol(dtype), atol=tol(dtype))


def test_mixed_index_dtypes_meet_in_int64(host):
    s = random_scipy(10, 8, 0.3, numpy.float64, 3)
    c = to_cunp(s, "csr", numpy.int32, numpy)
    c.indptr = c.indptr.astype(numpy.int64)
    numpy.testing.assert_allclose(c @ numpy.ones(8), s @ numpy.ones(8))
    assert host[-1][1] == numpy.int64


@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_non_canonical_input_is_canonicalised_in_a_copy(host, dtype, fmt):
    # Line 0 holds minor index 2 before 0, and 2 twice.
    data = numpy.array([1, 2, 3, 4, 5], dtype=dtype)
    indices = numpy.array([2, 0, 2, 1, 0], dtype=numpy.int32)
    indptr = numpy.array([0, 3, 3, 5], dtype=numpy.int32)
    s = getattr(sps, f"{fmt}_array")((data, indices, indptr), shape=(3, 3))
    c = getattr(cs, f"{fmt}_array")((data.copy(), indices.copy(), indptr.copy()), shape=(3, 3))
    x = numpy.array([1.0, 10.0, 100.0], dtype=dtype)
    numpy.testing.assert_allclose(c @ x, s @ x, rtol=tol(dtype))
    X = numpy.arange(6.0).reshape(3, 2).astype(dtype)
    numpy.testing.assert_allclose(c @ X, s @ X, rtol=tol(dtype))
    assert len(host) == 2
    numpy.testing.assert_array_equal(c.indices, indices)
    numpy.testing.assert_array_equal(c.data, data)


def test_coo_duplicates(host):
    row = numpy.array([0, 0, 2, 0])
    col = numpy.array([1, 1, 0, 1])
    data = numpy.array([1.0, 2.0, 3.0, 4.0])
    s = sps.coo_array((data, (row, col)), shape=(3, 2))
    c = cs.coo_array((data, (row, col)), shape=(3, 2))
    x = numpy.array([5.0, 7.0])
    numpy.testing.assert_allclose(c @ x, s @ x)
    assert len(host) == 1


def test_one_by_one(host):
    for dtype in FLOATING:
        c = cs.csr_array(numpy.array([[3]], dtype=dtype))
        numpy.testing.assert_allclose(c @ numpy.array([2], dtype=dtype), [6])
        numpy.testing.assert_allclose(c @ numpy.array([[2, 4]], dtype=dtype), [[6, 12]])
    assert len(host) == 2 * len(FLOATING)


@pytest.mark.parametrize("xshape", [(5,), (5, 1), (5, 2), (3, 4, 2), (2, 3, 4)])
def test_shape_errors_come_before_any_call(host, xshape):
    a = cs.csr_array(numpy.eye(3))
    s = sps.csr_array(numpy.eye(3))
    x = numpy.ones(xshape)
    with pytest.raises(ValueError):
        s @ x
    with pytest.raises(ValueError):
        a @ x
    assert host == []
    with pytest.raises(ValueError):
        a @ 2.0


def test_mixed_operand_dtypes_upcast_before_the_call(host):
    s = random_scipy(12, 9, 0.3, numpy.float32, 4)
    c = cs.csr_array(s)
    for x in [numpy.ones(9), numpy.arange(9), numpy.ones(9, numpy.complex64)]:
        r = c @ x
        ref = s @ x
        assert r.dtype == ref.dtype
        numpy.testing.assert_allclose(r, ref, rtol=1e-6)


# ----------------------------------------------------------------------------- GPU part

def _gpu_checks(dtype, xp, matmul):
    """Every comparison for one dtype with arrays of `xp` (cunp on the device; NumPy with the
    model on the host, to check this logic) and `matmul` (_core.sparse.matmul or the model);
    returns (the number of checks, the failures' descriptions)."""
    failures = []
    count = 0

    def check(label, got, ref, rtol):
        nonlocal count
        count += 1
        try:
            assert isinstance(got, xp.ndarray), f"{type(got)} is no {xp.__name__} array"
            host = _backend.to_host(got)
            assert host.shape == ref.shape, f"shape {host.shape} != {ref.shape}"
            assert host.dtype == ref.dtype, f"dtype {host.dtype} != {ref.dtype}"
            numpy.testing.assert_allclose(host, ref, rtol=rtol, atol=rtol)
        except Exception:
            failures.append(f"{dtype} {label}:\n{traceback.format_exc()}")

    def both_paths(c, x):
        """(cuSPARSE's product, the composed path's), checking the route first."""
        _backend.composed_only = False
        if isinstance(x, xp.ndarray):
            assert _products.route(c, x, numpy.dtype(dtype))[0] == "cusparse"
        lib = c @ x
        _backend.composed_only = True
        try:
            composed = c @ x
        finally:
            _backend.composed_only = False
        return lib, composed

    t = tol(dtype)
    for fmt in FORMATS:
        for index in INDEX:
            s = random_scipy(300, 200, 0.05, dtype, 0)
            c = to_cunp(s, fmt, index, xp)
            for label, x in operands(200, dtype, 1):
                for where, xv in (("host", x), ("device", _device_view(xp, x))):
                    tag = f"{fmt} {numpy.dtype(index).name} {label} ({where})"
                    try:
                        lib, composed = both_paths(c, xv)
                    except Exception:
                        failures.append(f"{dtype} {tag}:\n{traceback.format_exc()}")
                        continue
                    ref = s @ x
                    check(tag + " vs SciPy", lib, ref, t)
                    check(tag + " vs composed", lib, _backend.to_host(composed), t)
            y = random_dense((4, 300), dtype, 2)
            check(f"{fmt} {numpy.dtype(index).name} dense @ sparse", xp.asarray(y) @ c, y @ s, t)
    # Non-canonical CSR and CSC (unsorted, duplicated), left as they were.
    data = numpy.array([1, 2, 3, 4, 5], dtype=dtype)
    indices = numpy.array([2, 0, 2, 1, 0], dtype=numpy.int32)
    indptr = numpy.array([0, 3, 3, 5], dtype=numpy.int32)
    for fmt in ("csr", "csc"):
        s = getattr(sps, f"{fmt}_array")((data, indices, indptr), shape=(3, 3))
        c = getattr(cs, f"{fmt}_array")((xp.asarray(data), xp.asarray(indices),
                                         xp.asarray(indptr)), shape=(3, 3))
        for x in (numpy.array([1, 10, 100], dtype=dtype),
                  numpy.arange(6).reshape(3, 2).astype(dtype)):
            check(f"non-canonical {fmt} {x.shape}", c @ xp.asarray(x), s @ x, t)
        check(f"non-canonical {fmt} left as it was", c.indices, indices, 0)
    # Empty and 1x1 shapes.
    for shape, xshape in [((0, 3), (3,)), ((3, 0), (0,)), ((3, 0), (0, 2)), ((0, 0), (0,)),
                          ((3, 4), (4,)), ((3, 4), (4, 0)), ((1, 1), (1,)), ((1, 1), (1, 3))]:
        for fill in (False, True):
            dense = numpy.zeros(shape, dtype=dtype)
            if fill and dense.size:
                dense.flat[0] = 3
            s, c = sps.csr_array(dense), cs.csr_array(xp.asarray(dense))
            x = random_dense(xshape, dtype, 5)
            check(f"shape {shape} @ {xshape} filled={fill}", c @ xp.asarray(x), s @ x, t)
    # The library call itself with a vector: its own route (SpMV, or SpMM of one column for
    # complex128), and each routine forced, except complex128's SpMV (the probe's own process).
    s = random_scipy(50, 40, 0.1, dtype, 6)
    x = random_dense(40, dtype, 7)
    routines = ["auto", "spmm"] + ([] if dtype == "complex128" else ["spmv"])
    for by_rows in (True, False):
        m = s if by_rows else s.tocsc()
        for how in routines:
            out = xp.zeros(50, dtype=dtype)
            try:
                matmul(xp.asarray(m.data), xp.asarray(m.indices), xp.asarray(m.indptr), 50, 40,
                       by_rows, xp.asarray(x), out, vector_product=how)
            except Exception:
                failures.append(f"{dtype} matmul {how} by_rows={by_rows}:\n"
                                f"{traceback.format_exc()}")
                continue
            check(f"matmul vector {how} by_rows={by_rows}", out, s @ x, t)
    return count, failures


def _device_view(xp, x):
    """x on the device with the same layout (a strided view stays a strided view)."""
    if x.flags.c_contiguous:
        return xp.asarray(x)
    if x.flags.f_contiguous:
        return xp.asfortranarray(xp.asarray(x))
    base = x.base if x.base is not None else x
    while base.base is not None:
        base = base.base
    if base.ndim == 2 and x.ndim == 2:
        # The views operands() builds: strided rows/columns of a C-ordered matrix.
        step_r = x.strides[0] // base.strides[0]
        step_c = x.strides[1] // base.strides[1]
        offset = (x.__array_interface__["data"][0] - base.__array_interface__["data"][0]) \
            // x.itemsize
        r0, c0 = divmod(offset, base.shape[1])
        return xp.asarray(base)[r0::step_r, c0::step_c][:x.shape[0], :x.shape[1]]
    if base.ndim == 1 and x.ndim == 1 and x.strides[0] < 0:
        return xp.asarray(base)[::-1]
    return xp.asarray(x)


@pytest.mark.parametrize("dtype", FLOATING)
def test_worker_logic_on_the_host(monkeypatch, dtype):
    # The GPU workers' checks, run here with NumPy arrays and the model as the library (the
    # flag that forces the composed path still switches it off), so that their own logic is
    # checked where no GPU is.
    calls = []
    model = model_matmul(calls)
    monkeypatch.setattr(_backend, "xp", numpy)
    monkeypatch.setattr(_backend, "cusparse_matmul",
                        lambda: None if _backend.composed_only else model)
    count, failures = _gpu_checks(dtype, numpy, model)
    assert not failures, "\n".join(failures)
    assert count > 200 and calls
    # The device copies keep each operand's layout (strided views stay views).
    for label, x in operands(20, dtype, 1):
        d = _device_view(numpy, x)
        numpy.testing.assert_array_equal(d, x, err_msg=label)
        assert d.flags.c_contiguous == x.flags.c_contiguous, label
        assert d.flags.f_contiguous == x.flags.f_contiguous, label


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", FLOATING)
def test_cusparse_products_in_a_process(dtype):
    here = os.path.abspath(__file__)
    run = subprocess.run([sys.executable, here, "--worker", dtype], capture_output=True,
                         text=True, timeout=900)
    tail = (run.stdout + run.stderr)[-20000:]
    assert run.returncode >= 0, f"the {dtype} worker died of signal {-run.returncode}:\n{tail}"
    assert run.returncode == 0, tail


@pytest.mark.gpu
@pytest.mark.xfail(strict=False, reason="cusparseSpMV with complex128 faulted inside libcusparse "
                   "(CUDA 13.0) while the host scalars were only 8-byte aligned; an XPASS here "
                   "means the route table of src/sparse/matmul.cpp may send complex128 vectors "
                   "to SpMV again")
def test_complex128_spmv_probe():
    here = os.path.abspath(__file__)
    run = subprocess.run([sys.executable, here, "--probe-spmv", "complex128"],
                         capture_output=True, text=True, timeout=300)
    tail = (run.stdout + run.stderr)[-20000:]
    assert run.returncode >= 0, f"complex128 SpMV died of signal {-run.returncode}:\n{tail}"
    assert run.returncode == 0, tail


def _probe_spmv(dtype):
    """SpMV forced for `dtype`, CSR and CSC: (checks, failures), in a process of its own."""
    import cunp
    from cunp import _core

    failures = []
    s = random_scipy(50, 40, 0.1, dtype, 8)
    x = random_dense(40, dtype, 9)
    for by_rows in (True, False):
        m = s if by_rows else s.tocsc()
        out = cunp.zeros(50, dtype=dtype)
        _core.sparse.matmul(cunp.asarray(m.data), cunp.asarray(m.indices),
                            cunp.asarray(m.indptr), 50, 40, by_rows, cunp.asarray(x), out,
                            vector_product="spmv")
        if not numpy.allclose(out.get(), s @ x, rtol=tol(dtype), atol=tol(dtype)):
            failures.append(f"{dtype} SpMV by_rows={by_rows}: wrong values")
    return 2, failures


def main(argv):
    if len(argv) != 3 or argv[1] not in ("--worker", "--probe-spmv"):
        print(f"usage: {argv[0]} --worker|--probe-spmv DTYPE", file=sys.stderr)
        return 2
    import cunp
    from cunp import _core

    if not _core.sparse.available():
        print(_core.sparse.unavailable_reason())
        return 1
    if argv[1] == "--probe-spmv":
        count, failures = _probe_spmv(argv[2])
    else:
        count, failures = _gpu_checks(argv[2], cunp, _core.sparse.matmul)
    for f in failures:
        print(f)
    print(f"{argv[2]}: {count} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
