"""The distribution methods Generator and RandomState share, one table row per distribution:
its sampler, parameter kinds, NumPy's parameter checks and the output kind.

Float distributions take ``dtype=`` float64 (default) or float32, as CuPy's do; values are
computed in double precision and rounded, except uniform, normal and lognormal with scalar
parameters, whose float32 kernels work in float32 (normals through the GPU's approximate log,
sqrt, sin and cos: within about 1e-6 absolute of exact Box-Muller on the same bits, far below
anything a sample can show; these are the kernels that must run at memory speed). Integer
distributions give int64.
"""
from cunp.random import _kernels


def _nan(x):
    import numpy

    return numpy.isnan(x)


# name: (parameter kinds, checks: (predicate over host arrays, message), integer output)
_TABLE = {
    'standard_exponential': ('', (), False),
    'exponential': ('f', ((lambda s: s < 0, 'scale < 0'),), False),
    'standard_gamma': ('f', ((lambda k: k < 0, 'shape < 0'),), False),
    'gamma': ('ff', ((lambda k, s: k < 0, 'shape < 0'), (lambda k, s: s < 0, 'scale < 0')), False),
    'beta': ('ff', ((lambda a, b: a <= 0, 'a <= 0'), (lambda a, b: b <= 0, 'b <= 0')), False),
    'chisquare': ('f', ((lambda d: d <= 0, 'df <= 0'),), False),
    'noncentral_chisquare': ('ff', ((lambda d, n: d <= 0, 'df <= 0'),
                                    (lambda d, n: n < 0, 'nonc < 0')), False),
    'f': ('ff', ((lambda a, b: a <= 0, 'dfnum <= 0'), (lambda a, b: b <= 0, 'dfden <= 0')),
          False),
    'noncentral_f': ('fff', ((lambda a, b, n: a <= 0, 'dfnum <= 0'),
                             (lambda a, b, n: b <= 0, 'dfden <= 0'),
                             (lambda a, b, n: n < 0, 'nonc < 0')), False),
    'standard_t': ('f', ((lambda d: d <= 0, 'df <= 0'),), False),
    'standard_cauchy': ('', (), False),
    'laplace': ('ff', ((lambda l, s: s < 0, 'scale < 0'),), False),
    'logistic': ('ff', ((lambda l, s: s < 0, 'scale < 0'),), False),
    'gumbel': ('ff', ((lambda l, s: s < 0, 'scale < 0'),), False),
    'lognormal': ('ff', ((lambda m, s: s < 0, 'sigma < 0'),), False),
    'pareto': ('f', ((lambda a: a <= 0, 'a <= 0'),), False),
    'power': ('f', ((lambda a: a <= 0, 'a <= 0'),), False),
    'weibull': ('f', ((lambda a: a < 0, 'a < 0'),), False),
    'rayleigh': ('f', ((lambda s: s < 0, 'scale < 0'),), False),
    'triangular': ('fff', ((lambda l, m, r: l > m, 'left > mode'),
                           (lambda l, m, r: m > r, 'mode > right'),
                           (lambda l, m, r: l == r, 'left == right')), False),
    'vonmises': ('ff', ((lambda m, k: k < 0, 'kappa < 0'),), False),
    'wald': ('ff', ((lambda m, s: m <= 0, 'mean <= 0'), (lambda m, s: s <= 0, 'scale <= 0')),
             False),
    'binomial': ('if', ((lambda n, p: n < 0, 'n < 0'),
                        (lambda n, p: (p < 0) | (p > 1) | _nan(p), 'p < 0, p > 1 or p is NaN')),
                 True),
    'negative_binomial': ('ff', ((lambda n, p: (n <= 0) | _nan(n), 'n <= 0'),
                                 (lambda n, p: (p <= 0) | (p > 1) | _nan(p),
                                  'p <= 0, p > 1 or p contains NaNs')), True),
    'poisson': ('f', ((lambda l: (l < 0) | _nan(l), 'lam < 0 or lam is NaN'),
                      (lambda l: l > 9.223372006484771e18, 'lam value too large')), True),
    'geometric': ('f', ((lambda p: (p <= 0) | (p > 1) | _nan(p),
                         'p <= 0, p > 1 or p contains NaNs'),), True),
    'hypergeometric': ('iii', ((lambda g, b, n: g < 0, 'ngood < 0'),
                               (lambda g, b, n: b < 0, 'nbad < 0'),
                               (lambda g, b, n: n < 0, 'nsample < 0'),
                               (lambda g, b, n: g + b < n, 'ngood + nbad < nsample')), True),
    'logseries': ('f', ((lambda p: (p < 0) | (p >= 1) | _nan(p),
                         'p < 0, p >= 1 or p is NaN'),), True),
    'zipf': ('f', ((lambda a: (a <= 1) | _nan(a), 'a <= 1 or a is NaN'),), True),
}


