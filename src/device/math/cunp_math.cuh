// src/device/math/cunp_math.cuh -- the ufunc math library: one np_<ufunc> function per NumPy
// ufunc, overloaded on the compute types, with NumPy's semantics (division by zero, NaN, shifts).
#pragma once
