// cunp/array/ndarray.hpp -- NDArray: a typed, strided view of device memory. Views share the
// Memory; nothing here launches work except where a method says it copies.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <vector>

#include "cunp/array/dims.hpp"
#include "cunp/array/dtype.hpp"
#include "cunp/array/shape.hpp"
#include "cunp/memory/memory.hpp"

namespace cunp {

// One element of a basic index: an integer, a slice, a new axis (None) or an ellipsis.
struct IndexItem {
  enum Kind { Integer, Slice, NewAxis, Ellipsis } kind;
  int64_t index = 0;  // Integer
  // Slice bounds as Python gives them; kNone where omitted.
  static constexpr int64_t kNone = INT64_MIN;
  int64_t start = kNone, stop = kNone, step = kNone;

  static IndexItem integer(int64_t i) { return {Integer, i}; }
  static IndexItem slice(int64_t start = kNone, int64_t stop = kNone, int64_t step = kNone) {
    return {Slice, 0, start, stop, step};
  }
  static IndexItem new_axis() { return {NewAxis}; }
  static IndexItem ellipsis() { return {Ellipsis}; }
};

class View;  // cunp/array/slicing.hpp

class NDArray {
 public:
  NDArray() = default;
  NDArray(MemoryPtr memory, uintptr_t data, DType dtype, Dims shape, Dims strides);

  // Uninitialized array on `device` (default: the current one), allocated for its current stream.
  static NDArray empty(const Dims& shape, DType dtype, Order order = Order::C, int device = -1);

  const Dims& shape() const { return shape_; }
  const Dims& strides() const { return strides_; }
  DType dtype() const { return dtype_; }
  int ndim() const { return shape_.size(); }
  int64_t size() const { return size_; }
  int itemsize() const { return cunp::itemsize(dtype_); }
  int64_t nbytes() const { return size_ * itemsize(); }
  uintptr_t data() const { return data_; }
  int device() const { return memory_ ? memory_->device : 0; }
  const MemoryPtr& memory() const { return memory_; }
  bool c_contiguous() const { return c_contiguous_; }
  bool f_contiguous() const { return f_contiguous_; }
  bool defined() const { return memory_ != nullptr; }

  // A view of the same memory with other metadata.
  NDArray view(DType dtype, Dims shape, Dims strides, uintptr_t data) const;

  // --- views (never copy) ---
  NDArray transpose() const;  // reverse the axes
  NDArray transpose(const std::vector<int64_t>& axes) const;
  NDArray swapaxes(int64_t a, int64_t b) const;
  NDArray moveaxis(const std::vector<int64_t>& source, const std::vector<int64_t>& dest) const;
  NDArray squeeze() const;
  NDArray squeeze(const std::vector<int64_t>& axes) const;
  NDArray expand_dims(const std::vector<int64_t>& axes) const;
  NDArray broadcast_to(const Dims& shape) const;
  NDArray view_as(DType dtype) const;  // ndarray.view(dtype)
  NDArray real() const;                // self for real dtypes
  NDArray imag() const;                // complex only (see imag_or_zeros in ops)
  NDArray diagonal(int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1) const;
  NDArray index(const std::vector<IndexItem>& items) const;  // basic indexing
  // x(Slice(1, 3), All, 2) is NumPy's x[1:3, :, 2]: the same view as index(), as a View whose
  // assignment writes its elements (x(Slice(0, 2)) = 5). The spellings: cunp/array/slicing.hpp.
  template <class... Items> View operator()(const Items&... items) const;

  // Reshape without a copy, or nothing when the layout does not allow it.
  std::optional<NDArray> reshape_view(const Dims& shape, Order order) const;
  // -1 resolved, size checked: ValueError with NumPy's message on mismatch.
  Dims resolve_shape(const Dims& shape) const;

 private:
  void update_flags();

  MemoryPtr memory_;
  uintptr_t data_ = 0;
  DType dtype_ = DType::Float64;
  Dims shape_, strides_;
  int64_t size_ = 0;
  bool c_contiguous_ = true, f_contiguous_ = true;
};

// Broadcast views of all arrays to their common shape.
std::vector<NDArray> broadcast_arrays(const std::vector<NDArray>& arrays);

// Whether two arrays may touch the same bytes (conservative: compares extents).
bool may_share_memory(const NDArray& a, const NDArray& b);
// The [lowest, highest) byte range an array can touch.
std::pair<uintptr_t, uintptr_t> byte_extent(const NDArray& a);

// An operation runs on the device its arrays live on, and all of them must live on one:
// ValueError naming both devices otherwise. cunp never moves an operand to another device behind
// the caller's back (only copies and assignments cross devices). Arrays not defined (an absent
// `out`, say) are skipped; the device is that of the first defined array, else the current one.
int common_device(std::initializer_list<const NDArray*> arrays);
int common_device(std::span<const NDArray> arrays, const NDArray* also = nullptr);
[[noreturn]] void raise_device_mismatch(int device, int other);

}  // namespace cunp

// x(...)'s spellings and View derive from NDArray, so they follow its definition.
#include "cunp/array/slicing.hpp"
