// cunp/runtime/nccl.hpp -- collectives across the GPUs of a host through NCCL, loaded on first
// use (the toolkit, CUNP_NCCL_PATH, or pip's nvidia-nccl wheel, whose file the Python package
// names). Buffers are device addresses; every call is enqueued on a stream and returns.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cunp/array/dtype.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp::nccl {

// NCCL's reduction operators, with its values.
enum class ReduceOp : int { Sum = 0, Prod = 1, Max = 2, Min = 3, Avg = 4 };

// NCCL's data types, with its values (what a collective's `datatype` argument takes).
enum class DataType : int {
  Int8 = 0,
  Uint8 = 1,
  Int32 = 2,
  Uint32 = 3,
  Int64 = 4,
  Uint64 = 5,
  Float16 = 6,
  Float32 = 7,
  Float64 = 8,
  Bfloat16 = 9,
};

// The NCCL type of a dtype's elements; TypeError for a dtype NCCL has no type for (bool,
// int16, uint16; complex numbers travel as twice as many floats: see elements()).
DataType data_type(DType t);
// The number of NCCL elements of `count` items of dtype t (2 per complex number).
std::size_t elements(DType t, std::size_t count);

// Tries the library files in `extra` after the configured ones (CUNP_NCCL_PATH, the
// toolkit, CUNP_CUDA_LIBRARY_DIRS, the soname); a no-op once NCCL has loaded.
void add_library_candidates(const std::vector<std::string>& extra);
bool available();
std::string unavailable_reason();  // empty when available

int version();  // ncclGetVersion: major * 10000 + minor * 100 + patch

using UniqueId = std::array<char, 128>;
UniqueId unique_id();  // ncclGetUniqueId: pass to every rank's Communicator

void group_start();
void group_end();

// One rank of a communicator, on one device. Move-only; the destructor destroys it.
class Communicator {
 public:
  Communicator() = default;
  // Rank `rank` of `ranks`, on the current device (ncclCommInitRank).
  Communicator(int ranks, const UniqueId& id, int rank);
  // One communicator per device of `devices`, in this process (ncclCommInitAll).
  static std::vector<Communicator> init_all(const std::vector<int>& devices);
  Communicator(Communicator&& o) noexcept;
  Communicator& operator=(Communicator&& o) noexcept;
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  ~Communicator();

  bool valid() const { return comm_ != nullptr; }
  int device() const;
  int rank() const;
  int size() const;
  void destroy();  // waits for its pending work (ncclCommDestroy)
  void abort();    // drops its pending work (ncclCommAbort)
  // Raises the error of a failed asynchronous operation, if any (ncclCommGetAsyncError).
  void check_async_error() const;

  void all_reduce(uintptr_t send, uintptr_t recv, std::size_t count, DataType type, ReduceOp op,
                  StreamHandle stream) const;
  void reduce(uintptr_t send, uintptr_t recv, std::size_t count, DataType type, ReduceOp op,
              int root, StreamHandle stream) const;
  void broadcast(uintptr_t send, uintptr_t recv, std::size_t count, DataType type, int root,
                 StreamHandle stream) const;
  void all_gather(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                  StreamHandle stream) const;
  void reduce_scatter(uintptr_t send, uintptr_t recv, std::size_t count, DataType type, ReduceOp op,
                      StreamHandle stream) const;
  void send(uintptr_t buffer, std::size_t count, DataType type, int peer,
            StreamHandle stream) const;
  void recv(uintptr_t buffer, std::size_t count, DataType type, int peer,
            StreamHandle stream) const;

 private:
  explicit Communicator(void* comm) : comm_(comm) {}
  void* comm_ = nullptr;  // ncclComm_t
};

}  // namespace cunp::nccl
