"""The LTI system classes (lti, dlti, TransferFunction, ZerosPolesGain, StateSpace) as SciPy
lays them out: lti/dlti dispatch on the number of arguments, each representation has a
continuous and a discrete class, and to_tf/to_zpk/to_ss convert between them. A system's
coefficients are a few numbers, so they live on the host as NumPy arrays; the response
methods are the module functions cunp.scipy.signal exports (lsim, step, dbode, ...) applied to
the system, so they return cunp arrays as those do. StateSpace has SciPy's arithmetic:
parallel (+, -) and series (*) connections, and gains."""
import copy

import numpy as np

from cunp.scipy.signal import _representation as rep
from cunp.scipy.signal._lti_conversion import abcd_normalize, cont2discrete


def _host(x):
    """NumPy view of a coefficient given as a cunp array, list or scalar."""
    if hasattr(x, "__array_namespace__") and type(x).__module__.startswith("cunp"):
        import cunp
        return cunp.asnumpy(x)
    return x


def _namespace():
    """The array namespace the response methods run on: cunp, as the module functions do (the
    CPU tests swap in NumPy to check the methods' argument handling without a device)."""
    import cunp
    return cunp


class LinearTimeInvariant:
    def __new__(cls, *system, **kwargs):
        if cls is LinearTimeInvariant:
            raise NotImplementedError("The LinearTimeInvariant class is not meant to be used "
                                      "directly, use `lti` or `dlti` instead.")
        return super().__new__(cls)

    def __init__(self):
        self.inputs = None
        self.outputs = None
        self._dt = None

    @property
    def dt(self):
        return self._dt

    @property
    def _dt_dict(self):
        return {} if self.dt is None else {"dt": self.dt}

    @property
    def zeros(self):
        return self.to_zpk().zeros

    @property
    def poles(self):
        return self.to_zpk().poles

    def _as_ss(self):
        return self if isinstance(self, StateSpace) else self.to_ss()

    def _as_zpk(self):
        return self if isinstance(self, ZerosPolesGain) else self.to_zpk()

    def _as_tf(self):
        return self if isinstance(self, TransferFunction) else self.to_tf()


