"""cunp.cuda's library modules (cublas, cusolver, cusparse, curand, cufft, cub, thrust) without a
GPU: their prototype tables and constants against the toolkit's headers, their status errors,
and the names they decide against, which raise AttributeError naming what to use instead."""
import importlib
import os
import pickle
import re
import sys

import pytest

from cunp.cuda import _ctypes_calls

sys.path.insert(0, os.path.dirname(__file__))
from test_call_tables import _SCALARS, INCLUDE, _check  # noqa: E402

_SCALARS.setdefault("d", re.compile(r"^double$"))

MODULES = ["cublas", "cusolver", "cusparse", "curand", "cufft", "cub", "thrust"]
DECIDING = [m for m in MODULES if m != "curand"]  # curand provides every CuPy name
# module: (headers, symbol prefix, whether the header drops the symbols' _v2 suffix)
HEADERS = {
    "cublas": (["cublas_api.h"], "cublas", False),
    "cusolver": (["cusolver_common.h", "cusolverDn.h", "cusolverSp.h"], "cusolver", False),
    "cusparse": (["cusparse.h"], "cusparse", False),
    "curand": (["curand.h"], "curand", False),
    "cufft": (["cufft.h"], "cufft", False),
}


def _module(name):
    return importlib.import_module("cunp.cuda." + name)


def _declarations(header, prefix):
    # As test_call_tables reads cudart's, but a declaration is a name after its return type
    # (these headers also call their functions in inline helpers) and return a status type.
    with open(os.path.join(INCLUDE, header)) as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    found = {}
    pattern = r"\b(?!return\b)\w+\s+(?:\w+API\s+)?(%s\w+)\s*\(([^;{}]*?)\)\s*;" % prefix
    for m in re.finditer(pattern, text):
        params = [re.sub(r"\s+", " ", p).strip() for p in m.group(2).split(",")]
        params = [p for p in params if p and p != "void"]
        found.setdefault(m.group(1), [re.sub(r"\s*\b\w+$", "", p) if re.search(r"[\w\]]$", p)
                                      else p for p in params])
    return found


def _enum_types(text):
    # The library's enum typedefs (cublasMath_t, curandRngType_t, ...): ints in the tables.
    return (set(re.findall(r"typedef\s+enum\s*\w*\s*\{[^{}]*\}\s*(\w+)\s*;", text)) |
            set(re.findall(r"typedef\s+enum\s+\w+\s+(\w+)\s*;", text)))


def _header_text(headers):
    text = ""
    for h in headers:
        with open(os.path.join(INCLUDE, h)) as f:
            text += re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    return text


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_prototypes_match_the_headers(name):
    headers, prefix, versioned = HEADERS[name]
    if not all(os.path.exists(os.path.join(INCLUDE, h)) for h in headers):
        pytest.skip("no CUDA toolkit headers")
    declarations = {}
    for h in headers:
        declarations.update(_declarations(h, prefix))
    enums = _enum_types(_header_text(headers)) | {"libraryPropertyType"}
    declarations = {k: ["int" if t in enums else t for t in v] for k, v in declarations.items()}
    table = _module(name)._TABLE
    # cufftHandle is an int: the table's 'i' for it reads as a handle type in C.
    if name == "cufft":
        declarations = {k: [t.replace("cufftHandle", "int") for t in v]
                        for k, v in declarations.items()}
    assert _check(table, declarations, versioned) == len(table)


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_constants_match_the_headers(name):
    headers, _, _ = HEADERS[name]
    if not all(os.path.exists(os.path.join(INCLUDE, h)) for h in headers):
        pytest.skip("no CUDA toolkit headers")
    text = _header_text(headers)
    module = _module(name)
    assert _enum_types(text)
    checked = 0
    for const, value in vars(module).items():
        if not re.match(r"^CU[A-Z]+_[A-Z0-9_]+$", const) or not isinstance(value, int):
            continue
        m = re.search(r"\b%s\s*=\s*(-?(?:0x[0-9a-fA-F]+|\d+))" % const, text)
        if m is None:
            continue  # a CUDA 11 name CuPy keeps (its value is CuPy's)
        assert value == int(m.group(1), 0), const
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", DECIDING)
def test_names_decided_against_raise_attribute_error_naming_the_alternative(name):
    module = _module(name)
    assert module._NOT_PROVIDED
    for missing, instead in module._NOT_PROVIDED.items():
        assert not hasattr(module, missing)
        with pytest.raises(AttributeError, match="is not provided by cunp") as info:
            getattr(module, missing)
        assert instead in str(info.value)
    with pytest.raises(AttributeError, match="has no attribute"):
        module.no_such_name


