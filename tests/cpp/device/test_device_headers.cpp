// tests/cpp/device/test_device_headers.cpp -- every header under src/device compiles on its own with
// NVRTC (no GPU needed), and every part is embedded under its name as the file reads now.
// Headers are found in the source tree (CUNP_DEVICE_SOURCE_DIR), so a new one is checked without
// editing this file.
// nvcc-only headers: one that includes a CUDA C++ library header (<cub/...>, <thrust/...>,
// <cuda/...>; the prebuilt kernels' CUB agents) cannot compile with the library's NVRTC, which
// has no path to those libraries. The build does not embed it as a part (cmake/embed_parts.cmake,
// same rule), and this test compiles it on its own with the toolkit's nvcc instead
// (compile_with_nvcc, backend='nvcc' of RawModule); where no nvcc is found the test is skipped
// and says so.
#include <cuda.h>  // CUDA_ERROR_NOT_FOUND
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;
namespace fs = std::filesystem;

namespace {

const fs::path kRoot = CUNP_DEVICE_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

const std::regex kInclude("#include \"([^\"]*)\"\n");
// A CUDA C++ library include: the header is nvcc-only (the rule of cmake/embed_parts.cmake).
const std::regex kLibraryInclude("#include <(cub|thrust|cuda)/");

// A header as the build embeds it (cmake/embed_*.cmake): without `#pragma once` and without its
// includes of other cunp headers, which the kernel that uses it adds before it.
std::string embedded_text(const std::string& text) {
  std::string s = text;
  for (std::size_t p; (p = s.find("#pragma once\n")) != std::string::npos;) s.erase(p, 13);
  return std::regex_replace(s, kInclude, "");
}

// The always-included header's files (src/device/*.cuh) and the math header's are not parts.
bool is_base(const fs::path& rel) { return !rel.has_parent_path(); }
bool is_math(const fs::path& rel) { return *rel.begin() == "math"; }
bool is_nvcc_only(const fs::path& rel) {
  const std::string text = read(kRoot / rel);
  return std::regex_search(text, kLibraryInclude);
}

// Every header under src/device, relative to it, in name order.
std::vector<fs::path> device_headers() {
  std::vector<fs::path> v;
  if (!fs::is_directory(kRoot)) return v;
  for (const auto& e : fs::recursive_directory_iterator(kRoot)) {
    const fs::path& p = e.path();
    if (e.is_regular_file() && (p.extension() == ".cuh" || p.extension() == ".hpp"))
      v.push_back(fs::relative(p, kRoot));
  }
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<fs::path> device_parts() {
  std::vector<fs::path> v;
  for (const fs::path& h : device_headers())
    if (!is_base(h) && !is_math(h) && !is_nvcc_only(h)) v.push_back(h);
  return v;
}

std::vector<fs::path> nvcc_only_headers() {
  std::vector<fs::path> v;
  for (const fs::path& h : device_headers())
    if (is_nvcc_only(h)) v.push_back(h);
  return v;
}

// `header` after the headers it includes (recursively, each once, in include order), all as
// embedded. `done` holds the headers already in the source.
void append_with_includes(const fs::path& header, std::set<fs::path>& done, std::string& out) {
  done.insert(header);
  const std::string text = read(kRoot / header);
  for (std::sregex_iterator it(text.begin(), text.end(), kInclude), end; it != end; ++it) {
    const fs::path dep = fs::relative(
        fs::weakly_canonical(kRoot / header.parent_path() / (*it)[1].str()), kRoot);
    if (!fs::exists(kRoot / dep)) {
      ADD_FAILURE() << header << " includes " << (*it)[1].str() << ", which does not exist";
      continue;
    }
    if (!done.count(dep)) append_with_includes(dep, done, out);
  }
  out += embedded_text(text) + "\n";
}

// What a kernel that uses `header` holds of the device library: a file of the always-included
// header alone with what it includes; any other header after the whole always-included header
// (every generated kernel starts with it) and the parts and math files it includes.
std::string standalone_source(const fs::path& header) {
  std::set<fs::path> done;
  std::string src;
  if (!is_base(header)) {
    for (const fs::path& h : device_headers())
      if (is_base(h)) done.insert(h);
    src = device_header();
  }
  append_with_includes(header, done, src);
  return src;
}

std::string test_name(const testing::TestParamInfo<fs::path>& info) {
  std::string s = info.param.string();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

class DeviceHeader : public testing::TestWithParam<fs::path> {};
class DevicePart : public testing::TestWithParam<fs::path> {};

}  // namespace

TEST(DeviceHeaders, FoundInTheSourceTree) {
  std::vector<fs::path> v = device_headers();
  EXPECT_GT(v.size(), 20u) << "no device headers under " << kRoot;
  EXPECT_TRUE(std::count(v.begin(), v.end(), fs::path("cunp_device.cuh")));
}

TEST_P(DeviceHeader, CompilesOnItsOwn) {
  const fs::path& h = GetParam();
  if (is_nvcc_only(h)) {
    // As the prebuilt kernels' translation unit has it: the header alone, its includes resolved
    // from where it lies, the toolkit's CUDA C++ libraries on nvcc's own include path.
    const std::string src = "#include \"" + (kRoot / h).string() + "\"\n";
    try {
      EXPECT_FALSE(compile_with_nvcc(src, 90, {}).image.empty());
    } catch (const CompileError& e) {
      ADD_FAILURE() << "src/device/" << h.string() << " (nvcc-only) does not compile on its own "
                    << "with nvcc:\n"
                    << e.log;
    } catch (const CudaError& e) {
      if (e.code != CUDA_ERROR_NOT_FOUND) throw;
      GTEST_SKIP() << "src/device/" << h.string() << " includes a CUDA C++ library, so it is "
                   << "compiled with nvcc, which was not found: " << e.what();
    }
    return;
  }
  try {
    CompileResult r = compile(standalone_source(h), "header_" + test_name({h, 0}), 90);
    EXPECT_FALSE(r.image.empty());
  } catch (const CompileError& e) {
    ADD_FAILURE() << "src/device/" << h.string() << " does not compile on its own:\n" << e.log;
  }
}

// A part's name is its file name without the extension, whatever its area; the embedded text is
// the file's as it reads now (a stale build or two parts of one name would show here).
TEST_P(DevicePart, IsEmbeddedUnderItsName) {
  const fs::path& h = GetParam();
  const std::string name = h.stem().string();
  EXPECT_EQ(device_part(name), "\n" + embedded_text(read(kRoot / h))) << "part " << name;
}

// The rule sees the prebuilt radix sort's header, and no nvcc-only header is embedded as a part.
TEST(DeviceHeaders, NvccOnlyHeadersAreNoParts) {
  const std::vector<fs::path> v = nvcc_only_headers();
  EXPECT_TRUE(std::count(v.begin(), v.end(), fs::path("sorting/sort_radix.cuh")));
  for (const fs::path& h : v)
    EXPECT_THROW(device_part(h.stem().string()), ValueError) << h << " is embedded as a part";
}

INSTANTIATE_TEST_SUITE_P(Source, DeviceHeader, testing::ValuesIn(device_headers()), test_name);
INSTANTIATE_TEST_SUITE_P(Source, DevicePart, testing::ValuesIn(device_parts()), test_name);
