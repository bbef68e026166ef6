"""polyder as NumPy's: len() of the coefficients (TypeError for 0-d), and for a 2-D p the
derivative one order beyond the one returned is formed too, so its broadcast error shows for
every m."""

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


def _outcome(xp, p, m):
    try:
        r = xp.polyder(p, m)
    except (TypeError, ValueError) as e:
        return type(e), str(e)
    return 'ok', (r.get() if isinstance(r, cunp.ndarray) else r)


@pytest.mark.parametrize('shape', [(), (0,), (1,), (3,), (1, 2), (2, 2), (3, 2), (0, 2), (2, 3),
                                   (1, 1), (2, 1), (3, 1), (4, 3)])
@pytest.mark.parametrize('m', [0, 1, 2, 3])
@pytest.mark.parametrize('dtype', ['bool', 'int64', 'float32'])
def test_shapes(shape, m, dtype):
    h = (numpy.arange(int(numpy.prod(shape))).reshape(shape) % 3).astype(dtype)
    want = _outcome(numpy, h, m)
    got = _outcome(cunp, cunp.asarray(h), m)
    assert got[0] == want[0], (got, want)
    if want[0] == 'ok':
        assert got[1].dtype == want[1].dtype and got[1].shape == want[1].shape
        numpy.testing.assert_array_equal(got[1], want[1])
    elif want[0] is TypeError:
        assert got[1] == want[1]


def test_broadcast_input():
    """The harness's case: a 2-D broadcast p."""
    h = numpy.broadcast_to(numpy.array([False, True]), (1, 2))
    with pytest.raises(ValueError, match='could not be broadcast'):
        numpy.polyder(h)
    with pytest.raises(ValueError):
        cunp.polyder(cunp.asarray(h))
