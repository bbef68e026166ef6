// src/runtime/library.hpp -- finding and loading the CUDA toolkit's libraries (NVRTC, cuBLAS,
// cuSOLVER, cuRAND, cuFFT) with dlopen on first use, so import needs none of them.
#pragma once
#include <string>
#include <vector>

namespace cunp {

// Where to look for a CUDA library, in order: the file of the setting env_var (one of Config's
// CUNP_<LIB>_PATH, read through config()), the toolkit's lib64 under $CUDA_PATH / $CUDA_HOME /
// /usr/local/cuda, the directories of the setting CUNP_CUDA_LIBRARY_DIRS (the Python package
// points it at pip's nvidia wheels), then the bare sonames (ldconfig, LD_LIBRARY_PATH). Paths
// come first so a caller can name the file without dlopen.
std::vector<std::string> library_candidates(const std::vector<std::string>& sonames,
                                            const char* env_var);

// dlopen of the first candidate that loads; nullptr if none does.
void* open_library(const std::vector<std::string>& sonames, const char* env_var);

// dlsym; nullptr when absent.
void* library_symbol(void* library, const char* name);

}  // namespace cunp
