// tests/cpp/ndimage/test_spline_segments_host.cpp -- the spline prefilter's passes of
// src/device/ndimage/ndi_spline.cuh, run on the host (the header is free of device-only code):
// lines cut into segments, each warmed up over a pole's horizon from zero, give what the serial
// recursion gives, for every order, boundary, segment length and line length, along a leading
// axis and the last one, also with spikes a million times the rest inside a horizon.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using std::ceil;
using std::fabs;
using std::log;
using std::pow;
#define __device__
#define __forceinline__ inline
#include "../../../src/device/ndimage/ndi_spline.cuh"
#undef __forceinline__
#undef __device__

namespace {

// A stand-in for the kernel's raw arrays: x[j] is element j.
template <class T> struct Flat {
  T* p;
  T& operator[](long long j) const { return p[j]; }
};

// The serial recursion on one line, as SciPy writes it (full boundary sums, no horizon).
void serial(std::vector<double>& c, int order, int boundary) {
  const long long n = static_cast<long long>(c.size());
  if (n <= 1) return;
  double z[2];
  const int npoles = cunp::ndi_spline_poles(order, z);
  double gain = 1.0;
  for (int q = 0; q < npoles; ++q) gain *= (1.0 - z[q]) * (1.0 - 1.0 / z[q]);
  for (double& v : c) v *= gain;
  for (int q = 0; q < npoles; ++q) {
    const double p = z[q];
    double zi = p, s;
    if (boundary == 0) {
      const double zn1 = std::pow(p, static_cast<double>(n - 1));
      s = c[0] + zn1 * c[n - 1];
      for (long long i = 1; i < n - 1; ++i, zi *= p) s += zi * (c[i] + zn1 * c[n - 1 - i]);
      c[0] = s / (1.0 - zn1 * zn1);
    } else if (boundary == 1) {
      s = c[0];
      for (long long i = 1; i < n; ++i, zi *= p) s += zi * c[n - i];
      c[0] = s / (1.0 - zi);
    } else {
      const double zn = std::pow(p, static_cast<double>(n));
      s = c[0] + zn * c[n - 1];
      for (long long i = 1; i < n; ++i, zi *= p) s += zi * (c[i] + zn * c[n - 1 - i]);
      c[0] = s * (p / (1.0 - zn * zn)) + c[0];
    }
    for (long long i = 1; i < n; ++i) c[i] += p * c[i - 1];
    if (boundary == 0) {
      c[n - 1] = (p * c[n - 2] + c[n - 1]) * p / (p * p - 1.0);
    } else if (boundary == 1) {
      zi = p;
      s = c[n - 1];
      for (long long i = 0; i < n - 1; ++i, zi *= p) s += zi * c[i];
      c[n - 1] = s * (p / (zi - 1.0));
    } else {
      c[n - 1] *= p / (p - 1.0);
    }
    for (long long i = n - 2; i >= 0; --i) c[i] = p * (c[i + 1] - c[i]);
  }
}

// The passes over a C-order (outer, n, inner) array, every loop position in turn, as the host
// launches them (causal into the scratch, anticausal back, per pole).
void segmented(std::vector<double>& c, long long outer, long long n, long long inner, long long seg,
               int order, int mode) {
  std::vector<double> scratch(c.size());
  const long long segments = (n + seg - 1) / seg;
  for (int pole = 0; pole < (order < 4 ? 1 : 2); ++pole)
    for (bool anticausal : {false, true}) {
      Flat<const double> src{anticausal ? scratch.data() : c.data()};
      Flat<double> dst{anticausal ? c.data() : scratch.data()};
      for (long long i = 0; i < outer * inner * segments; ++i)
        cunp::ndi_spline_pass_at(i, src, dst, n, inner, seg, segments, order, mode, pole,
                                 anticausal);
    }
}

TEST(NdimageSplineSegments, MatchTheSerialRecursion) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  // Mode codes 0 (nearest: half-sample), 3 (mirror: whole-sample) and 5 (grid-wrap: periodic).
  for (int mode : {0, 3, 5})
    for (int order = 2; order <= 5; ++order)
      for (long long n : {2LL, 7LL, 33LL, 90LL, 200LL, 1001LL})
        for (long long seg : {32LL, 64LL, 256LL})
          for (long long inner : {1LL, 3LL}) {
            const long long outer = 2;
            std::vector<double> x(outer * n * inner);
            for (std::size_t k = 0; k < x.size(); ++k)
              x[k] = normal(rng) * (k % 37 == 5 ? 1e6 : 1.0);
            std::vector<double> got = x;
            segmented(got, outer, n, inner, seg, order, mode);
            for (long long o = 0; o < outer; ++o)
              for (long long r = 0; r < inner; ++r) {
                std::vector<double> line(n);
                for (long long k = 0; k < n; ++k) line[k] = x[(o * n + k) * inner + r];
                serial(line, order, cunp::ndi_spline_boundary(mode));
                for (long long k = 0; k < n; ++k)
                  ASSERT_NEAR(got[(o * n + k) * inner + r], line[k], 1e-13 * (1.0 + fabs(line[k])))
                      << "mode " << mode << " order " << order << " n " << n << " seg " << seg
                      << " inner " << inner << " at " << k;
              }
          }
}

TEST(NdimageSplineSegments, HorizonForgetsTheStart) {
  // |z|^horizon <= 2^-106 < |z|^(horizon - 1) for every pole.
  for (int order = 2; order <= 5; ++order) {
    double z[2];
    const int npoles = cunp::ndi_spline_poles(order, z);
    for (int q = 0; q < npoles; ++q) {
      const long long h = cunp::ndi_spline_horizon(z[q]);
      EXPECT_LE(std::pow(fabs(z[q]), static_cast<double>(h)), std::ldexp(1.0, -106));
      EXPECT_GT(std::pow(fabs(z[q]), static_cast<double>(h - 1)), std::ldexp(1.0, -106));
      EXPECT_LE(h, 88);
    }
  }
}

}  // namespace
