"""cunp.polynomial: power series with coefficients lowest power first (numpy.polynomial's
Polynomial class, the functions of numpy.polynomial.polynomial and the helpers of
numpy.polynomial.polyutils), on cunp arrays."""
from cunp.polynomial import polynomial, polyutils
from cunp.polynomial.polynomial import Polynomial

__all__ = ["Polynomial", "polynomial", "polyutils"]
