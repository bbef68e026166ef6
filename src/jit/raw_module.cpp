// src/jit/raw_module.cpp -- user modules: NVRTC through the JIT cache or ready images from files,
// kernel lookup with hints, globals, attributes and checked launches.
#include "cunp/jit/raw_module.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>

#include "../runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "nvrtc.hpp"

namespace cunp {
namespace {

bool is_file(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string parent_dir(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// NVRTC has no include search path of its own, so user code that includes the toolkit's
// headers (cuda_fp16.h, cooperative_groups.h, ...) needs one, as with CuPy. The toolkit's include
// directory is the first of: $CUDA_PATH / $CUDA_HOME, the one beside the libnvrtc that was loaded
// (toolkit: lib64/../include; pip wheels: <pkg>/lib/../include, or cuda_runtime/include next to
// cuda_nvrtc for the per-library CUDA 12 wheels), /usr/local/cuda, the directories beside
// $CUNP_CUDA_LIBRARY_DIRS, that holds cuda_fp16.h. CUDA 13 keeps libcu++ (which
// cooperative_groups.h needs) under include/cccl, so that is added too when found.
const std::vector<std::string>& cuda_include_options() {
  static const std::vector<std::string> opts = [] {
    std::vector<std::string> dirs;
    for (const char* env : {"CUDA_PATH", "CUDA_HOME"})
      if (const char* p = std::getenv(env); p && *p) dirs.push_back(std::string(p) + "/include");
    // Where libnvrtc lives: from the path it is found by (no need to load it, so a warm disk
    // cache still skips NVRTC), else from the loaded library itself.
    std::string nvrtc_file;
    if (const std::string& id = nvrtc::library_identity(); !id.empty()) {
      std::size_t mtime = id.rfind(':');
      std::size_t size = mtime == std::string::npos ? mtime : id.rfind(':', mtime - 1);
      if (size != std::string::npos) nvrtc_file = id.substr(0, size);
    } else {
      try {
        Dl_info info{};
        if (dladdr(reinterpret_cast<void*>(nvrtc::api().nvrtcVersion), &info) && info.dli_fname)
          nvrtc_file = info.dli_fname;
      } catch (const std::exception&) {  // no NVRTC: compiling will say so
      }
    }
    if (nvrtc_file.find('/') != std::string::npos) {
      std::string lib = parent_dir(nvrtc_file);
      dirs.push_back(lib + "/../include");
      dirs.push_back(lib + "/../../cuda_runtime/include");
    }
    dirs.push_back("/usr/local/cuda/include");
    if (const char* p = std::getenv("CUNP_CUDA_LIBRARY_DIRS"); p && *p) {
      std::stringstream list(p);
      for (std::string d; std::getline(list, d, ':');)
        if (!d.empty()) dirs.push_back(d + "/../include");
    }
    std::vector<std::string> out;
    std::string found;
    for (const auto& d : dirs)
      if (is_file(d + "/cuda_fp16.h")) {
        found = d;
        out.push_back("-I" + d);
        break;
      }
    // libcu++: in the include directory itself up to CUDA 12, under cccl/ from 13 (pip ships
    // it in its own wheel, so the other candidates are looked at too).
    if (!found.empty() && !is_file(found + "/cuda/std/type_traits")) {
      dirs.insert(dirs.begin(), found);
      for (const auto& d : dirs)
        if (is_file(d + "/cccl/cuda/std/type_traits")) {
          out.push_back("-I" + d + "/cccl");
          break;
        }
    }
    return out;
  }();
  return opts;
}

// cuFuncGetParamInfo exists from CUDA 12.4 on; older drivers simply lose the count check, so it
// is looked up on its own rather than in the required driver table.
using ParamInfoFn = CUresult (*)(CUfunction, std::size_t, std::size_t*, std::size_t*);
ParamInfoFn param_info_fn() {
  static ParamInfoFn fn = [] {
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!lib) return ParamInfoFn{};
    using GetProc = CUresult (*)(const char*, void**, int, cuuint64_t,
                                 CUdriverProcAddressQueryResult*);
    auto get_proc = reinterpret_cast<GetProc>(dlsym(lib, "cuGetProcAddress_v2"));
    void* f = nullptr;
    CUdriverProcAddressQueryResult status;
    if (!get_proc || get_proc("cuFuncGetParamInfo", &f, 12040, CU_GET_PROC_ADDRESS_DEFAULT,
                              &status) != CUDA_SUCCESS)
      return ParamInfoFn{};
    return reinterpret_cast<ParamInfoFn>(f);
  }();
  return fn;
}

// The parameter sizes of `f`; false when the driver cannot tell.
bool param_sizes(CUfunction f, std::vector<uint16_t>& sizes) {
  ParamInfoFn fn = param_info_fn();
  if (!fn) return false;
  std::size_t offset, size;
  sizes.clear();
  while (sizes.size() < 4096 && fn(f, sizes.size(), &offset, &size) == CUDA_SUCCESS)
    sizes.push_back(static_cast<uint16_t>(size));
  return true;
}

bool read_whole_file(const std::string& path, std::vector<char>& out) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[65536];
  std::size_t n;
  out.clear();
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.insert(out.end(), buf, buf + n);
  std::fclose(f);
  return true;
}

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The source with comments and string/char literals blanked (same length), so the light
// scanning below is not fooled by them; "C" after extern is kept.
std::string strip_comments(const std::string& s) {
  std::string out = s;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') out[i++] = ' ';
    } else if (s.compare(i, 2, "/*") == 0) {
      std::size_t end = s.find("*/", i + 2);
      end = end == std::string::npos ? s.size() : end + 2;
      for (; i < end; ++i)
        if (out[i] != '\n') out[i] = ' ';
      --i;
    }
  }
  return out;
}

