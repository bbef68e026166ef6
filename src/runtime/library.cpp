// src/runtime/library.cpp -- the search path of the CUDA toolkit's libraries.
#include "library.hpp"

#include <dlfcn.h>

#include "cunp/runtime/config.hpp"

namespace cunp {

std::vector<std::string> library_candidates(const std::vector<std::string>& sonames,
                                            const char* env_var) {
  std::vector<std::string> out;
  if (env_var)
    if (const std::string& p = config().library_path(env_var); !p.empty()) out.push_back(p);
  std::vector<std::string> dirs;
  for (const std::string& toolkit : config().cuda_toolkit_dirs) dirs.push_back(toolkit + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  dirs.push_back("/usr/local/cuda/targets/x86_64-linux/lib");
  const auto& extra = config().cuda_library_dirs;
  dirs.insert(dirs.end(), extra.begin(), extra.end());
  for (const auto& d : dirs)
    for (const auto& n : sonames) out.push_back(d + "/" + n);
  out.insert(out.end(), sonames.begin(), sonames.end());
  return out;
}

void* open_library(const std::vector<std::string>& sonames, const char* env_var) {
  for (const auto& c : library_candidates(sonames, env_var))
    if (void* lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
  return nullptr;
}

void* library_symbol(void* library, const char* name) { return dlsym(library, name); }

}  // namespace cunp
