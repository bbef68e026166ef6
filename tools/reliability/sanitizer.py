"""Runs the sanitizer slice under compute-sanitizer's four tools and counts what they report.

The slice first runs once without the sanitizer into a fresh kernel cache directory, so that
the four checked runs load compiled kernels from disk instead of compiling them under the
sanitizer. The four tools then run at once (separate processes on one GPU; each tool checks
only its own process). Under the sanitizer the slice uses plain driver allocations
(``--plain-allocator``), so that memcheck sees each array's exact bounds rather than the pool's
larger segments.

    python tools/reliability/sanitizer.py --log FILE [--tools memcheck,racecheck,...]

Prints ``sanitizer: N kernels, E errors`` last (N: the kernels one run of the slice launches,
each checked by every tool; E: unsuppressed reports over all tools); exits 1 when E > 0 or a
run failed.
"""
import argparse
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import sanitizer_report
from process import run

HERE = os.path.dirname(os.path.abspath(__file__))
SLICE = os.path.join(HERE, 'sanitizer_slice.py')
SUPPRESSIONS = os.path.join(HERE, 'sanitizer_suppressions.txt')
TOOLS = ('memcheck', 'racecheck', 'initcheck', 'synccheck')
# Options per tool beyond the common ones. racecheck reports hazards by analysis (one report
# per race, not per access pair).
TOOL_OPTIONS = {
    'memcheck': ['--leak-check', 'no'],
    'racecheck': ['--racecheck-report', 'analysis'],
    'initcheck': [],
    'synccheck': [],
}
ERROR_EXIT = 86  # the exit status that means "the sanitizer found errors"


def sanitizer_command(tool, python=sys.executable, slice_args=()):
    """The command line that runs the slice under one tool."""
    return ['compute-sanitizer', '--tool', tool, '--error-exitcode', str(ERROR_EXIT),
            '--print-limit', '200', '--target-processes', 'all', *TOOL_OPTIONS[tool],
            python, SLICE, '--plain-allocator', *slice_args]


def kernels_launched(text):
    """K from the slice's last line ``slice: N cases, K kernels launched, F failed``."""
    for line in reversed(text.splitlines()):
        if line.startswith('slice: '):
            return int(line.split(',')[1].split()[0])
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--log', required=True, help='append every run\'s output here')
    parser.add_argument('--tools', default=','.join(TOOLS))
    parser.add_argument('--timeout', type=int, default=420, help='seconds for all the runs')
    parser.add_argument('--only', default='', help='slice cases whose name contains this')
    args = parser.parse_args(argv)
    tools = [t for t in args.tools.split(',') if t]
    suppressions = sanitizer_report.load_suppressions(SUPPRESSIONS)
    if shutil.which('compute-sanitizer') is None:
        print('sanitizer: not run (compute-sanitizer is not on PATH)')
        return 1
    cache = tempfile.mkdtemp(prefix='cunp-sanitizer-cache-')
    env = dict(os.environ, CUNP_CACHE_DIR=cache, PYTHONUNBUFFERED='1')
    slice_args = ['--only', args.only] if args.only else []
    deadline = time.monotonic() + args.timeout
    with open(args.log, 'a') as log:
        rc, out, _ = run([sys.executable, SLICE, *slice_args], args.timeout // 2, env)
        log.write(f'===== slice without the sanitizer (fills the kernel cache): rc {rc}\n{out}\n')
        warm_ok = rc == 0
        left = max(10, int(deadline - time.monotonic()) - 5)
        with ThreadPoolExecutor(len(tools)) as pool:
            results = list(pool.map(
                lambda t: run(sanitizer_command(t, slice_args=slice_args), left, env), tools))
        total_errors, kernels, bad_runs = 0, None, []
        for tool, (rc, out, _) in zip(tools, results):
            report = sanitizer_report.parse(out, tool, suppressions)
            launched = kernels_launched(out)
            kernels = launched if kernels is None else min(kernels, launched or 0)
            total_errors += report.error_count
            log.write(f'===== compute-sanitizer --tool {tool}: rc {rc}, {launched} kernels, '
                      f'{report.error_count} errors, {len(report.warnings)} warnings, '
                      f'{len(report.suppressed)} suppressed\n{out}\n')
            # A run that ended badly with no report to show for it (a crash, a time-out, a
            # failed case) counts as a failure of its own.
            if rc not in (0, ERROR_EXIT) or launched is None or ' 0 failed' not in out:
                bad_runs.append(f'{tool} (rc {rc})')
            line = (f'  {tool}: {launched} kernels, {report.error_count} errors, '
                    f'{len(report.warnings)} warnings, {len(report.suppressed)} suppressed')
            print(line)
            for body in report.errors[:3]:
                print('    ' + body.replace('\n', '\n    ')[:1500])
    shutil.rmtree(cache, ignore_errors=True)
    status = f'sanitizer: {kernels or 0} kernels, {total_errors} errors'
    if bad_runs or not warm_ok:
        status += '; runs failed: ' + ', '.join(bad_runs + ([] if warm_ok else ['slice']))
    print(status, flush=True)
    return 0 if total_errors == 0 and not bad_runs and warm_ok else 1


if __name__ == '__main__':
    sys.exit(main())
