// cunp/ops/elementwise/elementwise.hpp -- the elementwise launcher: generates a kernel for an operation's
// body and the operands' dtypes and simplified layout, compiles it once, and launches it on the
// current stream. Every elementwise operation in cunp (and cunp.ElementwiseKernel) goes through here.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/array/small_list.hpp"

namespace cunp {

// A typedef the generated source declares at file scope, before the preamble:
// `typedef <ctype of the operand's or scalar's dtype> name;` (CuPy's `T` of 'T x').
struct TypeAlias {
  std::string name;
  bool scalar = false;  // index counts scalars instead of operands (inputs then outputs)
  int index = 0;
};

// The op's code hash, filled on first use; a copied op starts empty again, so a copy that is
// then edited hashes its new code.
struct LazyHash {
  mutable std::atomic<uint64_t> value{0};
  LazyHash() = default;
  LazyHash(const LazyHash&) {}
  LazyHash& operator=(const LazyHash&) {
    value.store(0, std::memory_order_relaxed);
    return *this;
  }
};

// A scalar passed as a C struct's bytes rather than as a dtype's value (ElementwiseKernel's
// parameters typed by a C struct name). Its bytes take struct_slots(size) consecutive 16-byte
// scalar slots (the Scalars passed for it, its first 16 bytes in the first; their dtypes only
// count them), and the kernel reads it as `ctype`. The generated source static_asserts that
// sizeof(ctype) == size and that alignof(ctype) is a multiple of `align` and at most 16; the
// failing assertion's message holds struct_scalar_marker(name, what).
struct StructScalar {
  std::string ctype;  // empty: not a struct (a dtype's value in one slot)
  int size = 0;
  int align = 1;
};
inline int struct_slots(int size) { return size <= 16 ? 1 : (size + 15) / 16; }
// what: "size", "alignment" or "over-aligned".
std::string struct_scalar_marker(const std::string& name, const char* what);

struct ElementwiseOp {
  // Labels the kernel (cunp_<name>). Letters, digits and '_' only.
  std::string name;
  // C++ statements run once per element. They read the inputs (in0, in1, ... or `names`),
  // the scalars (s0, s1, ... or `scalar_names`), and assign the outputs (out0, ... or `names`),
  // each typed as its operand's dtype. `i` (also `_i`) is the element's position and
  // `_ind.size()` the number of elements. cunp::cast<T>(v) converts with astype's rules.
  std::string body;
  // The body needs `i` to be the element's C-order position (otherwise it is only unique).
  bool uses_index = false;
  std::string preamble;  // device code placed before the kernel (helper functions)
  // Include the ufunc math library (device_math_header()) after the device header.
  bool math = false;
  // Outputs hold their current value when the body starts (for bodies that assign them only
  // conditionally); otherwise they start uninitialized.
  bool load_outputs = false;
  // Operand names in the body, inputs then outputs; empty: in0.., out0... Legacy-named ops
  // (empty `names`) also see `n`, the element count.
  std::vector<std::string> names;
  std::vector<std::string> scalar_names;  // empty: s0, s1, ...
  // By scalar position (missing entries: dtype values). A type alias's scalar index counts
  // scalars, not slots.
  std::vector<StructScalar> struct_scalars;
  // Operands passed whole (CuPy's `raw`), by position (inputs then outputs; missing = false):
  // not broadcast or indexed by the loop; the body indexes them as cunp::raw_array (x[j] by
  // C-order position, x.size(), x.shape()[d]). Raw inputs are read-only unless `writable`.
  std::vector<bool> raw;
  std::vector<bool> writable;
  // Statements placed in each thread before its loop and after it (CuPy's loop_prep and
  // after_loop); they share a scope with the loop.
  std::string loop_prep;
  std::string after_loop;
  std::vector<TypeAlias> type_aliases;
  std::vector<std::string> options;  // extra NVRTC options

  // A hash of everything above that shapes the source (not the dtypes or layout). Computed on
  // first use and kept: do not edit an op after it has been launched.
  uint64_t code_hash() const;
  LazyHash hash_cache_;
};

// A read-only view of operands for one call: binds to a braced list ({a, b}), a std::vector,
// or a pointer and a count, without copying or allocating.
template <class T> class ArgList {
 public:
  ArgList() = default;
// A view of a braced list is safe for the call it is an argument of (the list lives until the
// end of that full-expression); GCC warns about the pattern in general.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  ArgList(std::initializer_list<T> l) : data_(l.begin()), size_(l.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  ArgList(const std::vector<T>& v) : data_(v.data()), size_(v.size()) {}
  ArgList(const T* data, std::size_t size) : data_(data), size_(size) {}
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

// Runs `op` over the first non-raw output's shape; non-raw inputs broadcast to it. All operands
// must be on one device; the work goes to that device's current stream.
void elementwise(const ElementwiseOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                 ArgList<Scalar> scalars = {});
// The same over an explicit loop shape (for ops whose outputs are all raw, or have none).
void elementwise(const ElementwiseOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                 ArgList<Scalar> scalars, const Dims& shape);

// What a generated kernel is specialized on besides the op: dtypes and layout class. The
// launcher builds one per call and derives the kernel's cache key from it (every field), so
// the key and the source cannot disagree.
struct KernelSignature {
  static constexpr int kMaxOperands = 64, kMaxScalars = 64;
  SmallList<DType, kMaxOperands> inputs, outputs;
  SmallList<DType, kMaxScalars> scalars;
  int strided_ndim = 0;  // 0: contiguous kernel (vectorized when vec > 1)
  int vec = 1;
  bool index32 = true;
  // Per operand (inputs then outputs) that the op marks raw: the raw array's rank and whether
  // it is C-contiguous. Missing entries (and entries of operands that are not raw): rank 1,
  // contiguous.
  SmallList<int, kMaxOperands> raw_ndim;
  SmallList<bool, kMaxOperands> raw_contiguous;
  // Contiguous kernels: per loop operand, 'c' (one value per element) or 'b' (one value for
  // all, broadcast). Missing entries: 'c'.
  SmallList<char, kMaxOperands> klass;
  // Tiled strided kernel (strided_ndim >= 2): the last two axes are walked in 32x32 tiles and
  // the loop operands marked in `staged` (by loop position; missing = false) go through a
  // shared-memory tile, so an operand fastest along the second-to-last axis is read or written
  // coalesced too. Outer axes are a batch.
  bool tiled = false;
  SmallList<bool, kMaxOperands> staged;
};

// The source elementwise() generates for a signature; for tests that compile kernels without a
// GPU, and for showing a user kernel's code.
std::string elementwise_source(const ElementwiseOp& op, const KernelSignature& sig);
// Contiguous (strided_ndim = 0) or n-d strided layout with all operands non-raw.
std::string elementwise_source(const ElementwiseOp& op, const std::vector<DType>& inputs,
                               const std::vector<DType>& outputs, const std::vector<DType>& scalars,
                               int strided_ndim, int vec);

}  // namespace cunp
