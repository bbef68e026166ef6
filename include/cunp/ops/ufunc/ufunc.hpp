// cunp/ops/ufunc/ufunc.hpp -- NumPy's ufuncs: one table of definitions (name, arity, type loops,
// identity, device function) and the call that picks a loop for the operands and runs it.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/ops/creation/copy.hpp"

namespace cunp {

// How a ufunc picks its loop from the operand dtypes; mirrors NumPy 2's type resolvers.
// How a ufunc picks its loop from the operand dtypes; mirrors NumPy 2's type resolvers. All
// first give each weak Python scalar the operands' result type (NEP 50).
enum class Resolver : uint8_t {
  Common,      // the first loop every input casts to safely
  Strict,      // the result type must have a loop of its own (gcd, sign)
  TrueDivide,  // Common, but integer and bool inputs divide as float64
  Comparison,  // Common with bool out; int64 and uint64 compare exactly; out-of-range weak ints
  Logical,     // operands of one dtype use its loop, any mix the bool loop (logical_and)
  MixedLoops,  // Common, but a Python int matches any integer loop type (ldexp's exponent)
  Legacy,      // SciPy's ufuncs: Python scalars count as int64/float64/complex128, a loop that
               // matches every input exactly wins, else the first loop they cast to safely
};

enum class Identity : uint8_t { None, Zero, One, MinusOne, True, False, MinusInf };

struct UfuncLoop {
  DType types[8];  // inputs then outputs (scipy.special has up to 6: ellipj)
};

struct Ufunc {
  std::string name;
  int nin = 1, nout = 1;
  Identity identity = Identity::None;
  Resolver resolver = Resolver::Common;
  std::vector<UfuncLoop> loops;  // in NumPy's order: the first match wins
  std::string function;          // the device function (src/device/math) computing one element
  std::vector<std::string> device_parts;  // header stems under src/device/ the kernel needs
  bool float_in_double = false;      // float16/float32 loops compute in double (SciPy's 'f->f')
  bool half_native = false;          // float16 loops run in float16 instead of float
  const char* bool_error = nullptr;  // TypeError raised for bool input (negative, subtract)
  const char* doc = "";
  int index = 0;  // position in ufunc_table()

  int nargs() const { return nin + nout; }
  std::string type_string(const UfuncLoop& l) const;  // "ff->f"
  // The C++ type a loop computes in for dtype `t`: float16 loops run in float (NumPy's half
  // loops round once, at the end) unless the function needs half-precision steps.
  std::string compute_type(DType t) const;
};

// Every ufunc, and the lookup by NumPy name (aliases included: "abs", "mod", "conj", ...).
const std::vector<Ufunc>& ufunc_table();
const Ufunc* find_ufunc(std::string_view name);
const std::vector<std::pair<std::string, std::string>>& ufunc_aliases();  // alias -> name

// SciPy's special functions (scipy.special's ufuncs), a table beside NumPy's: device code in
// src/device/special/, one header per family. Their `index` continues after ufunc_table()'s.
const std::vector<Ufunc>& special_ufunc_table();
const Ufunc* find_special_ufunc(std::string_view name);

// A ufunc input: a device array, or a host scalar passed to the kernel by value. A Python
// int/float/complex is weak (NEP 50): it takes its dtype from the array operands.
struct UfuncArg {
  const NDArray* array = nullptr;
  Scalar scalar;  // when array is null; a weak int holds Int64 or UInt64
  bool weak = false;
  bool big_int = false;  // a weak Python int beyond int64/uint64, held as Float64

  DType dtype() const { return array ? array->dtype() : scalar.dtype; }
};

struct UfuncOptions {
  Casting casting = Casting::SameKind;
  std::optional<DType> dtype;                   // dtype=
  std::vector<std::optional<DType>> signature;  // signature=: empty, or one per operand
  OrderSpec order = OrderSpec::K;               // layout of new outputs
  const NDArray* where = nullptr;               // where=: a bool mask, broadcast
};

// The loop chosen for some operand dtypes, and the dtype each weak scalar converts to.
struct UfuncPlan {
  const UfuncLoop* loop = nullptr;
  int loop_index = -1;
};

// NumPy 2's result_type of the operands: strong ones promote, weak Python scalars only raise the
// kind (int8 array and 1.5 give float64; float32 array and 1.5 stay float32).
DType result_type(const std::vector<UfuncArg>& args);

// A scalar operand converted to `t` for a kernel: OverflowError for a weak int out of t's range
// (NEP 50), astype's rules otherwise.
Scalar scalar_as(const UfuncArg& a, DType t);

// NumPy's type resolution, without touching data: TypeError when no loop fits, OverflowError
// for a weak int out of range of its loop type. `outs` may hold dtypes of given outputs.
UfuncPlan resolve_ufunc(const Ufunc& u, const std::vector<UfuncArg>& args,
                        const std::vector<std::optional<DType>>& outs, const UfuncOptions& opt);

// Calls `u` elementwise. `outs` holds nout entries; an undefined NDArray is allocated. Inputs
// broadcast together (and with the outputs); an input that overlaps an output in memory other
// than element-for-element is copied first, so the result is NumPy's.
std::vector<NDArray> ufunc_call(const Ufunc& u, const std::vector<UfuncArg>& args,
                                std::vector<NDArray> outs, const UfuncOptions& opt = {});

// ufunc.at with integer-array indices, one per leading axis of `a` (broadcast together):
// a[idx] = u(a[idx], b) unbuffered, so repeated indices accumulate. `b` is null for unary ufuncs.
void ufunc_at(const Ufunc& u, const NDArray& a, const std::vector<NDArray>& indices,
              const UfuncArg* b);

// The statements that compute one element of loop `l`: each input expression `ins[k]` cast to
// the loop's compute type (const a0, a1, ...), the ufunc's device function, and each result cast
// to `out_types[k]` and assigned to `outs[k]`. Bit k of `scalar_inputs` marks input k as a host
// scalar (NumPy's power has its own path for a scalar exponent). The ufunc kernels and fused
// kernels (cunp/ops/fusion.hpp) share it.
std::string ufunc_call_body(const Ufunc& u, const UfuncLoop& l, const std::vector<std::string>& ins,
                            const std::vector<std::string>& outs,
                            const std::vector<std::string>& out_types, unsigned scalar_inputs);

// The source ufunc_call would compile for one loop (contiguous operands; for tests without a
// GPU): bit k of `scalar_inputs` makes input k a scalar parameter, `where` adds a mask input.
std::string ufunc_loop_source(const Ufunc& u, int loop_index, unsigned scalar_inputs = 0,
                              bool where = false);

}  // namespace cunp
