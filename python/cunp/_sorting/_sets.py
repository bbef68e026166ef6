# python/cunp/_sorting/_sets.py -- set routines on 1-d arrays (NumPy 2's intersect1d, union1d, setdiff1d,
# setxor1d), composed from the sort engine: unique, sort, argsort and isin.
"""intersect1d, union1d, setdiff1d, setxor1d: sorted results of the flattened inputs, as NumPy
computes them (sort the concatenation, compare neighbours). With assume_unique=True inputs
that are not unique give what NumPy's algorithm gives them (not necessarily a set)."""
__all__ = ["intersect1d", "union1d", "setdiff1d", "setxor1d"]


def _cunp():
    import cunp

    return cunp


def _flat(a):
    return _cunp().asarray(a).ravel()


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values found in both arrays; with return_indices=True also the indices of
    their first occurrences in each flattened input."""
    cp = _cunp()
    if not assume_unique:
        if return_indices:
            ar1, ind1 = cp.unique(ar1, return_index=True)
            ar2, ind2 = cp.unique(ar2, return_index=True)
        else:
            ar1, ar2 = cp.unique(ar1), cp.unique(ar2)
    else:
        ar1, ar2 = _flat(ar1), _flat(ar2)
    aux = cp.concatenate((ar1, ar2))
    if return_indices:
        order = cp.argsort(aux, kind="stable")
        aux = aux[order]
    else:
        aux = cp.sort(aux)
    mask = aux[1:] == aux[:-1]
    common = aux[:-1][mask]
    if not return_indices:
        return common
    ar1_indices = order[:-1][mask]
    ar2_indices = order[1:][mask] - ar1.size
    if not assume_unique:
        ar1_indices, ar2_indices = ind1[ar1_indices], ind2[ar2_indices]
    return common, ar1_indices, ar2_indices


def union1d(ar1, ar2):
    """The sorted values found in either array."""
    cp = _cunp()
    return cp.unique(cp.concatenate((_flat(ar1), _flat(ar2))))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The values of ar1 not in ar2 (sorted and unique unless assume_unique=True, which keeps
    ar1's order)."""
    cp = _cunp()
    if assume_unique:
        ar1 = _flat(ar1)
    else:
        ar1, ar2 = cp.unique(ar1), cp.unique(ar2)
    return ar1[cp.isin(ar1, ar2, assume_unique=True, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted values found in exactly one of the arrays."""
    cp = _cunp()
    if not assume_unique:
        ar1, ar2 = cp.unique(ar1), cp.unique(ar2)
    aux = cp.concatenate((_flat(ar1), _flat(ar2)))
    if aux.size == 0:
        return aux
    aux = cp.sort(aux)
    end = cp.ones(1, dtype=cp.bool_)
    flag = cp.concatenate((end, aux[1:] != aux[:-1], end))
    return aux[flag[1:] & flag[:-1]]

