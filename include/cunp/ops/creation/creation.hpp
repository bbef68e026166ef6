// cunp/ops/creation/creation.hpp -- arrays made from nothing: zeros, ones, full, ranges, identity.
// Each runs on the current device and stream.
#pragma once
#include <complex>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

NDArray zeros(const Dims& shape, DType dtype = DType::Float64, Order order = Order::C);
NDArray ones(const Dims& shape, DType dtype = DType::Float64, Order order = Order::C);
NDArray full(const Dims& shape, const Scalar& value, DType dtype, Order order = Order::C);

// n values start, start + step, ... in dtype, computed as NumPy's arange fills them.
NDArray arange_n(int64_t n, std::complex<double> start, std::complex<double> step, DType dtype);
// NumPy's length rule: ceil((stop - start) / step), at least 0.
NDArray arange(double start, double stop, double step, DType dtype);

// `num` values from start to stop (stop included when endpoint), computed in double (complex
// when either bound is complex), rounded down for integer dtypes as NumPy 2 does.
NDArray linspace(std::complex<double> start, std::complex<double> stop, int64_t num, bool endpoint,
                 DType dtype);
// base ** linspace(start, stop), real bounds.
NDArray logspace(double start, double stop, int64_t num, bool endpoint, double base, DType dtype);
// Real bounds of one sign; ValueError when either is zero.
NDArray geomspace(double start, double stop, int64_t num, bool endpoint, DType dtype);

// Array endpoints, broadcast together: the result has shape (num, *broadcast shape) with one
// sequence along axis 0 per position, computed in the endpoints' common inexact type as NumPy
// does (the caller moves axis 0 where it wants it). `step`, when given and the sequence has a
// step, receives it per position.
NDArray linspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint, DType dtype,
                 NDArray* step = nullptr);
NDArray logspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint, double base,
                 DType dtype);
// The ends must be non-zero; that is not checked here (it needs their values on the host).
NDArray geomspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint,
                  DType dtype);

NDArray eye(int64_t n, int64_t m, int64_t k, DType dtype, Order order = Order::C);

// The kernel sources linspace, logspace and geomspace generate, for every working dtype and a
// few result dtypes (tests compile them without a GPU).
std::vector<std::string> spaced_kernel_sources();

}  // namespace cunp
