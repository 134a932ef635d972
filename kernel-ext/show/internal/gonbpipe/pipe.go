package gonbpipe

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// Pipe is a connection to the gonb kernel: a gob stream of
// protocol.DisplayData to it and one of protocol.CommValue back. Its
// methods are safe for concurrent use; each call holds the Pipe for its
// whole exchange.
type Pipe struct {
	mu sync.Mutex

	// open returns the two ends; FromEnv opens the FIFOs, New returns
	// the given ends. It is called once, at the first Send.
	open   func() (io.WriteCloser, io.ReadCloser, error)
	opened bool
	w      io.WriteCloser
	r      io.ReadCloser
	enc    *gob.Encoder
	dec    *gob.Decoder

	nextSync int   // id of the next Sync request
	err      error // first error on either pipe; sticky
}

// FromEnv returns the Pipe to the kernel that started this program, nil
// when $GONB_PIPE is unset or empty (not in a notebook). The FIFOs named
// by $GONB_PIPE and $GONB_PIPE_BACK are opened at the first Send.
func FromEnv() *Pipe {
	out := os.Getenv(protocol.GONB_PIPE_ENV)
	if out == "" {
		return nil
	}
	back := os.Getenv(protocol.GONB_PIPE_BACK_ENV)
	return &Pipe{open: func() (io.WriteCloser, io.ReadCloser, error) {
		w, err := os.OpenFile(out, os.O_WRONLY, 0)
		if err != nil {
			return nil, nil, fmt.Errorf("gonbpipe: opening $%s for writing: %w", protocol.GONB_PIPE_ENV, err)
		}
		if back == "" {
			w.Close()
			return nil, nil, fmt.Errorf("gonbpipe: $%s is set but $%s is not", protocol.GONB_PIPE_ENV, protocol.GONB_PIPE_BACK_ENV)
		}
		r, err := os.OpenFile(back, os.O_RDONLY, 0)
		if err != nil {
			w.Close()
			return nil, nil, fmt.Errorf("gonbpipe: opening $%s for reading: %w", protocol.GONB_PIPE_BACK_ENV, err)
		}
		return w, r, nil
	}}
}

// New returns a Pipe that writes display data to w and reads the
// kernel's replies from r: the two ends of a kernel other than one named
// by the environment (a test's). Close closes both.
func New(w io.WriteCloser, r io.ReadCloser) *Pipe {
	return &Pipe{open: func() (io.WriteCloser, io.ReadCloser, error) { return w, r, nil }}
}

// Send writes d to the kernel and returns without waiting for it to be
// displayed (see Sync). It returns the Pipe's error, if any, and sends
// nothing after one.
func (p *Pipe) Send(d *protocol.DisplayData) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sendLocked(d)
}

// Sync returns once the kernel has acknowledged everything sent before
// it, or with the Pipe's error: one that occurred before, a failure to
// send the request, or a failure to read the reply (the kernel closed
// $GONB_PIPE_BACK before acknowledging it, for one).
func (p *Pipe) Sync() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	id := p.nextSync
	p.nextSync++
	req := &protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMECommValue: &protocol.CommValue{Address: protocol.GonbuiSyncAddress, Value: id},
	}}
	if err := p.sendLocked(req); err != nil {
		return err
	}
	for {
		var v protocol.CommValue
		if err := p.dec.Decode(&v); err != nil {
			return p.failLocked(fmt.Errorf("gonbpipe: waiting for the acknowledgement of sync %d on $%s: %w", id, protocol.GONB_PIPE_BACK_ENV, err))
		}
		if got, ok := v.Value.(int); ok && v.Address == protocol.GonbuiSyncAckAddress && got == id {
			return nil
		}
	}
}

// Show sends d and then syncs: d is displayed when Show returns nil.
func (p *Pipe) Show(d *protocol.DisplayData) error {
	if err := p.Send(d); err != nil {
		return err
	}
	return p.Sync()
}

// Err returns the Pipe's error: the first failure to open, write or read
// either pipe, nil if there was none.
func (p *Pipe) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Close closes both ends if they are open. Later calls return an error.
func (p *Pipe) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = errors.New("gonbpipe: pipe closed")
	}
	return p.closeLocked()
}

// sendLocked opens the pipes if needed and encodes d.
func (p *Pipe) sendLocked(d *protocol.DisplayData) error {
	if p.err != nil {
		return p.err
	}
	if !p.opened {
		p.opened = true
		w, r, err := p.open()
		if err != nil {
			return p.failLocked(err)
		}
		p.w, p.r = w, r
		p.enc, p.dec = gob.NewEncoder(w), gob.NewDecoder(r)
	}
	if err := p.enc.Encode(d); err != nil {
		return p.failLocked(fmt.Errorf("gonbpipe: writing to $%s: %w", protocol.GONB_PIPE_ENV, err))
	}
	return nil
}

// failLocked records err as the Pipe's error, closes both ends and
// returns err.
func (p *Pipe) failLocked(err error) error {
	p.err = err
	p.closeLocked()
	return err
}

// closeLocked closes the open ends, returning the first error.
func (p *Pipe) closeLocked() error {
	var errs []error
	if p.w != nil {
		errs = append(errs, p.w.Close())
		p.w = nil
	}
	if p.r != nil {
		errs = append(errs, p.r.Close())
		p.r = nil
	}
	return errors.Join(errs...)
}
