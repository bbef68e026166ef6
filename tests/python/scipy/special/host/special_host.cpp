// tests/python/scipy/special/host/special_host.cpp -- the device code of the special functions
// that need no CUDA library call, compiled for the host: reads lines "name a b c d" and prints
// each result (several for ellipj, sici, shichi; real and imaginary parts for complex ones, and
// for the complex loops "c_<name>" of z = a + bi, w = c + di) with
// 17 digits, so that test_special_host.py can compare the GPU's algorithms with SciPy on a CPU.
#include <cstdio>
#include <cstring>

#include "host_shim.hpp"
#include "../../../../../src/device/special/special_values.cuh"
#include "../../../../../src/device/special/digamma.cuh"
#include "../../../../../src/device/special/elliptic.cuh"
#include "../../../../../src/device/special/boxcox.cuh"
#include "../../../../../src/device/special/elementary.cuh"
#include "../../../../../src/device/special/gamma_function.cuh"
#include "../../../../../src/device/special/incomplete_gamma.cuh"
#include "../../../../../src/device/special/incomplete_beta.cuh"
#include "../../../../../src/device/special/distributions.cuh"
#include "../../../../../src/device/special/bessel_i0.cuh"
#include "../../../../../src/device/special/bessel.cuh"
#include "../../../../../src/device/special/carlson.cuh"
#include "../../../../../src/device/special/elliptic_legendre.cuh"
#include "../../../../../src/device/special/jacobi_elliptic.cuh"
#include "../../../../../src/device/special/exponential_integral.cuh"
#include "../../../../../src/device/special/expn.cuh"
#include "../../../../../src/device/special/trig_integrals.cuh"
#include "../../../../../src/device/special/complex_arith.cuh"
#include "../../../../../src/device/special/complex_elementary.cuh"
#include "../../../../../src/device/special/complex_expint.cuh"
#include "../../../../../src/device/special/complex_gamma.cuh"
#include "../../../../../src/device/special/dilogarithm.cuh"
#include "../../../../../src/device/special/fresnel.cuh"
#include "../../../../../src/device/special/voigt.cuh"
#include "../../../../../src/device/special/agm.cuh"
#include "../../../../../src/device/special/complex_trig_integrals.cuh"
#include "../../../../../src/device/special/faddeeva.cuh"
#include "../../../../../src/device/special/lambertw.cuh"
#include "../../../../../src/device/special/wright_bessel.cuh"
#include "../../../../../src/device/special/legendre.cuh"
#include "../../../../../src/device/special/spherical_bessel.cuh"

using namespace cunp::special;

