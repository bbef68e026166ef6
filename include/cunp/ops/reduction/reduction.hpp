// cunp/ops/reduction/reduction.hpp -- the reduction engine (CuPy's ReductionKernel model: map, reduce,
// post-map, identity) and NumPy's reductions on top of it: ufunc.reduce, sum, prod, max, min,
// argmax, argmin, all, any.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/array/small_list.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

// One reduction, written as CuPy writes a ReductionKernel. Every element of the reduced
// sub-space is mapped (map_expr, reading the inputs by name and `_j`, the element's C-order
// position within the reduced sub-space), the mapped values are folded pairwise (reduce_expr
// over `a` and `b`, in any order and grouping), and each output is written from the fold
// (post_map_expr, statements reading `a` and assigning the outputs).
struct ReductionOp {
  std::string name;                   // labels the kernel (cunp_red_<name>)
  std::string map_expr = "in0";       // an expression of type reduce_type
  std::string reduce_expr = "a + b";  // an expression of type reduce_type
  std::string post_map_expr = "out0 = a";
  // The fold's starting value (an expression); none: the first element (an empty reduction is
  // then an error the caller reports).
  std::optional<std::string> identity;
  std::string reduce_type;         // a C++ type; empty: the first output's type
  std::string preamble;            // device code before the kernel
  std::vector<std::string> names;  // inputs then outputs; empty: in0.., out0..
  bool uses_index = false;         // map_expr reads `_j` (keeps the reduced axes in C order)
  // reduce_expr is neither associative nor commutative (subtract): each output is folded left
  // to right by one thread, in C order.
  bool ordered = false;
  bool math = false;                    // include the ufunc math library
  std::vector<TypeAlias> type_aliases;  // typedefs of operand dtypes (operands only)
  std::vector<std::string> options;     // extra NVRTC options

  uint64_t code_hash() const;  // computed once: do not edit an op after it has run
  LazyHash hash_cache_;
};

// How the engine runs one reduction, after simplifying the kept and reduced axes apart.
enum class ReduceStrategy : uint8_t {
  Block,   // a block (or several, combined by the last one) per output; the full reduction
  Warp,    // a warp per output: contiguous reduced axis, short rows
  Thread,  // a thread per output: strided reduced axes, or rows too short for a warp; split
           // along the reduced axes (blockIdx.y) when outputs are few
  Tile,    // columns (kept axis innermost), few outputs: a block per 32 outputs, its 8 warps
           // folding interleaved rows, combined in shared memory; split as Thread
};

struct ReducePlan {
  ReduceStrategy strategy = ReduceStrategy::Thread;
  int kept_ndim = 0, reduced_ndim = 0;  // ranks after simplification (0: none)
  int64_t n_out = 0, n_red = 0;
  int vec = 1;  // elements per vector load (contiguous inputs)
  bool index32 = true;
  int64_t grid_x = 1, splits = 1,
          chunk = 0;  // grid (splits = grid y) and reduced elements per split
  std::vector<int64_t> kept_shape, reduced_shape;
  std::vector<std::vector<int64_t>> kept_strides;     // per operand (inputs, then outputs)
  std::vector<std::vector<int64_t>> reduced_strides;  // per input
};

// What the planner needs about the device.
struct ReduceDevice {
  int sms = 132;
  int threads_per_sm = 2048;
};

// Plans a reduction of inputs (byte strides along `shape`, broadcast axes 0; all alike in
// rank) over the axes flagged in `reduced`, into outputs (byte strides along the kept axes, in
// order). `align` is the largest power-of-two alignment (bytes) every input pointer has.
ReducePlan plan_reduction(const std::vector<int64_t>& shape, const std::vector<bool>& reduced,
                          const std::vector<std::vector<int64_t>>& in_strides,
                          const std::vector<std::vector<int64_t>>& out_strides,
                          const std::vector<int>& in_itemsizes, bool keep_order, int align,
                          const ReduceDevice& dev, bool ordered = false);

