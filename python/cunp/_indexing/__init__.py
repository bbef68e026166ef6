"""Indexing routines: take/put and friends, nonzero, index construction (ix_, indices, unravel_index, ...)."""
