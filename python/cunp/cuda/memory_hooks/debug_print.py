"""DebugPrintHook: one JSON line per allocation, pool block and release."""
import sys

from cunp.cuda import memory_hook

__all__ = ["DebugPrintHook"]


class DebugPrintHook(memory_hook.MemoryHook):
    """Writes a JSON object per event to `file` (default sys.stdout), flushing after each when
    `flush` is true:

        {"hook":"alloc","device_id":0,"mem_size":800,"mem_ptr":140...}
        {"hook":"malloc","device_id":0,"size":800,"mem_size":1024,"mem_ptr":140...,"pmem_id":"0x7f..."}
        {"hook":"free","device_id":0,"mem_size":1024,"mem_ptr":140...,"pmem_id":"0x7f..."}
    """

    name = "DebugPrintHook"

    def __init__(self, file=sys.stdout, flush=True):
        self.file = file
        self.flush = flush

    def _print(self, fields):
        body = ",".join('"%s":%s' % (k, ('"%s"' % v) if isinstance(v, str) else v)
                        for k, v in fields)
        self.file.write("{%s}\n" % body)
        if self.flush:
            self.file.flush()

    def alloc_postprocess(self, device_id, mem_size, mem_ptr):
        self._print((("hook", "alloc"), ("device_id", device_id), ("mem_size", mem_size),
                     ("mem_ptr", mem_ptr)))

    def malloc_postprocess(self, device_id, size, mem_size, mem_ptr, pmem_id):
        self._print((("hook", "malloc"), ("device_id", device_id), ("size", size),
                     ("mem_size", mem_size), ("mem_ptr", mem_ptr), ("pmem_id", hex(pmem_id))))

    def free_postprocess(self, device_id, mem_size, mem_ptr, pmem_id):
        self._print((("hook", "free"), ("device_id", device_id), ("mem_size", mem_size),
                     ("mem_ptr", mem_ptr), ("pmem_id", hex(pmem_id))))
