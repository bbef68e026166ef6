// cunp/array/dims.hpp -- Dims: a shape or stride list, stored inline for the common ranks.
// Arrays are created on every operation; keeping up to 8 extents inline avoids a heap
// allocation per shape and per stride list on that hot path.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <vector>

namespace cunp {

class Dims {
 public:
  static constexpr int kInline = 8;

  Dims() = default;
  explicit Dims(int n, int64_t fill = 0) { resize(n, fill); }
  Dims(std::initializer_list<int64_t> v) { assign(v.begin(), v.size()); }
  Dims(const int64_t* p, int n) { assign(p, n); }
  explicit Dims(const std::vector<int64_t>& v) { assign(v.data(), static_cast<int>(v.size())); }
  Dims(const Dims& o) { assign(o.data(), o.n_); }
  Dims(Dims&& o) noexcept : n_(o.n_), heap_(std::move(o.heap_)) {
    std::memcpy(inline_, o.inline_, sizeof inline_);
    o.n_ = 0;
  }
  Dims& operator=(const Dims& o) {
    if (this != &o) assign(o.data(), o.n_);
    return *this;
  }
  Dims& operator=(Dims&& o) noexcept {
    n_ = o.n_;
    heap_ = std::move(o.heap_);
    std::memcpy(inline_, o.inline_, sizeof inline_);
    o.n_ = 0;
    return *this;
  }

  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int64_t* data() { return heap_ ? heap_.get() : inline_; }
  const int64_t* data() const { return heap_ ? heap_.get() : inline_; }
  int64_t& operator[](int i) { return data()[i]; }
  int64_t operator[](int i) const { return data()[i]; }
  int64_t* begin() { return data(); }
  int64_t* end() { return data() + n_; }
  const int64_t* begin() const { return data(); }
  const int64_t* end() const { return data() + n_; }
  int64_t back() const { return data()[n_ - 1]; }

  void resize(int n, int64_t fill = 0) {
    int old = n_;
    reserve(n);
    for (int i = old; i < n; ++i) data()[i] = fill;
    n_ = n;
  }
  void push_back(int64_t v) {
    reserve(n_ + 1);
    data()[n_++] = v;
  }
  void insert(int pos, int64_t v) {
    reserve(n_ + 1);
    int64_t* d = data();
    std::memmove(d + pos + 1, d + pos, sizeof(int64_t) * (n_ - pos));
    d[pos] = v;
    ++n_;
  }
  void erase(int pos) {
    int64_t* d = data();
    std::memmove(d + pos, d + pos + 1, sizeof(int64_t) * (n_ - pos - 1));
    --n_;
  }

  int64_t product() const {
    int64_t p = 1;
    for (int i = 0; i < n_; ++i) p *= data()[i];
    return p;
  }
  std::vector<int64_t> to_vector() const { return {begin(), end()}; }

  friend bool operator==(const Dims& a, const Dims& b) {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const Dims& a, const Dims& b) { return !(a == b); }

 private:
  void assign(const int64_t* p, int n) {
    n_ = 0;
    reserve(n);
    if (n) std::memmove(data(), p, sizeof(int64_t) * n);
    n_ = n;
  }
  void reserve(int n) {
    int cap = heap_ ? cap_ : kInline;
    if (n <= cap) return;
    int ncap = std::max(n, 2 * cap);
    std::unique_ptr<int64_t[]> h(new int64_t[ncap]);
    if (n_) std::memcpy(h.get(), data(), sizeof(int64_t) * n_);
    heap_ = std::move(h);
    cap_ = ncap;
  }

  int n_ = 0;
  int cap_ = 0;
  int64_t inline_[kInline] = {};
  std::unique_ptr<int64_t[]> heap_;
};

}  // namespace cunp
