// src/device/fft/cufft_lto.cuh -- cunp's forwarding functions for cuFFT's LTO callbacks.
// python/cunp/fft/_lto_callbacks.py appends this part, then CUNP_CUFFT_LOAD_FORWARD(name) or
// CUNP_CUFFT_STORE_FORWARD(name), to a user's callback source. cuFFT's own wrapper calls a fixed
// entry point with C++ linkage and exactly the LTO signature; the forwarder is that entry point
// and calls the user's function by name, whatever its linkage or offset type. The lowered name
// of `tag<T>` spells the callback's element type T to the host, so a plan of another precision
// is refused before cuFFT links a mismatched callback.
#pragma once

namespace cunp_cufft_detail {
template <class T> struct plain { using type = T; };
template <class T> struct plain<const T> { using type = T; };
template <class T> struct plain<T&> { using type = typename plain<T>::type; };
// A store callback's element type, read off its parameter (it is part of the symbol).
template <class R, class A, class B, class T, class C, class D> __device__
    typename plain<T>::type element(R (*)(A, B, T, C, D));
template <class T> __device__ char tag = 0;
}  // namespace cunp_cufft_detail

// A load's return type is not part of its symbol: `auto` takes the user's.
#define CUNP_CUFFT_LOAD_FORWARD(name)                                                          \
  extern "C++" __device__ auto cunp_cufft_load_callback(void* data, unsigned long long offset, \
                                                        void* info, void* shared) {            \
    return name(data, offset, info, shared);                                                   \
  }

#define CUNP_CUFFT_STORE_FORWARD(name)                                                            \
  extern "C++" __device__ void cunp_cufft_store_callback(                                         \
      void* data, unsigned long long offset, decltype(cunp_cufft_detail::element(&name)) element, \
      void* info, void* shared) {                                                                 \
    name(data, offset, element, info, shared);                                                    \
  }

// cuFFT's link step, rebuilt by _lto_callbacks.check_link: cuFFT's wrapper declares the entry
// point `name` with the LTO signature of callback type `type` (cufftXtCallbackType) and its
// kernels call it; this probe kernel stands for them, so that nvJitLink links the user's
// callback exactly as cuFFT will, and fails here first with its own message.
#define CUNP_CUFFT_LOAD_PROBE(type, element, name)                                                 \
  extern __device__ element name(void*, unsigned long long, void*, void*);                         \
  extern "C" __global__ void cunp_cufft_link_probe_##type(void* data, void* info, element* sink) { \
    *sink = name(data, threadIdx.x, info, 0);                                                      \
  }

#define CUNP_CUFFT_STORE_PROBE(type, element, name)                                              \
  extern __device__ void name(void*, unsigned long long, element, void*, void*);                 \
  extern "C" __global__ void cunp_cufft_link_probe_##type(void* data, void* info, element value, \
                                                          int* sink) {                           \
    name(data, threadIdx.x, value, info, 0);                                                     \
  }
