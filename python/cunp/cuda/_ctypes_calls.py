"""Python functions generated from one-line C prototypes, for runtime, driver and nvrtc.

A prototype is a string of space-separated parameters in the C order, each `code:name`
or `code:name=default`; a code starting with `*` is an out-parameter, whose values the
function returns (one value, or a tuple of several; None when there are none). Codes:
i int, I unsigned int, z size_t, L unsigned long long, f float, d double, p pointer or handle
(a Python int), s a C string (str or bytes), b a byte buffer (bytes).
"""
import ctypes
import inspect

_C_TYPES = {'i': ctypes.c_int, 'I': ctypes.c_uint, 'z': ctypes.c_size_t,
            'L': ctypes.c_ulonglong, 'f': ctypes.c_float, 'd': ctypes.c_double,
            'p': ctypes.c_void_p, 's': ctypes.c_char_p, 'b': ctypes.c_char_p}


def _parse(prototype):
    params = []
    for token in prototype.split():
        code, _, rest = token.partition(':')
        name, has_default, default = rest.partition('=')
        params.append((code, name, int(default, 0) if has_default else inspect.Parameter.empty))
    return params


def _encode(code, value):
    if code == 's' and isinstance(value, str):
        return value.encode()
    return value


def make(name, symbol, prototype, library, check, prepare=None):
    """A function `name` calling `symbol` of `library()`; `check(status)` raises, and
    `prepare()`, when given, runs before each call."""
    params = _parse(prototype)
    ins = [(i, code, pname) for i, (code, pname, _) in enumerate(params)
           if not code.startswith('*')]
    outs = [(i, code[1:]) for i, (code, _, _) in enumerate(params) if code.startswith('*')]
    defaults = [d for code, _, d in params if not code.startswith('*')]
    cfunc = None

    def bound():
        nonlocal cfunc
        if cfunc is None:
            f = getattr(library(), symbol)
            f.restype = ctypes.c_int
            f.argtypes = [ctypes.POINTER(_C_TYPES[c[1:]]) if c.startswith('*') else _C_TYPES[c]
                          for c, _, _ in params]
            cfunc = f
        return cfunc

    signature = inspect.Signature(
        [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
         for (_, _, p), d in zip(ins, defaults)])

    def call(*args, **kwargs):
        if kwargs or len(args) != len(ins):
            bound_args = signature.bind(*args, **kwargs)  # TypeError names what is wrong
            bound_args.apply_defaults()
            args = tuple(bound_args.arguments.values())
        f = bound()
        if prepare is not None:
            prepare()
        full = [None] * len(params)
        for (i, code, _), value in zip(ins, args):
            full[i] = _encode(code, value)
        boxes = []
        for i, code in outs:
            box = _C_TYPES[code]()
            boxes.append(box)
            full[i] = ctypes.byref(box)
        check(f(*full))
        values = [b.value if b.value is not None else 0 for b in boxes]
        if not values:
            return None
        return values[0] if len(values) == 1 else tuple(values)

    call.__name__ = call.__qualname__ = name
    call.__signature__ = signature
    call.__doc__ = 'Calls %s; returns its out-parameters.' % symbol
    return call


def define(namespace, table, library, check, module, prepare=None, unprepared=()):
    """Adds one function per row of `table` {name: (symbol, prototype)} to `namespace`;
    returns them as a dict too, for the module's own calls. `prepare` runs before each
    call but those named in `unprepared`."""
    made = {}
    for name, (symbol, prototype) in table.items():
        made[name] = make(name, symbol, prototype, library, check,
                          None if name in unprepared else prepare)
        made[name].__module__ = module
    namespace.update(made)
    return made
