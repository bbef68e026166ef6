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

// a (log1p(t) - t) = a sum over k >= 2 of (-1)^(k+1) t^k / k as a double-double, for |t| <= 1/2
// given as one: the exponent of x^a e^-x / Gamma(a) near x = a (t = (x - a)/a) and of
// x^a (1-x)^b / B(a, b) near x = a/(a + b), which can be hundreds in magnitude, so that a double
// would round it by as many ulp of the result. The terms
// that a times still lifts above 2^-10 are summed in double-double, the rest in double.
__device__ inline sp_dd sp_a_log1pmx(double a, sp_dd t) {
  sp_dd power = sp_dd_mul(t, t), big = {0.0, 0.0};
  double small = 0.0;
  int k = 2;
  for (; k < 200; ++k) {
    const sp_dd term = sp_dd_div(power, k);
    if (::fabs(a * term.hi) < 0x1p-10) break;
    big = sp_dd_add(big, (k & 1) ? term : sp_dd{-term.hi, -term.lo});
    power = sp_dd_mul(power, t);
  }
  double p = power.hi;
  for (; k < 200; ++k) {
    const double term = p / k;
    small += (k & 1) ? term : -term;
    // y's absolute error is the result's relative one: stop far below eps in a * term.
    if (::fabs(a * term) < 1e-20) break;
    p *= t.hi;
  }
  return sp_dd_mul(sp_dd_add(big, {small, 0.0}), a);
}

}  // namespace cunp::special
