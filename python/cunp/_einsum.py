# python/cunp/_einsum.py -- einsum and einsum_path: subscript parsing, NumPy's contraction paths
# (greedy, optimal, explicit), and a plan of views and products cached per call signature.
"""einsum: subscripts -> a plan of diagonals, transposes, broadcasts, reshapes, sums, products and
batched matmuls, built once per (subscripts, shapes, dtypes, optimize) from shapes alone and
replayed on later calls, so a repeated 'bij,bjk->bik' costs about one matmul call.

einsum_path: NumPy's contraction order ('greedy' or 'optimal', with or without a memory limit, or
an explicit ['einsum_path', ...] list) and a printable report. einsum follows the same order when
`optimize` is not False; with optimize=False it contracts pairwise, smallest intermediate first.
"""
import math
from itertools import combinations as _combinations

from cunp import _core
from cunp._core import ndarray
from cunp._creation import asarray

__all__ = ["einsum", "einsum_path"]

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_PLANS = {}
_MAX_PLANS = 512
_USE_CACHE = True  # off: plan afresh on every call (the bench's A/B of the cache)


def _cunp():
    import cunp
    return cunp


_OPS = []


def _backend():
    """The functions plans call (multiply, sum, broadcast_to, result_type, matmul): cunp's;
    a CPU test swaps in NumPy's to check plans without a GPU."""
    if not _OPS:
        from types import SimpleNamespace
        cp = _cunp()
        _OPS.append(SimpleNamespace(multiply=cp.multiply, sum=cp.sum, matmul=_core.matmul,
                                    broadcast_to=cp.broadcast_to, result_type=cp.result_type))
    return _OPS[0]


def _shape_text(shape):
    return "(" + ",".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


# --- parsing ------------------------------------------------------------------------------

def _split_operands(operands):
    """(terms, rhs or None, operand objects) from the string form or the sublist form."""
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string and at least one "
                         "operand")
    if isinstance(operands[0], str):
        subscripts = operands[0].replace(" ", "")
        ops = list(operands[1:])
        if "->" in subscripts:
            lhs, rhs = subscripts.split("->", 1)
            if "->" in rhs or "-" in rhs or ">" in rhs:
                raise ValueError("einstein sum subscript string does not contain proper '->' "
                                 "output specified")
        else:
            lhs, rhs = subscripts, None
        terms = lhs.split(",")
    else:
        # einsum(op0, sublist0, op1, sublist1, ..., [sublistout])
        rest = list(operands)
        ops, terms = [], []
        while len(rest) >= 2:
            ops.append(rest.pop(0))
            terms.append(_sublist(rest.pop(0)))
        rhs = _sublist(rest.pop(0)) if rest else None
    # NumPy's wording: "fewer" when the string names fewer operands than were given.
    if len(terms) < len(ops):
        raise ValueError("fewer operands provided to einstein sum function than specified in "
                         "the subscripts string")
    if len(terms) > len(ops):
        raise ValueError("more operands provided to einstein sum function than specified in "
                         "the subscripts string")
    for t in terms + ([rhs] if rhs is not None else []):
        for c in t.replace("...", ""):
            if c not in _LETTERS:
                if c in ".":
                    raise ValueError("einstein sum subscripts string contains a '.' that is "
                                     "not part of an ellipsis ('...')")
                raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, "
                                 "subscripts must be letters")
    return terms, rhs, ops


def _sublist(sub):
    out = ""
    for v in sub:
        if v is Ellipsis:
            out += "..."
        else:
            v = int(v)
            if not 0 <= v < len(_LETTERS):
                raise ValueError(f"subscript is not within the valid range [0, {len(_LETTERS)})")
            out += _LETTERS[v]
    return out


