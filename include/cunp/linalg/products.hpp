// cunp/linalg/products.hpp -- matrix products: NumPy's matmul (cuBLAS for float and complex
// dtypes, a kernel of our own for integers and bool) and the TF32 switch.
#pragma once
#include <optional>
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// NumPy's matmul: 1-D operands are promoted (and the added axis removed from the result), batch
// dimensions broadcast. `dtype` forces the computation type (inputs cast to it under `casting`);
// with `out` the result is written there (cast under `casting`, broadcast to out's batch shape)
// and `out` is returned. NumPy's errors: ValueError for 0-d operands and mismatched core
// dimensions, TypeError for casts that `casting` forbids.
NDArray matmul(const NDArray& a, const NDArray& b, const NDArray* out = nullptr,
               std::optional<DType> dtype = std::nullopt, Casting casting = Casting::SameKind);

// a @= b: NumPy requires a.ndim >= 1, b.ndim >= 2 and a result of a's shape.
void matmul_inplace(const NDArray& a, const NDArray& b);

// The dtype matmul computes in for two operand dtypes (NumPy's promotion).
DType matmul_result_type(DType a, DType b);

// float32 (and complex64) products on tensor cores in TF32: off by default, so results match
// NumPy's float32 accuracy. The initial value comes from the setting CUNP_ALLOW_TF32 (config()).
void set_allow_tf32(bool allow);
bool allow_tf32();

// Whether cuBLAS can be loaded (float and complex products need it); never throws.
bool cublas_available();

// The integer/bool matmul kernel's source for a dtype (exposed so tests can compile it without
// a GPU) and its entry point's name.
std::string integer_matmul_source(DType dtype);
std::string integer_matmul_kernel_name(DType dtype);

}  // namespace cunp
