"""inspect.signature for cunp's functions bound in C++ (nanobind functions).

nanobind's function type has no __signature__, so inspect.signature and IDEs see nothing.
cunp/__init__.py has the core put a `__signature__` property on that type, and on its method
and bound-method types (src/python/signatures.cpp), and on cunp's ufunc type; their getters
are the functions below (this module is imported on the first read), read only by inspect and
help, never on a call. A function's
signature is read from what nanobind records of its binding (names, defaults, `*` and `/`),
and where NumPy's differs in ways the binding cannot say (NumPy's `<no value>` defaults, a
positional-only marker) from the OVERRIDES table, keyed by the function's name and applied
to cunp's own functions only. For a function nanobind cannot describe (overloads) the getter
gives None, and inspect raises as it did before.
"""
# cunp's functions whose binding cannot show NumPy's signature: name -> NumPy's, as text.
# `_NoValue` stands for NumPy's <no value> default (the argument is not forwarded unless given).
OVERRIDES = {
    # positional-only parameters, which nanobind names arg0, arg1 and *args
    "promote_types": "(type1, type2, /)",
    "result_type": "(*arrays_and_dtypes)",
}

_cache = {}
_cunp_functions = []


class _NoValueType:
    """NumPy's <no value> default, shown as NumPy shows it."""

    def __repr__(self):
        return "<no value>"


_NO_VALUE = _NoValueType()


def _split_top_level(text):
    # "a: tuple[int, int], b = \\0" -> ["a: tuple[int, int]", "b = \\0"]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


def _parse_nanobind(func):
    import inspect

    overloads = func.__nb_signature__
    if len(overloads) != 1:
        return None
    text, _, defaults = overloads[0]
    head, _, _ = text.partition(") ->")
    params_text = head[head.index("(") + 1:]
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = []
    for token in _split_top_level(params_text):
        if token == "/":
            params = [p.replace(kind=inspect.Parameter.POSITIONAL_ONLY) for p in params]
            continue
        if token == "*":
            kind = inspect.Parameter.KEYWORD_ONLY
            continue
        name, _, default_text = token.partition("=")
        name = name.partition(":")[0].strip()
        default = inspect.Parameter.empty
        default_text = default_text.strip()
        if default_text.startswith("\\") and defaults is not None:
            default = defaults[int(default_text[1:])]
        elif default_text:
            default = default_text
        if name.startswith("**"):
            params.append(inspect.Parameter(name[2:], inspect.Parameter.VAR_KEYWORD))
        elif name.startswith("*"):
            params.append(inspect.Parameter(name[1:], inspect.Parameter.VAR_POSITIONAL))
            kind = inspect.Parameter.KEYWORD_ONLY
        else:
            params.append(inspect.Parameter(name, kind, default=default))
    return inspect.Signature(params)


def _parse_text(text):
    # A signature written as Python (the OVERRIDES), with _NoValue as NumPy's <no value>.
    import inspect

    namespace = {"_NoValue": _NO_VALUE}
    exec("def f" + text + ": pass", namespace)  # noqa: S102 - the table's own literals
    return inspect.signature(namespace["f"])


def _is_cunp_function(func):
    if not _cunp_functions:
        import types

        from cunp import _core

        found, seen = set(), set()

        def walk(module):
            seen.add(module)
            for value in vars(module).values():
                if type(value) is type(func):
                    found.add(id(value))
                elif (isinstance(value, types.ModuleType) and value not in seen
                      and value.__name__.startswith("cunp._core")):
                    walk(value)

        walk(_core)
        _cunp_functions.append(found)
    return id(func) in _cunp_functions[0]


def signature_of(func):
    """The inspect.Signature of the nanobind function `func`, or None."""
    key = id(func)
    if key not in _cache:
        name = func.__name__
        try:
            if name in OVERRIDES and _is_cunp_function(func):
                sig = _parse_text(OVERRIDES[name])
            else:
                sig = _parse_nanobind(func)
        except Exception:  # noqa: BLE001 - a binding it cannot read keeps nanobind's behaviour
            sig = None
        _cache[key] = (func, sig)  # the function is kept, so its id stays its own
    return _cache[key][1]


def ufunc_signature(ufunc):
    """NumPy's signature of a ufunc with its nin and nout: (x1, x2, /, out=None, *, where=True,
    casting='same_kind', order='K', dtype=None, subok=True, signature=None)."""
    import inspect

    P = inspect.Parameter
    names = ["x"] if ufunc.nin == 1 else ["x%d" % (i + 1) for i in range(ufunc.nin)]
    params = [P(n, P.POSITIONAL_ONLY) for n in names]
    params.append(P("out", P.POSITIONAL_OR_KEYWORD,
                    default=None if ufunc.nout == 1 else (None,) * ufunc.nout))
    params += [P(n, P.KEYWORD_ONLY, default=d) for n, d in (
        ("where", True), ("casting", "same_kind"), ("order", "K"), ("dtype", None),
        ("subok", True), ("signature", None))]
    return inspect.Signature(params)


def method_signature_of(method):
    """The signature of a method bound in C++ (ndarray's), self first and positional-only as
    NumPy shows its methods'."""
    sig = signature_of(method)
    if sig is None or not sig.parameters:
        return sig
    params = list(sig.parameters.values())
    first = params[0]
    if first.kind in (first.POSITIONAL_ONLY, first.POSITIONAL_OR_KEYWORD):
        params[0] = first.replace(kind=first.POSITIONAL_ONLY)
        return sig.replace(parameters=params)
    return sig


def bound_signature_of(bound):
    """The signature of a bound method: its method's without self."""
    sig = method_signature_of(bound.__func__)
    if sig is None or not sig.parameters:
        return sig
    first = next(iter(sig.parameters.values()))
    if first.kind == first.POSITIONAL_ONLY:
        return sig.replace(parameters=list(sig.parameters.values())[1:])
    return sig
