"""docs/architecture.md names code as `path:function`: every such reference still resolves, so the
page fails CI when the code moves instead of going stale. Needs no GPU."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
SOURCE_DIRS = ("src", "include", "python", "cmake", "tools", "bench", "tests", "examples")
# `file.ext` or `dir/file.ext`, optionally `:symbol`, `:Class::member` or `:symbol()`.
REFERENCE = re.compile(r"`((?:[\w.-]+/)*[\w.-]+\.(?:cpp|hpp|cuh|cu|py|cmake|inc))"
                       r"(?::([A-Za-z_~][\w:~]*)(?:\(\))?)?`")


def _files_named(name):
    return [p for d in SOURCE_DIRS for p in (ROOT / d).rglob(name) if p.is_file()]


def _resolve(path):
    """The files a reference may mean: its own path, or for a bare file name every file of that
    name (the page names a file in full once, then by its name)."""
    if "/" in path:  # from the repository's root, or an include path (`cunp/ops/x.hpp`)
        return [p for p in (ROOT / path, ROOT / "include" / path) if p.is_file()][:1]
    return _files_named(path)


def _defines(text, symbol):
    return all(re.search(rf"(?<![\w]){re.escape(part)}(?![\w])", text)
               for part in symbol.split("::") if part)


def test_every_path_and_function_in_the_architecture_page_resolves():
    refs = REFERENCE.findall(DOC.read_text())
    assert len(refs) > 50, "the page's references were not found: has the format changed?"
    broken = []
    for path, symbol in refs:
        candidates = _resolve(path)
        if not candidates:
            broken.append(f"{path}: no such file")
        elif symbol and not any(_defines(p.read_text(errors="replace"), symbol)
                                for p in candidates):
            broken.append(f"{path}:{symbol}: not found in {[str(p.relative_to(ROOT)) for p in candidates]}")
    assert not broken, "docs/architecture.md names code that is gone:\n" + "\n".join(broken)
