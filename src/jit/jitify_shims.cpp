// src/jit/jitify_shims.cpp -- jitify=True: standard C++ headers for NVRTC, written once under
// the cache directory, each forwarding to libcu++ and making its names visible in std::.
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/jit/raw_module.hpp"
#include "files.hpp"

namespace cunp {
namespace {

// Standard headers jitify=True makes available: each forwards to libcu++'s <cuda/std/NAME> and
// makes cuda::std's names visible as std:: (the way Jitify's shims let NVRTC see std::).
const char* const kJitifyHeaders[] = {
    "array",    "bit",     "bitset",  "cassert",     "cfloat",
    "climits",  "cmath",   "complex", "concepts",    "cstddef",
    "cstdint",  "cstdlib", "cstring", "functional",  "initializer_list",
    "iterator", "limits",  "numbers", "numeric",     "optional",
    "ratio",    "span",    "tuple",   "type_traits", "utility",
    "variant",  "version"};
// Headers with nothing libcu++ provides whose names NVRTC already knows (printf, malloc).
const char* const kJitifyEmptyHeaders[] = {"cstdio", "stdio.h", "new"};

}  // namespace

const std::string& jitify_include_dir() {
  static const std::string dir = [] {
    std::string d = cache_dir() + "/jitify-include-2";
    files::make_dirs(d);
    for (const char* h : kJitifyHeaders)
      files::write_if_changed(d + "/" + h, std::string("#pragma once\n#include <cuda/std/") + h +
                                               ">\nnamespace cuda { namespace std {} }\n"
                                               "namespace std { using namespace cuda::std; }\n");
    for (const char* h : kJitifyEmptyHeaders)
      files::write_if_changed(d + "/" + h, "#pragma once\n");
    return files::is_file(d + "/type_traits") ? d : std::string();
  }();
  return dir;
}

}  // namespace cunp
