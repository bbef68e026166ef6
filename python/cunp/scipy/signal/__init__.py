"""cunp.scipy.signal: scipy.signal on cunp arrays (SciPy's behaviour is the spec).

Functions that process signals are written once over an array namespace (`xp`) and run here
with xp = cunp; filter design and the other maths on a few coefficients run on the host in
NumPy (as SciPy does) and return cunp arrays. Windows are in `windows`.
"""
import functools
import inspect
import types

import numpy as np

import cunp
from cunp.scipy.signal import (_convolve, _czt, _envelope, _filtering, _fir_design, _freqz,
                               _gammatone, _iir_design, _iir_order, _lombscargle,
                               _lti_conversion, _lti_response, _max_len_seq, _order_filters,
                               _peaks, _place_poles, _representation, _resample, _residue,
                               _savgol, _spectral, _spline_filters, _waveforms, _wavelets, windows)
from cunp.scipy.signal._czt import CZT, ZoomFFT
from cunp.scipy.signal._lti import StateSpace, TransferFunction, ZerosPolesGain, dlti, lti
from cunp.scipy.signal._representation import BadCoefficients
from cunp.scipy.signal.windows import get_window

__all__ = ["windows", "get_window", "BadCoefficients", "CZT", "ZoomFFT", "lti", "dlti",
           "StateSpace", "TransferFunction", "ZerosPolesGain"]


def _on_cunp(generic):
    """The function `generic(xp, ...)` with xp = cunp, under SciPy's signature."""
    @functools.wraps(generic)
    def public(*args, **kwargs):
        return generic(cunp, *args, **kwargs)

    signature = inspect.signature(generic)
    public.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])
    public.__module__ = __name__
    public.__doc__ = generic.__doc__ or f"scipy.signal.{generic.__name__} on cunp arrays."
    return public


def _host_value(value):
    if isinstance(value, cunp.ndarray):
        return cunp.asnumpy(value)
    if isinstance(value, (list, tuple)) and any(isinstance(v, cunp.ndarray) for v in value):
        return type(value)(_host_value(v) for v in value)
    return value


def _device_value(value):
    if isinstance(value, tuple):
        return tuple(_device_value(v) for v in value)
    if isinstance(value, dict):
        return {k: _device_value(v) for k, v in value.items()}
    if isinstance(value, (types.SimpleNamespace, _place_poles.Bunch)):  # place_poles' result
        return type(value)(**_device_value(vars(value)))
    if isinstance(value, np.ndarray):
        return cunp.asarray(value)
    return value


def _on_host(host):
    """The host design function `host` taking cunp or NumPy arrays and returning cunp
    arrays (scalars such as a gain stay Python/NumPy scalars, as in SciPy)."""
    @functools.wraps(host)
    def public(*args, **kwargs):
        args = [_host_value(a) for a in args]
        kwargs = {k: _host_value(v) for k, v in kwargs.items()}
        return _device_value(host(*args, **kwargs))

    public.__module__ = __name__
    public.__doc__ = host.__doc__ or (f"scipy.signal.{host.__name__}, computed on the host; "
                                      "arrays come back as cunp arrays.")
    return public


def _export(functions, wrap):
    for fn in functions:
        globals()[fn.__name__] = wrap(fn)
        __all__.append(fn.__name__)


_export(_convolve.FUNCTIONS, _on_cunp)
_export(_filtering.FUNCTIONS, _on_cunp)
_export(_resample.FUNCTIONS, _on_cunp)
_export(_spectral.FUNCTIONS, _on_cunp)
_export(_spectral.HOST_FUNCTIONS, _on_host)
_export(_waveforms.FUNCTIONS, _on_cunp)
_export(_wavelets.FUNCTIONS, _on_cunp)
_export(_peaks.FUNCTIONS, _on_cunp)
_export(_savgol.FUNCTIONS, _on_cunp)
_export(_savgol.HOST_FUNCTIONS, _on_host)
_export(_order_filters.FUNCTIONS, _on_cunp)
_export(_max_len_seq.HOST_FUNCTIONS, _on_host)
_export(_czt.FUNCTIONS, _on_cunp)
_export(_residue.FUNCTIONS, _on_host)
_export(_spline_filters.FUNCTIONS, _on_cunp)
_export(_lombscargle.FUNCTIONS, _on_cunp)
_export(_envelope.FUNCTIONS, _on_cunp)
_export(_place_poles.HOST_FUNCTIONS, _on_host)
_export(_gammatone.HOST_FUNCTIONS, _on_host)
_export(_lti_conversion.HOST_FUNCTIONS, _on_host)
_export(_lti_response.FUNCTIONS, _on_cunp)
_export(_lti_response.HOST_FUNCTIONS, _on_host)
for _module in (_representation, _iir_design, _iir_order, _fir_design, _freqz):
    _export(_module.FUNCTIONS, _on_host)
del _module
sosfreqz = freqz_sos  # noqa: F821 - defined by _export; SciPy keeps both names
__all__.append("sosfreqz")
# The LTI frequency responses are evaluated over the frequency grid on the device.
from cunp.scipy.signal import _lti_frequency  # noqa: E402

_export(_lti_frequency.FUNCTIONS, _on_cunp)
_export(_max_len_seq.FUNCTIONS, _on_cunp)
