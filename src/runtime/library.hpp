// src/runtime/library.hpp -- finding and loading the CUDA toolkit's libraries (NVRTC, cuBLAS,
// cuSOLVER, cuRAND, cuFFT) with dlopen on first use, so import needs none of them.
#pragma once
#include <string>
#include <vector>

namespace cunp {

// Where to look for a CUDA library: toolkit().library_candidates (cunp/runtime/config.hpp), with
// the file of the setting env_var (one of Config's CUNP_<LIB>_PATH) first.
std::vector<std::string> library_candidates(const std::vector<std::string>& sonames,
                                            const char* env_var);

// dlopen of the first candidate that loads; nullptr if none does.
void* open_library(const std::vector<std::string>& sonames, const char* env_var);

// dlsym; nullptr when absent.
void* library_symbol(void* library, const char* name);

// A library's function table as loading left it: `error` is empty when every function resolved,
// else it says why the library cannot be used.
template <class Api> struct LoadedApi {
  Api api;
  std::string error;
  void* handle = nullptr;

  // Sets `fn` to the symbol `name`; the first one missing becomes the error.
  template <class Fn> void resolve(Fn& fn, const char* name, const char* library) {
    fn = reinterpret_cast<Fn>(library_symbol(handle, name));
    if (!fn && error.empty()) error = std::string(library) + " lacks the function " + name;
  }
};

// Opens a library for its table (never freed: handles may outlive static destructors); when
// no candidate loads, `error` reads "<library> could not be loaded (<hint>)" and `handle` is
// null.
template <class Api> LoadedApi<Api>* open_api(const char* library,
                                              const std::vector<std::string>& sonames,
                                              const char* env_var, const char* hint) {
  auto* l = new LoadedApi<Api>;
  l->handle = open_library(sonames, env_var);
  if (!l->handle) l->error = std::string(library) + " could not be loaded (" + hint + ")";
  return l;
}

}  // namespace cunp