@pytest.mark.parametrize("name", DECIDING)
def test_decisions_name_cunp_functions_that_exist(name):
    # "use cunp.x.y" in a decision names something cunp has (or says it does not yet).
    import cunp  # noqa: F401

    for instead in set(_module(name)._NOT_PROVIDED.values()):
        for ref in re.findall(r"\bcunp(?:\.\w+)+", instead):
            if ref + " (SciPy's spelling) is not yet in cunp" in instead:
                continue
            parts = ref.split(".")
            obj = importlib.import_module(parts[0])
            for i, part in enumerate(parts[1:], 1):
                try:
                    obj = getattr(obj, part)
                except AttributeError:
                    obj = importlib.import_module(".".join(parts[:i + 1]))
            assert obj is not None, ref


@pytest.mark.parametrize("module_name, error_name, status, text", [
    ("cublas", "CUBLASError", 7, "CUBLAS_STATUS_INVALID_VALUE"),
    ("cusolver", "CUSOLVERError", 6, "CUSOLVER_STATUS_EXECUTION_FAILED"),
    ("cusparse", "CuSparseError", 10, "CUSPARSE_STATUS_NOT_SUPPORTED"),
    ("curand", "CURANDError", 104, "CURAND_STATUS_OUT_OF_RANGE"),
    ("cufft", "CuFFTError", 8, "CUFFT_INVALID_SIZE"),
])
def test_status_errors(module_name, error_name, status, text):
    module = _module(module_name)
    error = getattr(module, error_name)
    e = error(status)
    assert e.status == status and str(e) == text and isinstance(e, RuntimeError)
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is error and again.status == status
    check = getattr(module, "check_result" if module_name == "cufft" else "check_status")
    check(0)
    with pytest.raises(error, match=text):
        check(status)
    assert "UNKNOWN" in str(error(12345))


def test_curand_status_table_and_calls():
    from cunp.cuda import curand

    assert curand.STATUS[0] == "CURAND_STATUS_SUCCESS"
    assert curand.CURAND_RNG_PSEUDO_PHILOX4_32_10 == 161
    import inspect

    assert list(inspect.signature(curand.generateNormalDouble).parameters) == [
        "generator", "outputPtr", "n", "mean", "stddev"]
    with pytest.raises(TypeError):
        curand.generateUniform(0)  # too few arguments: named before any library call


def test_double_code_of_the_prototype_reader():
    assert _ctypes_calls._C_TYPES["d"].__name__ == "c_double"


def test_cub_constants_and_dtype_lists():
    import numpy

    from cunp.cuda import cub

    assert cub.available is True
    ops = [cub.CUPY_CUB_SUM, cub.CUPY_CUB_MIN, cub.CUPY_CUB_MAX, cub.CUPY_CUB_ARGMIN,
           cub.CUPY_CUB_ARGMAX, cub.CUPY_CUB_CUMSUM, cub.CUPY_CUB_CUMPROD, cub.CUPY_CUB_PROD]
    assert sorted(ops) == list(range(8))
    assert numpy.float16 in cub.CUB_support_dtype_with_half
    assert numpy.float16 not in cub.CUB_support_dtype_without_half
    assert numpy.bool_ not in cub.CUB_sum_support_dtype
    with pytest.raises(ValueError, match="CUPY_CUB"):
        cub.device_reduce(None, cub.CUPY_CUB_CUMSUM, ())
    with pytest.raises(ValueError, match="CUMSUM"):
        cub.device_scan(None, cub.CUPY_CUB_SUM)
    with pytest.raises(TypeError, match="tuple"):
        cub.device_reduce(None, cub.CUPY_CUB_SUM, [])


def test_thrust_is_unavailable():
    from cunp.cuda import thrust

    assert thrust.available is False
    with pytest.raises(AttributeError, match="cunp.argsort"):
        thrust.argsort


