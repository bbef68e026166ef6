// src/ops/ndimage/select_network.cpp -- Batcher's odd-even merge sort pruned to one output rank
// (cunp/ops/ndimage/select_network.hpp), and its device source.
//
// Padding wires hold the largest key: a comparator between two of them, or with one on its max
// side, changes nothing, and one with padding on its min side only moves the other value over, so
// those become nothing or a Move. Then a backward pass keeps the comparators whose results reach
// the wanted wire, each reduced to the half (Min or Max) that is read.
#include "cunp/ops/ndimage/select_network.hpp"

#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Knuth's formulation of Batcher's odd-even merge sort over n = 2^k wires (TAOCP 5.3.4, M).
std::vector<std::pair<int, int>> batcher(int n) {
  std::vector<std::pair<int, int>> out;
  for (int p = 1; p < n; p *= 2) {
    for (int k = p; k >= 1; k /= 2) {
      for (int j = k % p; j + k < n; j += 2 * k) {
        for (int i = 0; i < k && i + j + k < n; ++i)
          if ((i + j) / (2 * p) == (i + j + k) / (2 * p)) out.emplace_back(i + j, i + j + k);
      }
    }
  }
  return out;
}

std::vector<NetworkStep> build(int taps, int rank) {
  const int n = network_wires(taps);
  std::vector<bool> padding(n, false);
  for (int w = taps; w < n; ++w) padding[w] = true;
  std::vector<NetworkStep> steps;
  for (const auto& [a, b] : batcher(n)) {
    if (padding[b]) continue;  // the max side already holds the largest key
    if (padding[a]) {          // b's value moves down; b now holds the largest key
      steps.push_back({NetworkStep::Kind::Move, a, b});
      padding[a] = false;
      padding[b] = true;
      continue;
    }
    steps.push_back({NetworkStep::Kind::Sort, a, b});
  }
  std::set<int> live = {rank};
  std::vector<NetworkStep> kept;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    NetworkStep s = *it;
    const bool la = live.count(s.a) > 0, lb = live.count(s.b) > 0;
    if (s.kind == NetworkStep::Kind::Move) {
      if (!la) continue;
      live.erase(s.a);
      live.insert(s.b);
      kept.push_back(s);
      continue;
    }
    if (!la && !lb) continue;
    if (!lb) s.kind = NetworkStep::Kind::Min;
    if (!la) s.kind = NetworkStep::Kind::Max;
    live.insert(s.a);
    live.insert(s.b);
    kept.push_back(s);
  }
  return {kept.rbegin(), kept.rend()};
}

}  // namespace

int network_wires(int taps) {
  int n = 1;
  while (n < taps) n *= 2;
  return n;
}

const std::vector<NetworkStep>& selection_network(int taps, int rank) {
  if (taps < 2 || taps > kNetworkMaxTaps || rank < 0 || rank >= taps)
    throw ValueError("selection_network: taps or rank out of range");
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::vector<NetworkStep>> built;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = built.find({taps, rank});
  if (it == built.end()) it = built.emplace(std::make_pair(taps, rank), build(taps, rank)).first;
  return it->second;  // entries are never erased, so the reference stays valid
}

long long network_cost(int taps, int rank) {
  long long cost = 0;
  for (const NetworkStep& s : selection_network(taps, rank))
    cost += s.kind == NetworkStep::Kind::Sort ? 2 : s.kind == NetworkStep::Kind::Move ? 0 : 1;
  return cost;
}

std::string selection_network_source(int taps, int rank, const std::string& name) {
  static const char* const kCall[] = {"", "cunp::ndi_net_sort", "cunp::ndi_net_min",
                                      "cunp::ndi_net_max"};
  std::string s = "struct " + name + " {  // taps " + std::to_string(taps) + ", rank " +
                  std::to_string(rank) + "\n  CUNP_NDI_NETWORK_SELECT {\n";
  for (const NetworkStep& step : selection_network(taps, rank)) {
    const std::string a = "w[" + std::to_string(step.a) + "]",
                      b = "w[" + std::to_string(step.b) + "]";
    if (step.kind == NetworkStep::Kind::Move) s += "    " + a + " = " + b + ";\n";
    else
      s += std::string("    ") + kCall[static_cast<int>(step.kind)] + "(" + a + ", " + b + ");\n";
  }
  s += "    return w[" + std::to_string(rank) + "];\n  }\n};\n";
  return s;
}

}  // namespace cunp
