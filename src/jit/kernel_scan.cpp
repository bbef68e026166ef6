// src/jit/kernel_scan.cpp -- a light scan of user source for its __global__ functions and
// whether each is extern "C", so a kernel that cannot be found gets a helpful hint.
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "cunp/jit/raw_module.hpp"

namespace cunp {
namespace {

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

}  // namespace

std::vector<std::string> extern_c_kernels(const std::string& source) {
  std::vector<std::string> names;
  for (const auto& k : scan_kernels(source))
    if (k.extern_c) names.push_back(k.name);
  return names;
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

}  // namespace cunp
