// src/jit/compiler.cpp -- NVRTC compilation with a memory cache and an atomic disk cache.
#include "cunp/jit/compiler.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "../runtime/driver.hpp"
#include "../runtime/launch_record.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "files.hpp"
#include "nvrtc.hpp"

namespace cunp {

// Generated from src/device and src/device/math at build time.
extern const char* const kEmbeddedDeviceHeader;
extern const char* const kEmbeddedMathHeader;
struct EmbeddedDevicePart {
  const char* name;
  const char* text;
};
extern const EmbeddedDevicePart kEmbeddedDeviceParts[];

namespace {

constexpr char kMagic[8] = {'C', 'U', 'N', 'P', 'K', '0', '0', '1'};

void nvrtc_check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS)
    throw CudaError(0, std::string(what) + " failed: " + nvrtc::api().nvrtcGetErrorString(r));
}

int max_supported_arch() {
  static const int a = [] {
    int n = 0;
    nvrtc_check(nvrtc::api().nvrtcGetNumSupportedArchs(&n), "nvrtcGetNumSupportedArchs");
    std::vector<int> archs(n);
    nvrtc_check(nvrtc::api().nvrtcGetSupportedArchs(archs.data()), "nvrtcGetSupportedArchs");
    return archs.empty() ? 0 : *std::max_element(archs.begin(), archs.end());
  }();
  return a;
}

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Serialized form of a cache entry, so a truncated or garbled file is detected and recompiled.
void put_u64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
bool get_u64(const std::string& in, std::size_t& pos, uint64_t& v) {
  if (pos + 8 > in.size()) return false;
  std::memcpy(&v, in.data() + pos, 8);
  pos += 8;
  return true;
}

std::string serialize(const CompileResult& r) {
  std::string out(kMagic, 8);
  put_u64(out, r.is_ptx);
  put_u64(out, r.lowered_names.size());
  for (const auto& n : r.lowered_names) {
    put_u64(out, n.size());
    out += n;
  }
  put_u64(out, r.image.size());
  put_u64(out, hash_bytes(r.image.data(), r.image.size()));
  out.append(r.image.data(), r.image.size());
  return out;
}

bool deserialize(const std::string& in, CompileResult& r) {
  if (in.size() < 8 || std::memcmp(in.data(), kMagic, 8) != 0) return false;
  std::size_t pos = 8;
  uint64_t is_ptx, n_names, size, checksum;
  if (!get_u64(in, pos, is_ptx) || !get_u64(in, pos, n_names) || n_names > 4096) return false;
  r.is_ptx = is_ptx != 0;
  r.lowered_names.clear();
  for (uint64_t i = 0; i < n_names; ++i) {
    uint64_t len;
    if (!get_u64(in, pos, len) || pos + len > in.size()) return false;
    r.lowered_names.emplace_back(in.data() + pos, len);
    pos += len;
  }
  if (!get_u64(in, pos, size) || !get_u64(in, pos, checksum) || pos + size != in.size())
    return false;
  r.image.assign(in.data() + pos, in.data() + pos + size);
  return hash_bytes(r.image.data(), r.image.size()) == checksum;
}

std::string cache_key(const std::string& source, const std::vector<std::string>& options,
                      const std::vector<std::string>& names, int arch) {
  std::string text = source;
  for (const auto& o : options) text += '\0' + o;
  text += '\1';
  for (const auto& n : names) text += '\0' + n;
  // The NVRTC that compiles: its file identity when known (no need to load it), else its version.
  const std::string& nvrtc_id = nvrtc::library_identity();
  text += '\1' + (nvrtc_id.empty() ? std::to_string(nvrtc_version()) : nvrtc_id) + '\1' +
          std::to_string(arch);
  return hex(hash_bytes(text.data(), text.size())) +
         hex(hash_bytes(text.data(), text.size(), 0x9ae16a3b2f90404full));
}

struct ModuleCache {
  std::mutex mutex;
  std::unordered_map<std::string, std::unique_ptr<LoadedModule>> modules;
};
ModuleCache& module_cache() {
  static auto* c = new ModuleCache;  // never destroyed: modules outlive interpreter teardown
  return *c;
}

}  // namespace

