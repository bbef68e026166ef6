// cunp/fft/plan_cache.hpp -- cuFFT plans: the layout that names one (PlanKey), the plan itself
// (a cufftHandle and the work area it holds from the memory pool), each thread's per-device LRU
// cache of them, and the plan that get_fft_plan's `with` block makes the transforms use.
#pragma once
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "cunp/memory/memory.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp::fft {

// The element types of a transform, as cuFFT names them (the values of cufftType).
enum class PlanType : int32_t {
  R2C = 0x2a,
  C2R = 0x2c,
  C2C = 0x29,
  D2Z = 0x6a,
  Z2D = 0x6c,
  Z2Z = 0x69
};
const char* plan_type_name(PlanType t);  // "C2C", ...

// One cufftMakePlanMany64 layout on one device. Extents and strides count elements; n holds the
// logical lengths (for R2C/C2R the real one last), the embeds the physical extents of each
// operand's dimensions (embed[0] is unused by cuFFT and kept 0).
struct PlanKey {
  int32_t device = 0;
  PlanType type = PlanType::C2C;
  int32_t rank = 0;
  int64_t n[3] = {}, inembed[3] = {}, onembed[3] = {};
  int64_t istride = 0, idist = 0, ostride = 0, odist = 0, batch = 0;
  uint64_t callbacks = 0;  // the id of the LTO callbacks linked in (0: none); see Callbacks

  bool operator==(const PlanKey&) const = default;
  std::size_t hash() const;
  std::string str() const;  // for messages and show_info
};

struct PlanKeyHash {
  std::size_t operator()(const PlanKey& k) const { return k.hash(); }
};

// set_cufft_callbacks' LTO callbacks: device functions compiled to LTO-IR, which cuFFT links into
// the plans made while they are pushed (cufftXtSetJITCallback, before planning). Their id is in
// those plans' keys, so plans with other callbacks, or none, are cached apart.
struct Callbacks {
  uint64_t id = 0;                                       // set by push_callbacks
  std::string load_ir, load_name, store_ir, store_name;  // empty: no such callback
  uintptr_t load_info = 0, store_info = 0;  // device pointers the callbacks get as callerInfo
  // The element type each callback reads or writes ("float2", "double2", "float", "double";
  // empty: not known), so that a plan of another precision is refused before cuFFT links it.
  std::string load_type, store_type;
};
using CallbacksPtr = std::shared_ptr<const Callbacks>;
// Pushes (a copy of) `c` for this thread with its id (the same callbacks, the same id);
// returns the id.
uint64_t push_callbacks(Callbacks c);
void pop_callbacks();
const CallbacksPtr& active_callbacks();  // nullptr outside any block
// Whether the loaded cuFFT links LTO callbacks (cuFFT 12, CUDA 13, and its
// cufftXtSetJITCallback); `why` says what is missing when not.
bool jit_callbacks_supported(std::string* why);

// A cuFFT plan made for one key. As CuPy's plans, it holds its work area: cuFFT's automatic
// allocation is off and the area comes from cunp's pool when the plan is made (on the current
// stream), so the plan cache's memsize counts memory the cached plans really hold. Unlike
// CuPy's, an execution on another stream than the area's last user waits for that stream's use
// of it (an event recorded after each execution), so a cached plan serves several streams.
class Plan {
 public:
  explicit Plan(const PlanKey& key);
  ~Plan();
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  const PlanKey& key() const { return key_; }
  // The bytes of work area an execution needs (cufftMakePlanMany64's workSize).
  std::size_t work_bytes() const { return work_bytes_; }
  // The work area in use (null when the plan needs none) and its address.
  const MemoryPtr& work_area() const { return work_area_; }
  uintptr_t work_area_ptr() const { return work_ptr_; }
  // Makes the plan use `ptr` (inside `mem`, which the plan keeps alive) as its work area;
  // ValueError when fewer than work_bytes() bytes of `mem` follow `ptr` or it is on another
  // device. A null `mem` takes a new area from the pool again.
  void set_work_area(MemoryPtr mem, uintptr_t ptr);
  // Runs the plan on the current stream of its device (C2C: `forward` picks the direction).
  void execute(uintptr_t in, uintptr_t out, bool forward);

 private:
  PlanKey key_;
  CallbacksPtr callbacks_;  // kept while the plan links them
  int handle_ = 0;
  std::size_t work_bytes_ = 0;
  MemoryPtr work_area_;
  uintptr_t work_ptr_ = 0;
  // Where the work area was last used (or taken from the pool): the stream, and an event
  // recorded on it after that use, which an execution on another stream waits for.
  void mark_area_used(StreamHandle s);
  void record_area_use(const Stream& s);  // the record itself, for a stream not capturing
  // Records the uses on the legacy default stream that execute() left unrecorded, if any.
  void record_unrecorded_use();
  void release_area();  // drops the area once no other stream may still be using it
  Event area_used_;
  StreamHandle area_stream_ = nullptr;
  StreamHandle area_owner_ = nullptr;  // the stream the plan's own area came from the pool on
  bool area_unrecorded_ = false;       // used on the legacy stream since area_used_'s record
  bool own_area_ = false;              // false: a user's area, which the user orders
  StreamBinding stream_;
};
using PlanPtr = std::shared_ptr<Plan>;

// What show_info prints.
struct PlanCacheInfo {
  int device = 0;
  int64_t size = 0, max_size = 0;
  int64_t memsize = 0, max_memsize = 0;  // work-area bytes; max -1: no limit
  int64_t hits = 0, misses = 0;
  std::vector<std::pair<std::string, std::size_t>> plans;  // most recently used first
};

// The most recently used plans of one device for one thread, limited in count and in the work
// area bytes they would take together. A count limit of 0 disables caching; a plan alone above
// the byte limit is made, used and dropped.
class PlanCache {
 public:
  explicit PlanCache(int device) : device_(device) {}
  PlanCache(const PlanCache&) = delete;
  PlanCache& operator=(const PlanCache&) = delete;

  PlanPtr get(const PlanKey& key);

  int64_t size() const { return static_cast<int64_t>(order_.size()); }
  int64_t max_size() const { return max_size_; }
  void set_max_size(int64_t n);  // ValueError for n < 0
  int64_t memsize() const { return memsize_; }
  int64_t max_memsize() const { return max_memsize_; }
  void set_max_memsize(int64_t bytes);  // -1: no limit; ValueError below -1
  void clear();
  PlanCacheInfo info() const;

 private:
  void evict_to_limits();

  int device_;
  int64_t max_size_ = 16, max_memsize_ = -1, memsize_ = 0, hits_ = 0, misses_ = 0;
  std::list<PlanPtr> order_;  // most recently used first
  std::unordered_map<PlanKey, std::list<PlanPtr>::iterator, PlanKeyHash> index_;
};

// This thread's cache for `device`.
PlanCache& plan_cache(int device);

// get_fft_plan's `with` block: while pushed, each transform must match the innermost pushed
// plan's key and runs with it (ValueError otherwise).
void push_active_plan(PlanPtr plan);
void pop_active_plan();
const PlanPtr& active_plan();  // nullptr outside any block

}  // namespace cunp::fft