def _labels(terms, rhs, ndims):
    """(input label lists, output label list) with '...' expanded to labels of its own
    (characters that cannot be letters), right-aligned as the operands broadcast."""
    n_ell = 0
    for t, nd in zip(terms, ndims):
        if "..." in t:
            n_ell = max(n_ell, nd - len(t.replace("...", "")))
    ell = [chr(0x100 + i) for i in range(n_ell)]
    inputs = []
    for i, (t, nd) in enumerate(zip(terms, ndims)):
        if "..." in t:
            head, tail = t.split("...", 1)
            k = nd - len(head) - len(tail)
            if k < 0:
                raise ValueError(f"einstein sum subscripts string contains too many subscripts "
                                 f"for operand {i}")
            labels = list(head) + ell[n_ell - k:] + list(tail)
        else:
            if len(t) != nd:
                if len(t) < nd:
                    raise ValueError("operand has more dimensions than subscripts given in "
                                     "einstein sum, but no '...' ellipsis provided to broadcast "
                                     "the extra dimensions.")
                raise ValueError(f"einstein sum subscripts string contains too many subscripts "
                                 f"for operand {i}")
            labels = list(t)
        inputs.append(labels)
    if rhs is None:
        counts = {}
        for labels in inputs:
            for c in labels:
                counts[c] = counts.get(c, 0) + 1
        output = ell + sorted(c for c, n in counts.items() if n == 1 and c in _LETTERS)
    else:
        if "..." in rhs:
            head, tail = rhs.split("...", 1)
            output = list(head) + ell + list(tail)
        else:
            output = list(rhs)
        seen = set()
        present = {c for labels in inputs for c in labels}
        for c in output:
            if c in seen:
                raise ValueError(f"einstein sum subscripts string includes output subscript "
                                 f"'{c}' multiple times")
            seen.add(c)
            if c not in present:
                raise ValueError(f"einstein sum subscripts string included output subscript "
                                 f"'{c}' which never appeared in an input")
    return inputs, output


def _label_name(c):
    return c if c in _LETTERS else "..."


def _label_sizes(inputs, shapes):
    """Each label's size (a size-1 dimension broadcasts against the others)."""
    sizes = {}
    for labels, shape in zip(inputs, shapes):
        for c, n in zip(labels, shape):
            if sizes.get(c, 1) == 1:
                sizes[c] = n
            elif n != 1 and n != sizes[c]:
                raise ValueError(
                    "operands could not be broadcast together with remapped shapes "
                    f"[original->remapped]: label '{_label_name(c)}' has sizes {sizes[c]} "
                    f"and {n}")
    return sizes


# --- contraction paths (NumPy's einsum_path algorithms) ------------------------------------

def _contract_sets(positions, sets, output):
    """Contracting `positions` of `sets`: (result labels, the list after it with the result
    last, labels summed away, every label involved)."""
    involved = set()
    kept_elsewhere = set(output)
    rest = []
    for k, s in enumerate(sets):
        if k in positions:
            involved |= s
        else:
            rest.append(s)
            kept_elsewhere |= s
    result = involved & kept_elsewhere
    return result, rest + [result], involved - result, involved


def _flops(involved, summed, n_terms, sizes):
    factor = max(1, n_terms - 1) + (1 if summed else 0)
    return math.prod(sizes[c] for c in involved) * factor


def _set_size(labels, sizes):
    return math.prod(sizes[c] for c in labels)


