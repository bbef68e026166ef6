"""cunp.cuda.compiler: the kernel compiler's names as cupy.cuda.compiler has them.

CompileException is raised when NVRTC rejects a kernel; it carries the compiler's log
(``.log``) and the full source (``.source``).
"""
from cunp import _core
from cunp._core import CompileException


def is_valid_kernel_name(name):
    """Whether `name` can name a kernel (a C identifier)."""
    return isinstance(name, str) and _core.kernels.is_valid_kernel_name(name)


def _numbered(source):
    return ''.join('%4d %s\n' % (n, line) for n, line in enumerate(source.splitlines(), 1))


def _get_message(self):
    return str(self)


def _dump(self, f):
    """Writes the error, then the numbered source, to the text stream `f`."""
    f.write('NVRTC compilation error: %s\n' % self)
    f.write('-----\n')
    f.write('CUDA source:\n')
    f.write(_numbered(getattr(self, 'source', '')))
    f.write('-----\n')


CompileException.get_message = _get_message
CompileException.dump = _dump


class NVCCException(Exception):
    """nvcc failed (compile_with_cache with backend='nvcc')."""


class JitifyException(Exception):
    """Jitify's preprocessing failed (jitify=True)."""


def compile_with_cache(source, options=(), arch=None, cache_dir=None, extra_source=None,
                       backend="nvrtc", *, enable_cooperative_groups=False,
                       name_expressions=None, log_stream=None, jitify=False):
    """Compiles `source` for the current device (or reuses cunp's compile cache) and returns
    a loaded cunp.cuda.function.Module. `arch` and `cache_dir` are accepted for CuPy's
    signature; cunp compiles for the current device's architecture into its own cache
    ($CUNP_CACHE_DIR)."""
    from cunp.cuda.function import Module
    if not isinstance(source, str):
        raise TypeError("source must be a str, not %s" % type(source).__name__)
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError("backend must be 'nvrtc' or 'nvcc', not %r" % (backend,))
    if isinstance(options, str):
        options = (options,)
    if extra_source is not None:
        source = extra_source + "\n" + source
    raw = _core.RawModule(code=source, options=tuple(options), backend=backend,
                          enable_cooperative_groups=enable_cooperative_groups,
                          name_expressions=name_expressions, jitify=jitify)
    raw.compile(log_stream)
    module = Module()
    module._raw = raw
    return module


def _arch_number(arch):
    """CuPy's `arch` ('90', 90, 'sm_90', 'compute_90'; None: the current device's) as an int."""
    if arch is None:
        from cunp.cuda.device import get_compute_capability
        arch = get_compute_capability()
    text = str(arch)
    for prefix in ("sm_", "compute_", "lto_"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    if not text.isdigit():
        raise ValueError("arch must be a compute capability such as '90' or 'sm_90', not %r"
                         % (arch,))
    return int(text)


def _option_tuple(options):
    if isinstance(options, str):
        return (options,)
    options = tuple(options)
    for o in options:
        if not isinstance(o, str):
            raise TypeError("options must be strings, not %s" % type(o).__name__)
    return options


def compile_using_nvrtc(source, options=(), arch=None, filename="kern.cu",
                        name_expressions=None, log_stream=None, cache_in_memory=False,
                        jitify=False, method=None):
    """Compiles `source` with NVRTC for `arch` (the current device's compute capability when
    None) and returns (image, mapping): the image is a cubin, or PTX where this NVRTC cannot
    target `arch` (the driver JIT-compiles it), or PTX for compute_`arch` with method='ptx';
    mapping is {expression: lowered name} for `name_expressions`, else None. cunp's compiler
    adds the toolkit's include directories, as RawModule does. `log_stream` and
    `cache_in_memory` are taken for CuPy's signature."""
    if not isinstance(source, str):
        raise TypeError("source must be a str, not %s" % type(source).__name__)
    if method not in (None, "cubin", "ptx"):
        raise ValueError("method must be 'cubin', 'ptx' or None, not %r" % (method,))
    expressions = [str(e) for e in name_expressions] if name_expressions else []
    if method == "ptx":
        return _nvrtc_ptx(source, _option_tuple(options), _arch_number(arch), filename,
                          expressions)
    image, _, lowered = _core.kernels.compile_image(
        source, list(_option_tuple(options)), expressions, _arch_number(arch), "nvrtc",
        bool(jitify))
    return image, (dict(zip(expressions, lowered)) if expressions else None)


def _nvrtc_ptx(source, options, arch, filename, expressions):
    """PTX for compute_`arch` through NVRTC's own calls, with the toolkit's headers."""
    import os

    from cunp.cuda import get_cuda_path, nvrtc
    options = list(options) + ["--gpu-architecture=compute_%d" % arch]
    if get_cuda_path():
        options.append("-I" + os.path.join(get_cuda_path(), "include"))
    prog = nvrtc.createProgram(source, filename, [], [])
    try:
        for e in expressions:
            nvrtc.addNameExpression(prog, e)
        try:
            nvrtc.compileProgram(prog, options)
        except nvrtc.NVRTCError:
            raise CompileException(nvrtc.getProgramLog(prog)) from None
        ptx = nvrtc.getPTX(prog).rstrip(b"\0")
        mapping = {e: nvrtc.getLoweredName(prog, e) for e in expressions} or None
    finally:
        nvrtc.destroyProgram(prog)
    return ptx, mapping


def compile_using_nvcc(source, options=(), arch=None, filename="kern.cu", code_type="cubin",
                       separate_compilation=False, log_stream=None):
    """Compiles `source` with the toolkit's nvcc for sm_`arch` (the current device's when None)
    and returns the cubin or PTX (`code_type`) as bytes; separate_compilation=True compiles
    relocatable device code (-rdc=true), for a later link (LinkState). NVCCException carries
    nvcc's output."""
    import os
    import subprocess
    import tempfile

    from cunp.cuda import get_nvcc_path
    if not isinstance(source, str):
        raise TypeError("source must be a str, not %s" % type(source).__name__)
    if code_type not in ("cubin", "ptx"):
        raise ValueError("Invalid code_type %s. Should be cubin or ptx" % (code_type,))
    nvcc = get_nvcc_path()
    if not nvcc:
        raise RuntimeError("nvcc was not found: set $NVCC or install the CUDA toolkit")
    number = _arch_number(arch)
    flags = ["-arch=sm_%d" % number if code_type == "cubin" else "-arch=compute_%d" % number,
             "--" + code_type]
    if separate_compilation:
        flags.append("-rdc=true")
    with tempfile.TemporaryDirectory() as root:
        cu_path = os.path.join(root, os.path.basename(filename) or "kern.cu")
        out_path = os.path.splitext(cu_path)[0] + "." + code_type
        with open(cu_path, "w") as f:
            f.write(source)
        cmd = nvcc.split() + flags + list(_option_tuple(options)) + [cu_path, "-o", out_path]
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        if log_stream is not None:
            log_stream.write(done.stdout + done.stderr)
        if done.returncode != 0:
            raise NVCCException("nvcc failed (exit %d): %s\n%s" % (
                done.returncode, " ".join(cmd), (done.stdout + done.stderr).strip()))
        with open(out_path, "rb") as f:
            return f.read()


__all__ = ["CompileException", "JitifyException", "NVCCException", "compile_using_nvcc",
           "compile_using_nvrtc", "compile_with_cache", "is_valid_kernel_name"]
