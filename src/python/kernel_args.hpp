// src/python/kernel_args.hpp -- Python arguments of user kernels (ElementwiseKernel,
// ReductionKernel) as the core's KernelArg, and the kernels' parameters shown to Python.
#pragma once
#include "common.hpp"
#include "cunp/ops/kernels/kernel_params.hpp"

namespace cunp::py {

// A NumPy scalar (numpy.generic); NumPy is surely imported when one exists.
bool is_numpy_scalar(nb::handle h);

// A cunp array or a host scalar (a Python or NumPy scalar); false for anything else. With
// `imported`, another library's device array (__cuda_array_interface__ or a CUDA DLPack
// producer) is viewed in place, as CuPy's kernels take it, and kept there.
bool to_kernel_arg(nb::handle h, KernelArg& arg, NDArray* imported = nullptr);

// TypeError("Unsupported type <class 'list'> (kernel argument 2)") for an argument
// to_kernel_arg refuses, naming its position among the call's arguments.
[[noreturn]] void unsupported_kernel_arg(nb::handle h, std::size_t position);

// A call's arguments for source(): dtype specs stand for arrays, scalars for themselves.
std::vector<std::optional<DType>> kernel_signature_args(nb::list args);

// (name, dtype name or None, ctype, raw, is_const) per parameter, for ParameterInfo.
nb::list param_tuples(const std::vector<KernelParam>& params);

}  // namespace cunp::py
