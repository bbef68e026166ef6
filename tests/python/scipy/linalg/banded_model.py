"""A NumPy model of banded_solve (src/device/linalg/banded_lu.cuh), the kernel behind
cunp.scipy.linalg.solve_banded, statement for statement on the same interleaved storage (one
loop step per system where the device runs one thread per system), so the CPU tests check its
algorithm (pivot choice, fill-in reach, elimination on the right-hand sides, singular info) and
solve_banded's host code against SciPy."""
import types

import numpy


def _size(v):
    return abs(v.real) + abs(v.imag) if numpy.iscomplexobj(v) else abs(v)


def banded_solve(w, x, kl, ku):
    """In place of x (m, nrhs, count); w (2 kl + ku + 1, m, count). Returns info (count,)."""
    _, m, count = w.shape
    kv = kl + ku
    info = numpy.zeros(count, dtype=numpy.int32)
    for s in range(count):
        def at(i, j):
            return (kv + i - j, j, s)
        singular = False
        for j in range(m):
            last = min(j + kl, m - 1)
            right = min(j + kv, m - 1)
            p, best = j, _size(w[at(j, j)])
            for i in range(j + 1, last + 1):
                v = _size(w[at(i, j)])
                if v > best:
                    best, p = v, i
            if best == 0:
                info[s] = j + 1
                singular = True
                break
            if p != j:
                for c in range(j, right + 1):
                    w[at(j, c)], w[at(p, c)] = w[at(p, c)], w[at(j, c)]
                x[[j, p], :, s] = x[[p, j], :, s]
            pivot = w[at(j, j)]
            for i in range(j + 1, last + 1):
                ell = w[at(i, j)] / pivot
                for c in range(j + 1, right + 1):
                    w[at(i, c)] -= ell * w[at(j, c)]
                x[i, :, s] -= ell * x[j, :, s]
        if singular:
            continue
        for i in range(m - 1, -1, -1):
            right = min(i + kv, m - 1)
            acc = x[i, :, s].copy()
            for c in range(i + 1, right + 1):
                acc -= w[at(i, c)] * x[c, :, s]
            x[i, :, s] = acc / w[at(i, i)]
    return info


CORE = types.SimpleNamespace(linalg=types.SimpleNamespace(banded_solve=banded_solve))
