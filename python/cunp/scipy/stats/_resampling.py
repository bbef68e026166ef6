"""SciPy's resampling configurations (PermutationMethod, MonteCarloMethod, BootstrapMethod) and
the batched resampling they select: a permutation test of paired samples, a Monte Carlo test,
and a bootstrap confidence interval. Each batch of resamples is one array of indices or draws
(resamples along a new axis before the observations), so the statistic runs once per batch,
never once per resample; batch=None (SciPy's default) is one batch of all of them.

The draws come from cunp.random (from the module's `cp`, so the CPU tests run the same code
on numpy.random and reproduce SciPy's streams exactly). SciPy's own method objects are
accepted as well as these classes."""
import itertools
import math
import sys
from collections.abc import Sequence

import numpy

import cunp as cp
from cunp.scipy.stats._results import ConfidenceInterval, _normal_quantile


class ResamplingMethod:
    """n_resamples and batch, as scipy.stats.ResamplingMethod."""

    def __init__(self, n_resamples=9999, batch=None):
        self.n_resamples = n_resamples
        self.batch = batch

    def _asdict(self):
        return dict(n_resamples=self.n_resamples, batch=self.batch)

    def __eq__(self, other):
        return type(self) is type(other) and self._asdict() == other._asdict()

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % kv for kv in self._asdict().items()))