def _greedy_path(sets, output, sizes, limit):
    """NumPy's greedy order: each step contracts the pair that removes the most elements (ties:
    fewest flops), pairs sharing a label first, results above `limit` never, and no step
    that would make the path cost more than the one-shot contraction."""
    n = len(sets)
    if n == 1:
        return [(0,)]
    if n == 2:
        return [(0, 1)]
    _, _, summed, involved = _contract_sets(range(n), sets, output)
    naive = _flops(involved, summed, n, sizes)
    spent = 0
    path = []
    candidates = []  # [(key, (i, j), sets after)]

    def consider(i, j):
        result, after, removed, inv = _contract_sets((i, j), sets, output)
        size = _set_size(result, sizes)
        if size > limit:
            return
        cost = _flops(inv, removed, 2, sizes)
        if spent + cost > naive:
            return
        freed = _set_size(sets[i], sizes) + _set_size(sets[j], sizes) - size
        candidates.append(((-freed, cost), (i, j), after))

    pairs = _combinations(range(n), 2)
    for _ in range(n - 1):
        for i, j in pairs:
            if not sets[i].isdisjoint(sets[j]):
                consider(i, j)
        if not candidates:
            for i, j in _combinations(range(len(sets)), 2):
                consider(i, j)
            if not candidates:
                path.append(tuple(range(len(sets))))
                break
        best = min(candidates, key=lambda c: c[0])
        bi, bj = best[1]
        # The other candidates stay valid for the pairs they did not touch: renumber them and
        # put the new operand in their provisional lists.
        kept = []
        for key, (i, j), after in candidates:
            if i in (bi, bj) or j in (bi, bj):
                continue
            del after[bj - (bj > i) - (bj > j)]
            del after[bi - (bi > i) - (bi > j)]
            after.insert(-1, best[2][-1])
            kept.append((key, (i - (i > bi) - (i > bj), j - (j > bi) - (j > bj)), after))
        candidates = kept
        sets = best[2]
        last = len(sets) - 1
        pairs = ((k, last) for k in range(last))
        path.append(best[1])
        spent += best[0][1]
    return path


def _optimal_path(sets, output, sizes, limit):
    """NumPy's 'optimal': every order of pairwise contractions within `limit`, least flops."""
    states = [(0, [], sets)]
    n = len(sets)
    for step in range(n - 1):
        nxt = []
        for cost, path, cur in states:
            for pair in _combinations(range(n - step), 2):
                result, after, removed, inv = _contract_sets(pair, cur, output)
                if _set_size(result, sizes) > limit:
                    continue
                nxt.append((cost + _flops(inv, removed, 2, sizes), path + [pair], after))
        if not nxt:
            best = min(states, key=lambda s: s[0])[1]
            return best + [tuple(range(n - step))]
        states = nxt
    if not states:
        return [tuple(range(n))]
    return min(states, key=lambda s: s[0])[1]


def _optimize_mode(optimize):
    """(kind, memory limit or None, explicit path or None); kind False, 'greedy' or 'optimal'."""
    if optimize is True:
        return "greedy", None, None
    if optimize is None or optimize is False:
        return False, None, None
    if isinstance(optimize, str):
        if optimize not in ("greedy", "optimal"):
            raise KeyError("Path name %s not found", optimize)
        return optimize, None, None
    try:
        items = list(optimize)
    except TypeError:
        raise TypeError(f"Did not understand the path: {optimize}") from None
    if items and isinstance(items[0], str) and items[0] == "einsum_path":
        return "explicit", None, [tuple(int(k) for k in step) for step in items[1:]]
    if len(items) == 2 and isinstance(items[0], str) and isinstance(items[1], (int, float)):
        if items[0] not in ("greedy", "optimal"):
            raise KeyError("Path name %s not found", items[0])
        return items[0], int(items[1]), None
    raise TypeError(f"Did not understand the path: {optimize}")


def _path(inputs, output, sizes, optimize):
    """NumPy's contraction path for these labels, or None for optimize=False."""
    kind, limit, explicit = _optimize_mode(optimize)
    if kind is False:
        return None
    if kind == "explicit":
        return explicit
    sets = [set(labels) for labels in inputs]
    out = set(output)
    every = set().union(*sets) if sets else set()
    if len(inputs) in (1, 2) or every == out:
        return [tuple(range(len(inputs)))]
    if limit is None:
        # NumPy's default cap: the largest operand or the output (sizes with repeated labels).
        limit = max(math.prod(sizes[c] for c in labels) for labels in inputs + [output])
    if kind == "greedy":
        return _greedy_path(sets, out, sizes, limit)
    return _optimal_path(sets, out, sizes, limit)


