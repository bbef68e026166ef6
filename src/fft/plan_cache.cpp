// src/fft/plan_cache.cpp -- cuFFT plans holding work areas from the pool, each thread's
// per-device LRU cache and get_fft_plan's stack of active plans.
#include "cunp/fft/plan_cache.hpp"

#include <array>
#include <map>
#include <mutex>
#include <tuple>
#include <string>

#include "cufft.hpp"
#include "cunp/memory/memory.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/graph.hpp"

namespace cunp::fft {
namespace {

// The two-operand exec functions of cuFFT take typed pointers; one entry per plan type.
void exec(const Api& a, PlanType t, int h, uintptr_t in, uintptr_t out, bool forward) {
  int direction = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  switch (t) {
    case PlanType::C2C:
      return check(a.cufftExecC2C(h, reinterpret_cast<cufftComplex*>(in),
                                  reinterpret_cast<cufftComplex*>(out), direction),
                   "cufftExecC2C");
    case PlanType::Z2Z:
      return check(a.cufftExecZ2Z(h, reinterpret_cast<cufftDoubleComplex*>(in),
                                  reinterpret_cast<cufftDoubleComplex*>(out), direction),
                   "cufftExecZ2Z");
    case PlanType::R2C:
      return check(a.cufftExecR2C(h, reinterpret_cast<cufftReal*>(in),
                                  reinterpret_cast<cufftComplex*>(out)),
                   "cufftExecR2C");
    case PlanType::D2Z:
      return check(a.cufftExecD2Z(h, reinterpret_cast<cufftDoubleReal*>(in),
                                  reinterpret_cast<cufftDoubleComplex*>(out)),
                   "cufftExecD2Z");
    case PlanType::C2R:
      return check(a.cufftExecC2R(h, reinterpret_cast<cufftComplex*>(in),
                                  reinterpret_cast<cufftReal*>(out)),
                   "cufftExecC2R");
    case PlanType::Z2D:
      return check(a.cufftExecZ2D(h, reinterpret_cast<cufftDoubleComplex*>(in),
                                  reinterpret_cast<cufftDoubleReal*>(out)),
                   "cufftExecZ2D");
  }
}

std::vector<PlanPtr>& active_stack() {
  thread_local std::vector<PlanPtr> stack;
  return stack;
}

std::vector<CallbacksPtr>& callbacks_stack() {
  thread_local std::vector<CallbacksPtr> stack;
  return stack;
}

// cufftXtCallbackType of a load (store) callback: the element type cuFFT reads (writes).
int callback_type(PlanType t, bool load) {
  constexpr int kLdComplex = 0, kLdComplexDouble = 1, kLdReal = 2, kLdRealDouble = 3,
                kStComplex = 4, kStComplexDouble = 5, kStReal = 6, kStRealDouble = 7;
  switch (t) {
    case PlanType::C2C: return load ? kLdComplex : kStComplex;
    case PlanType::Z2Z: return load ? kLdComplexDouble : kStComplexDouble;
    case PlanType::R2C: return load ? kLdReal : kStComplex;
    case PlanType::D2Z: return load ? kLdRealDouble : kStComplexDouble;
    case PlanType::C2R: return load ? kLdComplex : kStReal;
    case PlanType::Z2D: return load ? kLdComplexDouble : kStRealDouble;
  }
  return 0;
}

// The element type of each cufftXtCallbackType, as the callbacks' types are named.
constexpr const char* kElementTypes[] = {"float2", "double2", "float", "double",
                                         "float2", "double2", "float", "double"};

// Links the callbacks into the plan `h` (after cufftCreate, before planning, as cuFFT needs).
void link_callbacks(int h, PlanType t, const Callbacks& c) {
  for (bool load : {true, false}) {
    const std::string& type = load ? c.load_type : c.store_type;
    const char* wanted = kElementTypes[callback_type(t, load)];
    if ((load ? c.load_ir : c.store_ir).empty() || type.empty() || type == wanted) continue;
    throw ValueError(std::string("the cuFFT ") +
                     (load ? "load callback returns " : "store callback takes ") + type +
                     "; this " + plan_type_name(t) + " plan " + (load ? "loads " : "stores ") +
                     wanted + ": give callbacks of the transform's precision and kind");
  }
  std::string why;
  SetJitCallback set = set_jit_callback(&why);
  if (!set) throw RuntimeError("cuFFT LTO callbacks are not available: " + why);
  auto one = [&](const std::string& ir, const std::string& name, uintptr_t info, bool load) {
    if (ir.empty()) return;
    void* caller_info = reinterpret_cast<void*>(info);
    check(set(h, name.c_str(), ir.data(), ir.size(), callback_type(t, load),
              info ? &caller_info : nullptr),
          "cufftXtSetJITCallback");
  };
  one(c.load_ir, c.load_name, c.load_info, true);
  one(c.store_ir, c.store_name, c.store_info, false);
}

const char* element_type(PlanType t, bool load) {
  // The C type a load callback returns (a store callback takes), as cuFFT declares it.
  const bool complex = load ? t != PlanType::R2C && t != PlanType::D2Z
                            : t != PlanType::C2R && t != PlanType::Z2D;
  const bool single = t == PlanType::C2C || t == PlanType::R2C || t == PlanType::C2R;
  if (complex) return single ? "float2 (cufftComplex)" : "double2 (cufftDoubleComplex)";
  return single ? "float (cufftReal)" : "double (cufftDoubleReal)";
}

// cufftMakePlan* fails with CUFFT_INTERNAL_ERROR (or an NVRTC/nvJitLink status) when cuFFT
// cannot link a plan's LTO callbacks: it compiles, with NVRTC (libnvrtc), a wrapper whose
// entry point calls the named function declared with C++ linkage and the LTO signature, then
// links it, the callbacks' LTO-IR and its kernels with nvJitLink (libnvJitLink). The message
// names what this plan needed of each callback.
[[noreturn]] void throw_callback_link_failure(cufftResult s, PlanType t, const Callbacks& c) {
  std::string msg = "cufftMakePlanMany64 failed: " + status_name(s) + " while linking the " +
                    plan_type_name(t) + " plan's LTO callbacks (";
  if (!c.load_ir.empty())
    msg += "load callback " + c.load_name + ": a device function " + element_type(t, true) + " " +
           c.load_name + "(void*, unsigned long long, void*, void*)";
  if (!c.load_ir.empty() && !c.store_ir.empty()) msg += "; ";
  if (!c.store_ir.empty())
    msg += "store callback " + c.store_name + ": a device function void " + c.store_name +
           "(void*, unsigned long long, " + element_type(t, false) + ", void*, void*)";
  msg += "). cuFFT calls the callback through a C++ declaration of that signature, compiles "
         "that wrapper with NVRTC (libnvrtc.so) and links it with nvJitLink "
         "(libnvJitLink.so), which must be cuFFT's CUDA major version and at least as new as "
         "the NVRTC that compiled the callback; the callback's return (element) type must be "
         "the plan's precision";
  throw CudaError(static_cast<int>(s), msg);
}

// Whether work enqueued on `s` now goes into a stream capture. The legacy default stream is never
// asked: CUDA refuses to capture it (as begin_capture does), so the answer is always no, and the
// query (a driver call with a context check) stays off each FFT's path on the default stream.
bool capturing(const Stream& s) { return s.handle() != legacy_stream() && is_capturing(s); }

}  // namespace

const char* plan_type_name(PlanType t) {
  switch (t) {
    case PlanType::R2C: return "R2C";
    case PlanType::C2R: return "C2R";
    case PlanType::C2C: return "C2C";
    case PlanType::D2Z: return "D2Z";
    case PlanType::Z2D: return "Z2D";
    case PlanType::Z2Z: return "Z2Z";
  }
  return "?";
}

std::size_t PlanKey::hash() const {
  // FNV-1a over the fields: the key is a few dozen bytes and hashed once per transform.
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](int64_t v) {
    h ^= static_cast<uint64_t>(v);
    h *= 1099511628211ull;
  };
  mix(device);
  mix(static_cast<int64_t>(type));
  mix(rank);
  for (int i = 0; i < 3; ++i) {
    mix(n[i]);
    mix(inembed[i]);
    mix(onembed[i]);
  }
  for (int64_t v : {istride, idist, ostride, odist, batch}) mix(v);
  mix(static_cast<int64_t>(callbacks));
  return static_cast<std::size_t>(h);
}

