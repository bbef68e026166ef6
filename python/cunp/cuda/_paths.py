"""Where the CUDA toolkit is, and its version (cupy.cuda's get_cuda_path & co.)."""
import os as _os

from cunp import _core

_cuda_path = False  # not looked up yet (None is an answer)


def toolkit_dirs(name):
    """One of Config's toolkit paths (config_info()'s "toolkit" rows: "headers", "nvcc", ...) as
    a list, read once per name (Config settles them on first use)."""
    if name not in _toolkit_dirs:
        value = next((row["value"] for row in _core.config_info()["toolkit"]
                      if row["name"] == name), "")
        _toolkit_dirs[name] = [d for d in value.split(_os.pathsep) if d]
    return _toolkit_dirs[name]


_toolkit_dirs = {}


def get_cuda_path():
    """The CUDA toolkit's root: $CUDA_PATH, else the directory above the nvcc cunp finds, else
    the one above the toolkit headers cunp found; None when there is none."""
    global _cuda_path
    if _cuda_path is False:
        path = _os.environ.get("CUDA_PATH", "")
        if not path or not _os.path.isdir(path):
            nvcc = _core.kernels.nvcc_path()
            path = _os.path.dirname(_os.path.dirname(nvcc)) if nvcc else ""
        if not path:
            headers = (toolkit_dirs("headers") or [""])[0]
            path = _os.path.dirname(headers) if headers.endswith("include") else ""
        _cuda_path = path or None
    return _cuda_path


def get_nvcc_path():
    """The nvcc command: $NVCC where set (CuPy's override), else the nvcc cunp's compiler
    backend uses; None when there is none."""
    override = _os.environ.get("NVCC")
    if override:
        return override
    return _core.kernels.nvcc_path() or None


def get_local_runtime_version():
    """The version of the CUDA toolkit libraries installed here (NVRTC's), as CUDA writes it:
    1000 * major + 10 * minor (13000 for 13.0)."""
    for entry in _core.config_info()["versions"]:
        if entry["name"] == "NVRTC" and entry["version"]:
            major, minor = entry["version"].split(".")[:2]
            return 1000 * int(major) + 10 * int(minor)
    raise RuntimeError("the CUDA runtime libraries (NVRTC) could not be loaded")
