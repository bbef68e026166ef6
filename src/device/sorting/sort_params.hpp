// src/device/sorting/sort_params.hpp -- the parameter blocks and launch constants of the prebuilt
// sort kernels, shared by their device code (src/device/sorting/sort_*.cuh, compiled by nvcc
// through the entry points of src/kernels/sort*.cu), their driver
// (src/ops/sorting/sort_engine.cpp) and the selection engine's NVRTC kernels, so all agree on
// the layout.
#pragma once

// The constants below are functions that the kernels call too; the codecs (sort_codec.cuh)
// compile for the host as well, where the tests check their order.
#ifdef __CUDACC__
#define CUNP_SORT_CONSTANT __host__ __device__ constexpr
#define CUNP_SORT_FN __host__ __device__ __forceinline__
#else
#define CUNP_SORT_CONSTANT constexpr
#define CUNP_SORT_FN inline
#endif

namespace cunp::sort_kernel {

// --- the radix passes (CUB's onesweep: histogram, exclusive sum, one pass per digit) ---------

// Bits per onesweep digit and the digits' count (CUB's sm_90 policy).
constexpr int kRadixBits = 8;
constexpr int kRadixDigits = 1 << kRadixBits;
// Threads of the histogram and exclusive-sum kernels.
constexpr int kHistogramThreads = 128;
constexpr int kExclusiveSumThreads = 256;
// Items one onesweep block sorts, by key width and whether 32-bit positions travel with the
// keys: the threads and items per thread of CUB's sm_90 tuning for those types (sort_radix.cuh
// checks these against CUB's policy).
CUNP_SORT_CONSTANT int onesweep_threads(int key_bytes, bool) { return key_bytes >= 4 ? 384 : 512; }
CUNP_SORT_CONSTANT int onesweep_items_per_thread(int key_bytes, bool pairs) {
  if (key_bytes == 8) return 15;
  if (key_bytes == 4) return pairs ? 23 : 20;
  return pairs ? 17 : 19;
}
CUNP_SORT_CONSTANT int onesweep_tile(int key_bytes, bool pairs) {
  return onesweep_threads(key_bytes, pairs) * onesweep_items_per_thread(key_bytes, pairs);
}
// Items of one portion: the look-back counters are 32-bit, so longer inputs are sorted
// portion by portion (as CUB does), each pass carrying the bins to the next portion.
CUNP_SORT_CONSTANT int onesweep_portion(int key_bytes, bool pairs) {
  return ((1 << 28) - 1) / onesweep_tile(key_bytes, pairs) * onesweep_tile(key_bytes, pairs);
}

// All pointers are device addresses. Counts are 32-bit: the engine sorts fewer than 2^31 items.
struct HistogramParams {
  unsigned long long bins;  // uint32[passes][256], zeroed: the global digit counts per pass
  unsigned long long keys;  // the encoded keys
  unsigned int num_items;
  int begin_bit, end_bit;
  int pad;
};
static_assert(sizeof(HistogramParams) == 32);

struct ExclusiveSumParams {
  unsigned long long bins;  // uint32[passes][256]: one block scans each pass's digits
};
static_assert(sizeof(ExclusiveSumParams) == 8);

struct OnesweepParams {
  unsigned long long lookback;  // int32[blocks][256], zeroed before each launch
  unsigned long long counter;   // int32 tile counter of this pass and portion, zeroed
  unsigned long long bins_out;  // the next portion's bins of this pass (0 for the last portion)
  unsigned long long bins_in;   // this portion's scanned bins of this pass
  unsigned long long keys_out, keys_in;
  unsigned long long values_out, values_in;  // int64; both 0 for keys-only kernels
  int num_items;                             // in this portion
  int current_bit, num_bits;
  int pad;
};
static_assert(sizeof(OnesweepParams) == 80);

// --- the encoding of values as unsigned keys of their width -------------------------------

// How a value's bits become an unsigned key whose order is NumPy's sort order.
enum Codec : int {
  kUnsigned = 0,   // bool and unsigned integers: the bits themselves
  kSigned = 1,     // signed integers: the sign bit flipped
  kFloat = 2,      // floats, one to one (decodable): NaNs last, -0.0 just before 0.0
  kFloatTies = 3,  // floats with NumPy's ties: -0.0 is 0.0, every NaN the same largest key
};

// What the key kernel computes for item i from its source position s (perm[i], or i).
enum KeyPart : int {
  kValue = 0,         // the value at s (an element of the key's width), through `codec`
  kComplexMinor = 1,  // complex: the imaginary part when both parts are numbers, else 0
  kComplexMajor = 2,  // complex: the real part, or the imaginary part when the real is NaN
  kComplexClass = 3,  // complex: 0 numbers, 1 imaginary NaN, 2 real NaN, 3 both NaN
  kRow = 4,           // the row s / row_length
};

struct KeyParams {
  unsigned long long keys;      // out: one key per item, of the kernel's width
  unsigned long long source;    // the values (contiguous)
  unsigned long long perm_in;   // 32-bit source positions, or 0 for the identity
  unsigned long long perm_out;  // when perm_in is 0 and this is not: receives the identity
  long long num_items;
  long long row_length;  // kRow
  int part;              // KeyPart
  int codec;             // kValue: Codec; complex parts: the part's float width, 4 or 8
};
static_assert(sizeof(KeyParams) == 56);

// The result from the final permutation (32-bit positions, as the radix passes carry them, or
// int64 ones): the in-row position (argsort) or the gathered value.
enum FinishMode : int {
  kRowPosition = 0,  // out[i] = perm[i] % row_length (int64)
  kGather = 1,       // out[i] = source[perm[i]] (+ the start of i's row when row_length is not 0),
                     // elements of `itemsize` bytes (1, 2, 4, 8 or 16)
};
struct FinishParams {
  unsigned long long out;
  unsigned long long perm;
  unsigned long long source;
  long long num_items;
  long long row_length;
  int mode;
  int itemsize;
  int perm_bytes;  // 4 or 8
  int unused;
};
static_assert(sizeof(FinishParams) == 56);

// --- rows sorted by one block each -------------------------------------------------------

// Block sizes: (threads, items per thread) of each tile class, smallest first. A row goes to
// the smallest tile that holds it.
constexpr int kBlockTiles = 3;
CUNP_SORT_CONSTANT int block_sort_threads(int tile_class) {
  return tile_class == 0 ? 64 : tile_class == 1 ? 128 : 256;
}
CUNP_SORT_CONSTANT int block_sort_items(int tile_class) {
  return tile_class == 0 ? 4 : tile_class == 1 ? 8 : 16;
}
CUNP_SORT_CONSTANT int block_sort_tile(int tile_class) {
  return block_sort_threads(tile_class) * block_sort_items(tile_class);
}

// Keys-only kernels sort values of the key's width, through a one-to-one codec, into `out`;
// pairs kernels (argsort) write each item's int64 position in its row.
struct BlockSortParams {
  unsigned long long in;   // rows of row_length contiguous elements
  unsigned long long out;  // the same shape: sorted values, or int64 positions
  long long rows;
  int row_length;  // at most the kernel's tile
  int codec;
};
static_assert(sizeof(BlockSortParams) == 32);

// --- searchsorted and unique -------------------------------------------------------------

// For each of `num_values` values, the count of sorted items before it (side left: items
// less than it; right: items not greater). The keys of real dtypes are encoded with
// kFloatTies (or an integer codec); complex values are searched as they are.
struct SearchParams {
  unsigned long long sorted;  // `num_sorted` values (real: raw, encoded as read) in order
  unsigned long long sorter;  // int64 positions into `sorted` giving the order, or 0
  unsigned long long values;
  unsigned long long out;  // int64 per value
  long long num_sorted;
  long long num_values;
  int right;  // side='right'
  int codec;  // real values: the Codec that orders them (kFloatTies for floats)
};
static_assert(sizeof(SearchParams) == 56);

// Keys of the sorted array that a search block keeps in shared memory: the first levels of
// every search read them there, not from global memory.
constexpr int kSearchFence = 2048;
constexpr int kSearchThreads = 256;

// What the run kernels read: keys of 1, 2, 4 or 8 bytes, or complex numbers of 8 or 16.
enum RunItem : int {
  kItem1 = 1,
  kItem2 = 2,
  kItem4 = 4,
  kItem8 = 8,
  kComplex8 = 9,
  kComplex16 = 17
};

// flags[i] = 1 where sorted item i starts a run of equal items (NumPy's ==, -0.0 equal to
// 0.0; NaNs equal one another when equal_nan, and every complex number with a NaN part too).
struct RunStartParams {
  unsigned long long sorted;  // values of the input dtype, in order
  unsigned long long flags;   // bool per item
  long long num_items;
  int item;   // RunItem
  int codec;  // kUnsigned, kSigned or kFloatTies for real items
  int equal_nan;
  int pad;
};
static_assert(sizeof(RunStartParams) == 40);

// counts[j] = starts[j + 1] - starts[j] (num_items for the last run's end).
struct RunCountParams {
  unsigned long long starts;  // int64 per run
  unsigned long long counts;  // int64 per run
  long long num_runs;
  long long num_items;
};
static_assert(sizeof(RunCountParams) == 32);

// inverse[perm[i]] = run[i] - 1, run the inclusive count of run starts (int64 each).
struct RunInverseParams {
  unsigned long long perm;
  unsigned long long run;
  unsigned long long inverse;
  long long num_items;
};
static_assert(sizeof(RunInverseParams) == 32);

}  // namespace cunp::sort_kernel
