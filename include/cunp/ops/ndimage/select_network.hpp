// cunp/ops/ndimage/select_network.hpp -- sorting networks pruned to one rank, for the rank
// filters' shared-memory tiles: Batcher's odd-even merge sort over the footprint's taps (padded to
// a power of two with the largest key), with every comparator that cannot reach the wanted rank's
// wire removed. A 5x5 median then costs 89 compare-and-swaps and 24 single min/max (the register
// row of src/device/ndimage/ndi_select.cuh: 25 x 16 compare-and-swaps), a 5x5x5 one 1060 and 124
// (row: 125 x 64).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cunp {

// One step over the wires w: Move w[a] = w[b] (b's value passed over a padding wire, which needs
// no comparison); Sort puts min(w[a], w[b]) in a and the max in b; Min keeps only the min in a,
// Max only the max in b (the other result is never read again).
struct NetworkStep {
  enum class Kind : uint8_t { Move, Sort, Min, Max };
  Kind kind;
  int a, b;
};

// Taps the networks take: their keys all sit in registers.
constexpr int kNetworkMaxTaps = 128;

// The steps that leave the rank-th smallest of w[0..taps-1] in w[rank] (w has
// network_wires(taps) entries; those past taps are scratch). 2 <= taps <= kNetworkMaxTaps.
const std::vector<NetworkStep>& selection_network(int taps, int rank);
int network_wires(int taps);
// Min/max operations the network runs (a Sort counts two).
long long network_cost(int taps, int rank);
// The device struct `name` with `template <class K> static K select(K* w)` running the steps and
// returning w[rank] (src/device/ndimage/ndi_select.cuh's ndi_network_fold calls it).
std::string selection_network_source(int taps, int rank, const std::string& name);

}  // namespace cunp