std::string PlanKey::str() const {
  auto list = [&](const int64_t* v) {
    std::string t = "(";
    for (int i = 0; i < rank; ++i) t += (i ? ", " : "") + std::to_string(v[i]);
    return t + (rank == 1 ? ",)" : ")");
  };
  return std::string(plan_type_name(type)) + " n=" + list(n) + " batch=" + std::to_string(batch) +
         " in: embed=" + list(inembed) + " stride=" + std::to_string(istride) +
         " dist=" + std::to_string(idist) + " out: embed=" + list(onembed) +
         " stride=" + std::to_string(ostride) + " dist=" + std::to_string(odist) +
         " device=" + std::to_string(device) +
         (callbacks ? " callbacks=" + std::to_string(callbacks) : std::string());
}

Plan::Plan(const PlanKey& key) : key_(key) {
  const Api& a = api();
  activate(key.device);
  cufftHandle h = 0;
  CUNP_CUFFT(cufftCreate, &h);
  handle_ = h;
  try {
    if (key.callbacks) {
      callbacks_ = active_callbacks();
      if (!callbacks_ || callbacks_->id != key.callbacks)
        throw RuntimeError("cuFFT plan with callbacks " + std::to_string(key.callbacks) +
                           " made outside their set_cufft_callbacks block");
      link_callbacks(h, key.type, *callbacks_);
    }
    CUNP_CUFFT(cufftSetAutoAllocation, h, 0);
    long long n[3], inembed[3], onembed[3];
    for (int i = 0; i < 3; ++i) {
      n[i] = key.n[i];
      inembed[i] = key.inembed[i];
      onembed[i] = key.onembed[i];
    }
    std::size_t work = 0;
    cufftResult made = a.cufftMakePlanMany64(h, key.rank, n, inembed, key.istride, key.idist,
                                             onembed, key.ostride, key.odist,
                                             static_cast<cufftType>(key.type), key.batch, &work);
    if (made != CUFFT_SUCCESS && callbacks_)
      throw_callback_link_failure(made, key.type, *callbacks_);
    check(made, "cufftMakePlanMany64");
    work_bytes_ = work;
    set_work_area(nullptr, 0);
  } catch (...) {
    a.cufftDestroy(h);
    throw;
  }
}

