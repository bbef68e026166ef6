// cunp/ops/indexing.hpp -- advanced indexing kernels: gather and scatter along one axis (take,
// x[idx], x[idx] = v) and boolean compaction (x[mask], nonzero), each with an in-kernel bounds check.
#pragma once
#include <cstdint>
#include <string>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

// x.take(indices, axis): shape x.shape[:axis] + indices.shape + x.shape[axis+1:]. Negative
// indices count from the end. IndexError with NumPy's message for an index out of bounds,
// AxisError for a bad axis, IndexError for a non-integer index array. The check is a flag the
// kernel writes into host-mapped memory, read after one stream synchronization; `check` false
// skips that wait for indices known to be in bounds (positions made by nonzero).
NDArray take(const NDArray& x, const NDArray& indices, int64_t axis, bool check = true);

// x[(slice(None),) * axis + (indices,)] = values: values (already broadcastable to the gathered
// shape) are cast to x's dtype. Repeated indices: one of the writes wins, as in NumPy. Every
// index is checked before anything is written (IndexError leaves x unchanged, as in NumPy): one
// pass over the indices and one stream synchronization, then the scatter runs asynchronously.
void put_along(const NDArray& x, const NDArray& indices, int64_t axis, const NDArray& values);
// The same with one value (cast to x's dtype), passed to the kernel in its parameters.
void put_along_scalar(const NDArray& x, const NDArray& indices, int64_t axis, const Scalar& value,
                      int64_t report_axis = -1);

// The same, with error messages naming `report_axis` (the axis of the array the user indexed,
// when x is a view of it without some leading axes); -1 names `axis`.
NDArray take_reporting(const NDArray& x, const NDArray& indices, int64_t axis, bool check,
                       int64_t report_axis);
void put_along_reporting(const NDArray& x, const NDArray& indices, int64_t axis,
                         const NDArray& values, int64_t report_axis);

// x[mask] for a boolean mask of x's shape: the selected elements in C order (1-D). Three launches
// (count per tile, scan of the counts, scatter) and one read of the total back to the host.
NDArray compress_mask(const NDArray& x, const NDArray& mask);

// nonzero(a) as one int64 array of shape (max(ndim, 1), count): row d holds the coordinates
// along axis d of the nonzero elements, in C order.
NDArray nonzero_coords(const NDArray& a);

// The calling thread's bounds flag (an int32 in host-mapped memory outside the memory pool) as a
// 1-element array that kernels of other engines may set; index_flag_seen waits for the current
// stream of `device`, then reads and clears it.
NDArray index_flag(int device);
bool index_flag_seen(int device);

// -- generated sources (for tests that compile every variant with NVRTC, no GPU needed) -----------

struct GatherSignature {
  int unit = 4;                // bytes moved per thread and unit: 1, 2, 4, 8 or 16
  DType index = DType::Int64;  // the index array's dtype
  bool outer1 = false;         // no dimensions before the axis (x[idx] on the first axis)
  bool unit1 = false;          // one unit per gathered row
  bool strided = false;        // outer and inner dimensions walked with shape/strides
  bool wide = false;           // 64-bit positions (more than 2^31 - 1 units)
  bool scatter = false;        // write x at the indices instead of reading it
  bool scalar_value = false;   // scatter of one value
  bool value_param = false;    // scalar_value: in the parameters (else y[0])
};
// Gathers check each index as they read it (a flag); scatters do not: check_source's kernel
// runs first, so that nothing is written when an index is out of bounds.
std::string gather_source(const GatherSignature& sig);
std::string check_source(DType index);

enum class SelectKind : uint8_t { Count, ScanTiles, Values, Coords };
struct SelectSignature {
  SelectKind kind = SelectKind::Count;
  int itemsize = 4;      // Values: bytes per element
  bool strided = false;  // Values: the source walked with shape/strides
};
std::string select_source(const SelectSignature& sig);

}  // namespace cunp
