// src/runtime/launch_record.hpp -- which kernel was launched last, and how many were.
// A kernel that faults (a trap, an illegal address) is reported by the driver at a later call,
// usually a synchronization, which knows nothing of the kernel; the record lets that error name
// the kernel and say that the context is lost. The count is what the reliability harness
// reports as the number of kernels it ran under compute-sanitizer.
#pragma once
#include <cuda.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace cunp::drv {

// Remembers the name of a loaded function (called where functions are looked up, not per launch).
void name_function(CUfunction f, const std::string& name);

struct LaunchRecord {
  std::atomic<CUfunction> last{nullptr};
  std::atomic<std::uint64_t> count{0};
};
LaunchRecord& launch_record();

// Called on every launch: two relaxed atomic operations.
inline void note_launch(CUfunction f) {
  LaunchRecord& r = launch_record();
  r.last.store(f, std::memory_order_relaxed);
  r.count.fetch_add(1, std::memory_order_relaxed);
}

// For an error that leaves the context unusable (a kernel fault): the text added to the error's
// message, naming the last kernel launched; empty for every other result.
std::string fault_context(CUresult r);

}  // namespace cunp::drv