class _Seeded(ResamplingMethod):
    """The permutation and bootstrap configurations' generator: rng (new style, through
    default_rng) or random_state (legacy: None is the global RandomState, an integer seeds a
    new RandomState)."""

    def __init__(self, n_resamples=9999, batch=None, random_state=None, *, rng=None):
        super().__init__(n_resamples, batch)
        self.random_state = random_state
        self.rng = rng

    def _asdict(self):
        d = super()._asdict()
        for key in ("rng", "random_state"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        return d


class PermutationMethod(_Seeded):
    """A permutation version of a test (scipy.stats.PermutationMethod)."""


class BootstrapMethod(_Seeded):
    """A bootstrap confidence interval (scipy.stats.BootstrapMethod): method is 'BCa'
    (default), 'percentile' or 'basic'."""

    def __init__(self, n_resamples=9999, batch=None, random_state=None, method="BCa", *,
                 rng=None):
        super().__init__(n_resamples, batch, random_state, rng=rng)
        self.method = method

    def _asdict(self):
        d = super()._asdict()
        d["method"] = self.method
        return d


class MonteCarloMethod(ResamplingMethod):
    """A Monte Carlo version of a test (scipy.stats.MonteCarloMethod): rvs, one callable per
    sample taking size=, or rng, whose normal() draws every sample."""

    def __init__(self, n_resamples=9999, batch=None, rvs=None, rng=None):
        if rvs is not None and rng is not None:
            raise ValueError("Use of `rvs` and `rng` are mutually exclusive.")
        super().__init__(n_resamples, batch)
        self.rvs = rvs
        self.rng = rng

    def _asdict(self):
        return dict(super()._asdict(), rvs=self.rvs, rng=self.rng)


def kind(method):
    """The name of method's class (PermutationMethod, MonteCarloMethod, BootstrapMethod) when
    it is one of these or SciPy's (SciPy is looked up only if already imported), else None."""
    scipy_stats = sys.modules.get("scipy.stats")
    for cls in (PermutationMethod, MonteCarloMethod, BootstrapMethod):
        if isinstance(method, cls):
            return cls.__name__
        theirs = getattr(scipy_stats, cls.__name__, None)
        if theirs is not None and isinstance(method, theirs):
            return cls.__name__
    return None


# ---- the generator ------------------------------------------------------------------------------

def _host_seed(gen):
    """A seed for a device generator drawn from a NumPy Generator or RandomState (consuming
    its state, as SciPy's use of it would)."""
    if hasattr(gen, "integers"):
        return int(gen.integers(2 ** 63))
    return int(gen.randint(2 ** 31))


def _is_host_generator(gen):
    return isinstance(gen, (numpy.random.Generator, numpy.random.RandomState))


def generator(method):
    """method's random generator, from the module's random namespace."""
    rng = getattr(method, "rng", None)
    state = getattr(method, "random_state", None)
    if cp is numpy:
        if rng is not None:
            return numpy.random.default_rng(rng)
        if state is None or state is numpy.random:
            return numpy.random.mtrand._rand
        if isinstance(state, (numpy.random.Generator, numpy.random.RandomState)):
            return state
        return numpy.random.RandomState(state)
    if isinstance(rng, numpy.random.BitGenerator):
        # A NumPy bit generator (PCG64, ...): cunp's default_rng would take it for a seed.
        rng = numpy.random.Generator(rng)
    if rng is not None:
        return cp.random.default_rng(_host_seed(rng) if _is_host_generator(rng) else rng)
    if state is None or state is numpy.random:
        return cp.random.get_random_state()
    if _is_host_generator(state):
        return cp.random.RandomState(_host_seed(state))
    if isinstance(state, (cp.random.Generator, cp.random.RandomState)):
        return state
    return cp.random.RandomState(state)


def _batches(total, batch):
    """(start, size) of each batch of `total` resamples."""
    step = batch or total
    return [(k, min(step, total - k)) for k in range(0, total, step)]


def _check_counts(n_resamples, batch, allow_zero=False, allow_inf=False):
    if allow_inf and isinstance(n_resamples, float) and math.isinf(n_resamples):
        n_int = math.inf
    else:
        n_int = int(n_resamples)
    low_ok = n_int >= 0 if allow_zero else n_int > 0
    if n_int != n_resamples or not low_ok:
        raise ValueError("`n_resamples` must be a %s integer."
                         % ("non-negative" if allow_zero else "positive"))
    if batch is not None and (int(batch) != batch or int(batch) <= 0):
        raise ValueError("`batch` must be a positive integer or None.")
    return n_int, None if batch is None else int(batch)


# ---- p-values -----------------------------------------------------------------------------------

class _Counts:
    """How many null values lie at or below / at or above the observed statistic, summed over
    batches; values within 100 ulps of it count as equal (SciPy's tolerance)."""

    def __init__(self, observed):
        self.observed = observed
        # A Python float: a weak scalar, so float32 statistics stay float32.
        eps = float(numpy.finfo(observed.dtype).eps) * 100 if observed.dtype.kind == "f" else 0
        self.gamma = cp.abs(eps * observed)
        self.less = self.greater = 0

    def add(self, null):
        """null: (..., B), the resamples last, broadcasting against the observed (...)."""
        obs = self.observed[..., None]
        gamma = self.gamma[..., None]
        self.less = self.less + cp.count_nonzero(null <= obs + gamma, axis=-1)
        self.greater = self.greater + cp.count_nonzero(null >= obs - gamma, axis=-1)

    def pvalue(self, alternative, n_resamples, adjustment, dtype):
        def p(count):
            count = cp.asarray(count) + adjustment
            return count.astype(dtype) / float(n_resamples + adjustment)

        if alternative == "less":
            out = p(self.less)
        elif alternative == "greater":
            out = p(self.greater)
        else:
            out = cp.minimum(p(self.less), p(self.greater)) * 2
        return cp.clip(out, 0.0, 1.0).astype(dtype, copy=False)


def _factorial_at_most(n, limit):
    """n! when it is at most limit, else None, without forming n! for a large sample (a
    million observations' n! takes seconds of host time)."""
    if limit == math.inf:
        return math.factorial(n)
    product = 1
    for k in range(2, n + 1):
        product *= k
        if product > limit:
            return None
    return product


def permutation_pvalue(statistic, y, observed, alternative, method, dtype):
    """p-value of a permutation test over the pairings of x (held in `statistic`) with y
    (..., n): statistic(y_resampled) of y_resampled (..., B, n) gives (..., B). Every
    permutation when there are at most n_resamples of them (no +1 adjustment), else
    n_resamples random ones, one permutation of the observations shared by every slice."""
    n_resamples, batch = _check_counts(method.n_resamples, method.batch, allow_inf=True)
    n = y.shape[-1]
    if n <= 1:
        raise ValueError("each sample in `data` must contain two or more observations "
                         "along `axis`.")
    counts = _Counts(observed)
    n_max = _factorial_at_most(n, n_resamples)
    exact = n_max is not None
    if exact:
        # All n! orders, enumerated on the host in batches: n is small here (n! <= n_resamples).
        n_resamples = n_max
        perms = itertools.permutations(range(n))
        for _, size in _batches(n_max, batch):
            idx = numpy.array(list(itertools.islice(perms, size)), dtype=numpy.int64)
            counts.add(statistic(cp.take(y, cp.asarray(idx), axis=-1)))
    else:
        gen = generator(method)
        step = min(batch or n_resamples, n_resamples)
        rows = cp.broadcast_to(cp.arange(n), (step, 1, n))
        for _, size in _batches(n_resamples, step):
            # A fresh full batch each time, then cut: the stream does not depend on batch sizes.
            if hasattr(gen, "permuted"):
                idx = gen.permuted(cp.ascontiguousarray(rows), axis=-1)
            else:
                idx = cp.argsort(gen.random(size=(step, 1, n)), axis=-1)
            counts.add(statistic(cp.take(y, idx[:size, 0], axis=-1)))
    return counts.pvalue(alternative, n_resamples, 0 if exact else 1, dtype)


def monte_carlo_pvalue(statistic, samples, observed, alternative, method, dtype):
    """p-value of a Monte Carlo test: each sample is drawn afresh (B, n) from its rvs (or the
    method's rng's normal()), statistic(*draws) gives the null (B,), shared by every slice."""
    n_resamples, batch = _check_counts(method.n_resamples, method.batch)
    rvs = method.rvs
    if getattr(method, "rng", None) is not None:
        gen = generator(method)
        rvs = (gen.normal,) * len(samples)
    if not isinstance(rvs, Sequence):
        rvs = (rvs,)
    if not all(callable(r) for r in rvs):
        raise TypeError("`rvs` must be callable or sequence of callables.")
    if len(rvs) != len(samples):
        raise ValueError("If `rvs` is a sequence, `len(rvs)` must equal `len(data)`.")
    counts = _Counts(observed)
    for _, size in _batches(n_resamples, batch):
        draws = [cp.asarray(r(size=(size, s.shape[-1]))) for r, s in zip(rvs, samples)]
        counts.add(statistic(*draws))
    return counts.pvalue(alternative, n_resamples, 1, dtype)


# ---- bootstrap ----------------------------------------------------------------------------------

def _special():
    from cunp.scipy import special
    return special


def _percentile_of_score(theta_b, theta):
    """The fraction of the bootstrap distribution below theta, ties counted half."""
    below = cp.count_nonzero(theta_b < theta[..., None], axis=-1)
    at_or_below = cp.count_nonzero(theta_b <= theta[..., None], axis=-1)
    return (below + at_or_below).astype(theta.dtype) / (2 * theta_b.shape[-1])


def _jackknife(statistic, n, batch):
    """statistic of every leave-one-out index set, (..., n), in batches of rows."""
    out = []
    for k, size in _batches(n, batch):
        drop = cp.arange(k, k + size)[:, None]
        keep = cp.arange(n - 1)[None, :]
        out.append(statistic(keep + (keep >= drop)))
    return out[0] if len(out) == 1 else cp.concatenate(out, axis=-1)


def _bca_levels(statistic, theta_hat, theta_b, n, alpha, batch):
    """The BCa interval's two quantile levels per slice (Efron and Tibshirani, 14.3): the bias
    correction z0 from the bootstrap distribution, the acceleration from the jackknife."""
    special = _special()
    z0 = special.ndtri(_percentile_of_score(theta_b, theta_hat))
    theta_i = _jackknife(statistic, n, batch)
    u = (n - 1.0) * (theta_i.mean(axis=-1, keepdims=True) - theta_i)
    nf = float(n)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        a_hat = ((u ** 3).sum(axis=-1) / nf ** 3) / ((u ** 2).sum(axis=-1) / nf ** 2) ** 1.5 / 6
        z_alpha = _normal_quantile(alpha)
        levels = []
        for z in (z_alpha, -z_alpha):
            num = z0 + z
            levels.append(special.ndtr(z0 + num / (1 - a_hat * num)))
    return levels


def _quantile_linear(sorted_b, p):
    """Hyndman and Fan's type 7 quantile of sorted (..., B) at levels p (..., k): NaN for a
    level outside [0, 1] and for a distribution holding NaN (sorted last)."""
    size = sorted_b.shape[-1]
    bad = (p > 1) | (p < 0) | cp.isnan(p) | cp.isnan(sorted_b[..., -1:])
    p = cp.where(bad, 0.5, p)
    pos = p * size + (1 - p)  # 1-based position
    upper = cp.floor(pos)
    lower = upper - 1
    frac = cp.where(lower < 0, 0, pos - upper)
    lo = cp.take_along_axis(sorted_b, cp.clip(lower, 0, size - 1).astype(numpy.int64), axis=-1)
    hi = cp.take_along_axis(sorted_b, cp.clip(upper, 0, size - 1).astype(numpy.int64), axis=-1)
    return cp.where(bad, cp.nan, (1 - frac) * lo + frac * hi)


_BOOTSTRAP_METHODS = ("percentile", "basic", "bca")


def bootstrap_interval(statistic, n, confidence_level, alternative, method, dtype):
    """ConfidenceInterval of a paired statistic by the bootstrap: statistic(i) of index sets
    i (B, n) gives (..., B). One set of resampled indices serves every slice (paired samples
    resample observations together)."""
    n_resamples, batch = _check_counts(method.n_resamples, method.batch, allow_zero=True)
    kind_name = str(method.method).lower()
    if kind_name not in _BOOTSTRAP_METHODS:
        raise ValueError("`method` must be in %s" % set(_BOOTSTRAP_METHODS))
    if n_resamples == 0:
        raise ValueError("Either `bootstrap_result.bootstrap_distribution.size` or "
                         "`n_resamples` must be positive.")
    if n <= 1:
        raise ValueError("each sample in `data` must contain two or more observations "
                         "along `axis`.")
    gen = generator(method)
    theta_b = []
    for _, size in _batches(n_resamples, batch):
        if hasattr(gen, "integers"):
            idx = gen.integers(0, n, (size, n))
        else:
            idx = gen.randint(0, n, (size, n))
        theta_b.append(statistic(cp.asarray(idx)))
    theta_b = theta_b[0] if len(theta_b) == 1 else cp.concatenate(theta_b, axis=-1)
    confidence_level = float(confidence_level)
    alpha = (1 - confidence_level) / 2 if alternative == "two-sided" else 1 - confidence_level
    theta_hat = statistic(cp.arange(n)[None, :])[..., 0]
    if kind_name == "bca":
        levels = _bca_levels(statistic, theta_hat, theta_b, n, alpha, batch)
    else:
        levels = [cp.full(theta_hat.shape, alpha, dtype=dtype),
                  cp.full(theta_hat.shape, 1 - alpha, dtype=dtype)]
    p = cp.stack([cp.asarray(v, dtype=dtype) for v in levels], axis=-1)
    ci = _quantile_linear(cp.sort(theta_b, axis=-1), p).astype(dtype, copy=False)
    low, high = ci[..., 0], ci[..., 1]
    if kind_name == "basic":
        low, high = 2 * theta_hat - high, 2 * theta_hat - low
    if alternative == "less":
        low = cp.full_like(low, -cp.inf)
    elif alternative == "greater":
        high = cp.full_like(high, cp.inf)
    return ConfidenceInterval(low, high)
