"""Running a child command with a time limit, its whole process group killed at the limit (a
sanitizer's target or a pytest run leaves nothing behind on the GPU)."""
import os
import signal
import subprocess
import time


def run(cmd, timeout, env=None, cwd=None, preexec_fn=None):
    """(exit status, output with stderr merged, seconds); status 124 past the limit."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True,
                         preexec_fn=preexec_fn)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc, out = 124, (out or '') + f'\n(timed out after {timeout} s)\n'
    return rc, out, time.perf_counter() - t0
