// src/jit/nvcc_backend.hpp -- what RawModule needs of backend='nvcc' beyond compile_with_nvcc
// (cunp/jit/raw_module.hpp): where a cubin nvcc made is kept in the disk cache.
#pragma once
#include <string>
#include <vector>

namespace cunp {

// The disk-cache file of nvcc's cubin for this source and these options on sm_<arch>: a key of
// its own, with the nvcc executable's identity in it, so a new toolkit rebuilds.
std::string nvcc_cache_file(const std::string& source, const std::vector<std::string>& options,
                            int arch);

}  // namespace cunp
