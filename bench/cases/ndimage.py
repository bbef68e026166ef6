# bench/cases/ndimage.py -- scipy.ndimage on the GPU (issue 34's targets): gaussian_filter
# (sigma=4) on 4096^2 and 512^3 float32, uniform_filter(size=7), median_filter(size=3) and
# maximum_filter(size=5) on 4096^2 float32, binary_erosion 3x3 x 10 iterations on 8192^2 bool,
# map_coordinates order 1 and 3 and zoom x2 order 3 on 2048^2, label + sum_labels on a 4096^2
# random binary image, distance_transform_edt on 2048^2; median_filter(size=5 and 7) on 4096^2
# float32 (the selection network) and correlate, median_filter and grey_erosion (a non-flat
# structure) over 3x3x3 and 5x5x5 footprints on 512^3 float32 (the 3-D shared-memory tiles);
# cunp.scipy.ndimage vs cupyx.scipy.ndimage in the same run.
"""ndimage cases. Bytes are what an ideal kernel moves: the input read once and the output
written once (map_coordinates also reads its coordinates; binary_erosion counts one pass a
iteration). The filters' separable passes, the morphology and the sampler are each one kernel
a pass, so the figures compare the stencil engine's kernels with CuPy's. label, sum_labels and
distance_transform_edt are timed per call (no byte count): their cost is not one pass. NumPy
(SciPy) and PyTorch (no scipy.ndimage) are not timed."""
import importlib

import numpy as np

_MODULES = {"cunp": "cunp.scipy.ndimage", "cupy": "cupyx.scipy.ndimage"}


def _nd(L):
    return importlib.import_module(_MODULES[L.name])


def _call(name, *args, **kwargs):
    def run(L, state):
        return getattr(_nd(L), name)(state[0], *args, **kwargs)
    return run


def _erode10(L, state):
    return _nd(L).binary_erosion(state[0], structure=state[1], iterations=10)


def _with_second(name, keyword=None, **kwargs):
    """name(input, second) or name(input, keyword=second): the state's device weights or
    structure."""
    def run(L, state):
        if keyword is None:
            return getattr(_nd(L), name)(state[0], state[1], **kwargs)
        return getattr(_nd(L), name)(state[0], **{keyword: state[1]}, **kwargs)
    return run


def _map_coordinates(order):
    def run(L, state):
        return _nd(L).map_coordinates(state[0], state[1], order=order)
    return run


def _label_sum(L, state):
    nd = _nd(L)
    labels, n = nd.label(state[0])
    return nd.sum_labels(state[1], labels, L.mod.arange(1, int(n) + 1))


def cases(quick, h):
    side = 1024 if quick else 4096
    cube = 128 if quick else 512
    big = 2048 if quick else 8192
    small = 512 if quick else 2048
    libs = ("cunp", "cupy")
    note = "SciPy (NumPy) and PyTorch not timed: cunp.scipy.ndimage vs cupyx.scipy.ndimage"
    vs = (h.Target("vs", 1.0, "cupy"),)

    def image(n, seed):
        return lambda L: (L.upload(h.host_array(n * n, h.F32, seed=seed).reshape(n, n)),)

    def volume(L):
        return (L.upload(h.host_array(cube ** 3, h.F32, seed=42).reshape(cube, cube, cube)),)

    def volume_and(k, seed):
        """The volume with k x k x k random weights (a non-flat structure for grey_erosion)."""
        def setup(L):
            w = np.random.default_rng(seed).random((k, k, k)).astype(np.float32)
            return volume(L) + (L.upload(w / w.sum()),)
        return setup

    def binary(n, seed, threshold):
        return lambda L: (L.upload(h.host_array(n * n, h.F32, seed=seed).reshape(n, n)
                                   > threshold),)

    def erosion(L):
        mask = h.host_array(big * big, h.F32, seed=43).reshape(big, big) > 0.05
        return (L.upload(mask), L.upload(np.ones((3, 3), dtype=bool)))

    def coordinates(L):
        rng = np.random.default_rng(44)
        grid = np.indices((small, small), dtype=np.float32)
        coords = grid + rng.uniform(-2.0, 2.0, grid.shape).astype(np.float32)
        x = h.host_array(small * small, h.F32, seed=45).reshape(small, small)
        return (L.upload(x), L.upload(coords))

    def labelled(L):
        mask = h.host_array(side * side, h.F32, seed=46).reshape(side, side) > 0.5
        values = h.host_array(side * side, h.F32, seed=47).reshape(side, side)
        return (L.upload(mask), L.upload(values))

    px, vx, sx = 8 * side * side, 8 * cube ** 3, 8 * small * small  # f32 in + out
    return [
        h.Case(f"gaussian_filter(sigma=4) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("gaussian_filter", 4.0), nbytes=px, libs=libs, note=note, targets=vs),
        h.Case(f"gaussian_filter(sigma=4) ({cube}, {cube}, {cube}) f32", setup=volume,
               run=_call("gaussian_filter", 4.0), nbytes=vx, libs=libs, note=note, targets=vs),
        h.Case(f"uniform_filter(size=7) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("uniform_filter", 7), nbytes=px, libs=libs, note=note, targets=vs),
        h.Case(f"median_filter(size=3) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("median_filter", size=3), nbytes=px, libs=libs, note=note, targets=vs),
        h.Case(f"maximum_filter(size=5) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("maximum_filter", size=5), nbytes=px, libs=libs, note=note,
               targets=vs),
        h.Case(f"median_filter(size=5) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("median_filter", size=5), nbytes=px, libs=libs, note=note, targets=vs),
        h.Case(f"median_filter(size=7) ({side}, {side}) f32", setup=image(side, 40),
               run=_call("median_filter", size=7), nbytes=px, libs=libs, note=note, targets=vs),
        *[h.Case(f"{what} {k}x{k}x{k} ({cube}, {cube}, {cube}) f32", setup=volume_and(k, 50 + k),
                 run=run, nbytes=vx, libs=libs, note=note, targets=vs)
          for k in (3, 5)
          for what, run in (("correlate", _with_second("correlate")),
                            ("median_filter", _call("median_filter", size=k)),
                            ("grey_erosion(structure)", _with_second("grey_erosion",
                                                                     "structure")))],
        h.Case(f"binary_erosion 3x3 x10 ({big}, {big}) bool", setup=erosion, run=_erode10,
               nbytes=10 * 2 * big * big, libs=libs, note=note, targets=vs),
        h.Case(f"map_coordinates order=1 ({small}, {small}) f32", setup=coordinates,
               run=_map_coordinates(1), nbytes=sx + 8 * small * small, libs=libs, note=note,
               targets=vs),
        h.Case(f"map_coordinates order=3 ({small}, {small}) f32", setup=coordinates,
               run=_map_coordinates(3), nbytes=sx + 8 * small * small, libs=libs, note=note,
               targets=vs),
        h.Case(f"zoom(x2, order=3) ({small}, {small}) f32", setup=image(small, 48),
               run=_call("zoom", 2.0, order=3), nbytes=4 * small * small * 5, libs=libs,
               note=note, targets=vs),
        h.Case(f"label + sum_labels ({side}, {side}) 50% random", setup=labelled,
               run=_label_sum, libs=libs, note=note, targets=vs),
        h.Case(f"distance_transform_edt ({small}, {small})", setup=binary(small, 49, 0.01),
               run=_call("distance_transform_edt"), libs=libs, note=note, targets=vs),
    ]
