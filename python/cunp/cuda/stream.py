"""cunp.cuda.stream: streams and events (cupy.cuda.stream).

    s = cunp.cuda.Stream(non_blocking=True)
    with s:                      # work in the block is enqueued on s
        y = x * 2
    done = s.record()            # an Event after that work
    other.wait_event(done)       # `other` runs its later work after it
"""
from cunp._core import Event, Stream, get_current_stream, get_elapsed_time

__all__ = ["Event", "ExternalStream", "Stream", "get_current_stream", "get_elapsed_time"]


class ExternalStream:
    """A stream made elsewhere (another library's cudaStream_t), given by its handle `ptr`:
    cunp enqueues on it and never destroys it. `device_id` is the device it belongs to (-1:
    the current one). The object is a cunp.cuda.Stream."""

    def __new__(cls, ptr, device_id=-1):
        if isinstance(ptr, bool) or not isinstance(ptr, int):
            raise TypeError("ptr must be a stream handle (int), not %s" % type(ptr).__name__)
        if isinstance(device_id, bool) or not isinstance(device_id, int):
            raise TypeError("device_id must be an int, not %s" % type(device_id).__name__)
        return Stream.from_external(ptr, device_id)

