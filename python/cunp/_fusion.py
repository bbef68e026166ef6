"""cunp.fuse: a chain of elementwise operations compiled into one kernel."""
__all__ = []
