"""ab_compare.py BASE.json NEW.json [BASE.json NEW.json ...]: cunp's time per bench case before
and after a change (bench/ab.sh), the best of each side's runs, as a markdown table."""
import json
import sys


def cunp_results(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {c["what"]: c["results"].get("cunp", {}) for c in data["cases"]}


def best(runs, what):
    times = [r[what]["seconds"] for r in runs if r.get(what, {}).get("status") == "ok"]
    return min(times) if times else None


def main(paths):
    bases = [cunp_results(p) for p in paths[0::2]]
    news = [cunp_results(p) for p in paths[1::2]]
    print("| case | before (s) | after (s) | after / before |")
    print("|---|---|---|---|")
    slower = []
    for what in bases[0]:
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
