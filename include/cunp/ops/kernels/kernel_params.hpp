// cunp/ops/kernels/kernel_params.hpp -- the parameters of user kernels (ElementwiseKernel,
// ReductionKernel) as CuPy writes them ('T x, raw T y, float32 s'), the dtypes a call gives
// them, and the host scalars a call passes.
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/array/dtype.hpp"
#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

// One parameter: 'float32 x', 'T y', 'raw T z', '_non_const raw T w'.
struct KernelParam {
  std::string name;
  std::optional<DType> dtype;  // a fixed dtype; none for a type placeholder
  std::string ctype;           // the placeholder ('T'), or the fixed dtype's C++ type as user
                               // code spells it (user_ctype)
  int placeholder = -1;        // placeholders: the index in KernelParams::placeholders
  bool raw = false;            // passed whole and indexed by the code (CuPy's `raw`)
  bool is_const = true;        // false for outputs and `_non_const` raw inputs
};

// A kernel's inputs and outputs. A one-character type is a placeholder that takes its dtype
// from the arrays passed for it; a longer one is a dtype name.
class KernelParams {
 public:
  // CuPy's errors for malformed lists: ValueError (syntax, unknown keyword, invalid name),
  // TypeError (unknown or unsupported dtype), NotImplementedError (`_non_const` on a non-raw
  // input).
  KernelParams(std::string_view in_params, std::string_view out_params);

  std::vector<KernelParam> in, out;
  std::vector<std::string> placeholders;  // in order of first use, inputs then outputs

  std::size_t size() const { return in.size() + out.size(); }
  const KernelParam& operator[](std::size_t k) const {  // inputs, then outputs
    return k < in.size() ? in[k] : out[k - in.size()];
  }
  // ValueError('Duplicate parameter name: "x"') for the first name used twice.
  void check_unique_names() const;

  // The dtype of each parameter in a call (CuPy's rules): an array bound to a fixed-type
  // parameter has exactly that dtype, the arrays sharing a placeholder agree (given outputs
  // decide first), a scalar takes its parameter's type. `inputs` holds each input array's
  // dtype (none for a scalar); `outputs` the given outputs' dtypes, or is empty. TypeError when
  // they disagree, or when no array decides a placeholder that a parameter needs.
  void resolve(std::span<const std::optional<DType>> inputs, std::span<const DType> outputs,
               std::span<DType> in_types, std::span<DType> out_types,
               const std::string& kernel_name) const;
};

// A host scalar argument of a user kernel call, converted to its parameter's type once the
// types are known.
struct KernelScalar {
  Scalar value;
  // A Python int, float or complex converts with NumPy 2's rules for Python values: an int
  // must fit an integer type (OverflowError), NaN and infinity do not convert to integers, a
  // complex value converts to complex types only. Any other scalar converts as astype does.
  bool python_value = false;
  bool big_int = false;  // a Python int beyond 64 bits, held as Float64
  // A texture or surface object's handle (UInt64, as cudaTextureObject_t is unsigned long
  // long): unlike other scalars it gives a type placeholder its type, as in CuPy ('U texObj').
  bool binds_type = false;

  Scalar as(DType t) const;
};

// A call argument: a device array, or a host scalar.
struct KernelArg {
  const NDArray* array = nullptr;
  KernelScalar scalar;  // when array is null
};

// A dtype's C++ type as user kernels spell it (CuPy's names: float16, complex<float>); the
// generated source makes the device library's types visible without their namespace.
std::string user_ctype(DType t);

// A kernel name is a C identifier; check_kernel_name throws ValueError('Invalid kernel name:
// "x"') for anything else.
bool is_valid_kernel_name(std::string_view name);
void check_kernel_name(const std::string& name);

// Whether `code` mentions the identifier `word` (a whole word, as the regex \bword\b finds it;
// bytes outside ASCII count as word boundaries, so a doubtful case answers yes).
bool mentions_identifier(std::string_view code, std::string_view word);

}  // namespace cunp
