"""LineProfileHook: the pool memory taken by each line of Python code, as a call tree."""
import os
import sys

from cunp.cuda import memory_hook

__all__ = ["LineProfileHook"]


class _Node:
    def __init__(self, label):
        self.label = label
        self.used_bytes = 0      # what the code asked for
        self.acquired_bytes = 0  # what the pool handed out (rounded)
        self.children = {}

    def child(self, label):
        node = self.children.get(label)
        if node is None:
            node = self.children[label] = _Node(label)
        return node


def _human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return ("%d%s" % (n, unit)) if unit == "B" else ("%.2f%s" % (n, unit))
        n /= 1024.0


class LineProfileHook(memory_hook.MemoryHook):
    """Adds every pool allocation to the lines of the call stack that made it; print_report()
    writes the tree, each line with the bytes asked for and the bytes the pool handed out.
    `max_depth` (0: no limit) keeps only the innermost frames."""

    name = "LineProfileHook"

    def __init__(self, max_depth=0):
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0:
            raise ValueError("max_depth must be a non-negative int, not %r" % (max_depth,))
        self._max_depth = max_depth
        self._root = _Node("_root")
        self._here = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))

    def _stack(self):
        frames = []
        frame = sys._getframe(2)
        while frame is not None:
            path = frame.f_code.co_filename
            if not path.startswith(self._here):  # cunp's own frames say nothing to the user
                frames.append("%s:%d:%s()" % (path, frame.f_lineno, frame.f_code.co_name))
            frame = frame.f_back
        frames.reverse()
        if self._max_depth:
            frames = frames[-self._max_depth:]
        return frames

    def malloc_preprocess(self, device_id, size, mem_size):
        node = self._root
        node.used_bytes += size
        node.acquired_bytes += mem_size
        for label in self._stack():
            node = node.child(label)
            node.used_bytes += size
            node.acquired_bytes += mem_size

    def print_report(self, file=sys.stdout):
        """Writes the tree to `file`."""
        def walk(node, depth):
            file.write("%s%s (%s, %s)\n" % ("  " * depth, node.label, _human(node.used_bytes),
                                            _human(node.acquired_bytes)))
            for child in node.children.values():
                walk(child, depth + 1)
        walk(self._root, 0)
