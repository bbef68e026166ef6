// src/ops/ufunc/resolve.cpp -- NumPy 2's ufunc type resolution: which loop runs for the operand
// dtypes, with NEP 50's weak Python scalars, dtype=/signature= and the casting rules.
#include <algorithm>
#include <cstdio>
#include <unordered_map>

#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// A Python scalar's kind for NEP 50; a strong operand is None.
enum class Weak : uint8_t { None, Int, Float, Complex };

Weak weak_kind(const UfuncArg& a) {
  if (!a.weak) return Weak::None;
  if (a.big_int) return Weak::Int;
  switch (kind(a.scalar.dtype)) {
    case 'i':
    case 'u': return Weak::Int;
    case 'f': return Weak::Float;
    case 'c': return Weak::Complex;
    default: return Weak::None;  // Python bool is a strong bool
  }
}

[[noreturn]] void no_loop(const Ufunc& u) {
  throw TypeError("ufunc '" + u.name +
                  "' not supported for the input types, and the inputs could not be safely "
                  "coerced to any supported types according to the casting rule ''safe''");
}

// NEP 50: the strong operands promote as a sequence (promote_types of a list); a weak scalar
// only raises the kind.
DType common_dtype(const DType* dt, const Weak* weak, int n) {
  DType strong[8];
  std::vector<DType> many;
  DType* list = n <= 8 ? strong : (many.resize(n), many.data());
  int m = 0;
  for (int k = 0; k < n; ++k)
    if (weak[k] == Weak::None) list[m++] = dt[k];
  DType r = m ? promote_types(list, m) : DType::Bool;
  for (int k = 0; k < n; ++k) {
    char kd = kind(r);
    switch (weak[k]) {
      case Weak::Int:
        if (kd == 'b') r = DType::Int64;
        break;
      case Weak::Float:
        if (kd == 'b' || kd == 'i' || kd == 'u') r = DType::Float64;
        break;
      case Weak::Complex:
        if (kd != 'c') r = kd == 'f' ? complex_dtype(r) : DType::Complex128;
        break;
      default: break;
    }
  }
  return r;
}

bool weak_fits(Weak w, DType to) {
  switch (w) {
    case Weak::Int: return kind(to) != 'b';
    case Weak::Float: return is_inexact(to);
    case Weak::Complex: return is_complex(to);
    default: return false;
  }
}

// The first loop whose inputs the operands cast to under `casting` (weak scalars by kind).
int linear_search(const Ufunc& u, const DType* dt, const Weak* weak, Casting casting) {
  for (std::size_t i = 0; i < u.loops.size(); ++i) {
    bool ok = true;
    for (int k = 0; k < u.nin && ok; ++k)
      ok = weak[k] != Weak::None ? weak_fits(weak[k], u.loops[i].types[k])
                                 : can_cast(dt[k], u.loops[i].types[k], casting);
    if (ok) return static_cast<int>(i);
  }
  return -1;
}

int search_common(const Ufunc& u, DType common) {
  DType all[8] = {common, common, common, common, common, common, common, common};
  Weak none[8] = {};
  return linear_search(u, all, none, Casting::Safe);
}

