// cunp/array/dlpack.hpp -- the DLPack ABI (1.x versioned and legacy managed tensors), and the
// export of an NDArray to it and the import of a producer's tensor as an NDArray.
#pragma once
#include <cstdint>
#include <functional>

#include "cunp/array/ndarray.hpp"

namespace cunp::dlpack {

// --- the ABI, as the published DLPack 1.x header lays it out (C structs, no padding games) ---

constexpr uint32_t kMajorVersion = 1;
constexpr uint32_t kMinorVersion = 0;  // what cunp produces: it uses no field newer than 1.0

enum DeviceType : int32_t {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
  kDLOpenCL = 4,
  kDLVulkan = 7,
  kDLMetal = 8,
  kDLVPI = 9,
  kDLROCM = 10,
  kDLROCMHost = 11,
  kDLExtDev = 12,
  kDLCUDAManaged = 13,
  kDLOneAPI = 14,
};

enum TypeCode : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLOpaqueHandle = 3,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6,
};

// DLManagedTensorVersioned::flags bits.
constexpr uint64_t kFlagReadOnly = uint64_t{1} << 0;
constexpr uint64_t kFlagIsCopied = uint64_t{1} << 1;
constexpr uint64_t kFlagSubbytePadded = uint64_t{1} << 2;

struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};

struct DLDevice {
  int32_t device_type;  // a DeviceType
  int32_t device_id;
};

struct DLDataType {
  uint8_t code;  // a TypeCode
  uint8_t bits;
  uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;  // in elements; null means C-contiguous
  uint64_t byte_offset;
};

// The legacy (pre-1.0) managed tensor: capsule name "dltensor".
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

// The 1.x managed tensor: capsule name "dltensor_versioned".
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};

// --- dtypes ---

DLDataType to_dl_dtype(DType t);
// TypeError naming the code/bits/lanes for what cunp cannot hold (bfloat16, vectors, ...).
DType from_dl_dtype(DLDataType t);

// --- export: the managed tensor keeps `a`'s memory alive until its deleter runs ---

// `flags` is stored as given (kFlagReadOnly, kFlagIsCopied).
DLManagedTensorVersioned* export_versioned(const NDArray& a, uint64_t flags = 0);
DLManagedTensor* export_legacy(const NDArray& a);

// --- import ---

// An NDArray viewing `t` (strides in elements, byte_offset applied). `release` runs once, when
// the last array viewing the memory is dropped. Accepts kDLCUDA and kDLCUDAManaged tensors;
// throws (ValueError / TypeError / BufferError-like ValueError) without calling `release` when
// the tensor cannot be viewed, so the caller keeps ownership on failure.
NDArray view_tensor(const DLTensor& t, std::function<void()> release);

// Take ownership of a producer's managed tensor: its deleter runs exactly once, when the last
// view is dropped. On an exception the tensor is not taken (the caller still owns it).
NDArray import_versioned(DLManagedTensorVersioned* m);
NDArray import_legacy(DLManagedTensor* m);

}  // namespace cunp::dlpack
