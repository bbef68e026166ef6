// src/python/ufunc_args.hpp -- Python operands of ufuncs and operators: conversion to the core's
// UfuncArg (NEP 50 weak Python scalars) and the results handed back.
#pragma once
#include "common.hpp"

namespace cunp::py {

// cunp.ufunc as the bindings hold it: one entry of the core's ufunc table. Methods written
// elsewhere (reduce, accumulate, ...) take it with nb::type<PyUfunc>() / nb::inst_ptr.
struct PyUfunc {
  const Ufunc* u;
};

// Converts one operand; false for a type ufuncs do not take (operators return NotImplemented).
// `storage` keeps an array made from a list alive for the call.
bool to_ufunc_arg(nb::handle h, UfuncArg& arg, NDArray& storage);
[[noreturn]] void unsupported_operand(nb::handle h);

// The result(s) of a call: a given output object is returned as itself, as NumPy does.
nb::object ufunc_results(const Ufunc& u, std::vector<NDArray>& results, const nb::handle* given);

}  // namespace cunp::py