// The loop for these dtypes, before any value-dependent step.
int choose_loop(const Ufunc& u, const DType* dt, const Weak* weak, const UfuncOptions& opt) {
  int n = u.nin;
  // The loop is chosen with safe casts; the call's casting rule is checked afterwards, so an
  // error names the cast that breaks it, as NumPy's does.
  if (!opt.signature.empty() || opt.dtype) {
    // Comparisons and logical functions choose their loop by the inputs alone; a fixed output
    // type must then be the loop's (bool).
    bool inputs_free = true;
    for (int k = 0; k < n && !opt.signature.empty(); ++k)
      inputs_free = inputs_free && !opt.signature[k];
    if (inputs_free && (u.resolver == Resolver::Comparison || u.resolver == Resolver::Logical)) {
      UfuncOptions by_inputs = opt;
      by_inputs.dtype.reset();
      by_inputs.signature.clear();
      const int loop = choose_loop(u, dt, weak, by_inputs);
      const std::optional<DType> out = opt.dtype               ? opt.dtype
                                       : opt.signature.empty() ? std::nullopt
                                                               : opt.signature[n];
      if (loop >= 0 && (!out || u.loops[loop].types[n] == *out)) return loop;
      throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                      u.name);
    }
    // Fixed types: the first loop that matches them, preferring one the inputs cast to safely.
    int fallback = -1;
    for (std::size_t i = 0; i < u.loops.size(); ++i) {
      const UfuncLoop& l = u.loops[i];
      // dtype= fixes every output (frexp's int exponent refuses any dtype).
      bool match = true;
      for (int k = n; k < u.nargs() && opt.dtype; ++k) match = match && l.types[k] == *opt.dtype;
      for (int k = 0; k < u.nargs() && match && !opt.signature.empty(); ++k)
        match = !opt.signature[k] || *opt.signature[k] == l.types[k];
      if (!match) continue;
      bool safe = true;
      for (int k = 0; k < n && safe; ++k)
        safe = weak[k] != Weak::None || can_cast(dt[k], l.types[k], Casting::Safe);
      if (safe) return static_cast<int>(i);
      if (fallback < 0) fallback = static_cast<int>(i);
    }
    if (fallback >= 0) return fallback;
    throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                    u.name);
  }
  if (u.resolver == Resolver::Legacy) {
    // NumPy's resolution for other libraries' ufuncs (SciPy's). A loop of exactly the operands'
    // dtypes wins (a weak scalar's being their result type). Otherwise the first loop they cast
    // to safely, where a
    // Python scalar stays weak (fits any loop type of its kind) only if some array is of its
    // kind or higher, else counts as int64/float64/complex128 (should_use_min_scalar).
    auto rank = [](char k) { return k == 'b' ? 0 : (k == 'i' || k == 'u') ? 1 : k == 'f' ? 2 : 3; };
    int max_strong = -1, max_weak = -1;
    for (int k = 0; k < n; ++k) {
      if (weak[k] == Weak::None) max_strong = std::max(max_strong, rank(kind(dt[k])));
      else max_weak = std::max(max_weak, static_cast<int>(weak[k]));  // Int 1, Float 2, ...
    }
    if (max_weak < 0) {
      for (std::size_t i = 0; i < u.loops.size(); ++i) {
        bool exact = true;
        for (int k = 0; k < n && exact; ++k) exact = u.loops[i].types[k] == dt[k];
        if (exact) return static_cast<int>(i);
      }
    }
    const bool stay_weak = max_strong >= 0 && max_strong >= max_weak;
    if (stay_weak && max_weak == max_strong) {
      // NEP 50 (SciPy 1.18 on NumPy 2): a scalar of the arrays' own kind takes their result
      // type, so a loop of exactly those dtypes wins too (float32 array, Python float).
      const DType common = common_dtype(dt, weak, n);
      for (std::size_t i = 0; i < u.loops.size(); ++i) {
        bool exact = true;
        for (int k = 0; k < n && exact; ++k)
          exact = u.loops[i].types[k] == (weak[k] == Weak::None ? dt[k] : common);
        if (exact) return static_cast<int>(i);
      }
    }
    DType typed[8];
    Weak kept[8] = {};
    for (int k = 0; k < n; ++k) {
      typed[k] = dt[k];
      if (weak[k] == Weak::None) continue;
      if (stay_weak) kept[k] = weak[k];
      else if (weak[k] == Weak::Int)
        typed[k] = dt[k] == DType::UInt64 ? DType::UInt64 : DType::Int64;
      else typed[k] = weak[k] == Weak::Float ? DType::Float64 : DType::Complex128;
    }
    return linear_search(u, typed, kept, Casting::Safe);
  }
  // NEP 50: each weak scalar takes the operands' result type; then, as NumPy's legacy
  // resolvers do, the first loop every input casts to safely.
  DType common = common_dtype(dt, weak, n);
  if (u.bool_error && common == DType::Bool) throw TypeError(u.bool_error);
  DType typed[8];
  Weak still_weak[8] = {};
  bool inexact = false, uniform = true, strong_all_bool = true;
  for (int k = 0; k < n; ++k)
    strong_all_bool = strong_all_bool && (weak[k] != Weak::None || dt[k] == DType::Bool);
  for (int k = 0; k < n; ++k) {
    typed[k] = weak[k] == Weak::None ? dt[k] : common;
    // ldexp: a Python int matches any integer loop type, as in NumPy (unless the strong
    // operands are all bool, where it stands for int64).
    if (u.resolver == Resolver::MixedLoops && weak[k] == Weak::Int && !strong_all_bool)
      still_weak[k] = Weak::Int;
    inexact = inexact || is_inexact(typed[k]);
    uniform = uniform && weak[k] == Weak::None && dt[k] == dt[0];
  }
  switch (u.resolver) {
    case Resolver::TrueDivide:
      if (!inexact) return search_common(u, DType::Float64);  // integers divide as float64
      break;
    case Resolver::Strict:
      for (std::size_t i = 0; i < u.loops.size(); ++i)
        if (u.loops[i].types[0] == common) return static_cast<int>(i);
      return -1;
    case Resolver::Comparison:
      // NumPy compares int64 with uint64 exactly (not through float64): its mixed loops.
      if (n == 2) {
        bool s0 = kind(typed[0]) == 'i', s1 = kind(typed[1]) == 'i';
        bool u0 = typed[0] == DType::UInt64, u1 = typed[1] == DType::UInt64;
        if ((s0 && u1) || (u0 && s1)) {
          for (std::size_t i = 0; i < u.loops.size(); ++i)
            if (u.loops[i].types[0] == (s0 ? DType::Int64 : DType::UInt64) &&
                u.loops[i].types[1] == (s1 ? DType::Int64 : DType::UInt64))
              return static_cast<int>(i);
        }
      }
      break;
    case Resolver::Logical:
      // Operands of one dtype use its loop; any mix is compared as bool.
      if (!uniform) return search_common(u, DType::Bool);
      break;
    default: break;
  }
  return linear_search(u, typed, still_weak, Casting::Safe);
}

