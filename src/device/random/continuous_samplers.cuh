// src/device/random/continuous_samplers.cuh -- the continuous distributions drawn from an
// element's sub-stream (gamma, beta, chi-square, F, t, Cauchy, ..., von Mises). The noncentral
// ones, which mix in a Poisson count, are in noncentral_samplers.cuh.
#pragma once
#include "substream.cuh"

namespace cunp_random {

CUNP_RFN double gamma_mt(Rng& g, double a) {  // Marsaglia-Tsang, a >= 1
  const double d = a - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = g.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = g.uniform();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return d * v;
    if (log(u) < 0.5 * x * x + d * (1.0 - v + log(v))) return d * v;
  }
}
CUNP_RFN double standard_gamma(Rng& g, double shape) {
  if (shape == 1.0) return g.exponential();
  if (shape == 0.0) return 0.0;
  if (shape < 1.0) {  // boost: Gamma(a) = Gamma(a + 1) * U^(1/a)
    const double u = g.uniform_open();
    return gamma_mt(g, shape + 1.0) * pow(u, 1.0 / shape);
  }
  return gamma_mt(g, shape);
}
CUNP_RFN double beta(Rng& g, double a, double b) {
  if (a <= 1.0 && b <= 1.0) {  // Johnk's algorithm, in logs when both powers underflow
    for (;;) {
      const double u = g.uniform(), v = g.uniform();
      const double x = pow(u, 1.0 / a), y = pow(v, 1.0 / b), xy = x + y;
      if (xy <= 1.0 && u + v > 0.0) {
        if (xy > 0.0) return x / xy;
        double lx = log(u) / a, ly = log(v) / b;
        const double lm = lx > ly ? lx : ly;
        lx -= lm;
        ly -= lm;
        return exp(lx - log(exp(lx) + exp(ly)));
      }
    }
  }
  const double x = standard_gamma(g, a), y = standard_gamma(g, b);
  return x / (x + y);
}
CUNP_RFN double chisquare(Rng& g, double df) { return 2.0 * standard_gamma(g, df / 2.0); }

CUNP_RFN double f_dist(Rng& g, double dfnum, double dfden) {
  return (chisquare(g, dfnum) * dfden) / (chisquare(g, dfden) * dfnum);
}
CUNP_RFN double standard_t(Rng& g, double df) {
  const double n = g.normal(), c = standard_gamma(g, df / 2.0);
  return sqrt(df / 2.0) * n / sqrt(c);
}
CUNP_RFN double standard_cauchy(Rng& g) {
  const double a = g.normal(), b = g.normal();
  return a / b;
}
CUNP_RFN double laplace(Rng& g, double loc, double scale) {
  const double u = g.uniform_open();
  return u < 0.5 ? loc + scale * log(2.0 * u) : loc - scale * log(2.0 * (1.0 - u));
}
CUNP_RFN double logistic(Rng& g, double loc, double scale) {
  const double u = g.uniform_open();
  return loc + scale * log(u / (1.0 - u));
}
CUNP_RFN double gumbel(Rng& g, double loc, double scale) {
  const double u = g.uniform_open();
  return loc - scale * log(-log(u));
}
CUNP_RFN double pareto(Rng& g, double a) { return expm1(g.exponential() / a); }
CUNP_RFN double power(Rng& g, double a) { return pow(-expm1(-g.exponential()), 1.0 / a); }
CUNP_RFN double weibull(Rng& g, double a) { return a == 0.0 ? 0.0 : pow(g.exponential(), 1.0 / a); }
CUNP_RFN double rayleigh(Rng& g, double scale) { return scale * sqrt(2.0 * g.exponential()); }
CUNP_RFN double triangular(Rng& g, double left, double mode, double right) {
  const double base = right - left, lb = mode - left, ratio = lb / base;
  const double u = g.uniform();
  if (u <= ratio) return left + sqrt(u * lb * base);
  return right - sqrt((1.0 - u) * (right - mode) * base);
}
CUNP_RFN double wald(Rng& g, double mean, double scale) {
  const double mu_2l = mean / (2.0 * scale);
  double y = g.normal();
  y = mean * y * y;
  const double x = mean + mu_2l * (y - sqrt(4.0 * scale * y + y * y));
  const double u = g.uniform();
  return u <= mean / (mean + x) ? x : mean * mean / x;
}
CUNP_RFN double vonmises(Rng& g, double mu, double kappa) {
  const double pi = 3.141592653589793;
  if (kappa < 1e-8) return pi * (2.0 * g.uniform() - 1.0);
  double s;
  if (kappa < 1e-5) {
    s = 1.0 / kappa + kappa;
  } else if (kappa <= 1e6) {
    const double r = 1.0 + sqrt(1.0 + 4.0 * kappa * kappa);
    const double rho = (r - sqrt(2.0 * r)) / (2.0 * kappa);
    s = (1.0 + rho * rho) / (2.0 * rho);
  } else {  // wrapped normal: the von Mises density is indistinguishable from it here
    double x = mu + sqrt(1.0 / kappa) * g.normal();
    if (x < -pi) x += 2.0 * pi;
    if (x > pi) x -= 2.0 * pi;
    return x;
  }
  double w;
  for (;;) {
    const double u = g.uniform(), z = cos(pi * u);
    w = (1.0 + s * z) / (s + z);
    const double y = kappa * (s - w), v = g.uniform();
    if (y * (2.0 - y) - v >= 0.0 || log(y / v) + 1.0 - y >= 0.0) break;
  }
  const double u = g.uniform();
  double x = acos(w);
  if (u < 0.5) x = -x;
  x += mu;
  const bool neg = x < 0.0;
  double m = fabs(x);
  m = fmod(m + pi, 2.0 * pi) - pi;
  return neg ? -m : m;
}

}  // namespace cunp_random
