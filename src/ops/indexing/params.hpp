// src/ops/indexing/params.hpp -- the parameter blocks of the indexing kernels, laid out as the
// structs of src/device/engines/indexing.cuh (each generated source checks the size), and the
// launch shapes they share.
#pragma once
#include <cstdint>

namespace cunp::detail {

constexpr int kIndexMaxDims = 8;
constexpr int kGatherBlock = 256;
constexpr int kGatherUnroll = 4;  // units in flight per thread (independent loads)
constexpr int kSelectBlock = 256;
constexpr int kSelectRounds = 16;  // a tile is kSelectBlock * kSelectRounds elements
constexpr int64_t kSelectTile = int64_t{kSelectBlock} * kSelectRounds;
constexpr int kScanBlock = 1024;
constexpr int kScanItems = 8;

struct GatherParams {
  uint64_t x;         // the indexed array (plus its offset)
  uint64_t y;         // the contiguous gathered side: result of a gather, values of a scatter
  uint64_t idx;       // contiguous indices
  uint64_t flag;      // host-mapped int: set on an index out of bounds
  uint64_t value[2];  // scatter of one value: its bytes, repeated to fill a unit
  int64_t n;          // length of the indexed axis
  int64_t m;          // number of indices
  int64_t units;      // units per gathered row
  int64_t total;      // outer * m * units
  int64_t so, sn;     // byte strides: the (single) outer dimension, the indexed axis
  int32_t ond, ind;   // strided: outer and inner dimensions
  int64_t oshape[kIndexMaxDims], ostride[kIndexMaxDims];
  int64_t ishape[kIndexMaxDims], istride[kIndexMaxDims];
};

// The bounds check that runs before a scatter (a scatter writes nothing when an index is bad).
constexpr int kCheckBlock = 256;
constexpr int kCheckUnroll = 4;
struct CheckParams {
  uint64_t idx;   // contiguous indices
  uint64_t flag;  // host-mapped int: set when one is out of bounds
  int64_t n;      // length of the indexed axis
  int64_t m;      // number of indices
};

struct SelectParams {
  uint64_t mask;   // contiguous bytes, nonzero = true
  uint64_t src;    // Values: the source array
  uint64_t dst;    // Values: the result; Coords: the (ndim, count) int64 result
  uint64_t tiles;  // int64 per tile: its count, then its exclusive offset
  uint64_t total;  // host-mapped int64: the number of true elements
  int64_t n;       // elements
  int64_t ntiles;
  int64_t count;  // Coords: the row length of the result
  int32_t ndim;
  int32_t pad;
  int64_t shape[kIndexMaxDims], stride[kIndexMaxDims];  // Values strided: byte strides
};

}  // namespace cunp::detail