def _check_path_done(remaining):
    if remaining != 1:
        raise RuntimeError(f"Invalid einsum_path is specified: {remaining - 1} more operands "
                           "has to be contracted.")


# --- plans ----------------------------------------------------------------------------------

class _Node:
    """An operand while planning: its value's slot, shape, dtype and labels."""
    __slots__ = ("slot", "shape", "dtype", "labels")

    def __init__(self, slot, shape, dtype, labels):
        self.slot, self.shape, self.dtype, self.labels = slot, tuple(shape), dtype, list(labels)


class _Plan:
    """Steps (fn, input slots, output slot) over a value list that starts with the operands."""

    def __init__(self, n_inputs):
        self.steps = []
        self.slots = n_inputs
        self.result = None

    def emit(self, fn, nodes, shape, dtype, labels):
        slot = self.slots
        self.slots += 1
        self.steps.append((fn, tuple(n.slot for n in nodes), slot))
        return _Node(slot, shape, dtype, labels)

    def run(self, arrays):
        steps = self.steps
        if len(steps) == 1 and steps[0][2] == self.result:
            fn, ins, _ = steps[0]  # one library call ('bij,bjk->bik'): no value list
            return fn(*[arrays[i] for i in ins])
        if not steps:
            return arrays[self.result]
        values = list(arrays)
        values.extend([None] * (self.slots - len(values)))
        for fn, ins, o in self.steps:
            values[o] = fn(*[values[i] for i in ins])
        return values[self.result]


def _transpose(plan, node, perm, labels):
    perm = tuple(perm)
    if perm == tuple(range(len(perm))):
        return _Node(node.slot, node.shape, node.dtype, labels)
    return plan.emit(lambda x: x.transpose(perm), [node],
                     tuple(node.shape[k] for k in perm), node.dtype, labels)


def _reshape(plan, node, shape, labels=None):
    shape = tuple(shape)
    labels = node.labels if labels is None else labels
    if shape == node.shape:
        return _Node(node.slot, node.shape, node.dtype, labels)
    return plan.emit(lambda x: x.reshape(shape), [node], shape, node.dtype, labels)


def _broadcast(plan, node, shape):
    shape = tuple(shape)
    if shape == node.shape:
        return node
    bt = _backend().broadcast_to
    return plan.emit(lambda x: bt(x, shape), [node], shape, node.dtype, node.labels)


def _diagonals(plan, node, index):
    """Repeated labels in one operand become a diagonal (a view), label moved last."""
    while True:
        labels = node.labels
        dup = next((c for c in labels if labels.count(c) > 1), None)
        if dup is None:
            return node
        p = labels.index(dup)
        q = labels.index(dup, p + 1)
        if node.shape[p] != node.shape[q]:
            raise ValueError(f"dimensions in operand {index} for collapsing index '{dup}' "
                             f"don't match ({node.shape[p]} != {node.shape[q]})")
        keep = [k for k in range(len(labels)) if k not in (p, q)]
        node = plan.emit(lambda x, p=p, q=q: x.diagonal(0, p, q), [node],
                         tuple(node.shape[k] for k in keep) + (node.shape[p],), node.dtype,
                         [labels[k] for k in keep] + [dup])


def _reduce(plan, node, needed):
    """Sums out the labels nobody needs any more, in the operand's dtype (bool: or)."""
    drop = tuple(k for k, c in enumerate(node.labels) if c not in needed)
    if not drop:
        return node
    total = _backend().sum
    keep = [k for k in range(len(node.labels)) if k not in drop]
    return plan.emit(lambda x: total(x, axis=drop, dtype=x.dtype), [node],
                     tuple(node.shape[k] for k in keep), node.dtype,
                     [node.labels[k] for k in keep])


