// src/random/generator.cpp -- SeedSequence, the Philox state and Generator
// (cunp/random/generator.hpp).
#include "cunp/random/generator.hpp"

#include <cmath>

#include "cunp/runtime/error.hpp"

namespace cunp::random {
namespace {

// NumPy's SeedSequence constants.
constexpr uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875;
constexpr uint32_t kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
constexpr uint32_t kMixMultL = 0xca01f9dd, kMixMultR = 0x4973f715;
constexpr int kXShift = 16;

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixMultL * x - kMixMultR * y;
  return r ^ (r >> kXShift);
}

Scalar f64(double v) { return Scalar::from_double(v, DType::Float64); }

DType float_type(DType t) {
  if (t != DType::Float32 && t != DType::Float64)
    throw TypeError("Unsupported dtype " + dtype_repr(t) + " for random floats");
  return t;
}

}  // namespace

std::vector<uint32_t> seed_words(uint64_t seed) {
  std::vector<uint32_t> w;
  do {
    w.push_back(static_cast<uint32_t>(seed));
    seed >>= 32;
  } while (seed);
  return w;
}

SeedSequence::SeedSequence(const std::vector<uint32_t>& entropy,
                           const std::vector<uint32_t>& spawn_key, int pool_size) {
  if (pool_size < 4) throw ValueError("The size of the entropy pool should be at least 4");
  std::vector<uint32_t> run = entropy;
  if (!spawn_key.empty() && static_cast<int>(run.size()) < pool_size) run.resize(pool_size, 0);
  run.insert(run.end(), spawn_key.begin(), spawn_key.end());
  uint32_t h = kInitA;
  auto hashmix = [&h](uint32_t v) {
    v ^= h;
    h *= kMultA;
    v *= h;
    return v ^ (v >> kXShift);
  };
  pool_.resize(pool_size);
  for (int i = 0; i < pool_size; ++i)
    pool_[i] = hashmix(i < static_cast<int>(run.size()) ? run[i] : 0);
  for (int src = 0; src < pool_size; ++src)
    for (int dst = 0; dst < pool_size; ++dst)
      if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src]));
  for (std::size_t src = pool_size; src < run.size(); ++src)
    for (int dst = 0; dst < pool_size; ++dst) pool_[dst] = mix(pool_[dst], hashmix(run[src]));
}

std::vector<uint32_t> SeedSequence::generate_state(int n_words) const {
  std::vector<uint32_t> out(n_words);
  uint32_t h = kInitB;
  for (int i = 0; i < n_words; ++i) {
    uint32_t v = pool_[i % pool_.size()] ^ h;
    h *= kMultB;
    v *= h;
    out[i] = v ^ (v >> kXShift);
  }
  return out;
}

Philox::Philox(uint64_t seed) : counter_(0) {
  std::vector<uint32_t> s = SeedSequence(seed_words(seed)).generate_state(2);
  key_ = s[0] | (uint64_t{s[1]} << 32);
}

uint64_t Philox::counter() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return counter_;
}

std::pair<uint64_t, uint64_t> Philox::reserve(uint64_t counters) {
  std::lock_guard<std::mutex> lock(mutex_);
  const uint64_t offset = counter_;
  counter_ += counters;
  return {key_, offset};
}

void Generator::fill(const std::string& sampler, const std::vector<Param>& params,
                     const NDArray& out) {
  auto [key, offset] = bits_.reserve(counters_used(sampler, out.size()));
  sample(sampler, out, params, key, offset);
}

// The block samplers (every word of a Philox block used), as Python picks them for scalar
// parameters: uniform takes (low, high - low), normal (loc, scale).
NDArray Generator::uniform(double low, double high, const Dims& shape, DType dtype) {
  if (!std::isfinite(high - low)) throw ValueError("high - low range exceeds valid bounds");
  NDArray out = NDArray::empty(shape, float_type(dtype));
  fill(dtype == DType::Float32 ? "uniform_f32" : "uniform_f64",
       {Param{{}, f64(low)}, Param{{}, f64(high - low)}}, out);
  return out;
}

NDArray Generator::normal(double loc, double scale, const Dims& shape, DType dtype) {
  if (scale < 0) throw ValueError("scale < 0");
  NDArray out = NDArray::empty(shape, float_type(dtype));
  fill(dtype == DType::Float32 ? "normal_f32" : "normal_f64",
       {Param{{}, f64(loc)}, Param{{}, f64(scale)}}, out);
  return out;
}

NDArray Generator::random(const Dims& shape, DType dtype) {
  return uniform(0.0, 1.0, shape, dtype);
}

NDArray Generator::standard_normal(const Dims& shape, DType dtype) {
  return normal(0.0, 1.0, shape, dtype);
}

}  // namespace cunp::random
