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
]
