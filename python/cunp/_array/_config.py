# python/cunp/_array/_config.py -- cunp.show_config() and cunp.get_runtime_info() (cupyx's): what
# cunp runs with, for bug reports.
"""cunp.get_runtime_info(): settings, the toolkit's locations, CUDA versions and devices as an object (its str() is the
report); cunp.show_config() prints it."""

__all__ = ["show_config", "get_runtime_info"]

# CuPy's attribute names for the versions cunp reports (name in config_info -> attribute).
_VERSION_ATTRIBUTES = {
    "CUDA driver": "cuda_driver_version",
    "CUDA toolkit (built with)": "cuda_build_version",
    "NVRTC": "nvrtc_version",
    "cuBLAS": "cublas_version",
    "cuSOLVER": "cusolver_version",
    "cuRAND": "curand_version",
    "cuFFT": "cufft_version",
    "NCCL": "nccl_runtime_version",
}


class _RuntimeInfo:
    """What cunp runs with, read once from cunp._core.config_info(). Attributes: cunp_version,
    settings (list of dicts: variable, value, default), toolkit (list of dicts: name, value),
    versions (list of dicts: name,
    version, detail), devices (list of dicts), devices_error; and CuPy's names for the
    versions (cuda_driver_version, cuda_build_version, nvrtc_version, cublas_version,
    cusolver_version, curand_version, cufft_version, nccl_runtime_version) with the library
    files as *_path. str() gives the report show_config prints."""

    def __init__(self, full=True):
        from cunp import __version__, _core

        info = _core.config_info()
        self.full = bool(full)
        self.cunp_version = __version__
        self.settings = info["settings"]
        self.toolkit = info["toolkit"]
        self.versions = info["versions"]
        self.devices = info["devices"]
        self.devices_error = info["devices_error"]
        for v in self.versions:
            attr = _VERSION_ATTRIBUTES.get(v["name"])
            if attr is not None:
                setattr(self, attr, v["version"])
                if v["detail"] and v["version"] is not None and attr != "cuda_build_version":
                    setattr(self, attr.replace("_version", "_path"), v["detail"])

    def __getattr__(self, name):
        # CuPy's other version and path attributes: None where cunp has nothing to report.
        if name.endswith(("_version", "_path")) and not name.startswith("_"):
            return None
        raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))

    def __str__(self):
        lines = ["cunp: %s" % self.cunp_version, "", "Settings:"]
        width = max([len(s["variable"]) for s in self.settings] or [0])
        for s in self.settings:
            lines.append("  %-*s  %s%s" % (width, s["variable"], s["value"],
                                           " (default)" if s["default"] else ""))
        lines += ["", "Toolkit:"]
        width = max([len(t["name"]) for t in self.toolkit] or [0])
        for t in self.toolkit:
            lines.append("  %-*s  %s" % (width, t["name"], t["value"]))
        lines += ["", "CUDA:"]
        width = max([len(v["name"]) for v in self.versions] or [0])
        for v in self.versions:
            if v["version"] is None:
                text = "not available (%s)" % v["detail"]
            else:
                text = v["version"] + (" (%s)" % v["detail"] if v["detail"] else "")
            lines.append("  %-*s  %s" % (width, v["name"], text))
        lines += ["", "Devices:"]
        for d in self.devices:
            lines.append("  %d: %s, compute capability %s, %.1f GiB" % (
                d["id"], d["name"], d["compute_capability"], d["total_memory"] / 2**30))
        if self.devices_error:
            lines.append("  not available (%s)" % self.devices_error)
        elif not self.devices:
            lines.append("  none")
        return "\n".join(lines) + "\n"

    def __repr__(self):
        return "<cunp runtime info: cunp %s, %d device(s)>" % (self.cunp_version,
                                                                len(self.devices))


def get_runtime_info(*, full=True):
    """The runtime configuration (cupyx.get_runtime_info): an object whose attributes hold
    the settings, the CUDA driver, toolkit and library versions with the files they were
    loaded from, and the devices; str() of it is the report cunp.show_config() prints. Never
    raises: what cannot be loaded is reported as "not available" with the reason. `full` is
    accepted for CuPy's signature (cunp always reports everything it has)."""
    return _RuntimeInfo(full)


def show_config():
    """Prints cunp's settings in force (each CUNP_* variable with its value, or its default),
    where the CUDA toolkit's libraries, NVRTC, headers and nvcc were found, the CUDA driver,
    the CUDA toolkit cunp was built with, the NVRTC, cuBLAS, cuSOLVER and cuRAND versions with
    the files they were loaded from, and the devices. Never raises: what
    cannot be loaded is shown as "not available" with the reason. The data, as a dict, is
    cunp._core.config_info(); as an object, cunp.get_runtime_info()."""
    print(str(get_runtime_info()), end="")
