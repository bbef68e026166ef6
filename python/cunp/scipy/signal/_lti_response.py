"""Responses of LTI systems: lsim, impulse, step (continuous), dlsim, dimpulse, dstep
(discrete), written over `xp` (the frequency responses are in _lti_frequency).

A simulation is the recursion x[k+1] = M x[k] + v[k] with a constant small matrix M (exp(A dt)
for the continuous systems, A for the discrete ones): it runs as the doubling scan of
lfilter over the whole time axis (log2(N) batched products) instead of a loop over samples."""
import numpy as np

from cunp.scipy.signal._filtering import _doubling_scan
from cunp.scipy.signal._lti import StateSpace, _host, dlti, lti
from cunp.scipy.signal._lti_conversion import expm
from cunp.scipy.signal._namespace import to_host


def _system_host(system):
    return tuple(_host(s) for s in system)


def _continuous(system):
    if isinstance(system, lti):
        return system
    if isinstance(system, dlti):
        raise AttributeError("lsim can only be used with continuous-time systems.")
    return lti(*_system_host(system))


def _discrete(system, name):
    if isinstance(system, dlti):
        return system
    if isinstance(system, lti):
        raise AttributeError(f"{name} can only be used with discrete-time dlti systems.")
    system = _system_host(system)
    return dlti(*system[:-1], dt=system[-1])


def _scan(xp, v, M):
    """x[k] = sum_{j <= k} M^(k-j) v[j] along axis 0 of v (N, q)."""
    dtype = np.result_type(v.dtype, M.dtype)
    return _doubling_scan(xp, v.astype(dtype), M, dtype)


def _is_zero(xp, U):
    if U is None:
        return True
    if isinstance(U, (int, float)) and U == 0.0:
        return True
    return not bool(xp.any(xp.asarray(U)))


def lsim(xp, system, U, T, X0=None, interp=True):
    ss = _continuous(system)._as_ss()
    T = xp.atleast_1d(xp.asarray(T))
    if T.ndim != 1:
        raise ValueError("T must be a rank-1 array.")
    A, B, C, D = ss.A, ss.B, ss.C, ss.D
    n, m = A.shape[0], B.shape[1]
    steps = T.shape[0]
    dtype = np.result_type(A.dtype, np.float64)
    x0 = np.zeros(n, dtype) if X0 is None else np.asarray(to_host(xp, X0), dtype)
    if x0.size != n:
        raise ValueError(f"X0 must be of size {n}")
    t0 = float(T[0])
    if t0 > 0:
        x0 = expm(A * t0) @ x0
    elif t0 < 0:
        raise ValueError("Initial time must be nonnegative")
    no_input = _is_zero(xp, U)
    if steps == 1:
        xout = xp.asarray(x0.reshape(1, n))
        yout = xp.squeeze(xout @ xp.asarray(C.T))
        if not no_input:
            yout = yout + xp.squeeze(xp.asarray(U) @ xp.asarray(D.T))
        return T, xp.squeeze(yout), xp.squeeze(xout)
    dt = float(T[1] - T[0])
    if not bool(xp.all(xp.abs(xp.diff(T) - dt) <= 1e-8 + 1e-5 * abs(dt))):
        raise ValueError("Time steps are not equally spaced.")
    v = xp.zeros((steps, n), dtype=dtype)
    v[0] = xp.asarray(x0)
    if no_input:
        xout = _scan(xp, v, expm(A * dt))
        return T, xp.squeeze(xp.squeeze(xout @ xp.asarray(C.T))), xp.squeeze(xout)
    U = xp.atleast_1d(xp.asarray(U))
    if U.ndim == 1:
        U = U[:, None]
    if U.shape[0] != steps:
        raise ValueError("U must have the same number of rows as elements in T.")
    if U.shape[1] != m:
        raise ValueError("System does not define that many inputs.")
    if not interp:
        # Zero-order hold: exp([[A, B], [0, 0]] dt) gives the state and input maps.
        em = np.zeros((n + m, n + m), dtype)
        em[:n, :n], em[:n, n:] = A * dt, B * dt
        ms = expm(em)
        v[1:] += U[:-1] @ xp.asarray(ms[:n, n:].T.astype(dtype))
    else:
        # First-order hold: the input ramps between samples; a third block integrates it.
        em = np.zeros((n + 2 * m, n + 2 * m), dtype)
        em[:n, :n], em[:n, n:n + m] = A * dt, B * dt
        em[n:n + m, n + m:] = np.eye(m)
        ms = expm(em)
        b1 = ms[:n, n + m:]
        b0 = ms[:n, n:n + m] - b1
        v[1:] += (U[:-1] @ xp.asarray(b0.T.astype(dtype))
                  + U[1:] @ xp.asarray(b1.T.astype(dtype)))
    xout = _scan(xp, v, ms[:n, :n])
    yout = xp.squeeze(xout @ xp.asarray(C.T)) + xp.squeeze(U @ xp.asarray(D.T))
    return T, xp.squeeze(yout), xp.squeeze(xout)