Plan::~Plan() {
  if (available()) api().cufftDestroy(handle_);
  try {
    release_area();
  } catch (...) {  // a destructor does not throw; a failed context fails elsewhere too
  }
}

void Plan::execute(uintptr_t in, uintptr_t out, bool forward) {
  const Api& a = api();
  activate(key_.device);  // cuFFT runs in the thread's current context
  StreamHandle s = current_stream_handle(key_.device);
  stream_.ensure(s, [&](StreamHandle b) {
    CUNP_CUFFT(cufftSetStream, handle_, reinterpret_cast<cudaStream_t>(b));
  });
  if (!work_ptr_) {
    exec(a, key_.type, handle_, in, out, forward);
    return;
  }
  // Again on the legacy default stream, which outlives every plan and is never captured: its
  // own order covers the area, so no event is recorded until another stream takes the area.
  if (s == legacy_stream() && area_stream_ == s) {
    exec(a, key_.type, handle_, in, out, forward);
    area_unrecorded_ = true;
    return;
  }
  // Under stream capture the graph's replays order themselves: no events go into it. One
  // answer serves the wait and the record (the execution begins and ends no capture).
  const Stream stream = Stream::external(s, key_.device);
  const bool ordered = !capturing(stream);
  if (ordered && s != area_stream_) {
    record_unrecorded_use();
    if (area_used_.valid()) stream.wait_event(area_used_.handle());
  }
  exec(a, key_.type, handle_, in, out, forward);
  if (ordered) record_area_use(stream);
}

void Plan::record_unrecorded_use() {
  if (area_unrecorded_) record_area_use(Stream::external(legacy_stream(), key_.device));
}

void Plan::mark_area_used(StreamHandle s) {
  const Stream stream = Stream::external(s, key_.device);
  if (!capturing(stream)) record_area_use(stream);
}

void Plan::record_area_use(const Stream& stream) {
  if (!area_used_.valid()) area_used_ = Event::create(false, true, false, key_.device);
  area_used_.record(stream);
  area_stream_ = stream.handle();
  area_unrecorded_ = false;
}

void Plan::set_work_area(MemoryPtr mem, uintptr_t ptr) {
  if (mem) {
    if (mem->device != key_.device)
      throw ValueError("the work area is on device " + std::to_string(mem->device) +
                       "; the plan is on device " + std::to_string(key_.device));
    // A size of 0 is a foreign allocation of unknown size: taken at its word.
    if (ptr < mem->ptr || (mem->size && mem->ptr + mem->size < ptr + work_bytes_))
      throw ValueError("the work area holds fewer than the " + std::to_string(work_bytes_) +
                       " bytes the plan needs");
  }
  release_area();
  StreamHandle owner = nullptr;
  const bool own = !mem && work_bytes_;
  if (own) {
    // The plan's own area, from the pool on the current stream (as CuPy's memory.alloc).
    owner = current_stream_handle(key_.device);
    mem = allocate(work_bytes_, key_.device, owner);
    ptr = mem->ptr;
  }
  if (ptr) {
    activate(key_.device);
    CUNP_CUFFT(cufftSetWorkArea, handle_, reinterpret_cast<void*>(ptr));
  }
  work_area_ = std::move(mem);
  work_ptr_ = ptr;
  area_owner_ = owner;
  own_area_ = own;
  // The pool hands an area out in the current stream's order; another stream waits for it.
  if (ptr) mark_area_used(current_stream_handle(key_.device));
}

