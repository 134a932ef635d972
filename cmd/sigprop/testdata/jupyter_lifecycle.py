"""Drives the sigprop kernel through jupyter_client's KernelManager, the
class Jupyter's notebook server uses for every kernel, and prints what it
saw as one JSON object on stdout. TestJupyterKernelLifecycle
(jupyter_test.go) checks it; this script asserts nothing itself.

Steps: start the kernel named argv[1]; run a first cell as a new notebook
would (imports lib/meanfield and kernel-ext/show, displays a figure);
%help, a compile error and a completion request as gonb answers them;
interrupt a sleeping cell; run a cell after the interrupt; restart the
kernel and run a cell again; kill it (SIGKILL) and start it again; shut it
down. Process ids are read from
/proc so that the test can check what is left.
"""

import json
import os
import sys
import time

from jupyter_client.manager import KernelManager

FIGURE_CELL = """import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

%%
net := meanfield.Net{Phi: activation.Tanh(), SigmaW2: 2.25, SigmaB2: 0.01}
q := net.QTrajectory(1, 10)
layers := make([]float64, len(q))
for i := range layers {
	layers[i] = float64(i)
}
show.View{show.Fig(show.Figure{ID: "jupyter-new-notebook", Caption: "q-map of a tanh network",
	XLabel: "layer", YLabel: "q", Series: []show.Series{{Name: "tanh", X: layers, Y: q, Style: show.Line}}})}.Show()
"""

SLEEP_CELL = '%%\nfmt.Println("sleeping")\ntime.Sleep(10 * time.Minute)\nfmt.Println("woke up")'
ALIVE_CELL = '%%\nfmt.Println("alive")'


def children(pid):
    """Process ids whose parent is pid."""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            out.append(int(d))
    return out


def alive(pid):
    """Whether pid exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def still_alive(pids, seconds=5):
    """The pids still alive after waiting up to seconds for them to go: a
    SIGKILLed process takes a moment to become a zombie, so an immediate
    look can see it alive."""
    deadline = time.monotonic() + seconds
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def drain(kc, seconds):
    """iopub messages arriving within seconds, as (msg_type, content)."""
    msgs = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            m = kc.get_iopub_msg(timeout=max(0.01, end - time.monotonic()))
        except Exception:
            break
        msgs.append([m["msg_type"], m["content"]])
    return msgs


def execute(kc, code, timeout=300, on_output=None):
    """Runs code; returns the reply content and the cell's iopub messages."""
    outs = []

    def hook(m):
        outs.append([m["msg_type"], m["content"]])
        if on_output:
            on_output(m)

    t0 = time.monotonic()
    reply = kc.execute_interactive(code, timeout=timeout, output_hook=hook)
    c = reply["content"]
    return {"status": c["status"], "execution_count": c.get("execution_count"),
            "ename": c.get("ename", ""), "outputs": outs, "seconds": time.monotonic() - t0}


def start(km):
    t0 = time.monotonic()
    if km.has_kernel:
        km.restart_kernel(now=False)
    else:
        km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=180)
    return kc, time.monotonic() - t0


def main():
    rep = {}
    km = KernelManager(kernel_name=sys.argv[1])
    kc, rep["ready_seconds"] = start(km)
    rep["startup_iopub"] = drain(kc, 1.0)
    relay = km.provisioner.pid
    rep["relay_pid"] = relay
    rep["gonb_pids"] = children(relay)
    rep["figure"] = execute(kc, FIGURE_CELL)
    # Other things gonb does, passed through: %help, a compile error,
    # completion.
    rep["help"] = execute(kc, "%help")
    rep["compile_error"] = execute(kc, "%%\nundefinedFunction()")
    # Completion in a %% cell (a function body). gonb answers "error" until
    # gopls has loaded the packages (some seconds after the kernel starts),
    # then the matches: jupyter_complete.py waits for those.
    code = "%%\nfmt.Prin"
    kc.complete(code, len(code))
    reply = kc.get_shell_msg(timeout=60)
    rep["complete_reply"] = [reply["msg_type"], reply["content"].get("status")]

    # Interrupt a sleeping cell once it printed (it is compiled and runs).
    state = {}

    def on_output(m):
        if m["msg_type"] == "stream" and "sleeping" in m["content"].get("text", "") and "t" not in state:
            state["t"] = time.monotonic()
            km.interrupt_kernel()

    rep["interrupted"] = execute(kc, SLEEP_CELL, timeout=120, on_output=on_output)
    rep["interrupt_to_reply_seconds"] = time.monotonic() - state["t"] if "t" in state else None
    rep["after_interrupt"] = execute(kc, ALIVE_CELL)

    kc.stop_channels()
    kc, rep["restart_seconds"] = start(km)
    rep["old_relay_alive_after_restart"] = alive(relay)
    rep["old_gonb_alive_after_restart"] = still_alive(rep["gonb_pids"])
    rep["new_relay_pid"] = km.provisioner.pid
    rep["after_restart"] = execute(kc, FIGURE_CELL)

    # Jupyter's last resort, SIGKILL to the kernel's process group: gonb
    # goes with the relay, its TMPDIR stays until the next kernel starts.
    relay = km.provisioner.pid
    gonb = children(relay)
    kc.stop_channels()
    km.shutdown_kernel(now=True)
    rep["killed_alive"] = still_alive([relay] + gonb)
    rep["tmpdir_after_kill"] = sorted(os.listdir(os.environ["TMPDIR"]))
    km = KernelManager(kernel_name=sys.argv[1])  # the old one's context is closed
    kc, _ = start(km)
    rep["after_kill"] = execute(kc, ALIVE_CELL)

    relay = km.provisioner.pid
    rep["new_gonb_pids"] = children(relay)
    proc = km.provisioner.process
    t0 = time.monotonic()
    km.shutdown_kernel(now=False)
    rep["shutdown_seconds"] = time.monotonic() - t0
    rep["relay_exit_code"] = proc.poll()
    kc.stop_channels()
    rep["alive_after_shutdown"] = still_alive([relay] + rep["new_gonb_pids"])
    json.dump(rep, sys.stdout)


main()
