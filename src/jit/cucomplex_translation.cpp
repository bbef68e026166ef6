// src/jit/cucomplex_translation.cpp -- CuPy's translate_cucomplex: the include lines of
// cuComplex.h replaced by cunp's bridge to it (src/device/kernels/cucomplex_bridge.cuh).
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/jit/raw_module.hpp"

namespace cunp {
namespace {

// The bridge: cunp's device header (without its #pragma once, which a main file may not use)
// then cuComplex.h's API (src/device/kernels/cucomplex_bridge.cuh), guarded so that a second
// include line adds nothing.
std::string cucomplex_bridge() {
  std::string h = device_header();
  if (std::size_t p = h.find("#pragma once"); p != std::string::npos) h.erase(p, 12);
  return "#ifndef CUNP_CUCOMPLEX_BRIDGE\n#define CUNP_CUCOMPLEX_BRIDGE\n" + h +
         device_part("cucomplex_bridge") + "#endif\n";
}

// `#include <cuComplex.h>` or `#include "cuComplex.h"`, with any spacing.
bool is_cucomplex_include(const std::string& line) {
  std::size_t i = 0;
  auto skip = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  };
  skip();
  if (i >= line.size() || line[i] != '#') return false;
  ++i;
  skip();
  if (line.compare(i, 7, "include") != 0) return false;
  i += 7;
  skip();
  if (line.compare(i, 13, "<cuComplex.h>") == 0 || line.compare(i, 13, "\"cuComplex.h\"") == 0) {
    i += 13;
    skip();
    return i == line.size() || line.compare(i, 2, "//") == 0 || line[i] == '\r';
  }
  return false;
}

}  // namespace

std::string translate_cucomplex(const std::string& source) {
  std::string out;
  bool replaced = false;
  std::size_t line_no = 1;
  for (std::size_t pos = 0; pos < source.size(); ++line_no) {
    std::size_t end = source.find('\n', pos);
    std::size_t stop = end == std::string::npos ? source.size() : end;
    std::string line = source.substr(pos, stop - pos);
    if (is_cucomplex_include(line)) {
      out += cucomplex_bridge() + "#line " + std::to_string(line_no + 1) + "\n";
      replaced = true;
    } else {
      out += line;
      if (end != std::string::npos) out += '\n';
    }
    pos = end == std::string::npos ? source.size() : end + 1;
  }
  if (!replaced) return cucomplex_bridge() + "#line 1\n" + source;
  return out;
}

}  // namespace cunp
