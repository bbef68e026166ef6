// src/ops/sorting/sort_engine.cpp -- the host driver of the prebuilt sort kernels. Values become unsigned
// keys of their width (the codecs of src/device/sorting/sort_params.hpp); CUB's onesweep passes
// sort them, mirroring CUB's own dispatch (histogram, exclusive sum, one pass per 8-bit digit and
// 2^28-item portion), with this file launching what CUB would launch through the CUDA runtime.
// Short rows are sorted by one block each; longer rows, complex numbers and batches of tiny
// rows go through stable passes over the whole array: each key of a value (complex: three),
// then the row number, carrying the permutation (32-bit positions).
#include "sort_engine.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "jit/kernel.hpp"
#include "kernels/prebuilt.hpp"
#include "device/sorting/sort_params.hpp"
#include "runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "ops/launch_util.hpp"

namespace cunp::sort_engine {
namespace {

using namespace sort_kernel;

constexpr int kThreads = 256;                          // the element-wise sort kernels' blocks
constexpr int64_t kMaxItems = (int64_t{1} << 31) - 1;  // the radix passes count in 32 bits
// The most items one sort runs on: kMaxItems, lowered only by the tests (set_item_limit) so
// that small arrays take the chunked path of sort_rows.
int64_t g_item_limit = kMaxItems;

FunctionHandle function(const std::string& name, int device) {
  FunctionHandle f = prebuilt_function(name.c_str(), device);
  if (!f)
    throw NotImplementedError(
        "sorting runs on cunp's prebuilt kernels, which cannot run on this device (they need "
        "sm_80 or newer, a driver as recent as the CUDA toolkit that built cunp, and "
        "CUNP_DISABLE_PREBUILT unset)");
  return f;
}

// Element-wise kernels: one item per thread up to the grid cap, grid-stride beyond.
void launch_items(const std::string& name, int device, int64_t n, void* params) {
  const unsigned grid = detail::covering_grid(n, kThreads, kThreads, false);
  detail::launch(function(name, device), device, {std::min(grid, 1u << 20)}, {kThreads}, params);
}

void zero_words(uintptr_t ptr, int64_t words, int device) {
  if (words == 0) return;
  activate(device);
  CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(ptr), 0u, static_cast<size_t>(words),
           current_stream_handle(device));
}

NDArray scratch_bytes(int64_t bytes, int device) {
  return NDArray::empty(Dims{(bytes + 7) / 8}, DType::UInt64, Order::C, device);
}

int value_codec(DType t, bool ties) {
  switch (kind(t)) {
    case 'i': return kSigned;
    case 'f': return ties ? kFloatTies : kFloat;
    default: return kUnsigned;
  }
}

std::string limit_text() {
  return g_item_limit == kMaxItems ? "2**31" : std::to_string(g_item_limit + 1);
}

void check_size(int64_t n) {
  if (n > g_item_limit)
    throw ValueError("sorting supports arrays of fewer than " + limit_text() + " elements (got " +
                     std::to_string(n) + ")");
}

// Sorts n keys of `width` bytes by bits [0, end_bit) as CUB's DispatchRadixSort::
// InvokeOnesweep does, double-buffered: keys[0] (and values[0], 32-bit positions, when values
// is non-null) hold the input, both buffers are overwritten. Returns the buffer holding the result.
// `family` names the kernels: the width alone for encoded keys, or a codec's kernels ("f4",
// "i8": keys alone, the codec applied inside the passes); `source`, when non-zero, is read in
// place of keys[0] (left untouched) by the histogram and the first pass.
int radix_sort(int device, int width, int64_t n, const uintptr_t keys[2], const uintptr_t* values,
               int end_bit, const std::string& family, uintptr_t source = 0) {
  const bool pairs = values != nullptr;
  const int passes = (end_bit + kRadixBits - 1) / kRadixBits;
  if (n <= 1 || passes == 0) return 0;
  const int64_t tile = onesweep_tile(width, pairs);
  const int64_t portion = onesweep_portion(width, pairs);
  const int64_t portions = (n + portion - 1) / portion;
  const int64_t max_blocks = (std::min(n, portion) + tile - 1) / tile;

  // One scratch block: bins[portions][passes][256] and counters[portions][passes] (zeroed),
  // then the look-back words of one launch (zeroed before each).
  const int64_t bin_words = portions * passes * kRadixDigits, counter_words = portions * passes;
  NDArray scratch = scratch_bytes(4 * (bin_words + counter_words + max_blocks * kRadixDigits),
                                  device);
  const uintptr_t bins = scratch.data(), counters = bins + 4 * bin_words,
                  lookback = counters + 4 * counter_words;
  zero_words(bins, bin_words + counter_words, device);

  FunctionHandle histogram = function("cunp_sort_histogram_" + family, device);
  int per_sm = 0;
  drv::check(drv::api().cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, histogram,
                                                                    kHistogramThreads, 0),
             "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  HistogramParams h{};
  h.bins = bins;
  h.keys = source ? source : keys[0];
  h.num_items = static_cast<unsigned>(n);
  h.begin_bit = 0;
  h.end_bit = end_bit;
  const unsigned sms = static_cast<unsigned>(device_properties(device).multiprocessor_count);
  detail::launch(histogram, device, {std::max(per_sm, 1) * sms}, {kHistogramThreads}, &h);

  ExclusiveSumParams e{bins};
  detail::launch(function("cunp_sort_exclusive_sum", device), device,
                 {static_cast<unsigned>(passes)}, {kExclusiveSumThreads}, &e);

  FunctionHandle sweep = function(
      std::string("cunp_sort_onesweep_") + (pairs ? "pairs_" : "keys_") + family, device);
  const unsigned threads = static_cast<unsigned>(onesweep_threads(width, pairs));
  int cur = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const int bit = pass * kRadixBits;
    for (int64_t q = 0; q < portions; ++q) {
      const int64_t items = std::min(n - q * portion, portion);
      const int64_t blocks = (items + tile - 1) / tile;
      zero_words(lookback, blocks * kRadixDigits, device);
      OnesweepParams p{};
      p.lookback = lookback;
      p.counter = counters + 4 * (q * passes + pass);
      p.bins_out = q + 1 < portions ? bins + 4 * ((q + 1) * passes + pass) * kRadixDigits : 0;
      p.bins_in = bins + 4 * (q * passes + pass) * kRadixDigits;
      p.keys_out = keys[1 - cur];
      p.keys_in = (pass == 0 && source ? source : keys[cur]) + q * portion * width;
      if (pairs) {
        p.values_out = values[1 - cur];
        p.values_in = values[cur] + q * portion * 4;
      }
      p.num_items = static_cast<int>(items);
      p.current_bit = bit;
      p.num_bits = std::min(end_bit - bit, kRadixBits);
      detail::launch(sweep, device, {static_cast<unsigned>(blocks)}, {threads}, &p);
    }
    cur ^= 1;
  }
  return cur;
}

