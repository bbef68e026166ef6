// tests/cpp/array/test_dlpack.cpp -- the DLPack ABI layout, dtype codes, and export/import over fake
// device memory (no GPU needed: only metadata and ownership are exercised).
#include <gtest/gtest.h>

#include <cstddef>

#include "cunp/array/dlpack.hpp"
#include "cunp/cunp.hpp"

using namespace cunp;
using namespace cunp::dlpack;

namespace {

// An array over fake memory whose release bumps *released.
NDArray fake(Dims shape, DType dt, int* released, uintptr_t ptr = 0x10000, int device = 0) {
  int64_t n = shape.product() * itemsize(dt);
  auto mem = wrap_memory(ptr, static_cast<std::size_t>(n), device, [released] { ++*released; });
  return NDArray(mem, ptr, dt, shape, contiguous_strides(shape, itemsize(dt), Order::C));
}

}  // namespace

// Offsets and sizes of the published 64-bit ABI: a producer compiled against dlpack.h must
// read the same bytes.
TEST(DLPack, AbiLayout) {
  EXPECT_EQ(sizeof(DLDevice), 8u);
  EXPECT_EQ(sizeof(DLDataType), 4u);
  EXPECT_EQ(sizeof(DLPackVersion), 8u);
  EXPECT_EQ(offsetof(DLTensor, data), 0u);
  EXPECT_EQ(offsetof(DLTensor, device), 8u);
  EXPECT_EQ(offsetof(DLTensor, ndim), 16u);
  EXPECT_EQ(offsetof(DLTensor, dtype), 20u);
  EXPECT_EQ(offsetof(DLTensor, shape), 24u);
  EXPECT_EQ(offsetof(DLTensor, strides), 32u);
  EXPECT_EQ(offsetof(DLTensor, byte_offset), 40u);
  EXPECT_EQ(sizeof(DLTensor), 48u);
  EXPECT_EQ(offsetof(DLManagedTensor, manager_ctx), 48u);
  EXPECT_EQ(offsetof(DLManagedTensor, deleter), 56u);
  EXPECT_EQ(sizeof(DLManagedTensor), 64u);
  EXPECT_EQ(offsetof(DLManagedTensorVersioned, version), 0u);
  EXPECT_EQ(offsetof(DLManagedTensorVersioned, manager_ctx), 8u);
  EXPECT_EQ(offsetof(DLManagedTensorVersioned, deleter), 16u);
  EXPECT_EQ(offsetof(DLManagedTensorVersioned, flags), 24u);
  EXPECT_EQ(offsetof(DLManagedTensorVersioned, dl_tensor), 32u);
  EXPECT_EQ(sizeof(DLManagedTensorVersioned), 80u);
  EXPECT_EQ(offsetof(DLDataType, bits), 1u);
  EXPECT_EQ(offsetof(DLDataType, lanes), 2u);
}

TEST(DLPack, DTypeCodesRoundTrip) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    DLDataType d = to_dl_dtype(t);
    EXPECT_EQ(d.lanes, 1);
    EXPECT_EQ(d.bits, itemsize(t) * 8) << name(t);
    EXPECT_EQ(from_dl_dtype(d), t) << name(t);
  }
  EXPECT_EQ(to_dl_dtype(DType::Bool).code, kDLBool);
  EXPECT_EQ(to_dl_dtype(DType::Complex64).code, kDLComplex);
  EXPECT_EQ(to_dl_dtype(DType::UInt16).code, kDLUInt);
  EXPECT_EQ(to_dl_dtype(DType::Float16).code, kDLFloat);
  EXPECT_THROW(from_dl_dtype(DLDataType{kDLBfloat, 16, 1}), TypeError);
  EXPECT_THROW(from_dl_dtype(DLDataType{kDLFloat, 32, 4}), TypeError);
  EXPECT_THROW(from_dl_dtype(DLDataType{kDLFloat, 8, 1}), TypeError);
  EXPECT_THROW(from_dl_dtype(DLDataType{kDLOpaqueHandle, 64, 1}), TypeError);
}

TEST(DLPack, ExportVersionedDescribesTheView) {
  int released = 0;
  {
    NDArray a = fake({4, 6}, DType::Float32, &released);
    NDArray v = a.transpose().index({IndexItem::slice(1, IndexItem::kNone, 2)});  // (3, 4)
    DLManagedTensorVersioned* m = export_versioned(v, kFlagIsCopied);
    EXPECT_EQ(m->version.major, 1u);
    EXPECT_EQ(m->version.minor, 0u);
    EXPECT_EQ(m->flags, kFlagIsCopied);
    const DLTensor& t = m->dl_tensor;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data), v.data());
    EXPECT_EQ(t.device.device_type, kDLCUDA);
    EXPECT_EQ(t.device.device_id, 0);
    ASSERT_EQ(t.ndim, 2);
    EXPECT_EQ(t.shape[0], 3);
    EXPECT_EQ(t.shape[1], 4);
    EXPECT_EQ(t.strides[0], 2);  // elements, not bytes
    EXPECT_EQ(t.strides[1], 6);
    EXPECT_EQ(t.byte_offset, 0u);
    a = NDArray();
    v = NDArray();
    EXPECT_EQ(released, 0);  // the managed tensor keeps the memory alive
    m->deleter(m);
  }
  EXPECT_EQ(released, 1);
}

