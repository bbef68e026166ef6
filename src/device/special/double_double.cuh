// src/device/special/double_double.cuh -- unevaluated sums hi + lo of two doubles (about 106
// bits), for the few sums in the special functions whose large terms cancel or are exponentiated,
// where one rounding of a double would cost as many ulp as the sum's magnitude.
#pragma once

namespace cunp::special {

struct sp_dd {
  double hi, lo;
};

// a + b exactly, as hi + lo (Knuth's two-sum: no ordering of |a|, |b| assumed). Additions only,
// so NVRTC's FMA contraction cannot change it.
__device__ inline sp_dd sp_dd_two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

// a * b exactly: the fma gives the product's rounding error.
__device__ inline sp_dd sp_dd_two_prod(double a, double b) {
  const double p = a * b;
  return {p, ::fma(a, b, -p)};
}

__device__ inline sp_dd sp_dd_add(sp_dd a, sp_dd b) {
  const sp_dd s = sp_dd_two_sum(a.hi, b.hi);
  return sp_dd_two_sum(s.hi, s.lo + (a.lo + b.lo));
}

__device__ inline sp_dd sp_dd_mul(sp_dd a, sp_dd b) {
  const sp_dd p = sp_dd_two_prod(a.hi, b.hi);
  return sp_dd_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

__device__ inline sp_dd sp_dd_mul(sp_dd a, double b) {
  const sp_dd p = sp_dd_two_prod(a.hi, b);
  return sp_dd_two_sum(p.hi, p.lo + a.lo * b);
}

// a / b: the quotient's rounding error comes back exactly through one fma.
__device__ inline sp_dd sp_dd_div(sp_dd a, double b) {
  const double q = a.hi / b;
  const double r = ::fma(-q, b, a.hi) + a.lo;
  return sp_dd_two_sum(q, r / b);
}

// n / d for doubles n, d, to about 106 bits.
__device__ inline sp_dd sp_dd_quotient(double n, double d) { return sp_dd_div({n, 0.0}, d); }

}  // namespace cunp::special
