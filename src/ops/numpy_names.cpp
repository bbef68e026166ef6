// src/ops/numpy_names.cpp -- the NumPy-named functions of cunp/ops/numpy_names.hpp that do more
// than forward: argument conversion (Operand to UfuncArg), NumPy's defaults, host buffers.
#include "cunp/ops/numpy_names.hpp"

#include <string>

#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/ops/scan/scan.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

NDArray running(const char* ufunc, const NDArray& a, std::optional<int64_t> axis, bool nan) {
  ScanOptions opt;
  opt.nan_as_identity = nan;
  // NumPy's axis=None runs over the flattened array.
  return ufunc_accumulate(*find_ufunc(ufunc), axis ? a : ravel(a), axis.value_or(0), opt);
}

UfuncArg weak_double(double v) {
  return UfuncArg{nullptr, Scalar::from_double(v, DType::Float64), true};
}

// A new array of `shape` (or laid out like `like`) filled as NumPy's full/full_like fill: an
// array value is copied (broadcast), a number converted as a Python scalar would be, before
// anything is allocated (so an OverflowError costs nothing).
NDArray filled(const Dims& shape, const NDArray* like, const Operand& value, DType dtype) {
  std::optional<Scalar> s;
  if (!value.is_array()) s = scalar_as(value.arg(), dtype);
  NDArray out = like ? empty_like(*like, dtype) : NDArray::empty(shape, dtype);
  if (s) fill(out, *s);
  else copy_to(out, value.array());
  return out;
}

}  // namespace

NDArray cumsum(const NDArray& a, std::optional<int64_t> axis) {
  return running("add", a, axis, false);
}
NDArray cumprod(const NDArray& a, std::optional<int64_t> axis) {
  return running("multiply", a, axis, false);
}
NDArray nancumsum(const NDArray& a, std::optional<int64_t> axis) {
  return running("add", a, axis, true);
}
NDArray nancumprod(const NDArray& a, std::optional<int64_t> axis) {
  return running("multiply", a, axis, true);
}

NDArray where(const NDArray& condition, const Operand& x, const Operand& y) {
  return where(UfuncArg{&condition}, x.arg(), y.arg());
}

std::vector<NDArray> nonzero(const NDArray& a) {
  if (a.ndim() == 0)
    throw ValueError(
        "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
        "instead.");
  NDArray coords = nonzero_coords(a);  // (ndim, count): row d holds the positions along axis d
  std::vector<NDArray> rows;
  for (int d = 0; d < a.ndim(); ++d) rows.push_back(coords.index({IndexItem::integer(d)}));
  return rows;
}

NDArray clip(const NDArray& a, const Operand& a_min, const Operand& a_max) {
  return clip(a, std::optional<UfuncArg>(a_min.arg()), std::optional<UfuncArg>(a_max.arg()));
}

NDArray isclose(const Operand& a, const Operand& b, double rtol, double atol, bool equal_nan) {
  return isclose(CloseArgs{a.arg(), b.arg(), weak_double(rtol), weak_double(atol), equal_nan});
}

bool allclose(const Operand& a, const Operand& b, double rtol, double atol, bool equal_nan) {
  return allclose(CloseArgs{a.arg(), b.arg(), weak_double(rtol), weak_double(atol), equal_nan});
}

NDArray imag(const NDArray& a) { return is_complex(a.dtype()) ? a.imag() : zeros_like(a); }

NDArray full(const Dims& shape, const Operand& value, std::optional<DType> dtype) {
  return filled(shape, nullptr, value, dtype.value_or(value.dtype()));
}

NDArray zeros_like(const NDArray& a, std::optional<DType> dtype) {
  return full_like(a, Operand(0), dtype);
}

NDArray ones_like(const NDArray& a, std::optional<DType> dtype) {
  return full_like(a, Operand(1), dtype);
}

NDArray full_like(const NDArray& a, const Operand& value, std::optional<DType> dtype) {
  return filled(a.shape(), &a, value, dtype.value_or(a.dtype()));
}

namespace detail {

NDArray arange_int(int64_t start, int64_t stop, int64_t step) {
  if (step == 0) throw ValueError("Maximum allowed size exceeded");
  // ceil((stop - start) / step) in integers, so 64-bit bounds stay exact.
  int64_t n = 0;
  if (step > 0 && stop > start) n = (stop - start - 1) / step + 1;
  if (step < 0 && stop < start) n = (start - stop - 1) / -step + 1;
  return arange_n(n, static_cast<double>(start), static_cast<double>(step), DType::Int64);
}

NDArray asarray_bytes(const void* data, int64_t count, DType dtype, const Dims& shape) {
  if (shape.product() != count)
    throw ValueError("cannot reshape array of size " + std::to_string(count) + " into shape " +
                     shape_str(shape));
  return from_host(data, dtype, shape, Order::C);
}

void to_host_as(const NDArray& a, void* out, DType dtype) {
  if (a.size() == 0) return;
  to_host(a.dtype() == dtype ? a : astype(a, dtype, OrderSpec::C), out, Order::C);
}

}  // namespace detail

void copyto(const NDArray& dst, const Operand& src, Casting casting) {
  UfuncArg arg = src.arg();
  DType from = src.dtype();
  // NEP 50: a Python scalar first takes dst's dtype where its kind allows (1 into uint8 is
  // uint8; 1.5 into int64 stays float64 and fails same_kind).
  if (src.weak()) from = result_type({UfuncArg{&dst}, arg});
  if (!can_cast(from, dst.dtype(), casting))
    throw TypeError(std::string("Cannot cast ") + (src.is_array() ? "array data" : "scalar") +
                    " from " + dtype_repr(from) + " to " + dtype_repr(dst.dtype()) +
                    " according to the rule '" + casting_name(casting) + "'");
  if (src.is_array()) copy_to(dst, src.array());
  else fill(dst, scalar_as(arg, dst.dtype()));
}

DType result_type_of(ArgList<Operand> operands) {
  std::vector<UfuncArg> args;
  args.reserve(operands.size());
  for (const Operand& o : operands) args.push_back(o.arg());
  return result_type(args);
}

}  // namespace cunp