// Loops depend only on dtypes and options, so they are cached per thread by a packed key.
int cached_loop(const Ufunc& u, const DType* dt, const Weak* weak, const UfuncOptions& opt) {
  if (!opt.signature.empty()) return choose_loop(u, dt, weak, opt);
  // Fixed fields: ufunc | input k's dtype and weak kind, 8 bits each | casting | dtype=.
  // Up to four inputs fit (scipy.special's sph_harm_y has four); more skip the cache.
  if (u.nin > 4) return choose_loop(u, dt, weak, opt);
  uint64_t key = static_cast<uint64_t>(u.index) << 48;
  for (int k = 0; k < u.nin; ++k)
    key |= (static_cast<uint64_t>(dt[k]) << 2 | static_cast<uint64_t>(weak[k])) << (16 + 8 * k);
  key |= static_cast<uint64_t>(opt.casting) << 8;
  key |= opt.dtype ? static_cast<uint64_t>(*opt.dtype) : 0xffu;
  thread_local std::unordered_map<uint64_t, int> cache;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  int loop = choose_loop(u, dt, weak, opt);
  cache.emplace(key, loop);
  return loop;
}

[[noreturn]] void too_large_for_long() {
  throw OverflowError("Python int too large to convert to C long");
}

// Whether a weak int fits `to` (floats always take it, possibly as inf).
bool weak_int_fits(const UfuncArg& a, DType to) {
  const Scalar& s = a.scalar;
  if (!is_integer(to)) return true;
  if (a.big_int) return false;
  if (s.dtype == DType::UInt64) {
    uint64_t v = s.as_uint();
    return to == DType::UInt64 ||
           (itemsize(to) < 8 && v < (uint64_t{1} << (8 * itemsize(to) - (kind(to) == 'i'))));
  }
  int64_t v = s.as_int();
  int bits = 8 * itemsize(to);
  if (kind(to) == 'u') return v >= 0 && (bits == 64 || v < (int64_t{1} << bits));
  if (bits == 64) return true;
  int64_t lim = int64_t{1} << (bits - 1);
  return v >= -lim && v < lim;
}

