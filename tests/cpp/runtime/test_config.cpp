// tests/cpp/runtime/test_config.cpp -- the settings without a GPU: each CUNP_* variable's forms and
// defaults, read from a made-up environment, the memory limit's parsing and errors, and where the
// toolkit's libraries, NVRTC, headers, nvcc and scratch space are found (over scratch trees).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

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

// ---------------------------------------------------------------------------------------------
// The toolkit's locations, resolved from made-up settings over a scratch directory tree.

namespace {

namespace fs = std::filesystem;

// A scratch directory, removed with its contents at the end of the test.
struct Tree {
  std::string root;
  Tree() {
    std::string tmpl = (fs::temp_directory_path() / "cunp-toolkit-XXXXXX").string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    root = ::mkdtemp(buf.data()) ? buf.data() : "";
  }
  ~Tree() {
    std::error_code ec;
    if (!root.empty()) fs::remove_all(root, ec);
  }
  // Creates root/relative (and its directories): an empty file, executable when asked.
  std::string file(const std::string& relative, bool executable = false) const {
    fs::path p = fs::path(root) / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p).put('\n');
    if (executable) fs::permissions(p, fs::perms::owner_all, fs::perm_options::add);
    return p.string();
  }
  std::string dir(const std::string& relative) const {
    fs::create_directories(fs::path(root) / relative);
    return root + "/" + relative;
  }
};

// The loader is never asked while a candidate path exists; tests that rely on that fail here.
std::function<std::string()> no_loader(bool* asked) {
  return [asked] {
    *asked = true;
    return std::string();
  };
}

}  // namespace

TEST(Toolkit, LibraryDirsInOrder) {
  Tree t;
  t.dir("site/nvidia/cublas/lib");
  t.dir("site/nvidia/cu13/lib");
  t.dir("site/nvidia/no_lib");  // a package without lib/ adds nothing
  t.dir("other/nvidia/nccl/lib");
  Config c = read({{"CUDA_PATH", "/p"}, {"CUDA_HOME", "/h"}, {"CUNP_CUDA_LIBRARY_DIRS", "/a:/b"}});
  c.package_roots = {t.root + "/site", t.root + "/missing", t.root + "/other"};
  bool asked = false;
  Toolkit k(c, no_loader(&asked));
  EXPECT_EQ(k.library_dirs(),
            (std::vector<std::string>{"/p/lib64", "/h/lib64", "/usr/local/cuda/lib64",
                                      "/usr/local/cuda/targets/x86_64-linux/lib", "/a", "/b",
                                      t.root + "/site/nvidia/cu13/lib",
                                      t.root + "/site/nvidia/cublas/lib",
                                      t.root + "/other/nvidia/nccl/lib"}));
  // A directory named twice (CUDA_PATH set to the usual toolkit) is searched once, first.
  Toolkit u(read({{"CUDA_PATH", "/usr/local/cuda"}, {"CUNP_CUDA_LIBRARY_DIRS", "/a:/a"}}),
            no_loader(&asked));
  EXPECT_EQ(u.library_dirs(),
            (std::vector<std::string>{"/usr/local/cuda/lib64",
                                      "/usr/local/cuda/targets/x86_64-linux/lib", "/a"}));
}

TEST(Toolkit, LibraryCandidatesPutTheSettingFirstAndSonamesLast) {
  Config c = read({{"CUDA_PATH", "/p"}, {"CUNP_CUBLAS_PATH", "/x/libcublas.so"}});
  bool asked = false;
  Toolkit k(c, no_loader(&asked));
  auto got = k.library_candidates({"libcublas.so.13", "libcublas.so.12"}, "CUNP_CUBLAS_PATH");
  ASSERT_GE(got.size(), 5u);
  EXPECT_EQ(got[0], "/x/libcublas.so");
  EXPECT_EQ(got[1], "/p/lib64/libcublas.so.13");
  EXPECT_EQ(got[2], "/p/lib64/libcublas.so.12");
  EXPECT_EQ(got[got.size() - 2], "libcublas.so.13");
  EXPECT_EQ(got.back(), "libcublas.so.12");
  // Without a setting (or with an unset one) the candidates start with the directories.
  EXPECT_EQ(k.library_candidates({"libcufft.so.12"}, nullptr).front(), "/p/lib64/libcufft.so.12");
  EXPECT_EQ(k.library_candidates({"libcufft.so.12"}, "CUNP_CUFFT_PATH").front(),
            "/p/lib64/libcufft.so.12");
  EXPECT_THROW(k.library_candidates({"libcufft.so.12"}, "CUNP_CUFFTW_PATH"), ValueError);
}

