"""Every failure the fuzzer found, kept as a regression case: (id, function of the array
module). test_corpus.py runs each through the same differential check."""

CASES = [
    # ('short-id', lambda xp: <the failing call, inputs built with xp and numpy>),
    # A length past intp's range raises ValueError for either sign of the span.
    ('arange-tiny-step-negative-span', lambda xp: xp.arange(0, -1, 1.0025334093806639e-93)),
    ('arange-tiny-step-positive-span', lambda xp: xp.arange(0, 1, 1.0025334093806639e-93)),
    # A step the span divides to zero still yields start.
    ('arange-step-beyond-span', lambda xp: xp.arange(0, 1, float('inf'))),
    ('arange-bool-length-3', lambda xp: xp.arange(0, -3, -1, dtype=bool)),
    # An integer arange's first two values must fit the dtype (OverflowError); later ones wrap.
    ('arange-start-below-unsigned', lambda xp: xp.arange(-1, 1, dtype='uint8')),
    ('arange-second-value-beyond', lambda xp: xp.arange(255, 258, dtype='uint8')),
    ('arange-wraps-after-two', lambda xp: xp.arange(250, 260, dtype='uint8')),
    # dtype=None means float64, as numpy.dtype(None).
    ('tri-dtype-none', lambda xp: xp.tri(0, None, 0, dtype=None)),
    ('astype-none', lambda xp: xp.arange(3).astype(None)),
    # From the signature fuzzer (every public function drawn by its NumPy signature).
    ('roots-0d', lambda xp: xp.roots(xp.asarray(False))),
    ('polyval-0d-coefficients', lambda xp: xp.polyval(xp.asarray(False), xp.asarray(False))),
    ('pinv-empty-keeps-dtype', lambda xp: xp.linalg.pinv(xp.zeros((0, 0), dtype=bool))),
    ('matrix-rank-empty', lambda xp: xp.linalg.matrix_rank(xp.zeros((0, 0), dtype=bool))),
    ('matrix-rank-empty-stack', lambda xp: xp.linalg.matrix_rank(xp.zeros((2, 0, 3)))),
    ('vecdot-axis-none', lambda xp: xp.linalg.vecdot(xp.ones(3), xp.ones(3), axis=None)),
    ('slogdet-0d-float16', lambda xp: xp.linalg.slogdet(xp.asarray(0.0, dtype='float16'))),
    ('svd-hermitian-zero', lambda xp: xp.linalg.svd(xp.zeros((1, 1)), full_matrices=False,
                                                    hermitian=True)),
    ('choose-uint64-indices', lambda xp: xp.choose(xp.asarray(0, dtype='uint64'),
                                                   [xp.asarray(False)])),
    ('choose-bool-indices', lambda xp: xp.choose(xp.asarray([True, False]),
                                                 [xp.zeros(2), xp.ones(2)])),
    ('resize-0d-shape', lambda xp: xp.resize(xp.asarray(False), xp.asarray(0, dtype='int8'))),
    ('resize-empty-shape', lambda xp: xp.resize(xp.zeros(0, bool), xp.zeros(0, bool))),
    ('histogramdd-no-dimensions', lambda xp: xp.histogramdd(xp.zeros((0, 0), dtype=bool))),
    ('histogramdd-empty-1d', lambda xp: xp.histogramdd(xp.zeros(0, dtype=bool))),
    ('hsplit-zero-sections', lambda xp: xp.hsplit(xp.zeros(0, dtype=bool), 0)),
    ('hsplit-one-section', lambda xp: xp.hsplit(xp.zeros(0, dtype=bool), 1)),
    ('split-0d', lambda xp: xp.split(xp.asarray(False), 0)),
    ('unravel-index-empty-into-0d', lambda xp: xp.unravel_index(xp.zeros(0, bool), ())),
    ('ravel-multi-index-no-dims', lambda xp: xp.ravel_multi_index(xp.zeros(0, bool),
                                                                  xp.zeros(0, bool))),
    ('permute-dims-default-axes', lambda xp: xp.permute_dims(xp.ones((2, 3)))),
    ('trimseq-2d-empty-rows', lambda xp: xp.polynomial.polyutils.trimseq(
        xp.zeros((1, 0), dtype=bool))),
    ('rfft-pad-empty-to-one', lambda xp: xp.fft.rfft(xp.zeros(0, dtype=bool), n=1)),
    ('nonzero-broadcast-2d', lambda xp: xp.nonzero(xp.broadcast_to(xp.ones((1,), 'int8'),
                                                                   (2, 1)))),
    ('i0-broadcast', lambda xp: xp.i0(xp.broadcast_to(xp.asarray([0.5, 2.0]), (3, 2)))),
    ('indices-dtype-none', lambda xp: xp.indices((2, 3), dtype=None)),
    ('choose-uint64-before-broadcast', lambda xp: xp.choose(xp.zeros((0, 2), dtype='uint64'),
                                                            [xp.zeros(3)])),
    ('put-into-empty', lambda xp: xp.put(xp.zeros(0), xp.asarray([0, 1]), xp.ones(2))),
    ('fft-zero-points-before-axis', lambda xp: xp.fft.ifft(xp.ones(3), n=0, axis=None)),
    ('rfft-0d-axis-before-norm', lambda xp: xp.fft.rfft(xp.asarray(1.0), norm='bad')),
]
