// src/jit/raw_module.cpp -- user modules: NVRTC through the JIT cache or ready images from files,
// kernel lookup with hints, globals, attributes and checked launches.
#include "cunp/jit/raw_module.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <utility>

#include "../runtime/driver.hpp"
#include "../runtime/launch_record.hpp"
#include "kernel.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "nvrtc.hpp"

extern char** environ;

namespace cunp {
namespace {

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

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
    bool ext = prefix.find("extern") != std::string::npos &&
               prefix.find("\"C\"") != std::string::npos;
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

// cuComplex.h's API on cunp::complex<T>, so kernels written against cuComplex.h take complex64 /
// complex128 arrays and scalars (same layout: real part, then imaginary part).
const char* const kCuComplexBridge = R"(
namespace cunp {
template <class T> __device__ complex<T> operator-(complex<T> a) { return {-a.re, -a.im}; }
template <class T> __device__ complex<T> operator/(complex<T> a, complex<T> b) {
  // Scaled by |b.re| + |b.im| so that neither the squares overflow nor underflow (cuCdiv's way).
  T s = (b.re < T(0) ? -b.re : b.re) + (b.im < T(0) ? -b.im : b.im);
  T ar = a.re / s, ai = a.im / s, br = b.re / s, bi = b.im / s;
  T d = br * br + bi * bi;
  return {(ar * br + ai * bi) / d, (ai * br - ar * bi) / d};
}
}  // namespace cunp
typedef cunp::complex<float> cuFloatComplex;
typedef cunp::complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;
__device__ inline float cuCrealf(cuFloatComplex x) { return x.re; }
__device__ inline float cuCimagf(cuFloatComplex x) { return x.im; }
__device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return cuFloatComplex(r, i); }
__device__ inline cuFloatComplex cuConjf(cuFloatComplex x) { return cuFloatComplex(x.re, -x.im); }
__device__ inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) { return x + y; }
__device__ inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) { return x - y; }
__device__ inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) { return x * y; }
__device__ inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) { return x / y; }
__device__ inline float cuCabsf(cuFloatComplex x) { return hypotf(x.re, x.im); }
__device__ inline double cuCreal(cuDoubleComplex x) { return x.re; }
__device__ inline double cuCimag(cuDoubleComplex x) { return x.im; }
__device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return cuDoubleComplex(r, i); }
__device__ inline cuDoubleComplex cuConj(cuDoubleComplex x) { return cuDoubleComplex(x.re, -x.im); }
__device__ inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) { return x + y; }
__device__ inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) { return x - y; }
__device__ inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) { return x * y; }
__device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) { return x / y; }
__device__ inline double cuCabs(cuDoubleComplex x) { return hypot(x.re, x.im); }
__device__ inline cuComplex make_cuComplex(float r, float i) { return cuComplex(r, i); }
__device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return cuDoubleComplex(static_cast<double>(c.re), static_cast<double>(c.im));
}
__device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return cuFloatComplex(static_cast<float>(c.re), static_cast<float>(c.im));
}
// x * y + d, with fused multiply-adds as cuComplex.h computes it.
__device__ inline cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) {
  float re = fmaf(-x.im, y.im, fmaf(x.re, y.re, d.re));
  float im = fmaf(x.im, y.re, fmaf(x.re, y.im, d.im));
  return cuFloatComplex(re, im);
}
__device__ inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
  double re = fma(-x.im, y.im, fma(x.re, y.re, d.re));
  double im = fma(x.im, y.re, fma(x.re, y.im, d.im));
  return cuDoubleComplex(re, im);
}
)";

// The bridge: cunp's device header (without its #pragma once, which a main file may not use)
// then the definitions above, guarded so a second include line adds nothing.
std::string cucomplex_bridge() {
  std::string h = device_header();
  if (std::size_t p = h.find("#pragma once"); p != std::string::npos) h.erase(p, 12);
  return "#ifndef CUNP_CUCOMPLEX_BRIDGE\n#define CUNP_CUCOMPLEX_BRIDGE\n" + h + kCuComplexBridge +
         "#endif\n";
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

void write_if_changed(const std::string& path, const std::string& text) {
  std::vector<char> have;
  if (read_whole_file(path, have) && std::string(have.begin(), have.end()) == text) return;
  // A private name renamed into place: concurrent processes see a whole file or none.
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return;
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  ok = std::fclose(f) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) std::remove(tmp.c_str());
}