TEST(Toolkit, NvrtcIsTheFirstCandidateThatExists) {
  Tree t;
  std::string in_toolkit = t.file("tk/lib64/libnvrtc.so.12");
  std::string chosen = t.file("chosen/libnvrtc.so");
  bool asked = false;
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/tk"}}), no_loader(&asked)).nvrtc(), in_toolkit);
  // CUNP_NVRTC_PATH wins, and is passed over when it names no file.
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/tk"}, {"CUNP_NVRTC_PATH", chosen}}),
                    no_loader(&asked))
                .nvrtc(),
            chosen);
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/tk"}, {"CUNP_NVRTC_PATH", t.root + "/none.so"}}),
                    no_loader(&asked))
                .nvrtc(),
            in_toolkit);
  // Newer sonames first within a directory.
  std::string newer = t.file("tk/lib64/libnvrtc.so.13");
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/tk"}}), no_loader(&asked)).nvrtc(), newer);
  EXPECT_FALSE(asked);
}

TEST(Toolkit, HeadersOfTheToolkitFirst) {
  Tree t;
  t.file("tk/include/cuda_fp16.h");
  t.file("tk/include/cccl/cuda/std/type_traits");  // CUDA 13 keeps libcu++ under cccl/
  t.file("home/include/cuda_fp16.h");
  bool asked = false;
  Toolkit k(read({{"CUDA_PATH", t.root + "/tk"}, {"CUDA_HOME", t.root + "/home"}}),
            no_loader(&asked));
  EXPECT_EQ(k.include_dirs(),
            (std::vector<std::string>{t.root + "/tk/include", t.root + "/tk/include/cccl"}));
  // Up to CUDA 12 libcu++ sits in the include directory itself: nothing more is added.
  t.file("home/include/cuda/std/type_traits");
  Toolkit h(read({{"CUDA_HOME", t.root + "/home"}}), no_loader(&asked));
  EXPECT_EQ(h.include_dirs(), std::vector<std::string>{t.root + "/home/include"});
}

TEST(Toolkit, HeadersBesideNvrtc) {
  Tree t;
  // A wheel with lib/ and include/ side by side, named by CUNP_NVRTC_PATH.
  std::string nvrtc = t.file("wheel/lib/libnvrtc.so.13");
  t.file("wheel/include/cuda_fp16.h");
  bool asked = false;
  Toolkit k(read({{"CUNP_NVRTC_PATH", nvrtc}, {"CUDA_PATH", t.root + "/empty"}}),
            no_loader(&asked));
  ASSERT_FALSE(k.include_dirs().empty());
  EXPECT_EQ(k.include_dirs().front(), t.root + "/wheel/lib/../include");
  // CUDA 12's per-library wheels: the headers are in cuda_runtime/ beside cuda_nvrtc/.
  std::string split = t.file("nvidia/cuda_nvrtc/lib/libnvrtc.so.12");
  t.file("nvidia/cuda_runtime/include/cuda_fp16.h");
  Toolkit s(read({{"CUNP_NVRTC_PATH", split}}), no_loader(&asked));
  ASSERT_FALSE(s.include_dirs().empty());
  EXPECT_EQ(s.include_dirs().front(), t.root + "/nvidia/cuda_nvrtc/lib/../../cuda_runtime/include");
  EXPECT_FALSE(asked);  // NVRTC was found by path: the loader was not asked
}

TEST(Toolkit, HeadersBesideTheLibraryDirectories) {
  Tree t;
  t.file("extra/include/cuda_fp16.h");
  t.file("site/nvidia/cu13/include/cuda_fp16.h");
  t.dir("site/nvidia/cu13/lib");
  bool asked = false;
  // Only where neither the toolkit nor the usual install location has headers.
  if (fs::exists("/usr/local/cuda/include/cuda_fp16.h")) GTEST_SKIP() << "a toolkit is installed";
  Config c = read({{"CUNP_CUDA_LIBRARY_DIRS", t.root + "/extra/lib"}});
  EXPECT_EQ(Toolkit(c, no_loader(&asked)).include_dirs().front(), t.root + "/extra/lib/../include");
  Config w = read({});
  w.package_roots = {t.root + "/site"};
  EXPECT_EQ(Toolkit(w, no_loader(&asked)).include_dirs().front(),
            t.root + "/site/nvidia/cu13/lib/../include");
}

