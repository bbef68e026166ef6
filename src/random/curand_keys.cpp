// src/random/curand_keys.cpp -- cuRAND's host-side XORWOW and MRG32k3a generators as key sources:
// each call of an XORWOW / MRG32k3a bit generator keys the counter-based samplers with the next
// 64 bits of that generator's sequence (cuRAND is loaded on first use).
#include <curand.h>

#include <mutex>
#include <string>

#include "../runtime/library.hpp"
#include "cunp/random/curand_keys.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::random {
namespace {

struct Curand {
  decltype(&::curandCreateGeneratorHost) create = nullptr;
  decltype(&::curandSetPseudoRandomGeneratorSeed) seed = nullptr;
  decltype(&::curandGenerate) generate = nullptr;
  decltype(&::curandDestroyGenerator) destroy = nullptr;
};

const Curand& curand() {
  static const Curand api = [] {
    Curand c;
    void* lib = open_library({"libcurand.so.10", "libcurand.so"}, "CUNP_CURAND_PATH");
    if (!lib) return c;
    c.create = reinterpret_cast<decltype(c.create)>(
        library_symbol(lib, "curandCreateGeneratorHost"));
    c.seed = reinterpret_cast<decltype(c.seed)>(
        library_symbol(lib, "curandSetPseudoRandomGeneratorSeed"));
    c.generate = reinterpret_cast<decltype(c.generate)>(library_symbol(lib, "curandGenerate"));
    c.destroy = reinterpret_cast<decltype(c.destroy)>(
        library_symbol(lib, "curandDestroyGenerator"));
    return c;
  }();
  if (!api.create || !api.seed || !api.generate || !api.destroy)
    throw CudaError(0, "cuRAND (libcurand.so.10) could not be loaded: XORWOW and MRG32k3a need it");
  return api;
}

void check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS)
    throw CudaError(static_cast<int>(s),
                    std::string("cuRAND: ") + what + " failed with status " + std::to_string(s));
}

}  // namespace

CurandKeys::CurandKeys(const std::string& type, uint64_t seed) {
  curandRngType_t t;
  if (type == "xorwow") t = CURAND_RNG_PSEUDO_XORWOW;
  else if (type == "mrg32k3a") t = CURAND_RNG_PSEUDO_MRG32K3A;
  else throw ValueError("random: unknown cuRAND generator '" + type + "'");
  const Curand& c = curand();
  curandGenerator_t g = nullptr;
  check(c.create(&g, t), "curandCreateGeneratorHost");
  generator_ = g;
  check(c.seed(g, seed), "curandSetPseudoRandomGeneratorSeed");
}

CurandKeys::~CurandKeys() {
  if (generator_) curand().destroy(static_cast<curandGenerator_t>(generator_));
}

uint64_t CurandKeys::next_key() {
  std::lock_guard<std::mutex> lock(mutex_);
  // Blocks of 256 words: cuRAND's host generators have a per-call cost worth amortizing.
  if (pos_ + 2 > buffer_.size()) {
    buffer_.assign(256, 0u);
    check(curand().generate(static_cast<curandGenerator_t>(generator_), buffer_.data(),
                            buffer_.size()),
          "curandGenerate");
    pos_ = 0;
  }
  const uint64_t lo = buffer_[pos_], hi = buffer_[pos_ + 1];
  pos_ += 2;
  return hi << 32 | lo;
}

}  // namespace cunp::random
