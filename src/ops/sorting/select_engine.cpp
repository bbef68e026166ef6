// src/ops/sorting/select_engine.cpp -- the host driver of the selection engine (src/device/engines/
// select.cuh): radix select on the sort engine's keys (the codecs of src/device/sorting/
// sort_codec.cuh, embedded for NVRTC), one histogram launch and one one-block choose launch per
// digit, all on the current stream with the prefixes kept on the device.
//
// Digits are 11 bits wide for up to four ranks (three passes over float32 keys) and 8 bits for
// more, so the block histograms of every rank fit in static shared memory.
#include <algorithm>
#include <string>

#include "jit/kernel.hpp"
#include "device/sorting/sort_params.hpp"
#include "runtime/driver.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/sorting/selection.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "select_params.hpp"

namespace cunp {
namespace {

using detail::kSelectMaxSlots;
using detail::kSelectThreads;
using detail::SelectParams;

enum class Entry : uint8_t { Histogram, Choose, Classify };

// The kernel shape of one selection: the key's width in bytes, the slots its shared histograms
// hold (the ranks rounded up to a power of two) and the digit width.
struct Shape {
  int width, slots, digit_bits;
};

Shape shape_for(DType t, std::size_t ranks) {
  int slots = 1;
  while (slots < static_cast<int>(ranks)) slots *= 2;
  return {itemsize(t), slots, slots <= 4 ? 11 : 8};
}

const char* key_ctype(int width) {
  switch (width) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}

const char* entry_name(Entry e) {
  switch (e) {
    case Entry::Histogram: return "cunp_select_histogram";
    case Entry::Choose: return "cunp_select_choose";
    default: return "cunp_select_classify";
  }
}

}  // namespace

// Not static: the tests compile it with NVRTC (no device needed).
std::string select_source(int width, int slots, int digit_bits) {
  const std::string bits = key_ctype(width), t = std::to_string(kSelectThreads);
  const std::string args = bits + ", " + std::to_string(slots) + ", ";
  std::string s = device_header() + device_part("sort_params") + device_part("sort_codec") +
                  device_part("select");
  s += "\nstatic_assert(sizeof(cunp::select::SelectParams) == " +
       std::to_string(sizeof(SelectParams)) + ", \"host and device SelectParams differ\");\n";
  const auto entry = [&](Entry e, const std::string& call) {
    s += std::string("extern \"C\" __global__ void __launch_bounds__(") + t + ") " + entry_name(e) +
         "(const cunp::select::SelectParams p) {\n  cunp::select::" + call + "(p);\n}\n";
  };
  const std::string digits = std::to_string(digit_bits) + ", " + t + ">";
  entry(Entry::Histogram, "histogram<" + args + digits);
  entry(Entry::Choose, "choose<" + args + digits);
  entry(Entry::Classify, "classify<" + args + t + ">");
  return s;
}

namespace {

FunctionHandle function(Entry e, const Shape& sh, int device) {
  detail::KernelKey key(detail::Engine::Select, device, static_cast<uint64_t>(e));
  key.add(sh.width);
  key.add(sh.slots);
  key.add(sh.digit_bits);
  return detail::kernel(key, [&] {
    return detail::KernelSpec{select_source(sh.width, sh.slots, sh.digit_bits), entry_name(e), {}};
  });
}

int codec_for(DType t) {
  switch (kind(t)) {
    case 'b':
    case 'u': return sort_kernel::kUnsigned;
    case 'i': return sort_kernel::kSigned;
    case 'f': return sort_kernel::kFloat;
    default: throw TypeError(std::string("selection is not supported for dtype ") + info(t).name);
  }
}

// Blocks that fill the device once (the histogram kernel loops over the items).
unsigned resident_blocks(FunctionHandle fn, int device, int64_t n, int items_per_thread) {
  int per_sm = 0;
  drv::check(drv::api().cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, kSelectThreads, 0),
             "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  const int64_t sms = device_properties(device).multiprocessor_count;
  const int64_t covering = (n + int64_t{kSelectThreads} * items_per_thread - 1) /
                           (int64_t{kSelectThreads} * items_per_thread);
  return static_cast<unsigned>(std::max<int64_t>(1, std::min(std::max(per_sm, 1) * sms, covering)));
}

// The selection's device state after its passes: the items (contiguous, any order for
// select_kth's sake) and the prefixes, which hold each rank's full key.
struct Selection {
  NDArray items, state, hist;
  SelectParams params{};
  Shape shape{};
};

Selection run_select(const NDArray& x, const std::vector<int64_t>& ks, bool c_order,
                     const NDArray& out) {
  const DType t = x.dtype();
  const int codec = codec_for(t);
  if (ks.empty() || ks.size() > static_cast<std::size_t>(kSelectMaxSlots))
    throw ValueError("select_kth takes 1 to " + std::to_string(kSelectMaxSlots) + " ranks (got " +
                     std::to_string(ks.size()) + ")");
  const int64_t n = x.size();
  if (n >= (int64_t{1} << 32))
    throw ValueError("selection supports arrays of fewer than 2**32 elements (got " +
                     std::to_string(n) + ")");
  for (int64_t k : ks)
    if (k < 0 || k >= n)
      throw ValueError("select_kth: rank " + std::to_string(k) + " out of range for " +
                       std::to_string(n) + " elements");

  Selection s;
  s.shape = shape_for(t, ks.size());
  const bool dense = x.c_contiguous() || (!c_order && x.f_contiguous());
  s.items = dense ? x : contiguous(x);
  const int device = s.items.device();
  const int slots = static_cast<int>(ks.size());
  const int64_t hist_words = int64_t{slots} << s.shape.digit_bits;
  s.state = NDArray::empty(Dims{3 * slots}, DType::UInt64, Order::C, device);
  s.hist = NDArray::empty(Dims{hist_words}, DType::UInt32, Order::C, device);
  activate(device);
  CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(s.hist.data()), 0u,
           static_cast<size_t>(hist_words), current_stream_handle(device));