struct KernelDecl {
  std::string name;
  bool extern_c;
};

// Each `__global__` function: its name (the identifier before the first '(') and whether an
// extern "C" applies (in its own declaration or an enclosing extern "C" { ... } block).
std::vector<KernelDecl> scan_kernels(const std::string& source) {
  std::string s = strip_comments(source);
  // Ranges of extern "C" { ... } blocks.
  std::vector<std::pair<std::size_t, std::size_t>> blocks;
  for (std::size_t p = s.find("extern"); p != std::string::npos; p = s.find("extern", p + 6)) {
    std::size_t q = p + 6;
    while (q < s.size() && std::isspace(static_cast<unsigned char>(s[q]))) ++q;
    if (s.compare(q, 3, "\"C\"") != 0) continue;
    q += 3;
    while (q < s.size() && std::isspace(static_cast<unsigned char>(s[q]))) ++q;
    if (q >= s.size() || s[q] != '{') continue;
    int depth = 0;
    std::size_t e = q;
    for (; e < s.size(); ++e) {
      if (s[e] == '{') ++depth;
      if (s[e] == '}' && --depth == 0) break;
    }
    blocks.emplace_back(q, e);
  }
  std::vector<KernelDecl> out;
  for (std::size_t p = s.find("__global__"); p != std::string::npos;
       p = s.find("__global__", p + 10)) {
    if ((p > 0 && is_ident(s[p - 1])) || (p + 10 < s.size() && is_ident(s[p + 10]))) continue;
    std::size_t paren = s.find('(', p);
    if (paren == std::string::npos) break;
    std::size_t e = paren;
    while (e > p && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    std::size_t b = e;
    while (b > p && is_ident(s[b - 1])) --b;
    if (b == e) continue;
    // The declaration starts after the previous ';', '}' or '{' (or at the file's start).
    std::size_t start = s.find_last_of(";{}", p);
    start = start == std::string::npos ? 0 : start + 1;
    std::string prefix = s.substr(start, p - start);
    bool ext = prefix.find("extern") != std::string::npos && prefix.find("\"C\"") != std::string::npos;
    for (auto& [lo, hi] : blocks) ext = ext || (p > lo && p < hi);
    out.push_back({s.substr(b, e - b), ext});
  }
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "'" : ", '") + x + "'";
  return s;
}

}  // namespace