void Plan::release_area() {
  // The pool takes the plan's own area back in the order of the stream it came from: where
  // another stream used it last, that use finishes first.
  record_unrecorded_use();
  if (work_area_ && own_area_ && area_used_.valid() && area_stream_ != area_owner_)
    area_used_.synchronize();
  work_area_.reset();
  work_ptr_ = 0;
}

PlanPtr PlanCache::get(const PlanKey& key) {
  if (auto it = index_.find(key); it != index_.end()) {
    ++hits_;
    order_.splice(order_.begin(), order_, it->second);
    return *it->second;
  }
  ++misses_;
  auto plan = std::make_shared<Plan>(key);
  auto bytes = static_cast<int64_t>(plan->work_bytes());
  if (max_size_ == 0 || (max_memsize_ >= 0 && bytes > max_memsize_)) return plan;
  order_.push_front(plan);
  index_.emplace(key, order_.begin());
  memsize_ += bytes;
  evict_to_limits();
  return plan;
}

void PlanCache::evict_to_limits() {
  while (!order_.empty() &&
         (size() > max_size_ || (max_memsize_ >= 0 && memsize_ > max_memsize_))) {
    const PlanPtr& last = order_.back();
    memsize_ -= static_cast<int64_t>(last->work_bytes());
    index_.erase(last->key());
    order_.pop_back();
  }
}

void PlanCache::set_max_size(int64_t n) {
  if (n < 0) throw ValueError("the plan cache size must be >= 0 (0 disables the cache)");
  max_size_ = n;
  evict_to_limits();
}

void PlanCache::set_max_memsize(int64_t bytes) {
  if (bytes < -1) throw ValueError("the plan cache memsize must be >= 0, or -1 for no limit");
  max_memsize_ = bytes;
  evict_to_limits();
}

void PlanCache::clear() {
  index_.clear();
  order_.clear();
  memsize_ = 0;
  hits_ = misses_ = 0;
}

PlanCacheInfo PlanCache::info() const {
  PlanCacheInfo r;
  r.device = device_;
  r.size = size();
  r.max_size = max_size_;
  r.memsize = memsize_;
  r.max_memsize = max_memsize_;
  r.hits = hits_;
  r.misses = misses_;
  for (const PlanPtr& p : order_) r.plans.emplace_back(p->key().str(), p->work_bytes());
  return r;
}

PlanCache& plan_cache(int device) {
  if (device < 0 || device >= kMaxDevices) throw ValueError("cuFFT plan cache: invalid device");
  // Per thread, as cuFFT plans bind one stream and work area at a time. The caches are never
  // destroyed: cuFFT may be unloaded at exit before thread-local destructors run.
  thread_local auto* caches = new std::array<std::unique_ptr<PlanCache>, kMaxDevices>;
  auto& c = (*caches)[device];
  if (!c) c = std::make_unique<PlanCache>(device);
  return *c;
}

uint64_t push_callbacks(Callbacks c) {
  // The same callbacks (code, names and callerInfo) get the same id, so a block entered again
  // finds the plans cuFFT linked for it before instead of linking new ones.
  static std::mutex mutex;
  static auto* ids = new std::map<
      std::tuple<std::string, std::string, std::string, std::string, uintptr_t, uintptr_t>,
      uint64_t>;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto key = std::make_tuple(c.load_ir, c.load_name, c.store_ir, c.store_name, c.load_info,
                               c.store_info);
    auto [it, added] = ids->emplace(std::move(key), ids->size() + 1);
    c.id = it->second;
  }
  callbacks_stack().push_back(std::make_shared<const Callbacks>(std::move(c)));
  return callbacks_stack().back()->id;
}

void pop_callbacks() {
  if (!callbacks_stack().empty()) callbacks_stack().pop_back();
}

const CallbacksPtr& active_callbacks() {
  static const CallbacksPtr none;
  const auto& s = callbacks_stack();
  return s.empty() ? none : s.back();
}

bool jit_callbacks_supported(std::string* why) { return set_jit_callback(why) != nullptr; }

void push_active_plan(PlanPtr plan) { active_stack().push_back(std::move(plan)); }

void pop_active_plan() {
  if (!active_stack().empty()) active_stack().pop_back();
}

const PlanPtr& active_plan() {
  static const PlanPtr none;
  const auto& s = active_stack();
  return s.empty() ? none : s.back();
}

}  // namespace cunp::fft