def _pair(plan, x, y, needed, sizes):
    """Contracts two operands into one: batch labels (in both, still needed), x's and y's own
    labels, and the summed labels (in both, no longer needed) become one batched matmul, or
    a plain product (nothing summed) or product-and-sum (batched dots) where a GEMM is waste."""
    cp = _backend()
    x = _reduce(plan, x, needed | set(y.labels))
    y = _reduce(plan, y, needed | set(x.labels))
    lx, ly = x.labels, y.labels
    batch = [c for c in lx if c in ly and c in needed]
    summed = [c for c in lx if c in ly and c not in needed]
    free_x = [c for c in lx if c not in ly]
    free_y = [c for c in ly if c not in lx]

    def arrange(z, groups):
        order = [c for g in groups for c in g]
        z = _transpose(plan, z, [z.labels.index(c) for c in order], order)
        # Labels the operand holds at size 1 where the other has more: broadcast first.
        full = tuple(sizes[c] if c in batch or c in summed else z.shape[k]
                     for k, c in enumerate(order))
        z = _broadcast(plan, z, full)
        return z, [tuple(full[order.index(c)] for c in g) for g in groups]

    x, (bs, xs, ks) = arrange(x, (batch, free_x, summed))
    y, (_, _, ys) = arrange(y, (batch, summed, free_y))
    nb, m, k, n = math.prod(bs), math.prod(xs), math.prod(ks), math.prod(ys)
    shape = bs + xs + ys
    labels = batch + free_x + free_y
    dt = cp.result_type(x.dtype, y.dtype)
    if k == 1:
        # Nothing summed: a broadcast elementwise product (one rounding, as matmul's), not a
        # batch of 1x1x1 GEMMs.
        x = _reshape(plan, x, bs + xs + (1,) * len(ys))
        y = _reshape(plan, y, bs + (1,) * len(xs) + ys)
        r = plan.emit(cp.multiply, [x, y], shape, dt, labels)
    elif m == 1 and n == 1 and nb > 1 and x.dtype.char != 'e' and y.dtype.char != 'e':
        # Batched dot products ('bi,bi->b'): products summed by cunp.sum, in their own dtype as
        # matmul keeps it. float16 stays on matmul, whose products are not rounded to float16.
        x = _reshape(plan, x, bs + (k,))
        y = _reshape(plan, y, bs + (k,))
        p = plan.emit(cp.multiply, [x, y], bs + (k,), dt, batch + ["\x00"])
        total = cp.sum
        r = plan.emit(lambda v: total(v, axis=-1, dtype=v.dtype), [p], bs, dt, batch)
    else:
        x = _reshape(plan, x, (nb, m, k))
        y = _reshape(plan, y, (nb, k, n))
        r = plan.emit(cp.matmul, [x, y], (nb, m, n), dt, labels)
    return _reshape(plan, r, shape, labels)


def _pick_pair(nodes, output, sizes):
    """The pair whose contraction leaves the smallest intermediate (ties: fewest flops)."""
    best = None
    for i in range(len(nodes)):
        for j in range(i + 1, len(nodes)):
            li, lj = set(nodes[i].labels), set(nodes[j].labels)
            needed = set(output)
            for k, node in enumerate(nodes):
                if k not in (i, j):
                    needed.update(node.labels)
            kept = (li | lj) & needed
            key = (math.prod(sizes[c] for c in kept), math.prod(sizes[c] for c in li | lj), i, j)
            if best is None or key < best:
                best = key
    return best[2], best[3]


def _contract_group(plan, group, others, output, sizes):
    """Contracts the nodes of `group` into one (pairwise, smallest intermediate first), keeping
    the labels that `others` or the output still need."""
    outside = set(output)
    for node in others:
        outside.update(node.labels)
    group = list(group)
    while len(group) > 1:
        i, j = _pick_pair(group, sorted(outside, key=str), sizes)
        needed = set(outside)
        for k, node in enumerate(group):
            if k not in (i, j):
                needed.update(node.labels)
        rest = [group[k] for k in range(len(group)) if k not in (i, j)]
        group = rest + [_pair(plan, group[i], group[j], needed, sizes)]
    node = group[0]
    return _reduce(plan, node, outside)


