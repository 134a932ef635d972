package main

import (
	"fmt"
	"github.com/sigprop/sigprop/reports/kernel"
	"io"
	"os"
)

const usage = `usage:
  sigprop report [--out DIR] [--jobs N] [--timeout D] [--notebook-timeout D] [--stop-on-timeout] [--stop-on-error] [--no-cache] [--profile] [NOTEBOOK...]
  sigprop report [-p NAME=VALUE ...] [--params FILE] [--out DIR] [...] NOTEBOOK
  sigprop eval NAME [key=value ...]
  sigprop eval --list [--json]
  sigprop diff [--rtol R] [--atol A] [--json] [--fail-on figures|metrics] [--out DIR] A B
  sigprop sweep plan|run|status|submit|generate DIR ...   (sigprop sweep --help)
  sigprop kernel install
  sigprop kernel run --module DIR --connection-file FILE
`

// exitError carries an exit status through a command's error return.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func main() {
	kernel.BuildLog = os.Stderr // a first run says it is building the kernel's tools
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "eval":
		err = cmdEval(args[1:], stdout)
	case "report":
		err = cmdReport(args[1:], stdout, stderr)
	case "diff":
		err = cmdDiff(args[1:], stdout, stderr)
	case "kernel":
		err = cmdKernel(args[1:], stdout, stderr)
	case "sweep":
		err = cmdSweep(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "sigprop: unknown command %q\n%s", args[0], usage)
		return 2
	}
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "sigprop %s: %v\n", args[0], err)
	if e, ok := err.(*exitError); ok {
		return e.code
	}
	return 2
}
