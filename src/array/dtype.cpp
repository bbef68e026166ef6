// src/array/dtype.cpp -- the dtype table and NumPy 2's casting lattice.
#include "cunp/array/dtype.hpp"

#include <cctype>
#include <unordered_map>

#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", 'b', '?', 1, "bool"},
    {"int8", 'i', 'b', 1, "signed char"},
    {"uint8", 'u', 'B', 1, "unsigned char"},
    {"int16", 'i', 'h', 2, "short"},
    {"uint16", 'u', 'H', 2, "unsigned short"},
    {"int32", 'i', 'i', 4, "int"},
    {"uint32", 'u', 'I', 4, "unsigned int"},
    {"int64", 'i', 'l', 8, "long long"},
    {"uint64", 'u', 'L', 8, "unsigned long long"},
    {"float16", 'f', 'e', 2, "cunp::float16"},
    {"float32", 'f', 'f', 4, "float"},
    {"float64", 'f', 'd', 8, "double"},
    {"complex64", 'c', 'F', 8, "cunp::complex<float>"},
    {"complex128", 'c', 'D', 16, "cunp::complex<double>"},
};

// Safe casts, one row per source in DType order: bit j set when casting to DType j is safe.
// Mirrors numpy.can_cast(a, b, 'safe') for every pair (checked against NumPy in the tests).
constexpr const char* kSafe[kNumDTypes] = {
    "11111111111111",  // bool
    ".1.1.1.1.11111",  // int8
    "..111111111111",  // uint8
    "...1.1.1..1111",  // int16
    "....11111.1111",  // uint16
    ".....1.1...1.1",  // int32
    "......111..1.1",  // uint32
    ".......1...1.1",  // int64
    "........1..1.1",  // uint64
    ".........11111",  // float16
    "..........1111",  // float32
    "...........1.1",  // float64
    "............11",  // complex64
    ".............1",  // complex128
};

int kind_rank(DType t) {
  switch (kind(t)) {
    case 'b': return 0;
    case 'u': return 1;
    case 'i': return 2;
    case 'f': return 3;
    default: return 4;
  }
}

}  // namespace

const DTypeInfo& info(DType t) { return kInfo[static_cast<int>(t)]; }

DType dtype_from_char(char c) {
  switch (c) {
    case '?': return DType::Bool;
    case 'b': return DType::Int8;
    case 'B': return DType::UInt8;
    case 'h': return DType::Int16;
    case 'H': return DType::UInt16;
    case 'i': return DType::Int32;
    case 'I': return DType::UInt32;
    case 'l':
    case 'q':
    case 'p': return DType::Int64;
    case 'L':
    case 'Q':
    case 'P': return DType::UInt64;
    case 'e': return DType::Float16;
    case 'f': return DType::Float32;
    case 'd': return DType::Float64;
    case 'F': return DType::Complex64;
    case 'D': return DType::Complex128;
    default: throw TypeError(std::string("data type '") + c + "' not understood");
  }
}

DType dtype_from_string(const std::string& s) {
  static const std::unordered_map<std::string, DType> names = [] {
    std::unordered_map<std::string, DType> m;
    for (int i = 0; i < kNumDTypes; ++i) {
      DType t = static_cast<DType>(i);
      m[info(t).name] = t;
      if (t == DType::Bool) continue;
      std::string code(1, info(t).kind);  // 'f4', 'i8', ...
      code += std::to_string(info(t).itemsize);
      m[code] = t;
    }
    m["bool"] = m["b1"] = m["bool_"] = DType::Bool;
    m["int"] = m["int_"] = m["intp"] = m["long"] = m["longlong"] = DType::Int64;
    m["uint"] = m["uintp"] = m["ulong"] = m["ulonglong"] = DType::UInt64;
    m["byte"] = DType::Int8;
    m["ubyte"] = DType::UInt8;
    m["short"] = DType::Int16;
    m["ushort"] = DType::UInt16;
    m["intc"] = DType::Int32;
    m["uintc"] = DType::UInt32;
    m["half"] = DType::Float16;
    m["single"] = DType::Float32;
    m["float"] = m["double"] = DType::Float64;
    m["complex"] = m["cdouble"] = DType::Complex128;
    m["csingle"] = DType::Complex64;
    return m;
  }();
  std::string key = s;
  // NumPy accepts an explicit byte order; only the native ('<' here, '=' or '|') fits device data.
  if (!key.empty() && (key[0] == '<' || key[0] == '=' || key[0] == '|')) key = key.substr(1);
  if (key.size() == 1) {
    try {
      return dtype_from_char(key[0]);
    } catch (const TypeError&) {
    }
  }
  auto it = names.find(key);
  if (it == names.end()) throw TypeError("data type '" + s + "' not understood");
  return it->second;
}

const char* casting_name(Casting c) {
  switch (c) {
    case Casting::No: return "no";
    case Casting::Equiv: return "equiv";
    case Casting::Safe: return "safe";
    case Casting::SameKind: return "same_kind";
    default: return "unsafe";
  }
}

std::string dtype_repr(DType t) { return std::string("dtype('") + name(t) + "')"; }

Casting casting_from_string(const std::string& s) {
  if (s == "no") return Casting::No;
  if (s == "equiv") return Casting::Equiv;
  if (s == "safe") return Casting::Safe;
  if (s == "same_kind") return Casting::SameKind;
  if (s == "unsafe") return Casting::Unsafe;
  throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::No:
    case Casting::Equiv: return from == to;
    case Casting::Safe: return kSafe[static_cast<int>(from)][static_cast<int>(to)] == '1';
    case Casting::SameKind: {
      if (can_cast(from, to, Casting::Safe)) return true;
      // Any size within a kind, or up the order bool < unsigned < signed < float < complex.
      return kind_rank(to) >= kind_rank(from);
    }
    case Casting::Unsafe: return true;
  }
  return false;
}

DType promote_types(DType a, DType b) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    if (can_cast(a, t, Casting::Safe) && can_cast(b, t, Casting::Safe)) return t;
  }
  return DType::Complex128;  // unreachable: complex128 holds every type safely
}

namespace {
// NumPy's type number, which ranks how much a builtin dtype "knows" in promotion.
int type_number(DType t) {
  switch (t) {
    case DType::Bool: return 0;
    case DType::Int8: return 1;
    case DType::UInt8: return 2;
    case DType::Int16: return 3;
    case DType::UInt16: return 4;
    case DType::Int32: return 5;
    case DType::UInt32: return 6;
    case DType::Int64: return 7;
    case DType::UInt64: return 8;
    case DType::Float32: return 11;
    case DType::Float64: return 12;
    case DType::Complex64: return 14;
    case DType::Complex128: return 15;
    case DType::Float16: return 23;
  }
  return 0;
}
}  // namespace

DType promote_types(const DType* dtypes, int n) {
  if (n <= 0) throw ValueError("at least one array or dtype is required");
  int main = 0;
  for (int k = 1; k < n; ++k)
    if (type_number(dtypes[k]) > type_number(dtypes[main])) main = k;
  DType r = dtypes[main];
  for (int k = 0; k < n; ++k)
    if (k != main) r = promote_types(r, promote_types(dtypes[main], dtypes[k]));
  return r;
}

DType real_dtype(DType t) {
  if (t == DType::Complex64) return DType::Float32;
  if (t == DType::Complex128) return DType::Float64;
  return t;
}

DType complex_dtype(DType t) {
  switch (t) {
    case DType::Float16:
    case DType::Float32:
    case DType::Complex64: return DType::Complex64;
    default: return DType::Complex128;
  }
}

}  // namespace cunp
