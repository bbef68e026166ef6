// cunp/ops/statistics/statistics.hpp -- NumPy's statistics in one reduction launch each: mean, var, std
// and the NaN-skipping nansum, nanmean, nanvar, nanstd, built from one table of kernel parts.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/reduction/reduction.hpp"

namespace cunp {

// The kinds of the statistics table (src/ops/statistics_table.cpp). std and nanstd are the
// var rows with the square root taken as the result is written.
enum class Statistic : uint8_t { Mean, NanSum, NanMean, Var, NanVar };

// The table's name of a kind ("mean", "nansum", "nanmean", "var", "nanvar") and back
// (ValueError for an unknown name).
const char* statistic_name(Statistic s);
Statistic statistic_from_name(const std::string& name);

// The dtype a statistic of an input of dtype `t` folds in: float16 in float32, bool and
// integers in float64, the other float and complex types in themselves.
DType statistic_accumulator(DType t);
// The result dtype for an input of dtype `t`: mean, nansum and nanmean give a float or complex
// input's own dtype and float64 otherwise; var and nanvar give a float input's own dtype and
// otherwise the real type of the accumulator (complex64 -> float32, integers -> float64).
DType statistic_result_dtype(Statistic s, DType t);
// Whether the kernel writes a second output, a bool flag per slice (nanmean: the slice had no
// non-NaN value; nanvar: n - ddof <= 0).
bool statistic_flag_output(Statistic s);

// The engine op of a statistic folding in `acc` (one of float32, float64, complex64,
// complex128), built from its table row and cached: the same reference for the same
// arguments. ddof and root matter only to the var rows.
const ReductionOp& statistic_op(Statistic s, DType acc, double ddof = 0.0, bool root = false);

// The kernel source of a statistic for an input of dtype `in` in the given layout (tests
// compile it without a GPU); the layout's outputs, where empty, are the function's own (the
// result, then nanmean's and nanvar's bool flag).
std::string statistic_source(Statistic s, DType in, ReduceSignature layout, double ddof = 0.0,
                             bool root = false);

// Each function reads its input once, in one launch. axis as NumPy takes it (nullopt: every
// axis; AxisError out of range, ValueError for a repeated axis). out=, when given, must have the
// result's exact shape and dtype (ValueError, TypeError otherwise); the result is then written
// into it and returned. The device functions divide and take roots as NumPy does: an empty
// slice gives NaN, var's divisor is max(n - ddof, 0).

// mean: dtype= names the accumulator and result (a float or complex type; a complex input
// needs a complex dtype: TypeError otherwise, where NumPy would drop the imaginary parts).
NDArray mean(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
             bool keepdims = false, std::optional<DType> dtype = std::nullopt, NDArray out = {});
// var and std: the (count, mean, M2) of each slice merged by Chan's formula; ddof finite.
NDArray var(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
            double ddof = 0.0, bool keepdims = false, NDArray out = {});
// (a function named std in namespace cunp: call it cunp::std where `using namespace cunp` is
// in force, since an unqualified std(...) would also see the namespace ::std.)
NDArray std(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
            double ddof = 0.0, bool keepdims = false, NDArray out = {});

// The NaN-skipping forms take a 0 or -1 axis of a 0-d array (reducing nothing), as NumPy's
// do. For bool and integer input (no NaN) they are sum (int64/uint64, NumPy's sum rules),
// mean, var and std. nanmean's `empty` (when asked for) is a bool array of the result's shape,
// true where a slice had no non-NaN value (NumPy warns there); nanvar's `bad` is true where
// n - ddof <= 0 (the result is NaN there).
NDArray nansum(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
               bool keepdims = false, NDArray out = {});
NDArray nanmean(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
                bool keepdims = false, NDArray out = {}, NDArray* empty = nullptr);
NDArray nanvar(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
               double ddof = 0.0, bool keepdims = false, NDArray out = {}, NDArray* bad = nullptr);
NDArray nanstd(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
               double ddof = 0.0, bool keepdims = false, NDArray out = {}, NDArray* bad = nullptr);

}  // namespace cunp
