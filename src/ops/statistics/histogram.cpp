// src/ops/statistics/histogram.cpp -- the host side of the histogram engine (bincount, bin_counts,
// histogram): the checks, the choice of bin rule and sum, the kernel's source and its launch
// configuration (sub-histograms in shared memory when the bins fit there).
#include "cunp/ops/statistics/histogram.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "jit/kernel.hpp"
#include "runtime/driver.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/manipulation/joining.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/launch_util.hpp"

namespace cunp {
namespace {

// Laid out as the device's cunp::histogram::Params (src/device/engines/histogram.cuh).
struct HistogramParams {
  long long n;
  unsigned long long x, w, out;
  long long nbins;
  unsigned long long edges, extremes;
  double first, last, span;
  int replicas, vector;
  long long edges_at;
  float scale, margin;
};

// Each sum's device policy, accumulator dtype and shared-memory bytes per bin.
struct SumInfo {
  const char* policy;  // the Weights policy, completed by the weights' type where it takes one
  DType accumulator;
  int shared_bytes;
};
const SumInfo& sum_info(BinSum s) {
  static const SumInfo table[] = {
      {"cunp::histogram::Counts", DType::Int64, 4},
      {"cunp::histogram::RealWeights", DType::Float64, 8},
      {"cunp::histogram::IntegerWeights", DType::Int64, 8},
      {"cunp::histogram::ComplexWeights", DType::Complex128, 16},
  };
  return table[static_cast<int>(s)];
}

// One histogram to compute: contiguous values (and weights), the bin rule and its data.
struct Job {
  NDArray x, w, edges;
  NDArray extremes;  // Index: two zeroed int64 that become {min(0, values), max(0, values)}
  BinRule rule = BinRule::Index;
  BinSum sum = BinSum::Counts;
  DType bin_type = DType::Int64;
  int64_t nbins = 0;
  EqualBins equal{0, 0, 0, DType::Float64};
};

constexpr int kBlock = 256;
constexpr int kBigBlock = 1024;
// Shared memory a block spends on sub-histograms before it keeps a single one.
constexpr int64_t kReplicaBytes = 32 * 1024;
// A block's share of the values stays below this, so 32-bit shared counters cannot overflow.
constexpr int64_t kBlockShare = int64_t{1} << 31;
// bincount counts into at least this many bins in the pass that finds the values' extremes, so
// that small labels (the common case) take one read of the data; larger ones take a second.
constexpr int64_t kBincountFirstBins = 1024;

std::string bins_policy(const HistogramSignature& j) {
  const std::string T = info(j.values).ctype;
  switch (j.rule) {
    case BinRule::Index: return "cunp::histogram::IndexBins<" + T + ">";
    case BinRule::Equal:
      return "cunp::histogram::EqualBins<" + T + ", " + info(j.bin_type).ctype + ", " +
             info(j.ratio).ctype + ">";
    case BinRule::Edges:
      return "cunp::histogram::EdgeBins<" + T + ", " + info(j.bin_type).ctype + ">";
  }
  return {};
}

constexpr const char* kEntry = "cunp_histogram";

}  // namespace

std::string histogram_source(const HistogramSignature& sig) {
  std::string weights = sum_info(sig.sum).policy;
  if (sig.sum != BinSum::Counts) weights += std::string("<") + info(sig.weights).ctype + ">";
  std::string s = device_header() + device_part("cunp_block") + device_part("histogram");
  s += "static_assert(sizeof(cunp::histogram::Params) == " +
       std::to_string(sizeof(HistogramParams)) +
       ", \"host and device disagree on the parameter block\");\n";
  s += std::string("extern \"C\" __global__ void ") + kEntry +
       "(const cunp::histogram::Params p) {\n";
  s += "  cunp::histogram::run<" + std::string(info(sig.values).ctype) + ", " + bins_policy(sig) +
       ", " + weights + ", " + (sig.shared ? "true" : "false") + ">(p);\n}\n";
  return s;
}

namespace {

// The accumulators of the job's bins (zeroed, then summed into by one launch).
NDArray run(const Job& j) {
  const int device = common_device({&j.x, &j.w, &j.edges, &j.extremes});
  const SumInfo& si = sum_info(j.sum);
  NDArray acc = NDArray::empty(Dims{j.nbins}, si.accumulator, Order::C, device);
  fill(acc, Scalar::from_int(0, si.accumulator));
  const int64_t n = j.x.size();
  if (n == 0 || j.nbins == 0) return acc;

  const DeviceProperties& props = device_properties(device);
  const int64_t lanes = j.sum == BinSum::Complex ? 2 : 1;
  const int64_t slot_bytes = j.nbins * lanes * si.shared_bytes;
  const int64_t optin = props.max_shared_memory_per_block_optin;
  const bool shared = slot_bytes <= optin;
  int threads = kBlock, replicas = 0;
  int64_t smem = 0, per_sm = props.max_threads_per_multiprocessor / kBlock;
  if (shared) {
    replicas = static_cast<int>(std::clamp<int64_t>(kReplicaBytes / slot_bytes, 1, kBlock / 32));
    // One large histogram per block: more threads keep enough loads in flight.
    if (slot_bytes > kReplicaBytes) threads = kBigBlock;
    smem = replicas * slot_bytes;
  }
  // The edges go beside the sub-histograms where both fit: every value reads one or more.
  int64_t edges_at = -1;
  if (j.edges.defined()) {
    const int64_t at = (smem + 15) / 16 * 16;
    if (at + j.edges.nbytes() <= optin) {
      edges_at = at;
      smem = at + j.edges.nbytes();
    }
  }
  if (smem > 0) {
    per_sm = std::max<int64_t>(1, std::min<int64_t>(props.max_threads_per_multiprocessor / threads,
                                                    (optin + 1024) / (smem + 1024)));
  }
  const int64_t vec = 16 / std::min<int64_t>(16, j.x.itemsize());
  const bool aligned = j.x.data() % 16 == 0;
  int64_t grid = detail::covering_grid(aligned ? (n + vec - 1) / vec : n, threads, threads, false);
  grid = std::min<int64_t>(grid, props.multiprocessor_count * per_sm);
  grid = std::max<int64_t>(grid, (n + kBlockShare - 1) / kBlockShare);

  HistogramSignature sig;
  sig.rule = j.rule;
  sig.sum = j.sum;
  sig.values = j.x.dtype();
  sig.bin_type = j.bin_type;
  sig.ratio = j.equal.ratio;
  sig.weights = j.w.defined() ? j.w.dtype() : DType::Float64;
  sig.shared = shared;
  detail::KernelKey key(detail::Engine::Histogram, device, 0);
  for (int v : {static_cast<int>(sig.rule), static_cast<int>(sig.sum), static_cast<int>(shared),
                static_cast<int>(sig.values), static_cast<int>(sig.bin_type),
                static_cast<int>(sig.ratio), static_cast<int>(sig.weights)})
    key.add(v);
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{histogram_source(sig), kEntry, {}};
  });
  if (smem > 48 * 1024) {
    activate(device);
    CUNP_DRV(cuFuncSetAttribute, fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
             static_cast<int>(smem));
  }
  HistogramParams p{};
  p.n = n;
  p.x = j.x.data();
  p.w = j.w.defined() ? j.w.data() : 0;
  p.out = acc.data();
  p.nbins = j.nbins;
  p.edges = j.edges.defined() ? j.edges.data() : 0;
  p.extremes = j.extremes.defined() ? j.extremes.data() : 0;
  p.first = j.equal.first;
  p.last = j.equal.last;
  p.span = j.equal.span;
  p.replicas = replicas;
  p.vector = aligned ? 1 : 0;
  p.edges_at = edges_at;
  if (j.rule == BinRule::Equal) {
    // The estimate's relative error is below 5 float roundings (2^-21.7), nbins * 2^-20 bins
    // with room to spare; an edge's, half an ulp of the bin type, below |edge| * 2^-22 (float)
    // or 2^-51 (double), nbins / span bins per unit. From half a bin on, the estimate is unused.
    const double per_unit = static_cast<double>(j.nbins) / j.equal.span;
    const double ulp = j.bin_type == DType::Float64 ? std::ldexp(1.0, -51) : std::ldexp(1.0, -22);
    const double edge = std::max(std::fabs(j.equal.first), std::fabs(j.equal.last));
    const double margin = std::ldexp(static_cast<double>(j.nbins), -20) + edge * ulp * per_unit;
    p.scale = static_cast<float>(per_unit);
    p.margin = margin < 0.5 ? static_cast<float>(margin) : 1.0f;
  }
  detail::launch(fn, device, {static_cast<unsigned>(grid)}, {static_cast<unsigned>(threads)}, &p,
                 static_cast<unsigned>(smem));
  return acc;
}

