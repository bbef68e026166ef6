// cunp/array/small_list.hpp -- SmallList: a list of at most N values stored inline. Kernel
// signatures are built on every launch; keeping their dtype and layout lists inline keeps that
// hot path free of heap allocations.
#pragma once
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

namespace cunp {

template <class T, int N> class SmallList {
 public:
  static constexpr int kCapacity = N;

  SmallList() = default;
  SmallList(std::initializer_list<T> v) { assign(v.begin(), v.end()); }
  SmallList(const std::vector<T>& v) { assign(v.begin(), v.end()); }  // NOLINT: as a vector
  // Copies only the entries in use: the rest of the storage is never read.
  SmallList(const SmallList& o) { assign(o.begin(), o.end()); }
  SmallList& operator=(const SmallList& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  template <class It> void assign(It first, It last) {
    n_ = 0;
    for (; first != last; ++first) push_back(*first);
  }
  void assign(std::size_t n, const T& v) {
    n_ = 0;
    for (std::size_t i = 0; i < n; ++i) push_back(v);
  }

  void push_back(const T& v) {
    if (n_ == N) throw std::length_error("SmallList: more than " + std::to_string(N) + " entries");
    v_[n_++] = v;
  }
  std::size_t size() const { return static_cast<std::size_t>(n_); }
  bool empty() const { return n_ == 0; }
  T* data() { return v_; }
  const T* data() const { return v_; }
  T& operator[](std::size_t i) { return v_[i]; }
  const T& operator[](std::size_t i) const { return v_[i]; }
  T* begin() { return v_; }
  T* end() { return v_ + n_; }
  const T* begin() const { return v_; }
  const T* end() const { return v_ + n_; }

  friend bool operator==(const SmallList& a, const SmallList& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  int n_ = 0;
  T v_[N];  // entries past n_ are never read
};

}  // namespace cunp