def _build_plan(inputs, output, shapes, dtypes, optimize):
    plan = _Plan(len(inputs))
    nodes = []
    for i, (labels, shape, dt) in enumerate(zip(inputs, shapes, dtypes)):
        nodes.append(_diagonals(plan, _Node(i, shape, dt, labels), i))
    sizes = _label_sizes([n.labels for n in nodes], [n.shape for n in nodes])
    # The path from the subscripts as written (repeated labels count in NumPy's memory cap).
    path = _path(inputs, output, sizes, optimize)
    if path is None:
        path = [tuple(range(len(nodes)))]
    for step in path:
        if len(set(step)) != len(step) or any(not 0 <= k < len(nodes) for k in step):
            raise ValueError(f"invalid contraction {step} in einsum_path for {len(nodes)} "
                             "operands")
        group = [nodes[k] for k in step]
        others = [nodes[k] for k in range(len(nodes)) if k not in step]
        nodes = others + [_contract_group(plan, group, others, output, sizes)]
    _check_path_done(len(nodes))
    node = nodes[0]
    node = _transpose(plan, node, [node.labels.index(c) for c in output], list(output))
    # Labels of the output that the operand holds at size 1 (broadcast) get their size.
    node = _broadcast(plan, node, tuple(sizes[c] for c in output))
    plan.result = node.slot
    return plan


def _optimize_key(optimize):
    if isinstance(optimize, (bool, str)) or optimize is None:
        return optimize
    try:
        return tuple(s if isinstance(s, (str, int, float)) else tuple(s) for s in optimize)
    except TypeError:
        return optimize


# --- public functions ---------------------------------------------------------------------

