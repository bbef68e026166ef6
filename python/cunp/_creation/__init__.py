"""Array creation: from shapes, values and existing data, numerical ranges, building matrices."""

# ndarray.__reduce__ rebuilds arrays with asarray, and pickles written before the
# areas became packages name it cunp._creation.asarray.
from cunp._creation._basic import asarray  # noqa: F401