def test_cufft_constants_and_plan_arguments():
    from cunp.cuda import cufft

    assert (cufft.CUFFT_FORWARD, cufft.CUFFT_INVERSE) == (-1, 1)
    assert cufft.CUFFT_Z2Z == 0x69 and cufft.CUFFT_CB_ST_REAL_DOUBLE == 7
    assert cufft.get_current_plan() is None
    with pytest.raises(ValueError, match="fft_type"):
        cufft.Plan1d(8, 0x99, 1)
    with pytest.raises(ValueError, match="nx must be positive"):
        cufft.Plan1d(0, cufft.CUFFT_C2C, 1)
    with pytest.raises(ValueError, match="batch must be positive"):
        cufft.Plan1d(8, cufft.CUFFT_C2C, 0)
    with pytest.raises(NotImplementedError, match="multi-GPU"):
        cufft.Plan1d(8, cufft.CUFFT_C2C, 1, devices=[0, 1])
    # layouts cuFFT could not address, before any plan is made
    with pytest.raises(ValueError, match="input embed .* has 1 extents"):
        cufft.PlanNd((4, 4), (8,), 1, 64, None, 1, 16, cufft.CUFFT_C2C, 1, 'C', -1, None)
    with pytest.raises(ValueError, match="output embed .* smaller"):
        cufft.PlanNd((4, 4), None, 1, 16, (4, 3), 1, 16, cufft.CUFFT_C2C, 1, 'C', -1, None)
    with pytest.raises(ValueError, match="input stride must be positive"):
        cufft.PlanNd((4, 4), (4, 4), 0, 16, None, 1, 16, cufft.CUFFT_C2C, 1, 'C', -1, None)
    with pytest.raises(ValueError, match="output distance must be positive"):
        cufft.PlanNd((4, 4), None, 1, 16, (4, 4), 1, 0, cufft.CUFFT_C2C, 1, 'C', -1, None)
    with pytest.raises(ValueError, match="batch must be >= 0"):
        cufft.PlanNd((4, 4), None, 1, 16, None, 1, 16, cufft.CUFFT_C2C, -1, 'C', -1, None)
    with pytest.raises(ValueError, match="shape must be positive"):
        cufft.PlanNd((4, 0), None, 1, 16, None, 1, 16, cufft.CUFFT_C2C, 1, 'C', -1, None)
    with pytest.raises(ValueError, match="order"):
        cufft.PlanNd((4, 4), None, 1, 16, None, 1, 16, cufft.CUFFT_C2C, 1, 'K', -1, None)
    with pytest.raises(ValueError, match="1 to 3"):
        cufft.PlanNd((2, 2, 2, 2), None, 1, 16, None, 1, 16, cufft.CUFFT_C2C, 1, 'C', -1,
                     None)


def test_handle_getters_exist_in_cupys_places():
    import cunp

    for name in ("get_cublas_handle", "get_cusolver_handle", "get_cusolver_sp_handle",
                 "get_cusparse_handle"):
        assert callable(getattr(cunp.cuda.device, name))
    assert cunp.cuda.get_cublas_handle is cunp.cuda.device.get_cublas_handle


def test_set_cufft_callbacks_arguments():
    import cunp
    from cunp.fft import config

    with pytest.raises(NotImplementedError, match="cb_ver='jit'"):
        config.set_cufft_callbacks(cb_load="extern \"C\" __device__ void f() {}")
    with pytest.raises(ValueError, match="cb_ver"):
        config.set_cufft_callbacks(cb_load="x", cb_ver="lto")
    with pytest.raises(ValueError, match="cb_load or cb_store"):
        config.set_cufft_callbacks(cb_ver="jit")
    with pytest.raises(TypeError, match="str of CUDA source"):
        config.set_cufft_callbacks(cb_store=b"x", cb_ver="jit")
    with pytest.raises(ValueError, match="not both"):
        config.set_cufft_callbacks(cb_load="x", cb_load_data=1, cb_load_aux_arr=object(),
                                   cb_ver="jit")
    ok, why = cunp._core.fft.jit_callbacks_supported()
    assert isinstance(ok, bool) and (ok or why)
    assert "set_cufft_callbacks" in config.__all__