// What a generated kernel is specialized on besides the op.
// What a generated reduction kernel is specialized on besides the op. reduce() builds one per
// call and derives the kernel's cache key from every field, so key and source cannot disagree.
struct ReduceSignature {
  static constexpr int kMaxOperands = 16;  // inputs, and outputs, of one reduction
  SmallList<DType, kMaxOperands> inputs, outputs;
  ReduceStrategy strategy = ReduceStrategy::Thread;
  int kept_ndim = 0, reduced_ndim = 0, vec = 1;
  bool index32 = true;
  bool init_param = false;  // the fold starts from a runtime value (initial=)
};
std::string reduction_source(const ReductionOp& op, const ReduceSignature& sig);

// Runs `op`: inputs broadcast together to `shape` (their common shape when empty); the axes
// listed in `axes` (normalized, distinct) are reduced; each output has the kept shape, with or
// without the reduced axes as 1s. `init` (cast to the reduce type by the caller) replaces the
// identity. ValueError for an empty reduction without identity or init.
void reduce(const ReductionOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
            const std::vector<int>& axes, const Scalar* init = nullptr, Dims shape = {});

// axis= as NumPy takes it, normalized against `ndim`: none means every axis. AxisError out of
// range, ValueError("duplicate value in 'axis'").
std::vector<int> normalize_axes(const std::optional<std::vector<int64_t>>& axis, int ndim);

// The shape of a reduction of `a` over `axes` (normalized): the kept axes, and the reduced ones
// as 1s when keepdims.
Dims reduced_shape(const NDArray& a, const std::vector<int>& axes, bool keepdims);

// A new result of that shape laid out as NumPy's reductions allocate theirs: the kept axes in
// the order NumPy's iterator visits `a` (and the `where` mask, if any), so an F-ordered or
// transposed input gives an F-ordered or transposed result.
NDArray reduction_result(const NDArray& a, const std::vector<int>& axes, bool keepdims, DType dtype,
                         const NDArray* where = nullptr);

// The arguments NumPy's reductions share.
struct ReduceArgs {
  std::optional<std::vector<int64_t>> axis;  // nullopt: all axes
  std::optional<DType> dtype;
  NDArray out;  // undefined: allocate
  bool keepdims = false;
  std::optional<Scalar> initial;   // in the input's dtype or any; cast as needed
  const NDArray* where = nullptr;  // bool mask broadcast against the input
};

// ufunc.reduce for a binary ufunc of the table, with NumPy's dtype rules.
NDArray ufunc_reduce(const Ufunc& u, const NDArray& a, const ReduceArgs& args);

// The dtype ufunc_reduce's loop runs in for an input of dtype `t` (add widens small integers;
// dtype= picks); TypeError where no loop fits. initial= is converted to it (or to out='s).
DType ufunc_reduce_dtype(const Ufunc& u, DType t, std::optional<DType> dtype = std::nullopt);

// The dtype ufunc_reduce's loop runs in, out='s dtype `out` taking part as in the reduction
// (NumPy's op(out, a)); nullopt where NumPy folds through a mixed loop cunp lacks; TypeError
// where no loop fits. NumPy converts initial= into this dtype, then writes it into out=.
std::optional<DType> ufunc_reduce_loop_dtype(const Ufunc& u, DType t, std::optional<DType> dtype,
                                             std::optional<DType> out);

NDArray sum(const NDArray& a, const ReduceArgs& args = {});
NDArray prod(const NDArray& a, const ReduceArgs& args = {});
NDArray amax(const NDArray& a, const ReduceArgs& args = {});
NDArray amin(const NDArray& a, const ReduceArgs& args = {});
NDArray all(const NDArray& a, const ReduceArgs& args = {});
NDArray any(const NDArray& a, const ReduceArgs& args = {});
// argmax/argmin take one axis (nullopt: the flattened array) and give int64 positions.
NDArray argmax(const NDArray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
               NDArray out = {});
NDArray argmin(const NDArray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
               NDArray out = {});

// The source ufunc_reduce compiles for a ufunc reducing dtype `t` (tests without a GPU); the
// layout's dtypes are filled in.
std::string ufunc_reduce_source(const Ufunc& u, DType t, ReduceSignature layout);
std::string arg_reduce_source(bool max, DType t, ReduceSignature layout);

}  // namespace cunp
