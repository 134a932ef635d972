"""Asks the sigprop kernel for completion and hover docs through
jupyter_client's KernelManager, as Jupyter's notebook page does when one
presses Tab or Shift-Tab, and prints what it got as one JSON object on
stdout. TestJupyterCompletionAndHover (jupyter_test.go) checks it; this
script asserts nothing itself.

Steps: start the kernel named argv[1]; ask for a completion at once and
time it; run a cell that imports sigprop's
lib/meanfield (gonb keeps the import for later cells); send a
complete_request on `meanfield.` and an inspect_request on argv[2] (a
function of lib/meanfield), each repeated until gonb answers with matches
or data (gopls loads the packages when first asked; until then gonb
answers empty) or argv[3] seconds pass; shut the kernel down.
"""

import json
import sys
import time

from jupyter_client.manager import KernelManager

IMPORT_CELL = """import (
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

%%
net := meanfield.Net{Phi: activation.Tanh(), SigmaW2: 2.25, SigmaB2: 0.01}
q, err := net.QStar()
fmt.Println(q, err)
"""


def shell_reply(kc, msg_id, timeout):
    """The shell reply to msg_id (earlier replies are skipped)."""
    end = time.monotonic() + timeout
    while True:
        m = kc.get_shell_msg(timeout=max(0.1, end - time.monotonic()))
        if m["parent_header"].get("msg_id") == msg_id:
            return m


def until(ask, answered, seconds):
    """Calls ask() until answered(reply content) or seconds pass; returns
    the last reply's type and content, the number of requests and the time
    taken."""
    t0 = time.monotonic()
    n = 0
    while True:
        n += 1
        m = ask()
        if answered(m["content"]) or time.monotonic() - t0 > seconds:
            return {"type": m["msg_type"], "content": m["content"], "requests": n, "seconds": time.monotonic() - t0}
        time.sleep(1)


def main():
    name, func, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    rep = {}
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=180)
    # The first completion right after start-up, as a user pressing Tab
    # at once: timed, answered with matches or a "loading" answer.
    code = 'import "github.com/sigprop/sigprop/lib/meanfield"\n\n%%\nmeanfield.'
    t0 = time.monotonic()
    m = shell_reply(kc, kc.complete(code, len(code)), 60)
    rep["first_complete"] = {"type": m["msg_type"], "content": m["content"], "seconds": time.monotonic() - t0}
    outs = []
    reply = kc.execute_interactive(IMPORT_CELL, timeout=300, output_hook=lambda m: outs.append([m["msg_type"], m["content"]]))
    rep["import_cell"] = {"status": reply["content"]["status"], "outputs": outs}

    code = "%%\nmeanfield."
    rep["complete"] = until(lambda: shell_reply(kc, kc.complete(code, len(code)), 60),
                            lambda c: len(c.get("matches", [])) > 0, seconds)
    rep["complete"]["code"] = code

    code = "%%\nw, q, err := meanfield." + func + "(activation.Tanh(), 0.05)"
    pos = code.index(func) + 2  # inside the function's name
    rep["inspect"] = until(lambda: shell_reply(kc, kc.inspect(code, pos), 60),
                           lambda c: c.get("found") and len(c.get("data", {})) > 0, seconds)
    rep["inspect"]["code"] = code

    # Hover with the cursor just after the name (Shift-Tab once it is typed).
    code = "%%\nw, q, err := meanfield." + func
    rep["inspect_end"] = until(lambda: shell_reply(kc, kc.inspect(code, len(code)), 60),
                               lambda c: c.get("found") and len(c.get("data", {})) > 0, seconds)
    rep["inspect_end"]["code"] = code

    kc.stop_channels()
    km.shutdown_kernel(now=False)
    json.dump(rep, sys.stdout)


main()
