// src/device/special/legendre.cuh -- associated Legendre functions (Ferrers' functions, with the
// Condon-Shortley phase) for |x| <= 1: lpmv(m, v, x) of integer order m and real degree v, and
// the spherical harmonics Y_n^m(theta, phi) of sph_harm_y. Integer degrees use the three-term
// recurrence in the degree from P_m^m; other degrees the hypergeometric form (m >= 0)
// P_v^m(x) = (-1)^m (1-x^2)^(m/2) Gamma(v+m+1) / (2^m m! Gamma(v-m+1)) F(m-v, m+v+1; m+1; (1-x)/2)
// summed directly (slow to converge toward x = -1; capped at 20000 terms). The spherical
// harmonics recur on the normalized functions, which stay in range for large n and m.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// P_n^m(x) for integers 0 <= m <= n: P_m^m = (-1)^m (2m-1)!! (1-x^2)^(m/2), then
// (l - m) P_l^m = (2l - 1) x P_(l-1)^m - (l + m - 1) P_(l-2)^m.
__device__ inline double sp_legendre_integer(long long m, long long n, double x) {
  double pmm = 1.0;
  if (m > 0) {
    const double s = ::sqrt((1.0 - x) * (1.0 + x));
    double f = 1.0;
    for (long long i = 1; i <= m; ++i) {
      pmm *= -f * s;
      f += 2.0;
    }
  }
  if (n == m) return pmm;
  double p1 = x * (2.0 * m + 1.0) * pmm;
  for (long long l = m + 2; l <= n; ++l) {
    const double p2 = (x * (2.0 * l - 1.0) * p1 - (l + m - 1.0) * pmm) / static_cast<double>(l - m);
    pmm = p1;
    p1 = p2;
  }
  return p1;
}

// P_v^m(x) for non-integer v from the hypergeometric series in z = (1 - x)/2 (any sign of m).
__device__ inline double sp_legendre_series(double m, double v, double x) {
  const double am = ::fabs(m);
  const double z = 0.5 * (1.0 - x);
  const double a = am - v, b = am + v + 1.0, c = am + 1.0;
  double term = 1.0, f = 1.0;
  for (int k = 0; k < 20000; ++k) {
    term *= (a + k) * (b + k) / ((c + k) * (k + 1.0)) * z;
    f += term;
    if (::fabs(term) < 1e-17 * ::fabs(f)) break;
  }
  double pref = ::pow((1.0 - x) * (1.0 + x), 0.5 * am);
  for (double k = 1.0; k <= am; k += 1.0) pref /= 2.0 * k;  // 2^m m!
  if (m >= 0) {
    for (double k = v - am + 1.0; k <= v + am; k += 1.0) pref *= k;  // Gamma(v+m+1)/Gamma(v-m+1)
    if (static_cast<long long>(am) % 2) pref = -pref;
  }
  return pref * f;
}

__device__ inline double sp_lpmv(double m, double v, double x) {
  if (isnan(m) || isnan(v) || isnan(x)) return m + v + x;
  if (m != ::floor(m) || ::fabs(x) > 1.0 || isinf(v) || isinf(m)) return sp_nan();
  if (v < 0.0) v = -v - 1.0;  // P_v = P_(-v-1)
  const double am = ::fabs(m);
  if (v == ::floor(v)) {
    if (am > v) return m < 0 ? sp_nan() : 0.0;  // SciPy's NaN for negative orders
    double p = sp_legendre_integer(static_cast<long long>(am), static_cast<long long>(v), x);
    if (m < 0) {
      // P_n^-m = (-1)^m (n-m)!/(n+m)! P_n^m
      double r = 1.0;
      for (double k = v - am + 1.0; k <= v + am; k += 1.0) r /= k;
      p *= (static_cast<long long>(am) % 2 ? -1.0 : 1.0) * r;
    }
    return p;
  }
  // Non-integer degree: the series at the two lowest degrees v0, v0 + 1 >= |m| of v's class,
  // where its terms alternate least, then the recurrence in the degree up to v.
  if (v < am + 1.0) return sp_legendre_series(m, v, x);
  const double v0 = v - ::floor(v - am);
  double p0 = sp_legendre_series(m, v0, x);
  if (v == v0) return p0;
  double p1 = sp_legendre_series(m, v0 + 1.0, x);
  for (double l = v0 + 2.0; l <= v + 0.5; l += 1.0) {
    const double p2 = (x * (2.0 * l - 1.0) * p1 - (l + m - 1.0) * p0) / (l - m);
    p0 = p1;
    p1 = p2;
  }
  return p1;
}

// The theta part of Y_n^m: ybar_n^m(theta) = sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos theta)
// for any integer m (ybar_n^-m = (-1)^m ybar_n^m; zero for |m| > n or n < 0), from x = cos
// theta and s = |sin theta|, by the recurrence on the normalized functions, which stay in range
// for large n and m.
__device__ inline double sp_sph_legendre_norm(long long n, long long m, double x, double s) {
  const long long am = m < 0 ? -m : m;
  if (n < 0 || am > n) return 0.0;
  // ybar_mm = (-1)^m sqrt((2m+1)/(4 pi) prod_{k<=m} (2k-1)/(2k)) s^m
  double y = 0.28209479177387814347;  // 1/sqrt(4 pi)
  for (long long k = 1; k <= am; ++k) y *= -::sqrt((2.0 * k + 1.0) / (2.0 * k)) * s;
  if (n > am) {
    double prev = y;
    y = ::sqrt(2.0 * am + 3.0) * x * prev;
    for (long long l = am + 2; l <= n; ++l) {
      const double dl = static_cast<double>(l), dm = static_cast<double>(am);
      const double al = ::sqrt((4.0 * dl * dl - 1.0) / (dl * dl - dm * dm));
      const double bl = ::sqrt(((dl - 1.0) * (dl - 1.0) - dm * dm) /
                               (4.0 * (dl - 1.0) * (dl - 1.0) - 1.0));
      const double next = al * (x * y - bl * prev);
      prev = y;
      y = next;
    }
  }
  return (m < 0 && (am % 2)) ? -y : y;
}

