// bench/cpp/micro.cpp -- host-side costs of the core, in C++: a pool allocation, an empty array,
// elementwise launches and a raw kernel's launch (the launch floor: the driver's own cost, with
// nothing of cunp's but a context check). Prints one line per case (median of batches).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;
using Clock = std::chrono::steady_clock;

template <class F> double median_ns(F&& f, int batches = 31, int per_batch = 2000) {
  std::vector<double> t;
  for (int b = 0; b < batches; ++b) {
    auto t0 = Clock::now();
    for (int i = 0; i < per_batch; ++i) f();
    t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / per_batch);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  if (!cuda_available()) {
    std::puts("no CUDA device");
    return 0;
  }
  int dev = current_device();
  StreamHandle s = current_stream_handle(dev);
  DevicePool& pool = default_pool(dev);
  pool.allocate(1 << 20, s);  // warm: the first segment
  double alloc = median_ns([&] { pool.allocate(4096, s); });
  double empty = median_ns([&] { NDArray::empty(Dims{1000}, DType::Float32); });
  NDArray x = NDArray::empty(Dims{1000}, DType::Float64);
  fill(x, Scalar::from_double(1.5, DType::Float64));  // compiles the kernel once
  synchronize_device(dev);
  double launch = median_ns([&] { fill(x, Scalar::from_double(1.5, DType::Float64)); }, 21, 1000);
  synchronize_device(dev);
  // A binary op through the engine directly: three operands, no scalar.
  static const ElementwiseOp add{"micro_add", "out0 = in0 + in1;"};
  NDArray a = NDArray::empty(Dims{1000}, DType::Float32),
          b = NDArray::empty(Dims{1000}, DType::Float32);
  NDArray c = NDArray::empty(Dims{1000}, DType::Float32);
  elementwise(add, {a, b}, {c});
  synchronize_device(dev);
  double binary = median_ns([&] { elementwise(add, {a, b}, {c}); }, 21, 1000);
  synchronize_device(dev);
  // Host cost alone: short bursts after a synchronize, so the launch queue never fills and the
  // GPU's pace (the loops above, once the queue is full) does not enter.
  auto burst_ns = [&](auto&& launch) {
    std::vector<double> t;
    for (int b = 0; b < 101; ++b) {
      synchronize_device(dev);
      auto t0 = Clock::now();
      for (int i = 0; i < 32; ++i) launch();
      t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / 32);
    }
    std::sort(t.begin(), t.end());
    synchronize_device(dev);
    return t[t.size() / 2];
  };
  double burst = burst_ns([&] { fill(x, Scalar::from_double(1.5, DType::Float64)); });
  // The tiny kernel of the RawKernel benchmark, launched as cunp.RawKernel does past its
  // argument marshalling.
  auto module = RawModule::from_source(
      R"(extern "C" __global__ void tiny(float* x, int n) { if (threadIdx.x < n) x[threadIdx.x] += 1.f; })",
      {}, {});
  RawFunction tiny = module->function("tiny", dev);
  NDArray y = zeros(Dims{32}, DType::Float32);
  uintptr_t yp = y.data();
  int n32 = 32;
  void* params[] = {&yp, &n32};
  LaunchConfig one_warp;
  one_warp.block[0] = 32;
  launch_raw(tiny, one_warp, s, params);
  double raw = burst_ns([&] { launch_raw(tiny, one_warp, s, params); });
  std::printf("pool allocate+free (4 KiB): %.0f ns\n", alloc);
  std::printf("NDArray::empty(1000): %.0f ns\n", empty);
  std::printf("elementwise launch (fill, 1000 float64): %.0f ns\n", launch);
  std::printf("elementwise launch (c = a + b, 1000 float32): %.0f ns\n", binary);
  std::printf("elementwise launch, host cost only (bursts of 32 fills): %.0f ns\n", burst);
  std::printf("raw kernel launch, host cost only (bursts of 32, tiny kernel): %.0f ns\n", raw);
  return 0;
}
