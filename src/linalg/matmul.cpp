// src/linalg/matmul.cpp -- NumPy's matmul: shape rules (1-D promotion, batch broadcasting), dtype
// and casting rules, out=, and the split of the batch into strided runs for the two engines.
#include <array>
#include <atomic>
#include <vector>

#include "cunp/array/shape.hpp"
#include "cunp/linalg/products.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/error.hpp"
#include "matmul_plan.hpp"

namespace cunp {
namespace {

constexpr const char* kSignature = "(n?,k),(k,m?)->(n?,m?)";

std::atomic<int>& tf32_flag() {
  static std::atomic<int> flag = config().allow_tf32 ? 1 : 0;
  return flag;
}

[[noreturn]] void not_enough_dims(const char* which, int index, int has, int needs) {
  throw ValueError(std::string("matmul: ") + which + " operand " + std::to_string(index) +
                   " does not have enough dimensions (has " + std::to_string(has) +
                   ", gufunc core with signature " + kSignature + " requires " +
                   std::to_string(needs) + ")");
}

[[noreturn]] void core_mismatch(const char* which, int index, int dim, int64_t got, int64_t want) {
  throw ValueError(std::string("matmul: ") + which + " operand " + std::to_string(index) +
                   " has a mismatch in its core dimension " + std::to_string(dim) +
                   ", with gufunc signature " + kSignature + " (size " + std::to_string(got) +
                   " is different from " + std::to_string(want) + ")");
}

// NumPy's text: "(2,3,4)->(2,newaxis,newaxis)"; no spaces inside the shapes.
std::string compact(const Dims& d, int from, int to) {
  std::string s = "(";
  for (int i = from; i < to; ++i) {
    if (i > from) s += ',';
    s += std::to_string(d[i]);
  }
  return s;
}

Dims broadcast_batch(const Dims& a, const Dims& b, int a_core, int b_core, const Dims& ra,
                     const Dims& rb) {
  int na = a.size() - 2, nb = b.size() - 2, nd = std::max(na, nb);
  Dims out(nd, 1);
  for (int i = 0; i < nd; ++i) {
    int64_t x = i - (nd - na) >= 0 ? a[i - (nd - na)] : 1;
    int64_t y = i - (nd - nb) >= 0 ? b[i - (nd - nb)] : 1;
    if (x != y && x != 1 && y != 1) {
      // The operands' shapes as given (before 1-D promotion), as NumPy reports them.
      auto remap = [](const Dims& orig, int core) {
        std::string s = compact(orig, 0, orig.size()) + ")->" +
                        compact(orig, 0, orig.size() - core);
        for (int c = 0; c < core; ++c) {
          if (orig.size() - core > 0 || c) s += ',';
          s += "newaxis";
        }
        return s + ")";
      };
      std::string req = "(";
      bool first = true;
      if (a_core == 2) {
        req += std::to_string(ra[ra.size() - 2]);
        first = false;
      }
      if (b_core == 2) {
        if (!first) req += ',';
        req += std::to_string(rb.back());
      }
      req += ")";
      throw ValueError("operands could not be broadcast together with remapped shapes "
                       "[original->remapped]: " +
                       remap(ra, a_core) + " " + remap(rb, b_core) + "  and requested shape " +
                       req);
    }
    out[i] = x == 1 ? y : x;
  }
  return out;
}

Dims concat(const Dims& a, std::initializer_list<int64_t> tail) {
  Dims r = a;
  for (int64_t v : tail) r.push_back(v);
  return r;
}

// A new result of shape batch + (n, m) in NumPy's gufunc layout: the batch axes in its
// iterator's order over both operands' batch strides (0 where broadcast), the (n, m) core
// C-ordered innermost. A and B are the operands with their 1-D promotion (no batch axes then).
NDArray gufunc_result(const Dims& batch, const NDArray& A, const NDArray& B, int64_t n, int64_t m,
                      DType t, int device) {
  const int nb = static_cast<int>(batch.size());
  const Dims full = concat(batch, {n, m});
  if (nb < 2) return NDArray::empty(full, t, Order::C, device);  // one order only
  std::vector<Dims> strides;
  for (const NDArray* x : {&A, &B}) {
    Dims s(nb, 0);
    const int xb = x->ndim() - 2;  // its batch axes, right-aligned to the broadcast batch
    for (int i = 0; i < xb; ++i)
      if (x->shape()[i] != 1) s[nb - xb + i] = x->strides()[i];
    strides.push_back(s);
  }
  std::vector<int64_t> order = iterator_order(batch, strides);
  order.push_back(nb);
  order.push_back(nb + 1);
  Dims pshape(nb + 2);
  std::vector<int64_t> inverse(nb + 2);
  for (int i = 0; i < nb + 2; ++i) {
    pshape[i] = full[static_cast<int>(order[i])];
    inverse[order[i]] = i;
  }
  return NDArray::empty(pshape, t, Order::C, device).transpose(inverse);
}

// Computes into c (core C-contiguous, shape batch + (n, m), dtype t) from a, b already of
// dtype t.
void compute(const NDArray& a, const NDArray& b, const NDArray& c, int64_t k) {
  if (c.size() == 0) return;
  DType t = c.dtype();
  if (k == 0) {
    fill(c, Scalar::from_int(0, DType::Int64).cast(t));
    return;
  }
  if (is_inexact(t)) linalg::gemm_matmul(a, b, c);
  else linalg::integer_matmul(a, b, c);
}

}  // namespace

void set_allow_tf32(bool allow) { tf32_flag().store(allow ? 1 : 0); }
bool allow_tf32() { return tf32_flag().load() != 0; }

DType matmul_result_type(DType a, DType b) { return promote_types(a, b); }

NDArray matmul(const NDArray& a, const NDArray& b, const NDArray* out, std::optional<DType> dtype,
               Casting casting) {
  if (a.ndim() == 0) not_enough_dims("Input", 0, 0, 1);
  if (b.ndim() == 0) not_enough_dims("Input", 1, 0, 1);
  common_device({&a, &b, out});
  DType t = dtype ? *dtype : matmul_result_type(a.dtype(), b.dtype());
  const DType ins[2] = {a.dtype(), b.dtype()};
  for (int i = 0; i < 2; ++i)
    if (!can_cast(ins[i], t, casting))
      throw TypeError("Cannot cast ufunc 'matmul' input " + std::to_string(i) + " from " +
                      dtype_repr(ins[i]) + " to " + dtype_repr(t) + " with casting rule '" +
                      casting_name(casting) + "'");
  if (out && !can_cast(t, out->dtype(), casting))
    throw TypeError("Cannot cast ufunc 'matmul' output from " + dtype_repr(t) + " to " +
                    dtype_repr(out->dtype()) + " with casting rule '" + casting_name(casting) +
                    "'");

  const bool a1 = a.ndim() == 1, b1 = b.ndim() == 1;
  NDArray A = a1 ? a.expand_dims({0}) : a;  // (1, k)
  NDArray B = b1 ? b.expand_dims({1}) : b;  // (k, 1)
  const int64_t n = A.shape()[A.ndim() - 2], k = A.shape().back();
  const int64_t kb = B.shape()[B.ndim() - 2], m = B.shape().back();
  if (kb != k) core_mismatch("Input", 1, 0, kb, k);
  Dims batch = broadcast_batch(A.shape(), B.shape(), a1 ? 1 : 2, b1 ? 1 : 2, a.shape(), b.shape());

  Dims result_shape = batch;
  if (!a1) result_shape.push_back(n);
  if (!b1) result_shape.push_back(m);
  const int core = (a1 ? 0 : 1) + (b1 ? 0 : 1);
  if (out) {
    if (out->ndim() < core) not_enough_dims("Output", 0, out->ndim(), core);
    for (int i = 0; i < core; ++i) {
      int64_t want = result_shape[result_shape.size() - core + i];
      int64_t got = out->shape()[out->ndim() - core + i];
      if (got != want) core_mismatch("Output", 0, i, got, want);
    }
    // Batch dimensions: out's must hold the broadcast batch (NumPy loops over out's extra ones).
    Dims ob(out->shape().data(), out->ndim() - core);
    bool ok = ob.size() >= batch.size();
    for (int i = 0; ok && i < batch.size(); ++i) {
      int64_t e = ob[ob.size() - batch.size() + i];
      ok = batch[i] == e || batch[i] == 1;
    }
    if (!ok)
      throw ValueError("non-broadcastable output operand with shape " + shape_str(out->shape()) +
                       " doesn't match the broadcast shape " + shape_str(result_shape));
  }

  NDArray ac = astype(A, t, OrderSpec::K, Casting::Unsafe, false);
  NDArray bc = astype(B, t, OrderSpec::K, Casting::Unsafe, false);
  const Dims full = concat(batch, {n, m});
  // Straight into out when it is exactly the result (type, shape, C order, no overlap).
  bool direct = out && out->dtype() == t && out->shape() == result_shape && out->c_contiguous() &&
                !may_share_memory(*out, a) && !may_share_memory(*out, b);
  NDArray c = direct ? *out->reshape_view(full, Order::C)
                     : gufunc_result(batch, A, B, n, m, t, a.device());
  compute(ac.broadcast_to(concat(batch, {n, k})), bc.broadcast_to(concat(batch, {k, m})), c, k);
  if (direct) return *out;
  // Drops the core axis of a 1-D operand: a view whatever the batch order (an axis of 1).
  NDArray result = *c.reshape_view(result_shape, Order::C);
  if (!out) return result;
  copy_to(*out, result);
  return *out;
}

void matmul_inplace(const NDArray& a, const NDArray& b) {
  if (a.ndim() < 1 || b.ndim() < 2)
    throw ValueError("inplace matrix multiplication requires the first operand to have at least "
                     "one and the second at least two dimensions.");
  // NumPy ties the result's axes to a's, so b may not add batch dimensions; the rest (core
  // sizes, result shape equal to a's) is matmul's own out= check.
  if (b.ndim() - 2 > a.ndim() - (a.ndim() == 1 ? 1 : 2))
    throw ValueError("output operand requires a reduction along dimension -1, but the reduction "
                     "is not enabled. The dimension size of 1 does not match the expected output "
                     "shape.");
  matmul(a, b, &a, std::nullopt, Casting::SameKind);
}

namespace linalg {

void for_each_batch_run(const NDArray& a, const NDArray& b, const NDArray& c,
                        const std::function<void(const BatchRun&)>& fn) {
  const int nb = c.ndim() - 2;
  // Batch dimensions that matter (extent > 1), outermost first.
  std::vector<int64_t> shape;
  std::vector<std::array<int64_t, 3>> strides;
  for (int d = 0; d < nb; ++d) {
    if (c.shape()[d] == 1) continue;
    shape.push_back(c.shape()[d]);
    strides.push_back({a.strides()[d], b.strides()[d], c.strides()[d]});
  }
  BatchRun run{};
  if (shape.empty()) {
    run.count = 1;
    fn(run);
    return;
  }
  // The innermost dimensions that collapse into one stride for all three operands.
  int inner_from = static_cast<int>(shape.size()) - 1;
  int64_t count = shape.back();
  std::array<int64_t, 3> st = strides.back();
  while (inner_from > 0) {
    const auto& prev = strides[inner_from - 1];
    bool ok = true;
    for (int i = 0; i < 3; ++i) ok = ok && prev[i] == st[i] * count;
    if (!ok) break;
    count *= shape[inner_from - 1];
    --inner_from;
  }
  // Outer dimensions: one run per position (odometer order).
  std::vector<int64_t> idx(inner_from, 0);
  for (;;) {
    for (int i = 0; i < 3; ++i) {
      int64_t off = 0;
      for (int d = 0; d < inner_from; ++d) off += idx[d] * strides[d][i];
      run.offset[i] = off;
      run.stride[i] = st[i];
    }
    run.count = count;
    fn(run);
    int d = inner_from - 1;
    while (d >= 0 && ++idx[d] == shape[d]) idx[d--] = 0;
    if (d < 0) break;
  }
}

}  // namespace linalg
}  // namespace cunp
