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

// The alignment CUDA gives a struct with the fields of the structured dtype `dt` (the largest
// of its fields', or make_aligned_dtype's larger one), after checking that each field sits
// where a CUDA struct would put it: ValueError, prefixed by `who` ("kernel argument 2"),
// otherwise. Shared by RawKernel and ElementwiseKernel arguments.
std::size_t struct_alignment(nb::handle dt, const std::string& who);

// A NumPy structured value passed by value: a numpy.void scalar, or a one-element structured
// numpy.ndarray (other sizes: TypeError naming `position`). Fills arg.scalar's struct fields,
// its bytes kept alive by `keep` for the call. False for anything else.
bool to_struct_arg(nb::handle h, std::size_t position, KernelArg& arg, nb::object& keep);

// A call's arguments for ElementwiseKernel.source(): dtype specs stand for arrays, scalars for
// themselves; `structs` gets each structured value's layout (size 0 for other arguments).
std::vector<std::optional<DType>> kernel_signature_args(nb::list args,
                                                        std::vector<StructLayout>& structs);

// TypeError("Unsupported type <class 'list'> (kernel argument 2)") for an argument
// to_kernel_arg refuses, naming its position among the call's arguments.
[[noreturn]] void unsupported_kernel_arg(nb::handle h, std::size_t position);

// (name, dtype name or None, ctype, raw, is_const) per parameter, for ParameterInfo.
nb::list param_tuples(const std::vector<KernelParam>& params);

}  // namespace cunp::py