std::vector<std::string> extern_c_kernels(const std::string& source) {
  std::vector<std::string> names;
  for (const auto& k : scan_kernels(source))
    if (k.extern_c) names.push_back(k.name);
  return names;
}

std::vector<std::string> user_compile_options(const std::vector<std::string>& options) {
  // The user's options first, so their own -I directories win over the toolkit's.
  std::vector<std::string> out = options;
  const auto& inc = cuda_include_options();
  out.insert(out.end(), inc.begin(), inc.end());
  return out;
}

bool declared_without_extern_c(const std::string& source, const std::string& name) {
  bool plain = false;
  for (const auto& k : scan_kernels(source)) {
    if (k.name != name) continue;
    if (k.extern_c) return false;
    plain = true;
  }
  return plain;
}

std::shared_ptr<RawModule> RawModule::from_source(std::string source,
                                                  std::vector<std::string> options,
                                                  std::vector<std::string> name_expressions) {
  auto m = std::make_shared<RawModule>();
  m->source_ = std::move(source);
  m->options_ = std::move(options);
  m->name_expressions_ = std::move(name_expressions);
  return m;
}

std::shared_ptr<RawModule> RawModule::from_file(std::string path) {
  auto m = std::make_shared<RawModule>();
  m->path_ = std::move(path);
  return m;
}

void RawModule::ensure_loaded(int device) {
  if (device < 0 || device >= kMaxDevices) throw ValueError("invalid device " + std::to_string(device));
  PerDevice& d = loaded_[device];
  if (d.module) return;
  if (!path_.empty()) {
    std::vector<char> image;
    if (!read_whole_file(path_, image))
      throw ValueError("cannot read the module file '" + path_ + "'");
    image.push_back('\0');  // PTX is text and must be NUL-terminated; cubin/fatbin ignore it
    activate(device);
    CUmodule mod = nullptr;
    CUresult r = drv::api().cuModuleLoadData(&mod, image.data());
    if (r != CUDA_SUCCESS)
      throw CudaError(r, "cuModuleLoadData failed for '" + path_ + "' (a cubin, PTX or fatbin " +
                             "file for this device is expected): " + drv::describe(r));
    d.module = mod;  // lives for the process, like the JIT's modules
    return;
  }
  const LoadedModule& lm = load_module(source_, "raw_module", device,
                                       user_compile_options(options_), name_expressions_);
  d.lowered = lm.lowered_names;
  d.module = lm.module;
}

std::string RawModule::lowered_name(const std::string& expression, int device) {
  ensure_loaded(device);
  for (std::size_t k = 0; k < name_expressions_.size(); ++k)
    if (name_expressions_[k] == expression && k < loaded_[device].lowered.size())
      return loaded_[device].lowered[k];
  return "";
}

RawFunction RawModule::function(const std::string& name, int device) {
  ensure_loaded(device);
  std::string symbol = name;
  if (std::string l = lowered_name(name, device); !l.empty()) symbol = l;
  activate(device);
  CUfunction f = nullptr;
  CUresult r = drv::api().cuModuleGetFunction(&f, loaded_[device].module, symbol.c_str());
  if (r == CUDA_ERROR_NOT_FOUND) {
    std::string msg = "cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND: no kernel named '" +
                      name + "' in the module";
    if (!source_.empty()) {
      if (declared_without_extern_c(source_, name))
        msg += "; it is declared without extern \"C\", so its symbol is C++-mangled: declare it "
               "extern \"C\" __global__, or pass its name in name_expressions";
      std::vector<std::string> names = extern_c_kernels(source_);
      if (!names.empty()) msg += "; extern \"C\" kernels in the source: " + join(names);
      if (!name_expressions_.empty()) msg += "; name expressions: " + join(name_expressions_);
    }
    throw CudaError(r, msg);
  }
  drv::check(r, "cuModuleGetFunction");
  RawFunction out{f, device};
  if (param_sizes(f, out.param_sizes)) out.num_params = static_cast<int>(out.param_sizes.size());
  return out;
}

