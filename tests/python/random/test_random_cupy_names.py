"""cupy.random's reset_states and Philox4x3210 in cunp.random. Tests without the gpu marker need
no device."""
import numpy
import pytest

import cunp
from cunp.random import _legacy

gpu = pytest.mark.gpu


def test_reset_states_forgets_the_default_state():
    rs = _legacy.get_random_state()
    cunp.random.reset_states()
    assert _legacy._random_state is None
    assert _legacy.get_random_state() is not rs
    cunp.random.set_random_state(rs)


def test_philox4x3210_is_philox_under_cupys_name():
    bg = cunp.random.Philox4x3210(5, size=1 << 20)
    assert isinstance(bg, cunp.random.Philox)
    assert bg.state == {"bit_generator": "Philox4x3210",
                        "state": {"key": cunp.random.Philox(5).state["state"]["key"],
                                  "counter": 0}}
    assert repr(bg).startswith("Philox4x3210(")
    with pytest.raises(TypeError):
        cunp.random.Philox4x3210(5, size=1.5)
    with pytest.raises(TypeError):
        cunp.random.Philox4x3210(5, 10)  # size is keyword-only, as in CuPy
    other = cunp.random.Philox4x3210(5)
    other.state = bg.state
    with pytest.raises(ValueError):
        other.state = cunp.random.Philox(5).state
    assert {"reset_states", "Philox4x3210"} <= set(cunp.random.__all__)


@gpu
def test_philox4x3210_streams_are_philoxs():
    a = cunp.random.Generator(cunp.random.Philox4x3210(7)).random(1000)
    b = cunp.random.Generator(cunp.random.Philox(7)).random(1000)
    numpy.testing.assert_array_equal(cunp.asnumpy(a), cunp.asnumpy(b))


@gpu
def test_reset_states_then_seed_reproduces():
    cunp.random.reset_states()
    cunp.random.seed(11)
    a = cunp.asnumpy(cunp.random.random(100))
    cunp.random.reset_states()
    cunp.random.seed(11)
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.random.random(100)), a)
