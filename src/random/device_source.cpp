// src/random/device_source.cpp -- the random library (src/device/random/*.cuh, embedded as device
// parts) as the one preamble every random kernel starts with.
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/random/random.hpp"

namespace cunp::random {

const std::string& device_source() {
  // In dependency order: each part uses only those before it.
  static const std::string source = [] {
    std::string s;
    for (const char* part :
         {"random_intrinsics", "philox", "uniform_bits", "block_normals", "exp_f64",
          "block_samplers", "substream", "continuous_samplers", "discrete_samplers",
          "noncentral_samplers", "feistel_permutation", "row_samplers"})
      s += device_part(part);
    return s + "\n";
  }();
  return source;
}

}  // namespace cunp::random
