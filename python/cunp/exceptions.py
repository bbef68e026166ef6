"""cunp.exceptions: NumPy's exceptions and warnings (numpy.exceptions), the classes cunp itself
raises and warns with, so that ``except cunp.exceptions.AxisError`` catches NumPy's too."""
from numpy.exceptions import (  # noqa: F401
    AxisError, ComplexWarning, DTypePromotionError, ModuleDeprecationWarning, RankWarning,
    TooHardError, VisibleDeprecationWarning,
)

__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
           "RankWarning", "TooHardError", "VisibleDeprecationWarning"]
