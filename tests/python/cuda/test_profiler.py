"""cunp.profiler and cunp.cuda.nvtx without a GPU: benchmark's argument checks, and time_range
and the NVTX calls as no-ops where no profiler is attached."""

import pytest


def test_profiler_benchmark_validates_arguments():
    from cunp.profiler import benchmark
    with pytest.raises(ValueError):
        benchmark(1)
    with pytest.raises(ValueError):
        benchmark(lambda: None, args=[1])
    with pytest.raises(ValueError):
        benchmark(lambda: None, n_repeat=0)



def test_time_range_and_nvtx_are_noops_without_a_profiler():
    from cunp.profiler import time_range
    import cunp.cuda.nvtx as nvtx
    with time_range('block', color_id=1):
        pass

    @time_range()
    def f(a):
        return a + 1
    assert f(1) == 2
    with pytest.raises(ValueError):
        with time_range():
            pass
    nvtx.RangePush('a')
    nvtx.Mark('m', 2)
    nvtx.RangePop()

