// src/kernels/fill.cu -- the prebuilt fill kernel's entry point; its body is
// cunp::fill_kernel::fill_pattern (src/device/creation/fill_pattern.cuh).
#include "../device/creation/fill_pattern.cuh"

extern "C" __global__ void __launch_bounds__(256) cunp_fill_pattern(const cunp::FillParams p) {
  cunp::fill_kernel::fill_pattern(p);
}
