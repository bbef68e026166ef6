// include/cunp/sparse/lines.hpp -- per-line kernels on the arrays of a compressed sparse matrix
// (CSR rows or CSC columns): line sums, taking lines by number, and the canonical-form check.
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The elementwise ops behind the calls below (for the codegen tests).
const ElementwiseOp& sparse_line_sums_op();
const ElementwiseOp& sparse_take_counts_op();
const ElementwiseOp& sparse_take_gather_op();
const ElementwiseOp& sparse_line_check_op();

// out[i] = the sum of data[indptr[i]:indptr[i + 1]] in out's dtype, in storage order (the sum of
// each CSR row, or CSC column). indptr is 1-D of an integer dtype with out.size() + 1 entries;
// data 1-D holds at least indptr[-1] entries. One launch; nothing when out is empty.
void sparse_line_sums(const NDArray& data, const NDArray& indptr, const NDArray& out);

// counts[i] = the entry count of line lines[i] (negative numbers count from the end; numbers
// out of range count line 0: the caller checks the range). lines and counts int64 of one size.
void sparse_take_counts(const NDArray& lines, const NDArray& indptr, const NDArray& counts);

// The entries of the taken lines, in order: starts (int64, lines.size() + 1) is the exclusive
// running sum of counts, and out_indices/out_data (indices'/data's dtypes) hold starts[-1]
// entries. One launch over the output entries.
void sparse_take_gather(const NDArray& starts, const NDArray& lines, const NDArray& indptr,
                        const NDArray& indices, const NDArray& data, const NDArray& out_indices,
                        const NDArray& out_data);

// flags (bool, 2 * (indptr.size() - 1)): per line, whether it stores an explicit zero and
// whether its indices fail to increase strictly (unsorted or repeated).
void sparse_line_check(const NDArray& indptr, const NDArray& indices, const NDArray& data,
                       const NDArray& flags);

}  // namespace cunp
