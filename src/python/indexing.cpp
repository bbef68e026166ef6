// src/python/indexing.cpp -- calls into cunp._indexing for keys with index arrays; the module is
// imported on the first advanced key, so `import cunp` stays cheap.
#include "indexing.hpp"

namespace cunp::py {
namespace {

nb::handle indexing_function(const char* name) {
  // Looked up once per function and kept for the life of the process (deliberately leaked:
  // no Python object is released at interpreter teardown from a static destructor).
  nb::object fn = nb::module_::import_("cunp._indexing").attr(name);
  return fn.release();
}

}  // namespace

nb::object advanced_getitem(nb::handle self, nb::handle key) {
  static nb::handle fn = indexing_function("_getitem");
  return fn(self, key);
}

void advanced_setitem(nb::handle self, nb::handle key, nb::handle value) {
  static nb::handle fn = indexing_function("_setitem");
  fn(self, key, value);
}

}  // namespace cunp::py
