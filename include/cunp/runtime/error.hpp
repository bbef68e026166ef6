// cunp/runtime/error.hpp -- the exception types of the core.
// Each maps to one Python exception type in the bindings (ValueError, TypeError, ...), so the
// core raises what NumPy would raise and the message reaches the user unchanged.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>

namespace cunp {

struct ValueError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct TypeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct IndexError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct OverflowError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// numpy.exceptions.AxisError: an axis argument out of range for the array's rank. `prefix`
// (may be empty) names the argument, as NumPy's msg_prefix: "axisa: axis 3 is out of ...".
struct AxisError : ValueError {
  AxisError(long long axis, int ndim, const std::string& prefix = "");
  long long axis;
  int ndim;
  std::string prefix;
};
struct NotImplementedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Python's RuntimeError, where NumPy raises it for a bad argument (einsum's explicit path that
// leaves operands uncontracted).
struct RuntimeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A failed NCCL call (cunp/runtime/nccl.hpp); status is the ncclResult_t.
struct NcclError : std::runtime_error {
  NcclError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

// A failed CUDA driver call (or no driver at all): code is the CUresult, 0 when none applies.
struct CudaError : std::runtime_error {
  CudaError(int code, const std::string& msg) : std::runtime_error(msg), code(code) {}
  int code;
};

// The pool could not provide `requested` bytes even after releasing its cached blocks.
struct OutOfMemoryError : std::runtime_error {
  OutOfMemoryError(std::size_t requested, std::size_t used, std::size_t total, std::size_t limit,
                   int device, const std::string& cause);
  std::size_t requested;
};

// NVRTC rejected generated or user source: carries the compiler's log and the source.
struct CompileError : std::runtime_error {
  CompileError(const std::string& name, const std::string& log, const std::string& source);
  std::string log;
  std::string source;
};

// The numbered source listing that CompileError shows; also used for RawKernel errors.
std::string numbered_source(const std::string& source);

}  // namespace cunp
