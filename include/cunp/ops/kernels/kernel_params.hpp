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

// The layout of a structured value (NumPy's numpy.void) passed by value to a struct-typed
// parameter: its itemsize and the alignment its fields need (as a CUDA struct lays them out).
struct StructLayout {
  std::size_t size = 0;  // 0: not a structured value
  std::size_t align = 1;
};

// One parameter: 'float32 x', 'T y', 'raw T z', '_non_const raw T w', 'double3 v'.
struct KernelParam {
  std::string name;
  std::optional<DType> dtype;  // a fixed dtype; none for a type placeholder
  std::string ctype;           // the placeholder ('T'), or the fixed dtype's C++ type as user
                               // code spells it (user_ctype)
  int placeholder = -1;        // placeholders: the index in KernelParams::placeholders
  bool raw = false;            // passed whole and indexed by the code (CuPy's `raw`)
  bool is_const = true;        // false for outputs and `_non_const` raw inputs
  // A non-raw input typed by a C struct name (ctype) rather than a dtype: it takes a
  // structured value, passed by value with the struct's layout.
  bool is_struct = false;
};

// A kernel's inputs and outputs. A one-character type is a placeholder that takes its dtype
// from the arrays passed for it; a longer one is a dtype name.
class KernelParams {
 public:
  // CuPy's errors for malformed lists: ValueError (syntax, unknown keyword, invalid name),
  // TypeError (unknown or unsupported dtype), NotImplementedError (`_non_const` on a non-raw
  // input).
  // With `struct_scope` (ElementwiseKernel's preamble), a non-raw input's type that is
  // neither a placeholder nor a dtype name may be a C struct: a CUDA vector type (double3,
  // float4, ...) or an identifier that `struct_scope` mentions (a struct or typedef it
  // defines; a qualified name by its last part). Anything else is a TypeError, as without it.
  KernelParams(std::string_view in_params, std::string_view out_params,
               const std::string* struct_scope = nullptr);

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
  // they disagree, or when no array decides a placeholder that a parameter needs. A
  // struct-typed input takes no dtype (its entry in `inputs` is none) and gets UInt8, a stand-in
  // that only counts its slots.
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
  // A structured value (numpy.void, or a one-element structured array): its bytes, owned by
  // the caller for the call, and its layout; `value` is unused. Only a struct-typed parameter
  // takes it.
  const void* struct_bytes = nullptr;
  StructLayout struct_layout;

  bool is_struct() const { return struct_layout.size > 0; }
  Scalar as(DType t) const;
};

// A call argument: a device array, or a host scalar.
struct KernelArg {
  const NDArray* array = nullptr;
  KernelScalar scalar;  // when array is null
};

// Whether `name` is one of CUDA's vector types (char1 .. double4, longlong2, ...).
bool is_cuda_vector_type(std::string_view name);

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