NDArray flat(const NDArray& a) { return ravel(a, OrderSpec::C); }

// NumPy's message for an array it cannot cast to the type a C routine takes.
[[noreturn]] void cannot_cast(DType from, DType to) {
  throw TypeError(std::string("Cannot cast array data from dtype('") + name(from) +
                  "') to dtype('" + name(to) + "') according to the rule 'safe'");
}

// NumPy's checks of a 1-d argument of bincount.
void check_1d(const NDArray& a) {
  if (a.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (a.ndim() > 1) throw ValueError("object too deep for desired array");
}

BinSum weights_sum(DType w) {
  if (is_complex(w)) return BinSum::Complex;
  if (is_integer(w)) return BinSum::Integer;
  return BinSum::Real;
}

}  // namespace

NDArray bin_counts(const NDArray& index, const NDArray& weights, int64_t nbins) {
  if (!is_integer(index.dtype()) && index.dtype() != DType::Bool)
    throw TypeError("bin_counts: the bins must be of an integer type");
  Job j;
  j.x = flat(index);
  j.nbins = nbins;
  if (weights.defined()) {
    if (weights.size() != index.size())
      throw ValueError("The weights and list don't have the same length.");
    j.w = flat(weights);
    j.sum = is_complex(weights.dtype()) ? BinSum::Complex : BinSum::Real;
  }
  return run(j);
}

