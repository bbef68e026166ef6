// src/device/engines/elementwise_tiled.cuh -- the elementwise engine's tiled skeleton: tiles of
// the last two axes through shared memory, for operands whose fastest axes differ (a * b.T).
// A part of its own, added after elementwise.cuh only to the kernels that use it: most kernels
// never do, and NVRTC then has less to parse.
#pragma once
#include "elementwise.cuh"

namespace cunp {
namespace elementwise {

// Bytes of shared memory one staged operand's TILE x TILE tile takes: rows padded to TILE + 1
// columns so that walking a column hits TILE different banks, 16-byte aligned.
template <int TILE, class T>
constexpr unsigned tile_bytes = (TILE * (TILE + 1) * sizeof(T) + 15) / 16 * 16;

// Shared memory of the staged operands' tiles below index END (all of them by default).
template <int TILE, class Ops, int END = Ops::count> struct tiles;
template <int TILE, class... Ops, int END> struct tiles<TILE, operands<Ops...>, END> {
  enum : unsigned {
    bytes = ((Ops::staged && Ops::index < END ? tile_bytes<TILE, typename Ops::type> : 0u) + ... +
             0u)
  };
};

// The tiles of a rank-ND loop: axes Y = ND - 2 and X = ND - 1, TILE x TILE elements walked by
// TILE x ROWS threads, PER elements a thread.
template <int ND, int TILE, int ROWS> struct tiling {
  enum : int { Y = ND - 2, X = ND - 1, tile = TILE, rows = ROWS, per = TILE / ROWS };
  // Operand Op's element at (y, x) of the tile whose batch offsets are o.
  template <class Op, class P>
  static __device__ __forceinline__ typename Op::value& global(const P& p, const long long* o,
                                                               long long y, long long x) {
    constexpr int l = Op::index;
    return *reinterpret_cast<typename Op::value*>(p.ptr[l] + o[l] + y * p.strides[l][Y] +
                                                  x * p.strides[l][X]);
  }
};

// n times the extents of the first D axes, multiplied in axis order. (Unrolled by recursion:
// the compiler reassociated the products of an unrolled loop.)
template <int D>
__device__ __forceinline__ void multiply_by_extents(long long& n, const long long* shape) {
  if constexpr (D > 0) {
    multiply_by_extents<D - 1>(n, shape);
    n *= shape[D - 1];
  }
}

// One operand's share of a tile trip. Staged operands move through a shared tile indexed
// [x][y]: loads and stores walk it with threadIdx.x along Y (coalesced for an operand fastest
// along Y), the body with threadIdx.x along X. Other inputs are loaded into registers in the
// same phase, so all loads are in flight at once; other outputs are written in place. (y, x)
// is an element's place in the array, (r, c) a thread's row and column in the tile, j the
// element's number in the thread.
// MODE: 't' staged, 'i' an input in registers, 'o' an output in place.
template <class Op, class G, char MODE = Op::staged ? 't' : Op::input ? 'i' : 'o'> struct tile_slot;
template <class Op, class G> struct tile_slot<Op, G, 't'> {
  typename Op::type (*const tile)[G::tile + 1];
  template <class Ops> __device__ __forceinline__ tile_slot(unsigned char* smem, Ops)
      : tile(reinterpret_cast<typename Op::type (*)[G::tile + 1]>(
            smem + tiles<G::tile, Ops, Op::index>::bytes)) {}
  template <class P> __device__ __forceinline__ void stage_in(const P& p, const long long* o,
                                                              long long y, long long x, int r,
                                                              int c) {
    if constexpr (Op::read) tile[r][c] = G::template global<Op>(p, o, y, x);
  }
  template <class P> __device__ __forceinline__ void stage_out(const P& p, const long long* o,
                                                               long long y, long long x, int r,
                                                               int c) {
    if constexpr (Op::write) G::template global<Op>(p, o, y, x) = tile[r][c];
  }
  template <class P>
  __device__ __forceinline__ void load(const P&, const long long*, long long, long long, int) {}
  template <class P>
  __device__ __forceinline__ typename Op::type& element(const P&, const long long*, long long,
                                                        long long, int r, int c, int) {
    return tile[c][r];
  }
};
template <class Op, class G> struct tile_slot<Op, G, 'i'> {
  typename Op::type reg[G::per];
  template <class Ops> __device__ __forceinline__ tile_slot(unsigned char*, Ops) {}
  template <class P> __device__ __forceinline__ void stage_in(const P&, const long long*, long long,
                                                              long long, int, int) {}
  template <class P> __device__ __forceinline__ void stage_out(const P&, const long long*,
                                                               long long, long long, int, int) {}
  template <class P> __device__ __forceinline__ void load(const P& p, const long long* o,
                                                          long long y, long long x, int j) {
    reg[j] = G::template global<Op>(p, o, y, x);
  }
  template <class P>
  __device__ __forceinline__ typename Op::type& element(const P&, const long long*, long long,
                                                        long long, int, int, int j) {
    return reg[j];
  }
};
template <class Op, class G> struct tile_slot<Op, G, 'o'> {
  template <class Ops> __device__ __forceinline__ tile_slot(unsigned char*, Ops) {}
  template <class P> __device__ __forceinline__ void stage_in(const P&, const long long*, long long,
                                                              long long, int, int) {}
  template <class P> __device__ __forceinline__ void stage_out(const P&, const long long*,
                                                               long long, long long, int, int) {}
  template <class P>
  __device__ __forceinline__ void load(const P&, const long long*, long long, long long, int) {}
  template <class P>
  __device__ __forceinline__ typename Op::value& element(const P& p, const long long* o,
                                                         long long y, long long x, int, int, int) {
    return G::template global<Op>(p, o, y, x);
  }
};

// Where the elements live in phase 2 of a tile trip: element j of thread (c, r) at (y, x).
template <class G, class P, class Set> struct tile_place {
  Set& slots;
  const P& p;
  const long long* o;
  long long y, x;
  int r, c, j;
  template <class Op> __device__ __forceinline__ typename Op::value& get() const {
    return as<tile_slot<Op, G>>(slots).element(p, o, y, x, r, c, j);
  }
};

// A strided loop of rank ND >= 2 walked in tiles of its last two axes over a batch of the
// outer ones, one tile per block and trip (blocks of TILE x ROWS threads). Thread (tx, ty) owns
// the elements (y0 + ty + ROWS j, x0 + tx). The body must not return false (a staged output's
// tile would be written back stale) and must not wait at a barrier (threads past the array's
// edge skip it).
template <class Idx, int ND, int TILE, int ROWS, class P, class... Ops, class F>
__device__ __forceinline__ void tiled_loop(const P& p, operands<Ops...> ops, F&& body) {
  typedef tiling<ND, TILE, ROWS> G;
  typedef slot_set<tile_slot<Ops, G>...> slots_t;
  constexpr int N = sizeof...(Ops);
  constexpr bool stage_in = ((Ops::staged && Ops::read) || ...);
  constexpr bool stage_out = ((Ops::staged && Ops::write) || ...);
  constexpr unsigned smem_bytes = tiles<TILE, operands<Ops...>>::bytes;
  const long long nY = p.shape[G::Y], nX = p.shape[G::X];
  const long long tilesX = (nX + TILE - 1) / TILE, tilesY = (nY + TILE - 1) / TILE;
  long long ntiles = tilesX * tilesY;
  multiply_by_extents<ND - 2>(ntiles, p.shape);
  __shared__ __align__(16) unsigned char smem[smem_bytes > 16 ? smem_bytes : 16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (long long t = blockIdx.x; t < ntiles; t += gridDim.x) {
    long long r = t;
    const long long x0 = r % tilesX * TILE;
    r /= tilesX;
    const long long y0 = r % tilesY * TILE;
    r /= tilesY;
    const long long b = r;
    // The batch axes (all but the last two) give each operand's tile origin.
    long long o[N > 0 ? N : 1] = {};
    if constexpr (ND > 2 && N > 0)
      for_each_coordinate<ND - 2>(r, p.shape, [&](int d, long long c) {
#pragma unroll
        for (int l = 0; l < N; ++l) o[l] += c * p.strides[l][d];
      });
    slots_t s(smem, ops);
    // Phase 1: staged operands into their tiles, in-place inputs into registers.
#pragma unroll
    for (int j = 0; j < G::per; ++j) {
      if constexpr (stage_in) {
        const long long y = y0 + tx, x = x0 + ty + j * ROWS;
        if (y < nY && x < nX)
          (as<tile_slot<Ops, G>>(s).stage_in(p, o, y, x, ty + j * ROWS, tx), ...);
      }
      {
        const long long y = y0 + ty + j * ROWS, x = x0 + tx;
        if (y < nY && x < nX) (as<tile_slot<Ops, G>>(s).load(p, o, y, x, j), ...);
      }
    }
    if constexpr (stage_in) __syncthreads();
      // Phase 2: the body, element by element.
#pragma unroll
    for (int j = 0; j < G::per; ++j) {
      const long long y = y0 + ty + j * ROWS, x = x0 + tx;
      if (!(y < nY && x < nX)) continue;
      element(ops, body, static_cast<Idx>((b * nY + y) * nX + x),
              tile_place<G, P, slots_t>{s, p, o, y, x, ty + j * ROWS, tx, j});
    }
    // Phase 3: staged outputs from their tiles.
    if constexpr (stage_out) {
      __syncthreads();
#pragma unroll
      for (int j = 0; j < G::per; ++j) {
        const long long y = y0 + tx, x = x0 + ty + j * ROWS;
        if (y < nY && x < nX)
          (as<tile_slot<Ops, G>>(s).stage_out(p, o, y, x, ty + j * ROWS, tx), ...);
      }
    }
    __syncthreads();  // the next trip refills the tiles
  }
}

}  // namespace elementwise
}  // namespace cunp