void make_keys(int device, int width, int64_t n, uintptr_t keys, const NDArray& source,
               uintptr_t perm_in, uintptr_t perm_out, KeyPart part, int codec,
               int64_t row_length = 1) {
  KeyParams p{};
  p.keys = keys;
  p.source = source.data();
  p.perm_in = perm_in;
  p.perm_out = perm_out;
  p.num_items = n;
  p.row_length = row_length;
  p.part = part;
  p.codec = codec;
  launch_items("cunp_sort_keys_" + std::to_string(width), device, n, &p);
}

// perm_bytes: 4 for the radix passes' permutations, 8 for int64 ones.
void finish(int device, FinishMode mode, uintptr_t out, uintptr_t perm, int perm_bytes,
            const NDArray* source, int64_t n, int64_t row_length) {
  FinishParams p{};
  p.out = out;
  p.perm = perm;
  p.source = source ? source->data() : 0;
  p.num_items = n;
  p.row_length = row_length;
  p.mode = mode;
  p.itemsize = source ? source->itemsize() : 8;
  p.perm_bytes = perm_bytes;
  launch_items("cunp_sort_finish", device, n, &p);
}

// One stable pass of the general path: the key kernel's part, its width and codec, its bits.
struct Stage {
  KeyPart part;
  int width, codec, bits;
};

std::vector<Stage> stages_of(DType t, int64_t rows) {
  std::vector<Stage> s;
  if (is_complex(t)) {
    const int w = itemsize(t) / 2;  // the parts' float width
    s = {{kComplexMinor, w, w, 8 * w}, {kComplexMajor, w, w, 8 * w}, {kComplexClass, 1, w, 2}};
  } else {
    s = {{kValue, itemsize(t), value_codec(t, true), 8 * itemsize(t)}};
  }
  if (rows > 1) {
    const int bits = std::bit_width(static_cast<uint64_t>(rows - 1));
    s.push_back({kRow, bits <= 8 ? 1 : bits <= 16 ? 2 : 4, 0, bits});
  }
  return s;
}