def einsum(*operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    """Einstein summation: any subscripts (implicit or explicit output, '...', repeated
    indices), reduced to diagonals, transposes, batched matmuls and sums. `optimize` picks the
    pairwise order as numpy.einsum_path does (False: smallest intermediate first)."""
    if operands and isinstance(operands[0], str):
        ops = operands[1:]
    else:
        ops = _split_operands(operands)[2]
    arrays = [x if type(x) is ndarray else asarray(x) for x in ops]
    if dtype is not None:
        import numpy
        dt = numpy.dtype(dtype)
        for i, x in enumerate(arrays):
            if not numpy.can_cast(x.dtype, dt, casting):
                raise TypeError(f"Iterator operand {i} dtype could not be cast from "
                                f"dtype('{x.dtype}') to dtype('{dt}') according to the rule "
                                f"'{casting}'")
        arrays = [x.astype(dt, copy=False) for x in arrays]
    key = plan = None
    if _USE_CACHE and operands and isinstance(operands[0], str):
        try:
            key = (operands[0], tuple([(x.shape, x.dtype.char) for x in arrays]),
                   optimize if optimize is False else _optimize_key(optimize))
            plan = _PLANS.get(key)
        except TypeError:  # an unhashable optimize argument: plan afresh
            key = None
    if plan is None:
        terms, rhs, _ = _split_operands(operands)
        inputs, output = _labels(terms, rhs, [x.ndim for x in arrays])
        plan = _build_plan(inputs, output, [x.shape for x in arrays],
                           [x.dtype for x in arrays], optimize)
        if key is not None:
            if len(_PLANS) >= _MAX_PLANS:
                _PLANS.clear()
            _PLANS[key] = plan
    r = plan.run(arrays)
    if out is None:
        return r
    _check_out(out, r, casting, len(arrays))
    out[...] = r
    return out


def _check_out(out, r, casting, index):
    # NumPy's einsum: out is an operand of its iterator, of exactly the result's shape, and
    # reached from the result's dtype by `casting` ('safe' by default).
    if not isinstance(out, ndarray):
        raise TypeError("keyword parameter out must be an array for einsum")
    if out.ndim != r.ndim:
        raise ValueError(f"out parameter does not have the correct number of dimensions, has "
                         f"{out.ndim} but should have {r.ndim}")
    if out.shape != r.shape:
        raise ValueError(f"operands could not be broadcast together: out has shape "
                         f"{_shape_text(out.shape)}, the result {_shape_text(r.shape)}")
    import numpy
    if not numpy.can_cast(r.dtype, out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from dtype('{r.dtype}') to "
                        f"dtype('{out.dtype}'), the operand {index} dtype, according to the "
                        f"rule '{casting}'")


def _shape_of(x):
    shape = getattr(x, "shape", None)
    if shape is None:
        import numpy
        shape = numpy.shape(x)
    return tuple(shape)


def einsum_path(*operands, optimize='greedy', einsum_call=False):
    """NumPy's einsum_path: (['einsum_path', *contractions], report). Only the operands' shapes
    are read (cunp or NumPy arrays, or anything NumPy can shape)."""
    terms, rhs, ops = _split_operands(operands)
    shapes = [_shape_of(x) for x in ops]
    inputs, output = _labels(terms, rhs, [len(s) for s in shapes])
    sizes = _label_sizes(inputs, shapes)
    path = _path(inputs, output, sizes, optimize)
    if path is None:
        path = [tuple(range(len(inputs)))]
    report = _report(inputs, output, sizes, path)
    return ["einsum_path"] + list(path), report


def _text(labels):
    return "".join(_display(labels))


def _display(labels):
    # '...' labels print as the capital letters einsum's parser would give them, from the end.
    return [c if c in _LETTERS else chr(ord("Z") - (ord(c) - 0x100)) for c in labels]


def _report(inputs, output, sizes, path):
    """The report einsum_path prints: scaling, flop counts and each contraction."""
    sets = [set(labels) for labels in inputs]
    out = set(output)
    names = [_text(labels) for labels in inputs]
    rows, costs, scales, tsizes = [], [], [], []
    for n, step in enumerate(path):
        step = tuple(sorted(step, reverse=True))
        result, sets, removed, involved = _contract_sets(step, sets, out)
        costs.append(_flops(involved, removed, len(step), sizes))
        scales.append(len(involved))
        tsizes.append(_set_size(result, sizes))
        taken = [names.pop(k) for k in step]
        if n == len(path) - 1:
            res = _text(output)
        else:
            res = _text(sorted(result, key=lambda c: (sizes[c], _display([c])[0])))
        names.append(res)
        rows.append((len(involved), ",".join(taken) + "->" + res,
                     ",".join(names) + "->" + _text(output)))
    _check_path_done(len(names))
    every = set().union(*[set(labels) for labels in inputs]) if inputs else set()
    inner = sum(len(set(labels)) for labels in inputs) - len(every) > 0
    naive = _flops(every, inner, len(inputs), sizes)
    optimized = sum(costs) + 1
    whole = ",".join(_text(labels) for labels in inputs) + "->" + _text(output)
    lines = [f"  Complete contraction:  {whole}",
             f"         Naive scaling:  {len(every)}",
             f"     Optimized scaling:  {max(scales) if scales else 0}",
             f"      Naive FLOP count:  {naive:.3e}",
             f"  Optimized FLOP count:  {optimized:.3e}",
             f"   Theoretical speedup:  {naive / optimized:3.3f}",
             f"  Largest intermediate:  {max(tsizes) if tsizes else 0:.3e} elements",
             "-" * 74,
             "%6s %24s %40s" % ("scaling", "current", "remaining"),
             "-" * 74]
    lines += ["%4d    %24s %40s" % row for row in rows]
    return "\n".join(lines)
