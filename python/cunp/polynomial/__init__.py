"""cunp.polynomial: power series with coefficients lowest power first (numpy.polynomial's
Polynomial class and the functions of numpy.polynomial.polynomial), on cunp arrays."""
from cunp.polynomial import polynomial
from cunp.polynomial.polynomial import Polynomial

__all__ = ["Polynomial", "polynomial"]