TEST(Toolkit, NvccOfTheToolkitFirst) {
  Tree t;
  std::string tk = t.file("tk/bin/nvcc", true);
  t.file("home/bin/nvcc", true);
  t.file("plain/bin/nvcc");  // not executable: passed over
  std::string on_path = t.file("path/nvcc", true);
  bool asked = false;
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/tk"}, {"CUDA_HOME", t.root + "/home"}}),
                    no_loader(&asked))
                .nvcc(),
            tk);
  EXPECT_EQ(Toolkit(read({{"CUDA_PATH", t.root + "/plain"}, {"CUDA_HOME", t.root + "/home"}}),
                    no_loader(&asked))
                .nvcc(),
            t.root + "/home/bin/nvcc");
  // $PATH comes last: it is used when no toolkit has nvcc.
  if (!fs::exists("/usr/local/cuda/bin/nvcc")) {
    Toolkit p(read({{"CUDA_PATH", t.root + "/plain"}, {"PATH", "/nowhere:" + t.root + "/path"}}),
              no_loader(&asked));
    if (p.include_dirs().empty()) EXPECT_EQ(p.nvcc(), on_path);
  }
}

TEST(Toolkit, PathAndTempDirFromTheEnvironment) {
  EXPECT_EQ(read({{"PATH", "/a::/b:"}}).executable_dirs, (std::vector<std::string>{"/a", "/b"}));
  EXPECT_TRUE(read({}).executable_dirs.empty());
  EXPECT_EQ(read({{"TMPDIR", "/scratch"}}).temp_dir, "/scratch");
  EXPECT_EQ(read({{"TMPDIR", ""}}).temp_dir, "/tmp");
  EXPECT_EQ(read({}).temp_dir, "/tmp");
  bool asked = false;
  EXPECT_EQ(Toolkit(read({{"TMPDIR", "/scratch"}}), no_loader(&asked)).temp_dir(), "/scratch");
}

TEST(Toolkit, LoaderIsAskedOnlyWithoutACandidatePath) {
  // Where no NVRTC file exists on any candidate path, the headers beside the library the loader
  // found are used. A toolkit in the usual place makes that case impossible to arrange here.
  if (fs::exists("/usr/local/cuda/lib64/libnvrtc.so.13") ||
      fs::exists("/usr/local/cuda/lib64/libnvrtc.so.12") ||
      fs::exists("/usr/local/cuda/lib64/libnvrtc.so") ||
      fs::exists("/usr/local/cuda/targets/x86_64-linux/lib/libnvrtc.so.13"))
    GTEST_SKIP() << "a toolkit is installed";
  Tree t;
  std::string nvrtc = t.file("loader/lib/libnvrtc.so.13");
  t.file("loader/include/cuda_fp16.h");
  Toolkit k(read({}), [&] { return nvrtc; });
  EXPECT_EQ(k.nvrtc(), "");
  ASSERT_FALSE(k.include_dirs().empty());
  EXPECT_EQ(k.include_dirs().front(), t.root + "/loader/lib/../include");
}

TEST(Toolkit, ShowConfigRows) {
  bool asked = false;
  Toolkit k(read({{"CUDA_PATH", "/p"}, {"TMPDIR", "/scratch"}}), no_loader(&asked));
  std::vector<std::string> names;
  for (const ToolkitPath& p : toolkit_paths(k)) {
    names.push_back(p.name);
    EXPECT_FALSE(p.value.empty()) << p.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"library directories", "NVRTC", "headers", "nvcc",
                                             "temporary directory"}));
  EXPECT_EQ(toolkit_paths(k)[0].value.rfind("/p/lib64:", 0), 0u);
  EXPECT_EQ(toolkit_paths(k).back().value, "/scratch");
}

TEST(Toolkit, PackageRootsAreTakenBeforeTheFirstRead) {
  const Config& c = config();  // read by now (in this process, by an earlier test or here)
  EXPECT_FALSE(set_package_roots({"/late"}));
  for (const std::string& r : config().package_roots) EXPECT_NE(r, "/late");
  EXPECT_EQ(&c, &config());
  EXPECT_EQ(&toolkit(), &toolkit());
}
