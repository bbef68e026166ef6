"""The reliability harness: sanitizer slice, differential fuzzing, leaks and faults.

    python tools/reliability/run.py --log FILE [--parts sanitizer,fuzz,leaks,faults]

The sanitizer runs first (its four tools at once); fuzzing (one process per test file), leaks
and faults then run side by side, each in processes of its own. Everything goes to FILE; the
last line printed is the summary, of the form

    sanitizer: N kernels, 0 errors; fuzz: N examples over K functions and U ufuncs, 0 failures;
    leaks: ok; faults: ok (9 cases)

Fuzzing runs in rounds: each fuzz process (a test file, or a shard of the functions or ufuncs
of the files listed in SHARDED) is run again with the next seed while another round of the
length of its last one fits in the fuzz time box (RELIABILITY_FUZZ_SECONDS, default 240, and
never past --timeout), and stops after a round that failed. The first round of a process pays
for compiling its kernels (the disk cache serves the later ones), so the later rounds are the
cheap ones. The summary counts every round's examples; K and U are the distinct functions and
ufuncs drawn.

The exit status is 1 when any part failed. Settings: CUNP_FUZZ_EXAMPLES (examples per fuzz
test and round, default 60), CUNP_FUZZ_SIGNATURE_EXAMPLES and CUNP_FUZZ_UFUNC_EXAMPLES (per
function, ufunc or ufunc method and round, default 3 here: hypothesis's first example of every
round is the same simplest one, so each later round adds two new ones), RELIABILITY_FUZZ_SEED (the first
round's seed, default 0), RELIABILITY_FUZZ_SECONDS, RELIABILITY_FUZZ_ROUNDS (at most this many
rounds, default no limit: 1 gives a single pass).
"""
import argparse
import glob
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from process import run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PARTS = ('sanitizer', 'fuzz', 'leaks', 'faults')
# Test files run as several processes side by side, each with its share of the parametrized
# functions or ufuncs (each compiles kernels for its first draws): file -> (variable, shards).
SHARDED = {'test_fuzz_signatures.py': ('CUNP_FUZZ_SIGNATURE_SHARD', 4),
           'test_fuzz_every_ufunc.py': ('CUNP_FUZZ_UFUNC_SHARD', 2),
           'test_fuzz_ufunc_methods.py': ('CUNP_FUZZ_UFUNC_METHOD_SHARD', 3)}


def last_line(out, prefix):
    lines = [line for line in out.splitlines() if line.startswith(prefix)]
    return lines[-1] if lines else None


def _rounds(out):
    """A fuzz process's output split into its rounds (run_rounds marks where each starts)."""
    parts = re.split(r'^===== round \d+.*$', out, flags=re.M)
    return [p for p in parts if p.strip()] or [out]


def fuzz_summary(results):
    """'fuzz: N examples over K functions and U ufuncs, F failures' over the per-file pytest
    runs and their rounds (K, U: the distinct functions test_fuzz_signatures.py and ufuncs
    test_fuzz_every_ufunc.py drew; the processes draw disjoint shares, their rounds the same
    share again)."""
    examples = failures = functions = ufuncs = 0
    broken = []
    for path, (rc, out, _) in results.items():
        drawn = {'functions': 0, 'ufuncs': 0}
        for text in _rounds(out):
            line = last_line(text, 'fuzz: ')
            examples += int(line.split()[1]) if line else 0
            for what in drawn:
                m = re.search(rf'(\d+) {what}', line or '')
                drawn[what] = max(drawn[what], int(m.group(1)) if m else 0)
            final = [ln for ln in text.splitlines()
                     if re.search(r'(passed|failed|error|skipped).* in [\d.]+s', ln)]
            counts = re.findall(r'(\d+) (failed|error)', final[-1]) if final else []
            failures += sum(int(n) for n, _ in counts)
        functions += drawn['functions']
        ufuncs += drawn['ufuncs']
        if rc not in (0, 1) or (rc == 1 and not counts):  # 1: tests failed; else it broke
            broken.append(f'{os.path.basename(path)} (rc {rc})')
            failures += 0 if counts else 1
    covered = [f'{functions} functions'] * bool(functions) + [f'{ufuncs} ufuncs'] * bool(ufuncs)
    over = f' over {" and ".join(covered)}' if covered else ''
    text = f'fuzz: {examples} examples{over}, {failures} failures'
    return text + (f' ({", ".join(broken)} did not finish)' if broken else ''), failures == 0


