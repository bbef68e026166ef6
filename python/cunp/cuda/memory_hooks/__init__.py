"""cunp.cuda.memory_hooks: ready-made memory hooks (cupy.cuda.memory_hooks)."""
from cunp.cuda.memory_hooks import debug_print, line_profile  # noqa: F401
from cunp.cuda.memory_hooks.debug_print import DebugPrintHook
from cunp.cuda.memory_hooks.line_profile import LineProfileHook

__all__ = ["DebugPrintHook", "LineProfileHook", "debug_print", "line_profile"]
