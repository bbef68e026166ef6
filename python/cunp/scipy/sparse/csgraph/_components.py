"""connected_components: weak components (and undirected graphs) by min-label hooking with
pointer jumping (Shiloach-Vishkin style: O(log n) rounds of edge-parallel work); strong
components by trimming (nodes without a live edge in or out) and forward-backward
colouring (max-colour propagation along edges, then a backward sweep from each colour's root
within its colour). Both run edge-parallel on the device with one host read per round to
know when to stop."""

import numpy

from .. import _backend
from ._validation import edges, relabel_by_first

__all__ = ["connected_components"]


def _jump(parent):
    """Pointer jumping until every node points at its root."""
    while True:
        nxt = parent[parent]
        if bool((nxt == parent).all()):
            return parent
        parent = nxt


def _weak_roots(n, src, dst):
    """Each node's smallest reachable node, ignoring edge directions."""
    xp = _backend.xp
    parent = xp.arange(n, dtype=numpy.int64)
    while True:
        ps, pd = parent[src], parent[dst]
        hooked = parent.copy()
        # Every root takes the smallest root it is joined to; chains strictly decrease, so no
        # cycle can form.
        xp.minimum.at(hooked, ps, pd)
        xp.minimum.at(hooked, pd, ps)
        hooked = _jump(hooked)
        if bool((hooked == parent).all()):
            return parent
        parent = hooked


def _propagate(values, src, dst, mask, reducer):
    """values[dst] = reducer(values[dst], values[src]) over the edges where mask holds, until
    nothing changes."""
    s, d = src[mask], dst[mask]
    while True:
        new = values.copy()
        reducer.at(new, d, values[s])
        if bool((new == values).all()):
            return values
        values = new


def _strong_roots(n, src, dst):
    """Each node's SCC id (the largest node of its SCC)."""
    xp = _backend.xp
    label = xp.full(n, -1, dtype=numpy.int64)
    ids = xp.arange(n, dtype=numpy.int64)
    active = xp.ones(n, dtype=bool)
    proper = src != dst
    while bool(active.any()):
        # Trimming: a node without a live edge in or out is a component of its own; peeling
        # them in bulk spares the colouring one round per node on chain-like graphs.
        while True:
            live = active[src] & active[dst] & proper
            indeg = xp.zeros(n, dtype=numpy.int64)
            outdeg = xp.zeros(n, dtype=numpy.int64)
            if bool(live.any()):
                xp.add.at(indeg, dst[live], 1)
                xp.add.at(outdeg, src[live], 1)
            trivial = active & ((indeg == 0) | (outdeg == 0))
            if not bool(trivial.any()):
                break
            label = xp.where(trivial, ids, label)
            active = active & ~trivial
        if not bool(active.any()):
            break
        live = active[src] & active[dst]
        # Forward: every node takes the largest colour that reaches it.
        colour = _propagate(xp.where(active, ids, -1), src, dst, live, xp.maximum)
        # Backward: from each colour's root, the nodes of that colour that reach it.
        same = live & (colour[src] == colour[dst])
        mark = (colour == ids) & active
        # int32: the scatter-maximum is an atomic of that width on the device.
        mark_i = _propagate(mark.astype(numpy.int32), dst, src, same, xp.maximum)
        found = (mark_i > 0) & active
        label = xp.where(found, colour, label)
        active = active & ~found
    return label


def connected_components(csgraph, directed=True, connection="weak", return_labels=True):
    """(n_components, labels). Weak labels number the components by their smallest node, as
    SciPy's do; strong labels also number by smallest node, where SciPy's numbering follows
    its traversal (the partition is the same)."""
    if connection.lower() not in ("weak", "strong"):
        raise ValueError("connection must be 'weak' or 'strong'")
    n, src, dst, _ = edges(csgraph, directed=True)
    if n == 0:
        xp = _backend.xp
        return (0, xp.zeros(0, dtype=numpy.int32)) if return_labels else 0
    if not directed or connection.lower() == "weak":
        roots = _weak_roots(n, src, dst)
    else:
        roots = _strong_roots(n, src, dst)
        # Number by smallest node: the minimum node of each SCC, scattered per root.
        xp = _backend.xp
        first = xp.full(n, n, dtype=numpy.int64)
        xp.minimum.at(first, roots, xp.arange(n, dtype=numpy.int64))
        roots = first[roots]
    count, labels = relabel_by_first(roots)
    return (count, labels) if return_labels else count
