"""Every failure the fuzzer found, kept as a regression case: (id, function of the array
module). test_corpus.py runs each through the same differential check."""

CASES = [
    # ('short-id', lambda xp: <the failing call, inputs built with xp and numpy>),
]
