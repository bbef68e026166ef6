// src/ops/scan/source.cpp -- the generated source of the scan and reduceat kernels: the types of
// one signature, its functors (the op from the ufunc table, the input cast and NaN rule) and an
// instantiation of its kind's skeleton in src/device/engines/scan.cuh.
//
// Long contiguous rows use a JIT'd single-pass decoupled look-back scan rather than CUB's
// DeviceScan: it serves every ufunc, dtype pair and NaN rule from one source (CUB would need a
// build-time instantiation per combination and cannot run the ufunc table's ops), and it shares
// its warp-level tile code with the many-short-rows kernel.
#include <algorithm>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/scan/scan.hpp"
#include "cunp/runtime/error.hpp"
#include "lookback_status.hpp"
#include "params.hpp"

namespace cunp {
namespace {

using detail::kScanThreads;

std::string compute_ctype(const Ufunc& u, DType t) {
  if (t == DType::Float16 && !u.half_native) return "float";
  return info(t).ctype;
}

int compute_bytes(const ScanSignature& sig) {
  const DType t = sig.u->loops.at(sig.loop).types[0];
  return t == DType::Float16 && !sig.u->half_native ? 4 : itemsize(t);
}

// How the look-back kernel keeps a tile's status (lookback_status in cunp_lookback.cuh).
int status_packing(const ScanSignature& sig) {
  return detail::lookback_packing(compute_bytes(sig));
}

// The skeleton of each kind (src/device/engines/scan.cuh) over the scan's ops S; the row kernels
// also over their warp tile.
std::string instantiation(const ScanSignature& sig) {
  const std::string block = std::to_string(kScanThreads);
  const std::string tile = "cunp::scan::warp_tile<S, " +
                           std::to_string(scan_items_per_thread(sig)) + ", " +
                           std::to_string(scan_lane_run(sig)) + ", " +
                           (sig.vec ? "true" : "false") + ">";
  std::string bounds = block, call;
  switch (sig.kind) {
    case ScanKind::Lines: call = "lines<S>"; break;
    case ScanKind::ChunkTotals: call = "chunk_totals<S>"; break;
    case ScanKind::ChunkScan: call = "chunk_scan<S>"; break;
    case ScanKind::ChunkApply: call = "chunk_apply<S>"; break;
    case ScanKind::ReduceAt: call = "reduceat<S>"; break;
    case ScanKind::WarpRows:
      // Four blocks per SM fit without spills (ptxas needs ~55 registers; unbounded it takes ~70).
      bounds += ", 4";
      call = "warp_rows<" + tile + ", " + block + ">";
      break;
    case ScanKind::LookBack:
      call = "look_back<" + tile + ", " + block + ", " + std::to_string(status_packing(sig)) + ">";
      break;
  }
  if (call.empty()) throw ValueError("scan_source: unknown kernel kind");
  return "extern \"C\" __global__ void __launch_bounds__(" + bounds +
         ") cunp_scan(const cunp::scan::ScanParams p) {\n  cunp::scan::" + call + "(p);\n}\n";
}

}  // namespace

int scan_items_per_thread(const ScanSignature& sig) {
  const UfuncLoop& l = sig.u->loops.at(sig.loop);
  int widest = std::max(itemsize(sig.in), itemsize(l.types[0]));
  return std::max(2, std::min(16, 64 / widest));
}

int scan_lane_run(const ScanSignature& sig) {
  const int ipt = scan_items_per_thread(sig);
  // One 16-byte access per lane and chunk on both sides.
  const int widest = std::max(itemsize(sig.in), itemsize(sig.out));
  return std::max(1, std::min(ipt, 16 / widest));
}

ScanScratch scan_scratch(const ScanSignature& sig, int64_t tiles) {
  // The ticket and a pad word, then the status (16-byte aligned).
  const detail::LookbackWords status = detail::lookback_words(compute_bytes(sig), tiles);
  ScanScratch s;
  s.words = 2 + status.words;
  s.clear_words = 2 + status.clear_words;
  return s;
}

std::string scan_source(const ScanSignature& sig) {
  if (!sig.u) throw ValueError("scan_source: no ufunc");
  const Ufunc& u = *sig.u;
  const UfuncLoop& l = u.loops.at(sig.loop);
  const DType loop_type = l.types[0];
  std::string s = device_header() + device_math_header() + device_part("cunp_lookback") +
                  device_part("scan");
  for (const std::string& part : u.device_parts) s += device_part(part);  // scipy.special's
  s += "\nusing namespace cunp;\n";
  s += "static_assert(sizeof(cunp::scan::ScanParams) == " +
       std::to_string(sizeof(detail::ScanParams)) + ", \"host and device ScanParams differ\");\n";
  s += "typedef " + std::string(info(sig.in).ctype) + " in_t;\n";
  s += "typedef " + std::string(info(loop_type).ctype) + " loop_t;\n";
  s += "typedef " + compute_ctype(u, loop_type) + " acc_t;\n";
  s += "typedef " + std::string(info(sig.out).ctype) + " out_t;\n";
  // Inputs go through the loop's dtype first, as NumPy casts operands to the loop's types.
  const char* nan_identity = "-1";
  if (sig.nan_as_identity && is_inexact(loop_type))
    nan_identity = u.identity == Identity::One ? "1" : "0";
  s += std::string("typedef cunp::scan::cast_pre<in_t, loop_t, acc_t, ") + nan_identity +
       "> scan_pre;\n";
  s += "CUNP_SCAN_UFUNC_OP(scan_op, " + u.function + ")\n";
  s += "typedef cunp::scan::ops<in_t, loop_t, acc_t, out_t, scan_pre, scan_op> S;\n";
  s += instantiation(sig);
  return s;
}

}  // namespace cunp
