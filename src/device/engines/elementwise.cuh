// src/device/engines/elementwise.cuh -- the elementwise engine's loop skeletons. A generated
// kernel lists its loop operands as `operand` types, writes its body as a functor
// body(i, value...) over one element's operand values, and calls one skeleton: flat_loop
// (contiguous or broadcast operands, vectorized with a scalar tail), strided_loop (n-d offsets
// per element) or tiled_loop (tiles of the last two axes through shared memory). The skeletons
// read the kernel's Params as `p`: ptr[], and shape[] / strides[][] when strided; the flat and
// strided loops take the loop size n, converted to the index type by the kernel.
#pragma once

namespace cunp {
namespace elementwise {

template <class T, bool READ_ONLY> struct qualified { typedef T type; };
template <class T> struct qualified<T, true> { typedef const T type; };

// One loop operand: its element type, its index among the loop operands (in Params::ptr and
// strides), whether the body reads its old value (inputs, loaded outputs) and whether it is
// written back (outputs), and its layout class: 'c' contiguous or 'b' a broadcast scalar (flat
// loops), 's' strided, 't' staged through a shared tile or 'r' accessed in place (tiled loops).
template <class T, int INDEX, bool READ, bool WRITE, char CLASS> struct operand {
  typedef T type;
  typedef typename qualified<T, !WRITE>::type value;
  // Enumerators, not static data members: NVRTC would emit those as globals of the module.
  enum : int { index = INDEX };
  enum : bool { read = READ, write = WRITE, input = READ && !WRITE, staged = CLASS == 't' };
  enum : char { klass = CLASS };

  // The operand's data as an array of U (T, or a vector of T).
  template <class U = T, class P>
  static __device__ __forceinline__ typename qualified<U, !WRITE>::type* base(const P& p) {
    return reinterpret_cast<typename qualified<U, !WRITE>::type*>(p.ptr[INDEX]);
  }
  // The element at flat position i.
  template <class P, class Idx> static __device__ __forceinline__ value& flat(const P& p, Idx i) {
    if constexpr (CLASS == 'b') return base(p)[0];
    else return base(p)[i];
  }
  // The element `offset` bytes past the data.
  template <class P> static __device__ __forceinline__ value& at(const P& p, long long offset) {
    return *reinterpret_cast<value*>(p.ptr[INDEX] + offset);
  }
};
template <class T, int INDEX, char CLASS> using in = operand<T, INDEX, true, false, CLASS>;
template <class T, int INDEX, char CLASS> using out = operand<T, INDEX, false, true, CLASS>;
template <class T, int INDEX, char CLASS> using inout = operand<T, INDEX, true, true, CLASS>;

// The loop operands of a kernel, by index.
template <class... Ops> struct operands {
  enum : int { count = sizeof...(Ops) };
};

// A loop's per-operand storage (one slot type per operand, distinct since operand types are),
// each slot built from the same arguments; as<Slot>(set) is one operand's.
template <class... Slots> struct slot_set : Slots... {
  template <class... A> __device__ __forceinline__ slot_set(A&&... a) : Slots(a...)... {}
};
template <class Slot, class Set> __device__ __forceinline__ Slot& as(Set& set) { return set; }

// ---------------------------------------------------------------------------------------------
// One element

// The body on one element, whose operands live where place.get<Op>() says: every value read
// (in operand order) into a register of its own, the body, every value written back (in
// operand order). This is the order the code was written in before the skeletons were
// templates, and the compiler schedules it alike; one local per operand (declared a level of
// recursion each) rather than a struct of them, which the compiler optimizes differently. A
// body that returns bool returns false when it ended the element early with its outputs
// unassigned: nothing is written back then.
template <class R> struct returns_bool {
  enum : bool { value = false };
};
template <> struct returns_bool<bool> {
  enum : bool { value = true };
};
template <class Op, class Place, class T>
__device__ __forceinline__ void write_back(const Place& place, const T& value) {
  if constexpr (Op::write) place.template get<Op>() = value;
}
template <class... All, class F, class Idx, class Place, class... Values>
__device__ __forceinline__ void element_values(operands<All...>, operands<>, F& body, Idx i,
                                               const Place& place, Values&... values) {
  if constexpr (returns_bool<decltype(body(i, values...))>::value) {
    if (!body(i, values...)) return;
  } else {
    body(i, values...);
  }
  (write_back<All>(place, values), ...);
}
template <class... All, class Op, class... Rest, class F, class Idx, class Place, class... Values>
__device__ __forceinline__ void element_values(operands<All...> all, operands<Op, Rest...>, F& body,
                                               Idx i, const Place& place, Values&... values) {
  typename Op::type value;
  if constexpr (Op::read) value = place.template get<Op>();
  element_values(all, operands<Rest...>(), body, i, place, values..., value);
}
template <class... Ops, class F, class Idx, class Place>
__device__ __forceinline__ void element(operands<Ops...> ops, F& body, Idx i, const Place& place) {
  element_values(ops, ops, body, i, place);
}

// ---------------------------------------------------------------------------------------------
// Flat loop

// One operand's V elements of a vectorized trip, in registers: loaded in one 16-byte access
// when the body reads them, stored in one when it writes them.
template <class Op, int V, bool BROADCAST = Op::input&& Op::klass == 'b'> struct vector_slot {
  typedef vec<typename Op::type, V> lanes_t;
  lanes_t lanes;
  template <class P, class Idx> __device__ __forceinline__ vector_slot(const P& p, const Idx& v) {
    if constexpr (Op::read) lanes = Op::template base<lanes_t>(p)[v];
  }
  __device__ __forceinline__ typename Op::value& lane(int j) { return lanes.v[j]; }
  template <class P, class Idx> __device__ __forceinline__ void store(const P& p, Idx v) const {
    if constexpr (Op::write) Op::template base<lanes_t>(p)[v] = lanes;
  }
};
// A broadcast input: its one value, read once a trip.
template <class Op, int V> struct vector_slot<Op, V, true> {
  const typename Op::type value;
  template <class P, class Idx> __device__ __forceinline__ vector_slot(const P& p, const Idx&)
      : value(Op::base(p)[0]) {}
  __device__ __forceinline__ const typename Op::type& lane(int) const { return value; }
  template <class P, class Idx> __device__ __forceinline__ void store(const P&, Idx) const {}
};

// Where the elements live: at a flat position.
template <class P, class Idx> struct flat_place {
  const P& p;
  Idx i;
  template <class Op> __device__ __forceinline__ typename Op::value& get() const {
    return Op::flat(p, i);
  }
};

// Contiguous and broadcast operands over positions [0, n): V elements a thread and trip (one
// 16-byte vector per operand; the grid covers the array), then the n % V left one at a time.
// (The grid-stride index is computed here, not in a helper: a helper's call changed how the
// compiler expanded the loop's trip count.) A vectorized trip hands the body its operands'
// lanes in place (fewer layers for the compiler to see through than element's) and writes
// whole vectors, so its body must not return false.
template <class Idx, int V, class P, class... Ops, class F>
__device__ __forceinline__ void flat_loop(const P& p, const Idx n, operands<Ops...> ops, F&& body) {
  const Idx first = static_cast<Idx>(blockIdx.x) * blockDim.x + threadIdx.x;
  const Idx step = static_cast<Idx>(gridDim.x) * blockDim.x;
  Idx start = 0;
  if constexpr (V > 1) {
    typedef slot_set<vector_slot<Ops, V>...> lanes_t;
    const Idx nv = n / V;
    for (Idx v = first; v < nv; v += step) {
      lanes_t lanes(p, v);
#pragma unroll
      for (int j = 0; j < V; ++j) body(v * V + j, as<vector_slot<Ops, V>>(lanes).lane(j)...);
      (as<vector_slot<Ops, V>>(lanes).store(p, v), ...);
    }
    start = nv * V;
  }
  for (Idx i = start + first; i < n; i += step) element(ops, body, i, flat_place<P, Idx>{p, i});
}

// ---------------------------------------------------------------------------------------------
// Strided loop

// Where the elements live: at each operand's byte offset o[index].
template <class P> struct offset_place {
  const P& p;
  const long long* o;
  template <class Op> __device__ __forceinline__ typename Op::value& get() const {
    return Op::at(p, o[Op::index]);
  }
};

// Any layout of rank ND: each position's byte offsets from its coordinates.
template <class Idx, int ND, class P, class... Ops, class F>
__device__ __forceinline__ void strided_loop(const P& p, const Idx n, operands<Ops...> ops,
                                             F&& body) {
  const Idx first = static_cast<Idx>(blockIdx.x) * blockDim.x + threadIdx.x;
  const Idx step = static_cast<Idx>(gridDim.x) * blockDim.x;
  for (Idx i = first; i < n; i += step) {
    if constexpr (sizeof...(Ops) > 0) {
      long long o[sizeof...(Ops)];
      nd_offsets<ND, sizeof...(Ops)>(i, p.shape, p.strides, o);
      element(ops, body, i, offset_place<P>{p, o});
    } else {
      element(ops, body, i, offset_place<P>{p, nullptr});
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Tiled loop

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
