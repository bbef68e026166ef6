// src/device/engines/elementwise.cuh -- the elementwise engine's loop skeletons. A generated
// kernel lists its loop operands as `operand` types, writes its body as a functor
// body(i, value...) over one element's operand values, and calls one skeleton: flat_loop
// (contiguous or broadcast operands, vectorized with a scalar tail), strided_loop (n-d offsets
// per element) or tiled_loop (tiles of the last two axes through shared memory, in
// elementwise_tiled.cuh, added only to the kernels that use it). The skeletons
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

}  // namespace elementwise
}  // namespace cunp
