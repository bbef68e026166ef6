// src/jit/nvcc_backend.cpp -- backend='nvcc': the toolkit's nvcc run as a subprocess on a
// private scratch directory, and the disk-cache file its cubins are kept in.
#include "nvcc_backend.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cuda.h>  // CUDA_ERROR_NOT_FOUND
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/jit/raw_module.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/error.hpp"
#include "files.hpp"

extern char** environ;

namespace cunp {
namespace {

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
  files::read(log_path, log_bytes);
  std::string log(log_bytes.begin(), log_bytes.end());
  while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) log.pop_back();
  if (rc == -1 && log.empty()) throw CudaError(0, "backend='nvcc': could not run " + nvcc);
  CompileResult out;
  if (rc != 0 || !files::read(cubin, out.image) || out.image.empty())
    throw CompileError("raw_module",
                       log.empty() ? "nvcc exited with status " + std::to_string(rc) : log, source);
  return out;
}

std::string nvcc_cache_file(const std::string& source, const std::vector<std::string>& options,
                            int arch) {
  std::string text = source;
  for (const auto& o : options) text += '\0' + o;
  text += "\1nvcc\1" + file_identity(toolkit().nvcc()) + "\1" + std::to_string(arch);
  char key[40];
  std::snprintf(
      key, sizeof key, "%016llx%016llx",
      static_cast<unsigned long long>(hash_bytes(text.data(), text.size())),
      static_cast<unsigned long long>(hash_bytes(text.data(), text.size(), 0x9ae16a3b2f90404full)));
  return cache_dir() + "/" + key + ".nvcc.cubin";
}

}  // namespace cunp
