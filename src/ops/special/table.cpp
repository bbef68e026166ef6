// src/ops/special/table.cpp -- the scipy.special ufunc table: each SciPy ufunc cunp has, defined
// once, with the device part holding it (src/device/special/<part>.cuh) and SciPy's loops.
#include <string_view>
#include <unordered_map>

#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// SciPy's loops in the order scipy.special 1.18 lists them (the order decides which loop an
// integer or float16 input takes: float32 first gives float32 for float16, bool, int8 and int16);
// real ones only, except where a function is complex by nature (lambertw, sph_harm_y). A row with
// several outputs lists them after the arrow.
const char* const kD1 = "d->d f->f";
const char* const kF1 = "f->f d->d";
const char* const kF2 = "ff->f dd->d";
// With SciPy's complex loops after the real ones (complex64 computes in complex128).
const char* const kF1C = "f->f d->d F->F D->D";
const char* const kF2C = "ff->f dd->d FF->F DD->D";

struct Def {
  const char* name;
  int nin;
  const char* loops;
  const char* part;      // header stems under src/device/special, in include order
  const char* function;  // in namespace cunp::special
  Identity identity;     // as scipy.special reports it (0 for some ufuncs, else None)
  const char* doc;
};

using I = Identity;

std::vector<Def> definitions() {
  return {
      // error function and the normal distribution
      {"erf", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_erf", I::None, "Returns the error function of x."},
      {"erfc", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_erfc", I::None, "Complementary error function, 1 - erf(x)."},
      {"erfcx", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_erfcx", I::None, "Scaled complementary error function, exp(x**2) * erfc(x)."},
      {"erfinv", 1, kF1, "error_function", "sp_erfinv", I::Zero, "Inverse of the error function."},
      {"erfcinv", 1, kF1, "error_function", "sp_erfcinv", I::Zero,
       "Inverse of the complementary error function."},
      {"ndtr", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_ndtr", I::None, "Cumulative distribution of the standard normal distribution."},
      {"ndtri", 1, kF1, "error_function", "sp_ndtri", I::Zero, "Inverse of ndtr vs x."},
      {"log_ndtr", 1, kF1C,
       "special_values error_function complex_arith complex_elementary faddeeva", "sp_log_ndtr",
       I::None, "Logarithm of Gaussian cumulative distribution function."},
      {"erfi", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_erfi", I::None, "Imaginary error function, -i erf(i z)."},
      {"dawsn", 1, kF1C, "special_values error_function complex_arith complex_elementary faddeeva",
       "sp_dawsn", I::None, "Dawson's integral."},
      {"wofz", 1, "F->F D->D",
       "special_values error_function complex_arith complex_elementary faddeeva", "sp_wofz",
       I::None, "Faddeeva function, exp(-z**2) erfc(-i z)."},
      // gamma and beta functions
      {"gamma", 1, kF1C, "special_values gamma_function complex_arith complex_gamma", "sp_gamma",
       I::None, "gamma function."},
      {"gammaln", 1, kF1, "special_values gamma_function", "sp_gammaln", I::None,
       "Logarithm of the absolute value of the gamma function."},
      {"loggamma", 1, kF1C, "special_values gamma_function complex_arith complex_gamma",
       "sp_loggamma", I::None,
       "Principal branch of the logarithm of the gamma function (real inputs)."},
      {"gammasgn", 1, kF1, "special_values gamma_function", "sp_gammasgn", I::None,
       "Sign of the gamma function."},
      {"rgamma", 1, kF1C, "special_values gamma_function complex_arith complex_gamma", "sp_rgamma",
       I::None, "Reciprocal of the gamma function."},
      {"psi", 1, kF1C, "special_values digamma complex_arith complex_gamma", "sp_digamma", I::None,
       "The digamma function: the logarithmic derivative of the gamma function."},
      {"poch", 2, kF2, "special_values gamma_function", "sp_poch", I::Zero, "Pochhammer symbol."},
      {"beta", 2, kF2, "special_values gamma_function", "sp_beta", I::None, "Beta function."},
      {"betaln", 2, kF2, "special_values gamma_function", "sp_betaln", I::None,
       "Natural logarithm of absolute value of beta function."},
      {"binom", 2, kF2, "special_values gamma_function", "sp_binom", I::None,
       "Binomial coefficient considered as a function of two real variables."},
      // incomplete gamma functions and their inverses
      {"gammainc", 2, kF2, "special_values gamma_function double_double incomplete_gamma",
       "sp_gammainc", I::None, "Regularized lower incomplete gamma function."},
      {"gammaincc", 2, kF2, "special_values gamma_function double_double incomplete_gamma",
       "sp_gammaincc", I::None, "Regularized upper incomplete gamma function."},
      {"gammaincinv", 2, kF2, "special_values gamma_function double_double incomplete_gamma",
       "sp_gammaincinv", I::None, "Inverse to the regularized lower incomplete gamma function."},
      {"gammainccinv", 2, kF2, "special_values gamma_function double_double incomplete_gamma",
       "sp_gammainccinv", I::None, "Inverse of the regularized upper incomplete gamma function."},
      {"betainc", 3, "fff->f ddd->d", "special_values gamma_function double_double incomplete_beta",
       "sp_betainc", I::Zero, "Regularized incomplete beta function."},
      {"betaincinv", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_beta", "sp_betaincinv", I::Zero,
       "Inverse of the regularized incomplete beta function."},
      // distribution functions
      {"pdtr", 2, kF2,
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_pdtr", I::Zero, "Poisson cumulative distribution function."},
      {"pdtrc", 2, kF2,
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_pdtrc", I::Zero, "Poisson survival function."},
      {"pdtri", 2, "ld->d ff->f dd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_pdtri", I::Zero, "Inverse to pdtr vs m."},
      {"chdtr", 2, kF2,
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_chdtr", I::Zero, "Chi square cumulative distribution function."},
      {"chdtrc", 2, kF2,
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_chdtrc", I::Zero, "Chi square survival function."},
      {"chdtri", 2, kF2,
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_chdtri", I::Zero, "Inverse to chdtrc with respect to x."},
      {"gdtr", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_gdtr", I::Zero, "Gamma distribution cumulative distribution function."},
      {"gdtrc", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_gdtrc", I::Zero, "Gamma distribution survival function."},
      {"bdtr", 3, "fff->f dld->d ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_bdtr", I::Zero, "Binomial distribution cumulative distribution function."},
      {"bdtrc", 3, "fff->f dld->d ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_bdtrc", I::Zero, "Binomial distribution survival function."},
      {"bdtri", 3, "fff->f dld->d ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_bdtri", I::Zero, "Inverse function to bdtr with respect to p."},
      {"nbdtr", 3, "lld->d fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_nbdtr", I::Zero, "Negative binomial cumulative distribution function."},
      {"nbdtrc", 3, "lld->d fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_nbdtrc", I::Zero, "Negative binomial survival function."},
      {"fdtr", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_fdtr", I::Zero, "F cumulative distribution function."},
      {"fdtrc", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_fdtrc", I::Zero, "F survival function."},
      {"fdtri", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_fdtri", I::Zero, "The p-th quantile of the F-distribution."},
      // elliptic integrals
      {"ellipk", 1, kF1, "special_values elliptic", "sp_ellipk", I::None,
       "Complete elliptic integral of the first kind."},
      {"ellipkm1", 1, kF1, "special_values elliptic", "sp_ellipkm1", I::None,
       "Complete elliptic integral of the first kind around m = 1."},
      // exponential integrals
      {"exp1", 1, kF1C, "special_values exponential_integral complex_arith complex_expint",
       "sp_exp1", I::None, "Exponential integral E1."},
      {"expi", 1, kF1C, "special_values exponential_integral complex_arith complex_expint",
       "sp_expi", I::None, "Exponential integral Ei."},
      // zeta
      {"_zeta", 2, kF2, "special_values zeta", "sp_hurwitz_zeta", I::None,
       "Hurwitz zeta function."},
      {"_riemann_zeta", 1, kD1, "special_values zeta", "sp_riemann_zeta", I::None,
       "Riemann zeta function."},
      {"zetac", 1, kF1, "special_values zeta", "sp_zetac", I::None,
       "Riemann zeta function minus 1."},
      {"spence", 1, kF1C, "special_values complex_arith dilogarithm", "sp_spence", I::Zero,
       "Spence's function, the dilogarithm Li2(1 - z)."},
      {"fresnel", 1, "f->ff d->dd F->FF D->DD",
       "special_values error_function complex_arith complex_elementary faddeeva fresnel",
       "sp_fresnel", I::None, "Fresnel integrals S(z) and C(z)."},
      {"voigt_profile", 3, "fff->f ddd->d",
       "special_values error_function complex_arith complex_elementary faddeeva voigt",
       "sp_voigt_profile", I::None, "Voigt profile."},
      {"agm", 2, "ff->f dd->d", "special_values agm", "sp_agm", I::Zero,
       "Compute the arithmetic-geometric mean of a and b."},
      {"kn", 2, "ld->d ff->f dd->d", "bessel_i0 special_values bessel", "sp_kn", I::Zero,
       "Modified Bessel function of the second kind of integer order n."},
      {"stdtr", 2, "ff->f dd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_stdtr", I::Zero, "Student t distribution cumulative distribution function."},
      {"stdtrit", 2, "ff->f dd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_stdtrit", I::Zero, "The p-th quantile of the student t distribution."},
      {"betaincc", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_betaincc", I::Zero, "Complement of the regularized incomplete beta function."},
      {"betainccinv", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_betainccinv", I::Zero,
       "Inverse of the complemented regularized incomplete beta function."},
      {"chndtr", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_chndtr", I::Zero, "Non-central chi square cumulative distribution function."},
      {"gdtrix", 3, "fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_gdtrix", I::Zero, "Inverse of gdtr vs x."},
      {"powm1", 2, "ff->f dd->d", "special_values elementary", "sp_powm1", I::Zero,
       "Computes x**y - 1."},
      {"log_wright_bessel", 3, "fff->f ddd->d",
       "special_values gamma_function double_double wright_bessel", "sp_log_wright_bessel", I::None,
       "Natural logarithm of Wright's generalized Bessel function."},
      {"elliprf", 3, "fff->f ddd->d", "special_values carlson", "sp_elliprf", I::Zero,
       "Completely-symmetric elliptic integral of the first kind."},
      {"elliprd", 3, "fff->f ddd->d", "special_values carlson", "sp_elliprd", I::Zero,
       "Symmetric elliptic integral of the second kind."},
      {"elliprc", 2, "ff->f dd->d", "special_values carlson", "sp_elliprc", I::Zero,
       "Degenerate symmetric elliptic integral."},
      {"elliprg", 3, "fff->f ddd->d", "special_values carlson", "sp_elliprg", I::Zero,
       "Completely-symmetric elliptic integral of the second kind."},
      {"_spherical_jn", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_jn",
       I::None, "Spherical Bessel function of the first kind."},
      {"_spherical_jn_d", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_jn_d",
       I::None, "Derivative of the spherical Bessel function j_n."},
      {"_spherical_in", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_in",
       I::None, "Modified spherical Bessel function of the first kind."},
      {"_spherical_in_d", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_in_d",
       I::None, "Derivative of the modified spherical Bessel function i_n."},
      {"_spherical_kn", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_kn",
       I::None, "Modified spherical Bessel function of the second kind."},
      {"_spherical_kn_d", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_kn_d",
       I::None, "Derivative of the modified spherical Bessel function k_n."},
      // logistic function and information theory
      {"expit", 1, kF1, "logistic", "sp_expit", I::None, "Expit (the logistic sigmoid)."},
      {"logit", 1, kD1, "logistic", "sp_logit", I::None, "Logit, log(p / (1 - p))."},
      {"log_expit", 1, kF1, "logistic", "sp_log_expit", I::None,
       "Logarithm of the logistic sigmoid function."},
      {"entr", 1, kF1, "special_values information", "sp_entr", I::Zero,
       "Elementwise function for computing entropy."},
      {"rel_entr", 2, kF2, "special_values information", "sp_rel_entr", I::Zero,
       "Elementwise function for computing relative entropy."},
      {"kl_div", 2, kF2, "special_values information", "sp_kl_div", I::Zero,
       "Elementwise function for computing Kullback-Leibler divergence."},
      {"huber", 2, kF2, "special_values information", "sp_huber", I::Zero, "Huber loss function."},
      {"pseudo_huber", 2, kF2, "special_values information", "sp_pseudo_huber", I::Zero,
       "Pseudo-Huber loss function."},
      {"xlogy", 2, kF2C, "special_values information complex_arith complex_elementary", "sp_xlogy",
       I::None, "Compute x*log(y) so that the result is 0 if x = 0."},
      {"xlog1py", 2, kF2C, "special_values information complex_arith complex_elementary",
       "sp_xlog1py", I::None, "Compute x*log1p(y) so that the result is 0 if x = 0."},
      // exponentials and trigonometry
      {"exp2", 1, kF1, "special_values elementary", "sp_exp2", I::None,
       "Compute 2**x element-wise."},
      {"exp10", 1, kF1, "special_values elementary", "sp_exp10", I::None,
       "Compute 10**x element-wise."},
      {"expm1", 1, kF1C, "special_values elementary complex_arith complex_elementary", "sp_expm1",
       I::None, "Compute exp(x) - 1."},
      {"log1p", 1, kF1C, "special_values elementary complex_arith complex_elementary", "sp_log1p",
       I::None, "Calculates log(1 + x)."},
      {"cbrt", 1, kF1, "special_values elementary", "sp_cbrt", I::None,
       "Element-wise cube root of x."},
      {"exprel", 1, kF1, "special_values elementary", "sp_exprel", I::None,
       "Relative error exponential, (exp(x) - 1)/x."},
      {"cosm1", 1, kF1, "special_values elementary", "sp_cosm1", I::None,
       "cos(x) - 1 for use when x is near zero."},
      {"cosdg", 1, kF1, "special_values elementary", "sp_cosdg", I::None,
       "Cosine of the angle x given in degrees."},
      {"sindg", 1, kF1, "special_values elementary", "sp_sindg", I::None,
       "Sine of the angle x given in degrees."},
      {"tandg", 1, kF1, "special_values elementary", "sp_tandg", I::None,
       "Tangent of angle x given in degrees."},
      {"cotdg", 1, kF1, "special_values elementary", "sp_cotdg", I::None,
       "Cotangent of the angle x given in degrees."},
      {"radian", 3, "fff->f ddd->d", "special_values elementary", "sp_radian", I::None,
       "Convert from degrees, minutes, seconds to radians."},
      {"round", 1, kF1, "special_values elementary", "sp_round", I::Zero,
       "Round to the nearest integer (half away from zero)."},
      // Box-Cox transformations
      {"boxcox", 2, kF2, "boxcox", "sp_boxcox", I::Zero, "Compute the Box-Cox transformation."},
      {"boxcox1p", 2, kF2, "boxcox", "sp_boxcox1p", I::Zero,
       "Compute the Box-Cox transformation of 1 + x."},
      {"inv_boxcox", 2, kF2, "boxcox", "sp_inv_boxcox", I::Zero,
       "Compute the inverse of the Box-Cox transformation."},
      {"inv_boxcox1p", 2, kF2, "boxcox", "sp_inv_boxcox1p", I::Zero,
       "Compute the inverse of the Box-Cox transformation of 1 + x."},
      // Bessel functions
      {"i0", 1, kF1, "bessel_i0 special_values bessel", "sp_i0", I::None,
       "Modified Bessel function of order 0."},
      {"i0e", 1, kF1, "bessel_i0 special_values bessel", "sp_i0e", I::None,
       "Exponentially scaled modified Bessel function of order 0."},
      {"i1", 1, kF1, "bessel_i0 special_values bessel", "sp_i1", I::None,
       "Modified Bessel function of order 1."},
      {"i1e", 1, kF1, "bessel_i0 special_values bessel", "sp_i1e", I::None,
       "Exponentially scaled modified Bessel function of order 1."},
      {"k0", 1, kF1, "bessel_i0 special_values bessel", "sp_k0", I::None,
       "Modified Bessel function of the second kind of order 0."},
      {"k0e", 1, kF1, "bessel_i0 special_values bessel", "sp_k0e", I::None,
       "Exponentially scaled modified Bessel function K of order 0."},
      {"k1", 1, kF1, "bessel_i0 special_values bessel", "sp_k1", I::None,
       "Modified Bessel function of the second kind of order 1."},
      {"k1e", 1, kF1, "bessel_i0 special_values bessel", "sp_k1e", I::None,
       "Exponentially scaled modified Bessel function K of order 1."},
      {"j0", 1, kF1, "bessel_i0 special_values bessel", "sp_j0", I::None,
       "Bessel function of the first kind of order 0."},
      {"j1", 1, kF1, "bessel_i0 special_values bessel", "sp_j1", I::None,
       "Bessel function of the first kind of order 1."},
      {"y0", 1, kF1, "bessel_i0 special_values bessel", "sp_y0", I::None,
       "Bessel function of the second kind of order 0."},
      {"y1", 1, kF1, "bessel_i0 special_values bessel", "sp_y1", I::None,
       "Bessel function of the second kind of order 1."},
      {"yn", 2, "ld->d ff->f dd->d", "bessel_i0 special_values bessel", "sp_yn", I::Zero,
       "Bessel function of the second kind of integer order and real argument."},
      // elliptic integrals and functions beyond K (Carlson's forms, the AGM)
      {"ellipe", 1, kF1, "special_values elliptic carlson elliptic_legendre", "sp_ellipe", I::None,
       "Complete elliptic integral of the second kind."},
      {"ellipkinc", 2, kF2, "special_values elliptic carlson elliptic_legendre", "sp_ellipkinc",
       I::None, "Incomplete elliptic integral of the first kind."},
      {"ellipeinc", 2, kF2, "special_values elliptic carlson elliptic_legendre", "sp_ellipeinc",
       I::None, "Incomplete elliptic integral of the second kind."},
      {"ellipj", 2, "ff->ffff dd->dddd", "special_values jacobi_elliptic", "sp_ellipj", I::None,
       "Jacobian elliptic functions sn, cn, dn and the amplitude ph."},
      // exponential, sine and cosine integrals
      {"expn", 2, "ld->d ff->f dd->d", "special_values digamma expn", "sp_expn", I::Zero,
       "Generalized exponential integral En."},
      {"sici", 1, "f->ff d->dd F->FF D->DD",
       "special_values exponential_integral trig_integrals complex_arith complex_expint complex_trig_integrals",
       "sp_sici", I::Zero, "Sine and cosine integrals."},
      {"shichi", 1, "f->ff d->dd F->FF D->DD",
       "special_values exponential_integral trig_integrals complex_arith complex_expint complex_trig_integrals",
       "sp_shichi", I::Zero, "Hyperbolic sine and cosine integrals."},
      // Lambert W, Wright's Bessel function, Legendre functions, spherical Bessel y_n
      {"_lambertw", 3, "Dld->D Flf->F", "special_values complex_arith lambertw", "sp_lambertw",
       I::None, "Lambert W function (branch k, tolerance tol)."},
      {"wright_bessel", 3, "fff->f ddd->d",
       "special_values gamma_function double_double wright_bessel", "sp_wright_bessel", I::None,
       "Wright's generalized Bessel function."},
      {"lpmv", 3, "fff->f ddd->d", "special_values legendre", "sp_lpmv", I::Zero,
       "Associated Legendre function of integer order and real degree."},
      {"_sph_harm_y", 4, "lldd->D llff->F", "special_values legendre", "sp_sph_harm_y", I::None,
       "Spherical harmonics Y_n^m(theta, phi)."},
      // sph_harm_y(diff_n=1, 2): the theta derivatives (the wrapper adds phi's, i m and -m^2
      // times); complex128 only, as SciPy's derivatives are for any real input
      {"_sph_harm_y_d1", 4, "lldd->DD", "special_values legendre", "sp_sph_harm_y_d1", I::None,
       "Spherical harmonics Y_n^m and dY/dtheta."},
      {"_sph_harm_y_d2", 4, "lldd->DDD", "special_values legendre", "sp_sph_harm_y_d2", I::None,
       "Spherical harmonics Y_n^m, dY/dtheta and d2Y/dtheta2."},
      {"_spherical_yn", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_yn",
       I::None, "Spherical Bessel function of the second kind."},
      {"_spherical_yn_d", 2, "ld->d lf->f", "special_values spherical_bessel", "sp_spherical_yn_d",
       I::None, "Derivative of the spherical Bessel function y_n."},
      // distribution inverses, and CuPy's beta distribution names (SciPy 1.12 removed them)
      {"nbdtri", 3, "lld->d fff->f ddd->d",
       "special_values gamma_function double_double incomplete_gamma incomplete_beta distributions",
       "sp_nbdtri", I::Zero, "Inverse of nbdtr vs p."},
      {"btdtr", 3, "fff->f ddd->d", "special_values gamma_function double_double incomplete_beta",
       "sp_betainc", I::Zero,
       "Cumulative distribution function of the beta distribution (CuPy's name)."},
      {"btdtri", 3, "fff->f ddd->d", "special_values gamma_function double_double incomplete_beta",
       "sp_betaincinv", I::Zero, "The p-th quantile of the beta distribution (CuPy's name)."},
  };
}

// Functions whose float32 loop calls a float overload of its own: float arithmetic (i0e: double
// only for the steps whose rounding would show; gammaln: hi + lo pairs of floats instead), within
// 1 ulp of SciPy's float64 value (tests/python/scipy/special/test_special_host.py).
const char* const kFloatLoops[] = {"gammaln", "i0e"};

bool float_loop(const char* name) {
  for (const char* f : kFloatLoops)
    if (std::string_view(f) == name) return true;
  return false;
}

// The number of outputs of a row: the letters after the first loop's arrow (ellipj has four).
int outputs(const std::string& spec) {
  const std::size_t arrow = spec.find("->");
  const std::size_t end = spec.find(' ', arrow);
  return static_cast<int>((end == std::string::npos ? spec.size() : end) - arrow - 2);
}

std::vector<UfuncLoop> parse(const std::string& spec, int nin, const char* name) {
  std::vector<UfuncLoop> loops;
  std::size_t pos = 0;
  while (pos < spec.size()) {
    std::size_t end = spec.find(' ', pos);
    if (end == std::string::npos) end = spec.size();
    std::string tok = spec.substr(pos, end - pos);
    pos = end + 1;
    if (tok.empty()) continue;
    const int nout = static_cast<int>(tok.size()) - nin - 2;
    if (tok.find("->") != static_cast<std::size_t>(nin) || nout < 1 || nin + nout > 8)
      throw ValueError(std::string("special ufunc table: bad loop '") + tok + "' for " + name);
    UfuncLoop l{};
    for (int k = 0; k < nin; ++k) l.types[k] = dtype_from_char(tok[k]);
    for (int k = 0; k < nout; ++k) l.types[nin + k] = dtype_from_char(tok[nin + 2 + k]);
    loops.push_back(l);
  }
  return loops;
}

struct Table {
  std::vector<Ufunc> ufuncs;
  std::unordered_map<std::string, const Ufunc*> by_name;

  Table() {
    const int base = static_cast<int>(ufunc_table().size());
    for (const Def& d : definitions()) {
      Ufunc u;
      u.name = d.name;
      u.nin = d.nin;
      u.nout = outputs(d.loops);
      u.identity = d.identity;
      u.resolver = Resolver::Legacy;
      u.loops = parse(d.loops, d.nin, d.name);
      u.function = std::string("cunp::special::") + d.function;
      for (std::string parts = d.part; !parts.empty();) {
        std::size_t sp = parts.find(' ');
        u.device_parts.push_back(parts.substr(0, sp));
        parts = sp == std::string::npos ? "" : parts.substr(sp + 1);
      }
      // SciPy computes its float32 loops through double ('f->f' via 'd->d') for these, except
      // those whose device part has a float overload of its own (kFloatLoops).
      u.float_in_double = !float_loop(d.name);
      u.doc = d.doc;
      u.index = base + static_cast<int>(ufuncs.size());
      ufuncs.push_back(std::move(u));
    }
    for (const Ufunc& u : ufuncs) by_name.emplace(u.name, &u);
  }
};

const Table& table() {
  static const Table* t = new Table;  // never destroyed, as the ufunc table
  return *t;
}

}  // namespace

const std::vector<Ufunc>& special_ufunc_table() { return table().ufuncs; }

const Ufunc* find_special_ufunc(std::string_view name) {
  const auto& m = table().by_name;
  auto it = m.find(std::string(name));
  return it == m.end() ? nullptr : it->second;
}

}  // namespace cunp
