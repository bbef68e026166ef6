// cunp/random/generator.hpp -- seeding and the generator object of cunp.random for C++:
// numpy.random.SeedSequence's mixing, the Philox state (a 64-bit key and the counter offset each
// call advances), and a Generator drawing into new arrays. A seed gives the same numbers here as
// cunp.random.default_rng(seed) does in Python.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cunp/random/random.hpp"

namespace cunp::random {

// A non-negative integer as 32-bit words, least significant first ([0] for 0).
std::vector<uint32_t> seed_words(uint64_t seed);

// numpy.random.SeedSequence: entropy and spawn-key words mixed into a pool (NumPy's documented
// algorithm and constants, so generate_state gives NumPy's words for the same input).
class SeedSequence {
 public:
  explicit SeedSequence(const std::vector<uint32_t>& entropy,
                        const std::vector<uint32_t>& spawn_key = {}, int pool_size = 4);
  std::vector<uint32_t> generate_state(int n_words) const;
  const std::vector<uint32_t>& pool() const { return pool_; }

 private:
  std::vector<uint32_t> pool_;
};

// Philox4x32-10's state for the counter-based samplers. reserve() is thread-safe.
class Philox {
 public:
  // The key is the first two state words of SeedSequence(seed), as in Python.
  explicit Philox(uint64_t seed);
  Philox(uint64_t key, uint64_t counter) : key_(key), counter_(counter) {}
  Philox(const Philox& o) : key_(o.key_), counter_(o.counter()) {}

  uint64_t key() const { return key_; }
  uint64_t counter() const;
  // (key, offset) for a call that uses `counters` counters; the counter moves past them.
  std::pair<uint64_t, uint64_t> reserve(uint64_t counters);

 private:
  uint64_t key_;
  uint64_t counter_;
  mutable std::mutex mutex_;
};

// Draws into new arrays on the current device. Float samplers take float32 or float64
// (TypeError otherwise); parameters are checked as NumPy checks them (ValueError).
class Generator {
 public:
  explicit Generator(uint64_t seed) : bits_(seed) {}
  explicit Generator(const Philox& bits) : bits_(bits) {}
  Philox& bit_generator() { return bits_; }

  NDArray random(const Dims& shape, DType dtype = DType::Float64);
  NDArray uniform(double low, double high, const Dims& shape, DType dtype = DType::Float64);
  NDArray normal(double loc, double scale, const Dims& shape, DType dtype = DType::Float64);
  NDArray standard_normal(const Dims& shape, DType dtype = DType::Float64);
  // Any sampler of the table (samplers()) by name, with its parameters, into `out`.
  void fill(const std::string& sampler, const std::vector<Param>& params, const NDArray& out);

 private:
  Philox bits_;
};

}  // namespace cunp::random
