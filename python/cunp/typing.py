"""cunp.typing: the annotations cupy.typing has. ArrayLike, DTypeLike and NBitBase are NumPy's;
``NDArray[numpy.float32]`` is cunp.ndarray annotated with its dtype, as numpy.typing.NDArray is
numpy.ndarray's."""
from typing import Any as _Any, TypeVar as _TypeVar

import numpy as _numpy
from numpy.typing import ArrayLike, DTypeLike, NBitBase  # noqa: F401

from cunp._core import ndarray as _ndarray

__all__ = ["ArrayLike", "DTypeLike", "NBitBase", "NDArray"]

_ScalarType_co = _TypeVar("_ScalarType_co", bound=_numpy.generic, covariant=True)
NDArray = _ndarray[_Any, _numpy.dtype[_ScalarType_co]]
