"""Writes the .pyi stubs of cunp._core at build time, from the module just built.

nanobind's stubgen imports the module it describes. The built extension sits in the build
directory, away from the cunp package, so a bare `cunp` package pointing at that directory
stands in for the real one: `cunp._core` imports without cunp's Python side (which would need
the installed package). Runs offline; needs no GPU (importing _core touches no device).

    python stubgen.py BUILD_DIR OUTPUT_DIR
"""
import sys
import types

build_dir, output_dir = sys.argv[1], sys.argv[2]
package = types.ModuleType("cunp")
package.__path__ = [build_dir]
sys.modules["cunp"] = package

try:
    from nanobind.stubgen import main

    main(["-q", "-r", "-m", "cunp._core", "-O", output_dir])
except Exception as e:  # noqa: BLE001 - stubs are for editors; a build never fails on them
    print(f"warning: no .pyi stubs for cunp._core: {type(e).__name__}: {e}", file=sys.stderr)
