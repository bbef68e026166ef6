// src/ops/op_cache.hpp -- OpCache: the engine ops (ElementwiseOp, ReductionOp) an area builds on
// first use, kept for the process under a key naming what shapes the op's code.
#pragma once
#include <memory>
#include <mutex>
#include <unordered_map>

namespace cunp {

// One lifetime rule for every op cache: created once and never destroyed. The kernel cache is
// keyed by ops' code and lives for the process, and Python may still launch during interpreter
// teardown, after static destructors would have run.
template <class Key, class Op> class OpCache {
 public:
  static OpCache& create() { return *new OpCache; }

  // The op for `key`; `make()` builds it on the first call only (a throw caches nothing).
  template <class Make> const Op& get(const Key& key, Make&& make) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = ops_.find(key);
    if (it == ops_.end()) it = ops_.emplace(key, std::make_unique<Op>(make())).first;
    return *it->second;
  }

 private:
  OpCache() = default;
  std::mutex mutex_;
  std::unordered_map<Key, std::unique_ptr<Op>> ops_;
};

}  // namespace cunp
