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
    # dtype=None means float64, as numpy.dtype(None).
    ('tri-dtype-none', lambda xp: xp.tri(0, None, 0, dtype=None)),
    ('astype-none', lambda xp: xp.arange(3).astype(None)),
]
