"""cunp.profiler: timing GPU work (benchmark) and NVTX ranges (time_range)."""
