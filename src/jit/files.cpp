// src/jit/files.cpp -- whole-file reads and atomic writes for the JIT's caches.
#include "files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <random>

namespace cunp::files {
namespace {

template <class Buffer> bool read_into(const std::string& path, Buffer& out) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  out.clear();
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.insert(out.end(), buf, buf + n);
  std::fclose(f);
  return true;
}

}  // namespace

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool read(const std::string& path, std::string& out) { return read_into(path, out); }
bool read(const std::string& path, std::vector<char>& out) { return read_into(path, out); }

void make_dirs(const std::string& dir) {
  for (std::size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') ::mkdir(dir.substr(0, i).c_str(), 0755);
}

void write_atomic(const std::string& path, const std::string& data) {
  make_dirs(path.substr(0, path.rfind('/')));
  std::random_device rd;
  char suffix[40];
  std::snprintf(suffix, sizeof suffix, ".tmp.%ld.%08x", static_cast<long>(::getpid()),
                static_cast<unsigned>(rd()));
  std::string tmp = path + suffix;
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return;
  bool ok = ::write(fd, data.data(), data.size()) == static_cast<ssize_t>(data.size());
  ok = (::close(fd) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) ::unlink(tmp.c_str());
}

void write_if_changed(const std::string& path, const std::string& data) {
  std::string have;
  if (read(path, have) && have == data) return;
  write_atomic(path, data);
}

}  // namespace cunp::files
