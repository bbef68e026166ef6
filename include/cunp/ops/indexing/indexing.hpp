// cunp/ops/indexing/indexing.hpp -- indexing with NumPy's semantics: x[key] and x[key] = v for any key
// (getitem / setitem), and the kernels they build on: gather and scatter along one axis (take,
// x[idx], x[idx] = v) and boolean compaction (x[mask], nonzero), each with a bounds check.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

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
// along axis d of the nonzero elements, in C order. It is the transposed view of a C-contiguous
// (count, ndim) array, as NumPy lays nonzero's result out.
NDArray nonzero_coords(const NDArray& a);

// The calling thread's bounds flag (an int32 in host-mapped memory outside the memory pool) as a
// 1-element array that kernels of other engines may set; index_flag_seen waits for the current
// stream of `device`, then reads and clears it.
NDArray index_flag(int device);
bool index_flag_seen(int device);

// -- x[key] and x[key] = v ------------------------------------------------------------------------

// One item of a key, as NumPy reads it: an integer, a slice, a new axis (None), an ellipsis, an
// index array (integer, or boolean: a mask over as many axes as it has), or a 0-d boolean.
struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis, Array, Bool };
  Kind kind = Kind::Ellipsis;
  int64_t value = 0;  // Integer; Bool: 0 or 1
  int64_t start = IndexItem::kNone, stop = IndexItem::kNone, step = IndexItem::kNone;  // Slice
  NDArray array;  // Array (a 0-d one is read on the host: an integer or a boolean)

  static Index integer(int64_t i) { return {Kind::Integer, i}; }
  static Index slice(int64_t start = IndexItem::kNone, int64_t stop = IndexItem::kNone,
                     int64_t step = IndexItem::kNone) {
    return {Kind::Slice, 0, start, stop, step};
  }
  static Index new_axis() { return {Kind::NewAxis}; }
  static Index ellipsis() { return {Kind::Ellipsis}; }
  static Index boolean(bool b) { return {Kind::Bool, b ? 1 : 0}; }
  static Index of(NDArray a) {
    Index i{Kind::Array};
    i.array = std::move(a);
    return i;
  }
};

// x[key]: a view for a key of integers, slices, new axes and an ellipsis; otherwise a new array,
// with NumPy's rules for index arrays (broadcast together; their dimensions replace the indexed
// axes where the advanced items are next to each other, and go first otherwise), masks and 0-d
// booleans. NumPy's IndexError for a bad key or an index out of bounds (a flag the kernels set,
// read after one stream synchronization; masks wait for their count as well).
NDArray getitem(const NDArray& x, std::span<const Index> key);
// x[key] = value: value cast to x's dtype (unsafe casting, as assignment) and broadcast to the
// shape of x[key] (leading length-1 axes dropped), with NumPy's errors for values that do not fit
// and its rules for x[mask] = v. Every index is checked before anything is written; a value that
// shares memory with x is read first. Repeated indices: one of the writes wins.
void setitem(const NDArray& x, std::span<const Index> key, const NDArray& value);
void setitem(const NDArray& x, std::span<const Index> key, const Scalar& value);

// -- the plan of a key: host logic that getitem and setitem run first (exposed for tests) ---------

// An advanced item of a key over the axes of the basic view it indexes.
struct AdvancedIndex {
  enum class Kind : uint8_t { Array, Mask, Bool };
  Kind kind = Kind::Array;
  NDArray array;        // Array (integer, rank >= 1), Mask (boolean, rank >= 1)
  bool value = false;   // Bool
  int first_axis = 0;   // its first axis in the view
  int naxes = 1;        // the view's axes it indexes: a mask's rank, else 1
  int source_axis = 0;  // its first axis in x (for messages)
};

// A key split into a basic part (x.index(basic) is the view) and its advanced items, in key order.
struct IndexPlan {
  std::vector<IndexItem> basic;
  std::vector<AdvancedIndex> advanced;
  // The advanced items (integers among them, once there is an array) are next to each other.
  bool adjacent = true;
  // Where the broadcast index dimensions go in the result: at the first advanced item when they
  // are adjacent, else first.
  int position = 0;
};
// NumPy's IndexError for an item that is not an index, a second ellipsis, or too many indices.
// 0-d arrays are read (an integer or a boolean): the only device work.
IndexPlan plan_index(std::span<const Index> key, int ndim);

// IndexError unless every mask matches the axes of x (of `shape`) it indexes. NumPy checks
// this while it reads the key, before it builds the view (a zero slice step's ValueError, an
// integer's bounds), so callers run it before NDArray::index.
void check_masks(const IndexPlan& plan, const Dims& shape);
// The index arrays' broadcast shape; NumPy's IndexError naming every shape otherwise.
Dims broadcast_index_shapes(const std::vector<Dims>& shapes);

// The geometry of x[key] past the view: `index_shapes` holds each advanced item's index shape
// (an array's shape; a mask: (number of true elements,); a 0-d boolean: (1,) or (0,)).
struct IndexLayout {
  std::vector<int64_t> order;  // the view's axes, the indexed ones first (gather/scatter order)
  Dims broadcast;              // the index arrays' broadcast shape
  Dims rest;                   // the shape of the view's other axes
  // The result's axes as positions in broadcast + rest: the broadcast dimensions moved to the
  // plan's position (empty when they stay first).
  std::vector<int64_t> placement;
  Dims shape;  // x[key].shape
};
IndexLayout index_layout(const IndexPlan& plan, const Dims& view_shape,
                         const std::vector<Dims>& index_shapes);

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
