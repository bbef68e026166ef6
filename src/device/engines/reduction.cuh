// src/device/engines/reduction.cuh -- the reduction engine's skeletons (src/ops/reduction*.cpp):
// a thread's fold over its share of a row, and the four strategies: a block per output (split
// over blockIdx.y, the last block combining), a warp per output, a thread per output (split the
// same way), and a 32-column tile per block whose warps split the rows.
//
// A kernel instantiates one strategy with its op, a struct of
//   value_type                        the fold's type (at most Layout::slot bytes)
//   inputs, outputs                   reduce_operands<types...>, the operands' element types
//   known_identity                    every partial starts from identity(p); false: it starts
//                                     empty and takes the first value it sees
//   fold_initial                      initial= is folded into each result once, before post
//   identity(p), map(p, in..., j), reduce(a, b), post(p, a, out&...)
// and the layout the host planned (reduce_layout).
#pragma once
#include "../primitives/cunp_block.cuh"

namespace cunp {

template <class... T> struct reduce_operands {};

// Idx: the index type (int where every position fits); ranks after simplification (0: none);
// Vec: elements per vector load of a contiguous row; Block: threads per block; Slot: bytes per
// partial in the scratch buffer.
template <class Idx, int KeptNdim, int ReducedNdim, int Vec, int Block, int Slot>
struct reduce_layout {
  typedef Idx index;
  static constexpr int kept_ndim = KeptNdim, reduced_ndim = ReducedNdim, vec = Vec, block = Block,
                       slot = Slot;
};

// The parameter block, laid out as the host writes it: 8-byte words (sizes, scratch, operand
// pointers, kept shape and strides of every operand, reduced shape and strides of the inputs;
// a rank of 0 keeps one unused axis), then the initial value as 64-bit words (as bytes, the
// compiler read it a byte at a time).
template <int NIn, int NOut, int KeptNdim, int ReducedNdim> struct reduce_params {
  static constexpr int K = KeptNdim > 0 ? KeptNdim : 1, R = ReducedNdim > 0 ? ReducedNdim : 1;
  long long n_out, n_red, chunk;
  char* scratch;
  unsigned* tickets;
  const char* in[NIn];
  char* out[NOut];
  long long kshape[K];
  long long kst[NIn + NOut][K];
  long long rshape[R];
  long long rst[NIn][R];
  alignas(16) unsigned long long init[2];
};

// A post-map sees the sizes as CuPy's does: _in_ind.size() / _out_ind.size() is the number of
// elements each output folds.
struct reduce_size {
  long long n;
  __device__ long long size() const { return n; }
};

// The heads of the functions a kernel writes around its op's code (identity, map, reduce, post),
// then the op struct that calls them. They are macros because the code is pasted in by the host
// (a ReductionKernel's expressions) and must see the preamble's names as written.
#define CUNP_REDUCE_IDENTITY __device__ __forceinline__ _rtype _red_identity(const Params& _p)
// The inputs' parameters, each followed by a comma.
#define CUNP_REDUCE_MAP(...) \
  __device__ __forceinline__ _rtype _red_map(const Params& _p, __VA_ARGS__ const long long _j)
#define CUNP_REDUCE_REDUCE \
  __device__ __forceinline__ _rtype _red_reduce(const _rtype a, const _rtype b)
// The outputs' parameters, each preceded by a comma.
#define CUNP_REDUCE_POST(...) \
  __device__ __forceinline__ void _red_post(const Params& _p, const _rtype a __VA_ARGS__)
// With _red_inputs and _red_outputs typedefs of reduce_operands.
#define CUNP_REDUCE_OPS(KnownIdentity, FoldInitial)                                           \
  struct _red_ops {                                                                           \
    typedef _rtype value_type;                                                                \
    typedef _red_inputs inputs;                                                               \
    typedef _red_outputs outputs;                                                             \
    static constexpr bool known_identity = KnownIdentity, fold_initial = FoldInitial;         \
    __device__ __forceinline__ static _rtype identity(const Params& p) {                      \
      return _red_identity(p);                                                                \
    }                                                                                         \
    template <class... A>                                                                     \
    __device__ __forceinline__ static _rtype map(const Params& p, const A... a) {             \
      return _red_map(p, a...);                                                               \
    }                                                                                         \
    __device__ __forceinline__ static _rtype reduce(const _rtype a, const _rtype b) {         \
      return _red_reduce(a, b);                                                               \
    }                                                                                         \
    template <class... O>                                                                     \
    __device__ __forceinline__ static void post(const Params& p, const _rtype a, O&... out) { \
      _red_post(p, a, out...);                                                                \
    }                                                                                         \
  };

namespace reduce_detail {

// Vector loads each thread issues per trip of a contiguous row before folding any: 4 x 16
// bytes keeps more of HBM's latency covered than 2.
constexpr int kVectorUnroll = 4;

template <int... I> struct index_list {};
template <int N, int... I> struct make_index_list : make_index_list<N - 1, N - 1, I...> {};
template <int... I> struct make_index_list<0, I...> { typedef index_list<I...> type; };
template <class List> struct operand_count;
template <class... T> struct operand_count<reduce_operands<T...>> {
  static constexpr int value = sizeof...(T);
};

// Folds b into a. Without a known identity a partial may be empty (has false): it takes the
// first value it is given.
template <class Ops> struct fold_op {
  typedef typename Ops::value_type R;
  __device__ __forceinline__ void operator()(R& a, bool& ha, const R& b, bool hb) const {
    if constexpr (Ops::known_identity) {
      a = Ops::reduce(a, b);
    } else if (hb) {
      if (ha) a = Ops::reduce(a, b);
      else a = b;
      ha = true;
    }
  }
};

// Reads a partial another block wrote (through L2, never a stale L1 line), word by word.
template <class R> __device__ __forceinline__ R load_partial(const char* p) {
  lane_words<R> u;
#pragma unroll
  for (int k = 0; k < (sizeof(R) + 3) / 4; ++k)
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(u.w[k]) : "l"(p + 4 * k));
  return u.value;
}
template <class R> __device__ __forceinline__ void store_partial(char* p, const R& v) {
  *reinterpret_cast<R*>(p) = v;
}

// One input's vector in a set of every input's (a class per input, so a pack expansion over
// the inputs can name each).
template <int K, class T, int V> struct vector_of { vec<T, V> x; };
template <int V, class Ks, class Ts> struct vectors;
template <int V, int... K, class... T> struct vectors<V, index_list<K...>, reduce_operands<T...>>
    : vector_of<K, T, V>... {};

// The parts of a kernel that see the operands one by one: offsets, loads, the map of one
// element, a thread's fold over a row, the write of one output position.
template <class Ops, class L, class Ins = typename Ops::inputs, class Outs = typename Ops::outputs,
          class InIdx = typename make_index_list<operand_count<Ins>::value>::type,
          class OutIdx = typename make_index_list<operand_count<Outs>::value>::type>
struct row;
template <class Ops, class L, class... In, class... Out, int... K, int... J>
struct row<Ops, L, reduce_operands<In...>, reduce_operands<Out...>, index_list<K...>,
           index_list<J...>> {
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  static constexpr int nin = sizeof...(In), nops = sizeof...(In) + sizeof...(Out);
  static constexpr int V = L::vec;
  typedef vectors<V, index_list<K...>, reduce_operands<In...>> lanes;

  // Byte offsets of kept position o in every operand.
  template <class P>
  __device__ __forceinline__ static void kept_offsets(const P& p, Idx o, long long* ko) {
    nd_offsets<L::kept_ndim, nops>(o, p.kshape, p.kst, ko);
  }

  // One mapped element at reduced position r of the row at ko.
  template <class P>
  __device__ __forceinline__ static R element(const P& p, const long long* ko, Idx r) {
    long long ro[nin];
    nd_offsets<L::reduced_ndim, nin>(r, p.rshape, p.rst, ro);
    return Ops::map(p, *reinterpret_cast<const In*>(p.in[K] + ko[K] + ro[K])...,
                    static_cast<long long>(r));
  }

  // Input Kk's vectors v + u * st for each u of Us, from its row start pv.
  template <int Kk, class T, int... Us>
  __device__ __forceinline__ static void load(lanes* x, const char* pv, Idx v, Idx st) {
    ((static_cast<vector_of<Kk, T, V>&>(x[Us]).x = reinterpret_cast<const vec<T, V>*>(
          pv)[v + Us * st]),
     ...);
  }

  // The elements of one vector of every input, their positions from j0.
  template <class P> __device__ __forceinline__ static void fold_lanes(const P& p, const lanes& x,
                                                                       long long j0, R& acc,
                                                                       bool& has) {
#pragma unroll
    for (int e = 0; e < V; ++e)
      fold_op<Ops>()(acc, has,
                     Ops::map(p, static_cast<const vector_of<K, In, V>&>(x).x.v[e]..., j0 + e),
                     true);
  }

  // Vectors v + u * st of every input for each u of Us, all loaded (input by input) before any
  // is folded. Written as pack expansions, not loops: the loads then reach the optimizer as
  // straight-line code.
  template <class P, int... Us>
  __device__ __forceinline__ static void fold_vectors(const P& p, const char* const* pv, Idx lo,
                                                      Idx v, Idx st, R& acc, bool& has,
                                                      index_list<Us...>) {
    lanes x[sizeof...(Us)];
    (load<K, In, Us...>(x, pv[K], v, st), ...);
    (fold_lanes(p, x[Us], static_cast<long long>(lo) + (v + Us * st) * V, acc, has), ...);
  }

  // A thread's fold over reduced positions lo + t, lo + t + st, ... below hi of the row at ko,
  // t = first(): a callable, so that a special register (threadIdx.x) is read where the loop
  // starts, not before the row's pointers are set up.
  template <class P, class First>
  __device__ __forceinline__ static void fold(const P& p, const long long* ko, Idx lo, Idx hi,
                                              First first, Idx st, R& acc, bool& has) {
    if constexpr (V > 1) {
      // Vector loads: lo is a multiple of the vector width, rows start aligned.
      constexpr int U = kVectorUnroll;
      const char* pv[nin] = {(p.in[K] + ko[K] + static_cast<long long>(lo) * sizeof(In))...};
      const Idx nv = (hi - lo) / V;
      Idx v = first();
      for (; v + (U - 1) * st < nv; v += U * st)
        fold_vectors(p, pv, lo, v, st, acc, has, typename make_index_list<U>::type());
      for (; v < nv; v += st) fold_vectors(p, pv, lo, v, st, acc, has, index_list<0>());
      for (Idx r = lo + nv * V + first(); r < hi; r += st)
        fold_op<Ops>()(acc, has, element(p, ko, r), true);
    } else {
      // Four loads in flight per thread before any is folded.
      Idx r = lo + first();
      for (; r + 3 * st < hi; r += 4 * st) {
        const R m0 = element(p, ko, r), m1 = element(p, ko, r + st),
                m2 = element(p, ko, r + 2 * st), m3 = element(p, ko, r + 3 * st);
        fold_op<Ops>()(acc, has, m0, true);
        fold_op<Ops>()(acc, has, m1, true);
        fold_op<Ops>()(acc, has, m2, true);
        fold_op<Ops>()(acc, has, m3, true);
      }
      for (; r < hi; r += st) fold_op<Ops>()(acc, has, element(p, ko, r), true);
    }
  }

  // The outputs of the kept position at ko, from the fold a.
  template <class P>
  __device__ __forceinline__ static void write(const P& p, const long long* ko, const R& a) {
    if constexpr (Ops::fold_initial) {
      const R f = Ops::reduce(*reinterpret_cast<const R*>(p.init), a);
      Ops::post(p, f, *reinterpret_cast<Out*>(p.out[J] + ko[nin + J])...);
    } else {
      Ops::post(p, a, *reinterpret_cast<Out*>(p.out[J] + ko[nin + J])...);
    }
  }
};

// The reduced positions [lo, hi) of split y (blockIdx.y) of S: `chunk` each, the last one short.
template <class Idx> struct split_range { Idx S, y, lo, hi; };
template <class Idx, class P> __device__ __forceinline__ split_range<Idx> split_of(const P& p) {
  const Idx n_red = static_cast<Idx>(p.n_red), chunk = static_cast<Idx>(p.chunk);
  const Idx S = static_cast<Idx>(gridDim.y), y = static_cast<Idx>(blockIdx.y);
  const Idx lo = y * chunk;
  const Idx hi = S == 1 ? n_red : (n_red - lo < chunk ? n_red : lo + chunk);
  return {S, y, lo, hi};
}

// A thread per output o, split over blockIdx.y (Thread and Tile): every split left its partial
// of o at scratch slot (split * n_out + o). The last block of the column group to arrive (an
// atomic ticket, after a fence that publishes its partials; `last`, shared, says which) folds
// them in split order where `mine` and resets the ticket. Every thread of the block calls it.
template <class Ops, class L, class P>
__device__ __forceinline__ void combine_splits(const P& p, const long long* ko, typename L::index o,
                                               typename L::index S, bool mine, bool& last) {
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  const Idx n_out = static_cast<Idx>(p.n_out);
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    last = atomicAdd(&p.tickets[blockIdx.x], 1u) == static_cast<unsigned>(S - 1);
  __syncthreads();
  if (!last) return;
  __threadfence();
  if (threadIdx.x == 0) p.tickets[blockIdx.x] = 0;
  if (!mine) return;
  R a = load_partial<R>(p.scratch + static_cast<long long>(o) * L::slot);
  for (Idx k = 1; k < S; ++k)
    a = Ops::reduce(a,
                    load_partial<R>(p.scratch + (static_cast<long long>(k) * n_out + o) * L::slot));
  row<Ops, L>::write(p, ko, a);
}

}  // namespace reduce_detail