def test_cufft_layout_spans():
    # The elements a plan's buffer spans, which fft() checks its operands hold.
    from cunp.cuda.cufft import _operand_dims, _packed, _span

    assert _operand_dims((6, 10), 1) == ((6, 10), (6, 6))  # R2C halves the output
    assert _operand_dims((6, 10), 2) == ((6, 6), (6, 10))  # C2R the input
    assert _span((6, 10), _packed((6, 10)), 3) == 180
    assert _span((6, 10), ((6, 16), 1, 96), 3) == 2 * 96 + 5 * 16 + 9 + 1  # padded rows
    assert _span((8,), ((8,), 4, 1), 4) == 3 + 4 * 7 + 1  # interleaved batch
    assert _span((8,), ((8,), 1, 8), 0) == 0


def test_callback_prerequisites_are_checked_or_named():
    import cunp
    from cunp.fft import config

    ok, why = cunp._core.fft.jit_callbacks_supported()
    if ok:
        config._check_jit_callbacks()  # nvJitLink found and loaded for cuFFT
    else:
        with pytest.raises(RuntimeError, match="not available"):
            config._check_jit_callbacks()


class _FakeCorePlan:
    # Stands for the core's plan object: records what PlanNd asks cuFFT for and runs.
    device = 0
    work_area = None
    work_area_size = 0
    key = 'fake'

    def __init__(self, *args):
        self.args = args
        self.runs = []

    def execute(self, in_ptr, out_ptr, forward):
        self.runs.append((in_ptr, out_ptr, forward))


class _FakeArray:
    def __init__(self, shape, dtype, contiguous=True):
        import types

        import numpy
        self.shape, self.dtype = tuple(shape), numpy.dtype(dtype)
        self.size = int(numpy.prod(shape))
        self.flags = types.SimpleNamespace(c_contiguous=contiguous, f_contiguous=False)
        self.data = types.SimpleNamespace(ptr=0x1000 + self.size)
        self.device = types.SimpleNamespace(id=0)


def test_plannd_hands_cufft_its_layout(monkeypatch):
    # The explicit layouts go to cufftMakePlanMany64 as given (a None embed packed, its stride
    # and distance ignored as cuFFT ignores them); fft() checks the buffers and runs.
    import numpy

    import cunp
    from cunp.cuda import cufft

    made = []
    monkeypatch.setattr(cunp._core.fft, 'make_plan',
                        lambda *args: made.append(_FakeCorePlan(*args)) or made[-1])
    plan = cufft.PlanNd((6, 10), (6, 13), 1, 78, None, 7, 99, cufft.CUFFT_D2Z, 3, 'C', -1,
                        None)
    assert made[-1].args == (cufft.CUFFT_D2Z, [6, 10], [6, 13], 1, 78, [6, 6], 1, 36, 3)
    assert plan.last_size == 6 and plan.work_area is None
    a, out = _FakeArray((3, 6, 13), numpy.float64), _FakeArray((3, 6, 6), numpy.complex128)
    assert plan.fft(a, out, cufft.CUFFT_FORWARD) is out
    assert made[-1].runs == [(a.data.ptr, out.data.ptr, True)]
    with pytest.raises(ValueError, match="spans 108"):
        plan.fft(a, _FakeArray((100,), numpy.complex128), cufft.CUFFT_FORWARD)
    with pytest.raises(ValueError, match="R2C plan runs forward"):
        plan.fft(a, out, cufft.CUFFT_INVERSE)
    # an n-D C2R is one cuFFT plan of the real shape, its input the halved one
    cufft.PlanNd((4, 8), None, 1, 0, None, 1, 0, cufft.CUFFT_Z2D, 2, 'C', -1, 8)
    assert made[-1].args == (cufft.CUFFT_Z2D, [4, 8], [4, 5], 1, 20, [4, 8], 1, 32, 2)
    # interleaved: stride and distance as given
    cufft.PlanNd((16,), (16,), 5, 1, (16,), 5, 1, cufft.CUFFT_C2C, 5, 'C', 0, None)
    assert made[-1].args == (cufft.CUFFT_C2C, [16], [16], 5, 1, [16], 5, 1, 5)
