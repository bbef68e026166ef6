"""cunp.cuda.graph: CUDA graphs recorded by stream capture (cupy.cuda.graph's Graph).

    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        s.begin_capture()
        y = x * 2 + 1          # recorded, not run
        g = s.end_capture()
    g.launch(s)                # runs the recorded work; y holds the result

Memory that captured work uses must stay alive while the graph may be launched (keep the
arrays the work reads and writes).
"""
from cunp._core import Graph

Graph.__module__ = "cunp.cuda.graph"

__all__ = ["Graph"]
