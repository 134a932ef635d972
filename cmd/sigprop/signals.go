package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stopSignals stop `sigprop report` and `sigprop diff` cleanly: SIGINT
// (Ctrl-C), SIGTERM (timeout, a CI cancel, docker stop) and SIGHUP (the
// terminal closed). Each ends the kernels, the cells' programs and diff's
// worktree reports before the command exits.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// stopContext returns a context cancelled by the first of stopSignals,
// a function returning that signal (nil if none came), and stop, which
// restores the default handling. Later signals are absorbed until stop:
// the cleanup in progress must not be cut short.
func stopContext() (ctx context.Context, got func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, stopSignals...)
	var mu sync.Mutex
	var first os.Signal
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-ch:
				mu.Lock()
				if first == nil {
					first = s
				}
				mu.Unlock()
				cancel()
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() os.Signal {
			mu.Lock()
			defer mu.Unlock()
			return first
		}, func() {
			once.Do(func() {
				signal.Stop(ch)
				close(done)
				cancel()
			})
		}
}

// interrupted is the error of a command stopped by signal s: exit status
// 128 + the signal's number, as a shell reports a process killed by it.
func interrupted(s os.Signal, what string) error {
	code := 130
	if n, ok := s.(syscall.Signal); ok {
		code = 128 + int(n)
	}
	return &exitError{code: code, err: &signalError{sig: s, what: what}}
}

type signalError struct {
	sig  os.Signal
	what string
}

func (e *signalError) Error() string { return "stopped by " + e.sig.String() + ": " + e.what }