int main() {
  char f[32];
  double a, b, c, d;
  while (std::scanf("%31s %lf %lf %lf %lf", f, &a, &b, &c, &d) == 5) {
    double r[6] = {0, 0, 0, 0, 0, 0};
    int n = 1;
    if (!std::strcmp(f, "ellipe")) {
      r[0] = sp_ellipe(a);
    } else if (!std::strcmp(f, "ellipkinc")) {
      r[0] = sp_ellipkinc(a, b);
    } else if (!std::strcmp(f, "ellipeinc")) {
      r[0] = sp_ellipeinc(a, b);
    } else if (!std::strcmp(f, "ellipj")) {
      sp_ellipj(a, b, r[0], r[1], r[2], r[3]);
      n = 4;
    } else if (!std::strcmp(f, "expn")) {
      r[0] = sp_expn(a, b);
    } else if (!std::strcmp(f, "sici")) {
      sp_sici(a, r[0], r[1]);
      n = 2;
    } else if (!std::strcmp(f, "shichi")) {
      sp_shichi(a, r[0], r[1]);
      n = 2;
    } else if (!std::strcmp(f, "lambertw")) {
      const sp_cx w = sp_lambertw(sp_cx(a, b), static_cast<long long>(c), d);
      r[0] = w.re;
      r[1] = w.im;
      n = 2;
    } else if (!std::strcmp(f, "wright_bessel")) {
      r[0] = sp_wright_bessel(a, b, c);
    } else if (!std::strcmp(f, "lpmv")) {
      r[0] = sp_lpmv(a, b, c);
    } else if (!std::strcmp(f, "sph_harm_y")) {
      const auto y = sp_sph_harm_y(static_cast<long long>(a), static_cast<long long>(b), c, d);
      r[0] = y.re;
      r[1] = y.im;
      n = 2;
    } else if (!std::strcmp(f, "sph_harm_y_d1") || !std::strcmp(f, "sph_harm_y_d2")) {
      // y, dy/dtheta (and d2y/dtheta2) as re, im pairs
      cunp::complex<double> y, yt, ytt;
      if (f[12] == '1') {
        sp_sph_harm_y_d1(static_cast<long long>(a), static_cast<long long>(b), c, d, y, yt);
      } else {
        sp_sph_harm_y_d2(static_cast<long long>(a), static_cast<long long>(b), c, d, y, yt, ytt);
      }
      const cunp::complex<double> v[3] = {y, yt, ytt};
      for (int k = 0; k < 3; ++k) {
        r[2 * k] = v[k].re;
        r[2 * k + 1] = v[k].im;
      }
      n = 6;
    } else if (!std::strcmp(f, "inv_boxcox1p")) {
      r[0] = sp_inv_boxcox1p(a, b);
    } else if (!std::strcmp(f, "spence")) {
      r[0] = sp_spence(a);
    } else if (!std::strcmp(f, "fresnel")) {
      sp_fresnel(a, r[0], r[1]);
      n = 2;
    } else if (!std::strcmp(f, "voigt_profile")) {
      r[0] = sp_voigt_profile(a, b, c);
    } else if (!std::strcmp(f, "agm")) {
      r[0] = sp_agm(a, b);
    } else if (!std::strcmp(f, "kn")) {
      r[0] = sp_kn(a, b);
    } else if (!std::strcmp(f, "stdtr")) {
      r[0] = sp_stdtr(a, b);
    } else if (!std::strcmp(f, "stdtrit")) {
      r[0] = sp_stdtrit(a, b);
    } else if (!std::strcmp(f, "gammainc")) {
      r[0] = sp_gammainc(a, b);
    } else if (!std::strcmp(f, "gammaincc")) {
      r[0] = sp_gammaincc(a, b);
    } else if (!std::strcmp(f, "gammaincinv")) {
      r[0] = sp_gammaincinv(a, b);
    } else if (!std::strcmp(f, "gammainccinv")) {
      r[0] = sp_gammainccinv(a, b);
    } else if (!std::strcmp(f, "betainc")) {
      r[0] = sp_betainc(a, b, c);
    } else if (!std::strcmp(f, "pdtr")) {  // the distribution functions on gammainc and betainc
      r[0] = sp_pdtr(a, b);
    } else if (!std::strcmp(f, "pdtrc")) {
      r[0] = sp_pdtrc(a, b);
    } else if (!std::strcmp(f, "pdtri")) {
      r[0] = sp_pdtri(a, b);
    } else if (!std::strcmp(f, "chdtr")) {
      r[0] = sp_chdtr(a, b);
    } else if (!std::strcmp(f, "chdtrc")) {
      r[0] = sp_chdtrc(a, b);
    } else if (!std::strcmp(f, "chdtri")) {
      r[0] = sp_chdtri(a, b);
    } else if (!std::strcmp(f, "gdtr")) {
      r[0] = sp_gdtr(a, b, c);
    } else if (!std::strcmp(f, "gdtrc")) {
      r[0] = sp_gdtrc(a, b, c);
    } else if (!std::strcmp(f, "bdtr")) {
      r[0] = sp_bdtr(a, b, c);
    } else if (!std::strcmp(f, "bdtrc")) {
      r[0] = sp_bdtrc(a, b, c);
    } else if (!std::strcmp(f, "nbdtr")) {
      r[0] = sp_nbdtr(a, b, c);
    } else if (!std::strcmp(f, "nbdtrc")) {
      r[0] = sp_nbdtrc(a, b, c);
    } else if (!std::strcmp(f, "fdtr")) {
      r[0] = sp_fdtr(a, b, c);
    } else if (!std::strcmp(f, "fdtrc")) {
      r[0] = sp_fdtrc(a, b, c);
    } else if (!std::strcmp(f, "betaincc")) {
      r[0] = sp_betaincc(a, b, c);
    } else if (!std::strcmp(f, "betainccinv")) {
      r[0] = sp_betainccinv(a, b, c);
    } else if (!std::strcmp(f, "chndtr")) {
      r[0] = sp_chndtr(a, b, c);
    } else if (!std::strcmp(f, "gdtrix")) {
      r[0] = sp_gdtrix(a, b, c);
    } else if (!std::strcmp(f, "powm1")) {
      r[0] = sp_powm1(a, b);
    } else if (!std::strcmp(f, "log_wright_bessel")) {
      r[0] = sp_log_wright_bessel(a, b, c);
    } else if (!std::strcmp(f, "elliprf")) {
      r[0] = sp_elliprf(a, b, c);
    } else if (!std::strcmp(f, "elliprd")) {
      r[0] = sp_elliprd(a, b, c);
    } else if (!std::strcmp(f, "elliprc")) {
      r[0] = sp_elliprc(a, b);
    } else if (!std::strcmp(f, "elliprg")) {
      r[0] = sp_elliprg(a, b, c);
    } else if (!std::strcmp(f, "erfi")) {
      r[0] = sp_erfi(a);
    } else if (!std::strcmp(f, "dawsn")) {
      r[0] = sp_dawsn(a);
    } else if (!std::strcmp(f, "exp2")) {
      r[0] = sp_exp2(a);
    } else if (!std::strcmp(f, "exp10")) {
      r[0] = sp_exp10(a);
    } else if (!std::strcmp(f, "cosm1")) {
      r[0] = sp_cosm1(a);
    } else if (!std::strcmp(f, "gammaln")) {
      r[0] = sp_gammaln(a);
    } else if (!std::strcmp(f, "gammaln_f32")) {  // the float loop (float overload)
      r[0] = sp_gammaln(static_cast<float>(a));
    } else if (!std::strcmp(f, "i0e")) {  // the float64 loop
      r[0] = sp_i0e(a);
    } else if (!std::strcmp(f, "i0e_f32")) {
      r[0] = sp_i0e(static_cast<float>(a));
    } else if (!std::strcmp(f, "loggamma")) {
      r[0] = sp_loggamma(a);
    } else if (!std::strcmp(f, "spherical_yn")) {
      r[0] = sp_spherical_yn(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_jn")) {
      r[0] = sp_spherical_jn(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_jn_d")) {
      r[0] = sp_spherical_jn_d(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_in")) {
      r[0] = sp_spherical_in(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_in_d")) {
      r[0] = sp_spherical_in_d(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_kn")) {
      r[0] = sp_spherical_kn(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_kn_d")) {
      r[0] = sp_spherical_kn_d(static_cast<long long>(a), b);
    } else if (!std::strcmp(f, "spherical_yn_d")) {
      r[0] = sp_spherical_yn_d(static_cast<long long>(a), b);
    } else if (f[0] == 'c' && f[1] == '_') {  // complex loops: z = a + bi (and w = c + di)
      const sp_cx z(a, b), w(c, d);
      sp_cx y(0.0, 0.0);
      const char* g = f + 2;
      if (!std::strcmp(g, "loggamma")) y = sp_loggamma(z);
      else if (!std::strcmp(g, "gamma")) y = sp_gamma(z);
      else if (!std::strcmp(g, "rgamma")) y = sp_rgamma(z);
      else if (!std::strcmp(g, "psi")) y = sp_digamma(z);
      else if (!std::strcmp(g, "expm1")) y = sp_expm1(z);
      else if (!std::strcmp(g, "log1p")) y = sp_log1p(z);
      else if (!std::strcmp(g, "exp1")) y = sp_exp1(z);
      else if (!std::strcmp(g, "expi")) y = sp_expi(z);
      else if (!std::strcmp(g, "xlogy")) y = sp_xlogy(z, w);
      else if (!std::strcmp(g, "xlog1py")) y = sp_xlog1py(z, w);
      else if (!std::strcmp(g, "wofz")) y = sp_wofz(z);
      else if (!std::strcmp(g, "erf")) y = sp_erf(z);
      else if (!std::strcmp(g, "erfc")) y = sp_erfc(z);
      else if (!std::strcmp(g, "erfcx")) y = sp_erfcx(z);
      else if (!std::strcmp(g, "erfi")) y = sp_erfi(z);
      else if (!std::strcmp(g, "dawsn")) y = sp_dawsn(z);
      else if (!std::strcmp(g, "ndtr")) y = sp_ndtr(z);
      else if (!std::strcmp(g, "log_ndtr")) y = sp_log_ndtr(z);
      else if (!std::strcmp(g, "spence")) y = sp_spence(z);
      if (!std::strcmp(g, "sici") || !std::strcmp(g, "shichi") || !std::strcmp(g, "fresnel")) {
        sp_cx p, q;
        if (g[0] == 'f') sp_fresnel(z, p, q);
        else if (g[1] == 'i') sp_sici(z, p, q);
        else sp_shichi(z, p, q);
        std::printf("%.17g %.17g %.17g %.17g\n", p.re, p.im, q.re, q.im);
        continue;
      }
      r[0] = y.re;
      r[1] = y.im;
      n = 2;
    } else {
      std::printf("unknown\n");
      continue;
    }
    for (int k = 0; k < n; ++k) std::printf(k ? " %.17g" : "%.17g", r[k]);
    std::printf("\n");
  }
  return 0;
}
