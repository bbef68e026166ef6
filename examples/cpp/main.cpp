// Using cunp from C++: arrays on the GPU, host transfers, views, and work on a stream.
#include <cunp/cunp.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  using namespace cunp;
  if (!cuda_available()) {
    std::puts("no CUDA device: nothing to run");
    return 0;
  }
  // Work goes to this thread's current stream; make it a stream of our own.
  Stream stream = Stream::create(current_device(), /*non_blocking=*/true);
  set_current_stream(stream);

  std::vector<float> host(12);
  for (int i = 0; i < 12; ++i) host[i] = static_cast<float>(i);
  NDArray x = from_host(host.data(), DType::Float32, Dims{3, 4}, Order::C);

  NDArray t = x.transpose();                            // a view: no copy
  NDArray y = astype(t, DType::Float64, OrderSpec::C);  // a C-contiguous float64 copy
  NDArray r = arange(0.0, 5.0, 1.0, DType::Int32);

  // Statistics in one launch each: row means, and the standard deviation of every element.
  NDArray row_mean = mean(x, std::vector<int64_t>{1});        // float32, shape (3,)
  NDArray spread = cunp::std(x, std::nullopt, /*ddof=*/1.0);  // cunp::std: not ::std

  std::vector<double> back(12);
  to_host(y, back.data(), Order::C);
  std::vector<int> range(5);
  to_host(r, range.data(), Order::C);
  std::vector<float> means(3), sd(1);
  to_host(row_mean, means.data(), Order::C);
  to_host(spread, sd.data(), Order::C);
  stream.synchronize();

  std::printf("x.T as float64: ");
  for (double v : back) std::printf("%g ", v);
  std::printf("\narange(5): ");
  for (int v : range) std::printf("%d ", v);
  std::printf("\nrow means: %g %g %g, std (ddof=1): %g", means[0], means[1], means[2], sd[0]);
  std::printf("\npool: %zu bytes in use\n", default_pool(current_device()).used_bytes());
  bool ok = back[1] == 4.0 && back[4] == 1.0 && range[4] == 4 && means[1] == 5.5f &&
            std::fabs(sd[0] - 3.6055512f) < 1e-5f;
  std::puts(ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
