"""Run a numpy or PyTorch peer of a sigprop benchmark at its best here.

The peers (lib/*/testdata/bench_*.py) import this module before numpy or
torch and call best(), then report() once the library is loaded:

    import peerblas
    peerblas.best()
    import numpy as np
    peerblas.report()

OpenBLAS reads OPENBLAS_CORETYPE and OPENBLAS_NUM_THREADS once, when it is
loaded, so setting them in os.environ before the import changes this
process only (never the Go tests or CI):

  - OPENBLAS_NUM_THREADS=1 unless the caller set it: the Go benchmarks the
    peers answer run on one core.
  - OPENBLAS_CORETYPE=SkylakeX where the CPU has what OpenBLAS's SkylakeX
    kernels need (AVX-512 F, CD, BW, DQ and VL, read from /proc/cpuinfo),
    OpenBLAS's own choice (asked of the library in a child process, which
    loads it alone in a few milliseconds) is not an AVX-512 kernel, and the
    caller did not choose a core: Debian's OpenBLAS 0.3.21 does not
    recognise some AVX-512 processors (on an Intel Xeon of model 207 it
    falls back to Prescott, a fifth of what the core does), while on others
    it picks an AVX-512 kernel itself (Cooperlake on an AMD Zen 4) and is
    left alone. Set OPENBLAS_CORETYPE yourself (e.g. Haswell) or
    PEERBLAS_DEFAULT=1 (OpenBLAS's own choice) to measure another kernel.

report() prints the kernel OpenBLAS then runs: threadpoolctl's view where it
is installed, else openblas_get_corename() of the loaded library (and
OPENBLAS_VERBOSE=2 makes OpenBLAS print it itself at load).
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys

SKYLAKEX_FLAGS = ("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl")

# OpenBLAS cores whose double-precision kernels use AVX-512 (the SkylakeX
# kernels or later ones).
AVX512_CORES = {"skylakex", "cooperlake", "sapphirerapids"}

_PROBE = """
import ctypes, ctypes.util, sys
name = ctypes.util.find_library("openblas")
if name:
    lib = ctypes.CDLL(name)
    lib.openblas_get_corename.restype = ctypes.c_char_p
    sys.stdout.write(lib.openblas_get_corename().decode())
"""

_chosen = []


def cpu_flags():
    """The CPU flags /proc/cpuinfo lists (empty where there is none)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def best():
    """Set OpenBLAS's thread count and core type for this process (see the
    module doc); call before importing numpy or torch."""
    if "numpy" in sys.modules or "torch" in sys.modules:
        raise RuntimeError("peerblas.best() must run before numpy or torch is imported")
    if "OPENBLAS_NUM_THREADS" not in os.environ:
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
        _chosen.append("OPENBLAS_NUM_THREADS=1")
    if os.environ.get("PEERBLAS_DEFAULT") == "1" or "OPENBLAS_CORETYPE" in os.environ:
        return
    if not all(f in cpu_flags() for f in SKYLAKEX_FLAGS):
        return
    own = default_core()
    if own is not None and own.lower() in AVX512_CORES:
        _chosen.append(f"nothing for the core (OpenBLAS chose {own} itself)")
        return
    os.environ["OPENBLAS_CORETYPE"] = "SkylakeX"
    _chosen.append(f"OPENBLAS_CORETYPE=SkylakeX (OpenBLAS alone chose {own or 'an unknown core'})")


def default_core():
    """The core OpenBLAS picks by itself on this machine (None when it
    cannot be asked: no libopenblas found, or the probe failed)."""
    if ctypes.util.find_library("openblas") is None:
        return None
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_VERBOSE")}
    env["OPENBLAS_NUM_THREADS"] = "1"
    try:
        out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def _openblas_paths():
    paths = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                p = line.split()[-1]
                if "openblas" in p.lower() and p.startswith("/") and p not in paths:
                    paths.append(p)
    except OSError:
        pass
    return paths


def report(file=sys.stdout):
    """Print the OpenBLAS kernel and thread count this process runs."""
    set_here = ", ".join(_chosen) or "nothing (the caller's environment)"
    lines = []
    try:
        from threadpoolctl import threadpool_info

        for i in threadpool_info():
            if i.get("internal_api") == "openblas":
                lines.append(f"OpenBLAS {i.get('version')}: kernel {i.get('architecture')}, "
                             f"{i.get('num_threads')} threads ({i.get('filepath')})")
    except ImportError:
        pass
    if not lines:
        for p in _openblas_paths():
            try:
                lib = ctypes.CDLL(p)
                lib.openblas_get_corename.restype = ctypes.c_char_p
                lib.openblas_get_num_threads.restype = ctypes.c_int
                lines.append(f"OpenBLAS: kernel {lib.openblas_get_corename().decode()}, "
                             f"{lib.openblas_get_num_threads()} threads ({p})")
            except (OSError, AttributeError):
                continue
    if not lines:
        lines.append("no OpenBLAS loaded in this process (the peer's BLAS is another library)")
    for s in lines:
        print(f"peerblas: {s}; set here: {set_here}", file=file)
