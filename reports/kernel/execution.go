package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"
)

// idleGrace is how long Wait keeps waiting for the iopub "idle" status once
// the reply has arrived. gonb always publishes it, but iopub is lossy by
// design (PUB/SUB), so a lost status must not hang the client.
const idleGrace = 5 * time.Second

// Execution collects what the kernel sends in answer to one request: the
// reply on the shell or control channel and, for execute_request, the
// iopub messages whose parent is the request, in arrival order.
type Execution struct {
	ID string // msg_id of the request

	k        *Kernel
	waitIdle bool

	mu    sync.Mutex
	msgs  []*Message
	reply *Message
	idle  bool
	done  chan struct{}
	once  sync.Once

	// For Timing: when the request was sent and completed, and the CPU
	// time of gonb's tree then (read for execute requests only).
	sent, doneAt time.Time
	cpu0, cpu1   time.Duration
	cpuKnown     bool
	cpu1Known    bool
}

func newExecution(k *Kernel, id string, waitIdle bool) *Execution {
	e := &Execution{ID: id, k: k, waitIdle: waitIdle, done: make(chan struct{})}
	if waitIdle {
		e.cpu0, e.cpuKnown = k.CPU()
	}
	e.sent = time.Now()
	return e
}

// add records a message routed to this execution.
func (e *Execution) add(channel string, m *Message) {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case channel == "iopub" && m.Type() == "status":
		var s struct {
			ExecutionState string `json:"execution_state"`
		}
		if json.Unmarshal(m.Content, &s) == nil && s.ExecutionState == "idle" {
			e.idle = true
		}
	case channel == "iopub":
		e.msgs = append(e.msgs, m)
	case channel == "shell" || channel == "control":
		if e.reply == nil {
			e.reply = m
			if e.waitIdle && !e.idle {
				time.AfterFunc(idleGrace, e.finish)
			}
		}
	}
	if e.reply != nil && (e.idle || !e.waitIdle) {
		e.finish()
	}
}

func (e *Execution) finish() {
	e.once.Do(func() {
		e.doneAt = time.Now()
		if e.waitIdle {
			e.cpu1, e.cpu1Known = e.k.CPU()
		}
		close(e.done)
	})
}

// Done is closed when the execution is complete: reply received and, for
// execute requests, the kernel back to idle.
func (e *Execution) Done() <-chan struct{} { return e.done }

// Wait blocks until the execution is complete (nil), ctx ends (ctx.Err()),
// or the kernel dies (an error wrapping ErrDied). After a ctx timeout the
// execution is still registered: interrupt the kernel and Wait again to
// collect the rest.
func (e *Execution) Wait(ctx context.Context) error {
	select {
	case <-e.done:
		e.k.forget(e.ID)
		return nil
	default:
	}
	select {
	case <-e.done:
		e.k.forget(e.ID)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-e.k.dead:
		// Messages already received are kept; the reply will never come.
		select {
		case <-e.done:
			return nil
		default:
		}
		return e.k.deathError(fmt.Sprintf("while waiting for %s", e.ID))
	}
}

// Messages returns the iopub messages received so far (status messages
// excluded), in arrival order.
func (e *Execution) Messages() []*Message {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]*Message(nil), e.msgs...)
}

// Reply returns the reply message, or nil if it has not arrived.
func (e *Execution) Reply() *Message {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.reply
}

// ExecuteReply is the content of an execute_reply.
type ExecuteReply struct {
	Status         string   `json:"status"` // "ok", "error" or "aborted"
	ExecutionCount *int     `json:"execution_count"`
	EName          string   `json:"ename"`
	EValue         string   `json:"evalue"`
	Traceback      []string `json:"traceback"`
}

// ExecuteReply decodes the reply; ok is false if none has arrived.
func (e *Execution) ExecuteReply() (r ExecuteReply, ok bool) {
	m := e.Reply()
	if m == nil {
		return r, false
	}
	return r, m.Decode(&r) == nil
}
