"""ab_compare.py FILE.json ...: cunp's time per bench case before and after a change
(bench/ab.sh), as a markdown table. A file whose name starts with "base" holds a run of the
"before" build, any other a run of the "after" one; each side's best time per case counts."""
import json
import os
import sys


def cunp_results(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {c["what"]: c["results"].get("cunp", {}) for c in data["cases"]}


def best(runs, what):
    times = [r[what]["seconds"] for r in runs if r.get(what, {}).get("status") == "ok"]
    return min(times) if times else None


def main(paths):
    bases, news, order = [], [], {}
    for path in paths:
        runs = cunp_results(path)
        (bases if os.path.basename(path).startswith("base") else news).append(runs)
        order.update(dict.fromkeys(runs))
    print("| case | before (s) | after (s) | after / before |")
    print("|---|---|---|---|")
    slower = []
    for what in order:
        b, n = best(bases, what), best(news, what)
        if b is None or n is None:
            print(f"| {what} | {b} | {n} | - |")
            continue
        ratio = n / b
        if ratio > 1.03:
            slower.append(f"{what}: {ratio:.3f}")
        print(f"| {what} | {b:.4g} | {n:.4g} | {ratio:.3f} |")
    print(f"\n{len(slower)} case(s) more than 3% slower" + (":" if slower else "."))
    for line in slower:
        print(f"- {line}")


if __name__ == "__main__":
    main(sys.argv[1:])
