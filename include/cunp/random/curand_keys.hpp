// cunp/random/curand_keys.hpp -- CurandKeys: 64-bit keys drawn from cuRAND's host XORWOW or
// MRG32k3a generator, the key source of cunp.random's XORWOW and MRG32k3a bit generators.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace cunp::random {

class CurandKeys {
 public:
  // type: "xorwow" or "mrg32k3a"; CudaError when cuRAND cannot be loaded.
  CurandKeys(const std::string& type, uint64_t seed);
  ~CurandKeys();
  CurandKeys(const CurandKeys&) = delete;
  CurandKeys& operator=(const CurandKeys&) = delete;
  uint64_t next_key();  // thread-safe

 private:
  void* generator_ = nullptr;
  std::mutex mutex_;
  std::vector<unsigned int> buffer_;
  std::size_t pos_ = 0;
};

}  // namespace cunp::random