def _default_times(A, n):
    """Seven time constants of the slowest pole (one when the slowest is on the axis)."""
    vals = np.linalg.eigvals(A) if A.size else np.zeros(0)
    r = np.min(np.abs(vals.real)) if vals.size else 0.0
    if r == 0.0:
        r = 1.0
    return np.linspace(0.0, 7.0 / r, n)


def impulse(xp, system, X0=None, T=None, N=None):
    ss = _continuous(system)._as_ss()
    x0 = np.squeeze(ss.B) if X0 is None else np.squeeze(ss.B + to_host(xp, X0))
    T = xp.asarray(_default_times(ss.A, 100 if N is None else N)) if T is None else \
        xp.asarray(T)
    _, h, _ = lsim(xp, ss, 0.0, T, x0, interp=False)
    return T, h


def step(xp, system, X0=None, T=None, N=None):
    ss = _continuous(system)._as_ss()
    T = xp.asarray(_default_times(ss.A, 100 if N is None else N)) if T is None else \
        xp.asarray(T)
    U = xp.ones(T.shape, dtype=ss.A.dtype)
    out = lsim(xp, ss, U, T, X0=X0, interp=False)
    return out[0], out[1]


def dlsim(xp, system, u, t=None, x0=None):
    sys = _discrete(system, "dlsim")
    is_ss = isinstance(sys, StateSpace)
    ss = sys._as_ss()
    A, B, C, D, dt = ss.A, ss.B, ss.C, ss.D, ss.dt
    u = xp.atleast_1d(xp.asarray(u))
    if u.ndim == 1:
        u = u[:, None]
    if t is None:
        samples = u.shape[0]
        stop = (samples - 1) * dt
    else:
        t = xp.asarray(t)
        stop = float(t[-1])
        samples = int(np.floor(stop / dt)) + 1
    n = A.shape[0]
    dtype = np.result_type(A.dtype, B.dtype, u.dtype, np.float64)
    tout = xp.linspace(0.0, stop, samples)
    if t is not None:
        # The input is sampled on t; linear interpolation onto the system's time grid.
        u = xp.stack([xp.interp(tout, t, u[:, j].astype(np.float64))
                      for j in range(u.shape[1])], axis=1)
    v = xp.zeros((samples, n), dtype=dtype)
    if x0 is not None:
        v[0] = xp.asarray(np.asarray(to_host(xp, x0), dtype))
    v[1:] += u[:samples - 1] @ xp.asarray(B.T.astype(dtype))
    xout = _scan(xp, v, A)
    yout = xout @ xp.asarray(C.T.astype(dtype)) + u[:samples] @ xp.asarray(D.T.astype(dtype))
    return (tout, yout, xout) if is_ss else (tout, yout)


def _each_input(xp, system, name, x0, t, n, make_input):
    sys = _discrete(system, name)
    n = 100 if n is None else n
    t = xp.linspace(0, n * sys.dt, n, endpoint=False) if t is None else xp.asarray(t)
    outputs, tout = [], t
    for i in range(sys.inputs):
        u = xp.zeros((t.shape[0], sys.inputs))
        make_input(u, i)
        result = dlsim(xp, sys, u, t=t, x0=x0)
        outputs.append(result[1])
        tout = result[0]
    return tout, tuple(outputs)


def dimpulse(xp, system, x0=None, t=None, n=None):
    def unit(u, i):
        u[0, i] = 1.0
    return _each_input(xp, system, "dimpulse", x0, t, n, unit)


def dstep(xp, system, x0=None, t=None, n=None):
    def ones(u, i):
        u[:, i] = 1.0
    return _each_input(xp, system, "dstep", x0, t, n, ones)


FUNCTIONS = [lsim, impulse, step, dlsim, dimpulse, dstep]
# The frequency responses moved to _lti_frequency (evaluated over `xp`).
HOST_FUNCTIONS = []
