// src/ops/indexing/source.cpp -- CUDA sources of the indexing kernels: the gather/scatter along one
// axis, the index check and the three steps of boolean compaction (count per tile, scan of the
// counts, scatter), each the types of one signature and an instantiation of its skeleton in
// src/device/engines/indexing.cuh.
#include <string>
#include <utility>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/runtime/error.hpp"
#include "params.hpp"

namespace cunp {
namespace {

using namespace detail;

// Raw bits moved by unit size; 16-byte units are only chosen when every address is aligned.
const char* unit_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    case 16: return "uint4";
  }
  throw ValueError("indexing: bad unit size " + std::to_string(bytes));
}

// Elements of 16 bytes (complex128) are only 8-byte aligned in general.
const char* element_type(int bytes) {
  return bytes == 16 ? "cunp::indexing::pair64" : unit_type(bytes);
}

const char* index_type(DType t) {
  switch (t) {
    case DType::Int8: return "signed char";
    case DType::Int16: return "short";
    case DType::Int32: return "int";
    case DType::Int64: return "long long";
    case DType::UInt8: return "unsigned char";
    case DType::UInt16: return "unsigned short";
    case DType::UInt32: return "unsigned int";
    case DType::UInt64: return "unsigned long long";
    default: break;
  }
  throw IndexError("arrays used as indices must be of integer (or boolean) type");
}

std::string n(int64_t v) { return std::to_string(v); }

// The part every indexing kernel starts with, and the check that its parameter block is laid out
// as the host's (indexing_params.hpp).
std::string prelude(const char* params, std::size_t size) {
  return device_header() + device_part("indexing") +
         "static_assert(sizeof(cunp::indexing::" + params +
         ") == " + n(static_cast<int64_t>(size)) + ", \"host and device " + params +
         " differ\");\n";
}

// The gather's GatherFlag bits, or-ed (0 for none).
std::string gather_flags(const GatherSignature& sig) {
  const bool scalar = sig.scatter && sig.scalar_value;
  const std::pair<bool, const char*> flags[] = {
      {sig.outer1, "kOuter1"},   {sig.unit1, "kUnit1"},
      {sig.strided, "kStrided"}, {sig.scatter, "kScatter"},
      {scalar, "kScalarValue"},  {scalar && sig.value_param, "kValueParam"}};
  std::string s;
  for (const auto& [on, name] : flags)
    if (on) s += (s.empty() ? "cunp::indexing::" : " | cunp::indexing::") + std::string(name);
  return s.empty() ? "0" : s;
}

}  // namespace

std::string gather_source(const GatherSignature& sig) {
  std::string s = prelude("GatherParams", sizeof(GatherParams));
  s += "typedef " + std::string(unit_type(sig.unit)) + " W;\n";
  s += "typedef " + std::string(index_type(sig.index)) + " I;\n";
  s += std::string("typedef ") + (sig.wide ? "unsigned long long" : "unsigned int") + " P;\n";
  s += "extern \"C\" __global__ void __launch_bounds__(" + n(kGatherBlock) +
       ") cunp_gather(const cunp::indexing::GatherParams p) {\n";
  s += "  cunp::indexing::gather<W, I, P, " + n(kGatherUnroll) + ", " + gather_flags(sig) +
       ">(p);\n}\n";
  return s;
}

std::string check_source(DType index) {
  std::string s = prelude("CheckParams", sizeof(CheckParams));
  s += "typedef " + std::string(index_type(index)) + " I;\n";
  s += "extern \"C\" __global__ void __launch_bounds__(" + n(kCheckBlock) +
       ") cunp_check(const cunp::indexing::CheckParams p) {\n";
  s += "  cunp::indexing::check_indices<I, " + n(kCheckUnroll) + ">(p);\n}\n";
  return s;
}

std::string select_source(const SelectSignature& sig) {
  const std::string tile = n(kSelectBlock) + ", " + n(kSelectRounds);
  std::string s = prelude("SelectParams", sizeof(SelectParams));
  std::string call;
  int block = kSelectBlock;
  switch (sig.kind) {
    case SelectKind::Count: call = "select_count<" + tile + ">"; break;
    case SelectKind::ScanTiles:
      block = kScanBlock;
      call = "select_scan_tiles<" + n(kScanItems) + ">";
      break;
    case SelectKind::Values:
      s += "typedef " + std::string(element_type(sig.itemsize)) + " E;\n";
      call = "select_values<E, " + std::string(sig.strided ? "true" : "false") + ", " + tile + ">";
      break;
    case SelectKind::Coords: call = "select_coords<" + tile + ">"; break;
  }
  if (call.empty()) throw ValueError("indexing: bad select kernel");
  s += "extern \"C\" __global__ void __launch_bounds__(" + n(block) +
       ") cunp_select(const cunp::indexing::SelectParams p) {\n";
  s += "  cunp::indexing::" + call + "(p);\n}\n";
  return s;
}

}  // namespace cunp
