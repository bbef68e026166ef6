// src/python/module.cpp -- the extension module cunp._core: exception mapping and the
// registration of every binding file.
#include "common.hpp"
#include "cunp/runtime/sync_check.hpp"

namespace cunp::py {
namespace {

// NumPy's own constructor, so the exception carries .axis and .ndim as NumPy's does.
void raise_numpy_axis_error(const AxisError& e) {
  nb::object axis_error = numpy().attr("exceptions").attr("AxisError");
  nb::object prefix = e.prefix.empty() ? nb::none() : nb::object(nb::str(e.prefix.c_str()));
  nb::object exc = axis_error(e.axis, e.ndim, prefix);
  PyErr_SetObject(axis_error.ptr(), exc.ptr());
}

}  // namespace

void bind_memory_objects(nb::module_& m);  // _core.memory (src/python/memory_objects.cpp)
void bind_sync_check(nb::module_& m);      // _core.sync (src/python/sync_check.cpp)

}  // namespace cunp::py

NB_MODULE(_core, m) {
  using namespace cunp;
  using namespace cunp::py;
  m.doc() = "cunp's C++ core";
  // Caches of dtypes, modules and the null streams live for the process on purpose.
  nb::set_leak_warnings(false);

  // Typed errors of the core become the Python exceptions NumPy and CuPy users expect.
  static nb::object cuda_error = nb::exception<CudaError>(m, "CUDARuntimeError",
                                                          PyExc_RuntimeError);
  static nb::object oom = nb::exception<OutOfMemoryError>(m, "OutOfMemoryError", PyExc_MemoryError);
  static nb::object compile_error = nb::exception<CompileError>(m, "CompileException",
                                                                PyExc_Exception);
  static nb::object nccl_error = nb::exception<NcclError>(m, "NcclError", PyExc_RuntimeError);
  static nb::object device_synchronized = nb::exception<DeviceSynchronized>(m, "DeviceSynchronized",
                                                                            PyExc_RuntimeError);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const AxisError& e) {
      raise_numpy_axis_error(e);
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const NotImplementedError& e) {
      PyErr_SetString(PyExc_NotImplementedError, e.what());
    } catch (const RuntimeError& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    } catch (const OutOfMemoryError& e) {
      PyErr_SetString(oom.ptr(), e.what());
    } catch (const CompileError& e) {
      nb::object exc = compile_error(nb::str(e.what()));
      exc.attr("log") = nb::str(e.log.c_str());
      exc.attr("source") = nb::str(e.source.c_str());
      PyErr_SetObject(compile_error.ptr(), exc.ptr());
    } catch (const NcclError& e) {
      nb::object exc = nccl_error(nb::str(e.what()));
      exc.attr("status") = e.status;
      PyErr_SetObject(nccl_error.ptr(), exc.ptr());
    } catch (const DeviceSynchronized& e) {
      PyErr_SetString(device_synchronized.ptr(), e.what());
    } catch (const CudaError& e) {
      nb::object exc = cuda_error(nb::str(e.what()));
      exc.attr("status") = e.code;
      PyErr_SetObject(cuda_error.ptr(), exc.ptr());
    }
  });

  bind_runtime(m);
  bind_config(m);
  bind_memory(m);
  bind_memory_objects(m);
  bind_sync_check(m);
  bind_array(m);
  bind_creation(m);
  bind_elementwise_kernel(m);
  bind_ufuncs(m);
  bind_special(m);
  bind_elementwise_functions(m);
  bind_reductions(m);
  bind_reduction_kernel(m);
  bind_scans(m);
  bind_random(m);
  bind_blas(m);
  bind_solver(m);
  bind_scipy_linalg(m);
  bind_spatial(m);
  bind_fft(m);
  bind_nccl(m);
  bind_raw_kernel(m);
  bind_interop(m);
  bind_indexing(m);
  bind_joining(m);
  bind_dtypes(m);
  bind_axes(m);
  bind_statistics(m);
  bind_einsum(m);
  bind_sorting(m);
  bind_histogram(m);
  bind_math_extras(m);
  bind_triangles(m);
  bind_sparse(m);
  bind_ndimage(m);
  bind_signal(m);
  bind_signatures(m);
}
