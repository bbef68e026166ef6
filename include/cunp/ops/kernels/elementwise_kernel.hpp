// cunp/ops/kernels/elementwise_kernel.hpp -- CuPy's ElementwiseKernel: user code run once per element of
// broadcast arrays, with CuPy's parameter lists, type placeholders, argument checks and output
// allocation, on the elementwise engine.
//
//   ElementwiseKernel add("T x, T y", "T z", "z = x + y", "add");
//   NDArray z = add({KernelArg{&a}, KernelArg{&b}})[0];
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/kernels/kernel_params.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {

struct ElementwiseKernelOptions {
  std::string preamble;              // device code placed before the kernel (helper functions)
  std::string loop_prep;             // statements each thread runs before its loop
  std::string after_loop;            // statements each thread runs after its loop
  std::vector<std::string> options;  // extra NVRTC options
  bool no_return = false;            // a call returns nothing (Python: None)
  bool return_tuple = false;         // a call returns a tuple even for one output
};

class ElementwiseKernel {
 public:
  // At most this many parameters, inputs and outputs together.
  static constexpr int kMaxParams = 128;

  // `operation` reads the inputs and assigns the outputs (references to the elements) by
  // name; `i` is the element's C-order position and `_ind.size()` the element count; raw
  // parameters are whole arrays (cunp::raw_array). CuPy's errors for a bad name or parameter
  // list (see KernelParams), a parameter named `i`, duplicate names.
  ElementwiseKernel(std::string_view in_params, std::string_view out_params, std::string operation,
                    std::string name, ElementwiseKernelOptions options = {});
  ~ElementwiseKernel();
  ElementwiseKernel(const ElementwiseKernel&) = delete;
  ElementwiseKernel& operator=(const ElementwiseKernel&) = delete;

  const std::string& name() const { return name_; }
  const std::string& operation() const { return operation_; }
  const KernelParams& params() const { return params_; }
  const ElementwiseKernelOptions& options() const { return options_; }
  // The code uses `i` or `_ind`: the loop keeps C order.
  bool uses_index() const { return uses_index_; }

  // What a call hands back in Python: None, the one output, or a tuple of the outputs.
  enum class Returns { Nothing, Single, Tuple };
  Returns returns() const;

  // TypeError("Wrong number of arguments for 'k'. ...") unless `nargs` is the number of inputs,
  // or of inputs and outputs.
  void check_arg_count(std::size_t nargs) const;

  // Runs the kernel: `inputs` (one per input parameter), then either no outputs or all of
  // them. The loop shape is the broadcast shape of the non-raw arrays (given outputs
  // included), or `size` (>= 0) when every array is raw. Missing outputs are allocated with
  // that shape; a given non-raw output must have it. Types follow KernelParams::resolve, and
  // scalars convert to their parameter's type. A parameter typed by a C struct name ('double3
  // v', or a struct the preamble defines) takes a structured value (KernelScalar::struct_bytes)
  // and nothing else, and only it takes one: TypeError naming the parameter otherwise;
  // ValueError when the C type's size or alignment is not the value's (found when the kernel
  // compiles). Runs on `stream` when given, else on the current stream. Returns the outputs,
  // given or allocated.
  std::vector<NDArray> operator()(ArgList<KernelArg> inputs, ArgList<NDArray> outputs = {},
                                  int64_t size = -1, const Stream* stream = nullptr);

  // The source a call would compile, with `args` standing for the call's arguments: each
  // input's dtype (none for a scalar), then optionally each output's dtype. The layout is
  // contiguous (strided_ndim 0, vectorized by `vec`) or strided of that rank. `structs` gives
  // the layout of the structured values standing for struct-typed inputs (by input; missing
  // or size 0: none).
  std::string source(ArgList<std::optional<DType>> args, int strided_ndim = 0, int vec = 1,
                     ArgList<StructLayout> structs = {});
  // NVRTC-compiles that source for sm_<arch> (no GPU needed); CompileError on failure, or the
  // ValueError of a struct-typed parameter whose C type does not match its value.
  void compile(ArgList<std::optional<DType>> args, int strided_ndim, int arch,
               ArgList<StructLayout> structs = {});

 private:
  struct MadeOp;
  // `structs`: per input, the layout of a structured value (size 0 for none).
  const ElementwiseOp& op_for(const bool* scalar, const StructLayout* structs,
                              const DType* in_types, const DType* out_types);
  MadeOp make_op(const bool* scalar, const StructLayout* structs, bool math) const;
  Dims loop_shape(ArgList<KernelArg> inputs, ArgList<NDArray> outputs, int64_t size) const;
  KernelSignature signature(ArgList<std::optional<DType>> args, ArgList<StructLayout> structs,
                            bool* scalar, StructLayout* layouts, DType* in_types) const;
  // TypeError unless input k's argument (an array, a structured value or another scalar)
  // suits its parameter; ValueError for a structured value CUDA cannot pass.
  void check_struct_arg(std::size_t k, bool array, const StructLayout& layout) const;
  // The ValueError of a struct-typed parameter whose static_asserts failed in `e`; none if
  // the error is something else.
  void raise_struct_mismatch(const CompileError& e, const StructLayout* structs) const;

  std::string name_;  // checked before the parameters are parsed, as CuPy does
  KernelParams params_;
  std::string operation_;
  ElementwiseKernelOptions options_;
  bool uses_index_ = false;
  // One engine op per pattern of scalar inputs (and whether the dtypes need the math
  // library); stable addresses, since ops are handed out by reference.
  std::mutex ops_mutex_;
  std::vector<std::unique_ptr<MadeOp>> ops_;
};

}  // namespace cunp