uint64_t hash_bytes(const void* data, std::size_t n, uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t h = seed;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

const std::string& device_header() {
  static const std::string h = kEmbeddedDeviceHeader;
  return h;
}

const std::string& device_math_header() {
  static const std::string h = kEmbeddedMathHeader;
  return h;
}

const std::string& device_part(std::string_view name) {
  static const auto* parts = [] {
    auto* m = new std::unordered_map<std::string_view, std::string>;
    for (const EmbeddedDevicePart* p = kEmbeddedDeviceParts; p->name; ++p)
      m->emplace(p->name, p->text);
    return m;
  }();
  auto it = parts->find(name);
  if (it == parts->end())
    throw ValueError("device_part: no part '" + std::string(name) + "' under src/device");
  return it->second;
}

int nvrtc_version() {
  static const int v = [] {
    int major = 0, minor = 0;
    nvrtc_check(nvrtc::api().nvrtcVersion(&major, &minor), "nvrtcVersion");
    return major * 1000 + minor * 10;
  }();
  return v;
}

std::string cache_dir() { return config().cache_dir; }

namespace {

// One NVRTC run.
CompileResult compile_once(const std::string& source, const std::string& name, int arch,
                           const std::vector<std::string>& options,
                           const std::vector<std::string>& name_expressions, bool minimal) {
  const nvrtc::Api& n = nvrtc::api();
  int max_arch = max_supported_arch();
  bool ptx = arch > max_arch;
  std::vector<std::string> opts = {
      (ptx ? "-arch=compute_" : "-arch=sm_") + std::to_string(ptx ? max_arch : arch), "-std=c++17"};
  if (minimal) opts.push_back("-minimal");
  opts.insert(opts.end(), options.begin(), options.end());
  std::vector<const char*> argv;
  for (const auto& o : opts) argv.push_back(o.c_str());

  nvrtcProgram prog;
  nvrtc_check(n.nvrtcCreateProgram(&prog, source.c_str(), (name + ".cu").c_str(), 0, nullptr,
                                   nullptr),
              "nvrtcCreateProgram");
  std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> guard(&prog, [](nvrtcProgram* p) {
    nvrtc::api().nvrtcDestroyProgram(p);
  });
  for (const auto& e : name_expressions)
    nvrtc_check(n.nvrtcAddNameExpression(prog, e.c_str()), "nvrtcAddNameExpression");
  nvrtcResult r = n.nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  if (r != NVRTC_SUCCESS) {
    std::size_t log_size = 0;
    n.nvrtcGetProgramLogSize(prog, &log_size);
    std::string log(log_size, '\0');
    if (log_size) n.nvrtcGetProgramLog(prog, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    throw CompileError(name, log, source);
  }
  CompileResult out;
  out.is_ptx = ptx;
  out.minimal = minimal;
  std::size_t size = 0;
  if (ptx) {
    nvrtc_check(n.nvrtcGetPTXSize(prog, &size), "nvrtcGetPTXSize");
    out.image.resize(size);
    nvrtc_check(n.nvrtcGetPTX(prog, out.image.data()), "nvrtcGetPTX");
  } else {
    nvrtc_check(n.nvrtcGetCUBINSize(prog, &size), "nvrtcGetCUBINSize");
    out.image.resize(size);
    nvrtc_check(n.nvrtcGetCUBIN(prog, out.image.data()), "nvrtcGetCUBIN");
  }
  for (const auto& e : name_expressions) {
    const char* lowered = nullptr;
    nvrtc_check(n.nvrtcGetLoweredName(prog, e.c_str(), &lowered), "nvrtcGetLoweredName");
    out.lowered_names.emplace_back(lowered);
  }
  return out;
}

}  // namespace

// NVRTC's -minimal (12.4 and later) leaves out the CUDA runtime's declarations (texture and
// surface types, device-side launches, cudaError_t and the like), which generated kernels never
// use: each compile is several milliseconds shorter. Code that does use them (a RawModule, a
// user's ElementwiseKernel body) fails that way and is compiled again without it, so its errors
// are the ones a plain compile gives.
CompileResult compile(const std::string& source, const std::string& name, int arch,
                      const std::vector<std::string>& options,
                      const std::vector<std::string>& name_expressions) {
  static const bool has_minimal = nvrtc_version() >= 12040;
  if (has_minimal) {
    try {
      return compile_once(source, name, arch, options, name_expressions, true);
    } catch (const CompileError&) {
    }
  }
  return compile_once(source, name, arch, options, name_expressions, false);
}

FunctionHandle LoadedModule::function(const std::string& name) const {
  CUfunction f = nullptr;
  CUresult r = drv::api().cuModuleGetFunction(&f, module, name.c_str());
  if (r == CUDA_ERROR_NOT_FOUND) throw ValueError("no kernel named '" + name + "' in the module");
  drv::check(r, "cuModuleGetFunction");
  drv::name_function(f, name);
  return f;
}

const LoadedModule& load_module(const std::string& source, const std::string& name, int device,
                                const std::vector<std::string>& options,
                                const std::vector<std::string>& name_expressions) {
  int arch = compute_capability(device);
  std::string key = cache_key(source, options, name_expressions, arch);
  ModuleCache& cache = module_cache();
  std::string mem_key = key + ":" + std::to_string(device);
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.modules.find(mem_key);
    if (it != cache.modules.end()) return *it->second;
  }
  activate(device);
  std::string path = cache_dir() + "/" + key + ".cubin";
  CompileResult compiled;
  std::string bytes;
  auto mod = std::make_unique<LoadedModule>();
  bool loaded = false;
  if (files::read(path, bytes) && deserialize(bytes, compiled)) {
    loaded = drv::api().cuModuleLoadData(&mod->module, compiled.image.data()) == CUDA_SUCCESS;
  }
  if (!loaded) {  // missing, corrupt, or unloadable entry: compile and (re)write it
    compiled = compile(source, name, arch, options, name_expressions);
    CUNP_DRV(cuModuleLoadData, &mod->module, compiled.image.data());
    files::write_atomic(path, serialize(compiled));
  }
  mod->lowered_names = std::move(compiled.lowered_names);
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto& slot = cache.modules[mem_key];
  if (!slot) slot = std::move(mod);  // another thread may have won the race: keep theirs
  return *slot;
}

}  // namespace cunp