class lti(LinearTimeInvariant):
    """A continuous-time system: lti(num, den), lti(zeros, poles, gain) or lti(A, B, C, D)."""

    def __new__(cls, *system):
        if cls is lti:
            kinds = {2: TransferFunctionContinuous, 3: ZerosPolesGainContinuous,
                     4: StateSpaceContinuous}
            if len(system) not in kinds:
                raise ValueError("`system` needs to be an instance of `lti` or have 2, 3 or 4 "
                                 "arguments.")
            kind = kinds[len(system)]
            return kind.__new__(kind, *system)
        return super().__new__(cls)

    def __init__(self, *system):
        super().__init__()

    # SciPy's methods are its module functions applied to the system; here they are the
    # functions cunp.scipy.signal exports, so they return what those return (cunp arrays).
    def impulse(self, X0=None, T=None, N=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.impulse(_namespace(), self, X0=X0, T=T, N=N)

    def step(self, X0=None, T=None, N=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.step(_namespace(), self, X0=X0, T=T, N=N)

    def output(self, U, T, X0=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.lsim(_namespace(), self, U, T, X0=X0)

    def bode(self, w=None, n=100):
        from cunp.scipy.signal import _lti_frequency
        return _lti_frequency.bode(_namespace(), self, w=w, n=n)

    def freqresp(self, w=None, n=10000):
        from cunp.scipy.signal import _lti_frequency
        return _lti_frequency.freqresp(_namespace(), self, w=w, n=n)

    def to_discrete(self, dt, method="zoh", alpha=None):
        raise NotImplementedError("to_discrete is not implemented for this system class.")


class dlti(LinearTimeInvariant):
    """A discrete-time system with sampling time dt (True: unspecified)."""

    def __new__(cls, *system, **kwargs):
        if cls is dlti:
            kinds = {2: TransferFunctionDiscrete, 3: ZerosPolesGainDiscrete,
                     4: StateSpaceDiscrete}
            if len(system) not in kinds:
                raise ValueError("`system` needs to be an instance of `dlti` or have 2, 3 or 4 "
                                 "arguments.")
            kind = kinds[len(system)]
            return kind.__new__(kind, *system, **kwargs)
        return super().__new__(cls)

    def __init__(self, *system, **kwargs):
        dt = kwargs.pop("dt", True)
        super().__init__()
        self.dt = dt

    @property
    def dt(self):
        return self._dt

    @dt.setter
    def dt(self, dt):
        self._dt = dt

    def impulse(self, x0=None, t=None, n=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.dimpulse(_namespace(), self, x0=x0, t=t, n=n)

    def step(self, x0=None, t=None, n=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.dstep(_namespace(), self, x0=x0, t=t, n=n)

    def output(self, u, t, x0=None):
        from cunp.scipy.signal import _lti_response
        return _lti_response.dlsim(_namespace(), self, u, t, x0=x0)

    def bode(self, w=None, n=100):
        from cunp.scipy.signal import _lti_frequency
        return _lti_frequency.dbode(_namespace(), self, w=w, n=n)

    def freqresp(self, w=None, n=10000, whole=False):
        from cunp.scipy.signal import _lti_frequency
        return _lti_frequency.dfreqresp(_namespace(), self, w=w, n=n, whole=whole)


def _dispatch(cls, base, continuous, discrete, system, kwargs):
    """The class a representation's constructor builds: a copy converted from a given system,
    else the continuous or discrete subclass by dt."""
    if len(system) == 1 and isinstance(system[0], LinearTimeInvariant):
        return None
    if cls is base:
        kind = continuous if kwargs.get("dt") is None else discrete
        return kind.__new__(kind, *system, **kwargs)
    return object.__new__(cls)


class TransferFunction(LinearTimeInvariant):
    """num(s)/den(s) (or in z), coefficients highest power first."""

    def __new__(cls, *system, **kwargs):
        if len(system) == 1 and isinstance(system[0], LinearTimeInvariant):
            return system[0].to_tf()
        return _dispatch(cls, TransferFunction, TransferFunctionContinuous,
                         TransferFunctionDiscrete, system, kwargs)

    def __init__(self, *system, **kwargs):
        if isinstance(system[0], LinearTimeInvariant):
            return
        super().__init__(**kwargs)
        self._num = None
        self._den = None
        self.num, self.den = rep.normalize(*(_host(s) for s in system))

    def __repr__(self):
        return (f"{self.__class__.__name__}(\n{self.num!r},\n{self.den!r},\n"
                f"dt: {self.dt!r}\n)")

    @property
    def num(self):
        return self._num

    @num.setter
    def num(self, num):
        self._num = np.atleast_1d(num)
        if self._num.ndim > 1:
            self.outputs, self.inputs = self._num.shape
        else:
            self.outputs = self.inputs = 1

    @property
    def den(self):
        return self._den

    @den.setter
    def den(self, den):
        self._den = np.atleast_1d(den)

    def _copy(self, system):
        self.num, self.den = system.num, system.den

    def to_tf(self):
        return copy.deepcopy(self)

    def to_zpk(self):
        return ZerosPolesGain(*rep.tf2zpk(self.num, self.den), **self._dt_dict)

    def to_ss(self):
        return StateSpace(*rep.tf2ss(self.num, self.den), **self._dt_dict)

    @staticmethod
    def _z_to_zinv(num, den):
        """Equal lengths (zeros in front): a polynomial ratio in z read as one in z^-1."""
        diff = len(num) - len(den)
        if diff > 0:
            den = np.hstack((np.zeros(diff), den))
        elif diff < 0:
            num = np.hstack((np.zeros(-diff), num))
        return num, den

    @staticmethod
    def _zinv_to_z(num, den):
        diff = len(num) - len(den)
        if diff > 0:
            den = np.hstack((den, np.zeros(diff)))
        elif diff < 0:
            num = np.hstack((num, np.zeros(-diff)))
        return num, den


class TransferFunctionContinuous(TransferFunction, lti):
    def to_discrete(self, dt, method="zoh", alpha=None):
        num, den, _ = cont2discrete((self.num, self.den), dt, method=method, alpha=alpha)
        return TransferFunction(num, den, dt=dt)


class TransferFunctionDiscrete(TransferFunction, dlti):
    pass


class ZerosPolesGain(LinearTimeInvariant):
    """k prod (s - zeros) / prod (s - poles)."""

    def __new__(cls, *system, **kwargs):
        if len(system) == 1 and isinstance(system[0], LinearTimeInvariant):
            return system[0].to_zpk()
        return _dispatch(cls, ZerosPolesGain, ZerosPolesGainContinuous,
                         ZerosPolesGainDiscrete, system, kwargs)

    def __init__(self, *system, **kwargs):
        if isinstance(system[0], LinearTimeInvariant):
            return
        super().__init__(**kwargs)
        self._zeros = None
        self._poles = None
        self._gain = None
        self.zeros, self.poles, self.gain = (_host(s) for s in system)

    def __repr__(self):
        return (f"{self.__class__.__name__}(\n{self.zeros!r},\n{self.poles!r},\n"
                f"{self.gain!r},\ndt: {self.dt!r}\n)")

    @property
    def zeros(self):
        return self._zeros

    @zeros.setter
    def zeros(self, zeros):
        self._zeros = np.atleast_1d(zeros)
        if self._zeros.ndim > 1:
            self.outputs, self.inputs = self._zeros.shape
        else:
            self.outputs = self.inputs = 1

    @property
    def poles(self):
        return self._poles

    @poles.setter
    def poles(self, poles):
        self._poles = np.atleast_1d(poles)

    @property
    def gain(self):
        return self._gain

    @gain.setter
    def gain(self, gain):
        self._gain = gain

    def _copy(self, system):
        self.poles, self.zeros, self.gain = system.poles, system.zeros, system.gain

    def to_tf(self):
        return TransferFunction(*rep.zpk2tf(self.zeros, self.poles, self.gain),
                                **self._dt_dict)

    def to_zpk(self):
        return copy.deepcopy(self)

    def to_ss(self):
        return StateSpace(*rep.zpk2ss(self.zeros, self.poles, self.gain), **self._dt_dict)


class ZerosPolesGainContinuous(ZerosPolesGain, lti):
    def to_discrete(self, dt, method="zoh", alpha=None):
        z, p, k, _ = cont2discrete((self.zeros, self.poles, self.gain), dt, method=method,
                                   alpha=alpha)
        return ZerosPolesGain(z, p, k, dt=dt)


class ZerosPolesGainDiscrete(ZerosPolesGain, dlti):
    pass


class StateSpace(LinearTimeInvariant):
    """x' = A x + B u, y = C x + D u (x[k+1] = ... in discrete time)."""

    def __new__(cls, *system, **kwargs):
        if len(system) == 1 and isinstance(system[0], LinearTimeInvariant):
            return system[0].to_ss()
        return _dispatch(cls, StateSpace, StateSpaceContinuous, StateSpaceDiscrete, system,
                         kwargs)

    def __init__(self, *system, **kwargs):
        if isinstance(system[0], LinearTimeInvariant):
            return
        super().__init__(**kwargs)
        self._A = self._B = self._C = self._D = None
        self.A, self.B, self.C, self.D = abcd_normalize(*(_host(s) for s in system))

    def __repr__(self):
        return (f"{self.__class__.__name__}(\n{self.A!r},\n{self.B!r},\n{self.C!r},\n"
                f"{self.D!r},\ndt: {self.dt!r}\n)")

    @property
    def A(self):
        return self._A

    @A.setter
    def A(self, A):
        self._A = np.atleast_2d(A)

    @property
    def B(self):
        return self._B

    @B.setter
    def B(self, B):
        self._B = np.atleast_2d(B)
        self.inputs = self._B.shape[-1]

    @property
    def C(self):
        return self._C

    @C.setter
    def C(self, C):
        self._C = np.atleast_2d(C)
        self.outputs = self._C.shape[0]

    @property
    def D(self):
        return self._D

    @D.setter
    def D(self, D):
        self._D = np.atleast_2d(D)

    def _copy(self, system):
        self.A, self.B, self.C, self.D = system.A, system.B, system.C, system.D

    def to_tf(self, **kwargs):
        return TransferFunction(*rep.ss2tf(self.A, self.B, self.C, self.D, **kwargs),
                                **self._dt_dict)

    def to_zpk(self, **kwargs):
        return ZerosPolesGain(*rep.ss2zpk(self.A, self.B, self.C, self.D, **kwargs),
                              **self._dt_dict)

    def to_ss(self):
        return copy.deepcopy(self)

    # Arithmetic as SciPy defines it: + and - connect two systems in parallel (their outputs
    # add), self * other in series (other's output drives self's input), and a number or
    # matrix acts as a static gain (added to D, or scaling the input on the right and the
    # output on the left). Operands of other types give NotImplemented, so Python raises
    # TypeError; numpy/cunp arrays defer to these methods through the higher priority.
    __array_priority__ = 100.0

    def _operand(self, other):
        """other as a StateSpace or a host array, or None where SciPy refuses it."""
        if isinstance(other, StateSpace):
            return other
        if isinstance(other, (np.ndarray, np.number, int, float, complex)):
            return np.asarray(other)
        if type(other).__module__.startswith("cunp") and hasattr(other, "__array_namespace__"):
            return np.asarray(_host(other))
        return None

    def _built(self, a, b, c, d):
        dtype = np.result_type(a.dtype, b.dtype, c.dtype, d.dtype)
        return StateSpace(*(np.asarray(m, dtype=dtype) for m in (a, b, c, d)), **self._dt_dict)

    def __neg__(self):
        # The output negated (abcd_normalize keeps the common dtype, as SciPy 1.18).
        return StateSpace(self.A, self.B, -self.C, -self.D, **self._dt_dict)

    def __add__(self, other):
        other = self._operand(other)
        if other is None:
            return NotImplemented
        if isinstance(other, StateSpace):
            if type(other) is not type(self):
                raise TypeError(f"Cannot add {type(self)} and {type(other)}")
            if self.dt != other.dt:
                raise TypeError("Cannot add systems with different `dt`.")
            # Both states side by side, one shared input, the outputs summed.
            n1, n2 = self.A.shape[0], other.A.shape[0]
            zero = np.zeros((), np.result_type(self.A.dtype, other.A.dtype))
            a = np.block([[self.A, np.broadcast_to(zero, (n1, n2))],
                          [np.broadcast_to(zero, (n2, n1)), other.A]])
            return self._built(a, np.vstack((self.B, other.B)), np.hstack((self.C, other.C)),
                               self.D + other.D)
        other = np.atleast_2d(other)
        if other.shape != self.D.shape:
            raise ValueError("Cannot add systems with incompatible dimensions "
                             f"({self.D.shape} and {other.shape})")
        return self._built(self.A, self.B, self.C, self.D + other)

    def __radd__(self, other):
        if self._operand(other) is None:
            return NotImplemented
        return self.__add__(other)

    def __sub__(self, other):
        if self._operand(other) is None:
            return NotImplemented
        return self.__add__(-other)

    def __rsub__(self, other):
        if self._operand(other) is None:
            return NotImplemented
        return (-self).__add__(other)

    def __mul__(self, other):
        other = self._operand(other)
        if other is None:
            return NotImplemented
        if isinstance(other, StateSpace):
            if type(other) is not type(self):
                return NotImplemented
            if self.dt != other.dt:
                raise TypeError("Cannot multiply systems with different `dt`.")
            # u -> other -> self: other's states first feed self's through B1 C2; the
            # state vector is [x_self, x_other].
            n1, n2 = self.A.shape[0], other.A.shape[0]
            a = np.block([[self.A, self.B @ other.C], [np.zeros((n2, n1)), other.A]])
            b = np.vstack((self.B @ other.D, other.B))
            c = np.hstack((self.C, self.D @ other.C))
            return self._built(a, b, c, self.D @ other.D)
        # A gain on the input: u -> other u.
        return self._built(self.A, np.dot(self.B, other), self.C, np.dot(self.D, other))

    def __rmul__(self, other):
        other = self._operand(other)
        if other is None or isinstance(other, StateSpace):
            return NotImplemented
        # A gain on the output: y -> other y.
        return self._built(self.A, self.B, np.dot(other, self.C), np.dot(other, self.D))

    def __truediv__(self, other):
        operand = self._operand(other)
        if operand is None or isinstance(operand, StateSpace):
            return NotImplemented
        if operand.ndim > 0:
            # A matrix divisor has no one meaning (left or right inverse), so SciPy refuses it.
            raise ValueError("Cannot divide StateSpace by non-scalar numpy arrays")
        return self.__mul__(1 / other)


class StateSpaceContinuous(StateSpace, lti):
    def to_discrete(self, dt, method="zoh", alpha=None):
        a, b, c, d, _ = cont2discrete((self.A, self.B, self.C, self.D), dt, method=method,
                                      alpha=alpha)
        return StateSpace(a, b, c, d, dt=dt)


class StateSpaceDiscrete(StateSpace, dlti):
    pass


CLASSES = [lti, dlti, TransferFunction, ZerosPolesGain, StateSpace]
