// src/runtime/error.cpp -- messages of the core's exception types.
#include "cunp/runtime/error.hpp"

namespace cunp {

AxisError::AxisError(long long axis, int ndim, const std::string& prefix)
    : ValueError((prefix.empty() ? "" : prefix + ": ") + "axis " + std::to_string(axis) +
                 " is out of bounds for array of dimension " + std::to_string(ndim)),
      axis(axis), ndim(ndim), prefix(prefix) {}

// Plain string building: iostreams here crashed when the host process had loaded another
// libstdc++ (seen with a Python whose wheels bundle one).
static std::string oom_message(std::size_t requested, std::size_t used, std::size_t total,
                               std::size_t limit, int device, const std::string& cause) {
  std::string m = "Out of memory allocating " + std::to_string(requested) + " bytes on device " +
                  std::to_string(device) + " (memory pool: " + std::to_string(used) +
                  " bytes in use, " + std::to_string(total) + " bytes held";
  if (limit) m += ", limit " + std::to_string(limit) + " bytes";
  m += ")";
  if (!cause.empty()) m += ": " + cause;
  return m;
}

OutOfMemoryError::OutOfMemoryError(std::size_t requested, std::size_t used, std::size_t total,
                                   std::size_t limit, int device, const std::string& cause)
    : std::runtime_error(oom_message(requested, used, total, limit, device, cause)),
      requested(requested) {}

std::string numbered_source(const std::string& source) {
  std::string out;
  std::size_t start = 0;
  for (int n = 1; start <= source.size(); ++n) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    if (start == end && end == source.size()) break;
    std::string num = std::to_string(n);
    out += std::string(num.size() < 4 ? 4 - num.size() : 0, ' ') + num + " " +
           source.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

CompileError::CompileError(const std::string& name, const std::string& log,
                           const std::string& source)
    : std::runtime_error("compiling '" + name + "' failed:\n" + log), log(log), source(source) {}

}  // namespace cunp