  SelectParams& p = s.params;
  p.data = s.items.data();
  p.state = s.state.data();
  p.hist = s.hist.data();
  p.out = out.defined() ? out.data() : 0;
  p.n = n;
  std::copy(ks.begin(), ks.end(), p.ks);
  p.slots = slots;
  p.codec = codec;
  p.aligned = p.data % 16 == 0;

  FunctionHandle histogram = function(Entry::Histogram, s.shape, device);
  FunctionHandle choose = function(Entry::Choose, s.shape, device);
  const unsigned grid = resident_blocks(histogram, device, n, 16 / s.shape.width);
  const int key_bits = 8 * s.shape.width;
  for (int done = 0; done < key_bits; done += p.digit_bits) {
    p.hi_shift = key_bits - done;
    p.digit_bits = std::min(s.shape.digit_bits, p.hi_shift);
    p.shift = p.hi_shift - p.digit_bits;
    p.first = done == 0;
    p.last = p.shift == 0;
    detail::launch(histogram, device, {grid}, {kSelectThreads}, &p);
    detail::launch(choose, device, {1}, {kSelectThreads}, &p);
  }
  return s;
}

}  // namespace

NDArray select_kth(const NDArray& x, const std::vector<int64_t>& ks) {
  const NDArray out = NDArray::empty(Dims{static_cast<int64_t>(ks.size())}, x.dtype(), Order::C,
                                     x.device());
  run_select(x, ks, false, out);
  return out;
}

NDArray select_classes(const NDArray& x, const std::vector<int64_t>& ks) {
  std::vector<int64_t> sorted = ks;
  std::sort(sorted.begin(), sorted.end());
  Selection s = run_select(x, sorted, true, NDArray());
  const NDArray classes = NDArray::empty(x.shape(), DType::UInt8, Order::C, x.device());
  SelectParams& p = s.params;
  p.out = classes.data();
  const int device = s.items.device();
  FunctionHandle classify = function(Entry::Classify, s.shape, device);
  detail::launch(classify, device, {resident_blocks(classify, device, x.size(), 4)},
                 {kSelectThreads}, &p);
  return classes;
}

}  // namespace cunp
