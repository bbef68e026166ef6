"""cunp.fft: numpy.fft on cuFFT, with CuPy's plan cache controls (cunp.fft.config) and
get_fft_plan."""
from cunp.fft._transforms import *  # noqa: F401,F403
from cunp.fft._helper import *  # noqa: F401,F403
from cunp.fft import config  # noqa: F401
from cunp.fft.config import get_fft_plan  # noqa: F401
