// tests/cpp/test_config.cpp -- the settings without a GPU: each CUNP_* variable's forms and
// defaults, read from a made-up environment, and the memory limit's parsing and errors.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cunp/cunp.hpp"
#include "runtime/driver.hpp"

using namespace cunp;

namespace {

Config read(const std::map<std::string, std::string>& env) {
  return read_config([&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

}  // namespace

TEST(Config, MemoryLimitForms) {
  MemoryLimit none = parse_memory_limit("");
  EXPECT_FALSE(none.is_share);
  EXPECT_EQ(none.bytes, 0u);
  MemoryLimit bytes = parse_memory_limit("1073741824");
  EXPECT_FALSE(bytes.is_share);
  EXPECT_EQ(bytes.bytes, 1073741824u);
  EXPECT_EQ(bytes.resolve(100), 1073741824u);  // a byte count ignores the device's size
  MemoryLimit half = parse_memory_limit("50%");
  EXPECT_TRUE(half.is_share);
  EXPECT_EQ(half.resolve(4000), 2000u);
  EXPECT_EQ(parse_memory_limit("12.5%").resolve(800), 100u);
  EXPECT_EQ(parse_memory_limit("0%").resolve(800), 0u);
  EXPECT_EQ(parse_memory_limit("150%").resolve(800), 1200u);  // above the device: allowed
}

TEST(Config, MemoryLimitBadValues) {
  for (const char* bad : {"abc", "-1", "+5", " 5", "1.5", "10GB", "1e9", "%", "-5%", "x%", "50 %",
                          "nan%", "inf%", "50%%", "99999999999999999999999"}) {
    try {
      parse_memory_limit(bad);
      ADD_FAILURE() << "'" << bad << "' was accepted";
    } catch (const ValueError& e) {
      EXPECT_EQ(std::string(e.what()),
                std::string("CUNP_GPU_MEMORY_LIMIT must be a byte count or a percentage: ") + bad);
    }
  }
}

TEST(Config, MemoryLimitIsKeptAsWritten) {
  // Parsed by the pool, so a bad value does not break reading the rest of the config.
  EXPECT_EQ(read({{"CUNP_GPU_MEMORY_LIMIT", "lots"}}).gpu_memory_limit, "lots");
  EXPECT_EQ(read({}).gpu_memory_limit, "");
}

TEST(Config, ToolkitDirsFromCudaPathThenCudaHome) {
  using Dirs = std::vector<std::string>;
  EXPECT_EQ(read({{"CUDA_HOME", "/h"}, {"CUDA_PATH", "/p"}}).cuda_toolkit_dirs, (Dirs{"/p", "/h"}));
  EXPECT_EQ(read({{"CUDA_HOME", "/h"}, {"CUDA_PATH", ""}}).cuda_toolkit_dirs, Dirs{"/h"});
  EXPECT_TRUE(read({}).cuda_toolkit_dirs.empty());
}

TEST(Config, CacheDirFallbackOrder) {
  EXPECT_EQ(read({{"CUNP_CACHE_DIR", "/c"}, {"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}}).cache_dir,
            "/c");
  EXPECT_EQ(read({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}}).cache_dir, "/x/cunp");
  EXPECT_EQ(read({{"HOME", "/h"}}).cache_dir, "/h/.cache/cunp");
  EXPECT_EQ(read({}).cache_dir, "/tmp/.cache/cunp");
  // Empty values count as unset.
  EXPECT_EQ(read({{"CUNP_CACHE_DIR", ""}, {"XDG_CACHE_HOME", ""}, {"HOME", "/h"}}).cache_dir,
            "/h/.cache/cunp");
}

TEST(Config, DisablePrebuilt) {
  EXPECT_FALSE(read({}).disable_prebuilt);
  EXPECT_FALSE(read({{"CUNP_DISABLE_PREBUILT", ""}}).disable_prebuilt);
  EXPECT_FALSE(read({{"CUNP_DISABLE_PREBUILT", "0"}}).disable_prebuilt);
  EXPECT_TRUE(read({{"CUNP_DISABLE_PREBUILT", "1"}}).disable_prebuilt);
  EXPECT_TRUE(read({{"CUNP_DISABLE_PREBUILT", "yes"}}).disable_prebuilt);
}

TEST(Config, AllowTf32) {
  EXPECT_FALSE(read({}).allow_tf32);
  for (const char* on : {"1", "true", "True", "TRUE", "yes"})
    EXPECT_TRUE(read({{"CUNP_ALLOW_TF32", on}}).allow_tf32) << on;
  for (const char* off : {"0", "", "no", "on", "YES", "2"})
    EXPECT_FALSE(read({{"CUNP_ALLOW_TF32", off}}).allow_tf32) << off;
}

TEST(Config, CudaArrayInterfaceSync) {
  EXPECT_TRUE(read({}).cuda_array_interface_sync);
  EXPECT_TRUE(read({{"CUNP_CUDA_ARRAY_INTERFACE_SYNC", "1"}}).cuda_array_interface_sync);
  EXPECT_TRUE(read({{"CUNP_CUDA_ARRAY_INTERFACE_SYNC", "false"}}).cuda_array_interface_sync);
  EXPECT_FALSE(read({{"CUNP_CUDA_ARRAY_INTERFACE_SYNC", "0"}}).cuda_array_interface_sync);
}

TEST(Config, LibraryDirsAndPaths) {
  Config c = read({{"CUNP_CUDA_LIBRARY_DIRS", "/a::/b:"},
                   {"CUNP_NVRTC_PATH", "/n.so"},
                   {"CUNP_CUBLAS_PATH", "/b.so"},
                   {"CUNP_CUSOLVER_PATH", "/s.so"},
                   {"CUNP_CURAND_PATH", "/r.so"},
                   {"CUNP_CUFFT_PATH", "/f.so"},
                   {"CUNP_NCCL_PATH", "/c.so"}});
  EXPECT_EQ(c.cuda_library_dirs, (std::vector<std::string>{"/a", "/b"}));
  EXPECT_EQ(c.library_path("CUNP_NVRTC_PATH"), "/n.so");
  EXPECT_EQ(c.library_path("CUNP_CUBLAS_PATH"), "/b.so");
  EXPECT_EQ(c.library_path("CUNP_CUSOLVER_PATH"), "/s.so");
  EXPECT_EQ(c.library_path("CUNP_CURAND_PATH"), "/r.so");
  EXPECT_EQ(c.library_path("CUNP_CUFFT_PATH"), "/f.so");
  EXPECT_EQ(c.library_path("CUNP_NCCL_PATH"), "/c.so");
  EXPECT_EQ(read({}).library_path("CUNP_CUBLAS_PATH"), "");
  EXPECT_TRUE(read({}).cuda_library_dirs.empty());
  EXPECT_THROW(c.library_path("CUNP_CUFFTW_PATH"), ValueError);
}

TEST(Config, SettingsListEveryVariableWithItsDefault) {
  auto rows = config_settings(read({{"HOME", "/h"}, {"CUNP_DISABLE_PREBUILT", "1"}}));
  std::map<std::string, std::pair<std::string, bool>> by_name;
  for (const auto& r : rows) by_name[r.variable] = {r.value, r.is_default};
  EXPECT_EQ(rows.size(), 12u);
  EXPECT_EQ(by_name["CUNP_CACHE_DIR"], std::make_pair(std::string("/h/.cache/cunp"), true));
  EXPECT_EQ(by_name["CUNP_DISABLE_PREBUILT"], std::make_pair(std::string("1"), false));
  EXPECT_EQ(by_name["CUNP_ALLOW_TF32"], std::make_pair(std::string("0"), true));
  EXPECT_EQ(by_name["CUNP_CUDA_ARRAY_INTERFACE_SYNC"], std::make_pair(std::string("1"), true));
  EXPECT_EQ(by_name["CUNP_GPU_MEMORY_LIMIT"], std::make_pair(std::string("none"), true));
  for (const char* v :
       {"CUNP_CUDA_LIBRARY_DIRS", "CUNP_NVRTC_PATH", "CUNP_CUBLAS_PATH", "CUNP_CUSOLVER_PATH",
        "CUNP_CURAND_PATH", "CUNP_CUFFT_PATH", "CUNP_NCCL_PATH"})
    EXPECT_TRUE(by_name.count(v)) << v;
}

TEST(Config, ReadOnce) {
  const Config& a = config();
  EXPECT_EQ(&a, &config());
  EXPECT_EQ(cache_dir(), a.cache_dir);
}

TEST(Config, DriverVersionOrReason) {
  // Without a driver library it raises the loader's reason; with one it answers even when no
  // device is visible.
  try {
    EXPECT_GE(drv::driver_version(), 11000);
  } catch (const CudaError& e) {
    EXPECT_FALSE(drv::available());
    EXPECT_NE(std::string(e.what()).find("driver"), std::string::npos) << e.what();
  }
}
