// src/python/random.cpp -- bindings of random number generation (bit generators and distribution kernels).
// Private _core functions; cunp.random (python/cunp/random/) owns the state and NumPy's signatures.
#include <nanobind/stl/array.h>

#include "common.hpp"
#include "cunp/random/curand_keys.hpp"
#include "cunp/random/generator.hpp"
#include "cunp/random/random.hpp"

namespace cunp::py {
namespace {

const NDArray& arr(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

std::vector<random::Param> params_of(nb::handle seq) {
  std::vector<random::Param> v;
  for (nb::handle h : seq) {
    random::Param p;
    if (is_array(h)) {
      p.array = unwrap(h).a;
      p.is_array = true;
    } else {
      p.scalar = to_scalar(h, scalar_dtype(h));
    }
    v.push_back(std::move(p));
  }
  return v;
}

}  // namespace

void bind_random(nb::module_& m) {
  nb::module_ sub = m.def_submodule("random", "seeding and samplers behind cunp.random");
  nb::class_<random::CurandKeys>(m, "_CurandKeys")
      .def("next_key", &random::CurandKeys::next_key, nb::call_guard<nb::gil_scoped_release>());
  sub.def(
      "curand_host",
      [](const std::string& type, uint64_t seed) { return new random::CurandKeys(type, seed); },
      nb::rv_policy::take_ownership);
  sub.def(
      "sample",
      [](const std::string& name, nb::handle out, nb::handle params, uint64_t key,
         uint64_t offset) {
        random::sample(name, arr(out, "out"), params_of(params), key, offset);
      },
      nb::arg("name"), nb::arg("out"), nb::arg("params"), nb::arg("key"), nb::arg("offset"));
  // SeedSequence's mixing (cunp/random/generator.hpp): the pool, and `n` words of state.
  sub.def("seed_pool",
          [](const std::vector<uint32_t>& entropy, const std::vector<uint32_t>& spawn,
             int pool_size) { return random::SeedSequence(entropy, spawn, pool_size).pool(); });
  sub.def("seed_state", [](const std::vector<uint32_t>& entropy, const std::vector<uint32_t>& spawn,
                           int pool_size, int n) {
    return random::SeedSequence(entropy, spawn, pool_size).generate_state(n);
  });
  sub.def("counters",
          [](const std::string& name, int64_t n) { return random::counters_used(name, n); });
  sub.def("samplers", [] {
    std::vector<std::string> v;
    for (const random::Sampler& s : random::samplers()) v.push_back(s.name);
    return v;
  });
  sub.def("philox", [](std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key) {
    return random::philox4x32_10(counter, key);
  });
  sub.def("permutation_indices", [](nb::handle out, int64_t n, uint64_t key, uint64_t offset) {
    random::permutation_indices(arr(out, "out"), n, key, offset);
  });
  sub.def("permute_rows", [](nb::handle dst, nb::handle src, uint64_t key, uint64_t offset) {
    random::permute_rows(arr(dst, "dst"), arr(src, "src"), key, offset);
  });
  sub.def("permute_last_axis", [](nb::handle dst, nb::handle src, uint64_t key, uint64_t offset) {
    random::permute_last_axis(arr(dst, "dst"), arr(src, "src"), key, offset);
  });
  sub.def("choice_cdf", [](nb::handle out, nb::handle cdf, uint64_t key, uint64_t offset) {
    random::choice_cdf(arr(out, "out"), arr(cdf, "cdf"), key, offset);
  });
  sub.def("take_1d", [](nb::handle out, nb::handle a, nb::handle idx) {
    random::take_1d(arr(out, "out"), arr(a, "a"), arr(idx, "idx"));
  });
  sub.def("dirichlet", [](nb::handle out, nb::handle alpha, uint64_t key, uint64_t offset) {
    random::dirichlet(arr(out, "out"), arr(alpha, "alpha"), key, offset);
  });
  sub.def("multinomial",
          [](nb::handle out, int64_t n, nb::handle pvals, uint64_t key, uint64_t offset) {
            random::multinomial(arr(out, "out"), n, arr(pvals, "pvals"), key, offset);
          });
  sub.def("multivariate_normal",
          [](nb::handle out, nb::handle mean, nb::handle factor, uint64_t key, uint64_t offset) {
            random::multivariate_normal(arr(out, "out"), arr(mean, "mean"), arr(factor, "factor"),
                                        key, offset);
          });
}

}  // namespace cunp::py