NDArray bincount(const NDArray& x, const NDArray& weights, int64_t minlength) {
  check_1d(x);
  const DType t = x.dtype();
  if (!can_cast(t, DType::Int64)) cannot_cast(t, DType::Int64);
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  // NumPy returns int64 zeros for an empty x, weights or not.
  if (x.size() == 0) return bin_counts(x, {}, minlength);
  if (weights.defined()) {
    check_1d(weights);
    if (!can_cast(weights.dtype(), DType::Float64)) cannot_cast(weights.dtype(), DType::Float64);
    if (weights.size() != x.size())
      throw ValueError("The weights and list don't have the same length.");
  }
  // One pass counts the values below the first guess of the length and takes the extremes,
  // which are read back (the result's length depends on them).
  Job j;
  j.x = flat(x);
  j.nbins = std::max(minlength, kBincountFirstBins);
  // NumPy sums the weights in float64; each is cast as it is read.
  if (weights.defined()) {
    j.w = flat(weights);
    j.sum = BinSum::Real;
  }
  j.extremes = NDArray::empty(Dims{2}, DType::Int64, Order::C, x.device());
  fill(j.extremes, Scalar::from_int(0, DType::Int64));
  NDArray acc = run(j);
  int64_t lo_hi[2];
  to_host(j.extremes, lo_hi, Order::C);
  if (lo_hi[0] < 0) throw ValueError("'list' argument must have no negative elements");
  // max(x) + 1 bins: no array holds INT64_MAX + 1 of them (NumPy's own sum overflows).
  if (lo_hi[1] == std::numeric_limits<int64_t>::max())
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                     "maximum possible size.");
  const int64_t nbins = std::max(minlength, lo_hi[1] + 1);
  if (nbins > j.nbins) {  // values past the guess: count again into the full length
    j.nbins = nbins;
    j.extremes = {};
    return run(j);
  }
  // The first nbins accumulators (the rest of the guess stays unused in the same block).
  return acc.view(acc.dtype(), Dims{nbins}, Dims{acc.itemsize()}, acc.data());
}

NDArray histogram(const NDArray& a, const NDArray& edges, const NDArray& weights,
                  const EqualBins* equal) {
  if (edges.ndim() != 1 || edges.size() < 1)
    throw ValueError("histogram: the edges must be 1-d and not empty");
  if (is_complex(a.dtype()) || is_complex(edges.dtype()))
    throw TypeError("histogram: complex values or edges are not supported");
  if (weights.defined() && weights.shape() != a.shape())
    throw ValueError("weights should have the same shape as a.");
  Job j;
  j.x = flat(a);
  j.nbins = edges.size() - 1;
  if (equal) {
    if (!is_float(edges.dtype()) || !is_float(equal->ratio))
      throw TypeError("histogram: equal bins need edges and a ratio of floating types");
    j.rule = BinRule::Equal;
    j.bin_type = edges.dtype();
    j.equal = *equal;
    j.edges = flat(edges);
  } else {
    j.rule = BinRule::Edges;
    j.bin_type = promote_types(a.dtype(), edges.dtype());
    j.edges = flat(astype(edges, j.bin_type));
  }
  if (!weights.defined()) return run(j);
  j.w = flat(weights);
  j.sum = weights_sum(weights.dtype());
  NDArray acc = run(j);
  return acc.dtype() == weights.dtype() ? acc : astype(acc, weights.dtype(), OrderSpec::C);
}

}  // namespace cunp
