"""cupyx's get_runtime_info, allow_synchronize and DeviceSynchronized at cunp's top level. Tests
without the gpu marker need no device."""
import threading

import numpy
import pytest

import cunp
from cunp._cupyx import _syncdetect

gpu = pytest.mark.gpu


def test_runtime_info_reports_what_show_config_prints(capsys):
    info = cunp.get_runtime_info()
    text = str(info)
    assert text.startswith("cunp: %s\n" % cunp.__version__)
    for part in ("Settings:", "CUNP_CACHE_DIR", "CUDA:", "NVRTC", "Devices:"):
        assert part in text
    assert info.cunp_version == cunp.__version__
    assert isinstance(info.settings, list) and isinstance(info.versions, list)
    assert info.cuda_build_version  # the toolkit cunp was built with is always known
    assert info.cutensor_version is None  # CuPy's names for what cunp does not report
    with pytest.raises(AttributeError):
        info.no_such_attribute
    cunp.show_config()
    assert capsys.readouterr().out == text
    assert "cunp runtime info" in repr(cunp.get_runtime_info(full=False))


def test_device_synchronized_is_a_runtime_error():
    assert issubclass(cunp.DeviceSynchronized, RuntimeError)
    assert "disallowed" in str(cunp.DeviceSynchronized())
    assert str(cunp.DeviceSynchronized("x")) == "x"


def test_allow_synchronize_sets_the_thread_flag_and_warns():
    assert _syncdetect._is_allowed()
    with pytest.warns(UserWarning, match="allow_synchronize"):
        with cunp.allow_synchronize(False):
            assert not _syncdetect._is_allowed()
            with pytest.raises(cunp.DeviceSynchronized):
                _syncdetect._declare_synchronize()
            seen = []
            t = threading.Thread(target=lambda: seen.append(_syncdetect._is_allowed()))
            t.start()
            t.join()
            assert seen == [True]  # another thread is not affected
            with pytest.warns(UserWarning):
                with cunp.allow_synchronize(True):
                    _syncdetect._declare_synchronize()
            assert not _syncdetect._is_allowed()
    assert _syncdetect._is_allowed()
    _syncdetect._declare_synchronize()


def test_allow_synchronize_restores_the_flag_after_an_error():
    with pytest.warns(UserWarning):
        with pytest.raises(KeyError):
            with cunp.allow_synchronize(False):
                raise KeyError
    assert _syncdetect._is_allowed()


@gpu
def test_asnumpy_raises_where_synchronization_is_forbidden():
    x = cunp.arange(4)
    with pytest.warns(UserWarning):
        with cunp.allow_synchronize(False):
            y = x * 2  # no synchronization: allowed
            with pytest.raises(cunp.DeviceSynchronized):
                cunp.asnumpy(y)
    numpy.testing.assert_array_equal(cunp.asnumpy(y), [0, 2, 4, 6])


@gpu
@pytest.mark.parametrize("sync", [
    lambda x: x.get(), lambda x: x.item(), lambda x: x.tolist(), lambda x: bool(x),
    lambda x: float(x), lambda x: int(x), lambda x: repr(x), lambda x: str(x),
    lambda x: x[0].item(), lambda x: cunp.nonzero(cunp.arange(3))[0].size,
])
def test_every_implicit_synchronization_raises(sync):
    x = cunp.ones(1)
    with pytest.warns(UserWarning):
        with cunp.allow_synchronize(False):
            with pytest.raises(cunp.DeviceSynchronized, match="disallowed"):
                sync(x)
    sync(x)  # allowed again


@gpu
def test_asynchronous_copies_are_allowed():
    out = cunp.zeros_pinned(8)
    s = cunp.cuda.Stream(non_blocking=True)
    with s:  # made on s, so the copies on s come after it
        x = cunp.arange(8, dtype=numpy.float64)
    with pytest.warns(UserWarning):
        with cunp.allow_synchronize(False):
            x.get(stream=s, out=out, blocking=False)
            x.data.copy_to_host_async(out, 64, s)
    s.synchronize()
    assert out.tolist() == list(range(8))