// A block per output row (grid-stride over rows), its threads striding the row, folded in
// shared memory. Split over blockIdx.y, each block leaves a partial per row; the last to arrive
// (an atomic ticket, after a fence that publishes its partial) folds them all and resets the
// ticket.
template <class L, class P, class Ops>
__device__ __forceinline__ void reduce_block(const P& p, Ops) {
  typedef reduce_detail::row<Ops, L> Row;
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  const reduce_detail::fold_op<Ops> fold{};
  const Idx n_out = static_cast<Idx>(p.n_out);
  const reduce_detail::split_range<Idx> s = reduce_detail::split_of<Idx>(p);
  __shared__ bool last;
  for (Idx row = blockIdx.x; row < n_out; row += gridDim.x) {
    long long ko[Row::nops];
    Row::kept_offsets(p, row, ko);
    R acc = Ops::identity(p);
    bool has = Ops::known_identity;
    Row::fold(
        p, ko, s.lo, s.hi, [] { return static_cast<Idx>(threadIdx.x); }, static_cast<Idx>(L::block),
        acc, has);
    block_fold<L::block, Ops::known_identity>(acc, has, fold);
    if (s.S == 1) {
      if (threadIdx.x == 0) Row::write(p, ko, acc);
      continue;
    }
    if (threadIdx.x == 0) {
      reduce_detail::store_partial(p.scratch + (static_cast<long long>(row) * s.S + s.y) * L::slot,
                                   acc);
      __threadfence();
      last = atomicAdd(&p.tickets[row], 1u) == static_cast<unsigned>(s.S - 1);
    }
    __syncthreads();
    if (last) {
      __threadfence();
      R a2 = Ops::identity(p);
      bool h2 = Ops::known_identity;
      for (Idx k = threadIdx.x; k < s.S; k += L::block)
        fold(a2, h2,
             reduce_detail::load_partial<R>(p.scratch +
                                            (static_cast<long long>(row) * s.S + k) * L::slot),
             true);
      block_fold<L::block, Ops::known_identity>(a2, h2, fold);
      if (threadIdx.x == 0) {
        Row::write(p, ko, a2);
        p.tickets[row] = 0;
      }
    }
    __syncthreads();  // `last` is rewritten for the next row
  }
}

