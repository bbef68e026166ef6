// Using cunp from C++: arrays on the GPU, host transfers, views, statistics, joining, indexing,
// linear algebra and random numbers, work on a stream, and the NumPy spelling (operators,
// NumPy-named functions, x(Slice(1, 3), All) slicing and assignment through views).
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

  // Joining, indexing, linear algebra and random numbers, as in Python.
  NDArray both = concatenate({x, x}, 0);                             // (6, 4)
  NDArray stacked = stack({row_mean, row_mean}, 1);                  // (3, 2)
  NDArray picked = take(x, arange(0.0, 4.0, 2.0, DType::Int64), 1);  // columns 0 and 2
  random::Generator rng(42);
  NDArray a = rng.standard_normal(Dims{64, 64});
  NDArray b = rng.random(Dims{64, 2});
  NDArray solution = solve(a, b);  // a @ solution == b
  NDArray ab = matmul(a, solution);
  std::vector<double> hb(128), hab(128);
  to_host(b, hb.data(), Order::C);
  to_host(ab, hab.data(), Order::C);
  std::vector<float> hpicked(6);
  to_host(picked, hpicked.data(), Order::C);
  stream.synchronize();

  // NumPy's spelling: operators and named functions are the ufuncs (NumPy's promotion and
  // broadcasting; C++ numbers are weak, as Python's), x(...) is x[...], and assigning to it
  // writes the elements it views.
  NDArray m = reshape(arange(12.0), {3, 4});  // [[0 1 2 3] [4 5 6 7] [8 9 10 11]]
  NDArray z = 2.0 * m(Slice(1, 3), All) + 1;  // rows 1 and 2, as 2 * m[1:3, :] + 1
  NDArray c = cunp::sqrt(m) * (m > 5);        // a bool array promotes: 0 where m <= 5
  m(All, 0) = -1;                             // m[:, 0] = -1
  m(0) += asarray({10.0, 20.0, 30.0, 40.0});  // m[0] += [10, 20, 30, 40]
  m(Slice(1, None), 1) *= 10;                 // m[1:, 1] *= 10
  NDArray colsum = cunp::sum(m, 0), best = argmax(m, 1);
  auto [q, rem] = divmod(asarray({7, -7}), 3);  // Python's floor division and remainder
  std::vector<double> hz = to_vector<double>(z), hc = to_vector<double>(c);
  std::vector<double> hcol = to_vector<double>(colsum);
  std::vector<int64_t> hbest = to_vector<int64_t>(best);
  std::vector<int> hq = to_vector<int>(q), hrem = to_vector<int>(rem);

  std::printf("x.T as float64: ");
  for (double v : back) std::printf("%g ", v);
  std::printf("\narange(5): ");
  for (int v : range) std::printf("%d ", v);
  std::printf("\nrow means: %g %g %g, std (ddof=1): %g", means[0], means[1], means[2], sd[0]);
  double worst = 0;
  for (int i = 0; i < 128; ++i) worst = std::fmax(worst, std::fabs(hab[i] - hb[i]));
  std::printf("\nconcatenate: (%lld, %lld), stack: (%lld, %lld), x[:, [0, 2]] row 1: %g %g",
              static_cast<long long>(both.shape()[0]), static_cast<long long>(both.shape()[1]),
              static_cast<long long>(stacked.shape()[0]),
              static_cast<long long>(stacked.shape()[1]), hpicked[2], hpicked[3]);
  std::printf("\nsolve 64x64: largest |a @ x - b| = %.2e", worst);
  std::printf("\n2 * m[1:3] + 1: %g .. %g, sqrt(m) * (m > 5) at [2, 1]: %g", hz[0], hz[7], hc[9]);
  std::printf("\nsum(m, 0): %g %g %g %g, argmax(m, 1): %lld %lld %lld", hcol[0], hcol[1], hcol[2],
              hcol[3], static_cast<long long>(hbest[0]), static_cast<long long>(hbest[1]),
              static_cast<long long>(hbest[2]));
  std::printf("\ndivmod([7, -7], 3): (%d, %d), (%d, %d)", hq[0], hq[1], hrem[0], hrem[1]);
  std::printf("\npool: %zu bytes in use\n", default_pool(current_device()).used_bytes());
  bool ok = back[1] == 4.0 && back[4] == 1.0 && range[4] == 4 && means[1] == 5.5f &&
            std::fabs(sd[0] - 3.6055512f) < 1e-5f && both.shape() == Dims{6, 4} &&
            stacked.shape() == Dims{3, 2} && hpicked[2] == 4.0f && hpicked[3] == 6.0f &&
            worst < 1e-8 && hz == std::vector<double>{9, 11, 13, 15, 17, 19, 21, 23} &&
            hc[5] == 0 && hc[9] == 3 && hcol == std::vector<double>{7, 161, 48, 61} &&
            hbest == std::vector<int64_t>{3, 1, 1} && hq == std::vector<int>{2, -3} &&
            hrem == std::vector<int>{1, 2};
  std::puts(ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
