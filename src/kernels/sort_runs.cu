// src/kernels/sort_runs.cu -- the prebuilt kernels of unique: entry points of
// src/device/sorting/sort_runs.cuh.
#include "../device/sorting/sort_runs.cuh"

extern "C" __global__ void cunp_sort_run_starts(const cunp::sort_kernel::RunStartParams p) {
  cunp::sort_kernel::find_run_starts(p);
}

extern "C" __global__ void cunp_sort_run_counts(const cunp::sort_kernel::RunCountParams p) {
  cunp::sort_kernel::run_counts(p);
}

extern "C" __global__ void cunp_sort_run_inverse(const cunp::sort_kernel::RunInverseParams p) {
  cunp::sort_kernel::run_inverse(p);
}
