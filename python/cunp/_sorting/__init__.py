"""Sorting, searching and counting, and the set routines built on the sort engine."""
