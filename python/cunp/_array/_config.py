# python/cunp/_array/_config.py -- cunp.show_config(): what cunp runs with, printed for bug reports.
"""cunp.show_config(): settings, the toolkit's locations, CUDA versions and devices."""

__all__ = ["show_config"]


def show_config():
    """Prints cunp's settings in force (each CUNP_* variable with its value, or its default),
    where the CUDA toolkit's libraries, NVRTC, headers and nvcc were found, the CUDA driver,
    the CUDA toolkit cunp was built with, the NVRTC, cuBLAS, cuSOLVER and cuRAND versions with
    the files they were loaded from, and the devices. Never raises: what
    cannot be loaded is shown as "not available" with the reason. The data, as a dict, is
    cunp._core.config_info()."""
    from cunp import _core, __version__
    info = _core.config_info()
    lines = ["cunp: %s" % __version__, "", "Settings:"]
    width = max(len(s["variable"]) for s in info["settings"])
    for s in info["settings"]:
        lines.append("  %-*s  %s%s" % (width, s["variable"], s["value"],
                                       " (default)" if s["default"] else ""))
    lines += ["", "Toolkit:"]
    width = max(len(t["name"]) for t in info["toolkit"])
    for t in info["toolkit"]:
        lines.append("  %-*s  %s" % (width, t["name"], t["value"]))
    lines += ["", "CUDA:"]
    width = max(len(v["name"]) for v in info["versions"])
    for v in info["versions"]:
        if v["version"] is None:
            text = "not available (%s)" % v["detail"]
        else:
            text = v["version"] + (" (%s)" % v["detail"] if v["detail"] else "")
        lines.append("  %-*s  %s" % (width, v["name"], text))
    lines += ["", "Devices:"]
    for d in info["devices"]:
        lines.append("  %d: %s, compute capability %s, %.1f GiB" % (
            d["id"], d["name"], d["compute_capability"], d["total_memory"] / 2**30))
    if info["devices_error"]:
        lines.append("  not available (%s)" % info["devices_error"])
    elif not info["devices"]:
        lines.append("  none")
    print("\n".join(lines))