void make_dirs(const std::string& dir) {
  for (std::size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') ::mkdir(dir.substr(0, i).c_str(), 0755);
}

// Runs argv[0] with argv, its stdout and stderr going to `log_path`; the exit status, or -1
// when it could not be started.
int run_program(const std::vector<std::string>& argv, const std::string& log_path) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A fresh private directory for one nvcc run, removed with its files afterwards.
struct TempDir {
  std::string path;
  TempDir() {
    std::string tmpl = toolkit().temp_dir() + "/cunp-nvcc-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (::mkdtemp(buf.data())) path = buf.data();
  }
  ~TempDir() {
    if (path.empty()) return;
    for (const char* f : {"/kernel.cu", "/kernel.cubin", "/nvcc.log"})
      std::remove((path + f).c_str());
    ::rmdir(path.c_str());
  }
};

std::string file_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path;
  return path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
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

const std::string& jitify_include_dir() {
  static const std::string dir = [] {
    std::string d = cache_dir() + "/jitify-include-2";
    make_dirs(d);
    for (const char* h : kJitifyHeaders)
      write_if_changed(d + "/" + h, std::string("#pragma once\n#include <cuda/std/") + h +
                                        ">\nnamespace cuda { namespace std {} }\n"
                                        "namespace std { using namespace cuda::std; }\n");
    for (const char* h : kJitifyEmptyHeaders) write_if_changed(d + "/" + h, "#pragma once\n");
    return is_file(d + "/type_traits") ? d : std::string();
  }();
  return dir;
}

CompileResult compile_with_nvcc(const std::string& source, int arch,
                                const std::vector<std::string>& options) {
  const std::string& nvcc = toolkit().nvcc();
  if (nvcc.empty())
    throw CudaError(CUDA_ERROR_NOT_FOUND,
                    "backend='nvcc': the nvcc executable was not found (looked in $CUDA_PATH/bin, "
                    "$CUDA_HOME/bin, beside the CUDA headers, the usual toolkit's bin and $PATH; "
                    "cunp.show_config() shows what was found); install the CUDA toolkit or use "
                    "backend='nvrtc'");
  TempDir tmp;
  if (tmp.path.empty()) throw CudaError(0, "backend='nvcc': cannot create a temporary directory");
  std::string cu = tmp.path + "/kernel.cu", cubin = tmp.path + "/kernel.cubin",
              log_path = tmp.path + "/nvcc.log";
  {
    FILE* f = std::fopen(cu.c_str(), "wb");
    if (!f) throw CudaError(0, "backend='nvcc': cannot write " + cu);
    std::fwrite(source.data(), 1, source.size(), f);
    std::fclose(f);
  }
  std::vector<std::string> argv = {nvcc, "-cubin", "-arch=sm_" + std::to_string(arch)};
  bool has_std = false;
  for (const auto& o : options)
    has_std = has_std || o.rfind("-std", 0) == 0 || o.rfind("--std", 0) == 0;
  if (!has_std) argv.push_back("-std=c++17");
  argv.insert(argv.end(), options.begin(), options.end());
  for (const std::string& a : {std::string("-o"), cubin, cu}) argv.push_back(a);
  int rc = run_program(argv, log_path);
  std::vector<char> log_bytes;
  read_whole_file(log_path, log_bytes);
  std::string log(log_bytes.begin(), log_bytes.end());
  while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) log.pop_back();
  if (rc == -1 && log.empty()) throw CudaError(0, "backend='nvcc': could not run " + nvcc);
  CompileResult out;
  if (rc != 0 || !read_whole_file(cubin, out.image) || out.image.empty())
    throw CompileError("raw_module",
                       log.empty() ? "nvcc exited with status " + std::to_string(rc) : log, source);
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
  auto [src, opts] = prepared(source_, options_, build_);
  if (build_.backend == RawBuildOptions::Backend::Nvcc) {
    // nvcc's cubins share the disk cache, under keys of their own (the backend and the nvcc
    // executable are part of the key); an unreadable or unloadable entry is rebuilt.
    int arch = compute_capability(device);
    std::string text = src;
    for (const auto& o : opts) text += '\0' + o;
    text += "\1nvcc\1" + file_identity(toolkit().nvcc()) + "\1" + std::to_string(arch);
    char key[40];
    std::snprintf(key, sizeof key, "%016llx%016llx",
                  static_cast<unsigned long long>(hash_bytes(text.data(), text.size())),
                  static_cast<unsigned long long>(
                      hash_bytes(text.data(), text.size(), 0x9ae16a3b2f90404full)));
    std::string path = cache_dir() + "/" + key + ".nvcc.cubin";
    std::vector<char> image;
    activate(device);
    CUmodule mod = nullptr;
    if (read_whole_file(path, image) && !image.empty() &&
        drv::api().cuModuleLoadData(&mod, image.data()) == CUDA_SUCCESS) {
      d.module = mod;
      return;
    }
    CompileResult r = compile_with_nvcc(src, arch, opts);
    CUNP_DRV(cuModuleLoadData, &mod, r.image.data());
    make_dirs(cache_dir());
    write_if_changed(path, std::string(r.image.begin(), r.image.end()));
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
