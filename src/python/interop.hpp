// src/python/interop.hpp -- what the conversion paths (asarray, operands) need from interop:
// zero-copy import of foreign device arrays (CUDA Array Interface, CUDA DLPack producers).
#pragma once
#include "common.hpp"

namespace cunp::py {

// A cunp.ndarray viewing `obj`'s device memory without a copy (its base is the producer), or an
// invalid object when `obj` exposes neither __cuda_array_interface__ nor a CUDA __dlpack__.
// `*readonly` is set when the producer marked the memory read-only (cunp arrays are always
// writable, so asarray copies such input; reading it in place is fine).
nb::object import_device_object(nb::handle obj, bool* readonly);

}  // namespace cunp::py