// The stable permutation of the general path (32-bit positions) into perm[0] or perm[1] (which
// one is returned):
// each stage's keys from the permutation so far, then a stable radix sort carrying it.
int permutation(const NDArray& x, int64_t row_length, const uintptr_t perm[2]) {
  const int device = x.device();
  const int64_t n = x.size();
  const std::vector<Stage> stages = stages_of(x.dtype(), n / row_length);
  int widest = 1;
  for (const Stage& s : stages) widest = std::max(widest, s.width);
  NDArray key_buffer = scratch_bytes(2 * n * widest, device);
  const uintptr_t keys[2] = {key_buffer.data(), key_buffer.data() + n * widest};
  int cur = 0;
  for (std::size_t k = 0; k < stages.size(); ++k) {
    const Stage& s = stages[k];
    make_keys(device, s.width, n, keys[0], x, k == 0 ? 0 : perm[cur], k == 0 ? perm[0] : 0, s.part,
              s.codec, row_length);
    const uintptr_t values[2] = {perm[cur], perm[1 - cur]};
    if (radix_sort(device, s.width, n, keys, values, s.bits, std::to_string(s.width)) == 1)
      cur = 1 - cur;
  }
  return cur;
}

// Rows that one block sorts: short enough for the largest tile, and not so short that a
// block per row idles (many tiny rows take the general path).
int block_tile_class(int64_t n, int64_t row_length) {
  if (row_length > block_sort_tile(kBlockTiles - 1)) return -1;
  if (row_length < 32 && n / row_length > 1 && n > (int64_t{1} << 18)) return -1;
  int c = 0;
  while (block_sort_tile(c) < row_length) ++c;
  return c;
}

}  // namespace

int64_t set_item_limit(int64_t limit) {
  const int64_t old = g_item_limit;
  g_item_limit = limit <= 0 ? kMaxItems : std::min(limit, kMaxItems);
  return old;
}

int64_t rows_per_chunk(int64_t rows, int64_t row_length) {
  if (rows * row_length <= g_item_limit) return rows;
  if (row_length > g_item_limit)
    throw ValueError("sorting supports rows of fewer than " + limit_text() +
                     " elements (got a row of " + std::to_string(row_length) + ")");
  // As many runs as the limit needs, the rows shared evenly among them (2048 rows of 2^20
  // items: two runs of 1024 rows, not 2047 and 1), which also halves the scratch of each.
  const int64_t most = g_item_limit / row_length, runs = (rows + most - 1) / most;
  return (rows + runs - 1) / runs;
}

void sort_rows(const NDArray& x, int64_t row_length, const NDArray& out, bool positions,
               bool stable) {
  const int64_t n = x.size();
  if (n == 0) return;
  const int64_t rows_all = n / row_length, per = rows_per_chunk(rows_all, row_length);
  if (per < rows_all) {
    // Too many items for one sort but each row fits: the rows sorted in chunks that fit, each
    // its own run of the engine on the rows' contiguous span of x and out (positions are
    // within a row, so a chunk's are the whole array's).
    for (int64_t r = 0; r < rows_all; r += per) {
      const int64_t items = std::min(per, rows_all - r) * row_length, first = r * row_length;
      sort_rows(x.view(x.dtype(), Dims{items}, Dims{x.itemsize()}, x.data() + first * x.itemsize()),
                row_length,
                out.view(out.dtype(), Dims{items}, Dims{out.itemsize()},
                         out.data() + first * out.itemsize()),
                positions, stable);
    }
    return;
  }
  const int device = x.device();
  const DType t = x.dtype();
  const int width = x.itemsize();
  const int64_t rows = n / row_length;
  const bool complex = is_complex(t);
  if (row_length == 1) {  // nothing to sort
    activate(device);
    const StreamHandle stream = current_stream_handle(device);
    if (positions) {
      CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(out.data()), 0u,
               static_cast<size_t>(2 * n), stream);
    } else {
      CUNP_DRV(cuMemcpyDtoDAsync, static_cast<CUdeviceptr>(out.data()),
               static_cast<CUdeviceptr>(x.data()), static_cast<size_t>(x.nbytes()), stream);
    }
    return;
  }
  // Floats that tie without being the same bits need the permutation to stay in row order.
  const bool by_permutation = positions || complex || (stable && is_float(t));

  if (!complex) {
    const int c = block_tile_class(n, row_length);
    if (c >= 0) {
      const bool pairs = by_permutation;
      BlockSortParams p{};
      p.in = x.data();
      p.rows = rows;
      p.row_length = static_cast<int>(row_length);
      p.codec = value_codec(t, pairs);
      NDArray pos;
      if (pairs && !positions) pos = NDArray::empty(out.shape(), DType::Int64, Order::C, device);
      p.out = positions || !pairs ? out.data() : pos.data();
      const std::string name = std::string("cunp_sort_block_") + (pairs ? "pairs_" : "keys_") +
                               std::to_string(width) + "_" + std::to_string(c);
      const unsigned grid = static_cast<unsigned>(std::min<int64_t>(rows, kMaxItems));
      detail::launch(function(name, device), device, {grid},
                     {static_cast<unsigned>(block_sort_threads(c))}, &p);
      if (pairs && !positions)
        finish(device, kGather, out.data(), pos.data(), 8, &x, n, row_length);
      return;
    }
    if (!by_permutation && rows == 1) {
      // Keys alone: the passes read `x`, apply the one-to-one codec themselves and end in `out`.
      const int passes = width;
      NDArray other = scratch_bytes(n * width, device);
      uintptr_t keys[2];
      keys[passes % 2] = out.data();
      keys[1 - passes % 2] = other.data();
      const int codec = value_codec(t, false);
      const std::string family = (codec == kFloat    ? "f"
                                  : codec == kSigned ? "i"
                                                     : "") +
                                 std::to_string(width);
      radix_sort(device, width, n, keys, nullptr, 8 * width, family, x.data());
      return;
    }
  }

  // The general path: the passes carry 32-bit positions (a third less traffic than int64 ones),
  // widened into `out` by the last kernel, which also takes them modulo the row length.
  NDArray temp = scratch_bytes(2 * 4 * n, device);
  const uintptr_t perm[2] = {temp.data(), temp.data() + 4 * n};
  const uintptr_t result = perm[permutation(x, row_length, perm)];
  if (positions) {
    finish(device, kRowPosition, out.data(), result, 4, nullptr, n, row_length);
  } else {
    finish(device, kGather, out.data(), result, 4, &x, n, 0);
  }
}

