"""envelope: the envelope |a(t)| of a real or complex signal from its spectrum, over an array
namespace `xp`: one FFT, a band-pass on the FFT bins (the positive half doubled for a real
signal, which makes it analytic), and one inverse FFT of n_out points (bins folded modulo
n_out when it is shorter). The residual the band-pass removes comes from the same spectrum,
resampled to n_out points."""
import operator

import numpy as np

_RESIDUALS = ["lowpass", "all", None]


def _bin_labels(n):
    """Integer frequency of each FFT bin, in fftfreq's order (-n/2 for the Nyquist bin)."""
    return (np.fft.fftfreq(n) * n).round().astype(np.int64)


def _check(z_shape, axis, bp_in, n_out, residual):
    if residual not in _RESIDUALS:
        raise ValueError(f"residual={residual!r} not in {_RESIDUALS}!")
    if (not isinstance(bp_in, (tuple, list)) or len(bp_in) != 2
            or not all(b is None or isinstance(b, (int, np.integer)) for b in bp_in)):
        raise ValueError(f"bp_in={bp_in} isn't a 2-tuple of type (int | None, int | None)!")
    if n_out is not None and (not isinstance(n_out, (int, np.integer)) or n_out < 1):
        raise ValueError(f"n_out={n_out} is not a positive integer or None!")
    n = z_shape[axis]
    low = -(n // 2) if bp_in[0] is None else bp_in[0]
    high = (n + 1) // 2 if bp_in[1] is None else bp_in[1]
    if not -(n // 2) <= low < high <= (n + 1) // 2:
        raise ValueError(f"`-n//2 <= bp_in[0] < bp_in[1] <= (n+1)//2` does not hold for "
                         f"n=z.shape[axis]={n} and bp_in={bp_in}!")
    return n, low, high


def _to_length(xp, spectrum, labels, n_out, split_nyquist=False, crop=False):
    """The spectrum on n_out bins: each bin moves to its frequency modulo n_out; when
    upsampling an even length, split_nyquist shares the Nyquist bin between +n/2 and -n/2
    (as a resampled real signal needs). crop keeps, for a shorter output, only the
    frequencies |k| <= n_out // 2 (Fourier resampling: +-n_out/2 unite into one bin).

    In frequency order the labels run without gaps from -(n//2) to (n-1)//2, so the bins
    that fold onto one output bin are every n_out-th of that run: the run, zero-padded to
    whole rows of n_out, is summed over its rows (O(n + n_out) work and memory, no
    (n, n_out) matrix)."""
    n = spectrum.shape[-1]
    if n_out == n:
        return spectrum
    lo, hi = -(n // 2), (n - 1) // 2
    if crop and n_out < n:
        lo, hi = max(lo, -(n_out // 2)), min(hi, n_out // 2)
    count = hi - lo + 1
    # The bins of labels lo..hi in order (label L sits at index L mod n).
    run = xp.roll(spectrum, -(lo % n), axis=-1)[..., :count]
    rows = -(-count // n_out)
    lead = spectrum.shape[:-1]
    if rows * n_out > count:
        run = xp.concatenate(
            [run, xp.zeros(lead + (rows * n_out - count,), dtype=spectrum.dtype)], axis=-1)
    folded = run.reshape(lead + (rows, n_out))
    folded = folded[..., 0, :] if rows == 1 else folded.sum(axis=-2)
    # Row position r holds label lo + r: output bin (lo + r) mod n_out.
    out = xp.roll(folded, lo % n_out, axis=-1)
    if split_nyquist and n % 2 == 0 and n_out > n:
        half = spectrum[..., n // 2] * 0.5
        out[..., n // 2] = half
        out[..., n_out - n // 2] = half
    return out


def envelope(xp, z, bp_in=(1, None), *, n_out=None, squared=False, residual="lowpass",
             axis=-1):
    z = xp.asarray(z)
    axis = operator.index(axis)
    n, low, high = _check(z.shape, axis, bp_in, n_out, residual)
    n_out = n if n_out is None else int(n_out)
    real = z.dtype.kind != "c"
    if z.dtype.kind in "biu":
        z = z.astype(np.float64)
    zl = xp.moveaxis(z, axis, -1)
    labels = _bin_labels(n)
    spectrum = xp.fft.fft(zl, axis=-1)
    # At most n_out bins from the band's lower edge survive a shorter output (the envelope
    # does not depend on where the band sits, only on which bins it holds).
    band = (labels >= low) & (labels < min(high, low + n_out))
    weight = band.astype(np.float64)
    if real:
        # The analytic signal: positive frequencies doubled, negative ones (and the Nyquist
        # bin, labelled negative) once if in the band, as the band says.
        weight = weight * np.where(labels > 0, 2.0, np.where(labels == 0, 1.0, 0.0))
        if n % 2 == 0:
            weight[n // 2] = float(band[n // 2])
    passed = spectrum * xp.asarray(weight.astype(spectrum.real.dtype))
    analytic = xp.fft.ifft(_to_length(xp, passed, labels, n_out), axis=-1) * (n_out / n)
    env = (analytic.real ** 2 + analytic.imag ** 2)
    if not squared:
        env = xp.sqrt(env)
    env = env.astype(zl.real.dtype if zl.dtype.kind in "fc" else np.float64, copy=False)
    if residual is None:
        return xp.moveaxis(env, -1, axis)
    res = _residual(xp, spectrum, labels, low, high, bp_in, residual, real, n, n_out)
    out = xp.stack([env.astype(res.dtype, copy=False), res.astype(res.dtype, copy=False)])
    return xp.moveaxis(out, -1, axis if axis < 0 else axis + 1)


def _residual(xp, spectrum, labels, low, high, bp_in, residual, real, n, n_out):
    if bp_in[0] == 0:
        # SciPy returns a zero residual whenever the band starts at bin 0.
        keep = np.zeros(n, dtype=bool)
    elif residual == "lowpass":
        keep = labels < low
    else:
        keep = ~((labels >= low) & (labels < high))
    if real:
        # A real residual: the non-negative bins (and the Nyquist bin) decide, mirrored onto
        # the negative ones.
        half = np.arange(n // 2 + 1)
        keep_half = keep[half]
        keep = np.zeros(n, dtype=bool)
        keep[half] = keep_half
        keep[(-half) % n] |= keep_half
    kept = spectrum * xp.asarray(keep.astype(spectrum.real.dtype))
    # The residual is resampled to n_out points (a shorter output keeps the low frequencies),
    # where the envelope's band is moved whole.
    out = xp.fft.ifft(_to_length(xp, kept, labels, n_out, not real, crop=True),
                      axis=-1) * (n_out / n)
    return out.real if real else out


FUNCTIONS = [envelope]
