"""The reliability harness: sanitizer slice, differential fuzzing, leaks and faults.

    python tools/reliability/run.py --log FILE [--parts sanitizer,fuzz,leaks,faults]

The sanitizer runs first (its four tools at once); fuzzing (one process per test file), leaks
and faults then run side by side, each in processes of its own. Everything goes to FILE; the
last line printed is the summary, of the form

    sanitizer: N kernels, 0 errors; fuzz: N examples over K functions, 0 failures; leaks: ok;
    faults: ok (9 cases)

The exit status is 1 when any part failed. Settings: CUNP_FUZZ_EXAMPLES (examples per fuzz
test, default 100), CUNP_FUZZ_SIGNATURE_EXAMPLES (per function drawn by its signature, default 2
here), RELIABILITY_FUZZ_SEED (default 0).
"""
import argparse
import glob
import os
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from process import run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PARTS = ('sanitizer', 'fuzz', 'leaks', 'faults')
SIGNATURE_SHARDS = 4


def last_line(out, prefix):
    lines = [line for line in out.splitlines() if line.startswith(prefix)]
    return lines[-1] if lines else None


def fuzz_summary(results):
    """'fuzz: N examples over K functions, F failures' over the per-file pytest runs (K: the
    functions test_fuzz_signatures.py drew)."""
    examples = failures = functions = 0
    broken = []
    for path, (rc, out, _) in results.items():
        line = last_line(out, 'fuzz: ')
        examples += int(line.split()[1]) if line else 0
        drawn = re.search(r'(\d+) functions', line or '')
        functions += int(drawn.group(1)) if drawn else 0
        final = [ln for ln in out.splitlines() if re.search(r'(passed|failed|error|skipped).* in [\d.]+s', ln)]
        counts = re.findall(r'(\d+) (failed|error)', final[-1]) if final else []
        failures += sum(int(n) for n, _ in counts)
        if rc not in (0, 1) or (rc == 1 and not counts):  # 1: tests failed; else it broke
            broken.append(f'{os.path.basename(path)} (rc {rc})')
            failures += 0 if counts else 1
    over = f' over {functions} functions' if functions else ''
    text = f'fuzz: {examples} examples{over}, {failures} failures'
    return text + (f' ({", ".join(broken)} did not finish)' if broken else ''), failures == 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--log', required=True)
    parser.add_argument('--parts', default=','.join(PARTS))
    parser.add_argument('--timeout', type=int, default=560, help='seconds for everything')
    args = parser.parse_args(argv)
    parts = args.parts.split(',')
    py = sys.executable
    deadline = time.monotonic() + args.timeout
    summary, ok = [], True
    with open(args.log, 'w'):
        pass

    def log(title, out):
        with open(args.log, 'a') as f:
            f.write(f'\n===== {title}\n{out}\n')

    if 'sanitizer' in parts:
        budget = int((deadline - time.monotonic()) * 0.55)
        rc, out, t = run([py, os.path.join(HERE, 'sanitizer.py'), '--log', args.log,
                          '--timeout', str(budget - 10)], budget, cwd=ROOT)
        log(f'sanitizer ({t:.0f} s)', out)
        line = last_line(out, 'sanitizer: ') or f'sanitizer: did not finish (rc {rc})'
        summary.append(line)
        ok &= rc == 0
        print(out, end='', flush=True)

    jobs = {}
    remaining = max(30, int(deadline - time.monotonic()) - 10)
    seed = os.environ.get('RELIABILITY_FUZZ_SEED', '0')
    # Every public function, a few draws each: the signature fuzzer's default (a sixth of the
    # per-test examples, for each of ~300 functions) outlasts the harness's time limit.
    os.environ.setdefault('CUNP_FUZZ_SIGNATURE_EXAMPLES', '2')
    envs = {}
    if 'fuzz' in parts:
        for path in sorted(glob.glob(os.path.join(ROOT, 'tests', 'fuzz', 'test_*.py'))):
            cmd = [py, '-m', 'pytest', path, '-q', '-p', 'no:cacheprovider',
                   f'--hypothesis-seed={seed}', '--tb=short', '-rf']
            if not path.endswith('test_fuzz_signatures.py'):
                jobs[path] = cmd
                continue
            # ~300 functions, each compiling kernels for its first draws: one process per
            # shard of the functions, so that the whole list fits the time limit.
            for i in range(SIGNATURE_SHARDS):
                key = f'{path} (shard {i + 1} of {SIGNATURE_SHARDS})'
                jobs[key] = cmd
                envs[key] = dict(os.environ,
                                 CUNP_FUZZ_SIGNATURE_SHARD=f'{i}/{SIGNATURE_SHARDS}')
    if 'leaks' in parts:
        jobs['leaks'] = [py, os.path.join(HERE, 'leaks.py')]
    if 'faults' in parts:
        jobs['faults'] = [py, os.path.join(HERE, 'faults.py')]
    with ThreadPoolExecutor(max(1, len(jobs))) as pool:
        futures = {name: pool.submit(run, cmd, remaining, env=envs.get(name), cwd=ROOT)
                   for name, cmd in jobs.items()}
        results = {name: f.result() for name, f in futures.items()}
    for name, (rc, out, t) in results.items():
        log(f'{os.path.relpath(name, ROOT) if os.sep in name else name} (rc {rc}, {t:.0f} s)', out)
    fuzz = {k: v for k, v in results.items() if k not in ('leaks', 'faults')}
    if fuzz:
        line, fuzz_ok = fuzz_summary(fuzz)
        summary.append(line)
        ok &= fuzz_ok
    for name in ('leaks', 'faults'):
        if name in results:
            rc, out, _ = results[name]
            summary.append(last_line(out, f'{name}: ') or f'{name}: did not finish (rc {rc})')
            ok &= rc == 0
            print(out, end='', flush=True)
    print('; '.join(summary), flush=True)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