// Y_n^m(theta, phi) = ybar_n^m(theta) e^(i m phi), with SciPy 1.15+'s argument order (theta
// polar, phi azimuthal) and |sin theta| in P_n^m; zero for |m| > n or n < 0.
__device__ inline complex<double> sp_sph_harm_y(long long n, long long m, double theta,
                                                double phi) {
  if (isnan(theta) || isnan(phi)) return complex<double>(sp_nan(), sp_nan());
  const double y = sp_sph_legendre_norm(n, m, ::cos(theta), ::fabs(::sin(theta)));
  const double ang = static_cast<double>(m) * phi;
  return complex<double>(y * ::cos(ang), y * ::sin(ang));
}

__device__ inline complex<double> sp_sph_harm_y(double n, double m, double theta, double phi) {
  return sp_sph_harm_y(static_cast<long long>(n), static_cast<long long>(m), theta, phi);
}

// Derivatives in theta (those in phi are i m and -m^2 times, added by sph_harm_y's wrapper).
// The ladder operators L+- = e^(+-i phi) (+-d/dtheta + i cot(theta) d/dphi) move Y_n^m to
// c+(m) Y_n^(m+1) and c-(m) Y_n^(m-1), c+(m) = sqrt((n-m)(n+m+1)), c-(m) = sqrt((n+m)(n-m+1));
// their difference leaves d/dtheta alone without the cotangent, so no division by sin theta:
//   ybar' = (c+(m) ybar^(m+1) - c-(m) ybar^(m-1)) / 2
//   ybar'' = (c+(m) c+(m+1) ybar^(m+2) - (c+(m)^2 + c-(m)^2) ybar^m + c-(m) c-(m-1) ybar^(m-2)) / 4
// (c+(m) = c-(m+1), so the middle terms gather). The orders beyond n are zero, as their
// factors. Where sin theta < 0 SciPy's |sin theta| mirrors the function, so the odd derivative
// changes sign (theta -> -theta) there.
struct sp_sph_ladder {
  double cp, cm;  // c+(m), c-(m)
  __device__ sp_sph_ladder(long long n, long long m) {
    const double dn = static_cast<double>(n), dm = static_cast<double>(m);
    cp = ::sqrt(::fmax((dn - dm) * (dn + dm + 1.0), 0.0));
    cm = ::sqrt(::fmax((dn + dm) * (dn - dm + 1.0), 0.0));
  }
};

__device__ inline void sp_sph_harm_y_theta(long long n, long long m, double theta, int order,
                                           double& y, double& y1, double& y2) {
  const double x = ::cos(theta), sn = ::sin(theta), s = ::fabs(sn);
  y = sp_sph_legendre_norm(n, m, x, s);
  y1 = y2 = 0.0;
  const long long am = m < 0 ? -m : m;
  if (n < 0 || am > n) return;
  const sp_sph_ladder c(n, m);
  const double up = sp_sph_legendre_norm(n, m + 1, x, s);
  const double down = sp_sph_legendre_norm(n, m - 1, x, s);
  y1 = 0.5 * (c.cp * up - c.cm * down);
  if (sn < 0.0) y1 = -y1;
  if (order < 2) return;
  const sp_sph_ladder cu(n, m + 1), cd(n, m - 1);
  const double up2 = sp_sph_legendre_norm(n, m + 2, x, s);
  const double down2 = sp_sph_legendre_norm(n, m - 2, x, s);
  y2 = 0.25 * (c.cp * cu.cp * up2 - (c.cp * c.cp + c.cm * c.cm) * y + c.cm * cd.cm * down2);
}

// Y and dY/dtheta (sph_harm_y with diff_n=1; the wrapper adds dY/dphi = i m Y).
__device__ inline void sp_sph_harm_y_d1(long long n, long long m, double theta, double phi,
                                        complex<double>& y, complex<double>& yt) {
  if (isnan(theta) || isnan(phi)) {
    y = yt = complex<double>(sp_nan(), sp_nan());
    return;
  }
  double f, f1, f2;
  sp_sph_harm_y_theta(n, m, theta, 1, f, f1, f2);
  const double ang = static_cast<double>(m) * phi, c = ::cos(ang), sa = ::sin(ang);
  y = complex<double>(f * c, f * sa);
  yt = complex<double>(f1 * c, f1 * sa);
}

// Y, dY/dtheta and d2Y/dtheta2 (diff_n=2; the wrapper adds the phi derivatives).
__device__ inline void sp_sph_harm_y_d2(long long n, long long m, double theta, double phi,
                                        complex<double>& y, complex<double>& yt,
                                        complex<double>& ytt) {
  if (isnan(theta) || isnan(phi)) {
    y = yt = ytt = complex<double>(sp_nan(), sp_nan());
    return;
  }
  double f, f1, f2;
  sp_sph_harm_y_theta(n, m, theta, 2, f, f1, f2);
  const double ang = static_cast<double>(m) * phi, c = ::cos(ang), sa = ::sin(ang);
  y = complex<double>(f * c, f * sa);
  yt = complex<double>(f1 * c, f1 * sa);
  ytt = complex<double>(f2 * c, f2 * sa);
}

}  // namespace cunp::special
