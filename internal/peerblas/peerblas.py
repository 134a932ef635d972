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
    kernels need (AVX-512 F, CD, BW, DQ and VL, read from /proc/cpuinfo)
    and the caller did not choose a core: Debian's OpenBLAS 0.3.21 does not
    recognise recent AVX-512 processors (Intel Xeon model 207, AMD Zen 4)
    and falls back to an older kernel (Prescott, Haswell), half or less of
    what the core does. Set OPENBLAS_CORETYPE yourself (e.g. Haswell) or
    PEERBLAS_DEFAULT=1 (OpenBLAS's own choice) to measure another kernel.

report() prints the kernel OpenBLAS then runs: threadpoolctl's view where it
is installed, else openblas_get_corename() of the loaded library (and
OPENBLAS_VERBOSE=2 makes OpenBLAS print it itself at load).
"""
import ctypes
import os
import sys

SKYLAKEX_FLAGS = ("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl")

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
    if all(f in cpu_flags() for f in SKYLAKEX_FLAGS):
        os.environ["OPENBLAS_CORETYPE"] = "SkylakeX"
        _chosen.append("OPENBLAS_CORETYPE=SkylakeX")


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