void gather(const NDArray& x, const NDArray& perm, const NDArray& out) {
  if (perm.size() == 0) return;
  finish(x.device(), kGather, out.data(), perm.data(), 8, &x, perm.size(), 0);
}

void search(const NDArray& sorted, const NDArray& sorter, const NDArray& values, bool right,
            const NDArray& out) {
  const int device = values.device();
  const int64_t m = sorted.size(), k = values.size();
  if (k == 0) return;
  check_size(m);
  const DType t = sorted.dtype();
  SearchParams p{};
  p.sorted = sorted.data();
  p.sorter = sorter.defined() && m > 0 ? sorter.data() : 0;
  p.values = values.data();
  p.out = out.data();
  p.num_sorted = m;
  p.num_values = k;
  p.right = right ? 1 : 0;
  // NumPy's ties: -0.0 is 0.0, NaNs are equal and last.
  p.codec = is_complex(t) ? 0 : value_codec(t, true);
  const std::string name = "cunp_sort_search_" + (is_complex(t)
                                                      ? std::string(itemsize(t) == 8 ? "c8" : "c16")
                                                      : std::to_string(itemsize(t)));
  // Few enough blocks that loading their fences costs little against the searches, enough to
  // fill the device.
  const unsigned sms = static_cast<unsigned>(device_properties(device).multiprocessor_count);
  const unsigned grid = std::min(detail::covering_grid(k, kSearchThreads, kSearchThreads, false),
                                 8 * sms);
  detail::launch(function(name, device), device, {grid}, {kSearchThreads}, &p);
}

void run_starts(const NDArray& sorted, bool equal_nan, const NDArray& flags) {
  const int64_t n = sorted.size();
  if (n == 0) return;
  const DType t = sorted.dtype();
  RunStartParams p{};
  p.sorted = sorted.data();
  p.flags = flags.data();
  p.num_items = n;
  p.item = is_complex(t) ? (itemsize(t) == 8 ? kComplex8 : kComplex16) : itemsize(t);
  p.codec = value_codec(t, true);
  p.equal_nan = equal_nan ? 1 : 0;
  launch_items("cunp_sort_run_starts", sorted.device(), n, &p);
}

void run_counts(const NDArray& starts, int64_t num_items, const NDArray& counts) {
  if (starts.size() == 0) return;
  RunCountParams p{};
  p.starts = starts.data();
  p.counts = counts.data();
  p.num_runs = starts.size();
  p.num_items = num_items;
  launch_items("cunp_sort_run_counts", starts.device(), starts.size(), &p);
}

void run_inverse(const NDArray& perm, const NDArray& run, const NDArray& inverse) {
  if (perm.size() == 0) return;
  RunInverseParams p{};
  p.perm = perm.data();
  p.run = run.data();
  p.inverse = inverse.data();
  p.num_items = perm.size();
  launch_items("cunp_sort_run_inverse", perm.device(), perm.size(), &p);
}

}  // namespace cunp::sort_engine
