// src/runtime/library.cpp -- loading the CUDA toolkit's libraries from the toolkit's candidates.
#include "library.hpp"

#include <dlfcn.h>

#include "cunp/runtime/config.hpp"

namespace cunp {

std::vector<std::string> library_candidates(const std::vector<std::string>& sonames,
                                            const char* env_var) {
  return toolkit().library_candidates(sonames, env_var);
}

void* open_library(const std::vector<std::string>& sonames, const char* env_var) {
  for (const auto& c : library_candidates(sonames, env_var))
    if (void* lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
  return nullptr;
}

void* library_symbol(void* library, const char* name) { return dlsym(library, name); }

}  // namespace cunp
