#!/usr/bin/env bash
# bench/ab.sh BASE_TREE: the cunp benchmark before and after a change, in one run on one GPU.
# BASE_TREE is a source tree of the "before" revision (e.g. `git archive REV | tar -x -C .base`).
# Builds it and this tree into two package directories, runs `bench/run.py --libs cunp` with
# each, alternating ROUNDS times (default 1) so that drift hits both alike, and prints
# bench/ab_compare.py's table: per case the best time of each side and their ratio. Logs and
# the table go to $OUT (else bench/out/ab). ONLY and PART are passed to run.py --only/--part.
#
# A whole A/B outlasts one 10-minute command: AB_WORK names a folder that keeps both builds
# and every run's JSON, so that later commands on the same machine (PART=2/3, 3/3, ...) skip
# the builds and the table compares everything measured so far.
set -euo pipefail
base_tree=$(cd "${1:?usage: bench/ab.sh BASE_TREE}" && pwd)
cd "$(dirname "$0")/.."
out=${OUT:-bench/out/ab}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=${AB_WORK:-$(mktemp -d)}
mkdir -p "$work/json"
work=$(cd "$work" && pwd)
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
for side in base new; do
  [[ -f $work/$side/.built ]] && continue
  src=$([[ $side == base ]] && echo "$base_tree" || pwd)
  echo "== building $side" >&2
  rm -rf "${work:?}/$side"
  python3 -m pip install -q --no-build-isolation --no-deps --no-index --target "$work/$side" \
    "$src" >"$out/build-$side.log" 2>&1
  touch "$work/$side/.built"
done
args=(--libs cunp --part "${PART:-1/1}")
[[ -n ${ONLY:-} ]] && args+=(--only "$ONLY")
tag="$(date +%H%M%S)-${PART:-1/1}"
tag=${tag//\//of}
for round in $(seq "${ROUNDS:-1}"); do
  for side in base new; do
    echo "== round $round: $side" >&2
    PYTHONPATH="$work/$side" OUT="$work/run-$side-$tag-$round" \
      python3 bench/run.py "${args[@]}" >"$out/bench-$side-$tag-$round.log" 2>&1
    cp "$work/run-$side-$tag-$round/bench.json" "$work/json/$side-$tag-$round.json"
  done
done
python3 bench/ab_compare.py "$work"/json/*.json | tee "$out/ab.md"