// A warp per output row (grid-stride over rows), its lanes striding the row.
template <class L, class P, class Ops>
__device__ __forceinline__ void reduce_warp(const P& p, Ops) {
  typedef reduce_detail::row<Ops, L> Row;
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  const Idx n_out = static_cast<Idx>(p.n_out), n_red = static_cast<Idx>(p.n_red);
  const int lane = threadIdx.x & 31;
  const Idx wstep = static_cast<Idx>(gridDim.x) * (L::block / 32);
  for (Idx row = static_cast<Idx>(blockIdx.x) * (L::block / 32) + (threadIdx.x >> 5); row < n_out;
       row += wstep) {
    long long ko[Row::nops];
    Row::kept_offsets(p, row, ko);
    R acc = Ops::identity(p);
    bool has = Ops::known_identity;
    Row::fold(
        p, ko, 0, n_red, [lane] { return static_cast<Idx>(lane); }, static_cast<Idx>(32), acc, has);
    warp_fold<Ops::known_identity>(acc, has, reduce_detail::fold_op<Ops>());
    if (lane == 0) Row::write(p, ko, acc);
  }
}

// A thread per output, its partials combined across splits by combine_splits.
template <class L, class P, class Ops>
__device__ __forceinline__ void reduce_thread(const P& p, Ops) {
  typedef reduce_detail::row<Ops, L> Row;
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  const Idx n_out = static_cast<Idx>(p.n_out);
  const reduce_detail::split_range<Idx> s = reduce_detail::split_of<Idx>(p);
  const Idx o = static_cast<Idx>(blockIdx.x) * L::block + threadIdx.x;
  long long ko[Row::nops];
  {
    R acc = Ops::identity(p);
    bool has = Ops::known_identity;
    if (o < n_out) {
      Row::kept_offsets(p, o, ko);
      Row::fold(
          p, ko, s.lo, s.hi, [] { return Idx(0); }, 1, acc, has);
    }
    if (s.S == 1) {
      if (o < n_out) Row::write(p, ko, acc);
      return;
    }
    if (o < n_out)
      reduce_detail::store_partial(p.scratch + (static_cast<long long>(s.y) * n_out + o) * L::slot,
                                   acc);
  }
  __shared__ bool last;
  reduce_detail::combine_splits<Ops, L>(p, ko, o, s.S, o < n_out, last);
}

