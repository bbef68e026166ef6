// cunp/array/dtype.hpp -- the dtype table (NumPy's 14 numeric types) and NumPy 2's promotion
// and casting rules. Everything dtype-specific reads this one table.
#pragma once
#include <cstdint>
#include <string>

namespace cunp {

// Ordered by kind, then size; promotion relies on this order.
enum class DType : uint8_t {
  Bool,
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float16,
  Float32,
  Float64,
  Complex64,
  Complex128,
};
constexpr int kNumDTypes = 14;

struct DTypeInfo {
  const char* name;  // NumPy's name: "float32"
  char kind;         // 'b', 'i', 'u', 'f', 'c'
  char code;         // NumPy's type character: 'f'
  int itemsize;
  const char* ctype;  // the type's name in generated device code
};

const DTypeInfo& info(DType t);
inline int itemsize(DType t) { return info(t).itemsize; }
inline const char* name(DType t) { return info(t).name; }
inline char kind(DType t) { return info(t).kind; }
inline bool is_complex(DType t) { return kind(t) == 'c'; }
inline bool is_float(DType t) { return kind(t) == 'f'; }
inline bool is_inexact(DType t) { return is_float(t) || is_complex(t); }
inline bool is_integer(DType t) { return kind(t) == 'i' || kind(t) == 'u'; }

// Parses NumPy spellings that need no NumPy: "float32", "f4", "<f4", "f", "int", "complex",
// "bool", "?". Throws TypeError("data type 'x' not understood") otherwise.
DType dtype_from_string(const std::string& s);
// The type character (NumPy's dtype.num order differs; the bindings map chars, not nums).
DType dtype_from_char(char c);

enum class Casting { No, Equiv, Safe, SameKind, Unsafe };
Casting casting_from_string(const std::string& s);  // ValueError for unknown names
const char* casting_name(Casting c);                // "same_kind", ... (for messages)
// NumPy's repr of a dtype, as its messages quote it: dtype('float32').
std::string dtype_repr(DType t);

bool can_cast(DType from, DType to, Casting casting = Casting::Safe);
// NumPy 2's promote_types: the smallest type both cast to safely.
DType promote_types(DType a, DType b);
// NumPy's promotion of a sequence (np.result_type of dtypes): each one with the dtype of the
// highest type number, then those results together, so int8, uint8 and float16 give float16
// where promoting pair by pair would give float32. ValueError when n is 0.
DType promote_types(const DType* dtypes, int n);
// The real type of a complex one (complex64 -> float32); real types map to themselves.
DType real_dtype(DType t);
DType complex_dtype(DType t);  // float32 -> complex64; float16 -> complex64; ints -> complex128

}  // namespace cunp