def run_rounds(cmd, seed, box_end, deadline, env=None, max_rounds=None, runner=None):
    """cmd (a pytest command without its seed) with seed, seed + 1, ... while another round of
    the last one's length fits before box_end (the first always runs, until deadline), and the
    rounds so far passed. (exit status of the last round, outputs each after a '===== round'
    line, seconds)."""
    runner = runner or run
    # The fuzz watchdog's traceback (an example that hung) goes to this file: pytest's capture
    # of stderr is lost when the watchdog ends the process.
    fd, trace = tempfile.mkstemp(prefix='fuzz-watchdog-')
    os.close(fd)
    env = dict(env if env is not None else os.environ, CUNP_FUZZ_WATCHDOG_FILE=trace)
    outs, rc, total, last, k = [], 0, 0.0, 0.0, 0
    while True:
        now = time.monotonic()
        if k and (rc != 0 or now + 1.2 * last > box_end or (max_rounds and k >= max_rounds)):
            break
        limit = max(5, int(deadline - now))
        rc, out, last = runner(cmd + [f'--hypothesis-seed={seed + k}'], limit, env=env, cwd=ROOT)
        with open(trace) as f:
            hung = f.read()
        if hung.strip():
            out += f'\n(the watchdog ended this round: one example ran too long)\n{hung}'
        outs.append(f'===== round {k + 1} (seed {seed + k}, rc {rc}, {last:.0f} s)\n{out}')
        total += last
        k += 1
    os.unlink(trace)
    return rc, '\n'.join(outs), total


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
    seed = int(os.environ.get('RELIABILITY_FUZZ_SEED', '0'))
    # Every public function and ufunc, a few draws each per round: their tests' defaults (a
    # sixth of the per-test examples, for each of ~300 functions and ~100 ufuncs) outlast the
    # harness's time limit in one pass; the rounds add draws while time is left.
    # Hypothesis tries the simplest example first whatever the seed, so a round of n examples
    # adds n - 1 new ones: 3 a round (the old single pass drew 2).
    os.environ.setdefault('CUNP_FUZZ_SIGNATURE_EXAMPLES', '3')
    os.environ.setdefault('CUNP_FUZZ_UFUNC_EXAMPLES', '3')
    fuzz_end = min(time.monotonic() + remaining,
                   time.monotonic() + int(os.environ.get('RELIABILITY_FUZZ_SECONDS', '240')))
    max_rounds = int(os.environ.get('RELIABILITY_FUZZ_ROUNDS', '0')) or None
    envs = {}
    if 'fuzz' in parts:
        for path in sorted(glob.glob(os.path.join(ROOT, 'tests', 'fuzz', 'test_*.py'))):
            cmd = [py, '-m', 'pytest', path, '-q', '-p', 'no:cacheprovider', '--tb=short', '-rf']
            sharded = SHARDED.get(os.path.basename(path))
            if not sharded:
                jobs[path] = cmd
                continue
            variable, shards = sharded
            for i in range(shards):
                key = f'{path} (shard {i + 1} of {shards})'
                jobs[key] = cmd
                envs[key] = dict(os.environ, **{variable: f'{i}/{shards}'})
    if 'leaks' in parts:
        jobs['leaks'] = [py, os.path.join(HERE, 'leaks.py')]
    if 'faults' in parts:
        jobs['faults'] = [py, os.path.join(HERE, 'faults.py')]
    end = time.monotonic() + remaining

    def submit(pool, name, cmd):
        if name in ('leaks', 'faults'):
            return pool.submit(run, cmd, remaining, env=envs.get(name), cwd=ROOT)
        return pool.submit(run_rounds, cmd, seed, fuzz_end, end, env=envs.get(name),
                           max_rounds=max_rounds)

    with ThreadPoolExecutor(max(1, len(jobs))) as pool:
        futures = {name: submit(pool, name, cmd) for name, cmd in jobs.items()}
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
