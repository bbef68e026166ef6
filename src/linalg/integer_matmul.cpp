// src/linalg/integer_matmul.cpp -- matmul for integer and bool dtypes (cuBLAS has none with
// NumPy's wrap-around semantics): the launch of the tiled kernel of
// src/device/engines/integer_matmul.cuh, instantiated per dtype.
#include <algorithm>

#include "../jit/kernel.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/linalg/products.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "matmul_plan.hpp"

namespace cunp {
namespace {

constexpr int kTile = 16;

// The kernel's parameter block: cunp::integer_matmul::Params on the device.
struct IntMatmulParams {
  long long n, m, k, batch;
  long long as_b, as_r, as_c, bs_b, bs_r, bs_c, cs_b, cs_r, cs_c;  // element strides
  unsigned long long a, b, c;
};

}  // namespace

std::string integer_matmul_kernel_name(DType dtype) {
  return std::string("cunp_int_matmul_") + name(dtype);
}

std::string integer_matmul_source(DType dtype) {
  if (!is_integer(dtype) && dtype != DType::Bool)
    throw TypeError(std::string("integer matmul: not an integer or bool dtype: ") + name(dtype));
  return device_header() + device_part("integer_matmul") +
         "static_assert(sizeof(cunp::integer_matmul::Params) == " +
         std::to_string(sizeof(IntMatmulParams)) + ", \"host and device Params differ\");\n" +
         "extern \"C\" __global__ void " + integer_matmul_kernel_name(dtype) +
         "(const cunp::integer_matmul::Params p) {\n  cunp::integer_matmul::tiles<" +
         info(dtype).ctype + ", " + std::to_string(kTile) + ">(p);\n}\n";
}

namespace linalg {

void integer_matmul(const NDArray& a, const NDArray& b, const NDArray& c) {
  const DType t = c.dtype();
  const int device = c.device();
  const detail::KernelKey key(detail::Engine::IntegerMatmul, device, static_cast<uint64_t>(t));
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{integer_matmul_source(t), integer_matmul_kernel_name(t), {}};
  });
  const int nd = c.ndim(), isz = c.itemsize();
  const int64_t n = c.shape()[nd - 2], m = c.shape()[nd - 1], k = a.shape()[nd - 1];
  for (const NDArray* x : {&a, &b, &c})
    for (int d = 0; d < nd; ++d)
      if (x->strides()[d] % isz) throw ValueError("matmul: operand strides must be whole elements");
  const DeviceProperties& props = device_properties(device);
  for_each_batch_run(a, b, c, [&](const BatchRun& r) {
    IntMatmulParams p{};
    p.n = n;
    p.m = m;
    p.k = k;
    p.batch = r.count;
    p.as_b = r.stride[0] / isz;
    p.as_r = a.strides()[nd - 2] / isz;
    p.as_c = a.strides()[nd - 1] / isz;
    p.bs_b = r.stride[1] / isz;
    p.bs_r = b.strides()[nd - 2] / isz;
    p.bs_c = b.strides()[nd - 1] / isz;
    p.cs_b = r.stride[2] / isz;
    p.cs_r = c.strides()[nd - 2] / isz;
    p.cs_c = c.strides()[nd - 1] / isz;
    p.a = a.data() + r.offset[0];
    p.b = b.data() + r.offset[1];
    p.c = c.data() + r.offset[2];
    unsigned gx = static_cast<unsigned>(
        std::min<int64_t>((m + kTile - 1) / kTile, props.max_grid_dim[0]));
    unsigned gy = static_cast<unsigned>(
        std::min<int64_t>((n + kTile - 1) / kTile, props.max_grid_dim[1]));
    unsigned gz = static_cast<unsigned>(std::min<int64_t>(r.count, props.max_grid_dim[2]));
    detail::launch(fn, device, {gx, gy, gz}, {kTile, kTile}, &p);
  });
}

}  // namespace linalg
}  // namespace cunp