TEST(DLPack, ExportLegacyZeroD) {
  int released = 0;
  {
    DLManagedTensor* m = export_legacy(fake({}, DType::Complex128, &released));
    EXPECT_EQ(m->dl_tensor.ndim, 0);
    EXPECT_EQ(m->dl_tensor.dtype.code, kDLComplex);
    EXPECT_EQ(m->dl_tensor.dtype.bits, 128);
    EXPECT_EQ(released, 0);
    m->deleter(m);
  }
  EXPECT_EQ(released, 1);
}

// Export then import: same pointer, shape, strides; one deleter call when the last view drops.
TEST(DLPack, RoundTripCallsDeleterOnce) {
  int released = 0;
  DLManagedTensorVersioned* m = export_versioned(fake({5, 3}, DType::Int16, &released));
  {
    NDArray b = import_versioned(m);
    EXPECT_EQ(b.data(), 0x10000u);
    EXPECT_EQ(b.shape(), (Dims{5, 3}));
    EXPECT_EQ(b.strides(), (Dims{6, 2}));
    EXPECT_EQ(b.dtype(), DType::Int16);
    NDArray view = b.transpose();
    b = NDArray();
    EXPECT_EQ(released, 0);
  }
  EXPECT_EQ(released, 1);
}

// A producer's tensor with null strides, a byte offset and a negative stride.
TEST(DLPack, ImportLayouts) {
  int64_t shape[2] = {2, 3};
  DLTensor t{
      reinterpret_cast<void*>(0x20000), {kDLCUDA, 1}, 2, {kDLFloat, 64, 1}, shape, nullptr, 16};
  int calls = 0;
  {
    NDArray a = view_tensor(t, [&calls] { ++calls; });
    EXPECT_EQ(a.data(), 0x20010u);
    EXPECT_EQ(a.strides(), (Dims{24, 8}));
    EXPECT_TRUE(a.c_contiguous());
    EXPECT_EQ(a.device(), 1);
    EXPECT_EQ(a.memory()->size, 48u);
  }
  EXPECT_EQ(calls, 1);
  int64_t strides[2] = {-3, 1};
  t.strides = strides;
  t.byte_offset = 0;
  NDArray b = view_tensor(t, nullptr);
  EXPECT_EQ(b.strides(), (Dims{-24, 8}));
  EXPECT_EQ(b.memory()->ptr, 0x20000u - 24);  // the span starts at the lowest row
  EXPECT_FALSE(b.c_contiguous());
}

TEST(DLPack, ImportRefusesWithoutTakingOwnership) {
  int64_t shape[1] = {4};
  int calls = 0;
  auto count = [&calls] { ++calls; };
  DLTensor cpu{
      reinterpret_cast<void*>(0x1000), {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, nullptr, 0};
  EXPECT_THROW(view_tensor(cpu, count), ValueError);
  DLTensor bf16{
      reinterpret_cast<void*>(0x1000), {kDLCUDA, 0}, 1, {kDLBfloat, 16, 1}, shape, nullptr, 0};
  EXPECT_THROW(view_tensor(bf16, count), TypeError);
  DLTensor null_data{nullptr, {kDLCUDA, 0}, 1, {kDLFloat, 32, 1}, shape, nullptr, 0};
  EXPECT_THROW(view_tensor(null_data, count), ValueError);
  int64_t negative[1] = {-1};
  DLTensor bad_shape{
      reinterpret_cast<void*>(0x1000), {kDLCUDA, 0}, 1, {kDLFloat, 32, 1}, negative, nullptr, 0};
  EXPECT_THROW(view_tensor(bad_shape, count), ValueError);
  EXPECT_EQ(calls, 0);

  // A versioned tensor of another major version is refused and stays the caller's.
  int released = 0;
  DLManagedTensorVersioned* m = export_versioned(fake({2}, DType::Float32, &released));
  m->version.major = 2;
  EXPECT_THROW(import_versioned(m), ValueError);
  EXPECT_EQ(released, 0);
  m->deleter(m);
  EXPECT_EQ(released, 1);
}

// Empty tensors may carry a null pointer; they import as empty arrays.
TEST(DLPack, ImportEmpty) {
  int64_t shape[2] = {0, 5};
  DLTensor t{nullptr, {kDLCUDAManaged, 0}, 2, {kDLBool, 8, 1}, shape, nullptr, 0};
  NDArray a = view_tensor(t, nullptr);
  EXPECT_EQ(a.size(), 0);
  EXPECT_EQ(a.dtype(), DType::Bool);
}
