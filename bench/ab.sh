#!/usr/bin/env bash
# bench/ab.sh BASE_TREE: the cunp benchmark before and after a change, in one run on one GPU.
# BASE_TREE is a source tree of the "before" revision (e.g. `git archive REV | tar -x -C .base`).
# Builds it and this tree into two package directories, runs `bench/run.py --libs cunp` with
# each, alternating ROUNDS times (default 1) so that drift hits both alike, and prints
# bench/ab_compare.py's table: per case the best time of each side and their ratio. Logs and the
# JSON of each run go to $OUT (else bench/out/ab). ONLY is passed to run.py --only.
set -euo pipefail
base_tree=$(cd "${1:?usage: bench/ab.sh BASE_TREE}" && pwd)
cd "$(dirname "$0")/.."
out=${OUT:-bench/out/ab}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
for side in base new; do
  src=$([[ $side == base ]] && echo "$base_tree" || pwd)
  echo "== building $side" >&2
  python3 -m pip install -q --no-build-isolation --no-deps --no-index --target "$work/$side" \
    "$src" >"$out/build-$side.log" 2>&1
done
only=()
[[ -n ${ONLY:-} ]] && only=(--only "$ONLY")
for round in $(seq "${ROUNDS:-1}"); do
  for side in base new; do
    echo "== round $round: $side" >&2
    PYTHONPATH="$work/$side" OUT="$work/run-$side-$round" \
      python3 bench/run.py --libs cunp "${only[@]}" >"$out/bench-$side-$round.log" 2>&1
    cp "$work/run-$side-$round/bench.json" "$out/$side-$round.json"
  done
done
pairs=()
for round in $(seq "${ROUNDS:-1}"); do pairs+=("$out/base-$round.json" "$out/new-$round.json"); done
python3 bench/ab_compare.py "${pairs[@]}" | tee "$out/ab.md"
