// src/jit/raw_module.cpp -- the user module object: its source prepared for a backend (NVRTC
// through the JIT cache, or nvcc with its own cache entries) or a ready image from a file, kernel
// lookup with hints, globals, attributes and checked launches. The build steps live beside it:
// cucomplex_translation.cpp, jitify_shims.cpp, nvcc_backend.cpp, kernel_scan.cpp.
#include "cunp/jit/raw_module.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <utility>

#include "../runtime/driver.hpp"
#include "../runtime/launch_record.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "files.hpp"
#include "kernel.hpp"
#include "nvcc_backend.hpp"

namespace cunp {
namespace {

// -I options for the toolkit's headers (cuda_fp16.h, cooperative_groups.h, ...; NVRTC has no
// search path of its own, so user code that includes them needs one, as with CuPy).
const std::vector<std::string>& cuda_include_options() {
  static const std::vector<std::string> opts = [] {
    std::vector<std::string> out;
    for (const std::string& d : toolkit().include_dirs()) out.push_back("-I" + d);
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

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "'" : ", '") + x + "'";
  return s;
}

}  // namespace

std::vector<std::string> user_compile_options(const std::vector<std::string>& options) {
  // The user's options first, so their own -I directories win over the toolkit's.
  std::vector<std::string> out = options;
  const auto& inc = cuda_include_options();
  out.insert(out.end(), inc.begin(), inc.end());
  return out;
}

std::shared_ptr<RawModule> RawModule::from_source(std::string source,
                                                  std::vector<std::string> options,
                                                  std::vector<std::string> name_expressions,
                                                  RawBuildOptions build) {
  if (build.backend == RawBuildOptions::Backend::Nvcc && !name_expressions.empty())
    throw ValueError("name_expressions needs backend='nvrtc' (nvcc does not report lowered names)");
  auto m = std::make_shared<RawModule>();
  m->source_ = std::move(source);
  m->options_ = std::move(options);
  m->name_expressions_ = std::move(name_expressions);
  m->build_ = build;
  return m;
}

namespace {

// What the compiler gets: the source after translate_cucomplex, and the user's options with the
// toolkit's include directories (and, for jitify with NVRTC, the standard-header shims).
std::pair<std::string, std::vector<std::string>> prepared(const std::string& source,
                                                          const std::vector<std::string>& options,
                                                          const RawBuildOptions& b) {
  std::string src = b.translate_cucomplex ? translate_cucomplex(source) : source;
  std::vector<std::string> opts = user_compile_options(options);
  if (b.jitify && b.backend == RawBuildOptions::Backend::Nvrtc) {
    const std::string& dir = jitify_include_dir();
    if (dir.empty())
      throw CudaError(0,
                      "jitify=True: cannot write the standard-header shims under " + cache_dir());
    opts.push_back("-I" + dir);
  }
  return {std::move(src), std::move(opts)};
}

}  // namespace

CompileResult RawModule::compile_for(int arch) const {
  if (source_.empty() && !path_.empty())
    throw ValueError("a module loaded from a file has no source");
  auto [src, opts] = prepared(source_, options_, build_);
  if (build_.backend == RawBuildOptions::Backend::Nvcc) return compile_with_nvcc(src, arch, opts);
  return compile(src, "raw_module", arch, opts, name_expressions_);
}

std::shared_ptr<RawModule> RawModule::from_file(std::string path) {
  auto m = std::make_shared<RawModule>();
  m->path_ = std::move(path);
  return m;
}

void RawModule::ensure_loaded(int device) {
  if (device < 0 || device >= kMaxDevices)
    throw ValueError("invalid device " + std::to_string(device));
  PerDevice& d = loaded_[device];
  if (d.module) return;
  if (!path_.empty()) {
    std::vector<char> image;
    if (!files::read(path_, image)) throw ValueError("cannot read the module file '" + path_ + "'");
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
  auto [src, opts] = prepared(source_, options_, build_);
  if (build_.backend == RawBuildOptions::Backend::Nvcc) {
    // nvcc's cubins share the disk cache, under keys of their own (the backend and the nvcc
    // executable are part of the key); an unreadable or unloadable entry is rebuilt.
    int arch = compute_capability(device);
    std::string path = nvcc_cache_file(src, opts, arch);
    std::vector<char> image;
    activate(device);
    CUmodule mod = nullptr;
    if (files::read(path, image) && !image.empty() &&
        drv::api().cuModuleLoadData(&mod, image.data()) == CUDA_SUCCESS) {
      d.module = mod;
      return;
    }
    CompileResult r = compile_with_nvcc(src, arch, opts);
    CUNP_DRV(cuModuleLoadData, &mod, r.image.data());
    files::write_if_changed(path, std::string(r.image.begin(), r.image.end()));
    d.module = mod;  // lives for the process, like the JIT's modules
    return;
  }
  const LoadedModule& lm = load_module(src, "raw_module", device, opts, name_expressions_);
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
    std::string msg = "cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND: no kernel named '" + name +
                      "' in the module";
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
  drv::name_function(f, name);
  RawFunction out{f, device};
  if (param_sizes(f, out.param_sizes)) out.num_params = static_cast<int>(out.param_sizes.size());
  out.properties = &device_properties(device);
  CUcontext ctx = nullptr;
  CUNP_DRV(cuCtxGetCurrent, &ctx);  // activate(device) above made it the primary context
  out.context = ctx;
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
    throw CudaError(
        r, "cuModuleGetGlobal failed: CUDA_ERROR_NOT_FOUND: no global variable named '" + name +
               "' in the module (declare it extern \"C\" or pass its name in "
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
  check_launch_config(c, device_properties(device));
}

void check_launch_config(const LaunchConfig& c, const DeviceProperties& p) {
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
  if (p.max_threads_per_block > 0 &&
      threads > static_cast<unsigned long long>(p.max_threads_per_block))
    throw ValueError("a block of " + std::to_string(threads) +
                     " threads exceeds the device's "
                     "limit of " +
                     std::to_string(p.max_threads_per_block) + " threads per block");
  int smem_limit = std::max(p.max_shared_memory_per_block_optin, p.max_shared_memory_per_block);
  if (smem_limit > 0 && c.shared_mem > static_cast<unsigned>(smem_limit))
    throw ValueError("shared_mem = " + std::to_string(c.shared_mem) +
                     " bytes exceeds the "
                     "device's limit of " +
                     std::to_string(smem_limit) + " bytes per block");
}

void launch_raw(const RawFunction& f, const LaunchConfig& c, StreamHandle stream, void** params) {
  // Other libraries may switch this thread's context, so it is compared each time (one cheap
  // driver call); the device tables are only consulted when it differs.
  CUcontext have = nullptr;
  CUresult r = drv::api().cuCtxGetCurrent(&have);
  if (r != CUDA_SUCCESS || !f.context || have != static_cast<CUcontext>(f.context))
    activate(f.device);
  detail::submit(f.handle, stream, {c.grid[0], c.grid[1], c.grid[2]},
                 {c.block[0], c.block[1], c.block[2]}, params, c.shared_mem, c.cooperative);
}

}  // namespace cunp