def draw(bitgen, name, args, size, dtype=None, out=None):
    """Samples table entry `name` with parameter values `args`."""
    import numpy

    kinds, checks, integer = _TABLE[name]
    params = [_kernels.Param(v, k) for v, k in zip(args, kinds)]
    hosts = [p.host for p in params]
    with numpy.errstate(invalid='ignore'):
        for predicate, message in checks:
            _kernels.check(predicate(*hosts), message)
    if integer:
        dt = numpy.dtype('int64')
    else:
        dt = _kernels.float_dtype('float64' if dtype is None else dtype)
        out = _kernels.checked_out(out, size, dt)
        if out is not None:
            size = out.shape
    return _kernels.sample(bitgen, name, params, size, dt, out)


class Sampling:
    """The methods common to Generator and RandomState (``self._bit_generator`` draws;
    ``_legacy`` picks RandomState's forms of choice and dirichlet)."""

    _legacy = False

    # ---- uniform and normal --------------------------------------------------------------------
    def random(self, size=None, dtype=float, out=None):
        """Uniform floats on [0, 1)."""
        return _kernels.block_or_generic(self._bit_generator, 'uniform', 0.0, 1.0, size, dtype,
                                         out)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=float):
        """Uniform on [low, high)."""
        return _kernels.block_or_generic(self._bit_generator, 'uniform', low, high, size, dtype)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=float):
        """Normal (Gaussian) with mean loc and standard deviation scale."""
        return _kernels.block_or_generic(self._bit_generator, 'normal', loc, scale, size, dtype)

    def standard_normal(self, size=None, dtype=float, out=None):
        """Standard normal: mean 0, standard deviation 1."""
        return _kernels.block_or_generic(self._bit_generator, 'normal', 0.0, 1.0, size, dtype,
                                         out)

    # ---- continuous ----------------------------------------------------------------------------
    def standard_exponential(self, size=None, dtype=float, method='zig', out=None):
        return draw(self._bit_generator, 'standard_exponential', (), size, dtype, out)

    def exponential(self, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'exponential', (scale,), size, dtype)

    def standard_gamma(self, shape, size=None, dtype=float, out=None):
        return draw(self._bit_generator, 'standard_gamma', (shape,), size, dtype, out)

    def gamma(self, shape, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'gamma', (shape, scale), size, dtype)

    def beta(self, a, b, size=None, dtype=float):
        return draw(self._bit_generator, 'beta', (a, b), size, dtype)

    def chisquare(self, df, size=None, dtype=float):
        return draw(self._bit_generator, 'chisquare', (df,), size, dtype)

    def noncentral_chisquare(self, df, nonc, size=None, dtype=float):
        return draw(self._bit_generator, 'noncentral_chisquare', (df, nonc), size, dtype)

    def f(self, dfnum, dfden, size=None, dtype=float):
        return draw(self._bit_generator, 'f', (dfnum, dfden), size, dtype)

    def noncentral_f(self, dfnum, dfden, nonc, size=None, dtype=float):
        return draw(self._bit_generator, 'noncentral_f', (dfnum, dfden, nonc), size, dtype)

    def standard_t(self, df, size=None, dtype=float):
        return draw(self._bit_generator, 'standard_t', (df,), size, dtype)

    def standard_cauchy(self, size=None, dtype=float):
        return draw(self._bit_generator, 'standard_cauchy', (), size, dtype)

    def laplace(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'laplace', (loc, scale), size, dtype)

    def logistic(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'logistic', (loc, scale), size, dtype)

    def gumbel(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'gumbel', (loc, scale), size, dtype)

    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=float):
        return _kernels.block_or_generic(self._bit_generator, 'lognormal', mean, sigma, size,
                                         dtype)

    def pareto(self, a, size=None, dtype=float):
        return draw(self._bit_generator, 'pareto', (a,), size, dtype)

    def power(self, a, size=None, dtype=float):
        return draw(self._bit_generator, 'power', (a,), size, dtype)

    def weibull(self, a, size=None, dtype=float):
        return draw(self._bit_generator, 'weibull', (a,), size, dtype)

    def rayleigh(self, scale=1.0, size=None, dtype=float):
        return draw(self._bit_generator, 'rayleigh', (scale,), size, dtype)

    def triangular(self, left, mode, right, size=None, dtype=float):
        return draw(self._bit_generator, 'triangular', (left, mode, right), size, dtype)

    def vonmises(self, mu, kappa, size=None, dtype=float):
        return draw(self._bit_generator, 'vonmises', (mu, kappa), size, dtype)

    def wald(self, mean, scale, size=None, dtype=float):
        return draw(self._bit_generator, 'wald', (mean, scale), size, dtype)

    # ---- discrete ------------------------------------------------------------------------------
    def binomial(self, n, p, size=None):
        return draw(self._bit_generator, 'binomial', (n, p), size)

    def negative_binomial(self, n, p, size=None):
        return draw(self._bit_generator, 'negative_binomial', (n, p), size)

    def poisson(self, lam=1.0, size=None):
        return draw(self._bit_generator, 'poisson', (lam,), size)

    def geometric(self, p, size=None):
        return draw(self._bit_generator, 'geometric', (p,), size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return draw(self._bit_generator, 'hypergeometric', (ngood, nbad, nsample), size)

    def logseries(self, p, size=None):
        return draw(self._bit_generator, 'logseries', (p,), size)

    def zipf(self, a, size=None):
        return draw(self._bit_generator, 'zipf', (a,), size)

    # ---- selection and permutations ------------------------------------------------------------
    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if axis != 0:
            raise NotImplementedError('choice: only axis=0 is supported')
        return _kernels.choice(self._bit_generator, a, size, replace, p, legacy=self._legacy)

    def permutation(self, x, axis=0):
        """A permuted range (x an integer) or a permuted copy of x along `axis`."""
        import operator

        import cunp

        if not isinstance(x, cunp.ndarray):
            try:
                n = operator.index(x)
            except TypeError:
                x = cunp.asarray(x)
            else:
                return _kernels.permutation_indices(self._bit_generator, n)
        if x.ndim == 0:
            raise IndexError('x must be an integer or at least 1-dimensional')
        src = cunp.moveaxis(x, axis, 0)
        dst = cunp.empty(src.shape, x.dtype)
        _kernels.permute_rows_into(self._bit_generator, dst, src)
        return cunp.moveaxis(dst, 0, axis)

    def shuffle(self, x, axis=0):
        """Permutes x in place along `axis`."""
        import cunp

        if not isinstance(x, cunp.ndarray):
            raise TypeError('shuffle needs a cunp.ndarray')
        if x.ndim == 0:
            raise TypeError('shuffle needs an array of at least one dimension')
        dst = cunp.moveaxis(x, axis, 0)
        _kernels.permute_rows_into(self._bit_generator, dst, cunp.copy(dst))

    def dirichlet(self, alpha, size=None):
        return _kernels.dirichlet(self._bit_generator, alpha, size, legacy=self._legacy)

    # ---- multivariate --------------------------------------------------------------------------
    def multinomial(self, n, pvals, size=None):
        return _kernels.multinomial(self._bit_generator, n, pvals, size)

    def multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *,
                            method='svd', dtype=float):
        return _kernels.multivariate_normal(self._bit_generator, mean, cov, size, check_valid,
                                            tol, method, dtype)

    # ---- bits ----------------------------------------------------------------------------------
    def bytes(self, length):
        """``length`` random bytes (a Python bytes object)."""
        return _kernels.random_bytes(self._bit_generator, length)
