"""Views described as data, for the layout tests of several areas: a recipe is a sequence of
('F', None), ('slice', key), ('transpose', axes) and ('broadcast', k) steps."""


def make(xp, base, layout):
    """The view `layout` describes, of `base` (NumPy or cunp)."""
    a = base
    for kind, arg in layout:
        if kind == 'F':
            a = xp.asfortranarray(a)
        elif kind == 'slice':
            a = a[arg]
        elif kind == 'transpose':
            a = a.transpose(arg)
        else:
            a = xp.broadcast_to(a, (arg,) + a.shape)
    return a
