// src/runtime/nccl.cpp -- NCCL loaded with dlopen on first use, and the communicator. NCCL's
// few types are declared here as its ABI fixes them, so building cunp needs no nccl.h.
#include "cunp/runtime/nccl.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <utility>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "library.hpp"

namespace cunp::nccl {
namespace {

using Result = int;  // ncclResult_t
using Comm = void*;  // ncclComm_t
struct RawId {
  char internal[128];  // ncclUniqueId
};
constexpr Result kSuccess = 0, kInProgress = 7;

// name, return type, parameter types
#define CUNP_NCCL_FUNCTIONS(X)                                                           \
  X(ncclGetVersion, Result, int*)                                                        \
  X(ncclGetUniqueId, Result, RawId*)                                                     \
  X(ncclCommInitRank, Result, Comm*, int, RawId, int)                                    \
  X(ncclCommInitAll, Result, Comm*, int, const int*)                                     \
  X(ncclCommDestroy, Result, Comm)                                                       \
  X(ncclCommAbort, Result, Comm)                                                         \
  X(ncclCommGetAsyncError, Result, Comm, Result*)                                        \
  X(ncclCommCount, Result, Comm, int*)                                                   \
  X(ncclCommCuDevice, Result, Comm, int*)                                                \
  X(ncclCommUserRank, Result, Comm, int*)                                                \
  X(ncclGetErrorString, const char*, Result)                                             \
  X(ncclAllReduce, Result, const void*, void*, size_t, int, int, Comm, StreamHandle)     \
  X(ncclReduce, Result, const void*, void*, size_t, int, int, int, Comm, StreamHandle)   \
  X(ncclBroadcast, Result, const void*, void*, size_t, int, int, Comm, StreamHandle)     \
  X(ncclAllGather, Result, const void*, void*, size_t, int, Comm, StreamHandle)          \
  X(ncclReduceScatter, Result, const void*, void*, size_t, int, int, Comm, StreamHandle) \
  X(ncclSend, Result, const void*, size_t, int, int, Comm, StreamHandle)                 \
  X(ncclRecv, Result, void*, size_t, int, int, Comm, StreamHandle)                       \
  X(ncclGroupStart, Result)                                                              \
  X(ncclGroupEnd, Result)

struct Api {
#define CUNP_NCCL_MEMBER(name, ret, ...) ret (*name)(__VA_ARGS__) = nullptr;
  CUNP_NCCL_FUNCTIONS(CUNP_NCCL_MEMBER)
#undef CUNP_NCCL_MEMBER
};

struct Library {
  std::mutex mutex;
  std::vector<std::string> extra;  // candidates named by the caller (pip's wheel)
  bool tried = false;
  Api api;
  std::string error;
};

Library& library() {
  static Library* l = new Library;  // never destroyed: communicators may outlive statics
  return *l;
}

const Api& load() {
  Library& l = library();
  std::lock_guard<std::mutex> lock(l.mutex);
  if (!l.tried) {
    l.tried = true;
    std::vector<std::string> candidates = library_candidates({"libnccl.so.2", "libnccl.so"},
                                                             "CUNP_NCCL_PATH");
    candidates.insert(candidates.end() - 2, l.extra.begin(), l.extra.end());
    void* lib = nullptr;
    for (const std::string& c : candidates)
      if ((lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
    if (!lib) {
      l.error = "NCCL could not be loaded (libnccl.so.2): install the nvidia-nccl-cu13 (or -cu12) "
                "package, or set CUNP_NCCL_PATH to the library file";
    } else {
#define CUNP_NCCL_RESOLVE(name, ret, ...)                                          \
  l.api.name = reinterpret_cast<ret (*)(__VA_ARGS__)>(library_symbol(lib, #name)); \
  if (!l.api.name && l.error.empty()) l.error = "NCCL lacks the function " #name;
      CUNP_NCCL_FUNCTIONS(CUNP_NCCL_RESOLVE)
#undef CUNP_NCCL_RESOLVE
    }
  }
  if (!l.error.empty()) throw NcclError(-1, l.error);
  return l.api;
}

void check(Result r, const char* what) {
  if (r == kSuccess || r == kInProgress) return;
  const char* text = load().ncclGetErrorString(r);
  throw NcclError(r, std::string(what) + " failed: " + (text ? text : "unknown NCCL error") +
                         " (ncclResult_t " + std::to_string(r) + ")");
}

int query(Comm comm, Result (*fn)(Comm, int*), const char* what) {
  if (!comm) throw ValueError("the NCCL communicator has been destroyed");
  int v = 0;
  check(fn(comm, &v), what);
  return v;
}

}  // namespace

DataType data_type(DType t) {
  switch (t) {
    case DType::Int8: return DataType::Int8;
    case DType::UInt8: return DataType::Uint8;
    case DType::Int32: return DataType::Int32;
    case DType::UInt32: return DataType::Uint32;
    case DType::Int64: return DataType::Int64;
    case DType::UInt64: return DataType::Uint64;
    case DType::Float16: return DataType::Float16;
    case DType::Float32:
    case DType::Complex64: return DataType::Float32;
    case DType::Float64:
    case DType::Complex128: return DataType::Float64;
    default:
      throw TypeError("NCCL has no data type for " + std::string(name(t)) +
                      " (bool, int16 and uint16 have none: cast the buffer first)");
  }
}

std::size_t elements(DType t, std::size_t count) { return is_complex(t) ? 2 * count : count; }

void add_library_candidates(const std::vector<std::string>& extra) {
  Library& l = library();
  std::lock_guard<std::mutex> lock(l.mutex);
  if (!l.tried) l.extra.insert(l.extra.end(), extra.begin(), extra.end());
}

bool available() {
  try {
    load();
    return true;
  } catch (const NcclError&) {
    return false;
  }
}

std::string unavailable_reason() {
  try {
    load();
    return "";
  } catch (const NcclError& e) {
    return e.what();
  }
}

int version() {
  int v = 0;
  check(load().ncclGetVersion(&v), "ncclGetVersion");
  return v;
}

UniqueId unique_id() {
  RawId raw{};
  check(load().ncclGetUniqueId(&raw), "ncclGetUniqueId");
  UniqueId id;
  std::copy(std::begin(raw.internal), std::end(raw.internal), id.begin());
  return id;
}

void group_start() { check(load().ncclGroupStart(), "ncclGroupStart"); }
void group_end() { check(load().ncclGroupEnd(), "ncclGroupEnd"); }

Communicator::Communicator(int ranks, const UniqueId& id, int rank) {
  if (ranks < 1)
    throw ValueError("a communicator needs at least one rank (got " + std::to_string(ranks) + ")");
  if (rank < 0 || rank >= ranks)
    throw ValueError("rank " + std::to_string(rank) + " is outside [0, " + std::to_string(ranks) +
                     ")");
  const Api& api = load();
  activate(current_device());  // NCCL takes the device of the thread's current context
  RawId raw;
  std::copy(id.begin(), id.end(), raw.internal);
  check(api.ncclCommInitRank(&comm_, ranks, raw, rank), "ncclCommInitRank");
}

std::vector<Communicator> Communicator::init_all(const std::vector<int>& devices) {
  if (devices.empty()) throw ValueError("initAll needs at least one device");
  for (int d : devices) device_properties(d);  // ValueError for a device that does not exist
  const Api& api = load();
  std::vector<Comm> comms(devices.size(), nullptr);
  check(api.ncclCommInitAll(comms.data(), static_cast<int>(devices.size()), devices.data()),
        "ncclCommInitAll");
  std::vector<Communicator> out;
  for (Comm c : comms) out.push_back(Communicator(c));
  return out;
}

Communicator::Communicator(Communicator&& o) noexcept : comm_(std::exchange(o.comm_, nullptr)) {}

Communicator& Communicator::operator=(Communicator&& o) noexcept {
  if (this != &o) {
    if (comm_) library().api.ncclCommDestroy(comm_);
    comm_ = std::exchange(o.comm_, nullptr);
  }
  return *this;
}

Communicator::~Communicator() {
  if (comm_) library().api.ncclCommDestroy(comm_);  // errors cannot leave a destructor
}

int Communicator::device() const {
  return query(comm_, load().ncclCommCuDevice, "ncclCommCuDevice");
}
int Communicator::rank() const { return query(comm_, load().ncclCommUserRank, "ncclCommUserRank"); }
int Communicator::size() const { return query(comm_, load().ncclCommCount, "ncclCommCount"); }

void Communicator::destroy() {
  if (!comm_) return;
  check(load().ncclCommDestroy(std::exchange(comm_, nullptr)), "ncclCommDestroy");
}

void Communicator::abort() {
  if (!comm_) return;
  check(load().ncclCommAbort(std::exchange(comm_, nullptr)), "ncclCommAbort");
}

void Communicator::check_async_error() const {
  if (!comm_) throw ValueError("the NCCL communicator has been destroyed");
  Result async = kSuccess;
  check(load().ncclCommGetAsyncError(comm_, &async), "ncclCommGetAsyncError");
  check(async, "an asynchronous NCCL operation");
}

namespace {
Comm live(void* comm) {
  if (!comm) throw ValueError("the NCCL communicator has been destroyed");
  return comm;
}
int op_value(ReduceOp op) {
  const int v = static_cast<int>(op);
  if (v < 0 || v > 4) throw ValueError("unknown NCCL reduction operator " + std::to_string(v));
  return v;
}
int type_value(DataType t) {
  const int v = static_cast<int>(t);
  if (v < 0 || v > 9) throw ValueError("unknown NCCL data type " + std::to_string(v));
  return v;
}
const void* in(uintptr_t p) { return reinterpret_cast<const void*>(p); }
void* out(uintptr_t p) { return reinterpret_cast<void*>(p); }
}  // namespace

void Communicator::all_reduce(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                              ReduceOp op, StreamHandle stream) const {
  check(load().ncclAllReduce(in(send), out(recv), count, type_value(type), op_value(op),
                             live(comm_), stream),
        "ncclAllReduce");
}

void Communicator::reduce(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                          ReduceOp op, int root, StreamHandle stream) const {
  check(load().ncclReduce(in(send), out(recv), count, type_value(type), op_value(op), root,
                          live(comm_), stream),
        "ncclReduce");
}

void Communicator::broadcast(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                             int root, StreamHandle stream) const {
  check(load().ncclBroadcast(in(send), out(recv), count, type_value(type), root, live(comm_),
                             stream),
        "ncclBroadcast");
}

void Communicator::all_gather(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                              StreamHandle stream) const {
  check(load().ncclAllGather(in(send), out(recv), count, type_value(type), live(comm_), stream),
        "ncclAllGather");
}

void Communicator::reduce_scatter(uintptr_t send, uintptr_t recv, std::size_t count, DataType type,
                                  ReduceOp op, StreamHandle stream) const {
  check(load().ncclReduceScatter(in(send), out(recv), count, type_value(type), op_value(op),
                                 live(comm_), stream),
        "ncclReduceScatter");
}

void Communicator::send(uintptr_t buffer, std::size_t count, DataType type, int peer,
                        StreamHandle stream) const {
  check(load().ncclSend(in(buffer), count, type_value(type), peer, live(comm_), stream),
        "ncclSend");
}

void Communicator::recv(uintptr_t buffer, std::size_t count, DataType type, int peer,
                        StreamHandle stream) const {
  check(load().ncclRecv(out(buffer), count, type_value(type), peer, live(comm_), stream),
        "ncclRecv");
}

}  // namespace cunp::nccl
