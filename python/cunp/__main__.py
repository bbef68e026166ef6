"""python -m cunp --cmake-dir | --include-dir: where the installed package keeps what a C++
project needs to use libcunp (find_package(cunp) looks in the CMake directory)."""
import argparse
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m cunp", description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--cmake-dir", action="store_true",
                       help="the directory of cunpConfig.cmake (pass it as cunp_DIR, or its "
                            "parent as CMAKE_PREFIX_PATH)")
    group.add_argument("--include-dir", action="store_true", help="the C++ headers' directory")
    args = ap.parse_args(argv)
    print(os.path.join(_HERE, "lib", "cmake", "cunp") if args.cmake_dir
          else os.path.join(_HERE, "include"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