// A block per Cols outputs: lane = output, warp w folds rows lo + w, lo + w + Rows, ... (each
// warp reads whole 128-byte column segments of 4-byte values), then warp 0 folds the warps'
// partials from shared memory. Splits combine as in reduce_thread. Every thread reaches each
// __syncthreads: only the loads and writes are guarded.
template <class L, int Cols, class P, class Ops>
__device__ __forceinline__ void reduce_tile(const P& p, Ops) {
  typedef reduce_detail::row<Ops, L> Row;
  typedef typename Ops::value_type R;
  typedef typename L::index Idx;
  constexpr int Rows = L::block / Cols;
  const Idx n_out = static_cast<Idx>(p.n_out);
  const reduce_detail::split_range<Idx> s = reduce_detail::split_of<Idx>(p);
  const int lane = threadIdx.x % Cols, w = threadIdx.x / Cols;
  const Idx o = static_cast<Idx>(blockIdx.x) * Cols + lane;
  long long ko[Row::nops];
  __shared__ __align__(16) unsigned char values[L::block * sizeof(R)];
  __shared__ bool flags[L::block];
  __shared__ bool last;
  {
    R acc = Ops::identity(p);
    bool has = Ops::known_identity;
    if (o < n_out) {
      Row::kept_offsets(p, o, ko);
      Row::fold(
          p, ko, s.lo, s.hi, [w] { return static_cast<Idx>(w); }, static_cast<Idx>(Rows), acc, has);
    }
    reinterpret_cast<R*>(values)[threadIdx.x] = acc;
    flags[threadIdx.x] = has;
    __syncthreads();
    if (w == 0) {
#pragma unroll
      for (int k = 1; k < Rows; ++k)
        reduce_detail::fold_op<Ops>()(acc, has, reinterpret_cast<const R*>(values)[k * Cols + lane],
                                      flags[k * Cols + lane]);
    }
    if (s.S == 1) {
      if (w == 0 && o < n_out) Row::write(p, ko, acc);
      return;
    }
    if (w == 0 && o < n_out)
      reduce_detail::store_partial(p.scratch + (static_cast<long long>(s.y) * n_out + o) * L::slot,
                                   acc);
  }
  reduce_detail::combine_splits<Ops, L>(p, ko, o, s.S, w == 0 && o < n_out, last);
}

}  // namespace cunp