std::pair<uintptr_t, std::size_t> RawModule::global(const std::string& name, int device) {
  ensure_loaded(device);
  std::string symbol = name;
  if (std::string l = lowered_name(name, device); !l.empty()) symbol = l;
  activate(device);
  CUdeviceptr p = 0;
  std::size_t size = 0;
  CUresult r = drv::api().cuModuleGetGlobal(&p, &size, loaded_[device].module, symbol.c_str());
  if (r == CUDA_ERROR_NOT_FOUND)
    throw CudaError(r, "cuModuleGetGlobal failed: CUDA_ERROR_NOT_FOUND: no global variable named '" +
                           name + "' in the module (declare it extern \"C\" or pass its name in "
                           "name_expressions)");
  drv::check(r, "cuModuleGetGlobal");
  return {static_cast<uintptr_t>(p), size};
}

KernelAttributes RawFunction::attributes() const {
  activate(device);
  KernelAttributes a;
  auto get = [&](CUfunction_attribute attr) {
    int v = 0;
    CUNP_DRV(cuFuncGetAttribute, &v, attr, handle);
    return v;
  };
  a.max_threads_per_block = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  a.shared_size_bytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  a.const_size_bytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  a.local_size_bytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  a.num_regs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  a.ptx_version = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  a.binary_version = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  a.cache_mode_ca = get(CU_FUNC_ATTRIBUTE_CACHE_MODE_CA);
  a.max_dynamic_shared_size_bytes = get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  a.preferred_shared_memory_carveout = get(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
  return a;
}

void RawFunction::set_max_dynamic_shared_size_bytes(int bytes) const {
  activate(device);
  CUNP_DRV(cuFuncSetAttribute, handle, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

void check_launch_config(const LaunchConfig& c, int device) {
  const DeviceProperties& p = device_properties(device);
  static const char* axis[3] = {"x", "y", "z"};
  unsigned long long threads = 1;
  for (int k = 0; k < 3; ++k) {
    if (c.grid[k] == 0 || c.block[k] == 0)
      throw ValueError("grid and block dimensions must be positive");
    if (p.max_grid_dim[k] > 0 && c.grid[k] > static_cast<unsigned>(p.max_grid_dim[k]))
      throw ValueError("grid dimension " + std::string(axis[k]) + " = " +
                       std::to_string(c.grid[k]) + " exceeds the device's limit of " +
                       std::to_string(p.max_grid_dim[k]));
    if (p.max_block_dim[k] > 0 && c.block[k] > static_cast<unsigned>(p.max_block_dim[k]))
      throw ValueError("block dimension " + std::string(axis[k]) + " = " +
                       std::to_string(c.block[k]) + " exceeds the device's limit of " +
                       std::to_string(p.max_block_dim[k]));
    threads *= c.block[k];
  }
  if (p.max_threads_per_block > 0 && threads > static_cast<unsigned long long>(p.max_threads_per_block))
    throw ValueError("a block of " + std::to_string(threads) + " threads exceeds the device's "
                     "limit of " + std::to_string(p.max_threads_per_block) + " threads per block");
  int smem_limit = std::max(p.max_shared_memory_per_block_optin, p.max_shared_memory_per_block);
  if (smem_limit > 0 && c.shared_mem > static_cast<unsigned>(smem_limit))
    throw ValueError("shared_mem = " + std::to_string(c.shared_mem) + " bytes exceeds the "
                     "device's limit of " + std::to_string(smem_limit) + " bytes per block");
}

void launch_raw(const RawFunction& f, const LaunchConfig& c, StreamHandle stream, void** params) {
  if (c.cooperative) {
    CUNP_DRV(cuLaunchCooperativeKernel, f.handle, c.grid[0], c.grid[1], c.grid[2], c.block[0],
             c.block[1], c.block[2], c.shared_mem, stream, params);
  } else {
    CUNP_DRV(cuLaunchKernel, f.handle, c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1],
             c.block[2], c.shared_mem, stream, params, nullptr);
  }
}

}  // namespace cunp