std::string int_text(const UfuncArg& a) {
  const Scalar& s = a.scalar;
  if (a.big_int) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", s.as_double());
    return buf;
  }
  return s.dtype == DType::UInt64 ? std::to_string(s.as_uint()) : std::to_string(s.as_int());
}

}  // namespace

Scalar scalar_as(const UfuncArg& a, DType t) {
  if (a.weak && weak_kind(a) == Weak::Int && !weak_int_fits(a, t))
    throw OverflowError("Python integer " + int_text(a) + " out of bounds for " + name(t));
  return a.scalar.cast(t);
}

DType result_type(const std::vector<UfuncArg>& args) {
  std::vector<DType> dt;
  std::vector<Weak> weak;
  bool all_weak = true;
  for (const UfuncArg& a : args) {
    dt.push_back(a.dtype());
    weak.push_back(weak_kind(a));
    all_weak = all_weak && weak.back() != Weak::None;
  }
  if (all_weak) weak.assign(weak.size(), Weak::None);
  if (dt.empty()) throw ValueError("at least one array or dtype is required");
  return common_dtype(dt.data(), weak.data(), static_cast<int>(dt.size()));
}

UfuncPlan resolve_ufunc(const Ufunc& u, const std::vector<UfuncArg>& args,
                        const std::vector<std::optional<DType>>& outs, const UfuncOptions& opt) {
  int n = u.nin;
  if (static_cast<int>(args.size()) != n)
    throw TypeError(u.name + "() takes " + std::to_string(n) + " positional input argument" +
                    (n == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
  if (!opt.signature.empty() && static_cast<int>(opt.signature.size()) != u.nargs())
    throw ValueError("signature for ufunc " + u.name + " needs " + std::to_string(u.nargs()) +
                     " types");
  DType dt[8] = {};  // n <= 8; initialized so GCC sees no uninitialized read
  Weak weak[8] = {};
  bool all_weak = true;
  for (int k = 0; k < n; ++k) {
    dt[k] = args[k].dtype();
    weak[k] = weak_kind(args[k]);
    all_weak = all_weak && weak[k] != Weak::None;
  }
  // Only Python scalars: each takes its default dtype, as np.asarray would give it, for the
  // choice of loop. Past a single operand they stay Python scalars for the casting checks.
  Weak given[8] = {};
  for (int k = 0; k < n; ++k) given[k] = weak[k];
  if (all_weak)
    for (int k = 0; k < n; ++k) weak[k] = Weak::None;
  if (all_weak && n == 1) given[0] = Weak::None;

  // A Python int past int64 is no C long: NumPy's integer and bool loops refuse it, float
  // loops take it, and the uint64 loop takes 2**63 .. 2**64-1 beside an array. Past a single
  // operand, Python scalars alone choose their loop with such an int as int64 (NumPy's
  // default integer); comparisons answer it exactly (below).
  const bool exact_compare = u.resolver == Resolver::Comparison && opt.signature.empty() &&
                             !opt.dtype;
  auto beyond_long = [&](int k) {
    return given[k] == Weak::Int && (args[k].big_int || args[k].scalar.dtype == DType::UInt64);
  };
  for (int k = 0; k < n; ++k)
    if (all_weak && !exact_compare && beyond_long(k)) dt[k] = DType::Int64;

  int loop = cached_loop(u, dt, weak, opt);
  if (loop < 0) no_loop(u);
  for (int k = 0; k < n && !exact_compare; ++k) {
    const DType t = u.loops[loop].types[k];
    if (beyond_long(k) && !is_inexact(t) && !(t == DType::UInt64 && !all_weak && !args[k].big_int))
      too_large_for_long();
  }

  // A weak int must fit its loop type; comparisons instead answer exactly, as NumPy does,
  // by comparing it as a strong int64/uint64.
  for (int k = 0; k < n; ++k) {
    if (weak[k] != Weak::Int || weak_int_fits(args[k], u.loops[loop].types[k])) continue;
    if (u.resolver == Resolver::Comparison && opt.signature.empty() && !opt.dtype) {
      // Compared as a strong int64/uint64 (float64 beyond those); NumPy refuses only against
      // bool, where the int must fit a C long.
      bool beyond_int64 = args[k].big_int || args[k].scalar.dtype == DType::UInt64;
      bool against_bool = true;
      for (int j = 0; j < n; ++j)
        against_bool = against_bool && (j == k || (weak[j] == Weak::None && dt[j] == DType::Bool));
      if (beyond_int64 && against_bool) too_large_for_long();
      if (args[k].big_int) dt[k] = DType::Float64;
      weak[k] = Weak::None;
      loop = cached_loop(u, dt, weak, opt);
      if (loop < 0) no_loop(u);
      continue;
    }
    throw OverflowError("Python integer " + int_text(args[k]) + " out of bounds for " +
                        name(u.loops[loop].types[k]));
  }

  const UfuncLoop& l = u.loops[loop];
  // A Python scalar is checked by kind (an int does not go into bool, a float not into an
  // integer, a complex not into a real type) unless its own type is fixed by signature=.
  auto checked_weak = [&](int k) {
    return given[k] != Weak::None && (opt.signature.empty() || !opt.signature[k]);
  };
  // The type NEP 50 gives the Python scalars beside the arrays and dtype= (np.result_type of
  // them all): a refused scalar is named by it, and 'equiv' wants it to be the scalar's own.
  auto scalar_type = [&] {
    DType d[9] = {};
    Weak w[9] = {};
    for (int k = 0; k < n; ++k) d[k] = dt[k], w[k] = given[k];
    int m = n;
    if (opt.dtype) d[m++] = *opt.dtype;
    return common_dtype(d, w, m);
  };
  if (opt.casting == Casting::Equiv && u.resolver != Resolver::Logical)
    for (int k = 0; k < n; ++k) {  // NumPy refuses these first, with their own message
      if (!checked_weak(k)) continue;
      // The scalar goes to its loop type where its kind fits, else to its NEP 50 type.
      const DType to = weak_fits(given[k], l.types[k]) ? l.types[k] : scalar_type();
      if (to != dt[k])
        throw TypeError(std::string("cannot cast Python ") +
                        (given[k] == Weak::Int     ? "int"
                         : given[k] == Weak::Float ? "float"
                                                   : "complex") +
                        " to " + name(to) + " under the casting rule 'equiv'");
    }
  for (int k = 0; k < n; ++k) {
    if (u.resolver == Resolver::Logical && l.types[k] == DType::Bool) continue;  // NumPy's too
    bool ok = checked_weak(k) ? opt.casting == Casting::Unsafe || weak_fits(given[k], l.types[k])
                              : weak[k] != Weak::None || can_cast(dt[k], l.types[k], opt.casting);
    if (ok) continue;
    // A Python scalar is named by the type NEP 50 gives it beside the arrays.
    DType from = checked_weak(k) ? scalar_type() : dt[k];
    throw TypeError("Cannot cast ufunc '" + u.name + "' input " +
                    (n > 1 ? std::to_string(k) + " " : std::string()) + "from " + dtype_repr(from) +
                    " to " + dtype_repr(l.types[k]) + " with casting rule '" +
                    casting_name(opt.casting) + "'");
  }
  for (int k = 0; k < u.nout && k < static_cast<int>(outs.size()); ++k)
    if (outs[k] && !can_cast(l.types[n + k], *outs[k], opt.casting))
      throw TypeError("Cannot cast ufunc '" + u.name + "' output from " +
                      dtype_repr(l.types[n + k]) + " to " + dtype_repr(*outs[k]) +
                      " with casting rule '" + casting_name(opt.casting) + "'");
  return {&l, loop};
}

}  // namespace cunp
