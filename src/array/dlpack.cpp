// src/array/dlpack.cpp -- NDArray <-> DLPack managed tensors (versioned and legacy): dtype
// mapping, export with a holder that keeps the memory alive, import that calls the deleter once.
#include "cunp/array/dlpack.hpp"

#include <memory>
#include <string>
#include <utility>

#include "cunp/runtime/error.hpp"

namespace cunp::dlpack {
namespace {

struct DTypeCode {
  DType dtype;
  DLDataType dl;
};

// One row per cunp dtype; bool travels as kDLBool with 8 bits, as PyTorch and NumPy send it.
constexpr DTypeCode kCodes[] = {
    {DType::Bool, {kDLBool, 8, 1}},          {DType::Int8, {kDLInt, 8, 1}},
    {DType::UInt8, {kDLUInt, 8, 1}},         {DType::Int16, {kDLInt, 16, 1}},
    {DType::UInt16, {kDLUInt, 16, 1}},       {DType::Int32, {kDLInt, 32, 1}},
    {DType::UInt32, {kDLUInt, 32, 1}},       {DType::Int64, {kDLInt, 64, 1}},
    {DType::UInt64, {kDLUInt, 64, 1}},       {DType::Float16, {kDLFloat, 16, 1}},
    {DType::Float32, {kDLFloat, 32, 1}},     {DType::Float64, {kDLFloat, 64, 1}},
    {DType::Complex64, {kDLComplex, 64, 1}}, {DType::Complex128, {kDLComplex, 128, 1}},
};

// What an exported tensor owns: the array (so its memory lives) and the shape/stride arrays
// the DLTensor points into. manager_ctx points here; the deleter deletes it.
struct Holder {
  NDArray array;
  std::vector<int64_t> shape, strides;
};

// Fills `t` from `a`; the Holder owns the storage `t` points into.
void fill_tensor(DLTensor& t, Holder& h) {
  const NDArray& a = h.array;
  int isz = a.itemsize();
  h.shape.assign(a.shape().begin(), a.shape().end());
  h.strides.resize(a.ndim());
  for (int d = 0; d < a.ndim(); ++d) {
    // DLPack counts strides in elements; cunp views always sit on element boundaries.
    if (a.strides()[d] % isz != 0)
      throw ValueError("DLPack needs strides that are multiples of the itemsize");
    h.strides[d] = a.strides()[d] / isz;
  }
  t.data = reinterpret_cast<void*>(a.data());
  t.device = DLDevice{kDLCUDA, a.device()};
  t.ndim = a.ndim();
  t.dtype = to_dl_dtype(a.dtype());
  t.shape = a.ndim() ? h.shape.data() : nullptr;
  t.strides = a.ndim() ? h.strides.data() : nullptr;
  t.byte_offset = 0;
}

void delete_versioned(DLManagedTensorVersioned* m) {
  if (!m) return;
  delete static_cast<Holder*>(m->manager_ctx);
  delete m;
}

void delete_legacy(DLManagedTensor* m) {
  if (!m) return;
  delete static_cast<Holder*>(m->manager_ctx);
  delete m;
}

std::string describe(DLDataType t) {
  return "code " + std::to_string(t.code) + ", bits " + std::to_string(t.bits) + ", lanes " +
         std::to_string(t.lanes);
}

}  // namespace

DLDataType to_dl_dtype(DType t) {
  for (const DTypeCode& c : kCodes)
    if (c.dtype == t) return c.dl;
  throw TypeError(std::string("dtype ") + name(t) + " has no DLPack code");
}

DType from_dl_dtype(DLDataType t) {
  if (t.lanes != 1)
    throw TypeError("DLPack vector types (lanes != 1) are not supported by cunp (" + describe(t) +
                    ")");
  for (const DTypeCode& c : kCodes)
    if (c.dl.code == t.code && c.dl.bits == t.bits) return c.dtype;
  if (t.code == kDLBfloat) throw TypeError("bfloat16 is not supported by cunp");
  throw TypeError("unsupported DLPack data type (" + describe(t) + ")");
}

DLManagedTensorVersioned* export_versioned(const NDArray& a, uint64_t flags) {
  auto holder = std::make_unique<Holder>();
  holder->array = a;
  auto m = std::make_unique<DLManagedTensorVersioned>();
  m->version = DLPackVersion{kMajorVersion, kMinorVersion};
  m->flags = flags;
  fill_tensor(m->dl_tensor, *holder);
  m->manager_ctx = holder.release();
  m->deleter = &delete_versioned;
  return m.release();
}

DLManagedTensor* export_legacy(const NDArray& a) {
  auto holder = std::make_unique<Holder>();
  holder->array = a;
  auto m = std::make_unique<DLManagedTensor>();
  fill_tensor(m->dl_tensor, *holder);
  m->manager_ctx = holder.release();
  m->deleter = &delete_legacy;
  return m.release();
}

NDArray view_tensor(const DLTensor& t, std::function<void()> release) {
  if (t.device.device_type != kDLCUDA && t.device.device_type != kDLCUDAManaged)
    throw ValueError("cunp can only view CUDA device memory; the DLPack tensor is on device type " +
                     std::to_string(t.device.device_type));
  if (t.device.device_id < 0) throw ValueError("the DLPack tensor has a negative device id");
  if (t.ndim < 0 || t.ndim > 64)
    throw ValueError("the DLPack tensor has ndim " + std::to_string(t.ndim) +
                     " (cunp allows 0 to 64)");
  if (t.ndim > 0 && !t.shape) throw ValueError("the DLPack tensor has no shape");
  DType dt = from_dl_dtype(t.dtype);
  int64_t isz = itemsize(dt);
  Dims shape(t.ndim), strides(t.ndim);
  int64_t size = 1;
  for (int d = 0; d < t.ndim; ++d) {
    if (t.shape[d] < 0) throw ValueError("the DLPack tensor has a negative dimension");
    shape[d] = t.shape[d];
    size *= t.shape[d];
  }
  if (t.strides) {
    for (int d = 0; d < t.ndim; ++d) strides[d] = t.strides[d] * isz;
  } else {
    int64_t s = isz;  // null strides: C-contiguous (a compact row-major layout)
    for (int d = t.ndim - 1; d >= 0; --d) {
      strides[d] = s;
      s *= shape[d] > 0 ? shape[d] : 1;
    }
  }
  uintptr_t data = reinterpret_cast<uintptr_t>(t.data) + t.byte_offset;
  // The byte span the view can touch, so the Memory describes what it covers.
  int64_t lo = 0, hi = size ? isz : 0;
  if (size) {
    for (int d = 0; d < t.ndim; ++d) {
      int64_t span = (shape[d] - 1) * strides[d];
      if (span < 0) lo += span;
      else hi += span;
    }
  }
  if (size && !t.data) throw ValueError("the DLPack tensor has a null data pointer");
  MemoryPtr mem = wrap_memory(data + lo, static_cast<std::size_t>(hi - lo), t.device.device_id,
                              std::move(release));
  return NDArray(std::move(mem), data, dt, std::move(shape), std::move(strides));
}

NDArray import_versioned(DLManagedTensorVersioned* m) {
  if (!m) throw ValueError("null DLPack tensor");
  if (m->version.major != kMajorVersion)
    throw ValueError("unsupported DLPack major version " + std::to_string(m->version.major) +
                     " (cunp reads version " + std::to_string(kMajorVersion) + ")");
  // Once view_tensor has returned, the array owns the tensor and the deleter runs on its drop.
  return view_tensor(m->dl_tensor, [m] {
    if (m->deleter) m->deleter(m);
  });
}

NDArray import_legacy(DLManagedTensor* m) {
  if (!m) throw ValueError("null DLPack tensor");
  return view_tensor(m->dl_tensor, [m] {
    if (m->deleter) m->deleter(m);
  });
}

}  // namespace cunp::dlpack
